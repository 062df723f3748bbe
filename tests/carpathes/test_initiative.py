"""« Initiative et tour de combat » (003_87a535c5e428c5d3.txt)."""

from __future__ import annotations

import pytest

from meneur.dice.source import EnteredDiceError, EnteredSource
from meneur.errors import BadInputError, Refused
from meneur.systems.carpathes.commands import RollInitiative
from meneur.systems.carpathes.events import NpcEntry
from meneur.systems.carpathes.initiative import Combatant, roll_initiative
from tests.carpathes.helpers import in_scene


def order(combatants: list[Combatant], dice: tuple[int, ...], round_number: int = 1) -> list[str]:
    result = roll_initiative(EnteredSource(dice), combatants)
    return [r.combatant.name for r in result.order(round_number)]


def test_highest_first_then_down() -> None:
    """« chaque combattant lance 2D6 + Physique. Le plus haut agit en premier, puis on descend »."""
    fighters = [Combatant("Loup", 2), Combatant("Anca", 3, True), Combatant("Strigoi", 1)]
    # Loup 3+3+2=8, Anca 1+1+3=5, Strigoi 6+6+1=13
    assert order(fighters, (3, 3, 1, 1, 6, 6)) == ["Strigoi", "Loup", "Anca"]


@pytest.mark.parametrize("npc_first", [True, False])
def test_ties_go_to_the_player_character(npc_first: bool) -> None:
    """« À égalité, le PJ tranche en sa faveur »."""
    pc, npc = Combatant("Mihail", 2, is_pc=True), Combatant("Strigoi", 2)
    fighters = [npc, pc] if npc_first else [pc, npc]
    assert order(fighters, (4, 3, 5, 2)) == ["Mihail", "Strigoi"]


def test_whispered_surprise_gives_plus_two_for_the_round() -> None:
    """« Une attaque par surprise déclarée à voix basse donne +2 à l'initiative du round »."""
    fighters = [Combatant("Comte", 2), Combatant("Mihail", 1, True, surprise=True)]
    dice = (4, 4, 4, 4)  # Comte 10, Mihail 9 (+2 = 11 in the first round)
    assert order(fighters, dice, 1) == ["Mihail", "Comte"]
    assert order(fighters, dice, 2) == ["Comte", "Mihail"]


def test_caught_off_guard_acts_last_in_the_first_round_without_talent_bonus() -> None:
    """« Un PJ pris au dépourvu ... joue en dernier au premier round, sans bonus de talent »."""
    fighters = [Combatant("Érudit", 3, True, talent_bonus=2, off_guard=True), Combatant("Goule", 0)]
    result = roll_initiative(EnteredSource((6, 6, 1, 1)), fighters)
    first = result.order(1)
    assert [r.combatant.name for r in first] == ["Goule", "Érudit"]
    assert (first[1].round_total(1), first[1].round_total(2)) == (15, 17)
    assert [r.combatant.name for r in result.order(2)] == ["Érudit", "Goule"]


@pytest.mark.parametrize(
    "fighters",
    [
        [],
        [Combatant("A", 1), Combatant("A", 2)],
        [Combatant("A", 11)],
        [Combatant("A", 1, talent_bonus=12)],
    ],
)
def test_bad_combatants(fighters: list[Combatant]) -> None:
    with pytest.raises(BadInputError):
        roll_initiative(EnteredSource((1, 1, 1, 1)), fighters)


def test_wrong_number_of_dice() -> None:
    with pytest.raises(EnteredDiceError):
        roll_initiative(EnteredSource((1, 1, 1)), [Combatant("A", 1), Combatant("B", 1)])


def test_rolled_once_per_scene() -> None:
    """« L'initiative se relance à chaque scène, pas à chaque round »."""
    command = RollInitiative(npcs=(NpcEntry(name="Strigoi", physical=2),), surprise=("Mihail",))
    table = in_scene().do(command, (1, 1, 2, 2, 6, 6))
    state = table.state
    assert [r.combatant.name for r in state.initiative_order().order(1)] == ["Strigoi", "Anca", "Mihail"]
    with pytest.raises(Refused) as caught:
        table.do(command, (1, 1, 2, 2, 6, 6))
    assert caught.value.rule == "initiative.once_per_scene"
    table.scene().do(command, (6, 6, 1, 1, 1, 1))
    assert table.state.initiative_order().order(1)[0].combatant.name == "Mihail"


def test_unknown_name_for_surprise() -> None:
    with pytest.raises(BadInputError):
        in_scene().do(RollInitiative(surprise=("Nosferatu",)), (1, 1, 1, 1))


def test_the_order_explains_surprise_off_guard_and_ties() -> None:
    """« +2 à l'initiative du round », « joue en dernier au premier round, sans bonus de talent »,
    « À égalité, le PJ tranche en sa faveur »: each shows in the explanation."""
    fighters = [
        Combatant("Strigoi", 1, surprise=True),
        Combatant("Anca", 2, True),
        Combatant("Loup", 2),
        Combatant("Érudit", 3, True, talent_bonus=2, off_guard=True),
    ]
    result = roll_initiative(EnteredSource((3, 3, 2, 2, 1, 3, 6, 6)), fighters)
    english = [m.render("en") for m in result.explain(1)]
    assert english == [
        "1. Strigoi: 3+3 + Physique 1 + whispered surprise 2 = 9",
        "2. Anca: 2+2 + Physique 2 = 6",
        "3. Loup: 1+3 + Physique 2 = 6",
        "4. Érudit: 6+6 + Physique 3 = 15; caught off guard, acts last in the first round, without"
        " talent bonus",
        "Tie: « À égalité, le PJ tranche en sa faveur », the PC acts first.",
    ]
    second = [m.render("fr") for m in result.explain(2)]
    assert second[0] == "1. Érudit : 6+6 + Physique 3 + bonus de talent 2 = 17"
    assert second[1:] == [
        "2. Strigoi : 3+3 + Physique 1 = 7",
        "3. Anca : 2+2 + Physique 2 = 6",
        "4. Loup : 1+3 + Physique 2 = 6",
        "Égalité : « À égalité, le PJ tranche en sa faveur », le PJ agit en premier.",
    ]
