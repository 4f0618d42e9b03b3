"""What pages' parts use of the running server, handed to them by their page's entry point (the page function,
which alone asks for the :class:`ui.server.runtime.Runtime`): the links a page shows, and for a live table page
the hub and the few stores its parts use. Parts never look the server up themselves."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from storage.reports import ReportStore
from storage.rule_cards import RuleCardStore
from ui.net.lan import base_urls
from ui.seat_api.auth import Reveals

if TYPE_CHECKING:
    from ui.server.duplicate import Duplicates
    from ui.server.finished import FinishedGames
    from ui.server.hub import Hub

@dataclass(frozen=True)
class Links:
    """Where this server is reached: the first LAN address (as invitations use), and the announced name's URL
    while there is one (``by_name``, from ui/net/mdns.py)."""

    host: str
    port: int
    by_name: Callable[[], str | None] = lambda: None

    def base(self) -> str:
        return base_urls(self.port, self.host)[0]

    def table(self, code: str) -> str:
        """The table's own link: an invitation, or to watch for whoever has no seat there."""
        return f"{self.base()}/table/{code}"

    def api(self) -> str:
        """The seat API's base (``/api/v1``)."""
        return f"{self.base()}/api/v1"

    def tv(self, code: str) -> tuple[str, str | None]:
        """``(by number, by name or None)`` of ``/tv/<CODE>``."""
        by_name = self.by_name()
        return f"{self.base()}/tv/{code}", (f"{by_name}/tv/{code}" if by_name else None)

    def rule_card(self, game_key: str, card_id: str) -> str:
        """The link that opens a new lobby with a rule card's rules."""
        return f"{self.base()}/new/{game_key}?card={card_id}"


def rule_card_store(data_dir: Path) -> RuleCardStore:
    """The saved rule cards of a data folder (opened per use: a small file, read again each time)."""
    return RuleCardStore(data_dir)


@dataclass(frozen=True)
class TableServices:
    """What a live table page's parts use of the server: the hub (changes, reviews, the data folder), the links,
    the finished games, the program tokens waiting to be shown once, duplicate deals (the comparisons, what is held
    back), and with test hooks on, how a test asks the page to redraw (``forced_redraw(code, redraw)`` returns the
    undo)."""

    hub: Hub
    links: Links
    finished: FinishedGames
    duplicates: Duplicates
    program_reveals: Reveals
    data_dir: Path  # the server's data folder (problem reports live under it, as the host console reads them)
    forced_redraw: Callable[[str, Callable[[], None]], Callable[[], None]] | None = None

    def rule_cards(self) -> RuleCardStore:
        return rule_card_store(self.hub.data_dir)

    def reports(self) -> ReportStore:
        return ReportStore(self.data_dir)
