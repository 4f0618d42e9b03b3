"""In-game rules for Rummy, written for Card Night (Markdown)."""

RULES_MARKDOWN = """\
# Rummy (500-style)

Collect groups of matching cards, put them on the table for points, and be the first to empty
your hand. Unlike plain rummy, the whole discard pile stays in play: you may dig into it and
take a buried card, as long as you put that card to work straight away.

## The goal

Score points by **melding** (putting a group of cards face up on the table) and by **laying
off** (adding your cards to any group already on the table). Cards still in your hand when
someone goes out cost you points. The match is a series of hands; totals carry over.

## Cards and values

One ordinary 52-card deck, no jokers.

| Card | Points |
|------|--------|
| Ace | 15 |
| King, Queen, Jack, 10 | 10 |
| 2 to 9 | 5 |

Two kinds of group count as a meld:

- a **set**: three or four cards of the same rank (7♠ 7♥ 7♣);
- a **run**: three or more cards of one suit in order (4♦ 5♦ 6♦ 7♦). The ace may sit below
  the 2 (A-2-3) or above the king (Q-K-A), but a run never turns the corner (K-A-2 is not a run),
  unless the table plays the house rule *K-A-2 wraps*.

## Setting up

- **Who starts the match.** Before the first hand every player taps the deck to turn up one card
  from a freshly shuffled deck (computer players turn theirs up by themselves). Once all the cards
  are showing, the highest rank goes first. In this draw the **ace is high**: it beats the king.
  On equal ranks the suit decides, from high to low spades, hearts, diamonds, clubs. This happens
  once per match.
- **Dealing.** With two players everyone gets 13 cards; with three or four, 7 cards each. The
  next card is turned face up to begin the discard pile and the rest form the face-down stock.
- **Later hands.** The first turn moves one seat to the left each hand. Play always goes round
  the table in seat order.

## Your turn

1. **Draw** one of these ways:
   - the top card of the stock;
   - the top card of the discard pile;
   - several cards from the discard pile: pick any card in the pile and you take it **and every
     card lying on top of it**. The card you picked (the deepest one) must be melded or laid off
     before your turn ends. You may only dig for a card you can actually use.
2. **Meld and lay off** as much as you like (or nothing): start new sets or runs, and add cards
   to any meld on the table, yours or an opponent's. You can only do this after drawing.
3. **Discard** one card face up. This is compulsory, and it ends your turn, including the turn in
   which you go out. You always need a card left for it, so you can never meld or lay off your
   last card.

After the discard there is a short **grace period** (3 seconds). Until it runs out nobody else
sees anything you did this turn: your melds, lay-offs, pickup and discard all appear together
when the turn is handed on.

### Undo

- Melds and lay-offs can be taken back one at a time, newest first, for as long as your turn
  lasts.
- A card taken from the discard pile can be put back (undo your melds first): everybody had
  already seen it lying there.
- Your discard can be taken back only during its grace period.
- A card drawn from the stock stays in your hand: you have seen it, so it cannot be undone.

### When the stock runs out

As soon as the last stock card is drawn, the discard pile is turned into a new stock: its top
card stays where it is and everything underneath is shuffled face down.

## Ending a hand and scoring

The hand ends the moment somebody goes out (discards their last card). Then:

- **The player who went out** scores the value of every card they melded or laid off during the
  whole hand. If they did it all in a single turn (nothing put down in earlier turns of the
  hand), that score is **doubled**.
- **Everyone else** scores what they melded and laid off this hand, minus the value of the cards
  still in their hand. This can be a negative number.

Lay-offs count for the player who laid the card off, not for the owner of the meld.

## Winning the match

With a **target** (100, 200, 300 or 500, shown as "Race to ..."), the match ends after the hand
in which anybody's total reaches it. The highest total wins, even if that player is not the one
who crossed the line; equal highest totals share the win. With **No limit** the table just keeps
dealing new hands.

## Options

- **Players**: 2 to 4.
- **Target**: No limit (the default), 100, 200, 300 or 500 points.

## House rules

Each is off unless the host turns it on in the lobby (under **House rules**). Greyed-out choices
say why they cannot be combined.

- **K-A-2 wraps** — a run may turn the corner: the ace sits between the King and the 2, so
  K-A-2, Q-K-A-2 and K-A-2-3 are runs, and a run can grow round the corner up to all 13 cards of
  its suit. Lay-offs follow: Q♥ K♥ A♥ takes the 2♥, and A♥ 2♥ 3♥ takes the K♥.
  *Example:* you hold K♥ 2♥ and the A♥ lies on top of the discard pile. You take it and meld
  K♥ A♥ 2♥ (30 points); later anyone may lay off the Q♥ below it or the 3♥ above it.
- **Top card only** — no digging: only the top card of the discard pile may be taken.
  *Example:* the pile reads 7♠ Q♥ 5♣ (5♣ on top) and you hold 7♥ 7♦. Under the standard rules you
  could dig down to the 7♠ and meld your 7s; at this table you may take only the 5♣, or draw from
  the stock.
- **Keep a dug card** (needs digging, so not with *Top card only*) — you may dig down to any card
  of the pile, and the card you dug for no longer has to be melded or laid off this turn.
  *Example:* the pile reads J♣ Q♥ 5♣. You take the J♣ and the two cards above it even though the
  J♣ fits nothing yet; you keep it for later and discard whatever you like.
- **No final discard** (go out without a discard) — you may meld or lay off your last card; the hand then ends
  without a final discard (the same short grace period follows, and Undo takes the last meld or
  lay-off back during it). You may still go out by discarding, as usual. *Example:* after
  drawing you hold 5♥ 6♥ 7♥ and nothing else. You meld the run, your hand is empty, and once the
  grace period is over you have gone out.

- **Rummy!** — after every discard (once the turn is over, so never while it can still be undone)
  the discarded card shows on every screen with a short countdown (the host picks 3, 5, 8 or 10
  seconds: **Rummy! window**). Any other player who can use that card at once may press **Rummy!**:
  they take it out of turn and, in the same move, lay it off on a meld on the table or meld it
  with cards from their hand. No discard follows, and the next player's turn then goes on. The
  first call to reach the table wins. The window closes when its time runs out, when the next
  player draws, or when somebody calls; the next player's draw waits for it. *Example:* Ana
  discards the 8♥; Cleo holds 9♥ 10♥, calls Rummy! and melds 8♥ 9♥ 10♥ before Ben draws.

## Controls

- Tap the stock to draw from it, or tap a card in the discard pile to take it (plus everything
  above it).
- Select cards in your hand, then meld them, or pick a meld on the table to lay them off on.
- Select one card and discard it to end your turn. Undo reverses your last step.
- 💡 Hint: before you draw it says whether a discard is worth taking; after you draw it shows
  the melds and lay-offs you have and suggests a discard.

## Same deals at two tables

A table can be started with the same deals as another one (from a game night, or from a finished
game's link). Every hand is then shuffled the same way at both tables: each seat is dealt the same
cards as its twin seat, the same card starts the discard pile and the stock lies in the same order.
Who goes first each hand is the same too. From there the play decides: a card taken from the discard
pile instead of the stock changes who draws what next, and a stock rebuilt from the discards is
shuffled from this table's own pile. Once both tables have finished a hand, each seat sees its
points and place beside its twin's; nothing about a hand the other table is still playing shows.

## Choices we made

The rules we follow leave some points open. This is how Card Night settles them:

- **Aces** are worth 15 and can be low (A-2-3) or high (Q-K-A) in a run, never both at once.
- **The ace in a wrapping run** (house rule *K-A-2 wraps*) still counts 15 points, wherever it
  sits in the run, and a run holds each card of its suit at most once, so the longest run is the
  whole suit (13 cards), after which it takes no more lay-offs.
- **Rummy! calls**: the window shows after every discard, whether or not anyone can use the
  card, so it gives nothing away. A call keeps at least one card in the caller's hand (you
  cannot go out on a call), only the card itself or a new meld with it counts (not a chain of
  lay-offs leading up to it), nobody calls their own discard, and there are no calls while the
  stock is empty. The next player may call too (then draws as usual). The points count for the
  caller like any meld or lay-off, and a call counts as melding before your turn (no one-turn
  double for that turn). On screen the **Rummy!** button makes the call that puts down the most
  cards. Computer players call only when it fits: Easy notices only a card that fits a meld on
  the table, Medium and Hard also meld it with their own cards when that is worth more than
  keeping them.
- **Hand size** is 13 cards with two players and 7 with three or four.
- **The starting draw**: each player gets a different card, so there is always a single winner,
  and the ace counts as the highest card in it (above the king). You may tap the deck in any
  order; if you have not tapped after 15 seconds, the game draws your card for you (you keep your
  seat). Practice links made for quick testing (computer speed 0) skip the tapping and show the
  result straight away, and the host can switch the tapping off in the lobby (**Draw for first deal**:
  Off): then the cards are drawn for everybody at once.
- **Who starts later hands**: the seat after the one that started the previous hand.
- **Taking only the top discard** carries no obligation: you may keep it, or even throw it back.
- **Digging deeper** is refused unless the card you aim for can be melded or laid off this turn
  with the cards you would then hold, while still keeping one card to discard.
- **A set** has at most four cards (there is only one deck).
- **Several cards at once** may be laid off on one meld in a single move, as long as they fit.
- **Going out** always means discarding your last card; you cannot end the hand by melding
  everything (unless the table plays the house rule *No final discard*).
- **House rules and the computer players**: with *Keep a dug card* the computer players still dig
  only for a card they can use at once (keeping a dug card is allowed, not forced); with *No final
  discard* they go out that way whenever a meld or lay-off of all their cards is there.
- **Going out without a discard counts as going out**: the one-turn double applies just the same,
  and the turn's log line says "went out without a discard".
- **One-turn out** (double score) means you had melded and laid off nothing in earlier turns of
  that hand.
- **Empty stock with a one-card discard pile**: there is nothing to reshuffle, so you must take
  that top card.
- **Stalled hands**: if ten full rounds go by without anybody melding or laying off a card
  (four rounds once the stock has had to be rebuilt), the hand stops with nobody out. Everyone
  then scores melded minus held (no doubling). Without this, a hand could go on for ever, for
  example when the cards still in play can never form a meld.
- **Privacy of a turn**: until your turn is handed on, the other players see the table exactly
  as it was when your turn began, including the stock count and the discard pile.
- **Turn timer** (if the table uses one): when time runs out you draw from the stock, and at
  the next time-out a card is discarded for you (nothing is melded on your behalf; an unfinished
  deep pickup is undone first). A waiting discard is simply confirmed.

## FAQ

**In the draw for the first deal, is an ace high or low?**
High. An ace beats every other rank in that draw, so whoever turns up an ace (the highest suit
wins if there are two) goes first.

**Can I add cards to somebody else's meld?**
Yes. Any meld on the table accepts your cards if they fit, and the points are yours.

**I picked up four cards from the pile and now I cannot discard. Why?**
The deepest card you took has to be melded or laid off first. Put it down, or undo the pickup
to return the cards to the pile.

**Is it better to meld early or to wait for a big one-turn finish?**
Usually early: cards on the table are safe points, while cards in your hand turn into minus
points when someone else goes out. Waiting can pay off double, but it is a gamble.

**What happens to the points of a meld I laid off onto?**
Nothing changes for the meld's owner. Each card scores for whoever put it on the table.

**Can the winner of the match have a lower score than the player who reached the target?**
No: the highest total always wins. But the player who crossed the target is not always that
player, because other totals change in the same hand.

## Examples

**Example 1: digging into the pile.**
The discard pile holds, bottom to top, 9♣ 4♥ J♦ 2♠. You hold J♠ J♥ and some other cards. You
pick the J♦: you take J♦ and 2♠, and must use the J♦ now. You meld J♠ J♥ J♦ (30 points), keep
the 2♠ and later discard something.

**Example 2: laying off on an opponent's run.**
An opponent melded 5♥ 6♥ 7♥. On your turn you draw, then lay off 8♥ and 9♥ on their run. You
score 10 points for those two cards; the run now reads 5♥ to 9♥ for everybody.

**Example 3: scoring a hand.**
Three players. Ana goes out; over the hand she melded 60 points, spread over several turns,
so there is no doubling: she scores 60. Ben melded 35 and is left with K♣ and 4♦ (15): he scores 20.
Cleo melded nothing and holds A♠ 9♦ 9♣ (25): she scores -25.
"""
