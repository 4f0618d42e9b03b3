"""The contract every game implements, so tables, bots, storage, hints, replays and tests are written once.

Shape (after OpenSpiel / python-chess):

* ``Config``: a pydantic model with ``players`` and every option of the game, validated.
* ``new_game(config, seed)``: all randomness from ``random.Random`` derived from the seed.
* ``to_move(state)``: seats that may act now (usually one; simultaneous phases have several).
* ``legal_actions(state, seat)``: deterministic order.
* ``apply(state, seat, action)``: validates fully, then mutates ``state`` in place; raises
  :class:`IllegalMove` with a readable reason and leaves the state untouched.
* ``view(state, seat)``: a JSON-able dict with everything that seat may see and nothing else
  (``seat=None`` is the spectator). UI renders only views; bots decide only from views. Its type is the
  game's TypedDict (``PresidentView`` ...).
* ``Game`` is generic over the game's state, action and view: ``PresidentGame`` is a
  ``Game[PresidentState, PresidentAction, PresidentView]``, so ``logic.president.GAME.view(s, 0)["hand"]`` and
  ``GAME.apply(s, 0, action)`` are checked. Table-generic code holds an :data:`AnyGame` (``Game[Any, Any,
  TableView]``): it passes states and actions between the game's own methods without looking inside them, and
  reads views by the keys every game shares (``logic/view_types.py``).
* ``outcome(state)``: ``None`` while playing, else an :class:`Outcome`.
* Actions are frozen pydantic models with a ``kind`` literal; ``action_adapter`` (a pydantic
  TypeAdapter over the discriminated union) turns them into JSON for the action log and back.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeAlias, TypeVar, cast

from pydantic import BaseModel, TypeAdapter, ValidationError

from logic.messages import Message, t_msg, verbatim
from logic.option_errors import OptionError, option_message
from logic.view_types import TableView

# Phases shared by all games (``data-phase`` in the UI); games may add their own.
PHASE_PLAY = "play"
PHASE_HAND_OVER = "hand-over"
PHASE_OVER = "over"


class IllegalMove(ValueError):
    """An action the rules do not allow now. The message is shown to the player: a :class:`Message` (rendered in
    each viewer's language; ``str()`` is its English, for logs and the seat API), or a plain English sentence from
    code not yet moved to messages."""

    def __init__(self, reason: Message | str) -> None:
        self.message = reason if isinstance(reason, Message) else verbatim(reason)
        super().__init__(self.message.english())

    @classmethod
    def of(cls, exc: Exception) -> IllegalMove:
        """A refusal for another error (an option the game's config rejects): that error's message when it has
        one (a rule card's), else its English text as it is."""
        message = getattr(exc, "message", None)
        return cls(message if isinstance(message, Message) else str(exc))


@dataclass(frozen=True)
class Outcome:
    """Final result of a match.

    ``scores``: final total per seat (team games repeat the team score on each member's seat).
    ``places``: place per seat, 1 = best; tied seats share a place.
    ``winners``: seats sharing first place.
    ``lower_is_better``: True for games where the lowest total wins (Beanie).
    """

    scores: tuple[int, ...]
    places: tuple[int, ...]
    winners: tuple[int, ...]
    lower_is_better: bool = False

    @classmethod
    def from_scores(cls, scores: list[int] | tuple[int, ...], lower_is_better: bool = False) -> Outcome:
        """Competition ranking (1, 1, 3, ...) from totals."""
        sign = 1 if lower_is_better else -1
        keyed = [sign * s for s in scores]
        places = tuple(1 + sum(1 for other in keyed if other < mine) for mine in keyed)
        winners = tuple(i for i, p in enumerate(places) if p == 1)
        return cls(tuple(scores), places, winners, lower_is_better)


# a bot's view type (contravariant: a bot that reads any TableView may play any game) and action type
BotViewT = TypeVar("BotViewT", bound=TableView, contravariant=True)
BotActionT = TypeVar("BotActionT")


class Bot(Protocol[BotViewT, BotActionT]):
    """Every computer player: decide from the seat's view and the legal actions only."""

    def choose(self, view: BotViewT, legal: list[BotActionT], rng: random.Random) -> BotActionT: ...


StateT = TypeVar("StateT")  # the game's full state (secrets included)
ActionT = TypeVar("ActionT")  # the union of the game's actions
# a game's view type (covariant: a Game[S, A, PresidentView] is a Game[S, A, TableView])
ViewT = TypeVar("ViewT", bound=TableView, covariant=True)


class Game(ABC, Generic[StateT, ActionT, ViewT]):
    """One game's rules behind the shared surface. Subclasses are stateless singletons.

    Generic over the game's state, action and view types:
    ``class PresidentGame(Game[PresidentState, PresidentAction, PresidentView])``."""

    key: ClassVar[str]  # "president"
    title: ClassVar[str]  # "President"
    tagline: ClassVar[str]  # one line for the home page
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    config_model: ClassVar[type[BaseModel]]
    action_adapter: ClassVar[TypeAdapter[Any]]  # over ActionT (a class variable cannot name a type variable)
    bot_levels: ClassVar[tuple[str, ...]]  # easiest first, e.g. ("beginner", "normal", "expert")
    default_turn_seconds: ClassVar[int] = 0  # default turn timer at friends tables (0 = off)
    # timeouts in a row after which the computer takes over a person's seat (until "I'm back"); before that
    # the seat stays theirs and only gets a "turn timed out" notice to dismiss
    timeouts_before_autoplay: ClassVar[int] = 1
    # what the game calls the part of a match that ends with a summary ("Next hand", "Next round", "Last deal")
    hand_word: ClassVar[str] = "hand"
    # the fewest points win (Beanie's penalty points): every page that shows a score says so
    lower_is_better: ClassVar[bool] = False
    # options a new table starts with where they differ from the config's defaults (which stay what games saved
    # before an option existed were played with, so old saved games still load and replay)
    table_defaults: ClassVar[dict[str, Any]] = {}
    turn_timer_choices: ClassVar[tuple[int, ...]] = (0, 20, 30, 60, 90, 120)

    # --- building and playing -------------------------------------------------------------
    def make_config(self, **options: Any) -> BaseModel:
        """Validated config; raises :class:`~logic.option_errors.OptionError` (a ValueError) on bad options, its
        ``message`` the reasons in words each viewer reads in their language."""
        try:
            return self.config_model(**options)
        except ValidationError as exc:
            raise OptionError(option_message(exc)) from None

    @abstractmethod
    def new_game(self, config: BaseModel, seed: int) -> StateT: ...

    @abstractmethod
    def to_move(self, state: StateT) -> tuple[int, ...]: ...

    @abstractmethod
    def phase(self, state: StateT) -> str: ...

    @abstractmethod
    def legal_actions(self, state: StateT, seat: int) -> list[ActionT]: ...

    @abstractmethod
    def apply(self, state: StateT, seat: int, action: ActionT) -> None: ...

    def off_turn_actions(self, state: StateT, seat: int) -> list[ActionT]:
        """Moves a seat that is not to move may still make (Beanie: withdrawing an end-round vote). They do not
        restart anyone's turn timer. Default: none."""
        return []

    @abstractmethod
    def view(self, state: StateT, seat: int | None) -> ViewT: ...

    @abstractmethod
    def outcome(self, state: StateT) -> Outcome | None: ...

    @abstractmethod
    def clone(self, state: StateT) -> StateT: ...

    # --- persistence ----------------------------------------------------------------------
    @abstractmethod
    def snapshot(self, state: StateT) -> dict[str, Any]:
        """JSON-able full state (secrets included: it is stored, never sent to a browser)."""

    @abstractmethod
    def restore(self, data: dict[str, Any]) -> StateT: ...

    def encode_action(self, action: ActionT) -> dict[str, Any]:
        return cast(dict[str, Any], self.action_adapter.dump_python(action, mode="json"))

    def decode_action(self, data: object) -> ActionT:
        """Action from its JSON form; malformed input raises IllegalMove."""
        try:
            return cast(ActionT, self.action_adapter.validate_python(data))
        except ValidationError as exc:
            raise IllegalMove(t_msg("That action makes no sense here ({reason}).", reason=_readable(exc))) from None

    def replay(self, config: BaseModel, seed: int, log: list[tuple[int, dict[str, Any]]]) -> StateT:
        """Rebuild a state from config, seed and the action log ``[(seat, action_json), ...]``."""
        state = self.new_game(config, seed)
        for seat, data in log:
            self.apply(state, seat, self.decode_action(data))
        return state

    # --- table helpers (sensible defaults; games override where their rules say more) ------
    @abstractmethod
    def make_bot(self, level: str) -> Bot[ViewT, ActionT]: ...

    def timeout_action(self, state: StateT, seat: int) -> ActionT:
        """The move made for a seat whose turn timer ran out (default: the easiest bot's move)."""
        bot = self.make_bot(self.bot_levels[0])
        return bot.choose(self.view(state, seat), self.legal_actions(state, seat), random.Random(0))

    def phase_timeout(self, state: StateT) -> float | None:
        """Seconds people get in a phase that is timed even at tables without a turn timer (Rummy's draw for the
        first deal); its timeout makes ``timeout_action`` for them but never hands their seat to the computer.
        None: the table's turn timer applies."""
        return None

    def pending_commit(self, state: StateT) -> tuple[float, int, ActionT] | None:
        """An action the table applies by itself after ``delay`` seconds, e.g. the end of a
        grace period: ``(delay, seat, action)``. ``None`` when nothing is pending."""
        return None

    def pending_waits_for_people(self, state: StateT) -> bool:
        """True when the pending action closes a window that every seat may act in (Rummy's "Rummy!" call): it
        then waits its full delay while any person plays at the table, not only when its own seat is a person's."""
        return False

    def window_seats(self, state: StateT) -> tuple[int, ...]:
        """Seats, not to move, that may act in such a window now (their moves are ``off_turn_actions``): the table
        asks its computer players among them, and only them, while the window is open."""
        return ()

    def describe(self, state_before: StateT, seat: int, action: ActionT) -> str | None:
        """A short public line for the table log ("played two 9s"), or None to say nothing.
        Must not reveal hidden information."""
        return None

    def rules_markdown(self) -> str:
        """In-game rules, FAQ and examples in our own words (Markdown)."""
        return ""


# what table-generic code holds (the registry, the table, replays, storage): a game whose state and action it only
# passes between that game's own methods, and whose view it reads by the keys every game shares
AnyGame: TypeAlias = "Game[Any, Any, TableView]"


def _readable(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors():
        where = ".".join(str(p) for p in err.get("loc", ()) if p != "__root__")
        msg = err.get("msg", "invalid value").removeprefix("Value error, ")
        parts.append(f"{where}: {msg}" if where else msg)
    return "; ".join(parts)
