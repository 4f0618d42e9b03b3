"""Rule cards: a named set of a game's options (its house rules), shipped with Card Night or saved by a host.

A card holds only the options that differ from the game's defaults, so a card made today still means the same
table after a new switch is added (the new switch stays at its default, off). Each game ships its well-known cards
in ``logic/<game>/rule_cards.py`` as ``RULE_CARDS``; :func:`shipped_cards` gathers them. Names and the line on where
a card is played are messages, rendered in each viewer's language.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any, Literal, get_args, get_origin

from pydantic import BaseModel, ValidationError

from logic.messages import Message, t_msg, verbatim
from logic.options import option_sheet

if TYPE_CHECKING:
    from logic.replay import Example

OptionValue = str | int | bool


@dataclass(frozen=True, slots=True)
class RuleCard:
    """``options`` maps option names of the game's ``Config`` to values differing from its defaults."""

    id: str  # stable, URL-safe: "president-daifugo"; saved cards get a generated id
    game: str  # the game's key: "president"
    name: Message
    where: Message | None = None  # one sentence: where and by whom this set of rules is played
    options: Mapping[str, OptionValue] = field(default_factory=dict)


# --- shipped cards -------------------------------------------------------------------------------------------


def game_module(game: str) -> ModuleType | None:
    """``logic.<game>.rule_cards`` when the game has one (its ``RULE_CARDS`` and, optionally, its
    ``house_rule_sections``); None while a game ships no cards yet."""
    name = f"logic.{game}.rule_cards"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name not in (name, f"logic.{game}"):
            raise  # a card module that is there but breaks on import is a bug, not "no cards"
        return None


def shipped_cards(game: str) -> tuple[RuleCard, ...]:
    """The cards Card Night ships for ``game`` (its ``RULE_CARDS``), in the order the game lists them."""
    module = game_module(game)
    cards = getattr(module, "RULE_CARDS", ()) if module is not None else ()
    return tuple(card for card in cards if isinstance(card, RuleCard) and card.game == game)


def find_shipped(card_id: str, games: Iterable[str]) -> RuleCard | None:
    for game in games:
        for card in shipped_cards(game):
            if card.id == card_id:
                return card
    return None


# --- options and the standard --------------------------------------------------------------------------------


def standard_options(model: type[BaseModel], table_defaults: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The game's standard rules: every option at the value a new table starts with (the config's defaults, with the
    game's ``table_defaults`` over them); ``players`` and the sheet's other hidden options left out."""
    hidden = option_sheet(model).hidden
    defaults = dict(table_defaults or {})
    return {name: defaults.get(name, f.default) for name, f in model.model_fields.items() if name not in hidden}


def differing(model: type[BaseModel], options: Mapping[str, Any],
              table_defaults: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The options in ``options`` that differ from the standard rules, in the order of the game's option sheet
    (which is what a card keeps and what "At this table" lists)."""
    standard = standard_options(model, table_defaults)
    sheet = option_sheet(model)
    order = [n for _key, _heading, names in sheet.grouped() for n in names]
    order += [n for n in standard if n not in order]
    return {n: options[n] for n in order if n in options and n in standard and options[n] != standard[n]}


@dataclass(frozen=True, slots=True)
class Difference:
    """One line of "At this table": the option, its label, the table's value and the standard one."""

    name: str
    label: Message
    value: OptionValue
    standard: OptionValue
    help: Message | None = None
    names: tuple[tuple[OptionValue, Message], ...] = ()  # the option sheet's names of its values


def differences(model: type[BaseModel], options: Mapping[str, Any],
                table_defaults: Mapping[str, Any] | None = None) -> list[Difference]:
    sheet = option_sheet(model)
    standard = standard_options(model, table_defaults)
    out = []
    for name, value in differing(model, options, table_defaults).items():
        info = sheet.options.get(name)
        label = info.label if info is not None else verbatim(name.replace("_", " ").capitalize())
        out.append(Difference(name, label, value, standard[name], info.help if info is not None else None,
                              info.names if info is not None else ()))
    return out


def card_table_options(model: type[BaseModel], card: RuleCard,
                       table_defaults: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The options a new table with ``card``'s rules starts with: the standard ones, the card's over them."""
    return {**standard_options(model, table_defaults), **dict(card.options)}


# --- the house rules a rules page shows ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HouseRuleSection:
    """One switch on, as the rules page's "House rules" shows it: a heading, its text (Markdown), in the viewer's
    language, and the switch's step-by-step example (``example``, drawn under it; None for an option without one).
    Unless a game says more, the option's label and help line and its example from ``HOUSE_EXAMPLES``."""

    option: str
    title: Message
    text: Message | None = None
    example: Example | None = None


def house_examples(game: str) -> dict[str, Example]:
    """The step-by-step example of each house-rule switch of ``game`` by option name: ``HOUSE_EXAMPLES`` of
    ``logic/<game>/examples.py``, a mapping by option or (President) a sequence whose keys are the option names
    with dashes ("eight-cut" for ``eight_cut``)."""
    try:
        module = importlib.import_module(f"logic.{game}.examples")
    except ModuleNotFoundError:
        return {}
    found = getattr(module, "HOUSE_EXAMPLES", {})
    if isinstance(found, Mapping):
        return dict(found)
    return {example.key.replace("-", "_"): example for example in found}


def plain_sections(model: type[BaseModel], options: Mapping[str, Any],
                   table_defaults: Mapping[str, Any] | None = None, game: str | None = None) -> list[HouseRuleSection]:
    """Each differing option's label, help line and (``game`` given) its step-by-step example."""
    examples = house_examples(game) if game is not None else {}
    return [HouseRuleSection(d.name, d.label, d.help, examples.get(d.name))
            for d in differences(model, options, table_defaults)]


def house_rule_sections(game: str, model: type[BaseModel], options: Mapping[str, Any],
                        table_defaults: Mapping[str, Any] | None = None) -> list[HouseRuleSection]:
    """The seam for the game helpers: ``logic/<game>/rule_cards.py`` may define
    ``house_rule_sections(options: Mapping[str, Any]) -> list[HouseRuleSection]`` (the rules texts and examples of
    the switches that are on, given the table's full options); a game without one shows each differing option's
    label, help line and step-by-step example (:func:`house_examples`)."""
    module = game_module(game)
    own = getattr(module, "house_rule_sections", None) if module is not None else None
    if callable(own):
        return list(own({**standard_options(model, table_defaults), **dict(options)}))
    return plain_sections(model, options, table_defaults, game)


# --- a card as a small JSON file ----------------------------------------------------------------------------

FILE_FORMAT = "cardnight-rule-card"
FILE_VERSION = 1
NAME_MAX = 60
FILE_MAX_BYTES = 8192


class CardError(ValueError):
    """A card that cannot be used (a wrong file, an unknown id, another game's card): ``message`` is for the
    person, in their language."""

    def __init__(self, message: Message) -> None:
        super().__init__(message.english())
        self.message = message


def card_name_text(card: RuleCard) -> str:
    """The name as written, for a file and for a saved card (a shipped card's English name)."""
    return card.name.english()


def card_to_json(card: RuleCard) -> dict[str, Any]:
    """What an exported card file holds: the format, the game, the name and the options differing from the
    standard (never a player id)."""
    return {"format": FILE_FORMAT, "version": FILE_VERSION, "game": card.game, "name": card_name_text(card),
            "options": dict(card.options)}


def clean_name(name: object) -> str:
    """A card's name, trimmed; a CardError when it is empty or too long."""
    text = " ".join(str(name).split()) if isinstance(name, str) else ""
    if not text:
        raise CardError(t_msg("A rule card needs a name."))
    if len(text) > NAME_MAX:
        raise CardError(t_msg("A rule card's name is at most {n} characters.", n=NAME_MAX))
    return text


def offered_values(model: type[BaseModel], name: str) -> list[Any] | None:
    """The values the lobby offers for option ``name`` (the sheet's ``choices``, the field's ``choices``, a Literal
    or a bool), or None when the field's own checks are all there is."""
    info = option_sheet(model).options.get(name)
    if info is not None and info.choices is not None:
        return list(info.choices)
    f = model.model_fields[name]
    extra = f.json_schema_extra if isinstance(f.json_schema_extra, dict) else {}
    if isinstance(extra.get("choices"), list):
        return list(extra["choices"])  # type: ignore[arg-type]
    if get_origin(f.annotation) is Literal:
        return list(get_args(f.annotation))
    if f.annotation is bool:
        return [False, True]
    return None


def check_options(model: type[BaseModel], options: object, table_defaults: Mapping[str, Any] | None = None,
                  players: int | None = None) -> dict[str, Any]:
    """The options of a card for ``model``, checked: known rule options only, values the game accepts together;
    returned as the ones differing from the standard. A CardError says what is wrong."""
    if not isinstance(options, Mapping):
        raise CardError(t_msg("The card's options are not a list of names and values."))
    standard = standard_options(model, table_defaults)
    for name, value in options.items():
        if not isinstance(name, str) or name not in standard:
            raise CardError(t_msg("This game has no option called {name}.", name=str(name)))
        if not isinstance(value, str | int | bool):
            raise CardError(t_msg("The option {name} has a value this game does not accept.", name=name))
    full = {**standard, **dict(options)}
    if players is not None:
        full["players"] = players
    sheet = option_sheet(model)
    for name in options:
        allowed = offered_values(model, name)
        if allowed is not None and full[name] not in allowed:
            raise CardError(t_msg("The option {name} has a value this game does not accept.", name=name))
        if sheet.blocked(name, full[name], full, standard[name]) is not None:
            raise CardError(t_msg("These options do not fit together in this game."))
    try:
        model(**full)
    except (ValidationError, ValueError, TypeError):
        raise CardError(t_msg("These options do not fit together in this game.")) from None
    return differing(model, full, table_defaults)


def card_from_json(data: object, game: str, model: type[BaseModel],
                   table_defaults: Mapping[str, Any] | None = None) -> tuple[str, dict[str, Any]]:
    """The name and options of an imported card file for ``game``; a CardError for anything else (another
    format, another game, unknown options or values)."""
    if not isinstance(data, Mapping) or data.get("format") != FILE_FORMAT:
        raise CardError(t_msg("This file is not a Card Night rule card."))
    if data.get("version") != FILE_VERSION:
        raise CardError(t_msg("This rule card was made by another version of Card Night."))
    if data.get("game") != game:
        raise CardError(t_msg("This rule card is for another game ({other}).", other=str(data.get("game"))))
    name = clean_name(data.get("name"))
    return name, check_options(model, data.get("options", {}), table_defaults)


def parse_card_file(raw: bytes, game: str, model: type[BaseModel],
                    table_defaults: Mapping[str, Any] | None = None) -> tuple[str, dict[str, Any]]:
    """An uploaded file's bytes to a card's name and options (see :func:`card_from_json`)."""
    if len(raw) > FILE_MAX_BYTES:
        raise CardError(t_msg("This file is too large to be a rule card."))
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise CardError(t_msg("This file is not a Card Night rule card.")) from None
    return card_from_json(data, game, model, table_defaults)
