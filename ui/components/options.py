"""Game options drawn from a game's pydantic Config, so every game gets its option controls for free."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, Protocol, cast, get_args, get_origin

from nicegui import ui
from pydantic import BaseModel

HIDDEN_OPTIONS = {"players"}


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
    f = model.model_fields[name]
    return f.title or name.replace("_", " ").capitalize()


def value_label(value: Any) -> str:
    if value is True:
        return "On"
    if value is False:
        return "Off"
    if value == 0 and not isinstance(value, bool):
        return "No limit"
    return str(value).replace("_", " ")


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


def option_controls(model: type[BaseModel], values: dict[str, Any], on_change: Callable[[str, Any], object] | None,
                    *, enabled: bool = True) -> dict[str, ui.select]:
    """One select per option; read-only (disabled) for non-hosts or once the game has started. Returns the selects
    by option name (to be kept up to date in place)."""
    made: dict[str, ui.select] = {}
    for name, f in model.model_fields.items():
        if name in HIDDEN_OPTIONS:
            continue
        choices = option_choices(model, name)
        label = option_label(model, name)
        current = values.get(name, f.default)
        if choices is None:
            ui.label(f"{label}: {value_label(current)}").classes("text-sm")
            continue
        sel = ui.select({c: value_label(c) for c in choices}, value=current, label=label).classes("min-w-[150px]")
        made[name] = sel
        sel.props["data-testid"] = f"opt-{name}"
        if f.description:
            sel.tooltip(f.description)
        if not enabled or on_change is None:
            sel.disable()
        else:
            sel.on_value_change(lambda e, n=name: on_change(n, e.value))
    return made
