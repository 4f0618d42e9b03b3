"""What President gives the shared search (logic/search.py): sampled worlds, fast playouts and a match value.

* **Worlds** (:meth:`PresidentSpec.sample`): the unseen cards dealt to the other seats, with their hand sizes,
  what the exchange told us (cards we know a partner holds, the Beggar's rank cap) and what their passes
  suggest: a player who passed although holding an exact match below the Aces would have been unusual, so
  such deals are mostly rejected (a soft filter: people do pass on purpose). With ``infer`` (a knob, off) every
  play and pass of the others is read (bot_history.unusual_plays: a group broken up, a follow over a lower exact
  match, a pass holding one) and a deal is kept with chance ``infer`` per unusual entry.
* **Playouts** (:meth:`PresidentSpec.rollout`): everyone plays the shared rule (bot_policy.rule_move, the
  Normal level's rule) with a little noise, on rank counts, to the end of the hand for the searching seat.
  The Expert's playouts (``keep=STEADY_KEEP, adapt=True``) model each other seat by what it has shown this hand:
  by default it keeps its Aces and 2s against any lead while it holds more than 8 cards, as steady human players
  do; a seat the history shows spending one early (:func:`early_spenders`) plays the shared rule instead.
  With ``sure_out`` (the Expert) every seat also counts the cards and takes a sure way out, as the calibrated
  rule yardstick (tests/bench/yardsticks/president.py) does. Normal's look-ahead keeps the rule as it is.
  House rules (issue 52) are played as the table has them: the trick-enders, jack-back, jokers, fouls, same-rank
  skip (an equal rank is a play for the playout players too, and skips the next seat) and the President's
  downfall; suit lock is not modelled (the playouts keep rank counts, not suits).
  The reading of the history (passes, early spenders) is in bot_history.py.
  With ``solve_below`` (off: 0) a playout whose seats still in hold that many cards or fewer is finished by an
  exact max-n search in its world instead (bot_endgame.py), at standard rules.
* **Value** (:func:`place_value`): points for the place plus what the title is worth in the next hand (the
  President takes the Beggar's two best cards), so the search plays for the whole match.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from logic.game import AnyGame

from .actions import DOWNFALL, JACK, JACK_BACK, JOKERS, SAME_RANK_SKIP
from .bot_deals import sample_hands
from .bot_endgame import Endgame, cards_in
from .bot_history import (
    SPEND_SHOWN_ABOVE,
    early_spenders,
    pass_checks,
    pass_events,
    play_events,
    unusual_pass_checks,
    unusual_plays,
)
from .bot_info import BotInfo, fouls, wins_trick
from .bot_policy import JOKER, KEEP_HIGH_ABOVE, KEEP_UNDER, joker_move, rule_move
from .playout_moves import falling_president, hoarding, next_in, random_move
from .title_worth import place_values
from .view_types import PresidentView

NOISE = 0.04  # share of random moves in playouts (people are not machines)
# Expert's playouts: every seat keeps its Aces and 2s against any lead while it holds more than 8 cards, as a
# steady human does (the shared rule keeps them only against plays below a 10 and above 6 cards). Against three
# yard:rules players, 120 paired matches: 2.029 v 1.840 points per hand, +0.190 ± 0.135 (N=500: 2.034 ± 0.071).
# The price: against frozen:expert (2 seats each), which spends Aces early, it scores 0.143 ± 0.105 a hand below
# it (N=306), where the shared rule's model was +0.137 ± 0.114 (N=300). Hence adapt=True (early_spenders): a seat
# seen spending an Ace or 2 early plays the shared rule in the playouts. With it: three yard:rules 2.000 ± 0.085
# (N=360; on the first 120 seeds 1.992, 2.029 without it); v frozen:expert +0.101 ± 0.119 a hand (N=240).
STEADY_KEEP = (SPEND_SHOWN_ABOVE, 99)
TITLE_BONUS = {4: (0.6, 0.2, -0.2, -0.6), 5: (0.6, 0.2, 0.0, -0.2, -0.6)}
REJECT_TRIES = 12
PASS_KEEP = 0.25  # chance a deal whose passes look unusual is kept anyway, per unusual pass


def place_value(n: int, place: int, hands_left: int) -> float:
    """Points for finishing ``place`` (0 = first) plus the next hand's title value when one follows."""
    value = float(n - 1 - place)
    if hands_left > 0:
        value += TITLE_BONUS[n][place]
    return value


class World:
    """A determinized hand in progress: every seat's rank counts and the trick state."""

    __slots__ = ("hands", "cnt", "k", "t", "last", "passed", "passing", "out_mask", "nfin", "rev", "turn", "my_place",
                 "jb", "nfoul")
    hands: list[list[int]]  # per seat, a count per rank
    cnt: list[int]
    k: int
    t: int
    last: int
    passed: int
    passing: int  # seats that pass for the rest of this trick ("Pass for this trick": public)
    out_mask: int
    nfin: int
    rev: bool
    turn: int
    my_place: int
    jb: bool  # jack-back has flipped ``rev`` until the trick ends (house rule)
    nfoul: int  # seats placed from the bottom (fouls, downfall) so far

    def copy(self) -> World:
        w = World.__new__(World)
        w.hands = [list(h) for h in self.hands]
        w.cnt = list(self.cnt)
        w.k, w.t, w.last, w.passed, w.passing = self.k, self.t, self.last, self.passed, self.passing
        w.out_mask, w.nfin, w.rev, w.turn, w.my_place = self.out_mask, self.nfin, self.rev, self.turn, self.my_place
        w.jb, w.nfoul = self.jb, self.nfoul
        return w


class PresidentSpec:
    """The search's view of one President decision (see the module docstring)."""

    def __init__(
        self,
        game: AnyGame,
        view: PresidentView,
        info: BotInfo,
        noise: float = NOISE,
        match_aware: bool = True,
        keep: tuple[int, int] = (KEEP_HIGH_ABOVE, KEEP_UNDER),
        adapt: bool = False,
        sure_out: bool = False,
        hoard: bool = False,
        infer: float = 0.0,
        tries: int = 0,
        own_hoard: bool = False,
        own_keep: tuple[int, int] | None = None,
        titles: bool = False,
        blind: bool = False,
        solve_below: int = 0,
    ) -> None:
        self.game = game
        # ``blind`` (off): a playout seat judges a group safe as a player does, from the cards it cannot see (all
        # the others' cards pooled, as bot_policy.beat_free with the unseen cards), not from each hand of the world
        self.blind = blind
        self.house = info.house  # house-rule switches on (actions.HOUSE_BITS): the playouts model the trick-enders,
        # jack-back, fouls, jokers, same-rank skip and downfall (not the 3 of spades); suit lock is left out (the
        # model keeps rank counts, not suits)
        self.skip = bool(info.house & SAME_RANK_SKIP)
        self.president = falling_president(view, info) if info.house & DOWNFALL else -1
        self.jokers = bool(info.house & JOKERS)
        self.move = joker_move if self.jokers else rule_move
        self.sure_out = sure_out  # every seat counts cards and takes a sure way out (bot_policy.rule_move)
        self.keeps = [keep] * info.n  # per seat: (keep Aces and 2s above this hand size, against plays below)
        if adapt:  # seats that have shown they spend Aces early are modelled by the shared rule
            for p in early_spenders(view):
                self.keeps[p] = (KEEP_HIGH_ABOVE, KEEP_UNDER)
        # ``hoard`` (off by default): the other seats not seen spending early keep their Aces and 2s as a hoarder
        # does (playout_moves.hoarding: while holding more than HOARD_ABOVE cards and more lower groups than one plus
        # one per high group)
        self.hoarders = 0
        if hoard:
            spenders = early_spenders(view) if adapt else set()
            for p in range(info.n):
                if p != info.me and p not in spenders:
                    self.hoarders |= 1 << p
        assert info.me is not None, "the search decides for a seated player"
        self.me: int = info.me
        if own_hoard:  # the searching seat's own later moves keep its Aces and 2s as a hoarder does
            self.hoarders |= 1 << self.me
        if own_keep is not None:  # the searching seat's own later moves keep its Aces and 2s by this (above, under)
            self.keeps[self.me] = own_keep
        self.info = info
        self.n = info.n
        self.noise = noise
        self.hands_left = view.get("hands", 4) - view.get("hand_no", 1) if match_aware else 0
        # ``titles`` (off): a place is worth its points plus the title's measured worth over the hands to come
        # (title_worth.py), at standard rules only (the odds were measured there); else place_value's bonus
        self.values = place_values(self.n, self.hands_left) if titles and not info.house else None
        self.events: list[Any] = pass_checks(pass_events(view)) if match_aware else []
        # ``infer`` (off: 0): every play and pass of the others is read (bot_history.unusual_plays), not only the
        # passes; a deal is kept with chance ``infer`` per unusual entry, over up to ``tries`` deals
        self.unusual: Any = unusual_pass_checks
        self.keep_bad = PASS_KEEP
        self.tries = REJECT_TRIES
        if infer and match_aware:
            self.events = play_events(view)
            self.unusual, self.keep_bad = unusual_plays, infer
            self.tries = tries or REJECT_TRIES
        # ``solve_below`` (off: 0): a playout whose seats still in hold this many cards or fewer, together, is
        # finished by an exact max-n search in its world (bot_endgame), at standard rules only (no house rules)
        self.solve_below = solve_below if not info.house else 0
        self.endgame = Endgame(self) if self.solve_below > 0 else None

    # --- worlds -------------------------------------------------------------------------------------
    def sample(self, view: PresidentView, rng: random.Random) -> World:
        best = None
        best_bad = 99
        unusual, keep = self.unusual, self.keep_bad
        for _ in range(self.tries):
            hands = sample_hands(self.info, rng)
            bad = unusual(hands, self.events) if self.events else 0
            if bad < best_bad:
                best, best_bad = hands, bad
            if not bad or rng.random() < keep**bad:
                best = hands
                break
        assert best is not None
        info = self.info
        w = World()
        w.hands = best
        w.cnt = [sum(h) for h in best]
        w.k, w.t, w.last, w.passed = info.k, info.t, info.last, info.passed
        w.passing = sum(1 << p for p in view.get("passing", ()) if p != self.me)
        w.out_mask, w.nfin, w.rev, w.turn, w.my_place = info.out_mask, info.nfinished, info.rev, self.me, -1
        w.jb, w.nfoul = info.jb, info.nbottom
        return w

    def clone(self, w: World) -> World:
        return w.copy()

    # --- moves ----------------------------------------------------------------------------------------
    def apply(self, w: World, seat: int, choice: tuple[int, int] | None) -> None:
        """Make ``choice`` ((rank, count) or None = pass) for the seat to move, and pass the turn on."""
        n = self.n
        p = seat
        if choice is None:
            w.passed |= 1 << p
            others = ((1 << n) - 1) & ~w.out_mask & ~(1 << w.last)
            if others & ~w.passed == 0:
                q = w.last
                if w.out_mask >> q & 1:
                    q = (q + 1) % n
                    while w.out_mask >> q & 1:
                        q = (q + 1) % n
                w.turn, w.k, w.t, w.passed, w.passing = q, 0, -1, 0, 0
                if w.jb:
                    w.jb, w.rev = False, not w.rev
                return
        elif self.house:
            if self._apply_house(w, p, choice):
                return
        else:
            r, c = choice
            w.hands[p][r] -= c
            w.cnt[p] -= c
            w.k, w.t, w.last, w.passed = c, r, p, 0
            if c == 4 and self.info.revolution:
                w.rev = not w.rev
            if not w.cnt[p]:
                w.out_mask |= 1 << p
                if p == self.me:
                    w.my_place = w.nfin
                w.nfin += 1
                if w.nfin == n - 1 and w.my_place < 0:
                    w.my_place = n - 1
        q = (p + 1) % n
        while w.out_mask >> q & 1:
            q = (q + 1) % n
        w.turn = q

    def _apply_house(self, w: World, p: int, choice: tuple[int, int]) -> bool:
        """A play with house rules on: 8-cut, 2s clear and four-burn (of a kind) end the trick, jack-back flips
        the order until it ends, a top card is a foul when going out (no_top_finish). True when the trick ended
        (the turn is set)."""
        n, house = self.n, self.house
        r, c = choice
        hp = w.hands[p]
        used = c - min(c, hp[r]) if r != JOKER else c  # jokers making up the set
        on_joker = w.k == 1 and w.t == JOKER  # the 3 of spades (only it may be played here) ends the trick
        same = w.k == c and w.t == r and r != JOKER
        hp[JOKER] -= used
        hp[r] -= c - used
        if r == JOKER and c > 1:
            r = 0 if w.rev else 12  # jokers alone: the highest rank in effect
        w.cnt[p] -= c
        ends = on_joker or wins_trick(house, r, c, w.rev)
        foul = not w.cnt[p] and (fouls(house, r, w.rev) or bool(used and fouls(house, JOKER, w.rev)))
        w.k, w.t, w.last, w.passed = c, r, p, 0
        if c == 4 and self.info.revolution:
            w.rev = not w.rev
        if r == JACK and house & JACK_BACK:
            w.jb, w.rev = not w.jb, not w.rev
        if not w.cnt[p]:
            w.out_mask |= 1 << p
            if foul:
                if p == self.me:
                    w.my_place = n - 1 - w.nfoul
                w.nfoul += 1
            else:
                if p == self.me:
                    w.my_place = w.nfin
                w.nfin += 1
                pres = self.president
                if w.nfin == 1 and pres >= 0 and pres != p and not w.out_mask >> pres & 1:  # downfall
                    w.out_mask |= 1 << pres
                    if pres == self.me:
                        w.my_place = n - 1 - w.nfoul
                    w.nfoul += 1
            if w.nfin + w.nfoul >= n - 1 and w.my_place < 0:
                w.my_place = w.nfin
            if w.out_mask == (1 << n) - 1:
                return True  # a downfall took the last seat still in: the hand is over
        if not ends:
            if same and self.skip:  # same-rank skip: the next seat still in is skipped (not back to the player)
                q = next_in(w, p, n)
                after = next_in(w, q, n)
                if after != p and after != q:
                    w.turn = after
                    return True
            return False
        q = p
        while w.out_mask >> q & 1 and w.out_mask != (1 << n) - 1:
            q = (q + 1) % n
        w.turn, w.k, w.t, w.passed, w.passing = q, 0, -1, 0, 0
        if w.jb:
            w.jb, w.rev = False, not w.rev
        return True

    def policy(self, w: World, seat: int, legal: Sequence[Any], rng: random.Random) -> tuple[int, int] | None:
        if w.k and w.passing >> seat & 1:  # the game passes for this seat until the trick ends
            return None
        h = w.hands[seat]
        if rng.random() < self.noise and (not self.jokers or (w.t != JOKER and w.cnt[seat] > h[JOKER])):
            return random_move(h, w.k, w.t, w.rev, rng)
        return self.rule(w, seat)

    def rule(self, w: World, seat: int) -> tuple[int, int] | None:
        """The playouts' rule move for ``seat`` (the policy without its noise and the passes for the trick)."""
        h = w.hands[seat]
        out, cnt = w.out_mask, w.cnt
        short = 99
        for q in range(self.n):
            if q != seat and not out >> q & 1 and cnt[q] < short:
                short = cnt[q]
        self._w, self._seat = w, seat
        above, under = self.keeps[seat]
        if self.hoarders >> seat & 1:
            above, under = (-1, 99) if hoarding(h, cnt[seat], w.rev) else (99, 99)
        t = w.t
        if self.skip and w.k and t != JOKER:  # same-rank skip: an equal rank is a play too (and skips a seat)
            t = t + 1 if w.rev else t - 1
            if t > 12:
                t = w.t
        return self.move(h, cnt[seat], w.k, t, w.rev, self._is_safe, short, above, under, self.sure_out)

    def _is_safe(self, r: int, c: int) -> bool:
        """In the playout world: no other seat still in can beat ``c`` cards of rank ``r`` (with jokers: a joker
        beats a single; jokers make up sets)."""
        w, seat = self._w, self._seat
        if self.house and wins_trick(self.house, r, c, w.rev):
            return True
        stronger = range(r - 1, -1, -1) if w.rev else range(r + 1, 13)
        jokers = self.jokers
        if self.blind:
            others = [w.hands[q] for q in range(self.n) if q != seat and not w.out_mask >> q & 1]
            j = sum(hq[JOKER] for hq in others) if jokers else 0
            if j and c == 1:
                return False
            for x in stronger:
                tot = sum(hq[x] for hq in others)
                if tot >= c or (j and tot and tot + j >= c):
                    return False
            return True
        for q in range(self.n):
            if q != seat and not w.out_mask >> q & 1:
                hq = w.hands[q]
                j = hq[JOKER] if jokers else 0
                if j and c == 1:
                    return False
                for x in stronger:
                    if hq[x] >= c or (j and hq[x] and hq[x] + j >= c):
                        return False
        return True

    # --- playout ---------------------------------------------------------------------------------------
    def done(self, w: World, start: Any) -> bool:
        return w.my_place >= 0

    def evaluate(self, w: World, seat: int) -> float:
        return self.place_worth(w.my_place)

    def place_worth(self, place: int) -> float:
        """What finishing ``place`` is worth to the searching seat."""
        if self.values:
            return self.values[place]
        return place_value(self.n, place, self.hands_left)

    def rollout(self, w: World, seat: int, rng: random.Random) -> float:
        apply, policy = self.apply, self.policy
        if self.endgame is not None:  # ``solve_below``: the last cards are solved (bot_endgame)
            below = self.solve_below
            while w.my_place < 0:
                if cards_in(w) <= below:
                    return self.endgame.value(w)
                p = w.turn
                apply(w, p, policy(w, p, (), rng))
            return self.evaluate(w, seat)
        while w.my_place < 0:
            p = w.turn
            apply(w, p, policy(w, p, (), rng))
        return self.evaluate(w, seat)
