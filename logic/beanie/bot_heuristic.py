"""Beanie's heuristic computer players: Easy, Medium and Hard's tracking heuristic (``HeuristicHardBot``; the
Hard level adds its search on top, ``bot_hard.py``). The levels are described in ``bots.py``."""

from __future__ import annotations

import random
from typing import Any

from . import sets as S
from .ace_high import rank_at, run_span
from .actions import (
    AGREE,
    DRAW_DISCARD,
    DRAW_STOCK,
    NEXT,
    PROPOSE,
    WITHDRAW,
    Add,
    BeanieAction,
    Discard,
    Lay,
    Star,
    Steal,
)
from .bot_eval import Ctx, best_pack, hand_value, has_partner, pick_legal
from .deck import WILD
from .sets import CARD_ID, MATCH, NATURAL_POINTS, RANK, SUIT
from .view_types import BeanieView


def forced_move(legal: list[BeanieAction]) -> BeanieAction | None:
    """The move that needs no thought (the only one, or going on to the next round), else None."""
    if not legal:
        raise ValueError("No legal action to choose from.")
    if len(legal) == 1:
        return legal[0]
    return NEXT if NEXT in legal else None


class EasyBot:
    level = "easy"

    def choose(self, view: BeanieView, legal: list[BeanieAction], rng: random.Random) -> BeanieAction:
        forced = forced_move(legal)
        if forced is not None:
            return forced
        ctx = Ctx(view)
        if ctx.stage == "draw":
            if DRAW_DISCARD in legal and ctx.top >= 0:
                if any(ctx.top in cards for cards, _, _ in S.lay_options(ctx.hand + [ctx.top], ctx.wild, ctx.ace_high)):
                    return DRAW_DISCARD
            return DRAW_STOCK if DRAW_STOCK in legal else legal[0]
        if AGREE in legal:
            return AGREE
        if PROPOSE in legal and ctx.round_turns >= 30 * ctx.n:
            return PROPOSE
        lays = [a for a in legal if type(a) is Lay]
        if lays:
            return max(lays, key=len_cards)
        adds = [a for a in legal if type(a) is Add]
        if adds:
            return adds[0]
        discards = [a for a in legal if type(a) is Discard]
        if not discards:
            return legal[0]
        hand = ctx.hand
        nat = [c for c in hand if not WILD[ctx.wild][c]]
        useless = [c for c in nat if not has_partner(c, nat)]
        pool = useless or nat or hand
        best = max(pool, key=lambda c: (NATURAL_POINTS[c], RANK[c]))
        return pick_legal(legal, Discard(S.CODES[best]))


def len_cards(a: Lay) -> int:
    return len(a.cards)


class MediumBot:
    level = "medium"
    take_margin = 2.5

    # hooks Hard overrides
    def partial_factor(self, ctx: Ctx) -> float:
        """Half-built sets are worth less when somebody may go out before they are finished."""
        least = min(ctx.counts[i] for i in ctx.others())
        return 0.8 if least <= 2 else (0.65 if least <= 4 else 0.5)

    def dead_cards(self, ctx: Ctx) -> set[int] | None:
        return None

    def discard_danger(self, ctx: Ctx, c: int, accepted: set[int]) -> float:
        return 0.0

    def should_agree(self, ctx: Ctx) -> bool:
        mine = ctx.counts[ctx.me]
        least = min(ctx.counts[i] for i in ctx.others())
        return ctx.round_turns >= 20 * ctx.n or mine > least + 2

    def should_propose(self, ctx: Ctx) -> bool:
        return ctx.round_turns >= 25 * ctx.n

    def should_withdraw(self, ctx: Ctx) -> bool:
        return False

    def choose_star(self, ctx: Ctx, stars: list[Star]) -> Star | None:
        return stars[0]

    def stock_estimate(self, ctx: Ctx, rng: random.Random, accepted: set[int], dead: set[int] | None) -> float:
        return hand_value(ctx, ctx.hand, accepted, dead, self.partial_factor(ctx)) - self.take_margin

    # shared machinery
    def best_discard_value(self, ctx: Ctx, hand: list[int], accepted: set[int], dead: set[int] | None) -> float:
        best = None
        for i in range(len(hand)):
            rest = hand[:i] + hand[i + 1 :]
            v = hand_value(ctx, rest, accepted, dead, self.partial_factor(ctx))
            if best is None or v < best:
                best = v
        return 0.0 if best is None else best

    def choose(self, view: BeanieView, legal: list[BeanieAction], rng: random.Random) -> BeanieAction:
        forced = forced_move(legal)
        if forced is not None:
            return forced
        ctx = Ctx(view)
        accepted = ctx.accepted()
        dead = self.dead_cards(ctx)
        if ctx.stage == "draw":
            if DRAW_DISCARD not in legal:
                return legal[0]
            if DRAW_STOCK not in legal:
                return DRAW_DISCARD
            with_top = self.best_discard_value(ctx, ctx.hand + [ctx.top], accepted, dead)
            with_top += self.discard_danger(ctx, -1, accepted)  # hook: cost of showing what we collect
            if with_top < self.stock_estimate(ctx, rng, accepted, dead):
                return DRAW_DISCARD
            return DRAW_STOCK
        # play stage
        if AGREE in legal and self.should_agree(ctx):
            return AGREE
        if PROPOSE in legal and self.should_propose(ctx):
            return PROPOSE
        if WITHDRAW in legal and self.should_withdraw(ctx):
            return WITHDRAW
        steals = [a for a in legal if type(a) is Steal]
        if steals:
            return max(steals, key=lambda a: NATURAL_POINTS[CARD_ID[a.card]])
        lays = [a for a in legal if type(a) is Lay]
        if lays:
            return self.best_lay(ctx, lays)
        adds = [a for a in legal if type(a) is Add]
        if adds:
            return max(adds, key=lambda a: NATURAL_POINTS[CARD_ID[a.card]])
        stars = [a for a in legal if type(a) is Star]
        if stars:
            pick = self.choose_star(ctx, stars)
            if pick is not None:
                return pick
        discards = [a for a in legal if type(a) is Discard]
        if not discards:
            return legal[0]
        return self.best_discard(ctx, discards, accepted, dead)

    def best_lay(self, ctx: Ctx, lays: list[Lay]) -> Lay:
        return self.ranked_lays(ctx, lays)[0]

    def ranked_lays(self, ctx: Ctx, lays: list[Lay]) -> list[Lay]:
        """One lay per shape (Beanies are interchangeable), best first: the points shed now and by the best
        packing of the rest of the hand, then the most cards, then the fewest Beanies."""
        hand = ctx.hand
        bv, wild = ctx.bv, ctx.wild
        keyed: dict[tuple[Any, ...], tuple[Any, ...]] = {}
        for a in lays:
            cards = {CARD_ID[c] for c in a.cards}
            nat = tuple(sorted(c for c in cards if not WILD[wild][c]))
            nw = len(cards) - len(nat)
            if (nat, nw) in keyed:
                continue
            rest = [c for c in hand if c not in cards]
            p = sum(NATURAL_POINTS[c] for c in nat) + bv * nw
            keyed[(nat, nw)] = ((p + best_pack(ctx, rest)[0], len(cards), -nw), a)
        return [a for _, a in sorted(keyed.values(), key=lambda t: t[0], reverse=True)]

    def best_discard(self, ctx: Ctx, discards: list[Discard], accepted: set[int], dead: set[int] | None) -> Discard:
        return self.ranked_discards(ctx, discards, accepted, dead)[0]

    def ranked_discards(
        self, ctx: Ctx, discards: list[Discard], accepted: set[int], dead: set[int] | None
    ) -> list[Discard]:
        """The discards from best to worst by what the hand left behind is worth (and what the card gives away)."""
        hand = ctx.hand
        keyed = []
        for i, a in enumerate(discards):
            c = CARD_ID[a.card]
            rest = list(hand)
            rest.remove(c)
            v = hand_value(ctx, rest, accepted, dead, self.partial_factor(ctx)) + self.discard_danger(ctx, c, accepted)
            if WILD[ctx.wild][c]:
                v += self.keep_wild_bonus(ctx)
            keyed.append(((v, -NATURAL_POINTS[c], i), a))
        keyed.sort(key=lambda x: x[0])
        return [a for _, a in keyed]

    def keep_wild_bonus(self, ctx: Ctx) -> float:
        return 12.0


class HeuristicHardBot(MediumBot):
    """The tracking heuristics of Hard without its search (also the search's move ordering)."""

    level = "hard"
    samples = 14

    def dead_cards(self, ctx: Ctx) -> set[int]:
        dead = set(ctx.hand)
        for s in ctx.sets:
            dead.update(s[4])
            dead.update(s[3])
        pile = [c for x in ctx.thrown for c in x]  # the history forgets cards shuffled into the stock
        for x in ctx.taken:
            for c in x:
                if c in pile:
                    pile.remove(c)
        dead.update(pile)
        return dead

    def _next_seat(self, ctx: Ctx) -> int:
        return (ctx.me + 1) % ctx.n

    def _holds_interest(self, ctx: Ctx, seat: int) -> list[int]:
        """Cards seat picked up that it still probably holds (not seen on the table or thrown again)."""
        table = {c for s in ctx.sets for c in s[3]}
        return [c for c in ctx.taken[seat] if c not in table and c not in ctx.thrown[seat]]

    def discard_danger(self, ctx: Ctx, c: int, accepted: set[int]) -> float:
        if c < 0:
            return 0.5  # taking the discard shows the others what we collect
        nxt = self._next_seat(ctx)
        urgency = 2.0 if ctx.counts[nxt] <= 2 else 1.0
        d = 0.0
        if WILD[ctx.wild][c]:
            d += 8.0
        elif c in accepted and ctx.laid_all[nxt]:
            d += 4.0
        for y in self._holds_interest(ctx, nxt):
            if WILD[ctx.wild][y]:
                continue
            if RANK[y] == RANK[c] or (SUIT[y] == SUIT[c] and abs(RANK[y] - RANK[c]) <= 2):
                d += 3.0
        if any(RANK[y] == RANK[c] for y in ctx.thrown[nxt]):
            d -= 1.0
        return d * urgency

    def keep_wild_bonus(self, ctx: Ctx) -> float:
        least = min(ctx.counts[i] for i in ctx.others())
        if least <= 2:
            return 4.0 if ctx.bv == 10 else 0.0  # the round may end soon: a Beanie in hand is a liability
        return 12.0

    def stock_estimate(self, ctx: Ctx, rng: random.Random, accepted: set[int], dead: set[int] | None) -> float:
        unseen = [c for c in range(ctx.deck_size) if c not in (dead or ()) and c != ctx.top]
        if not unseen:
            return super().stock_estimate(ctx, rng, accepted, dead)
        if len(unseen) > self.samples:
            unseen = rng.sample(unseen, self.samples)
        tot = 0.0
        for x in unseen:
            tot += self.best_discard_value(ctx, ctx.hand + [x], accepted, dead)
        return tot / len(unseen) - 0.5

    def choose_star(self, ctx: Ctx, stars: list[Star]) -> Star | None:
        """Place the Beanie where it stands for a card that is already out of play (nobody can steal
        it back) and where the run end it opens is the least useful to the others."""
        dead = self.dead_cards(ctx)
        interest = set()
        for i in ctx.others():
            for y in self._holds_interest(ctx, i):
                interest.add(y)
        best, best_key = None, None
        for a in stars:
            s = next(x for x in ctx.sets if x[0] == a.set_id)
            reps = s[4]
            if s[2] == MATCH:
                used = {SUIT[x] for x in reps}
                rep = S.card_id(next(su for su in range(4) if su not in used), RANK[reps[0]])
                opens: list[int] = []
            else:
                su, (lo, hi) = SUIT[reps[0]], run_span(reps)  # (an ace above a King is 14: Q-K-A runs)
                side = a.end or ("low" if S.star_sides(s, ctx.ace_high)[0] else "high")
                top = 14 if ctx.ace_high else 13
                if side == "low":
                    rep = S.card_id(su, lo - 1)
                    opens = [S.card_id(su, lo - 2)] if lo - 2 >= 1 else []
                else:
                    rep = S.card_id(su, rank_at(hi + 1))
                    opens = [S.card_id(su, rank_at(hi + 2))] if hi + 2 <= top else []
            key = 0.0
            if rep not in dead:
                key += 3.0  # someone may hold it and steal the Beanie back
            if rep in ctx.hand:
                key -= 1.0
            for o in opens:
                if o in interest:
                    key += 2.0
                elif o not in dead:
                    key += 0.5
            if rep in interest:
                key -= 1.5  # blocks a card someone was collecting for this end
            if s[1] == ctx.me:
                key -= 0.25
            if best_key is None or key < best_key:
                best, best_key = a, key
        return best

    def _expected_penalty(self, ctx: Ctx, seat: int) -> float:
        """What ``seat`` would score if the round stopped now: the cards it took and still holds, the rest at
        the average penalty of the cards we have not seen."""
        dead = self.dead_cards(ctx)
        unseen = [c for c in range(ctx.deck_size) if c not in dead]
        avg = sum(S.points(c, ctx.wild, ctx.bv) for c in unseen) / len(unseen) if unseen else 6.0
        held = [c for c in self._holds_interest(ctx, seat)][: ctx.counts[seat]]
        return sum(S.points(c, ctx.wild, ctx.bv) for c in held) + (ctx.counts[seat] - len(held)) * avg

    def _draw_gain(self, ctx: Ctx) -> float:
        """How much better a drawn round is for us than for the best-placed opponent (penalty points)."""
        mine = ctx.view["hand_points"]
        return min(self._expected_penalty(ctx, i) for i in ctx.others()) - mine

    def _behind(self, ctx: Ctx) -> bool:
        """Somebody else is closer to going out: a drawn round would cost them their hand, and us nothing more."""
        mine = ctx.counts[ctx.me]
        least = min(ctx.counts[i] for i in ctx.others())
        return mine > least + 1 or self._draw_gain(ctx) < -15

    def should_agree(self, ctx: Ctx) -> bool:
        return self._behind(ctx) or ctx.round_turns >= 30 * ctx.n

    def should_propose(self, ctx: Ctx) -> bool:
        """Only once the round has dragged on (a proposal early in a live round is mostly refused)."""
        return (self._behind(ctx) and ctx.round_turns >= 8 * ctx.n) or ctx.round_turns >= 30 * ctx.n

    def should_withdraw(self, ctx: Ctx) -> bool:
        return not self._behind(ctx) and self._draw_gain(ctx) < -10 and ctx.round_turns < 30 * ctx.n
