"""The rules in every language (ui/i18n/rules_docs.py): each game has a translation in each of our languages, each
keeps the English's shape section by section (headings, tables, lists, the cards and numbers it speaks of) and
says which English it translates (a hash per section), so a change to the English fails here until the
translations follow. The rules page and the rules dialog at a table show the viewer's language."""

from __future__ import annotations

import importlib
import re
from collections import Counter

import pytest
from nicegui.testing import User

from logic.registry import all_games, get_game
from tests.ui.helpers import find, with_testid
from tests.ui.test_i18n_pages_walk import has_text
from ui.i18n.languages import TRANSLATED
from ui.i18n.rules_docs import (
    Section,
    example_text,
    example_texts,
    pseudo_markdown,
    rules_markdown,
    sections,
    translated,
    translation_path,
)
from ui.i18n.viewer import speaking
from ui.table.rule_examples import examples_of

GAMES = [g.key for g in all_games()]
SYMBOLS = "♠♥♦♣★💡"
NUMBER = re.compile(r"\d+")


def shape(s: Section) -> dict[str, object]:
    """What a faithful translation of a section keeps: its tables' rows, its lists' items, the card symbols and
    the numbers it names (a translation may write more numbers, "2 players" for "two players", never fewer)."""
    lines = s.body.splitlines()
    return {
        "table rows": sum(1 for line in lines if line.lstrip().startswith("|")),
        "list items": sum(1 for line in lines if re.match(r"\s*(- |\d+\. )", line)),
        "symbols": Counter(ch for ch in s.body + s.title if ch in SYMBOLS),
    }


def problems(game_key: str, code: str, english_text: str | None = None) -> list[str]:
    """What is wrong with the translation of ``game_key``'s rules into ``code`` (one line per fault)."""
    path = translation_path(game_key, code)
    if not path.is_file():
        return [f"{path}: missing"]
    english = sections(english_text if english_text is not None else get_game(game_key).rules_markdown())
    ours = sections(path.read_text(encoding="utf-8"))
    where = f"{path.relative_to(path.parents[3])}"
    if [s.level for s in ours] != [s.level for s in english]:
        return [f"{where}: headings {[('#' * s.level, s.title) for s in ours]} do not match the English's "
                f"{[('#' * s.level, s.title) for s in english]}"]
    found = []
    for n, (en, tr) in enumerate(zip(english, ours, strict=True), start=1):
        name = f"{where}, section {n} ({'#' * en.level} {en.title!r}, here {tr.title!r})"
        if tr.source_hash != en.digest():
            found.append(f"{name}: translates another English text (hash {tr.source_hash}, the English's is "
                         f"{en.digest()}): update the section, then run tools/rules_hashes.py {game_key} {code}")
        for what, want in shape(en).items():
            got = shape(tr)[what]
            if got != want:
                found.append(f"{name}: {what} {got}, the English has {want}")
        missing = set(NUMBER.findall(en.body + en.title)) - set(NUMBER.findall(tr.body + tr.title))
        if missing:
            found.append(f"{name}: the numbers {sorted(missing, key=int)} of the English are missing")
    return found


@pytest.mark.parametrize("game_key", GAMES)
@pytest.mark.parametrize("code", TRANSLATED)
def test_each_translation_keeps_the_english_shape_and_says_which_english(game_key: str, code: str) -> None:
    assert problems(game_key, code) == []


def test_a_changed_english_section_is_named() -> None:
    english = get_game("president").rules_markdown()
    changed = english.replace("The 2 is the best card in the game.", "The 2 is the best card of all.")
    assert changed != english
    # Only what the change adds: a section that is stale for another reason (a new English text the translators
    # have not caught up with yet) is named by the test above, not here.
    before = problems("president", "de", english)
    [found] = [p for p in problems("president", "de", changed) if p not in before]
    assert "de.md, section 1 (## 'How to play'" in found and "rules_hashes.py president de" in found


def test_the_viewer_reads_their_language_and_english_without_a_file() -> None:
    game = get_game("rummy")
    with speaking("de"):
        assert rules_markdown(game).startswith("# Rommé")
    with speaking("en"):
        assert rules_markdown(game) == game.rules_markdown()
    with speaking("en_XA"):  # no file for the pseudo-language: the English, accented (tests/ui/test_pseudo_rules.py)
        assert rules_markdown(game) == pseudo_markdown(game.rules_markdown()) != game.rules_markdown()
    assert translated("rummy", "xx") is None
    assert "<!--" not in (translated("rummy", "ja") or "<!--")  # the hash notes are not shown
    with speaking("de"):
        assert example_text("stockpile", "Ben's turn.") == "Ben ist dran."
        assert example_text("stockpile", "No such text.") == "No such text."


def english_example_texts(game_key: str) -> list[str]:
    """Every title, intro and step line of the game's examples, the house rules' ones included."""
    module = importlib.import_module(f"logic.{game_key}.examples")
    house = getattr(module, "HOUSE_EXAMPLES", ())
    found: list[str] = []
    for example in [*examples_of(game_key), *(house.values() if isinstance(house, dict) else house)]:
        for text in (example.title, example.intro, *(line for _s, _a, line in example.moves())):
            if text not in found:
                found.append(text)
    return found


@pytest.mark.parametrize("game_key", GAMES)
def test_every_example_text_is_translated_keeping_its_cards_and_numbers(game_key: str) -> None:
    english = english_example_texts(game_key)
    for code in TRANSLATED:
        ours = example_texts(game_key).get(code, {})
        assert sorted(set(english) - set(ours)) == [], f"{code}: untranslated example texts of {game_key}"
        assert sorted(set(ours) - set(english)) == [], f"{code}: texts no example of {game_key} says any more"
        for en in english:
            tr = ours[en]
            assert tr.strip() and tr != en, (code, en)
            assert Counter(c for c in tr if c in SYMBOLS) == Counter(c for c in en if c in SYMBOLS), (code, en, tr)
            assert set(NUMBER.findall(en)) <= set(NUMBER.findall(tr)), (code, en, tr)


async def test_the_rules_page_in_german_and_japanese(user: User) -> None:
    await user.open("/rules/president?lang=de")
    with user:
        text = with_testid(user, "rules")[0].content  # type: ignore[attr-defined]
    assert text.startswith("## Spielablauf") and "**Präsident**" in text and "**Bettler**" in text
    await find(user, "rule-examples")
    assert has_text(user, "Ein Paar schlagen")  # the step-by-step examples too
    assert has_text(user, "Ein Paar schlägt nur ein höheres Paar: Die Kartenzahl bleibt im ganzen Stich gleich.")
    await user.open("/rules/rummy?lang=ja")
    with user:
        text = with_testid(user, "rules")[0].content  # type: ignore[attr-defined]
    assert text.startswith("# ラミー")
    await user.open("/rules/stockpile?lang=en")
    with user:
        assert with_testid(user, "rules")[0].content.startswith("## The idea")  # type: ignore[attr-defined]


async def test_a_house_rule_example_speaks_the_viewer_language(user: User) -> None:
    await user.open("/rules/rummy?card=rummy-easy-going&lang=it")
    await find(user, "house-example-keep_dug_card")
    assert has_text(user, "A questo tavolo una carta presa scavando negli scarti non deve essere usata nello stesso "
                          "turno.")


async def test_the_rules_dialog_at_a_table_speaks_the_viewer_language(user: User) -> None:
    await user.open("/new/beanie?players=2&bots=1&seed=3&speed=0&lang=fr")
    await find(user, "table")
    (await find(user, "btn-rules")).click()
    await find(user, "rules-dialog")
    with user:
        box = with_testid(user, "rules-dialog")[0]
        texts = [str(getattr(e, "content", "")) for e in box.descendants()]
    assert any(t.startswith("## Le but du jeu") for t in texts)
