"""Names and chat keep emoji sequences whole (families, flags, skin tones, keycaps) and every script's letters, and
lose control characters, direction tricks and invisible filler; lengths count what a reader sees."""

from __future__ import annotations

import unicodedata
from types import SimpleNamespace

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from logic import text_clean
from logic.table import CHAT_LIMIT, NAME_LIMIT
from logic.text_clean import (
    DIRECTION_CONTROLS,
    clean_lines,
    clean_name,
    clean_text,
    grapheme_count,
    graphemes,
    read_budget,
)

FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466"  # man, woman, girl, boy
FLAG_FR = "\U0001f1eb\U0001f1f7"
FLAG_ENGLAND = "\U0001f3f4\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f"
KISS = "\U0001f469\U0001f3fb\u200d\u2764\ufe0f\u200d\U0001f48b\u200d\U0001f468\U0001f3fc"
ASTRONAUT = "\U0001f9d1\U0001f3fd\u200d\U0001f680"
RAINBOW = "\U0001f3f3\ufe0f\u200d\U0001f308"
KEYCAP = "1\ufe0f\u20e3"
HEART = "\u2764\ufe0f"


@pytest.mark.parametrize("kept", [FAMILY, FLAG_FR, FLAG_ENGLAND, KISS, ASTRONAUT, RAINBOW, KEYCAP, HEART,
                                  "\U0001f44d\U0001f3fd", "Zoë", "Łukasz", "José", "Nguyễn", "山田太郎", "Ἀθηνᾶ",
                                  "مرحبا\u200cبک", "क्\u200dष", "שלום", "\U0001fae8"])
def test_whole_sequences_and_every_script_are_kept(kept: str) -> None:
    assert clean_text(kept, 24) == unicodedata.normalize("NFC", kept)
    assert clean_name(f"{kept} and friends") == unicodedata.normalize("NFC", f"{kept} and friends")


def test_a_family_is_one_character_and_a_flag_one_not_four_faces_or_two_letters() -> None:
    assert grapheme_count(FAMILY) == 1 and grapheme_count(FLAG_FR) == 1 and grapheme_count(FLAG_ENGLAND) == 1
    assert grapheme_count(KISS) == 1 and grapheme_count(KEYCAP) == 1
    assert graphemes(FLAG_FR + FLAG_FR + "\U0001f1eb") == [FLAG_FR, FLAG_FR, "\U0001f1eb"]
    name = clean_name(FAMILY * 30)  # 24 families, none cut in half
    assert name == FAMILY * 24
    assert clean_text("ab" + FAMILY + "cd", 3) == "ab" + FAMILY


@pytest.mark.parametrize(("given", "cleaned"), [
    ("Ann\u202eatsiM", "AnnatsiM"),  # right-to-left override
    ("a\u202db\u202ac\u202bd\u202ce\u2066f\u2067g\u2068h\u2069i\u200ej\u200fk\u061cl", "abcdefghijkl"),
    ("a\x00b\x07c\x1bd\x7fe", "abcde"),
    ("one\ntwo\r\nthree\tfour\u2028five\u2029six", "one two three four five six"),
    ("  lots   of    space  ", "lots of space"),
    ("Ann\u200ba", "Anna"), ("\ufeffBom", "Bom"), ("soft\u00adhyphen", "softhyphen"), ("wo\u2060rd", "word"),
    ("\u200dLeading joiner", "Leading joiner"), ("trailing\u200d", "trailing"), ("a\u200d b", "a b"),
    ("\u0301accent first", "accent first"), ("stray\U000e0067tag", "straytag"), ("\ue000private", "private"),
    ("\ud800lone", "lone"), ("Z" + "\u0301" * 40, "\u0179" + "\u0301" * 4),  # ("Zalgo" text)
    ("a\u200c b", "a b"), ("\u200c\u200cx", "x"),
])
def test_hidden_and_harmful_characters_go(given: str, cleaned: str) -> None:
    assert clean_text(given, 100) == cleaned


def test_an_empty_name_becomes_player_and_limits_hold() -> None:
    assert clean_name("") == "Player" and clean_name(" \u202e\u200b\n ") == "Player"
    assert clean_name("x" * 40) == "x" * 24
    assert clean_text("word " * 100, 300).count("word") == 60
    assert clean_text("ab cd", 3) == "ab"  # no space left at the end of a cut


TEXT = st.text(alphabet=st.characters(codec=None, exclude_categories=()), max_size=80) | st.lists(
    st.sampled_from([FAMILY, FLAG_FR, FLAG_ENGLAND, KISS, "\u200d", "\u200c", "\u202e", "\ufe0f", "\U0001f3fd",
                     "\U000e0067", "\u0301", " ", "\n", "a", "\U0001f1eb", "\x00", "\u2066"]), max_size=40).map("".join)


# (found by hypothesis in a CI run: a grapheme longer than MAX_CLUSTER cut right after a joiner, which then joined
# the next grapheme to it, so the next cleaning cut again)
CUT_AFTER_A_JOINER = ("\U0001f000\u200d0\ufe00\U0001f3fb\u200d0\u200d0\U0001f3fb\u200d0\u200d0\ufe00\U0001f3fb\u200d0"
                      "\u200d0\ufe00\ufe00\U0001f3fb\u200d0\u200d0\ufe00\U0001f3fb\u200d0\u200d00")


@settings(max_examples=400, deadline=None)
@given(TEXT, st.integers(min_value=0, max_value=30))
@example(CUT_AFTER_A_JOINER, 1)
def test_cleaning_is_safe_and_stable(text: str, limit: int) -> None:
    out = clean_text(text, limit)
    out.encode("utf-8")  # no lone surrogates: every result can be saved
    assert grapheme_count(out) <= limit
    assert not any(unicodedata.category(ch) == "Cc" or ch in DIRECTION_CONTROLS for ch in out)
    assert out == out.strip() and "  " not in out
    assert clean_text(out, limit) == out  # cleaning what was cleaned changes nothing


def test_a_cut_right_after_a_joiner_drops_the_joiner() -> None:
    """Found by the property test above: a joiner between two digits belongs to the first, and a cut there left it
    joining nothing (and a second cleaning then removed it)."""
    assert clean_text("0000\u200d0", 4) == "0000"
    assert clean_text("0000\u200d0", 5) == "0000\u200d0"


BIG = {"plain": "x" * 900_000, "marks": "a" + "\u0301" * 900_000, "joiners": "a\u200d" * 450_000,
       "overrides": "a\u202eb\x00" * 225_000, "families": FAMILY * 130_000, "spaces": " \u3000\n" * 300_000}


@pytest.mark.parametrize("kind", BIG)
@pytest.mark.parametrize("limit", [NAME_LIMIT, CHAT_LIMIT])
def test_a_huge_text_is_cut_at_its_limit_before_any_other_work(kind: str, limit: int,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 47: a 900 KB name or chat message stalled every page for seconds. Whatever the text, no step of the
    cleaning (normalising, the grapheme walk) sees more than the read budget, a few code points per grapheme."""
    seen: list[int] = []

    def normalize(form: str, text: str) -> str:
        seen.append(len(text))
        return unicodedata.normalize(form, text)

    walk = text_clean.graphemes

    def graphemes_spy(text: str) -> list[str]:
        seen.append(len(text))
        return walk(text)

    monkeypatch.setattr(text_clean, "unicodedata", SimpleNamespace(normalize=normalize,
                                                                   category=unicodedata.category))
    monkeypatch.setattr(text_clean, "graphemes", graphemes_spy)
    out = clean_text(BIG[kind], limit)
    assert seen and max(seen) <= read_budget(limit) <= limit * 4 + 256
    assert grapheme_count(out) <= limit and "\u202e" not in out and "\x00" not in out
    assert clean_text(out, limit) == out
    if kind == "plain":
        assert out == "x" * limit and clean_name(BIG[kind], NAME_LIMIT) == "x" * NAME_LIMIT


def test_the_read_budget_keeps_names_of_emoji_sequences_whole() -> None:
    assert clean_name(KISS * 30) == KISS * 24  # 10 code points each: 240 read of a budget of 352
    assert clean_text(FAMILY * 400, CHAT_LIMIT).count(FAMILY) >= 200


def test_longer_writing_keeps_its_lines_and_loses_what_names_lose() -> None:
    given = "\n\n  The 7\u202e\u202dS \x00was\tskipped  \r\n\r\n\r\n\u2066second\u2069 line \n\n"
    assert clean_lines(given, 2000) == "The 7S was skipped\n\nsecond line"
    assert clean_lines("ab\ncd", 4) == "ab\nc"  # the limit counts the whole, line breaks included
    assert clean_lines("x" * 900_000 + "\u202e", 2000) == "x" * 2000
    assert clean_lines("\n \n\x00\n", 2000) == ""


PLAIN = st.lists(st.sampled_from(list("aZé ßЖ山ش\t\n\u3000\u2028\u00a0!?<>&'\"") + [
    "\U0001f98a", "\u2764", "\u212b", "\u1100\u1161"]), max_size=60).map("".join)


@settings(max_examples=300, deadline=None)
@given(PLAIN | st.text(alphabet=st.characters(codec=None, exclude_categories=()), max_size=60), st.integers(0, 30))
def test_the_fast_path_for_plain_text_cleans_as_the_full_walk_does(text: str, limit: int) -> None:
    """Plain text (no joiners, marks, flags, tags, controls) skips the grapheme walk: same result."""
    raw = unicodedata.normalize("NFC", text)
    assert clean_text(text, limit) == text_clean._clean_joined(raw, limit)
