"""President house rules (issue 52): the play phase when any switch is on (``state.house != 0``).

Today's game (all switches off) never comes here, so its fast path in ``rules.py`` is unchanged. How the switches
combine is settled in HOUSE_RULES.md; the choices it leaves open are on the rules page ("Choices we made"):

* ``s.rev`` is the order *in effect*: a revolution flips it for the rest of the hand, jack-back flips it until the
  trick ends (``s.jback`` remembers to flip it back).
* "top card" (2s clear, no finishing on a top card) is judged in the order in effect when the cards are played,
  before the play's own revolution or jack-back.
* A trick ends early by 8-cut, 2s-clear or four-burn; the player whose play ended it leads (the next player still
  in when they just went out). Any end of a trick ends jack-back and suit lock.
* Same-rank skip: the seat after the player is skipped (it has not passed) unless that would bring the turn back
  to the player (only two still in): then nobody is skipped.
* Fouls (no finishing on a top card) and the downfallen President take the lowest free place at that moment
  (``s.bottom``, lowest first); the player left holding cards ranks above them.
"""

from __future__ import annotations

from logic.game import IllegalMove
from logic.messages import t_msg

from .actions import (
    ALL_CARDS,
    DOWNFALL,
    EIGHT,
    EIGHT_CUT,
    EXACT_PLAY,
    FOUR_BURN,
    JACK,
    JACK_BACK,
    JOKER_MASK,
    JOKER_RANK,
    JOKERS,
    LEAD_TABLE,
    NO_TOP_FINISH,
    PASS,
    PLAY_TABLE,
    POP4,
    RUN_REVOLUTION,
    RUNS,
    SAME_RANK_SKIP,
    SUBSET_PLAYS,
    SUIT_LETTERS,
    SUIT_LOCK,
    TWOS_CLEAR,
    Play,
    PresidentAction,
    codes_to_mask,
    parse_play,
    suits_of,
)
from .jokers import (
    SPADE_THREE_MASK,
    check_on_lone_joker,
    effective_rank,
    fits_lock,
    four_burn_count,
    joker_plays,
    parse_set,
)
from .runs import mask_span, parse_run, run_plays, run_span
from .state import PresidentState
from .trick import auto_pass, beating_ranks, end_hand, end_trick, lay, next_active
from .words import ranks, suit_symbols

THREE_OF_SPADES_PLAY = Play(("3S",))


def lock_letters(lock: int) -> str:
    """'SH' for a lock on spades and hearts."""
    return "".join(SUIT_LETTERS[i] for i in range(4) if lock >> i & 1)


def legal_plays(s: PresidentState, seat: int) -> list[PresidentAction]:
    """The plays (and Pass when following) of the seat to move, house rules on."""
    h = s.hands[seat]
    k = s.top_count
    every_suit = s.house & SUIT_LOCK  # which suits you play can lock the trick: offer every choice
    out: list[PresidentAction] = []
    if k and s.house & RUNS and top_is_run(s):
        lo, hi = top_run_span(s)
        for play in run_plays(h, k):
            plo, phi = run_span(codes_to_mask(play.cards), play.end)
            if (plo < lo) if s.rev else (phi > hi):
                out.append(play)
        out.append(PASS)
        return out
    if k == 1 and s.top_rank == JOKER_RANK:  # a lone joker: only the 3 of spades beats it
        if h & SPADE_THREE_MASK:
            out.append(THREE_OF_SPADES_PLAY)
        out.append(PASS)
        return out
    if not k:
        if s.house & RUNS:
            out.extend(run_plays(h))
        for r in range(13):
            nib = h >> (r << 2) & 15
            if nib:
                if every_suit:
                    for c in range(1, POP4[nib] + 1):
                        out.extend(SUBSET_PLAYS[r][nib][c])
                else:
                    out.extend(LEAD_TABLE[r][nib])
        if h & JOKER_MASK:
            out.extend(joker_plays(s, h))
        return out
    ranks = beating_ranks(s)
    lock = s.lock
    for r in ranks:
        nib = h >> (r << 2) & 15
        if lock:
            if nib & lock == lock:
                exact = EXACT_PLAY[r][lock]
                assert exact is not None
                out.append(exact)
        elif POP4[nib] >= k:
            if every_suit:
                out.extend(SUBSET_PLAYS[r][nib][k])
            else:
                canonical = PLAY_TABLE[r][nib][k]
                assert canonical is not None  # POP4[nib] >= k: the table holds a play
                out.append(canonical)
    if h & JOKER_MASK:
        out.extend(joker_plays(s, h))
    out.append(PASS)
    return out


def top_rank_in_effect(s: PresidentState) -> int:
    return 0 if s.rev else 12


def is_top_card(s: PresidentState, rank: int) -> bool:
    """A card nobody may go out on (no_top_finish): the top rank in effect, or an 8 when 8-cut is on."""
    return rank == top_rank_in_effect(s) or (rank == EIGHT and bool(s.house & EIGHT_CUT))


def top_run_span(s: PresidentState) -> tuple[int, int]:
    """(lowest, highest) rank of the run to beat: its top card is the trick's top rank (a joker left over stands
    where its player put it)."""
    return s.top_rank - s.top_count + 1, s.top_rank


def top_is_run(s: PresidentState) -> bool:
    """The play to beat is a run (its ordinary cards are of more than one rank)."""
    if not s.trick:
        return False
    return is_run_mask(s.trick[-1][1])


def is_run_mask(mask: int) -> bool:
    """A play's cards form a run: its ordinary cards (jokers aside) are of more than one rank."""
    nat = mask & ALL_CARDS
    if not nat:
        return False
    lo, hi = mask_span(nat)
    return lo != hi


def _check_run(s: PresidentState, seat: int, cards: tuple[str, ...],
               end: str | None = None) -> tuple[int, int, int, bool] | None:
    """(mask, highest rank, length, True) of a legal run (``end``: where a joker left over stands); None when the
    cards are no run."""
    if end not in (None, "low", "high"):
        raise IllegalMove(t_msg("A joker at the end of a run goes at the low end or the high end"))
    run = parse_run(cards, end)
    if run is None:
        return None
    mask, lo, hi = run
    if s.hands[seat] & mask != mask:
        raise IllegalMove(t_msg("You can only play cards from your own hand"))
    k = s.top_count
    if k:
        if not top_is_run(s):
            raise IllegalMove(t_msg("A run can only answer a run; play the same number of cards of one rank or "
                                    "pass"))
        if len(cards) != k:
            raise IllegalMove(t_msg("Answer a run with a run of the same length, or pass"))
        tlo, thi = top_run_span(s)
        if not ((lo < tlo) if s.rev else (hi > thi)):
            raise IllegalMove(t_msg("Play a run that ends higher, or pass"))
    return mask, hi, len(cards), True


def check_play(s: PresidentState, seat: int, action: Play) -> tuple[int, int, int, bool]:
    """(mask, rank, count, is a run) of a legal play by the seat to move; IllegalMove otherwise (nothing changed).
    A run's rank is its highest."""
    cards = action.cards
    if type(cards) is not tuple:
        cards = tuple(cards) if isinstance(cards, list) else cards
        if type(cards) is not tuple:
            raise IllegalMove(t_msg("Choose the cards to play"))
    if s.house & RUNS:
        run = _check_run(s, seat, cards, action.end)
        if run is not None:
            return run
    if s.house & JOKERS:
        mask, rank, count, jokers = parse_set(cards)
        rank = effective_rank(s, rank, count)
    else:
        (mask, rank, count), jokers = parse_play(cards), 0
    if s.hands[seat] & mask != mask:
        raise IllegalMove(t_msg("You can only play cards from your own hand"))
    k = s.top_count
    if not k:
        return mask, rank, count, False
    if s.house & RUNS and top_is_run(s):
        raise IllegalMove(t_msg("Answer a run with a run of the same length, or pass"))
    if count != k:
        raise IllegalMove(t_msg("Play the same number of cards as the lead or pass"))
    t = s.top_rank
    if t == JOKER_RANK:
        check_on_lone_joker(mask)
        return mask, 0, count, False
    if rank == JOKER_RANK:  # a lone joker beats any single, in any order, under any suit lock
        return mask, rank, count, False
    if rank == t:
        if not s.house & SAME_RANK_SKIP:
            raise IllegalMove(t_msg("An equal rank does not beat the {ranks}: play higher or pass",
                                    ranks=ranks(t)))
    elif (rank > t) if s.rev else (rank < t):
        if s.jback:
            raise IllegalMove(t_msg("Jack-back: the order is reversed until the trick ends; play higher in it "
                                    "or pass"))
        raise IllegalMove(t_msg("Play a higher rank than the {ranks}, or pass", ranks=ranks(t)))
    if s.lock and (not fits_lock(mask, rank, s.lock) if jokers else suits_of(mask, rank) != s.lock):
        raise IllegalMove(t_msg("The suits are locked ({suits}): play those suits or pass",
                                suits=suit_symbols(s.lock)))
    return mask, rank, count, False


def _burnt(s: PresidentState, rank: int) -> bool:
    """Four cards of ``rank`` are in the trick (four-burn), jokers standing for it included."""
    if s.house & JOKERS:
        return four_burn_count(s, rank) >= 4
    return sum(POP4[m >> (rank << 2) & 15] for _, m in s.trick) >= 4


def _rank_of_mask(mask: int) -> int:
    return ((mask & -mask).bit_length() - 1) >> 2


def apply_play(s: PresidentState, seat: int, action: Play) -> None:
    """A play with house rules on (the turn and phase are checked by the caller)."""
    mask, rank, count, run = check_play(s, seat, action)
    house = s.house
    k = s.top_count
    on_joker = bool(k) and s.top_rank == JOKER_RANK  # the 3 of spades beats a lone joker: the trick ends
    if run:  # only plays of one rank trigger the house rules; a run ending on a top card still fouls
        lo = rank - count + 1
        same_rank, clears = False, False
        top_card = (lo if s.rev else rank) == top_rank_in_effect(s) or bool(mask & JOKER_MASK)
    else:
        same_rank = bool(k) and rank == s.top_rank
        top_card = is_top_card(s, rank) or bool(mask & JOKER_MASK)  # going out on a joker is a foul too
        clears = bool(house & EIGHT_CUT and rank == EIGHT) or bool(
            house & TWOS_CLEAR and (rank == top_rank_in_effect(s) or rank == JOKER_RANK))
    h = lay(s, seat, mask, rank, count)
    effects: list[str] = []
    if house & SUIT_LOCK and not s.lock and len(s.trick) >= 2 and not run:
        nib = suits_of(mask, rank)
        prev = s.trick[-2][1]
        if not (mask | prev) & JOKER_MASK and suits_of(prev, _rank_of_mask(prev)) == nib:  # jokers never lock
            s.lock = nib
            effects.append("lock")
    flipped = (count >= 4 and bool(house & RUN_REVOLUTION)) if run else (count == 4 and s.revolution)
    if flipped:
        s.rev = not s.rev
    if rank == JACK and house & JACK_BACK and not run:
        s.jback = not s.jback
        s.rev = not s.rev
        effects.append("jack" if s.jback else "jack-off")
    ender = ""
    if run:
        pass
    elif on_joker:
        ender = "spade3"
    elif rank == EIGHT and house & EIGHT_CUT:
        ender = "cut"
    elif clears:
        ender = "clear"
    elif house & FOUR_BURN and _burnt(s, rank):
        ender = "burn"
    if rank == JOKER_RANK and k:
        effects.append("joker")
    went_out = not h
    if went_out:
        s.out_mask |= 1 << seat
        s.passing &= ~(1 << seat)
        if house & NO_TOP_FINISH and top_card:
            s.bottom.append(seat)
            effects.append("foul")
        else:
            s.finished.append(seat)
            if house & DOWNFALL and len(s.finished) == 1 and s.hand_no > 1:
                pres = s.prev_finish[0]
                if pres != seat and not s.out_mask >> pres & 1:
                    s.out_mask |= 1 << pres
                    s.passing &= ~(1 << pres)
                    s.bottom.append(pres)
                    effects.append(f"down:{pres}")
        still_in = [i for i in range(s.n) if not s.out_mask >> i & 1]
        if len(still_in) <= 1:
            s.finished.extend(still_in)
            s.out_mask = (1 << s.n) - 1
            s.finished.extend(reversed(s.bottom))
            s.last_event = ("play", seat, mask, flipped, went_out, ",".join(effects + ([ender] if ender else [])))
            end_hand(s)
            return
    if ender:
        leader = seat if not went_out else next_active(s, seat)
        effects.append(ender)
        effects.append(f"lead:{leader}")
        end_trick(s)
        s.turn = leader
        s.last_event = ("play", seat, mask, flipped, went_out, ",".join(effects))
        return
    turn = next_active(s, seat)
    if same_rank and house & SAME_RANK_SKIP:
        after = next_active(s, turn)
        if after != seat and after != turn:
            effects.append(f"skip:{turn}")
            turn = after
    s.turn = turn
    s.last_event = ("play", seat, mask, flipped, went_out, ",".join(effects))
    auto_pass(s)
