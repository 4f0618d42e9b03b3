"""The rules examples on /rules/<game> and in the rules dialog at a table: drawn with the table parts and stepped
to the end with the replay controls (every step draws without an error)."""

from __future__ import annotations

import pytest
from nicegui.testing import User
from nicegui.testing.user_interaction import UserInteraction

from logic.registry import all_games
from tests.ui.helpers import find, with_testid
from ui.table.rule_examples import examples_of


def inside(user: User, outer: str, testid: str):  # noqa: ANN201
    with user:
        box = with_testid(user, outer)[0]
        return [e for e in box.descendants() if e.props.get("data-testid") == testid]


@pytest.mark.parametrize("game_key", [g.key for g in all_games()])
async def test_every_example_steps_to_its_end_on_the_rules_page(user: User, game_key: str) -> None:
    await user.open(f"/rules/{game_key}")
    await find(user, "rule-examples")
    for example in examples_of(game_key):
        outer = f"example-{example.key}"
        [root] = inside(user, outer, "replay")
        steps = int(root.props["data-steps"])
        assert steps == len(example.moves())
        for step in range(1, steps + 1):
            UserInteraction(user, set(inside(user, outer, "btn-replay-next")), None).click()
            assert root.props["data-step"] == str(step)
            [caption] = inside(user, outer, "replay-caption")
            assert caption.text == example.moves()[step - 1][2]
        assert inside(user, outer, "still-table")


async def test_the_rules_dialog_at_a_table_has_the_examples(user: User) -> None:
    await user.open("/new/stockpile?players=2&bots=1&seed=3&speed=0&stock_size=short")
    await find(user, "table")
    (await find(user, "btn-rules")).click()
    await find(user, "rules-dialog")
    await find(user, "example-partner")
