"""Scenes, sessions, rounds and clues of the chronicle (003_87a535c5e428c5d3.txt)."""

from __future__ import annotations

import pytest

from meneur.errors import BadInputError, Refused
from meneur.systems.carpathes.combat import Wound
from meneur.systems.carpathes.commands import (
    GiveClue,
    GiveMedicalCare,
    InflictWound,
    InvokeTalisman,
    MakeRoll,
    NextRound,
    NpcEntry,
    Recollect,
    RollInitiative,
    StartSession,
    UseJoker,
)
from meneur.systems.carpathes.model import Character, TableOptions, Trait
from tests.carpathes.helpers import Table, in_scene

CROSS = "croix d'argent ternie"
TALISMAN = InvokeTalisman(pc="Mihail", sacred_object=CROSS, sincere=True)


def refused(table: Table, command: object, rule: str, dice: tuple[int, ...] = ()) -> None:
    before = table.log
    with pytest.raises(Refused) as caught:
        table.do(command, dice)  # type: ignore[arg-type]
    assert caught.value.rule == rule
    assert table.log == before


def test_scenes_are_counted_across_sessions_for_the_initiative() -> None:
    """« L'initiative se relance à chaque scène »: the first scene of a new session is a new
    scene, not the first scene of the previous session again."""
    table = in_scene().do(RollInitiative(), (1, 1, 1, 1))
    table.do(StartSession()).scene(after_night=True).do(RollInitiative(), (2, 2, 2, 2))
    assert table.state.scene == 2 and table.state.initiative_scene == 2


def test_the_joker_never_rerolls_a_roll_of_an_earlier_session() -> None:
    """« Une fois par séance ... relancer entièrement un jet »: the roll must be of this scene,
    and the first scene of the next session is another scene."""
    table = in_scene().roll("Mihail", (1, 1), peril=True)
    table.do(StartSession()).scene()
    refused(table, UseJoker(pc="Mihail"), "joker.no_roll", (6, 6))


def test_no_roll_outside_a_scene_between_sessions() -> None:
    """A new session closes the scene in progress; rolls wait for the next scene."""
    table = in_scene().do(StartSession())
    refused(table, MakeRoll(pc="Mihail", trait=Trait.MENTAL), "scene.none", (1, 1))


@pytest.mark.parametrize(
    "steps",
    [
        # « prière du soir »: the evening prayer in the scene of the invocation, then the night.
        ("recollect", "night"),
        # a scene without a night, the prayer there, then a scene after a night.
        ("day", "recollect", "night"),
        # the night first, the prayer in the new scene.
        ("night", "recollect"),
        # the night, a scene without a night, the prayer there.
        ("night", "day", "recollect"),
        # a new session (an evening of play) between: scenes still count.
        ("session", "night", "recollect"),
    ],
)
def test_the_talisman_recharges_once_a_night_has_passed_and_the_pc_has_prayed(steps: tuple[str, ...]) -> None:
    """003_87a535c5e428c5d3.txt, « Recharger le Talisman »: « La capacité se recharge à chaque
    nouvelle scène où une nuit s'est écoulée et où le PJ a pu se recueillir : prière du soir,
    lecture des Saintes Écritures, simple silence devant une icône »."""
    table = in_scene().confront().roll("Mihail", (4, 4)).do(TALISMAN)
    for step in steps:
        {
            "recollect": lambda: table.do(Recollect(pc="Mihail")),
            "night": lambda: table.scene(after_night=True),
            "day": lambda: table.scene(after_night=False),
            "session": lambda: table.do(StartSession()),
        }[step]()
    assert table.state.status["Mihail"].talisman_spent_in is None
    table.confront().roll("Mihail", (4, 4)).do(TALISMAN)


@pytest.mark.parametrize(
    "steps",
    [
        ("night", "night"),  # nights without any recollection
        ("recollect", "day", "day"),  # prayers without any night
        ("day", "recollect"),
    ],
)
def test_no_recharge_without_both_a_night_and_a_recollection(steps: tuple[str, ...]) -> None:
    """« où une nuit s'est écoulée et où le PJ a pu se recueillir »: both are needed."""
    table = in_scene().confront().roll("Mihail", (4, 4)).do(TALISMAN)
    for step in steps:
        if step == "recollect":
            table.do(Recollect(pc="Mihail"))
        else:
            table.scene(after_night=step == "night")
    table.confront().roll("Mihail", (4, 4))
    refused(table, TALISMAN, "talisman.recharge")


def test_a_recollection_before_the_invocation_does_not_count() -> None:
    """The prayer recharges a spent Talisman: it must come after the invocation."""
    table = in_scene().do(Recollect(pc="Mihail")).confront().roll("Mihail", (4, 4)).do(TALISMAN)
    table.do(StartSession()).scene(after_night=True).confront().roll("Mihail", (4, 4))
    refused(table, TALISMAN, "talisman.recharge")


SCHOLAR = Character(
    name="Mihail", mental=2, physical=1, social=1, talents={"exorcisme": 3}, sacred_objects=(CROSS,)
)


def test_off_guard_pc_rolls_without_talent_bonus_in_the_first_round_only() -> None:
    """003_87a535c5e428c5d3.txt: « Un PJ pris au dépourvu (aristocrate surprise dans son boudoir,
    érudit interrompu en pleine lecture) joue en dernier au premier round, sans bonus de talent »."""
    table = Table(characters=(SCHOLAR,)).do(StartSession()).scene()
    command = MakeRoll(pc="Mihail", trait=Trait.MENTAL, talent="exorcisme")
    table.do(command, (4, 4))
    assert table.state.status["Mihail"].last_roll.trait_roll().total == 13  # type: ignore[union-attr]
    table.do(
        RollInitiative(npcs=(NpcEntry(name="Strigoi", physical=2),), off_guard=("Mihail",)), (6, 6, 1, 1)
    )
    assert [r.combatant.name for r in table.state.initiative_order().order(1)] == ["Strigoi", "Mihail"]
    table.do(command, (4, 4))
    first = table.state.status["Mihail"].last_roll
    assert first is not None and (first.trait_roll().bonus, first.trait_roll().total) == (0, 10)
    table.do(NextRound()).do(command, (4, 4))
    second = table.state.status["Mihail"].last_roll
    assert second is not None and (second.trait_roll().bonus, second.trait_roll().total) == (3, 13)


def test_rounds_need_the_scene_initiative() -> None:
    """« L'initiative se relance à chaque scène, pas à chaque round »: rounds follow it."""
    table = in_scene()
    refused(table, NextRound(), "round.no_initiative")
    table.do(RollInitiative(), (1, 1, 1, 1)).do(NextRound()).do(NextRound())
    assert table.state.round == 3
    table.scene()
    assert table.state.round == 0
    refused(table, NextRound(), "round.no_initiative")


@pytest.mark.parametrize(("limit", "given"), [(3, 3), (1, 1), (None, 7)])
def test_three_supernatural_clues_per_scene_at_most(limit: int | None, given: int) -> None:
    """003_87a535c5e428c5d3.txt, « Conseils MJ »: « Trois indices surnaturels par scène, pas plus.
    Trop de signes saturent la nuit. » (table option supernatural_clues_per_scene)."""
    table = in_scene(TableOptions(supernatural_clues_per_scene=limit))
    for _ in range(given):
        table.do(GiveClue(text="la croix ternit"))
    if limit is not None:
        refused(table, GiveClue(), "clue.per_scene")
    table.scene()
    assert table.state.clues == 0
    table.do(GiveClue())
    assert table.state.clues == 1


def test_default_clue_limit_is_three() -> None:
    """« Trois indices surnaturels par scène, pas plus » is the default."""
    table = in_scene()
    for _ in range(3):
        table.do(GiveClue())
    refused(table, GiveClue(), "clue.per_scene")


@pytest.mark.parametrize(
    ("wound", "option", "disadvantaged"),
    [
        (Wound.LIGHT, True, False),
        (Wound.SERIOUS, True, True),
        (Wound.SERIOUS, False, True),
        (Wound.CRITICAL, True, True),
        (Wound.CRITICAL, False, False),
    ],
)
def test_serious_wound_gives_disadvantage_until_medical_care(
    wound: Wound, option: bool, disadvantaged: bool
) -> None:
    """003_87a535c5e428c5d3.txt: « Marge 5 à 9 : blessure sérieuse, désavantage à la cible jusqu'à
    soin médical » (a critical wound too, per table option critical_wound_disadvantage)."""
    table = in_scene(TableOptions(critical_wound_disadvantage=option))
    table.do(InflictWound(pc="Mihail", wound=wound))
    roll = MakeRoll(pc="Mihail", trait=Trait.PHYSICAL)
    table.do(roll, (6, 1, 6) if disadvantaged else (6, 1))
    last = table.state.status["Mihail"].last_roll
    assert last is not None and last.trait_roll().kept == (6, 1)
    if not disadvantaged:
        refused(table, GiveMedicalCare(pc="Mihail"), "care.none")
        return
    table.scene(after_night=True).do(roll, (6, 6, 1))  # still wounded in a later scene
    table.do(GiveMedicalCare(pc="Mihail")).do(roll, (6, 6))
    assert table.state.status["Mihail"].wounds == (wound,)


def test_a_margin_of_zero_is_no_wound_to_record() -> None:
    table = in_scene()
    before = table.log
    with pytest.raises(BadInputError):
        table.do(InflictWound(pc="Mihail", wound=Wound.NONE))
    assert table.log == before
