"""A game's long rules (Markdown) in the viewer's language.

The English stays the source, in ``logic/<game>/rules_text.py`` (``game.rules_markdown()``). Each translation is a
Markdown file ``logic/<game>/rules_texts/<code>.md`` (``de.md``, ``pt_BR.md``…): whole documents, not catalogue
messages, because a rules page is written and read as one text. After each heading a translation carries the hash
of the English section it translates (``## Ziel <!-- en:1a2b3c4d5e -->``): when the English changes,
``tests/ui/test_rules_translations.py`` names the file and the section to bring up to date, and
``tools/rules_hashes.py`` stamps the new hashes once it is done. A language without a file reads the English.

The step-by-step examples (logic/<game>/examples.py: titles, intros, one line per step) are short texts, kept in
``logic/<game>/rules_texts/examples.json`` as ``{code: {English: translation}}``; the test checks that every
English text of every example has its translation in every language.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from logic.game import AnyGame
from ui.i18n.catalogs import ACCENTED, pseudo
from ui.i18n.languages import PSEUDO
from ui.i18n.viewer import viewer_language

LOGIC = Path(__file__).resolve().parents[2] / "logic"
HASH_LEN = 10
_HEADING = re.compile(r"^(#{1,6}) (.*)$")
_HASH = re.compile(r"\s*<!-- en:([0-9a-f]+) -->")
_COMMENT = re.compile(r"[ \t]*<!--.*?-->", re.S)


@dataclass(frozen=True)
class Section:
    """A heading and the text up to the next heading (``level`` 0: the text before the first heading)."""

    level: int
    title: str
    body: str
    source_hash: str | None = None  # a translation's note of the English section it translates

    def digest(self) -> str:
        text = f"{'#' * self.level} {self.title}\n{self.body.strip()}"
        return hashlib.sha256(text.encode()).hexdigest()[:HASH_LEN]


def sections(markdown: str) -> list[Section]:
    """``markdown`` cut at its headings (ATX headings outside fenced code; our rules have no code)."""
    found: list[Section] = []
    level, title, marked, body = 0, "", None, []
    for line in markdown.splitlines():
        head = _HEADING.match(line)
        if head is None:
            body.append(line)
            continue
        if level or "\n".join(body).strip():
            found.append(Section(level, title, "\n".join(body), marked))
        mark = _HASH.search(head.group(2))
        level, marked, body = len(head.group(1)), mark.group(1) if mark else None, []
        title = _HASH.sub("", head.group(2)).strip()
    if level or "\n".join(body).strip():
        found.append(Section(level, title, "\n".join(body), marked))
    return found


def translation_path(game_key: str, code: str) -> Path:
    return LOGIC / game_key / "rules_texts" / f"{code}.md"


@lru_cache(maxsize=64)
def translated(game_key: str, code: str) -> str | None:
    """The rules of ``game_key`` in ``code`` without the hash notes, or None when there is no such file."""
    path = translation_path(game_key, code)
    if not path.is_file():
        return None
    return _COMMENT.sub("", path.read_text(encoding="utf-8"))


# what a pseudo-language document keeps as it is: link targets, code, HTML, placeholders
_KEEP = re.compile(r"(\]\([^)]*\)|`[^`]*`|<[^>]*>|\{[^{}]*\})")


def pseudo_markdown(markdown: str) -> str:
    """The English document in the pseudo-language: every letter of its text accented (a whole document is not a
    catalogue message, so no brackets, which Markdown would read as links), its syntax and link targets untouched."""
    return "".join(p if _KEEP.fullmatch(p) else p.translate(ACCENTED) for p in _KEEP.split(markdown))


def rules_markdown(game: AnyGame) -> str:
    """The game's rules in the viewer's language (English when that language has no translation; accented in the
    pseudo-language, so a walk in it sees the page's own texts apart from the document)."""
    code = viewer_language()
    if code == PSEUDO:
        return pseudo_markdown(game.rules_markdown())
    return translated(game.key, code) or game.rules_markdown()


def examples_path(game_key: str) -> Path:
    return LOGIC / game_key / "rules_texts" / "examples.json"


@lru_cache(maxsize=8)
def example_texts(game_key: str) -> dict[str, dict[str, str]]:
    """Language code -> {English text of an example: its translation} for ``game_key`` (empty without a file)."""
    path = examples_path(game_key)
    if not path.is_file():
        return {}
    found: dict[str, dict[str, str]] = json.loads(path.read_text(encoding="utf-8"))
    return found


def example_text(game_key: str, english: str) -> str:
    """An example's title, intro or step line in the viewer's language (the English when it has no translation)."""
    code = viewer_language()
    if code == PSEUDO:
        return pseudo(english)
    return example_texts(game_key).get(code, {}).get(english, english)
