"""How to play at any table, whatever the game: who is here, dropped players and watching. Shown under
each game's rules in the table's rules dialog and on /rules."""

from __future__ import annotations

TABLE_HELP = """
## At any table: who is here and watching

- **Connected, reconnecting, away:** each seat shows whether its player's page is open. A seat whose page just
  dropped says *reconnecting…*; after a few seconds it says *away* and for how long ("away 2 min"). Computer
  players are always there.
- **Your own connection:** if it drops, a banner says *Reconnecting…* and the page comes back to your seat by
  itself. If it cannot, the banner says so: press **Reload**.
- **A player who is away on their turn:** the others wait for as long as the host chose in the lobby (30 seconds,
  2 minutes or not at all), then the computer plays for that seat until the player opens the table again. The host
  can hand the seat over at once with **Computer plays** on its badge; if the host is the one away, any player who
  is here can. Nobody is played for while nobody is at the table.
- **Watching:** anyone with the table's link (or **Watch** under Live tables on the home page) can follow the game
  without a seat. Watchers see what is on the table, how many cards each player holds and the scores, never a
  hand. The 👁 number shows how many watch. The host decides whether watchers can read the chat, and write in it.
  A watcher can take a free or computer seat in the lobby, or a computer's seat the host offers during play.
- **Getting ready while others play:** you can pick and arrange your cards while it is someone else's turn; what
  you picked is still picked when your turn comes (a card that leaves your hand drops out).
- **Between hands:** the next hand starts as soon as every player has pressed **Next hand**. If someone is still
  reading, a countdown on the summary starts it anyway: 30 seconds, unless the host chose 15 seconds, a minute or
  "when everyone is ready" in the lobby.
"""
