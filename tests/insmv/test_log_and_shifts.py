"""A test's log line tells the whole test, and who may shift a test's column
(000_008acb24c72771e3.txt)."""

from __future__ import annotations

import pytest

from meneur.dice import EnteredSource
from meneur.engine.session import Session
from meneur.systems.insmv.commands import OpposedTest, RollTest, player_refusal
from meneur.systems.insmv.events import evolve
from meneur.systems.insmv.narration import describe
from meneur.systems.insmv.view.session import EXAMPLE


def _lines(command: object, dice: list[int], lang: str = "fr") -> list[str]:
    """The log's lines of one command, each event told against the table before it (as the
    server's log and the command line tell them)."""
    session = Session.new("insmv", EXAMPLE)
    events = session.do(command, EnteredSource(dice))
    told, lines = session.entries()[-1].before, []
    for event in events:
        line = describe(told, event)
        if line is not None:
            lines.append(line.render(lang))
        told = evolve(told, event)
    return lines


def test_a_test_is_logged_with_who_what_row_column_threshold_dice_and_result() -> None:
    """« Le nombre à l'intersection de la ligne et de la colonne représente le résultat [...] à
    obtenir avec un d666 pour réussir » and « Les unités seront utilisées [...] pour quantifier »."""
    lines = _lines(
        {"test": {"being": "Asmo", "characteristic": "Force", "difficulty": "difficile"}}, [6, 6, 6]
    )
    assert lines == [
        "Asmo teste Force (3), ligne difficile\u00a0: colonne 6 sur 18, réussite sur 43 ou moins\u00a0;"
        " d666 666\u00a0: échec, unités 6. 666\u00a0: intervention infernale."
    ]


def test_a_power_test_logs_the_test_and_the_pp_it_spends() -> None:
    """« chaque être surnaturel possède un nombre de Points de Pouvoir (PP) qu'il utilise comme
    “carburant” pour ses pouvoirs »."""
    lines = _lines({"test": {"being": "Yves", "power": "Charme", "cost": 2}}, [1, 1, 1], "en")
    assert lines[0].startswith("Yves tests power Charme (3), average row: column ")
    assert "d666 111: success, units 1. 111: divine intervention." in lines[0]
    assert lines[1] == "Yves spends 2 PP on Charme; 2 PP left."


def test_an_opposed_test_logs_the_verdict_and_both_tests() -> None:
    """« Le résultat le plus important indique le vainqueur du conflit »."""
    command = {
        "opposed": {
            "attacker": {"being": "Yves", "characteristic": "Force"},
            "defender": {"being": "Asmo", "characteristic": "Force"},
        }
    }
    line = _lines(command, [1, 2, 3, 4, 5, 6], "en")[0]
    assert line.startswith("Yves against Asmo: Yves's action fails. Yves tests Force (2)")
    assert "Asmo tests Force (3)" in line and "d666 456: success, units 6." in line


@pytest.mark.parametrize(
    ("test", "rule"),
    [
        (RollTest(being="Yves", value=3, shift=1), "gm_shift"),
        (RollTest(being="Yves", value=3, shift=-2), "gm_shift"),
        (RollTest(being="Yves", value=3, voluntary=2), None),
        (RollTest(being="Yves", value=3), None),
    ],
)
def test_the_column_shift_is_the_game_masters_the_voluntary_shift_the_players(
    test: RollTest, rule: str | None
) -> None:
    """« Le maître de jeu peut souhaiter modifier les probabilités [...] en modifiant la colonne
    utilisée » and « Un joueur peut décider d'accorder, de lui-même, un décalage vers la gauche »."""
    found = player_refusal(test, frozenset({"Yves"}))
    assert (found.rule if found is not None else None) == rule


def test_a_player_sets_no_voluntary_shift_for_the_being_they_oppose() -> None:
    duel = OpposedTest(
        attacker=RollTest(being="Yves", value=3, voluntary=1),
        defender=RollTest(being="Asmo", value=3, voluntary=2),
    )
    found = player_refusal(duel, frozenset({"Yves"}))
    assert found is not None and found.rule == "voluntary_shift_of_another"
    assert player_refusal(duel, frozenset({"Yves", "Asmo"})) is None
