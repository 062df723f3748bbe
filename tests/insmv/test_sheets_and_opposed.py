"""Beings that keep their sheet, ``test --kind`` honoured or refused, opposed tests between beings of
the table, and the PP rule as a table setting (000_008acb24c72771e3.txt)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from meneur.dice.source import EnteredSource
from meneur.engine import Session
from meneur.errors import BadInputError
from meneur.systems.insmv import events as ev
from meneur.systems.insmv.commands import OpposedTest, RollTest
from meneur.systems.insmv.events import OpposedTested, PowerPointsSpent
from tests.cli_helpers import run_cli

YVES = {
    "name": "Yves",
    "kind": "angel",
    "will": 4,
    "rules": {"max_voluntary_shift": 5},
    "characteristics": {"Force": 2, "Présence": 3},
    "talents": [
        {"name": "Discussion", "characteristic": "Présence", "malus": 1, "value": 4},
        {"name": "Escalade", "characteristic": "Force", "malus": 2},
    ],
    "powers": {"Charme": 3},
}
ASMO = {
    "name": "Asmo",
    "kind": "demon",
    "will": 3,
    "rules": {"max_voluntary_shift": 5},
    "characteristics": {"Force": 3},
}


def table(**options: bool) -> Session[Any, Any, Any]:
    return Session.new("insmv", {"beings": [YVES, ASMO], "options": options})


def roll(session: Session[Any, Any, Any], command: RollTest, dice: list[int]) -> ev.Tested:
    event = session.do(command, EnteredSource(dice))[0]
    assert isinstance(event, ev.Tested)
    return event


def test_a_talent_on_the_sheet_gives_its_value() -> None:
    # « chacun des deux protagonistes utilise le talent, la caractéristique ou le pouvoir concerné »
    session = table()
    by_name = roll(session, RollTest(being="Yves", talent="discussion"), [2, 3, 4])
    by_value = roll(session, RollTest(being="Yves", value=4), [2, 3, 4])
    assert (by_name.value, by_name.untrained_malus, by_name.talent) == (4, None, "Discussion")
    assert (by_name.success, by_name.units) == (by_value.success, by_value.units)


def test_a_talent_not_possessed_uses_its_characteristic_and_malus() -> None:
    # « il utilise sa caractéristique associée, mais (1) décalée d'un nombre de colonnes égal au
    # malus signalé entre parenthèses après chaque talent et (2) toujours en rapport avec la ligne
    # « très difficile » »
    session = table()
    event = roll(session, RollTest(being="Yves", talent="Escalade"), [1, 1, 1])
    manual = roll(session, RollTest(being="Yves", value=2, untrained_malus=2), [1, 1, 1])
    assert (event.value, event.untrained_malus) == (2, 2)
    assert (event.success, event.units) == (manual.success, manual.units)
    assert roll(session, RollTest(being="Yves", characteristic="force"), [1, 1, 1]).value == 2
    assert roll(session, RollTest(being="Yves", power="Charme", cost=1), [1, 1, 1]).value == 3


def test_a_sheet_name_must_exist_and_one_source_of_value() -> None:
    session = table()
    for bad in (
        RollTest(being="Yves", talent="Vol"),
        RollTest(being="Asmo", talent="Discussion"),
        RollTest(being="Yves", value=3, talent="Discussion"),
        RollTest(being="Asmo"),
        RollTest(being="Yves", talent="Escalade", untrained_malus=1),
    ):
        with pytest.raises(BadInputError):
            session.do(bad, EnteredSource([1, 1, 1]))
    assert session.version == 0


def test_test_kind_is_the_beings_or_refused() -> None:
    # « Un Ange ou un Démon ne peut pas décaler volontairement son jet de plus de 5 colonnes [...]
    # Aucun autre personnage du jeu ne peut utiliser cette option »: the being's kind decides
    session = table()
    with pytest.raises(BadInputError):
        session.do(RollTest(being="Yves", value=3, voluntary=2, kind="human"), EnteredSource([1, 1, 1]))
    with pytest.raises(BadInputError):
        session.do(RollTest(being="Yves", value=3, max_shift=1), EnteredSource([1, 1, 1]))
    angel = RollTest(being="Yves", value=3, voluntary=2, kind="angel")  # type: ignore[arg-type]
    assert roll(session, angel, [1, 1, 1]).voluntary == 2


@pytest.mark.parametrize(("kind", "code"), [("ange", 0), ("humain", 1), ("démon", 0)])
def test_stateless_test_honours_the_kind(kind: str, code: int) -> None:
    # the same sentence: a voluntary shift is an angel's or a demon's, never a human's
    result = run_cli(
        ["insmv", "test", "--value", "3", "--voluntary", "2", "--kind", kind, "--dice", "1,1,1"], "fr"
    )
    assert result.exit_code == code, result.stdout + result.stderr


def test_an_opposed_test_between_beings_spends_their_pp() -> None:
    # « Lorsqu'un personnage tente une action et lorsqu'un autre souhaite se défendre ou l'en
    # empêcher, chacun des deux protagonistes utilise le talent, la caractéristique ou le pouvoir »
    session = table()
    events = session.do(
        OpposedTest(
            attacker=RollTest(being="Yves", power="Charme", cost=2),
            defender=RollTest(being="Asmo", characteristic="Force", cost=1),
        ),
        EnteredSource([1, 1, 3, 1, 1, 2]),
    )
    duel, *spent = events
    assert isinstance(duel, OpposedTested)
    assert (duel.attacker.value, duel.defender.value) == (3, 3)
    assert spent == [
        PowerPointsSpent(name="Yves", cost=2, power="Charme"),
        PowerPointsSpent(name="Asmo", cost=1),
    ]
    assert session.state.beings["Yves"].current_power_points == 2
    assert session.state.beings["Asmo"].current_power_points == 2


def test_an_opposed_test_keeps_pp_on_failure_when_the_table_says_so() -> None:
    session = table(spend_power_points_on_failure=False)
    events = session.do(
        OpposedTest(
            attacker=RollTest(being="Yves", value=1, difficulty="tres_difficile", cost=2),
            defender=RollTest(being="Asmo", value=3),
        ),
        EnteredSource([6, 6, 1, 1, 1, 1]),
    )
    assert not events[0].attacker.success and len(events) == 1
    assert session.state.beings["Yves"].current_power_points == 4


def call(args: list[str], lang: str = "en", code: int = 0) -> Any:
    result = run_cli(["insmv", *args, "--json"], lang)
    assert result.exit_code == code, result.stdout + result.stderr
    return json.loads(result.stdout)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_table_cli_keeps_sheets_and_opposes_beings(tmp_path: Path, lang: str) -> None:
    path = str(tmp_path / "t.json")
    shown = call(["new", path, "--keep-pp-on-failure"], lang)
    assert json.loads(Path(path).read_text())["setup"]["options"]["spend_power_points_on_failure"] is False
    assert shown["options"]["spend_power_points_on_failure"] is False
    call(
        [
            "being",
            "add",
            path,
            "--being",
            "Yves",
            "--kind",
            "ange",
            "--will",
            "4",
            "--characteristic",
            "Présence=3",
            "--talent",
            "Discussion:Présence:-1=4",
            "--talent",
            "Escalade:Force:2",
            "--power",
            "Charme=3",
            "--characteristic",
            "Force=2",
        ],
        lang,
    )
    call(
        [
            "being",
            "add",
            path,
            "--being",
            "Asmo",
            "--kind",
            "démon",
            "--will",
            "3",
            "--characteristic",
            "Force=3",
        ],
        lang,
    )
    rolled = call(["test", path, "--being", "Yves", "--talent", "Escalade", "--dice", "1,1,1"], lang)
    event = next(e["tested"] for e in rolled["events"] if "tested" in e)
    assert (event["value"], event["untrained_malus"]) == (2, 2)
    call(["test", path, "--being", "Yves", "--talent", "Escalade", "--kind", "humain"], lang, code=2)
    duel = call(
        [
            "opposed",
            path,
            "--being-a",
            "Yves",
            "--power-a",
            "Charme",
            "--cost-a",
            "2",
            "--being-b",
            "Asmo",
            "--characteristic-b",
            "Force",
            "--dice",
            "1,1,3,1,1,2",
        ],
        lang,
    )
    assert duel["beings"]["Yves"]["power_points"] == 2
    log = run_cli(["insmv", "log", path], lang).stdout
    assert "Yves" in log and "Asmo" in log
