"""A fight started from a campaign starts from the campaign's sheet: what its states leave of the
Vigueur and the Énergie, the same numbers the combat engine starts the fighter with (rules of
002_58e889a1abff3456.txt: "Un personnage blessé ne peut récupérer que la moitié de sa vigueur (arrondie
au supérieur)", démoralisé's "malus de -1 en énergie", troublé's "malus de -1 à toutes ses aptitudes",
brisé "ne sera plus jouable")."""

from __future__ import annotations

import pytest

from meneur.errors import MeneurError
from meneur.storage import parse_data
from meneur.systems.energy import dump_character, library_hero
from meneur.systems.energy.campaign.fight_start import fight_start
from meneur.systems.energy.campaign.stress import at_level
from meneur.systems.energy.combat.files import setup_state
from meneur.systems.energy.combat.lineup import Recruit, line_up
from meneur.systems.energy.model import Character, State

WINK = library_hero("WINK")  # Énergie 5, Récupération 4, Vigueur 5


def _sheet(level: int = 0, *states: State) -> Character:
    wink = at_level(WINK, level)
    return wink.model_copy(update={"states": wink.states | set(states)})


def _fighter(sheet: Character, half: bool = True) -> tuple[int, int]:
    """The Vigueur and Énergie the combat engine starts ``sheet`` with (as the table keeps it)."""
    setup = line_up([Recruit("heroes", character=parse_data(dump_character(sheet), "yaml", "sheet"))])
    setup["options"] = {"wounded_start_half_vigor": half}
    who = setup_state(setup).combatants[0]
    return who.vigor, who.energy


@pytest.mark.parametrize(
    ("sheet", "half", "vigor", "energy", "lines"),
    [
        (_sheet(), True, 5, 5, []),
        # "la moitié de sa vigueur (arrondie au supérieur)": 5 -> 3
        (_sheet(0, State.WOUNDED), True, 3, 5, ["wounded: Vigor 3 / 5"]),
        (_sheet(0, State.INCAPACITATED), True, 3, 5, ["incapacitated: Vigor 3 / 5"]),
        (_sheet(0, State.WOUNDED), False, 5, 5, ["wounded: Vigor 5 / 5"]),  # the table's option off
        (_sheet(4), True, 5, 5, ["stress 4/10"]),
        # troublé: "-1 à toutes ses aptitudes", and a fight uses none
        (
            _sheet(10),
            True,
            5,
            5,
            ["troubled: -1 to every aptitude, which a fight does not use.", "stress 10/10"],
        ),
        # démoralisé: "le malus d'aptitude atteint -2" and "-1 en énergie"
        (
            _sheet(11),
            True,
            5,
            4,
            [
                "demoralized: Energy 4 / 5",
                "demoralized: -2 to every aptitude, which a fight does not use.",
                "stress 10/10",
            ],
        ),
        (
            _sheet(11, State.EXHAUSTED, State.WOUNDED),
            True,
            3,
            3,
            [
                "wounded: Vigor 3 / 5",
                "exhausted and demoralized: Energy 3 / 5",
                "demoralized: -2 to every aptitude, which a fight does not use.",
                "stress 10/10",
            ],
        ),
    ],
)
def test_the_fight_starts_from_the_sheets_states_as_the_engine_does(
    sheet: Character, half: bool, vigor: int, energy: int, lines: list[str]
) -> None:
    start = fight_start(sheet, half)
    assert (start.vigor, start.energy) == (vigor, energy)
    assert _fighter(sheet, half) == (vigor, energy)  # the very numbers of the fight
    assert [line.render("en") for line in start.explain()] == lines
    assert start.may_fight


def test_a_wounded_sheet_is_said_in_french() -> None:
    start = fight_start(_sheet(0, State.WOUNDED))
    assert [line.render("fr") for line in start.explain()] == ["blessé\u00a0: Vigueur 3 / 5"]


def test_a_broken_character_cannot_fight_and_the_page_says_so() -> None:
    """Brisé: "le personnage ne sera plus jouable tant qu'il n'aura pas été ramené"."""
    sheet = _sheet(12)
    start = fight_start(sheet)
    assert not start.may_fight
    assert start.explain()[0].render("en") == (
        "broken: out of play, cannot fight until the team brings them back."
    )
    with pytest.raises(MeneurError):
        _fighter(sheet)
