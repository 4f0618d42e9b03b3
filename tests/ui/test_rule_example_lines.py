"""A rules example's drawn last-move line (the table's ``message`` in the still table of each step) speaks the
viewer's language, as the caption beside it does (issue 51): President's lines are messages, so a German, Polish
or Japanese rules page draws them in its own words, with the example's players' names."""

from __future__ import annotations

import re

import pytest
from nicegui.testing import User
from nicegui.testing.user_interaction import UserInteraction

from logic.beanie.examples import EXAMPLES as BEANIE
from logic.president.examples import EXAMPLES
from tests.ui.helpers import find, texts_with_testid, with_testid
from tests.ui.test_rule_examples import inside

ENGLISH = re.compile(r"\b(played|passed|pair|single|leads|trick|gave|back|and|out|is)\b")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.mark.parametrize("code", ["de", "pl", "ja"])
async def test_the_examples_last_move_line_is_in_the_viewers_language(user: User, code: str) -> None:
    await user.open(f"/rules/president?lang={code}")
    await find(user, "rule-examples")
    lines: list[str] = []
    for example in EXAMPLES:
        outer = f"example-{example.key}"
        for _step in range(len(example.moves())):
            UserInteraction(user, set(inside(user, outer, "btn-replay-next")), None).click()
            with user:
                lines += texts_with_testid(with_testid(user, outer)[0], "message")
    lines = [line for line in lines if line]
    assert len(lines) >= len(EXAMPLES), lines
    english = [line for line in lines if ENGLISH.search(line)]
    assert not english, english
    assert any(name in line for line in lines for name in ("Ana", "Ben", "Cai", "Dot")), lines
    if code == "ja":
        assert all(JAPANESE.search(line) for line in lines), lines


@pytest.mark.parametrize("code", ["de", "ja"])
async def test_beanies_examples_open_with_the_rounds_line_in_the_viewers_language(user: User, code: str) -> None:
    """Before the first step a Beanie example shows the round's line ("Round 5: 5s are wild. Ana starts."): it was
    an English sentence in the example's position, shown as it was in every language."""
    await user.open(f"/rules/beanie?lang={code}")
    await find(user, "rule-examples")
    for example in BEANIE:
        [line] = [str(getattr(e, "text", "")) for e in inside(user, f"example-{example.key}", "message")]
        assert "Ana" in line and not ENGLISH.search(line) and "wild" not in line and "Beanies." not in line, line
        assert bool(JAPANESE.search(line)) == (code == "ja"), line
