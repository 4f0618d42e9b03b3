"""Stockpile's in-game rules page (Markdown), written in our own words."""

RULES_MARKDOWN = """\
## The idea

Everyone gets a face-down **stock** with only its top card showing. In the middle of the table sit
four **building piles** that all players share. Each building pile goes up one number at a time,
from 1 to 12. Whoever gets rid of their whole stock first wins the deal.

The deck has 162 cards: twelve copies of every number from 1 to 12 and 18 **wilds** (★). A wild
can stand in for whatever number a pile needs at that moment.

## Your turn

1. **Top up.** When your turn starts, your hand is filled back up to five cards for you.
2. **Play as much as you like.** Move cards onto the building piles from three places:
   - any card in your hand,
   - the face-up top card of your stock (the card below it then turns face up),
   - the top card of any of your four discard piles.

   An empty building pile must start with a 1 (or a wild, which counts as 1). After that each card
   must be exactly one higher than the pile's top. A wild takes the number the pile needs.
3. **Ran out of hand cards?** If you play every card in your hand, you draw five fresh cards at
   once and carry on.
4. **Finish with a discard.** Your turn ends when you put one hand card on any of your four
   discard piles. Discard piles take any card in any order, but only their top card can be played
   later, so think about what you bury.

When a building pile reaches 12 it is complete: it is cleared away and its cards are put aside.
When the draw pile is used up, the put-aside cards are shuffled to make a new draw pile.

## Winning and points

The first player to play the last card of their stock wins the deal. The winner scores **25
points plus 5 for each card still in the other players' stocks**. Cards in hands, discard piles
and building piles score nothing, and nobody else scores for that deal.

## Options

- **Stock size** — *Short*: 10 cards each. *Standard*: 30 cards each with 2–4 players, 20 each
  with 5 or 6 players.
- **Series** — *Just this deal*: one deal, the winner takes it, no running score. *Race to 500*:
  points add up over several deals; after each deal everyone presses **Next** and a new deal is
  dealt; the first player (or team) with 500 or more wins the series.
- **Partners** (4 or 6 players only) — you play with the person sitting opposite you (seat 1 with
  seat 3 at four players; seat 1 with seat 4 at six). You may also play from your partner's stock
  and discard piles, but never from their hand, and you still discard only onto your own piles.
  Your team wins when **both** stocks are empty; your partner's discard piles stay usable after
  their stock runs out. The team shares one score: 25 plus 5 for each stock card left on the
  other teams.

## House rules

Each is off unless the host turns it on in the lobby (under **House rules**).

- **No wild discards** (no wilds on your discard piles) — a wild may never be discarded: you end your turn with a
  numbered card, and a wild you hold must sooner or later go on a building pile. If your hand is
  nothing but wilds, you play them. *Example:* you hold ★, 7 and 3 and want to end your turn.
  Tapping the ★ and then a discard pile is refused ("a wild may not go on your discard piles");
  you discard the 7 instead and keep the ★ for your next turn.
- **Own piles only** (partner games only) — you may no longer play from your
  partner's stock or discard piles; each of you clears your own stock. Your team still wins when
  both stocks are empty. *Example:* Cai's stock shows the 4 that pile 1 needs. Ana, his partner,
  may not play it: Cai plays it himself on his turn, if the pile still needs a 4.

## Controls

- Tap a card to pick it up (it lifts), then tap a glowing building pile to play it there. A
  double tap plays it on the first pile that takes it; you can also drag it.
- To end your turn, pick a hand card and tap one of your discard piles.
- **Undo** takes back your last play, as long as it did not turn up a stock card, draw new cards,
  complete a pile or end the deal. After your discard there is a three-second pause in which Undo
  gives the card back and lets you keep playing; after that the next player starts.
- **Pass** appears only when you are truly stuck (see below).

## Same deals at two tables

A table can be started with the same deals as another one (from a game night, or from a finished
game's link). Every deal is then shuffled the same way at both tables: each seat gets the same stock
as its twin seat, the same player starts and the draw pile lies in the same order. Hands are drawn
from that pile as turns go, so who draws which card depends on how many cards each player used;
the put-aside cards shuffled back into play are this table's own. Once both tables have finished a
deal, each seat sees its points and place beside its twin's.

## Choices we made

- **Hands start empty.** Nobody is dealt a hand; your hand fills to five at the start of each of
  your turns (and when you empty it mid-turn).
- **The first player** of every deal is picked at random; play then goes around in seat order.
- **Stock plays are final.** Playing from a stock (yours or your partner's) can never be undone,
  because it always shows a new card or empties the stock.
- **Passing.** You may pass only when you hold no cards, nothing is left to draw (draw pile and
  put-aside cards both gone) and none of your cards can be played. If you still have a legal play
  you must make it or take a move back.
- **A stuck deal.** If every player passes one after another, nothing can change any more: the
  deal ends with **no winner and no points**. In a series, the next deal starts as usual.
- **No endless deals.** If 40 full rounds go by without anyone playing a stock card, the deal also
  ends with no winner. If ten deals in a row of a series end that way, the series stops and the
  leader wins.
- **A single deal with no winner** ends in a tie for everyone.
- **The building piles show the number**, not the card: a wild on top reads as the number it
  stands for (with a ★).
- **House rules.** With *No wild discards*, a hand of nothing but wilds is played
  out onto the building piles (a wild always fits somewhere), so you are never stuck with a card
  you may not discard. *Own piles only* covers both your partner's stock and
  their discard piles, and a pass is allowed when nothing of your own can be played, even if your
  partner's piles could.
- **Partners' stocks.** Emptying your own stock while your partner still has cards is not a win;
  you keep playing your turns and helping from your partner's stock.

## FAQ

**Do I have to play my stock card when I can?**
No, nothing forces you, but it is almost always right: the stock is the only thing that wins.

**Can I discard onto a building pile or onto an empty discard pile?**
Discards only go onto your own four discard piles, and an empty one is fine.

**I played my whole hand and drew five. Can I undo the earlier plays?**
No. Drawing shows you new cards, so everything before it is locked in.

**Can I play a card from a discard pile that is not on top?**
No, only the top card of each discard pile is free. Build them so the next card you need sits
on top — counting down (9, 8, 7…) works well.

**What does a wild count as when it is played?**
Exactly the number its pile needed, so a wild on a pile showing 6 is a 7.

**Who scores when nobody wins a deal?**
Nobody. The totals stay as they were.

## Examples

**Chaining to your stock.** Your stock shows a 6. One building pile shows 3. You hold a 4 and a
wild, and your discard pile shows a 5. Play the 4 from your hand (the pile now shows 4), then the
5 from your discard pile (5), and now your 6 fits: play it from the stock. You kept the wild.

**Using a wild wisely.** Your stock shows a 9 and the highest pile shows 7. You hold a wild but
no 8. Play the wild on the 7 (it becomes an 8), then your stock 9 goes on top. A wild that frees a
stock card is a wild well spent.

**Scoring.** At a three-player table you play your last stock card while your opponents still
have 4 and 9 stock cards. You score 25 + 5 × (4 + 9) = 90 points.
"""
