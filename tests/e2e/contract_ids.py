"""The tester contract names every ``data-testid`` a page shows (docs/contract*.md: the contract is public API).

The contract writes an id as code (`` `btn-start` ``) or as a pattern: ``N`` for a number (`` `seat-N` ``,
`` `btn-add-bot-N` ``), ``<…>`` for a code, a key or a name (`` `resume-<CODE>` ``, `` `opt-<option>` ``), ``…`` or
``*`` for any ending (`` `my-…` ``), one capital letter for a seat's number (`` `discard-S-N` ``), ``a|b`` for
choices (`` `stat-<game>-games|wins` ``); an id written with a number (`` `seat-0` … `seat-5` ``) stands for any
number there. The page walks that see many screens (tests/e2e/pseudo_screens.py) gather the ids they meet and check them
here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path

DOCS = Path(__file__).resolve().parents[2] / "docs"  # contract.md and the games' own pages, contract-rummy.md …
CODE = re.compile(r"`([^`\s]+)`")
# every data-testid on the page now (shown or not: a folded panel's ids are part of the contract too)
TESTIDS_JS = "() => [...document.querySelectorAll('[data-testid]')].map(e => e.dataset.testid)"


def _pattern(token: str) -> str:
    """A contract token as a regular expression for whole ids."""
    parts = re.split(r"(<[^>]*>|…|\*)", token)  # <CODE>, <option>, <seat>; any ending
    out = []
    for part in parts:
        if part.startswith("<") or part in ("…", "*"):
            out.append("[^ ]+" if part.startswith("<") else ".*")
            continue
        out.append("-".join(_piece(piece, i) for i, piece in enumerate(part.split("-"))))
    return "".join(out)


def _piece(piece: str, i: int) -> str:
    """One dash-separated piece of an id: a number's place (``N``, ``S`` for a seat, or a number after the first
    piece: seat-0 stands for seat-5 too), choices (``games|wins|rate``) or itself."""
    if i and (re.fullmatch(r"[A-Z]", piece) or piece.isdigit()):
        return r"\d+"
    if "|" in piece:
        return "(?:" + "|".join(re.escape(choice) for choice in piece.split("|")) + ")"
    return re.escape(piece)


@cache
def _documented() -> re.Pattern[str]:
    text = "\n".join(page.read_text(encoding="utf-8") for page in sorted(DOCS.glob("contract*.md")))
    tokens = {token for token in CODE.findall(text) if re.match(r"[a-z]", token)}
    tokens |= set(re.findall(r'data-testid="?([a-z][\w-]*)', text))  # `data-testid="hand"`, `data-testid=stats`
    return re.compile("(?:" + "|".join(sorted(_pattern(token) for token in tokens)) + ")")


def undocumented(ids: Iterable[str]) -> list[str]:
    """The ids that no id or pattern of docs/contract*.md names."""
    documented = _documented()
    return sorted({i for i in ids if i and not documented.fullmatch(i)})
