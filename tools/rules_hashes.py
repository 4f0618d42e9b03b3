"""Stamp a rules translation with the hashes of the English sections it translates (ui/i18n/rules_docs.py).

    .venv/bin/python tools/rules_hashes.py GAME CODE     after bringing logic/GAME/rules_texts/CODE.md up to date
    .venv/bin/python tools/rules_hashes.py GAME          the English sections of GAME and their hashes

Run it only once the translation says what the English now says: the hash is the translator's word that section
N of the file matches section N of the English (tests/ui/test_rules_translations.py checks the rest).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from logic.registry import get_game  # noqa: E402
from ui.i18n.rules_docs import sections, translation_path  # noqa: E402

HEADING = re.compile(r"^(#{1,6} .*?)(\s*<!-- en:[0-9a-f]+ -->)?$")


def stamp(game_key: str, code: str) -> None:
    english = [s for s in sections(get_game(game_key).rules_markdown()) if s.level]
    path = translation_path(game_key, code)
    lines = path.read_text(encoding="utf-8").splitlines()
    heads = [i for i, line in enumerate(lines) if line.startswith("#")]
    if len(heads) != len(english):
        sys.exit(f"{path}: {len(heads)} headings, the English has {len(english)}")
    for index, section in zip(heads, english, strict=True):
        head = HEADING.match(lines[index])
        assert head is not None
        lines[index] = f"{head.group(1)} <!-- en:{section.digest()} -->"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(args: list[str]) -> None:
    if len(args) == 2:
        stamp(args[0], args[1])
    elif len(args) == 1:
        for s in sections(get_game(args[0]).rules_markdown()):
            print(s.digest(), "#" * s.level, s.title)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
