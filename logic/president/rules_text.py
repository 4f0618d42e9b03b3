"""In-game rules for President, written for Card Night (Markdown)."""

RULES_MARKDOWN = """\
## How to play

**Goal:** get rid of all your cards before everyone else. The order in which players run out of cards
decides the titles for the next hand, and the points for this one.

**The cards.** One ordinary 52-card deck, no jokers (unless the *Jokers* house rule is on), all of it
dealt. Four players hold 13 cards each. With five players, three hold 10 and two hold 11. Suits never
matter; only ranks do, and they go from weakest to strongest like this: **3 4 5 6 7 8 9 10 J Q K A 2**.
The 2 is the best card in the game.

**Tricks.** The player who opens a trick (the *lead*) puts down a single card, a pair, three of a kind
or four of a kind. Every card in one play has the same rank. Going round the table, each player then
either beats the play on top or passes:

- to beat it you put down **the same number of cards**, all of one rank, and that rank must be
  **strictly higher** (a pair of 9s beats a pair of 8s; another pair of 8s does not);
- passing is always allowed when you are not leading, and it does not shut you out: if the trick is
  still going when your turn comes back, you may play then.

When every other player who still has cards passes in a row, the trick is over. The cards are cleared
and whoever made the last play leads the next trick with anything they like. If that player has
already emptied their hand, the lead goes to the next player round the table who still has cards.

**Going out.** When you play your last card you are out of the hand. Play carries on without you
until only one player still holds cards; that player finishes last.

**Titles.** First out becomes **President**, second **Vice President**. Last is **Beggar**, second to
last **Vice Beggar**. With five players the one in the middle is a **Citizen**.

**Who starts.** In the first hand, whoever holds the 3 of clubs leads (and may lead anything - the
3 of clubs does not have to be in it). In every later hand, last hand's Beggar leads.

**The exchange (hand 2 onwards).** Right after the deal, before anyone plays:

- the Beggar's two best cards go straight to the President, and the Vice Beggar's best card goes
  to the Vice President - this happens automatically;
- then the President picks any 2 cards to hand back to the Beggar, and the Vice President any 1
  card for the Vice Beggar. Both choose at the same time, and they may return cards they were just
  given;
- only the two people in each swap see which cards moved. Everyone else just sees the counts.

**Scoring.** Each hand, you score the number of players minus your finishing place. With four players
that is 3, 2, 1 and 0 points; with five, 4, 3, 2, 1 and 0. A match lasts 4 hands (or 8, if chosen).
The highest total at the end wins; if several players share the top total, they share the win.

## House rules

Each of these is off unless the host switches it on in the lobby (under *House rules*); a rule card
such as "Daifugō" switches on a well-known set at once. The order in effect is shown on the table
whenever it is not the ordinary one, and so is a suit lock.

- **8 ends the trick (8-cut).** Playing 8s ends the trick at once, and the player who played them
  leads the next one. The 8s must still beat the play on top. *Example:* Ana leads a 5, Ben plays
  an 8: the trick is over and Ben leads.
- **2s clear the trick.** Playing the top rank in effect - the 2s, or the 3s after a revolution or
  during jack-back - ends the trick; that player leads. *Example:* Ana leads a King, Ben plays a 2:
  the table is cleared and Ben leads.
- **Four of a rank burn the trick.** When all four cards of one rank have been played in the same
  trick (in one play, or one by one with *same rank skips*), the trick ends and whoever played the
  fourth leads. *Example:* Ana plays four 9s: the trick burns and Ana leads again.
- **Same rank skips the next player.** You may answer with the same rank as the play on top (same
  number of cards) instead of a higher one; the next player is then skipped. The skipped player has
  not passed and may play when the turn comes round again. *Example:* Ana leads a 7, Ben plays a 7:
  Cai is skipped and Dot plays next.
- **Jack-back.** Playing Jacks reverses the order until the trick ends: lower ranks beat higher ones
  (so a 10 beats the Jack). At the end of the trick the order goes back to what it was. *Example:*
  Ana leads a Jack; Ben answers with a 10; everyone passes; the next trick is in the ordinary order.
- **Suit lock.** When two plays in a row in a trick use the same suits, the trick is locked: every
  further play in it must use exactly those suits. The lock ends with the trick. *Example:* Ana
  leads the 5 of spades, Ben plays the 7 of spades: only spades may follow, so Cai's 10 of hearts
  cannot be played but his Jack of spades can.
- **No finishing on a top card.** Going out with a top card - a 2 (a 3 when the order is reversed),
  or an 8 when 8-cut is on - is a foul: you are out, but you rank below everyone else, including the
  player left holding cards. *Example:* Ana's last card is a 2; she plays it and is out, but places
  last.
- **Downfall.** From hand 2 on, if someone other than the President goes out first, the President
  drops to last place at once, keeps their remaining cards (nobody sees them) and plays no more this
  hand. *Example:* Ben, last hand's Vice President, goes out first: Ana, the President, is placed
  last straight away and the others play on for the places above.
- **Runs.** Three or more cards of one suit in a row (3 up to 2, never round the corner from 2 to 3)
  may be played together. A run is answered only by a run of the same length whose top card is
  higher in the order in effect (after a revolution, the run's lowest card counts). Runs never set
  off 8-cut, 2s clear, four-burn, same-rank skip, jack-back or suit lock. *Example:* Ana leads
  5-6-7 of spades; Ben answers with 6-7-8 of hearts; a pair may not be played on them.
- **Runs revolt** (needs *Runs* and the *Revolution rule*). A run of four or more turns the order
  over, like four of a kind. *Example:* Ana leads 5-6-7-8 of spades: from now on 3 is high and 2 low.
- **Jokers.** Two jokers join the deck, 54 cards in all. A joker played alone beats any single card,
  a 2 included, whatever the order in effect; the only answer to it is the **3 of spades** played
  alone, which ends the trick (its player leads). In a set a joker stands for the set's rank: a 9
  and a joker are a pair of 9s. Two jokers together are a pair of the highest rank in effect. In the
  exchange the jokers are the best cards, so they are the first to go up to the President.
  *Example, step by step:*
  1. Ana leads a King. Ben plays a 2, the best ordinary card.
  2. Cai plays a joker on its own: it beats the 2.
  3. Dot plays the 3 of spades, the one card that beats a lone joker: the trick ends and Dot leads.
  4. Dot leads a pair of 8s; Ana answers with her 9 of spades and her joker - a pair of 9s.
  5. Ben, Cai and Dot pass: Ana wins the trick.

## Controls

- **Playing:** tap the cards you want to put down (all the same rank) so they lift, then press
  **Play**. Press **Pass** to let the turn go by. The Pass button is missing when you are leading,
  because the leader must play something.
- **Pass for this trick:** while someone else is playing, press **Pass for this trick** if you
  already know you will not answer. Your seat shows *passing*, and whenever the trick reaches you
  the game passes for you straight away, so nobody waits for you. Press the button again to take
  it back. It switches itself off when the trick ends, so you are back in for the next one.
- **Exchange:** if you are President or Vice President, tap the 2 (or 1) cards to give back and
  press **Give**. The cards you were just handed are marked so you can spot them.
- **Between hands:** a summary shows the finishing order, each player's points for the hand and the
  running totals. Press **Next hand** when you are ready: the next deal comes as soon as everyone
  has pressed it (computer players are always ready). So that nobody waits for a slow reader, a
  countdown on the summary starts it anyway when it runs out - 30 seconds unless the host picked
  15, 60 or "when everyone is ready" in the lobby.
- **Turn timer:** at tables with a timer (20 seconds by default) a late player gets an automatic
  move - the lowest cards that can be played (or the lowest cards to give back in the exchange) -
  and auto-play switches on until they come back.

## Options

- **Players:** 4 or 5.
- **Hands:** 4 (normal) or 8 (a longer match).
- **Revolution:** off by default. When on, any four of a kind turns the ranking upside down
  straight away: the 3 becomes the best card and the 2 the worst. Another four of a kind turns it
  back. Every new hand begins with the ordinary order, and the exchange always judges "best cards"
  by the ordinary order, whatever happened in the hand before.
- **House rules:** more switches, all off unless the host turns them on - see *House rules* above.
- **Computer players:** Beginner, Normal or Expert.

## Same deals at two tables

A table can be started with the same deals as another one (from a game night, or from a finished
game's link). Both tables then shuffle every hand the same way: the deck is in the same order and
dealt round the same seats. With four players each seat picks up the same 13 cards as its twin
seat at the other table, every hand. What changes them afterwards is your own play: from hand 2 the
exchange follows *this* table's titles, so the cards that move can differ. With five players the
first hand is the same seat for seat; from hand 2 the two 11-card hands go to this table's President
and Vice President, so when the titles differ the same deck order lands in slightly different hands.
With the jokers in, the longer hands (14 cards for four players) and the short one (10 cards for
five) follow this table's titles in the same way.
Once both tables have finished a hand, each seat sees its points and place beside its twin's.

## Choices we made

These are points the basic rules leave open; this is how Card Night settles them.

- **Five players, first hand:** the deal starts at a seat picked at random from the game's seed, and
  the first two seats dealt to (that seat and the next one round the table) get the 11-card hands.
  From hand 2 on, the President and Vice President get 11, as the rules say.
- **The leader must play.** Passing is only for answering a play; opening a trick with a pass is not
  allowed.
- **"Best cards" for the exchange** means the highest ranks in the ordinary order (2 highest). When
  two cards of the same rank qualify, which suit goes up makes no difference to play; we take them in
  a fixed order.
- **Passing is not permanent.** A pass only covers that turn; the trick ends when all the others still
  holding cards have passed one after another since the last play.
- **Four of a kind without the revolution option** is simply the biggest kind of play: it can only be
  beaten by a higher four of a kind.
- **A revolution takes effect at once,** including for the trick it was played in: to beat a
  revolutionary four of a kind you need four of a kind that ranks higher in the new order.
- **When the last two players are left** and one of them goes out, the other is placed last at once;
  nobody has to play out a lone hand.
- **Equal ranks never beat each other,** and nothing beats a play of a different size (a single 2 does
  not beat a pair).
- **Pass for this trick** is our addition, to save waiting. It counts exactly like pressing Pass
  each time the trick comes round to you: it covers only the trick in play (or the one about to be
  led, if you press it before the lead), everyone can see that you chose it, and it ends as soon as
  someone wins the trick. You cannot switch it on during your own turn (just press Pass), during the
  exchange, or once you are out.
- **House rules: the order in effect.** "Top card" (2s clear, no finishing on a top card) is judged
  in the order in effect when the cards are played, before that play's own revolution or jack-back.
  A second play of Jacks in the same trick (possible with *same rank skips*) flips the order back.
- **House rules: who leads after an early end.** When 8-cut, 2s clear or four-burn ends a trick with
  the player's last card, the next player still holding cards leads.
- **House rules: same rank with two players left.** With only two players still in, matching the rank
  skips nobody (the turn would come straight back to you); it is then simply a play.
- **House rules: the play to beat is yours.** If the turn comes round to the player whose play is on
  top while a skipped player has not answered yet, it moves on to the next player.
- **House rules: places from the bottom.** A foul and a downfall each take the lowest place still free
  at that moment: two fouls, the earlier one ranks lower; a foul before the downfall keeps the last
  place and the President takes the one above. A foul does not count as going out first for downfall.
- **House rules: suit lock and choices.** With suit lock on, which suits you play matters, so every
  choice of suits is offered, and a lock needs exactly the same suits (a pair of spades and hearts
  locks to spades and hearts).
- **House rules: runs.** A run going out on a 2 (a 3 when the order is reversed) is a foul under
  *no finishing on a top card*. A run of four does not revolt unless *Runs revolt* is on.
- **Jokers: the deal.** With 54 cards the deal cannot be even. Four players: two hands of 14 and two
  of 13 - in hand 1 the first two seats dealt to (the deal starts at a seat picked from the game's
  seed) get 14, from hand 2 the President and the Vice President. Five players: four hands of 11 and
  one of 10 - in hand 1 the last seat dealt to, from hand 2 the Beggar.
- **Jokers: what beats what.** A set (jokers included) holds at most four cards. A set of jokers only
  is a set of the highest rank in effect when it is played: a pair of jokers is as strong as a pair of
  2s (of 3s after a revolution), so it does not beat them. One joker alone cannot be played on the
  other. The 3 of spades beats a lone joker and ends the trick at once, as 8-cut does.
- **Jokers and the order in effect.** A lone joker stays above everything after a revolution and
  during jack-back. A joker in a set takes the set's rank, so a Jack and a joker set off jack-back,
  three 7s and a joker make four of a kind (a revolution, a four-burn), and an 8 and a joker cut.
- **Jokers with the other house rules.** With *2s clear*, a lone joker (or a pair of jokers) clears
  the trick. With *no finishing on a top card*, going out with any play that holds a joker is a foul.
  With *suit lock*, a play with a joker in it neither starts nor completes a lock, and under a lock a
  joker stands for any locked suit (a lone joker may always be played on a single). With *runs*, a
  joker fills a gap inside a run (5, joker, 7 of spades is a run of three). A joker left over can
  stand below the run's lowest card or above its top card (5, 6 of spades and a joker are 4-5-6 or
  5-6-7): when both would be allowed, you are asked which; when only one end has room (Ace, 2 and a
  joker can only be King-Ace-2) or only one beats the run on the table, that one is played. Two jokers
  left over go to the same end. A run needs two ordinary cards at least: a 5
  and two jokers are three 5s. Going out with a run that holds a joker is a foul under *no finishing
  on a top card*.
- **Timeout move:** the lowest play that is allowed (when leading: every card of your lowest rank);
  in the exchange, your lowest cards.

## FAQ

**Q: Can a single 2 beat a pair of 9s?**
No. You must answer with the same number of cards. A pair of 10s or better would do it; a single 2
only helps when singles are being played - keep it for that.

**Q: I passed earlier in this trick. Can I still play?**
Yes. A pass only covers that one turn. If the trick is still alive when your turn comes round again,
you may beat the top play.

**Q: I pressed "Pass for this trick". When can I play again?**
As soon as the trick is over and a new one starts - or earlier, if you press the button again
before your turn comes round.

**Q: I went out with the last play of a trick. Who leads now?**
Once everybody else has passed, the next player after you (going round the table) who still holds
cards starts the new trick.

**Q: As President, may I give back the cards the Beggar just gave me?**
Yes, any cards in your hand may go back, including those two.

**Q: With the revolution on, does the exchange use the reversed order?**
No. Each hand starts with the ordinary order, and the best cards in the exchange are always the
highest ranks in the ordinary order.

## Examples

**Example 1 - a trick with a pass and a comeback (4 players).**
1. Ana leads a pair of 6s.
2. Ben has no pair above 6 that he wants to spend and passes.
3. Cleo plays a pair of Jacks; Dev passes.
4. Ana plays a pair of Kings. Ben, who passed before, now plays a pair of Aces.
5. Cleo, Dev and Ana all pass. The trick is Ben's: the table is cleared and Ben leads whatever he
   likes.

**Example 2 - the exchange at the start of hand 2.**
1. Last hand Dev finished first and Ana last, so Dev is President and Ana is Beggar; Cleo was Vice
   President and Ben Vice Beggar.
2. After the deal, Ana's two highest cards - say a 2 and an Ace - move to Dev on their own. Ben's
   highest card, a King, moves to Cleo.
3. Dev hands Ana a 4 and a 5; at the same moment Cleo hands Ben a 3. Only Dev and Ana see the cards
   in their swap, and only Cleo and Ben see theirs.
4. Ana, the Beggar, leads the first trick.

**Example 3 - a revolution (option on).**
1. Ben leads a single 8; Cleo plays a 10.
2. Dev holds four 7s, but singles can only be answered with a single, so he passes; Ana and Ben
   pass too and Cleo wins the trick.
3. Later, on a fresh lead, Dev opens with his four 7s. The order flips: now 3 is the best rank and 2 the worst.
4. To beat Dev's four 7s, a player needs four of a kind of a rank *below* 7 - say four 4s - which
   would flip the order back to normal.
"""
