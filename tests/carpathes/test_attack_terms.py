"""An attack's terms before the dice (``attacks.attack_terms``) are the ones the chronicle rolls
with: over every roll of the dice, the wounds the chronicle records fall exactly as
``odds.wound_odds`` of those terms says (003_87a535c5e428c5d3.txt, « Combat : attaque, défense,
dégâts »)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from meneur.dice.source import EnteredSource
from meneur.systems.carpathes.attacks import attack_terms
from meneur.systems.carpathes.catalogue import WeaponKey
from meneur.systems.carpathes.chronicle import decide
from meneur.systems.carpathes.combat import Wound
from meneur.systems.carpathes.commands import (
    AddNpc,
    EndConfrontation,
    InflictWound,
    InvokeTalisman,
    MakeAttack,
)
from meneur.systems.carpathes.events import WoundInflicted
from meneur.systems.carpathes.model import CreatureKind, Npc, RollMode, TableOptions
from meneur.systems.carpathes.odds import wound_odds
from meneur.systems.carpathes.resolution import dice_count
from meneur.systems.carpathes.state import ChronicleState
from tests.carpathes.helpers import Table, in_scene

VAMPIRE = Npc(name="Strigoi", kind=CreatureKind.VAMPIRE, mental=2, physical=3, social=1)


def _recorded(state: ChronicleState, command: MakeAttack) -> dict[Wound, Fraction]:
    """The wound the chronicle records, over every roll of the dice the attack takes."""
    count = dice_count(attack_terms(state, command).mode)
    found: Counter[Wound] = Counter()
    for dice in product(range(1, 7), repeat=count):
        events = decide(state, command, EnteredSource(list(dice)))
        wounds = [e.wound for e in events if isinstance(e, WoundInflicted)]
        found[wounds[0] if wounds else Wound.NONE] += 1
    total = 6**count
    return {wound: Fraction(found[wound], total) for wound in Wound}


def _table(options: TableOptions | None = None) -> Table:
    return in_scene(options).do(AddNpc(npc=VAMPIRE))


def test_the_terms_are_the_attackers_physique_and_the_targets_defense() -> None:
    # « 2D6 + Physique + bonus d'arme contre la Défense de la cible (Mental + Physique + Social +
    # bonus d'équipement) »: Anca's Physique 2 against the vampire's 2 + 3 + 1
    state = _table().state
    terms = attack_terms(state, MakeAttack(attacker="Anca", target="Strigoi", weapon_bonus=1))
    assert (terms.physical, terms.weapon_bonus, terms.defense, terms.mode) == (2, 1, 6, RollMode.NORMAL)
    assert (terms.steps, terms.step_rule, terms.target) == (0, "margin", CreatureKind.VAMPIRE)


def test_a_stake_adds_a_step_only_against_an_identified_undead() -> None:
    # « Pieu de frêne : +1 dégât contre mort-vivant identifié »
    state = _table().state
    stake = MakeAttack(attacker="Anca", target="Strigoi", weapon=WeaponKey.ASH_STAKE)
    assert attack_terms(state, stake).steps == 0
    assert attack_terms(state, stake.model_copy(update={"identified": True})).steps == 1
    at_mihail = stake.model_copy(update={"identified": True, "target": "Mihail"})
    assert attack_terms(state, at_mihail).steps == 0


def _wounded() -> ChronicleState:
    # « Marge 5 à 9 : blessure sérieuse, désavantage à la cible jusqu'à soin médical »
    return _table().do(InflictWound(pc="Anca", wound="serious")).state


def _shaken() -> ChronicleState:
    # « Pour la prochaine confrontation surnaturelle, ce PJ subit un Désavantage ... sur tout jet de
    # protection ou d'attaque contre la créature »
    table = _table().confront().roll("Mihail", [4, 4])
    table.do(InvokeTalisman(pc="Mihail", sacred_object="croix d'argent ternie", sincere=False))
    return table.do(EndConfrontation()).confront().state


@pytest.mark.parametrize(
    ("state", "command", "mode"),
    [
        (_table().state, MakeAttack(attacker="Anca", target="Strigoi"), RollMode.NORMAL),
        (
            _table().state,
            MakeAttack(attacker="Strigoi", target="Mihail", weapon_bonus=2, advantage=True),
            RollMode.ADVANTAGE,
        ),
        (_wounded(), MakeAttack(attacker="Anca", target="Strigoi"), RollMode.DISADVANTAGE),
        (_shaken(), MakeAttack(attacker="Mihail", target="Strigoi"), RollMode.DISADVANTAGE),
        (_shaken(), MakeAttack(attacker="Mihail", target="Anca"), RollMode.NORMAL),
        (
            _table(TableOptions(damage_step="band")).state,
            MakeAttack(attacker="Anca", target="Strigoi", weapon=WeaponKey.ASH_STAKE, identified=True),
            RollMode.NORMAL,
        ),
        (
            _table().state,
            MakeAttack(attacker="Mihail", target="Anca", weapon=WeaponKey.CAVALRY_SABRE, weapon_bonus=1),
            RollMode.NORMAL,
        ),
    ],
)
def test_the_wound_odds_of_the_terms_are_the_wounds_the_chronicle_records(
    state: ChronicleState, command: MakeAttack, mode: RollMode
) -> None:
    terms = attack_terms(state, command)
    assert terms.mode is mode
    expected = wound_odds(
        terms.physical, terms.weapon_bonus, terms.defense, terms.mode, terms.steps, terms.step_rule
    )
    assert _recorded(state, command) == expected
    assert sum(expected.values()) == 1
