"""What a game's options mean to the people choosing them, declared beside each game's ``Config``.

A game's ``Config`` (pydantic) says which values an option may take and checks them; its ``OPTIONS``
(:class:`OptionSheet`) says how a person meets them: under which heading, with which label and line of help, and
which options need or rule out which others (with the reason, so the lobby can grey a choice and say why instead
of refusing it afterwards). The lobby draws its option controls from it (ui/components/options.py); house-rule
switches (issue 52) add entries here.

Labels, headings, help and reasons are :class:`~logic.messages.Message` values: rendered in each viewer's
language by the interface, and marked for the catalogues by ``t_msg``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from pydantic import BaseModel

from logic.messages import Message, t_msg

Value: TypeAlias = "str | int | bool"


@dataclass(frozen=True, slots=True)
class Needs:
    """This option may be ``value`` only while option ``other`` is one of ``among`` (``value`` None: any value but
    the option's default, for a switch that only means something with another one on)."""

    other: str
    among: tuple[Value, ...]
    reason: Message
    value: Value | None = None


@dataclass(frozen=True, slots=True)
class Clash:
    """This option may not be ``value`` while option ``other`` is ``other_value``."""

    value: Value
    other: str
    other_value: Value
    reason: Message


@dataclass(frozen=True, slots=True)
class OptionInfo:
    """One option as a person meets it. ``choices`` (when given) are the values offered, in order; otherwise they
    come from the field's type (a Literal, a bool, a short int range) or its ``json_schema_extra["choices"]``."""

    label: Message
    group: str
    help: Message | None = None
    choices: tuple[Value, ...] | None = None
    needs: tuple[Needs, ...] = ()
    clashes: tuple[Clash, ...] = ()
    names: tuple[tuple[Value, Message], ...] = ()  # how a value reads where its own text would not ("short")


GAME = "game"  # the group every game has: how a match goes
GAME_HEADING = t_msg("The game")


@dataclass(frozen=True, slots=True)
class OptionSheet:
    """A game's options in the order they are shown: ``groups`` are (key, heading) pairs; ``options`` by name."""

    options: Mapping[str, OptionInfo]
    groups: tuple[tuple[str, Message], ...] = ((GAME, GAME_HEADING),)
    hidden: frozenset[str] = field(default_factory=lambda: frozenset({"players"}))  # drawn by the lobby itself

    def __post_init__(self) -> None:
        known = {key for key, _heading in self.groups}
        for name, info in self.options.items():
            if info.group not in known:
                raise ValueError(f"option {name!r} is in group {info.group!r}, which the sheet does not declare")
            for other in [n.other for n in info.needs] + [c.other for c in info.clashes]:
                if other not in self.options and other not in self.hidden:
                    raise ValueError(f"option {name!r} refers to an unknown option {other!r}")

    def grouped(self) -> list[tuple[str, Message, list[str]]]:
        """(group key, heading, option names) in the declared order; empty groups left out."""
        out = []
        for key, heading in self.groups:
            names = [n for n, info in self.options.items() if info.group == key and n not in self.hidden]
            if names:
                out.append((key, heading, names))
        return out

    def blocked(self, name: str, value: Any, values: Mapping[str, Any], default: Any = None) -> Message | None:
        """Why option ``name`` cannot be ``value`` with the other options at ``values``, or None when it can."""
        info = self.options.get(name)
        if info is None:
            return None
        for need in info.needs:
            applies = value == need.value if need.value is not None else value != default
            if applies and values.get(need.other) not in need.among:
                return need.reason
        for clash in info.clashes:
            if value == clash.value and values.get(clash.other) == clash.other_value:
                return clash.reason
        return None


def option_sheet(model: type[BaseModel]) -> OptionSheet:
    """The sheet a game's config declares (``OPTIONS``); a config without one gets a plain sheet: every field in the
    one group, labelled with its title or name."""
    sheet = getattr(model, "OPTIONS", None)
    if isinstance(sheet, OptionSheet):
        return sheet
    plain = {name: OptionInfo(label=Message(f.title or name.replace("_", " ").capitalize()), group=GAME)
             for name, f in model.model_fields.items()}
    return OptionSheet(plain)
