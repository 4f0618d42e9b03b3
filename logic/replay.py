"""Stepping through a game's action log: the state after any number of moves, a line per move and where each
hand starts. Pure: built on the game contract (``new_game`` + ``apply``), so every game gets replays, problem
reports that replay exactly and step-by-step rule examples from the same code.

Step ``i`` is the state after the first ``i`` actions of the log (step 0: the deal). Copies of the state are kept
every :data:`CHECKPOINT_EVERY` steps, so stepping back costs at most that many re-applied actions.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from logic.game import AnyGame
from logic.messages import Message, said, t_msg
from logic.rummy.step_words import step_words
from logic.view_types import TableView

CHECKPOINT_EVERY = 16

# Words for an action the game's own ``describe`` leaves out (a move that was private while the game was on,
# e.g. a Rummy draw): the game is over, so a replay may name the cards.
FALLBACK_WORDS = {
    "draw": t_msg("drew a card"), "take": t_msg("took from the discard pile"), "meld": t_msg("melded"),
    "layoff": t_msg("laid off cards"), "discard": t_msg("discarded"), "undo": t_msg("took a move back"),
    "commit": t_msg("ended the turn"), "next": t_msg("is ready for the next hand"), "pass": t_msg("passed"),
    "play": t_msg("played"), "give": t_msg("gave cards back"),
}
_WITH_CARDS = {"take": t_msg("took the discard pile down to {cards}"), "meld": t_msg("melded {cards}"),
               "layoff": t_msg("laid off {cards}"), "discard": t_msg("discarded {cards}")}  # (Rummy's turn verbs)
_CARD = re.compile(r"^(10|[2-9JQKA])([SHDC])$")
_SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def step_words_of(game: AnyGame) -> Callable[[Any, int, Any], str | None] | None:
    """A game's own line per move for replays, where its ``describe`` (the table's log) words a whole turn at its
    end only: Rummy's turn is private until committed, so its log has one summary per turn; a replay lists each
    move once instead, with the same verbs (``logic/rummy/step_words.py``), and no summary besides."""
    if game.key == "rummy":
        return step_words
    return None


def pretty_card(code: object) -> str | None:
    """"10H" -> "10♥"; None for anything that is not a card code."""
    match = _CARD.match(str(code))
    return f"{match.group(1)}{_SUITS[match.group(2)]}" if match else None


def fallback_words(data: dict[str, Any]) -> str:
    """A line for an action from its stored form ("discarded 10♥"), when the game's ``describe`` has none."""
    kind = str(data.get("kind"))
    if kind == "draw" and data.get("source") == "discard":
        return said(t_msg("took the top card of the discard pile"))
    if kind == "draw":
        return said(t_msg("drew from the stock"))
    raw: list[Any] = data["cards"] if isinstance(data.get("cards"), list) else [data.get("card")]
    cards = [p for p in (pretty_card(c) for c in raw) if p]
    if kind in _WITH_CARDS and cards and len(cards) == len(raw):
        template = _WITH_CARDS[kind]
        return said(Message(template.text, {"cards": " ".join(cards)}))
    return said(FALLBACK_WORDS.get(kind) or t_msg("moved"))


@dataclass(frozen=True)
class Move:
    """One entry of the log: who acted, the action as stored (JSON) and a readable line without the name
    ("played a pair of 9s"); the UI puts the seat's name in front."""

    seat: int
    action: dict[str, Any]
    words: str


class Replay:
    """The states of one game, step by step. ``log`` is ``[(seat, action_json), ...]``; ``start`` builds the
    state before the first action (default: ``game.new_game(config, seed)``; rule examples pass a crafted one).

    Raises ``ValueError`` (``IllegalMove`` is one) when the log does not replay: a damaged record."""

    def __init__(self, game: AnyGame, log: Sequence[Sequence[Any]], *, config: Any = None, seed: int = 0,
                 start: Callable[[], Any] | None = None) -> None:
        self.game = game
        self._start = start or (lambda: game.new_game(config, seed))
        self.moves: list[Move] = []
        self._checkpoints: list[Any] = []  # state after step k * CHECKPOINT_EVERY
        state = self._start()
        own = step_words_of(game)
        for i, entry in enumerate(log):
            if i % CHECKPOINT_EVERY == 0:
                self._checkpoints.append(game.clone(state))
            seat, data = int(entry[0]), dict(entry[1])
            action = game.decode_action(data)
            words = (own(state, seat, action) if own else None) or game.describe(state, seat, action) \
                or fallback_words(data)
            game.apply(state, seat, action)
            self.moves.append(Move(seat, data, words))
        if len(self.moves) % CHECKPOINT_EVERY == 0:
            self._checkpoints.append(game.clone(state))
        self.final = state
        self._starts: list[tuple[int, str]] | None = None

    @property
    def steps(self) -> int:
        """The last step (= the number of moves)."""
        return len(self.moves)

    def state_at(self, step: int) -> Any:
        """A fresh copy of the state after ``step`` moves (clamped to 0..steps)."""
        step = max(0, min(self.steps, step))
        if step == self.steps:
            return self.game.clone(self.final)
        base = step // CHECKPOINT_EVERY
        state = self.game.clone(self._checkpoints[base])
        for move in self.moves[base * CHECKPOINT_EVERY:step]:
            self.game.apply(state, move.seat, self.game.decode_action(move.action))
        return state

    def views_at(self, step: int, seats: int) -> tuple[TableView, list[TableView]]:
        """The spectator's view and every seat's own view after ``step`` moves (all hands face up, each built by
        the game's ``view``: a replay never bypasses it)."""
        state = self.state_at(step)
        return self.game.view(state, None), [self.game.view(state, s) for s in range(seats)]

    def hand_starts(self) -> list[tuple[int, str]]:
        """``(step, label)`` for the start of every hand/round: the steps where the round label changes."""
        if self._starts is None:
            self._starts = self._find_hand_starts()
        return list(self._starts)

    def _find_hand_starts(self) -> list[tuple[int, str]]:
        """A hand's label changes only when its phase does (a new deal follows the hand's end), so the label is
        read at those steps only: a view per step made this most of the time to open a replay."""
        out: list[tuple[int, str]] = []
        state = self._start()
        last = None
        phase = None
        for i in range(self.steps + 1):
            if i:
                move = self.moves[i - 1]
                self.game.apply(state, move.seat, self.game.decode_action(move.action))
            now = self.game.phase(state)
            if now == phase:
                continue
            phase = now
            label = self.game.view(state, None).get("round_label")
            if label != last and now not in ("hand-over", "over"):
                out.append((i, label if isinstance(label, str) and label else said(t_msg("Step {n}", n=i))))
                last = label
        return out


@dataclass(frozen=True)
class Example:
    """A short step-through example for the rules: a small crafted position and a few real moves, each with one
    line saying what changed. ``steps`` is ``(seat, action, line)`` (or a function of the start state giving them,
    for moves that depend on a real deal). Every step must be accepted by the game's ``apply`` (a test checks)."""

    key: str
    title: str
    intro: str
    names: tuple[str, ...]
    start: Callable[[], Any]
    steps: tuple[tuple[int, Any, str], ...] | Callable[[Any], list[tuple[int, Any, str]]]

    def moves(self) -> list[tuple[int, Any, str]]:
        return list(self.steps(self.start()) if callable(self.steps) else self.steps)

    def replay(self, game: AnyGame) -> tuple[Replay, list[str]]:
        """The example as a :class:`Replay` and its lines (``ValueError`` if the rules refuse a step)."""
        moves = self.moves()
        log = [(seat, game.encode_action(action)) for seat, action, _line in moves]
        return Replay(game, log, start=self.start), [line for _s, _a, line in moves]
