"""The fight subcommands read each option as its field's type says (positions, lists, pairs, a
character file, a name or a number), not from the text of the type."""

from __future__ import annotations

from typing import get_type_hints

import pytest

from meneur.systems.energy.cli.fight_commands import cli_type, form, wire_value
from meneur.systems.energy.combat import commands as cmd


@pytest.mark.parametrize(
    ("kind", "key", "expected", "typer_type"),
    [
        (cmd.Attack, "tokens", "value", int),
        (cmd.Attack, "diameter", "value", float),
        (cmd.Attack, "keep_invisible", "value", bool),
        (cmd.Attack, "actor", "value", str),
        (cmd.Attack, "portal", "value", str),
        (cmd.Attack, "power", "named", str),
        (cmd.Attack, "target_power", "named", str),
        (cmd.Attack, "destination", "point", str),
        (cmd.Charge, "to", "point", str),
        (cmd.Attack, "area_targets", "list", list[str]),
        (cmd.Attack, "joined", "pairs", list[str]),
        (cmd.Maintain, "lasting", "named", str),
        (cmd.Arrive, "character", "file", str),
    ],
)
def test_an_option_is_read_as_its_field_type_says(
    kind: type, key: str, expected: str, typer_type: object
) -> None:
    hint = get_type_hints(kind)[key]
    assert form(key, hint) == expected
    assert cli_type(key, hint) == typer_type


def test_option_values_become_the_fight_file_form() -> None:
    hints = get_type_hints(cmd.Attack)
    assert wire_value("destination", hints["destination"], "5, -2.5") == [5.0, -2.5]
    assert wire_value("area_targets", hints["area_targets"], ["a,b", "c"]) == ["a", "b", "c"]
    assert wire_value("joined", hints["joined"], ["x#1=2,x#2=3"]) == {"x#1": 2, "x#2": 3}
    assert wire_value("power", hints["power"], "2") == 2
    assert wire_value("power", hints["power"], "Rayon") == "Rayon"
