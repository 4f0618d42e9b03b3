"""Fill the catalogues from a translations file, or list what is still untranslated.

    .venv/bin/python tools/i18n_fill.py todo              the msgids German still lacks, as a JSON list
    .venv/bin/python tools/i18n_fill.py FILE.json         write the translations of FILE into every language's .po

FILE holds ``{"de": {msgid: text, ...}, "fr": {...}, ...}``; a msgid with a context is written ``context\\x04msgid``,
a plural's text is a list of forms (English order: one, other; extra forms repeat the last). Run ``tools/i18n.sh``
first so the msgids are in the catalogues; then ``tests/ui/test_catalogues.py`` says what is left.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

LOCALE = Path(__file__).resolve().parents[1] / "ui" / "i18n" / "locale"
LANGS = ["de", "fr", "es", "pt_BR", "it", "pl", "ja"]


def todo() -> list[str]:
    with (LOCALE / "de/LC_MESSAGES/messages.po").open("rb") as f:
        catalogue = read_po(f)
    out = []
    for m in catalogue:
        missing = not m.string or (isinstance(m.string, tuple) and not all(m.string))
        if m.id and missing:
            msgid = m.id if isinstance(m.id, str) else m.id[0]
            out.append((m.context + "\x04" if m.context else "") + msgid)
    return out


def fill(translations: dict[str, dict[str, str | list[str]]]) -> None:
    for code in LANGS:
        path = LOCALE / code / "LC_MESSAGES/messages.po"
        with path.open("rb") as f:
            catalogue = read_po(f)
        written = 0
        for key, text in translations.get(code, {}).items():
            context, _, msgid = key.rpartition("\x04")
            m = catalogue.get(msgid, context=context or None)
            if m is None:
                print(code, "not in the catalogue:", key)
                continue
            if isinstance(m.id, (list, tuple)):
                forms = text if isinstance(text, list) else [text]
                if catalogue.num_plurals == 1:
                    forms = [forms[-1]]
                m.string = tuple((forms + [forms[-1]] * 3)[:catalogue.num_plurals])
            else:
                m.string = text if isinstance(text, str) else text[0]
            m.flags.discard("fuzzy")
            written += 1
        with path.open("wb") as f:
            write_po(f, catalogue, width=120, sort_by_file=True)
        print(code, written)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    if sys.argv[1] == "todo":
        print(json.dumps(todo(), ensure_ascii=False, indent=0))
    else:
        fill(json.loads(Path(sys.argv[1]).read_text()))
