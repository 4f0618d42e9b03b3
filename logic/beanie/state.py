"""Beanie's game state: the state class, dealing a round, and clone / snapshot / restore."""

from __future__ import annotations

from typing import Any

from logic.cards import derive_rng
from logic.game import PHASE_PLAY
from logic.messages import said, said_from_json, said_to_json, seat_msg, t_msg

from . import sets as S
from .deck import deck as cards_of_deck

STAGE_DRAW = "draw"
STAGE_PLAY = "play"

# --- state ---------------------------------------------------------------------------------------


class BeanieState:
    """Whole game state. ``sets``: list of ``[id, owner, typ, cards, reps]`` (see sets.py).
    ``drawn``: card drawn this turn (-1 before drawing or for the round's starter).
    ``turns_done``: completed turns per seat this round (0 = still on the first turn).
    ``taken``/``thrown``: per seat, the cards that went publicly into its hand this round (from the
    discard pile or stolen from the table) and the cards it discarded this round; cards shuffled back
    into the stock leave both lists.
    ``result``: last round's result ``[winner or -1, points per seat, cards left per seat]``."""

    __slots__ = (
        "players", "rounds", "beanie_value", "reclaim_own", "seed",
        "round", "phase", "turn", "stage", "hands", "stock", "discard", "sets", "next_set_id",
        "laid", "turns_done", "drawn", "proposer", "agreed", "proposed", "round_turns", "reshuffles",
        "taken", "thrown", "totals", "scorecard", "confirmed", "result", "message",
        "last_turns", "out_seat", "ace_high_runs", "jokers",
    )  # fmt: skip

    def __init__(self) -> None:
        self.players = 2
        self.rounds = 13
        self.beanie_value = 10
        self.reclaim_own = False
        self.seed = 0
        self.round = 1
        self.phase = PHASE_PLAY
        self.turn = 0
        self.stage = STAGE_PLAY
        self.hands: list[list[int]] = []
        self.stock: list[int] = []
        self.discard: list[int] = []
        self.sets: list[list[Any]] = []
        self.next_set_id = 1
        self.laid: list[bool] = []
        self.turns_done: list[int] = []
        self.drawn = -1
        self.proposer = -1
        self.agreed: list[bool] = []
        self.proposed = False  # the seat to move has proposed during this turn already
        self.round_turns = 0
        self.reshuffles = 0
        self.taken: list[list[int]] = []
        self.thrown: list[list[int]] = []
        self.totals: list[int] = []
        self.scorecard: list[list[int]] = []
        self.confirmed: list[bool] = []
        self.result: list[Any] | None = None
        self.message: str | None = None
        self.last_turns = False  # house rule: after someone goes out, every other player has one last turn
        self.out_seat = -1  # with last_turns: the seat that went out this round (-1: nobody yet)
        self.ace_high_runs = False  # house rule: Q-K-A runs (an ace may also sit above the King)
        self.jokers = False  # house rule: two jokers (cards 52, 53) wild in every round (deck.py)


# House-rule fields and their standard values: a snapshot leaves them out while they are standard, so a
# standard game's snapshot is as it always was and a snapshot saved before they existed still restores.
HOUSE_DEFAULTS: dict[str, Any] = {"last_turns": False, "out_seat": -1, "ace_high_runs": False, "jokers": False}


def _copy_sets(sets: list[list[Any]]) -> list[list[Any]]:
    return [[s[0], s[1], s[2], s[3][:], s[4][:]] for s in sets]


def seat_name(seat: int) -> str:
    return f"Player {seat + 1}"


def deal(st: BeanieState, rnd: int) -> None:
    n = st.players
    deck = cards_of_deck(st.jokers)
    derive_rng(st.seed, rnd).shuffle(deck)
    starter = (rnd - 1) % n
    hands = []
    pos = 0
    for seat in range(n):
        k = 8 if seat == starter else 7
        hands.append(deck[pos : pos + k])
        pos += k
    st.round = rnd
    st.phase = PHASE_PLAY
    st.turn = starter
    st.stage = STAGE_PLAY  # the starter's extra card counts as its draw
    st.hands = hands
    st.stock = deck[pos:]
    st.discard = []
    st.sets = []
    st.laid = [False] * n
    st.turns_done = [0] * n
    st.drawn = -1
    st.proposer = -1
    st.agreed = [False] * n
    st.proposed = False
    st.round_turns = 0
    st.reshuffles = 0
    st.taken = [[] for _ in range(n)]
    st.thrown = [[] for _ in range(n)]
    st.confirmed = [False] * n
    st.out_seat = -1
    st.message = said(t_msg("Round {round}: {ranks} are wild. {player} starts.", round=rnd,
                            ranks=S.rank_plural(rnd), player=seat_msg(starter)))


def clone_state(state: BeanieState) -> BeanieState:
    st = BeanieState.__new__(BeanieState)
    st.players = state.players
    st.rounds = state.rounds
    st.beanie_value = state.beanie_value
    st.reclaim_own = state.reclaim_own
    st.seed = state.seed
    st.round = state.round
    st.phase = state.phase
    st.turn = state.turn
    st.stage = state.stage
    st.hands = [h[:] for h in state.hands]
    st.stock = state.stock[:]
    st.discard = state.discard[:]
    st.sets = _copy_sets(state.sets)
    st.next_set_id = state.next_set_id
    st.laid = state.laid[:]
    st.turns_done = state.turns_done[:]
    st.drawn = state.drawn
    st.proposer = state.proposer
    st.agreed = state.agreed[:]
    st.proposed = state.proposed
    st.round_turns = state.round_turns
    st.reshuffles = state.reshuffles
    st.taken = [x[:] for x in state.taken]
    st.thrown = [x[:] for x in state.thrown]
    st.totals = state.totals[:]
    st.scorecard = [x[:] for x in state.scorecard]
    st.confirmed = state.confirmed[:]
    st.result = None if state.result is None else [state.result[0], state.result[1][:], state.result[2][:]]
    st.message = state.message
    st.last_turns = state.last_turns
    st.out_seat = state.out_seat
    st.ace_high_runs = state.ace_high_runs
    st.jokers = state.jokers
    return st


def snapshot_state(state: BeanieState) -> dict[str, Any]:
    c = clone_state(state)
    out = {name: getattr(c, name) for name in BeanieState.__slots__
           if name not in HOUSE_DEFAULTS or getattr(c, name) != HOUSE_DEFAULTS[name]}
    out["message"] = said_to_json(c.message)  # the line's message: it comes back in every viewer's language
    return out


def restore_state(data: dict[str, Any]) -> BeanieState:
    try:
        tmp = BeanieState.__new__(BeanieState)
        for name in BeanieState.__slots__:
            setattr(tmp, name, data.get(name, HOUSE_DEFAULTS[name]) if name in HOUSE_DEFAULTS else data[name])
        tmp.sets = [[int(s[0]), int(s[1]), int(s[2]), list(s[3]), list(s[4])] for s in data["sets"]]
        tmp.message = said_from_json(data["message"])  # (an older snapshot: the English line)
        return clone_state(tmp)
    except (KeyError, TypeError, IndexError) as exc:
        raise ValueError(f"Not a Beanie snapshot ({exc}).") from None
