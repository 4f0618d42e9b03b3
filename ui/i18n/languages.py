"""The languages Card Night speaks: catalogue code → the language's name in itself, and Quasar's pack for it."""

from __future__ import annotations

DEFAULT = "en"
PSEUDO = "en_XA"  # every translated text bracketed and accented: shows what did not pass through a catalogue

# code (as in ui/i18n/locale/<code>/) -> (name in that language, Quasar language pack)
LANGUAGES: dict[str, tuple[str, str]] = {
    "en": ("English", "en-US"),
    "de": ("Deutsch", "de-DE"),
    "fr": ("Français", "fr"),
    "es": ("Español", "es"),
    "pt_BR": ("Português (Brasil)", "pt-BR"),
    "it": ("Italiano", "it"),
    "pl": ("Polski", "pl"),
    "ja": ("日本語", "ja"),
}
TRANSLATED = tuple(code for code in LANGUAGES if code != DEFAULT)
# Languages a browser gets from its Accept-Language header alone (after ?lang= and the browser's saved choice): every
# language listed above, since one is listed once its whole interface is translated (tests/ui/test_catalogues.py
# fails while any message is missing, fuzzy or left in English: a page half in one's own language and half in English
# reads worse than English). A language listed before its catalogue is complete (on a branch, while translating) is
# followed too; take it out of this set there to reach it only by choosing it (the menu, ?lang=).
FOLLOWED: frozenset[str] = frozenset(LANGUAGES)


def known(code: str) -> str | None:
    """``code`` as one of ours (``de-DE`` → ``de``, ``pt-br`` → ``pt_BR``, ``en-XA`` → the pseudo-language), or
    None."""
    wanted = code.strip().replace("-", "_")
    if wanted.lower() == PSEUDO.lower():
        return PSEUDO
    by_lower = {c.lower(): c for c in LANGUAGES}
    if wanted.lower() in by_lower:
        return by_lower[wanted.lower()]
    language = wanted.split("_")[0].lower()
    if language in by_lower:
        return by_lower[language]
    return next((c for c in LANGUAGES if c.split("_")[0].lower() == language), None)  # pt → pt_BR


def quasar_pack(code: str) -> str:
    return LANGUAGES.get(code, LANGUAGES[DEFAULT])[1]


def html_lang(code: str) -> str:
    return "en" if code == PSEUDO else code.replace("_", "-")
