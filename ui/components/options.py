"""Game options drawn from a game's pydantic Config, so every game gets its option controls for free."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping
from typing import Any, Literal, Protocol, cast, get_args, get_origin

from nicegui import ui
from pydantic import BaseModel

from logic.messages import Message
from logic.options import option_sheet
from ui.i18n.viewer import pgettext, tr


def option_choices(model: type[BaseModel], name: str) -> list[Any] | None:
    """The values a field may take, when they are a short list (Literal, bool, small int range)."""
    f = model.model_fields[name]
    ann = f.annotation
    extra = f.json_schema_extra if isinstance(f.json_schema_extra, dict) else {}
    if "choices" in extra:
        return list(extra["choices"])  # type: ignore[arg-type]
    if get_origin(ann) is Literal:
        return list(get_args(ann))
    if ann is bool:
        return [False, True]
    ge = le = None
    for meta in f.metadata:
        ge = getattr(meta, "ge", ge)
        le = getattr(meta, "le", le)
    if ann is int and ge is not None and le is not None and le - ge <= 30:
        return list(range(int(ge), int(le) + 1))
    return None


def option_label(model: type[BaseModel], name: str) -> str:
    info = option_sheet(model).options.get(name)
    if info is not None:
        return tr(info.label)
    f = model.model_fields[name]
    return f.title or name.replace("_", " ").capitalize()


def value_label(value: Any, names: Mapping[Any, Message] | None = None) -> str:
    """An option's value as the viewer reads it: On/Off, "No limit", the name the option sheet gives it, else itself
    (a number)."""
    if names and value in names:
        return tr(names[value])
    if value is True:
        return pgettext("option value", "On")
    if value is False:
        return pgettext("option value", "Off")
    if value == 0 and not isinstance(value, bool):
        return pgettext("option value", "No limit")
    return str(value).replace("_", " ")


def label_width(label: str, least: int = 150) -> str:
    """A select wide enough for its whole label in any language (Quasar cuts a field's label with "…"; the floating
    label is drawn at three quarters of the field's size): "No finishing on a top card", "Début de la manche", and
    Japanese, whose characters are each about two ``ch`` wide ("「ラミー！」の受付時間"). At least ``least`` px."""
    wide = sum(1 for c in label if unicodedata.east_asian_width(c) in ("W", "F"))
    return f"min-width: max({least}px, {0.8 * (len(label) - wide) + 1.6 * wide + 5:.1f}ch)"


def option_value_text(model: type[BaseModel], name: str, value: Any) -> str:
    """Option ``name``'s value as the viewer reads it, with the names the game's option sheet gives its values."""
    info = option_sheet(model).options.get(name)
    return value_label(value, dict(info.names) if info is not None else None)


def player_choices(game: Any) -> list[int]:
    choices = option_choices(game.config_model, "players") if "players" in game.config_model.model_fields else None
    return [c for c in (choices or range(game.min_players, game.max_players + 1))
            if game.min_players <= c <= game.max_players]


class _HasPlayers(Protocol):
    players: int


def players_of(config: BaseModel) -> int:
    """How many seats a game's config makes."""
    # every game's Config has ``players`` (the contract in logic/game.py); Game.make_config says only BaseModel
    return cast(_HasPlayers, config).players


def option_values(model: type[BaseModel], values: dict[str, Any]) -> dict[str, Any]:
    """Every option's value: the ones given, the config's defaults for the rest."""
    return {name: values.get(name, f.default) for name, f in model.model_fields.items()}


def option_block(model: type[BaseModel], name: str, values: dict[str, Any]) -> str | None:
    """Why option ``name`` is greyed with the other options at ``values`` (every choice but the current one is ruled
    out by another option: the game's :class:`logic.options.OptionSheet` says so and why), else None."""
    sheet = option_sheet(model)
    every = option_values(model, values)
    current = every.get(name)
    default = model.model_fields[name].default
    reasons = [sheet.blocked(name, c, every, default) for c in option_choices(model, name) or [] if c != current]
    first = reasons[0] if reasons else None
    return tr(first) if first is not None and all(reasons) else None


def show_block(control: ui.select, reason: str | None, enabled: bool) -> None:
    """Grey ``control`` with its reason (tooltip and ``data-reason``) while ``reason``; else usable if ``enabled``."""
    if reason:
        control.disable()
        control.props["data-reason"] = reason
        control.props["hint"] = reason  # a line under the greyed select: a tooltip does not show on a disabled one
    else:
        control.props.pop("data-reason", None)
        control.props.pop("hint", None)
        if enabled:
            control.enable()
        else:
            control.disable()
    control.update()


def option_controls(model: type[BaseModel], values: dict[str, Any], on_change: Callable[[str, Any], object] | None,
                    *, enabled: bool = True, tips: bool = True) -> dict[str, ui.select]:
    """One select per option, grouped as the game's option sheet declares (a heading per group when there are
    several), with its line of help as a tooltip; read-only (disabled) for non-hosts or once the game has started.
    Returns the selects by option name (to be kept up to date in place; a caller that knows every option's value,
    the player count included, greys the ones another rules out: :func:`option_block`, :func:`show_block`).
    ``tips=False``: no help tooltips, for a page where the selects stay disabled (a guest's lobby): a tooltip never
    shows on a disabled select, and each one is a component the page would mount for nothing (issue 50)."""
    made: dict[str, ui.select] = {}
    sheet = option_sheet(model)
    groups = sheet.grouped()
    for _key, heading, names in groups:
        if len(groups) > 1:
            ui.label(tr(heading)).classes("text-sm font-bold w-full")
        for name in names:
            f = model.model_fields.get(name)
            if f is None:
                continue
            info = sheet.options[name]
            label = tr(info.label)
            current = values.get(name, f.default)
            choices = list(info.choices) if info.choices is not None else option_choices(model, name)
            value_names = dict(info.names)
            if choices is None:
                ui.label(f"{label}: {value_label(current, value_names)}").classes("text-sm")
                continue
            sel = ui.select({c: value_label(c, value_names) for c in choices}, value=current, label=label).style(
                label_width(label))
            made[name] = sel
            sel.props["data-testid"] = f"opt-{name}"
            if info.help is not None and tips:
                sel.tooltip(tr(info.help))
            if not enabled or on_change is None:
                sel.disable()
            if on_change is not None:
                sel.on_value_change(lambda e, n=name: on_change(n, e.value))
    return made
