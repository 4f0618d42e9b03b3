"""The step-by-step examples under a game's rules (the /rules/<game> page and the rules dialog at a table): each
a small position drawn with the real table parts, stepped with the replay controls, one line per step. The
examples themselves live in logic/<game>/examples.py (checked against the rules by tests/logic/test_examples.py).
"""

from __future__ import annotations

import importlib
import logging

from nicegui import ui

from logic.registry import get_game
from logic.replay import Example
from logic.table import Seat
from ui.components.stepper import Stepper
from ui.i18n import _
from ui.i18n.rules_docs import example_text
from ui.table.still import draw_still_table

log = logging.getLogger("cardnight.rules")
EXAMPLE_CSS = '<link rel="stylesheet" href="/assets/replay.css">'
EMOJI = ("🦊", "🐻", "🐼", "🐨")


def examples_of(game_key: str) -> tuple[Example, ...]:
    try:
        return tuple(importlib.import_module(f"logic.{game_key}.examples").EXAMPLES)
    except ModuleNotFoundError:
        return ()


def rule_examples(game_key: str) -> None:
    """A section "Examples, step by step" with every example of the game (nothing if it has none)."""
    found = examples_of(game_key)
    if not found:
        return
    with ui.column().classes("w-full gap-3").props("data-testid=rule-examples"):
        ui.label(_("Examples, step by step")).classes("text-xl font-bold")
        ui.label(_("Press ▶ or the arrows to see what changes at each step. These are partial positions, "
                   "with only the cards that matter, not real deals.")).classes("text-sm")
        for example in found:
            with ui.card().classes("w-full gap-1").props(f"data-testid=example-{example.key}"):
                ui.label(example_text(game_key, example.title)).classes("text-lg font-bold")
                ui.label(example_text(game_key, example.intro)).classes("text-sm")
                one_example(game_key, example)


def one_example(game_key: str, example: Example) -> None:
    game = get_game(game_key)
    try:
        replay, lines = example.replay(game)
    except ValueError as exc:  # a test guards against this; a broken example must not break the rules page
        log.error("rules example %s/%s does not replay: %s", game_key, example.key, exc)
        ui.label(_("This example is not available.")).classes("text-grey-8")
        return
    seats = [Seat(player_id=f"example-{i}", name=name, emoji=EMOJI[i % len(EMOJI)])
             for i, name in enumerate(example.names)]
    lines = [example_text(game_key, line) for line in lines]  # in the viewer's language
    Stepper(lines, lambda step: draw_still_table(game, replay.state_at(step), seats, face_up=True, header=False),
            testid="replay", compact=True)
