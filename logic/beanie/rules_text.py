"""In-game rules for Beanie, written for Card Night (Markdown)."""

RULES_MARKDOWN = """\
## What you are aiming for

Beanie is a rummy game for 2 to 4 players with one 52-card deck. You play up to 13 short rounds and
try to get rid of your cards in each one. Whatever is still in your hand when a round stops counts
against you, so after the last round the **smallest total wins**.

Every round has its own wild rank, the **Beanie** (★): aces in round 1, twos in round 2, and so on up
to kings in round 13. A Beanie can take the place of any card in a set.

## Dealing and turn order

Player 1 starts round 1, player 2 starts round 2, and the start keeps moving one seat to the left
(after the last seat it comes back to player 1). The player who starts gets 8 cards and skips the
draw on that first turn; everybody else gets 7. The rest of the deck is the face-down stock; the
discard pile begins empty.

## A turn, step by step

1. **Draw** one card: the top of the stock, or the top card of the discard pile.
2. **Play** as much as you like (all optional):
   - **Lay a set** from your hand.
   - **Add** a card from your hand to any set on the table (+ button).
   - **Place a Beanie** on a set (★ button).
   - **Steal a Beanie** from the table.
   - Start, join or cancel an **end-round vote**.
3. **Discard** one card face up. The turn passes to the left.

You win the round the moment your hand is empty, whether your last card went into a set or onto the
discard pile. There is one catch: on your first turn of each round you cannot go out, so you always
keep at least one card after that first discard.

## Sets

- A **match** is 3 or 4 cards of one rank, no two of the same suit.
- A **run** is 3 or more cards of one suit in a row. Ace counts only as the low card (A-2-3 is a run,
  Q-K-A is not); the king is the top. Runs do not go round the corner.

A Beanie in a **match** stands for one of the suits that is missing; a small badge on it shows
which card it pretends to be. A Beanie in a **run** either plugs a hole between your cards (it is then
fixed at that spot) or sits on an end. If your Beanies go beyond your real cards and both ends are
possible, you pick **low** or **high**. When the cards you selected could form either a match or a run
(one real card plus two or three Beanies), you are asked which one you mean.

## Adding, placing and stealing

These three need one thing first: **you must have laid a set of your own in this round** (earlier in
the same turn is fine).

- **Add**: put one real card from your hand on any set, yours or someone else's. A run grows at
  either end; a match holds at most four cards.
- **Place a Beanie (★)**: put a single Beanie from your hand on a set. On a match it becomes another
  card of that rank. On a run it extends one end; if both ends are open you choose which.
- **Steal a Beanie**: if a Beanie on the table stands for a card that you hold for real, swap them.
  Your real card takes the Beanie's place and the Beanie comes into your hand. You can steal only from
  other players' sets, unless the host switched on *Reclaim own Beanie*.

## Running out of stock

When the stock is empty at the end of a turn, the discard pile except its top card is shuffled and
becomes the new stock. If there is only one card in the discard pile, the next player has to take it.

## Ending a stuck round

During your play step you can **propose** ending the round. The others see the vote and can
**agree** during their own play step. Until the last agreement is given, anyone who has voted can take
their vote back with **Cancel**, even while someone else is playing: when the proposer cancels, the whole
vote is off; when someone who agreed cancels, only their agreement goes and the vote stays open. Once
everybody has agreed, the round stops as a draw: every player, without exception, counts the cards in
hand.

## Scoring

| Card left in hand | Penalty |
| --- | --- |
| Ace | 1 |
| 2 to 9 | the number on the card |
| 10, J, Q, K | 10 |
| A Beanie | 10 (or 25 if the host chose it) |

The player who went out scores 0 for the round.

## Controls

- Tap cards in your hand to select them, then **Lay set**. If the game needs to know *match or run* or
  *low or high*, it asks.
- Select one card and tap **+** on a set to add it, or select a Beanie and tap **★** on a set.
- **Steal Beanie ★** lights up your cards that can swap; pick one, then the glowing Beanie on the table.
- Tap the stock or the discard pile to draw; select one card and tap **Discard** to end your turn.
- **End round** / **Agree to end round** / **Cancel end-round vote** (the proposer) / **Cancel my
  agreement** (anyone who agreed) handle the vote.
- The sort toggle orders your hand as dealt, by rank (A to K) or by suit.

## Options (host, before the game starts)

- **Turn timer**: 30, 60 (default), 90 or 120 seconds a turn.
- **Beanie in-hand value**: 10 (default) or 25 penalty points for a Beanie still in hand.
- **Reclaim own Beanie**: off by default; when on, you may also steal Beanies from your own sets.
- **Rounds**: 13 by default. A shorter game plays rounds 1 to N only (aces wild, then twos, ...).

## House rules

Each is off unless the host turns it on in the lobby (under **House rules**).

- **Last turn each** (as in Five Crowns) — going out no longer ends the round at once. Everyone
  else plays one more full turn (draw, play, discard), going on round the table, and then the round
  is scored. Whoever went out first wins the round; anyone who also empties their hand on their last
  turn scores 0 as well. *Example:* Ana, Ben and Cai are playing round 5. Ana discards her last card:
  she is out. Ben draws, lays 6♥ 7♥ 8♥ and discards his last card — out too, 0 points. Cai draws,
  cannot get rid of everything, discards, and the round is scored: Ana 0, Ben 0, Cai pays for the
  cards he still holds.

- **Q-K-A runs** — the ace may also sit above the King in a run (Q-K-A, 10-J-Q-K-A), as well as
  below the 2 (A-2-3). A run still never turns the corner: K-A-2 is not a run. A Beanie placed
  above a King stands for the ace, and a run that reaches the ace at one end is closed there.
  *Example:* in round 5 Ana holds Q♥ K♥ A♥ and lays them as a run; later the J♥ (or a Beanie
  below the Queen) may still be added, nothing above the ace.

- **Two jokers** (as in Five Crowns) — the deck has 54 cards: two jokers join it. A joker is wild in
  every round, beside that round's Beanies, and does everything a Beanie does: it fills a gap or an
  end of a run or a missing suit of a match, it is placed on a set with ★, it can be stolen by the
  real card it stands for, and left in your hand it costs what a Beanie costs (10 or 25 points).
  *Example:* in round 5 Ana holds 7♥ 9♥ and a joker; she lays 7♥ 🃏 9♥ as a run, the joker standing
  for the 8♥. Later Ben, who has laid a set of his own, swaps his real 8♥ for the joker and takes it.

## When the timer runs out

If you have not drawn yet, the game draws from the stock for you (from the discard pile if the stock
is empty) and then discards that same card, so your hand size does not change. If you had already
drawn, it discards the card you drew. If that card is no longer in your hand (you played it), it
discards your highest-scoring card that is not a Beanie (a Beanie only when nothing else is left).
A notice, **Turn timed out**, stays on your screen until you tap **Got it**; the others get a short
message and play goes on. Your seat stays yours. Only when your timer runs out on two turns in a row does
the computer take over your seat, until you tap **I'm back**.

## Same deals at two tables

A table can be started with the same deals as another one (from a game night, or from a finished
game's link). Every round is then shuffled the same way at both tables: each seat holds the same
7 (or 8) cards as its twin seat and the stock lies in the same order. What you draw later depends on
what everyone took before you, and a stock made again from the discards is shuffled from this
table's own discards. Once both tables have finished a round, each seat sees its points and place
beside its twin's (fewer points is better).

## Choices we made

The rule sheet leaves some points open. This is how Card Night settles them:

- **Q-K-A runs and the ace's points**: the ace still costs 1 point in your hand wherever it could
  go. An ace with only Beanies beside it could go low (A-2-3) or high (Q-K-A): you choose, as for
  any run whose Beanies could go at either end. With a run from 2 to King, an added ace goes below
  the 2 (it is the same card either way).
- **Every set needs at least one real card.** Three Beanies on their own are not a set.
- **A Beanie is always wild.** A card of the wild rank never counts as its ordinary self; in a run it
  may stand for exactly its own spot, but it is still a Beanie.
- **Which suit a Beanie takes in a match**: the first missing suit in the order ♠ ♥ ♦ ♣.
- **Several end Beanies in one lay** all go to the same end (the one you choose). To spread them over
  both ends, lay the set with one and place the other with ★ afterwards.
- **Going out**: your hand may be emptied by a play as well as by the discard; either way you win the
  round at once (not on your first turn of the round).
- **First turn**: since you cannot go out on it, the game keeps you from playing your hand down below
  two cards during that turn.
- **Adding** is one card at a time; to add several, add them one after another.
- **Stealing** needs a real (non-Beanie) card; swapping one Beanie for another is not allowed.
- **The discard pile** may be drawn from even when it holds one card, and you may discard the card you
  just took from it.
- **The end-round vote** can be started once per turn, only during your play step (after drawing), and
  every "agree" is given during that player's own play step. A vote can be taken back at any moment
  while it is open (on your own turn, after drawing); if you take back your agreement you may agree again
  on a later turn of yours. Whoever gives the last agreement ends the round on the spot, and from then on
  nothing can be withdrawn.
- **Timeouts**: one timeout only makes the automatic move and shows you the notice; it never costs you
  your seat. Two timeouts in a row (with no move of your own in between) hand the seat to the
  computer, so a player who walked away does not hold up the table for a whole minute every turn.
- **Ties** in the final standings share the place.
- **Last turn each** (house rule): the end-round vote cannot be started during the last turns
  (the round is ending anyway), and a vote that was open when someone went out lapses. The last turns
  go on round the table from the player after the one who went out and stop when it is that player's
  turn again.
- **Two jokers** (house rule): a joker counts as a Beanie in every way, so a set still needs one real
  card, a match still holds at most four cards (one per suit), and stealing a joker needs the real
  card it stands for, as with any Beanie. Everyone is still dealt 7 cards (the starter 8); the two
  extra cards stay in the stock.

## FAQ

**Can I keep a Beanie in my hand for later?**
Yes, but it costs 10 (or 25) points if the round stops while you hold it. Once you have laid a set,
you can always get rid of it with ★ as long as some set has room.

**Somebody placed a Beanie on my run. Can I take it?**
Only if *Reclaim own Beanie* is on and you hold the card it stands for. Otherwise the other players
may steal it, if they hold that card and have laid a set this round.

**Why can't I add my card to that set?**
Either you have not laid a set of your own yet in this round, the match already has four cards, the
card does not continue the run at one of its ends, or your card is a Beanie this round (use ★).

**What happens if nobody can go out?**
Propose the end of the round. If everybody agrees, everyone scores their hand and the next round
starts.

**Does the round starter's first turn count as a full turn?**
Yes. The extra card replaces the draw, so after that first discard the starter may go out on their
next turn, like everybody else.

## Examples

**1. A run with a hole.** Round 4: fours are wild. You hold 6♥ 8♥ 4♣. Select all three and tap
*Lay set*: the 4♣ fills the hole and shows a 7♥ badge, so the run is 6♥ ★7♥ 8♥.

**2. Low or high.** Round 2: twos are wild. You select 9♠ 10♠ 2♦. The Beanie could be the 8♠ or the
J♠, so the game asks. You choose *high*: the run is 9♠ 10♠ ★J♠. Later another player who has laid a
set and holds the real J♠ swaps it in and takes your 2♦ home.

**3. Match or run?** Round 7: sevens are wild. You select K♦ 7♠ 7♣. That is either a match of kings
(the Beanies become K♠ and K♥) or the run J♦ Q♦ K♦. You pick *match*: K♦ joins ★K♠ and ★K♥, and the
match shows K♠ K♥ K♦ with badges on the two Beanies.
"""
