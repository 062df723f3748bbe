"""Interposing (never with a dodge, once per area attack) and area attacks' zones and targets.

Source: 002_58e889a1abff3456.txt (tactical combat chapter, powers and archetypes chapter); readings
in docs/rulings/energy-combat.md.
"""

from __future__ import annotations

import pytest

from meneur.errors import Refused
from meneur.systems.energy.combat.commands import (
    Attack,
    Defend,
    Interpose,
)
from meneur.systems.energy.combat.events import (
    AttackResolved,
    DefensePlaced,
)
from meneur.systems.energy.combat.fight import Fight
from meneur.systems.energy.combat.profile import PowerProfile
from meneur.systems.energy.combat.render import explain_all

from .builders import DEF, OFF_D, foe, hero, started
from .helpers import of_type
from .test_rules import refused

DODGE = PowerProfile("Esquive", "def", dodge=True)

ARMOUR = PowerProfile("Armure", "def")


def test_an_interposer_in_the_zone_takes_an_area_attack_once() -> None:
    """ "son attaque est effectuée en demi-succès contre tous les personnages situés dans la zone" and
    "un même adversaire ne peut être pris pour cible ... qu'une seule fois" (002_58e889a1abff3456.txt)."""
    fight = started(
        foe("f", energy=9, powers=(OFF_D,), at=(20.0, 0.0)),
        hero("a", energy=4),
        hero("b", energy=4, at=(2.0, 0.0)),
    )
    fight.do(Attack("f", "a", 8, 0, area_targets=("b",), diameter=10.0))
    fight.do(Interpose("b", None))
    fight.do(Defend("b", 0))
    resolved = of_type(fight.events(), AttackResolved)
    assert [r.target for r in resolved] == ["b"]
    assert fight.state.pending is None
    assert fight.state.get("b").vigor == 5 - 4 and fight.state.get("a").vigor == 5


def test_an_interposer_already_hit_cannot_interpose_again() -> None:
    """ "une seule fois" (002_58e889a1abff3456.txt): a character who took the area attack does not take it
    a second time for an ally."""
    fight = started(
        foe("f", energy=9, powers=(OFF_D,), at=(20.0, 0.0)),
        hero("a", energy=4),
        hero("b", energy=4, at=(2.0, 0.0)),
    )
    fight.do(Attack("f", "b", 8, 0, area_targets=("a",), diameter=10.0))
    fight.do(Defend("b", 0))
    refused(fight, Interpose("b", None), "interpose")


def test_a_dodge_cannot_interpose() -> None:
    """ "Cela exclut donc par exemple l'utilisation d'un pouvoir d'esquive en tant que défense"
    (002_58e889a1abff3456.txt)."""
    fight = started(
        foe("f", energy=9, powers=(OFF_D,), at=(20.0, 0.0)),
        hero("a", energy=4),
        hero("b", energy=4, powers=(DODGE, ARMOUR), at=(2.0, 0.0)),
    )
    fight.do(Attack("f", "a", 3, 0))
    refused(fight, Interpose("b", 0), "interpose")
    fight.do(Interpose("b", 1))
    assert fight.state.pending is not None and fight.state.pending.target == "b"


@pytest.mark.parametrize(
    ("positions", "diameter", "fits"),
    [
        ([(30.0, 0.0), (50.0, 0.0)], 20.0, True),  # the two ends of one diameter
        ([(30.0, 0.0), (10.0, 0.0), (50.0, 0.0)], 20.0, False),  # 40 m apart, each 20 m from the first
        ([(0.0, 10.0), (10.0, 10.0), (5.0, 10.0 + 8.66)], 10.0, False),  # triangle of side 10 needs 11.5 m
        ([(0.0, 10.0), (10.0, 10.0), (5.0, 10.0 + 8.66)], 11.6, True),
    ],
)
def test_area_targets_fit_in_one_zone_of_the_diameter(
    positions: list[tuple[float, float]], diameter: float, fits: bool
) -> None:
    """ "le personnage doit spécifier le diamètre de la zone (maximum 20 mètres de diamètre) ... contre tous
    les personnages situés dans la zone d'effet" (002_58e889a1abff3456.txt): the targets must fit together
    in one disc of that diameter, not merely each within the diameter of the first."""
    foes = [foe(f"f{i}", at=p) for i, p in enumerate(positions)]
    fight = started(hero(energy=9, powers=(PowerProfile("Tir", "off_d"),)), *foes)
    command = Attack("h", "f0", 6, 0, area_targets=tuple(f.id for f in foes[1:]), diameter=diameter)
    if fits:
        fight.do(command)
        assert fight.state.pending is not None and fight.state.pending.targets == tuple(f.id for f in foes)
    else:
        from .test_rules import refused

        refused(fight, command, "area")


@pytest.mark.parametrize(("lang", "words"), [("fr", "attaque A et B avec"), ("en", "attacks A and B with")])
def test_an_area_attack_names_its_targets_as_a_sentence(lang: str, words: str) -> None:
    """ "son attaque est effectuée en demi-succès contre tous les personnages situés dans la zone d'effet"
    (002_58e889a1abff3456.txt): the log names the targets "A et B", and the halving of the area."""

    fight = started(hero(energy=8, powers=(OFF_D, DEF)), foe("a", at=(20.0, 0.0)), foe("b", at=(24.0, 0.0)))
    before = fight.state
    lines = [
        m.render(lang)
        for m in explain_all(
            before, list(fight.do(Attack("h", "a", 6, 0, area_targets=("b",), diameter=5.0)))
        )
    ]
    assert any(words in line and "= " in line and line.endswith("3.") for line in lines), lines


def test_a_defence_after_interposing_without_a_power_says_how_to_defend() -> None:
    """ "Cela doit être réalisé avec un pouvoir qui le permette (ou sans pouvoir et en demi-succès)"
    (002_58e889a1abff3456.txt): after interposing without a power, a defence with a power is refused with
    a message that says to defend without one (no "-" standing for the missing power)."""
    fight = started(
        foe("f", energy=9), hero("a", energy=6, at=(3.0, 0.0)), hero("b", energy=6, at=(4.0, 0.0))
    )
    fight.do(Attack("f", "a", 4, 0))
    fight.do(Interpose("b"))
    before = fight.state
    with pytest.raises(Refused) as caught:
        fight.do(Defend("b", 4, 1))
    assert fight.state == before and caught.value.rule == "interpose"
    assert "-" not in caught.value.render("en").split(":")[0]
    assert "without a power" in caught.value.render("en") and "sans pouvoir" in caught.value.render("fr")
    fight.do(Defend("b", 4))
    assert fight.state.get("b").vigor == 5 - (4 - 2)


def interposed(power: int | None) -> Fight:
    """``f`` attacks ``a`` with 4 tokens; ``b`` interposes with ``power`` (1: its armour)."""
    fight = started(
        foe("f", energy=9, powers=(OFF_D,), at=(20.0, 0.0)),
        hero("a", energy=4),
        hero("b", energy=4, powers=(DODGE, ARMOUR), at=(2.0, 0.0)),
    )
    fight.do(Attack("f", "a", 4, 0))
    fight.do(Interpose("b", power))
    return fight


def test_an_interposer_becomes_the_attackers_target_for_the_phase() -> None:
    """« s'interposant et en prenant l'attaque à sa place » and « un même adversaire ne peut être pris pour
    cible par le personnage actif qu'une seule fois durant sa phase d'action » (002_58e889a1abff3456.txt):
    after taking the hit for an ally, the interposer cannot be attacked again by the same attacker in
    that phase (it would lose a second defence token)."""
    fight = interposed(1)
    fight.do(Defend("b", 2))
    refused(fight, Attack("f", "b", 2, 0), "one_attack_per_target")
    refused(fight, Attack("f", "a", 2, 0), "one_attack_per_target")


def test_the_interposers_defence_uses_its_interposition_power_when_defend_names_none() -> None:
    """« Cela doit être réalisé avec un pouvoir qui le permette (ou sans pouvoir et en demi-succès) »
    (002_58e889a1abff3456.txt): after interposing with its armour, a ``defend`` without a power defends with
    the armour (in full); naming another power is refused."""
    fight = interposed(1)
    refused(fight, Defend("b", 2, 0), "interpose")
    fight.do(Defend("b", 2))
    placed = of_type(fight.events(), DefensePlaced)[-1]
    assert (placed.power, placed.level) == (1, 0)
    assert of_type(fight.events(), AttackResolved)[-1].defense == 2


def test_the_query_lists_everyone_inside_an_area_attacks_zone() -> None:
    """« son attaque est effectuée en demi-succès contre tous les personnages situés dans la zone d'effet »
    (002_58e889a1abff3456.txt): the attacker names whom it hits (the GM's say), but the query's details
    list every combatant inside the zone (centred on the first target, 20 m across), on either side and
    not only those the template names, so a page can preselect them."""
    from meneur.systems.energy.combat.engine import legal

    fight = started(
        foe("f", energy=9, powers=(OFF_D,), at=(20.0, 0.0)),
        hero("a", energy=4),
        hero("b", energy=4, at=(2.0, 0.0)),
        foe("g", energy=2, at=(0.0, 6.0)),
        hero("c", energy=4, at=(40.0, 0.0)),
    )
    areas = [entry for entry in legal(fight.state) if entry.kind == "attack" and entry.command.area_targets]
    assert areas and all(entry.details["in_zone"] == ["a", "b", "g"] for entry in areas)
    assert all(entry.command.area_targets == ("b",) for entry in areas)
    plain = [
        entry for entry in legal(fight.state) if entry.kind == "attack" and not entry.command.area_targets
    ]
    assert plain and all("in_zone" not in entry.details for entry in plain)
