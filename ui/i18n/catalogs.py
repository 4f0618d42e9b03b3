"""The catalogues: ``ui/i18n/locale/<code>/LC_MESSAGES/messages.po``, compiled in memory the first time a language is
used (no build step for anyone: a ``.po`` edited in the repository is what the next start speaks).

``pybabel extract`` writes ``messages.pot`` from the code and ``pybabel update`` merges it into each ``.po``
(``tools/i18n.sh``); ``tests/ui/test_catalogues.py`` checks that every language has every message.
"""

from __future__ import annotations

import gettext
import io
import logging
import re
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from ui.i18n.languages import DEFAULT, LANGUAGES, PSEUDO

log = logging.getLogger("cardnight.i18n")

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "messages"


def po_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalog(code: str) -> Catalog | None:
    path = po_path(code)
    if not path.is_file():
        return None
    with path.open("rb") as handle:
        return read_po(handle, locale=code, domain=DOMAIN)


@cache
def translations(code: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``code`` (English, an unknown code or a missing file: the texts as written)."""
    if code == PSEUDO:
        return PseudoTranslations()
    if code == DEFAULT or code not in LANGUAGES:
        return gettext.NullTranslations()
    try:
        catalog = read_catalog(code)
    except Exception:  # a broken catalogue must not stop a page: English, and one line for the host
        log.exception("The %s catalogue cannot be read; that language shows English meanwhile", code)
        return gettext.NullTranslations()
    if catalog is None:
        return gettext.NullTranslations()
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return Translations(buffer, domain=DOMAIN)


ACCENTED = str.maketrans("aceinouyACEINOUY", "àçéîñöûýÀÇÉÎÑÖÛÝ")
PLACEHOLDER = re.compile(r"(\{[^{}]*\})")


def pseudo(text: str) -> str:
    """``[Ýöûr ţûrñ]``: accented and bracketed, placeholders untouched."""
    parts = PLACEHOLDER.split(text)
    return "[" + "".join(p if PLACEHOLDER.fullmatch(p) else p.translate(ACCENTED) for p in parts) + "]"


class PseudoTranslations(gettext.NullTranslations):
    """The pseudo-language en-XA: every text that passed through a catalogue looks like ``[Ţéxţ]``."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)
