"""« Joker du destin » (003_87a535c5e428c5d3.txt) in the chronicle state machine."""

from __future__ import annotations

import pytest

from meneur.errors import Refused
from meneur.systems.carpathes.commands import (
    InvokeTalisman,
    MakeRoll,
    StartSession,
    UseJoker,
)
from meneur.systems.carpathes.model import Tier, Trait
from tests.carpathes.helpers import Table, in_scene

JOKER = UseJoker(pc="Mihail")


def refused(table: Table, rule: str, dice: tuple[int, ...] = (6, 6)) -> None:
    before = table.log
    with pytest.raises(Refused) as caught:
        table.do(JOKER, dice)
    assert caught.value.rule == rule
    assert table.log == before


def test_full_reroll_of_a_perilous_roll_and_the_second_result_is_kept() -> None:
    """« relancer entièrement un jet qui le mettrait en péril direct (échec critique en combat ...).
    Le joueur conserve obligatoirement le second résultat »."""
    table = in_scene().roll("Mihail", (1, 1), Trait.PHYSICAL, peril=True)
    table.do(JOKER, (2, 1))
    last = table.state.status["Mihail"].last_roll
    assert last is not None and last.jokered
    # The second result is kept even when no better: 2 + 1 + Physique 1 = 4.
    assert (last.trait_roll().dice, last.trait_roll().total) == ((2, 1), 4)
    assert last.trait_roll().tier is Tier.CRITICAL_FAILURE
    refused(table, "joker.once_per_session")


def test_the_roll_must_put_the_character_in_direct_peril() -> None:
    """« un jet qui le mettrait en péril direct »: the GM marks the roll as perilous."""
    refused(in_scene().roll("Mihail", (1, 1)), "joker.peril")


def test_once_per_session_and_recharged_next_session() -> None:
    """« Une fois par séance » ... « Il se recharge à la séance suivante, jamais au sein d'une même
    soirée de jeu »."""
    table = in_scene().roll("Mihail", (1, 1), peril=True).do(JOKER, (3, 3))
    table.scene(after_night=True).roll("Mihail", (1, 2), peril=True)
    refused(table, "joker.once_per_session")
    table.do(StartSession()).scene().roll("Mihail", (1, 2), peril=True).do(JOKER, (5, 5))


def test_each_pc_has_their_own_joker() -> None:
    """« chaque PJ peut relancer »."""
    table = in_scene().roll("Mihail", (1, 1), peril=True).do(JOKER, (3, 3))
    table.roll("Anca", (1, 1), Trait.PHYSICAL, peril=True).do(UseJoker(pc="Anca"), (4, 4))


def test_not_on_the_same_action_as_the_talisman() -> None:
    """« Le Joker ne se cumule pas avec le Talisman de Foi sur la même action »."""
    table = in_scene().confront().roll("Mihail", (4, 4), peril=True)
    table.do(InvokeTalisman(pc="Mihail", sacred_object="croix d'argent ternie", sincere=True))
    refused(table, "joker.not_with_talisman")


def test_talisman_refused_after_the_joker_on_the_same_action() -> None:
    """« Le Joker ne se cumule pas avec le Talisman de Foi sur la même action »."""
    table = in_scene().confront().roll("Mihail", (1, 1), peril=True).do(JOKER, (4, 4))
    with pytest.raises(Refused) as caught:
        table.do(InvokeTalisman(pc="Mihail", sacred_object="croix d'argent ternie", sincere=True))
    assert caught.value.rule == "talisman.not_with_joker"


def test_the_talisman_still_works_on_a_later_action() -> None:
    table = in_scene().confront().roll("Mihail", (1, 1), peril=True).do(JOKER, (2, 2))
    table.roll("Mihail", (4, 4))
    table.do(InvokeTalisman(pc="Mihail", sacred_object="croix d'argent ternie", sincere=True))


def test_reroll_keeps_the_mode_of_the_first_roll() -> None:
    """« relancer entièrement »: all three dice of a disadvantaged roll are rolled again."""
    table = in_scene()
    table.do(MakeRoll(pc="Mihail", trait=Trait.PHYSICAL, disadvantage=True, peril=True), (1, 1, 6))
    table.do(JOKER, (5, 6, 2))
    last = table.state.status["Mihail"].last_roll
    assert last is not None and last.trait_roll().kept == (5, 2)


def test_no_roll_to_reroll() -> None:
    refused(in_scene(), "joker.no_roll")
