"""A table with the same deals as another (duplicate deals, ``logic/duplicate.py``): it takes the other table's
seed and options when it is made, and its options stay as they are (``lobby.require_own_deals``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from logic.game import IllegalMove
from logic.messages import t_msg
from logic.table.seats import STATUS_LOBBY

if TYPE_CHECKING:
    from logic.table.model import Table


def play_same_deals(t: Table, root: str, source: Table | None = None) -> None:
    """Make a new table (still in its lobby, made with the source's seed and options) a duplicate of the tables
    whose group is named by ``root``; ``source``, the table it was made from, keeps its options if still in its
    lobby."""
    if t.status != STATUS_LOBBY or t.state is not None:
        raise IllegalMove(t_msg("Only a table that has not started can take the deals of another."))
    t.same_deals_as = root
    t.touch()
    if source is not None and source.status == STATUS_LOBBY:  # the source's options now stay as they are too
        source.deals_taken = True
        source.touch()
