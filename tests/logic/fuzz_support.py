"""Rules fuzzing shared by tests/logic/test_fuzz_hypothesis.py and tests/bench/fuzz_games.py.

One random game through the shared contract (``logic.game.Game``), for any registered game: between legal moves
it throws wrong actions at the engine (mutated legal actions, other seats' actions, stale actions from earlier in
the game, malformed JSON) and checks that

* a refused action raises ``IllegalMove`` (with a message) and leaves the snapshot exactly as it was;
* an accepted action came from a seat that was allowed to move (or is one it may make out of turn);
* cards are conserved (every card of the deck is in exactly one place);
* the game ends within a step limit;
* replaying the action log, and restoring the saved snapshot, give the same state.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

from logic.game import AnyGame, IllegalMove

CARD_RE = re.compile(r"^(10|[2-9JQKA])[SHDC]$")
CODES = [r + s for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A") for s in "SHDC"]
JUNK = [None, "", "ZZ", "1S", "11H", "QS ", "qs", -1, 99, 10**12, 1.5, True, [], {}, "hand:99", "stock:9",
        "discard:0:9", "discard:-1:0", "<script>", "\u202e", "x" * 300]

# Options a fuzzed game is built with. Rummy's target 0 means "no limit": that game only ends when people stop,
# so it is left out of "every game ends" (its rules are the same as with a target).
OPTIONS: dict[str, dict[str, list[Any]]] = {
    "president": {"players": [4, 5], "hands": [4, 8], "revolution": [False, True],
                  **{switch: [False, True] for switch in ("eight_cut", "twos_clear", "four_burn", "same_rank_skip",
                                                          "jack_back", "suit_lock", "no_top_finish", "downfall",
                                                          "runs", "run_revolution", "jokers")}},
    "rummy": {"players": [2, 3, 4], "target": [100], "first_draw": [False, True], "wrap_around": [False, True],
              "rummy_call": [False, True], "rummy_call_seconds": [3, 10], "top_card_only": [False, True],
              "keep_dug_card": [False, True], "no_final_discard": [False, True]},
    "beanie": {"players": [2, 3, 4], "rounds": [1, 2, 3, 13], "beanie_value": [10, 25],
               "reclaim_own": [False, True], "last_turns": [False, True],
               "ace_high_runs": [False, True], "jokers": [False, True]},
    "stockpile": {"players": [2, 3, 4, 5, 6], "stock_size": ["short"], "series": ["single"],
                  "partners": [False, True], "no_wild_on_own_discards": [False, True],
                  "no_partner_piles": [False, True]},
}
MAX_STEPS = {"president": 20_000, "rummy": 60_000, "beanie": 30_000, "stockpile": 30_000}


class FuzzFailure(AssertionError):
    """A broken rule of the contract, with the seed and step that show it."""


def fit_options(key: str, opts: dict[str, Any]) -> dict[str, Any]:
    """``opts`` with the switches whose needs are not met turned off (random switch sets, issue 52)."""
    opts = dict(opts)
    if key == "rummy":
        opts["keep_dug_card"] = bool(opts.get("keep_dug_card")) and not opts.get("top_card_only")
        if not opts.get("rummy_call"):
            opts.pop("rummy_call_seconds", None)
    if key == "stockpile":
        opts["partners"] = bool(opts.get("partners")) and opts["players"] in (4, 6)
        opts["no_partner_piles"] = bool(opts.get("no_partner_piles")) and opts["partners"]
    if key == "president" and opts.get("run_revolution") and not (opts.get("runs") and opts.get("revolution")):
        opts["run_revolution"] = False
    return opts


def random_options(key: str, rng: random.Random) -> dict[str, Any]:
    return fit_options(key, {name: rng.choice(values) for name, values in OPTIONS.get(key, {}).items()})


def card_count(key: str, snap: dict[str, Any]) -> Counter:
    """Every card of the game's deck, wherever it is (hands, stock, piles, melds, tricks)."""
    c: Counter = Counter()
    if key == "president":
        for h in snap["hands"]:
            c.update(h)
        for _, cards in snap["history"]:
            c.update(cards)
    elif key == "rummy":
        for h in snap["hands"]:
            c.update(h)
        c.update(snap["stock"])
        c.update(snap["discard"])
        for m in snap["melds"]:
            c.update(m["cards"])
    elif key == "beanie":
        for h in snap["hands"]:
            c.update(h)
        c.update(snap["stock"])
        c.update(snap["discard"])
        for s in snap["sets"]:
            c.update(s[3])
    elif key == "stockpile":
        c.update(snap["draw"])
        c.update(snap["set_aside"])
        for name in ("builds", "stocks", "hands"):
            for pile in snap[name]:
                c.update(pile)
        for piles in snap["discards"]:
            for pile in piles:
                c.update(pile)
    return c


def _mutate_value(value: Any, rng: random.Random) -> Any:
    if isinstance(value, bool):
        return rng.choice([not value, None, "yes", 1])
    if isinstance(value, int):
        return rng.choice([value + 1, value - 1, -1, 99, value + 7, str(value), None])
    if isinstance(value, str):
        if CARD_RE.match(value):
            return rng.choice([rng.choice(CODES), rng.choice(CODES), value.lower(), "1" + value, "XX", ""])
        if ":" in value:
            parts = value.split(":")
            i = rng.randrange(len(parts))
            if parts[i].isdigit():
                parts[i] = str(int(parts[i]) + rng.choice([1, 3, 7, -1]))
            else:
                parts[i] = "nowhere"
            return ":".join(parts)
        return rng.choice(JUNK)
    if isinstance(value, list):
        out = list(value)
        choice = rng.randrange(4)
        if choice == 0 and out:
            out.pop(rng.randrange(len(out)))
        elif choice == 1 and out:
            out.append(rng.choice(out))  # the same card twice
        elif choice == 2:
            out.append(rng.choice(CODES))
        elif out:
            i = rng.randrange(len(out))
            out[i] = _mutate_value(out[i], rng)
        return out
    return rng.choice(JUNK)


def mutate(data: dict[str, Any], kinds: list[str], rng: random.Random) -> Any:
    """A near-miss of an action's JSON form: one field changed, a field dropped, or another kind."""
    data = json.loads(json.dumps(data))
    fields = [k for k in data if k != "kind"]
    roll = rng.random()
    if roll < 0.1:
        return rng.choice(JUNK + ["pass", ["play"], {"kind": "nope"}])
    if roll < 0.25 or not fields:
        data["kind"] = rng.choice(kinds + ["nope"])
        return data
    name = rng.choice(fields)
    if roll < 0.32:
        del data[name]
    else:
        data[name] = _mutate_value(data[name], rng)
    return data


class Fuzzer:
    """Plays one game and checks the contract after every step (raises :class:`FuzzFailure`)."""

    def __init__(self, game: AnyGame, options: dict[str, Any], seed: int, rng: random.Random,
                 wrong_per_step: int = 3, max_steps: int | None = None) -> None:
        self.game, self.options, self.seed, self.rng = game, options, seed, rng
        self.config = game.make_config(**options)
        self.wrong_per_step = wrong_per_step
        self.max_steps = max_steps or MAX_STEPS.get(game.key, 30_000)
        self.seen: list[dict[str, Any]] = []  # JSON of actions met so far (stale moves to replay later)
        self.kinds: list[str] = []
        self.refused = self.accepted_wrong = 0

    def fail(self, step: int, msg: str) -> FuzzFailure:
        return FuzzFailure(f"{self.game.key} options={self.options} seed={self.seed} step={step}: {msg}")

    def wrong_actions(self, state: Any) -> list[tuple[int, Any]]:
        """Candidates that are mostly illegal: (seat, action JSON)."""
        game, rng = self.game, self.rng
        n = self.config.players
        movers = game.to_move(state)
        out: list[tuple[int, Any]] = []
        for _ in range(self.wrong_per_step):
            roll = rng.random()
            seat = rng.randrange(n)
            if roll < 0.3 and movers:  # another seat's move, made by a seat that may not move
                mover = rng.choice(movers)
                legal = game.legal_actions(state, mover)
                others = [s for s in range(n) if s not in movers]
                if legal and others:
                    out.append((rng.choice(others), game.encode_action(rng.choice(legal))))
                    continue
            if roll < 0.75 and movers:  # a near-miss of a legal move
                mover = rng.choice(movers)
                legal = game.legal_actions(state, mover)
                if legal:
                    out.append((mover, mutate(game.encode_action(rng.choice(legal)), self.kinds, rng)))
                    continue
            if self.seen:  # a move from earlier in the game
                out.append((rng.choice(movers) if movers and rng.random() < 0.7 else seat, rng.choice(self.seen)))
        return out

    def check_cards(self, snap: dict[str, Any], step: int) -> None:
        cards = card_count(self.game.key, snap)
        if cards != self.deck:
            missing, extra = self.deck - cards, cards - self.deck
            raise self.fail(step, f"cards not conserved: missing {dict(missing)}, extra {dict(extra)}")

    def run(self) -> dict[str, int]:
        game, rng = self.game, self.rng
        state = game.new_game(self.config, self.seed)
        snap = game.snapshot(state)
        self.deck = card_count(game.key, snap)
        log: list[tuple[int, Any]] = []
        step = 0
        while game.outcome(state) is None:
            if step >= self.max_steps:
                raise self.fail(step, "the game did not end")
            movers = game.to_move(state)
            if not movers:
                raise self.fail(step, "nobody may move in an unfinished game")
            for seat, data in self.wrong_actions(state):
                before = snap
                allowed = game.to_move(state)
                off_turn = game.off_turn_actions(state, seat)  # e.g. Beanie: withdrawing a vote out of turn
                try:
                    action = game.decode_action(data)
                    game.apply(state, seat, action)
                except IllegalMove as exc:
                    self.refused += 1
                    if not str(exc):
                        raise self.fail(step, f"IllegalMove without a message for {data!r}") from None
                    after = game.snapshot(state)
                    if after != before:
                        raise self.fail(step, f"refused action {data!r} by seat {seat} changed the state") from None
                    continue
                except Exception as exc:  # anything but IllegalMove is a crash the player would see
                    raise self.fail(step, f"{data!r} by seat {seat} raised {type(exc).__name__}: {exc}") from exc
                # accepted: it was a legal move after all (e.g. a near-miss that is also legal)
                if seat not in allowed and action not in off_turn:
                    raise self.fail(step, f"seat {seat} moved out of turn with {data!r}")
                self.accepted_wrong += 1
                log.append((seat, game.encode_action(action)))
                snap = game.snapshot(state)
                self.check_cards(snap, step)
                step += 1
                if game.outcome(state) is not None:
                    break
            if game.outcome(state) is not None:
                break
            if game.key == "rummy" and rng.random() < 0.5:  # "Rummy!" calls out of turn, and the window's close
                off = [(s, a) for s in range(state.n) for a in game.off_turn_actions(state, s)]
                pending = game.pending_commit(state)
                pick = rng.choice(off) if off and rng.random() < 0.7 else None
                if pick is None and pending is not None and pending[2].kind == "rummy-close":
                    pick = (pending[1], pending[2])
                if pick is not None:
                    data = game.encode_action(pick[1])
                    game.apply(state, pick[0], game.decode_action(json.loads(json.dumps(data))))
                    log.append((pick[0], data))
                    snap = game.snapshot(state)
                    self.check_cards(snap, step)
                    step += 1
                    continue
            movers = game.to_move(state)
            seat = rng.choice(movers)
            legal = game.legal_actions(state, seat)
            if not legal:
                raise self.fail(step, f"seat {seat} is to move but has no legal action")
            # Rummy's melds and lay-offs are taken nine times in ten when they are there: purely random play scores
            # below 0 hand after hand at a top-card-only table (house rule), and a race to 100 would never end
            building = [a for a in legal if getattr(a, "kind", None) in ("meld", "layoff")]
            action = rng.choice(building) if building and rng.random() < 0.9 else rng.choice(legal)
            data = game.encode_action(action)
            if data["kind"] not in self.kinds:
                self.kinds.append(data["kind"])
            if len(self.seen) < 400:
                self.seen.append(data)
            elif rng.random() < 0.05:
                self.seen[rng.randrange(len(self.seen))] = data
            try:
                game.apply(state, seat, game.decode_action(json.loads(json.dumps(data))))
            except Exception as exc:
                raise self.fail(step, f"listed legal action {data!r} for seat {seat} failed: {exc!r}") from exc
            log.append((seat, data))
            snap = game.snapshot(state)
            self.check_cards(snap, step)
            step += 1
        final = game.snapshot(state)
        replayed = game.replay(self.config, self.seed, json.loads(json.dumps(log)))
        if game.snapshot(replayed) != final:
            raise self.fail(step, "replaying the log gives another state")
        restored = game.restore(json.loads(json.dumps(final)))
        if game.snapshot(restored) != final:
            raise self.fail(step, "restoring the snapshot gives another state")
        if game.to_move(state):
            raise self.fail(step, "a finished game still has seats to move")
        return {"steps": step, "refused": self.refused, "accepted_wrong": self.accepted_wrong}
