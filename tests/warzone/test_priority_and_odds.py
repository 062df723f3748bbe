"""Target priority for enemy and friendly models, ``cast --odds`` and the leadership value checked at
once (001_0209eda46e4737a1.txt)."""

from __future__ import annotations

import json

import pytest

from meneur.dice.source import EnteredSource
from meneur.errors import BadInputError
from meneur.systems.warzone.casting import cast
from meneur.systems.warzone.model import PowerKind, TableOptions, TargetKind
from meneur.systems.warzone.power_test import PowerTestSpec
from meneur.systems.warzone.reach import Target, target_problems
from tests.cli_helpers import run_cli
from tests.warzone.helpers import BOLT


def test_priority_binds_powers_aimed_at_enemy_models() -> None:
    # "W wypadku Mocy rzucanych na Modele przeciwnika należy przestrzegać zasad Priorytetu Celu"
    enemy = Target(kind=TargetKind.MODEL, distance=6, priority_respected=False)
    assert target_problems(BOLT, enemy)
    assert not target_problems(BOLT, Target(kind=TargetKind.MODEL, distance=6))


def test_priority_does_not_bind_a_power_aimed_at_a_friendly_model() -> None:
    # the same sentence names "Modele przeciwnika": a friendly model is chosen freely, unless the
    # table reads "Model używając Mocy musi przestrzegać zasad Priorytetu Celu" as binding them too
    friend = Target(kind=TargetKind.MODEL, distance=6, priority_respected=False, friendly=True)
    assert not target_problems(BOLT, friend)
    assert target_problems(BOLT, friend, TableOptions(friendly_targets_follow_priority=True))


def test_priority_can_be_stated_from_the_command_line(tmp_path: object) -> None:
    from pathlib import Path

    from tests.warzone.helpers import mystic

    folder = Path(str(tmp_path))
    (folder / "m.json").write_text(json.dumps(mystic().model_dump(mode="json")), encoding="utf-8")
    path = str(folder / "s.json")
    assert run_cli(["warzone", "new", path, "--figure", str(folder / "m.json")], "en").exit_code == 0
    for verb in (["activate"], ["declare"]):
        assert run_cli(["warzone", verb[0], path, *verb[1:]], "en").exit_code == 0
    refused = run_cli(
        [
            "warzone",
            "spell",
            path,
            "Bolt",
            "--target",
            "model",
            "--distance",
            "6",
            "--against-priority",
            "--json",
        ],
        "en",
    )
    assert refused.exit_code == 1 and json.loads(refused.stdout)["rule"] == "range"
    friendly = run_cli(
        [
            "warzone",
            "spell",
            path,
            "Bolt",
            "--target",
            "model",
            "--distance",
            "6",
            "--against-priority",
            "--friendly",
            "--dice",
            "3",
            "--json",
        ],
        "en",
    )
    assert friendly.exit_code == 0, friendly.stdout


def test_cast_odds_like_the_other_systems() -> None:
    # "Aby test się powiódł model musi wyrzucić na K20 wynik mniejszy bądź równy jego zmodyfikowanej
    # Mocy": Moc 14, difficulty 2: 12 or less, 1 absolute success, 2-12 success, 13-19 failure, 20
    result = run_cli(
        ["warzone", "cast", "--power", "14", "--difficulty", "2", "--dice", "5", "--odds", "--json"], "en"
    )
    assert result.exit_code == 0, result.stdout
    data = json.loads(result.stdout)
    assert data["success"] is True and data["odds"]["threshold"] == 12
    assert data["odds"]["outcomes"] == {
        "absolute_success": "1/20",
        "success": "11/20",
        "failure": "7/20",
        "critical_failure": "1/20",
    }
    words = run_cli(["warzone", "cast", "--power", "14", "--difficulty", "2", "--dice", "5", "--odds"], "pl")
    assert words.exit_code == 0 and "12" in words.stdout


def test_the_leadership_is_checked_at_once_whatever_the_die() -> None:
    # the value is read only on the violence table's "20" ("Model musi wykonać test DW"), but a
    # leadership out of range is refused before any die is read
    spec = PowerTestSpec(14, 2)
    with pytest.raises(BadInputError):
        cast(spec, PowerKind.SPELL, 1, EnteredSource([5]), TableOptions(), leadership=31)
    with pytest.raises(BadInputError):
        cast(spec, PowerKind.SPELL, 1, EnteredSource([5]), TableOptions(), leadership=-1)
    assert cast(spec, PowerKind.SPELL, 1, EnteredSource([5]), TableOptions(), leadership=30).success
