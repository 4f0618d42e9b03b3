"""How to play at any table, whatever the game: who is here, dropped players and watching; the review after the
game. Shown under each game's rules in the table's rules dialog and on /rules, in the viewer's language (one
catalogue message per heading and per point)."""

from __future__ import annotations

from ui.i18n.viewer import N_, _

# a night scored by the same deals (issue 53): said on the night's page and in the help's night section
HOW_DUPLICATE = N_("Tables with the same deals are compared seat by seat: in each deal, 100 if you scored better than "
                   "the player who held your cards at the other table, 50 on a tie, 0 if worse; a match gives the "
                   "average. A match without a twin table counts by places: the share of the other players you beat. "
                   "The standings rank by the average over your matches.")

Point = str | tuple[str, str]  # a point, or (its label, its text): "**label:** text"
SECTIONS: tuple[tuple[str, tuple[Point, ...]], ...] = (
    (N_('At any table: who is here and watching'), (
        N_("**Connected, reconnecting, away:** each seat shows whether its player's page is open. A seat whose "
           'page just dropped says *reconnecting…*; after a few seconds it says *away* and for how long ("away 2 '
           'min"). Computer players are always there.'),
        N_('**Your own connection:** if it drops, a banner says *Reconnecting…* and the page comes back to your '
           'seat by itself. If it cannot, the banner says so: press **Reload**.'),
        N_('**A player who is away on their turn:** the others wait for as long as the host chose in the lobby (30 '
           'seconds, 2 minutes or not at all), then the computer plays for that seat until the player opens the '
           'table again. The host can hand the seat over at once with **Computer plays** on its badge; if the host '
           'is the one away, any player who is here can. Nobody is played for while nobody is at the table.'),
        N_("**Watching:** anyone with the table's link (or **Watch** under Live tables on the home page) can "
           'follow the game without a seat. Watchers see what is on the table, how many cards each player holds '
           'and the scores, never a hand. The 👁 number shows how many watch. The host decides whether watchers can '
           'read the chat, and write in it. A watcher can take a free or computer seat in the lobby, or a '
           "computer's seat the host offers during play."),
        N_("**Getting ready while others play:** you can pick and arrange your cards while it is someone else's "
           'turn; what you picked is still picked when your turn comes (a card that leaves your hand drops out).'),
        N_('**Between hands** (rounds in Beanie, deals in Stockpile): the next one starts as soon as every player '
           'has pressed **Next hand** (**Next round**, **Next deal**). If someone is still reading, a countdown on '
           'the summary starts it anyway: 30 seconds, unless the host chose 15 seconds, a minute or "when everyone '
           'is ready" in the lobby.'),
        N_('**A table nobody comes back to** ends by itself, like a game the host ends early (no result): a lobby '
           'after an hour without anyone on its page, a practice game after 3 days, a game with friends after 14 '
           'days. Any visit starts the count again: having the table open, or a program playing a seat. Its last '
           "position is kept in the server's data folder."),
        N_('**New tables:** a device can start up to 20 tables a minute and have up to 30 open at once (60 for all '
           'the devices behind one network address); beyond that the server asks you to wait, or to finish or '
           'leave one first.'),
    )),
    (N_('After the game: the review'), (
        N_('**What it is:** when a game ends, the computer goes back over every real choice each player made (a '
           'moment with more than one sensible move; confirming or undoing does not count). It judges each one '
           "only from what that player could see then, never from the others' hands: it imagines many ways the "
           'hidden cards could lie and plays each choice out in all of them.'),
        N_('**A costly decision** is one where another move did clearly better in those imagined games, measured '
           'twice on different deals so that luck cannot pass for a mistake: even allowing for that luck (two '
           'standard errors), it cost more than is worth telling you about. That least amount is, per hand: a '
           'quarter of a point in President (one hand in four finishing a place lower), 5 points against the table '
           "in Rummy (one low card caught in hand), 3 penalty points in Beanie (a low card left at the round's "
           'end), and 5% of the chance to win the deal in Stockpile (one deal in twenty). Smaller differences are '
           'matters of taste, not mistakes.'),
        N_('**What it says:** which move it liked better, what that move does (wins the trick, keeps a pair '
           'together…) and what it achieved in the imagined games ("you finished first in 55% of them, with your '
           'move in 20%"), and roughly what your choice cost: points in President, points against the table in '
           'Rummy (what you gain less what the others gain), penalty points in Beanie, chance of winning the deal '
           'in Stockpile. A cost is an average over imagined games, not points taken off your score; in a hand you '
           'won anyway it reads "won by less" or "won anyway".'),
        N_('**Accuracy** is the share of your reviewed choices that were not costly: 18 choices with 2 costly ones '
           'make 89%. 100% means no clear mistakes, not perfect play; a game with few choices moves it a lot.'),
        N_("**Where to see it:** a line per player under the final results and on the game's page in your stats "
           '(it takes a little while: the lines fill in as the review goes), the costly moves marked in the '
           'replay, and your accuracy over time on the stats page.'),
        N_('**Play from here:** from any moment of a replay, or from a costly decision, start a practice game from '
           'there in the seat you choose, against computer players of the level you choose. Normally the cards you '
           "could not see are dealt again (what you saw stays as it was), so you cannot know the others' hands; "
           '"Exact deal, for study" keeps every card where it was.'),
    )),
    (N_('Game nights: standings across tables and games'), (
        N_('**Night points:** every finished match of a table that belongs to the night gives each player 0 to 100 '
           'night points: the share of the other players at that table they beat, a tie counting half. First of '
           'four gets 100, second 67, third 33, last 0; winning at two players is 100 as well. So a President win '
           'and a Rummy win count the same, whatever the game\'s own scores were.'),
        N_('**Standings:** players rank by their average night points per match, with the number of matches shown '
           'beside it, so someone who joined late is compared fairly. Equal averages go to the player with more '
           'points in all. Computer players can be listed or left out.'),
        N_('**Matches that did not finish** (the host ended the game early, everyone left, or a lobby never '
           'started) give nobody night points: only a match with a final result counts.'),
        (N_('Score by same deals'), HOW_DUPLICATE),
        N_('**The host can correct the night:** take a match out of the standings (and put it back), or count two '
           'names as one person who played under both. **Next game** seats the people who are here at tables of '
           "the game's sizes, at random or by the standings, and opens a lobby for each table with everyone in it."),
    )),
)


def table_help() -> str:
    """The help as Markdown, in the viewer's language."""
    return "\n\n".join(f"## {_(title)}\n\n" + "\n".join(f"- {said(point)}" for point in points)
                       for title, points in SECTIONS)


def said(point: Point) -> str:
    return _(point) if isinstance(point, str) else f"**{_(point[0])}:** {_(point[1])}"
