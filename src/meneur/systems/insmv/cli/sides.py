"""The two sides of an opposed test, A (who acts) and B (who resists): their options and what they mean.

Each option a side has is declared once, in :data:`SIDE_OPTIONS` (stateless) or
:data:`TABLE_SIDE_OPTIONS` (naming a being of a table file): its parameter and flag less the side's
letter, default, range and A's and B's help. ``opposed`` takes every option twice, ``_a`` and ``_b``,
and :meth:`OpposedSide.read` gathers one side's back into one value.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

import typer

from meneur.errors import BadInputError
from meneur.i18n import N_, Message, Translator
from meneur.systems.insmv.catalogue import parse_kind
from meneur.systems.insmv.cli import common as c
from meneur.systems.insmv.cli import options as o
from meneur.systems.insmv.model import MAX_NUMBER, MAX_SHIFT
from meneur.systems.insmv.opposed import Side
from meneur.systems.insmv.resolution import TestPlan, TestRequest
from meneur.systems.insmv.table_um import Difficulty
from meneur.systems.insmv.words import SIDE_WORDS, lookup

_ = Translator("insmv")


@dataclass(frozen=True)
class SideOption:
    """An option each side has: ``field`` and ``flag`` take ``_a``/``-a`` or ``_b``/``-b``."""

    field: str
    flag: str
    default: Any
    helps: tuple[str, str]
    """A's help and B's help (message ids)."""
    limits: tuple[int, int] | None = None

    def option(self, side: int) -> Any:
        """The Typer option of side 0 (A) or 1 (B), in the current language."""
        callback = None if self.limits is None else o.within(*self.limits)
        flag = f"{self.flag}-{'ab'[side]}"
        return typer.Option(self.default, flag, callback=callback, help=_(self.helps[side]))


SIDE_OPTIONS = (
    SideOption(
        "value", "--value", None, (N_("A's value (A acts)."), N_("B's value (B resists).")), (0, MAX_NUMBER)
    ),
    SideOption("difficulty", "--difficulty", None, (N_("A's row."), N_("B's row."))),
    SideOption(
        "shift",
        "--shift",
        0,
        (N_("Game master's shift for A."), N_("Game master's shift for B.")),
        (-MAX_SHIFT, MAX_SHIFT),
    ),
    SideOption(
        "voluntary",
        "--voluntary",
        0,
        (N_("A's voluntary shift."), N_("B's voluntary shift.")),
        (0, MAX_SHIFT),
    ),
    SideOption(
        "kind",
        "--kind",
        None,
        (N_("A's kind of being (humain, ange, démon…)."), N_("B's kind of being (humain, ange, démon…).")),
    ),
    SideOption(
        "max_shift",
        "--max-shift",
        None,
        (
            N_("The game master's voluntary-shift limit for A."),
            N_("The game master's voluntary-shift limit for B."),
        ),
        (0, MAX_SHIFT),
    ),
    SideOption(
        "untrained",
        "--untrained-malus",
        None,
        (
            N_("A does not possess the talent: its malus (1 to 4); --value-a is the characteristic."),
            N_("B does not possess the talent: its malus (1 to 4); --value-b is the characteristic."),
        ),
        (1, 4),
    ),
    SideOption(
        "missing",
        "--power-not-possessed",
        False,
        (
            N_("A does not possess the power: no chance, no roll."),
            N_("B does not possess the power: no chance, no roll."),
        ),
    ),
)

TABLE_SIDE_OPTIONS = (
    SideOption(
        "being",
        "--being",
        None,
        (N_("A, a being of the table file (who acts)."), N_("B, a being of the table file (who resists).")),
    ),
    SideOption(
        "sheet",
        "--talent",
        None,
        (N_("A's talent, from A's sheet (table file)."), N_("B's talent, from B's sheet (table file).")),
    ),
    SideOption(
        "trait",
        "--characteristic",
        None,
        (N_("A's characteristic, from A's sheet."), N_("B's characteristic, from B's sheet.")),
    ),
    SideOption(
        "power",
        "--power",
        None,
        (N_("A's power, from A's sheet (table file)."), N_("B's power, from B's sheet (table file).")),
    ),
    SideOption(
        "cost",
        "--cost",
        None,
        (
            N_("PP A's power costs, spent from A's pool (table file)."),
            N_("PP B's power costs, spent from B's pool (table file)."),
        ),
        (1, 2 * MAX_NUMBER),
    ),
)


def side_options() -> dict[str, Any]:
    """Every option of both sides, by parameter name (``value_a``, ``value_b``...), in the current language."""
    return {
        f"{declared.field}_{letter}": declared.option(side)
        for declared in (*SIDE_OPTIONS, *TABLE_SIDE_OPTIONS)
        for side, letter in enumerate("ab")
    }


def parse_side(text: str) -> Side:
    """``attaquant``/``A`` or ``défenseur``/``B`` (French or English), as the opposed test's side."""
    try:
        return Side(lookup(text, SIDE_WORDS))
    except ValueError:
        raise BadInputError(
            Message(
                "insmv",
                N_("Unknown side '{value}': choose attaquant (attacker, A) or défenseur (defender, B)."),
                {"value": text},
            )
        ) from None


@dataclass(frozen=True)
class OpposedSide:
    """One side's options as typed."""

    being: str | None
    value: int | None
    difficulty: str | None
    shift: int
    voluntary: int
    kind: str | None
    max_shift: int | None
    untrained: int | None
    missing: bool
    sheet: str | None
    """The talent named on the being's sheet."""
    trait: str | None
    """The characteristic named on the being's sheet."""
    power: str | None
    """The power named on the being's sheet."""
    cost: int | None

    @classmethod
    def read(cls, params: Mapping[str, Any], letter: str) -> OpposedSide:
        """Side ``letter`` (``a`` or ``b``) of the command's parameters."""
        return cls(**{field.name: params[f"{field.name}_{letter}"] for field in fields(cls)})

    def request(self) -> TestRequest:
        if self.value is None:
            raise BadInputError(
                Message(
                    "insmv", N_("Give --value-a and --value-b, or a table file with --being-a and --being-b.")
                )
            )
        return c.read_request(self.value, self.difficulty, self.shift, self.voluntary, self.untrained)

    def plan(self) -> TestPlan | None:
        if self.being is not None or (self.sheet, self.trait, self.power) != (None, None, None) or self.cost:
            raise BadInputError(
                Message(
                    "insmv",
                    N_(
                        "--being, --talent, --characteristic, --power and --cost need the table file:"
                        " 'insmv opposed FILE --being-a A --being-b B'."
                    ),
                )
            )
        return c.plan_of(self.request(), c.kind_rules(self.kind or "human", self.max_shift), not self.missing)

    def wire(self) -> dict[str, Any]:
        if self.being is None:
            raise BadInputError(
                Message("insmv", N_("An opposed test at a table needs --being-a and --being-b."))
            )
        named = {
            "being": self.being,
            "value": self.value,
            "shift": self.shift,
            "voluntary": self.voluntary,
            "difficulty": None if self.difficulty is None else Difficulty.parse(self.difficulty).value,
            "untrained_malus": self.untrained,
            "possessed": not self.missing,
            "cost": self.cost,
            "talent": self.sheet,
            "characteristic": self.trait,
            "power": self.power,
            "kind": None if self.kind is None else parse_kind(self.kind).value,
            "max_shift": self.max_shift,
        }
        return {k: v for k, v in named.items() if v is not None}
