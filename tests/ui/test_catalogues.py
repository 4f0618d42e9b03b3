"""The catalogues are complete: every text the code marks for translation is in messages.pot, and every language
has every message — translated (not fuzzy, not empty, not left in English), with the English placeholders and all
of its plural forms."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from logic.messages import placeholders
from ui.i18n.catalogs import LOCALE_DIR, read_catalog
from ui.i18n.languages import TRANSLATED

ROOT = Path(__file__).resolve().parents[2]
# language -> texts rightly written as in English (the same word in that language)
# (units and our own game names, kept as proper names in the Latin-script languages, in every language)
EVERYWHERE = {"{s} s", "{min} min", "{h} h {min} min", "{kb} KB", "{mb} MB", "{n} pt", "Beanie", "Stockpile", "TV",
              "Daifugō", "{label}: {value}",  # a proper name; a pair with nothing to translate
              "{player} {move}.", "{player} {move}", "{first}, {rest}", "{reason} {evidence}",
              "{steps}.", "{line}.", "{first}; {second}"}  # (word order only)
SAME_IN_ENGLISH: dict[str, set[str]] = {code: EVERYWHERE | words for code, words in {
    "de": {"Emoji", "Name", "Code", "Lobby", "Normal", "Chat", "Pause", "Partner", "Team {n}", "Joker", "Standard"},
    "fr": {"Table", "Animations", "Code", "Expert", "Normal", "Scores", "version", "Menu", "Pause", "six", "Joker",
           "Jokers", "{n} minute", "Standard"},
    "es": {"Emoji", "Normal", "Rummy", "Chat", "Beanies: {ranks}"},
    "pt_BR": {"Emoji", "Normal", "Rummy", "Rummy!", "Chat", "Menu", "Beanies: {ranks}"},
    "it": {"Emoji", "{name} (computer)", "Chat", "Home", "Menu", "{n} round", "Round", "Standard",
           "Round {round} — Beanie: {ranks}", "computer · {level}"},
    "pl": {"Emoji", "Start", "Menu", "Partner", "Joker", "program", "Program"},
    "ja": set(),
}.items()}


def ids(catalog) -> set:  # noqa: ANN001 - babel has no type hints
    return {m.id for m in catalog if m.id}


def test_the_template_holds_every_text_the_code_marks(tmp_path: Path) -> None:
    fresh = tmp_path / "messages.pot"
    subprocess.run([str(Path(sys.executable).parent / "pybabel"), "extract", "-F", "tools/babel.cfg",
                    "-k", "_", "-k", "ngettext:1,2", "-k", "pgettext:1c,2", "-k", "t_msg", "-k", "t_nmsg:1,2",
                    "-k", "t_pmsg:1c,2", "-k", "N_", "--no-default-keywords", "-o", str(fresh), "logic", "ui",
                    "storage"], cwd=ROOT, check=True, capture_output=True)
    with fresh.open("rb") as f:
        wanted = ids(read_po(f))
    with (LOCALE_DIR / "messages.pot").open("rb") as f:
        have = ids(read_po(f))
    assert wanted - have == set(), "run tools/i18n.sh: these texts are not in the catalogues yet"
    assert have - wanted == set(), "run tools/i18n.sh: the catalogues hold texts the code no longer has"


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_language_has_every_message(code: str) -> None:
    with (LOCALE_DIR / "messages.pot").open("rb") as f:
        template = read_po(f)
    catalog = read_catalog(code)
    assert catalog is not None, f"no catalogue for {code}: tools/i18n.sh init {code}"
    problems = []
    for entry in template:
        if not entry.id:
            continue
        key = (entry.id, entry.context) if entry.context else entry.id
        found = catalog.get(entry.id if isinstance(entry.id, str) else entry.id[0], context=entry.context)
        if found is None:
            problems.append(f"missing: {key!r}")
            continue
        if found.fuzzy:
            problems.append(f"fuzzy: {key!r}")
        english = [entry.id] if isinstance(entry.id, str) else list(entry.id)
        forms = [found.string] if isinstance(found.string, str) else list(found.string)
        if isinstance(entry.id, tuple | list) and len(forms) != catalog.num_plurals:
            problems.append(f"{len(forms)} plural forms of {catalog.num_plurals}: {key!r}")
        if not all(forms):
            problems.append(f"untranslated: {key!r}")
            continue
        if forms[0] == english[0] and english[0] not in SAME_IN_ENGLISH.get(code, set()):
            problems.append(f"still English: {key!r}")
        wanted = set().union(*(placeholders(e) for e in english))
        for form in forms:  # a plural form may leave out the number ("one card"), never another placeholder
            have = placeholders(form)
            if have - wanted or (wanted - {"n"}) - have or (len(english) == 1 and have != wanted):
                problems.append(f"placeholders differ: {key!r} -> {form!r}")
    assert problems == []
