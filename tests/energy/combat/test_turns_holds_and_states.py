"""Turns and holds (one action phase a turn, ties, first use), states and stress in a fight, counters,
blindness.

Source: 002_58e889a1abff3456.txt (tactical combat chapter, powers and archetypes chapter); readings
in docs/rulings/energy-combat.md.
"""

from __future__ import annotations

import pytest

from meneur.errors import Refused
from meneur.systems.energy.combat.commands import (
    Attack,
    Counter,
    Defend,
    EndPhase,
    ExtendedDefense,
    Hold,
    Interrupt,
    KeepHold,
    Maintain,
    SpendStress,
    StartFight,
    UseSupport,
)
from meneur.systems.energy.combat.engine import load_fight
from meneur.systems.energy.combat.events import (
    AttackDeclared,
    AttackResolved,
)
from meneur.systems.energy.combat.fight import Fight
from meneur.systems.energy.combat.legal import legal_actions
from meneur.systems.energy.combat.options import TableOptions
from meneur.systems.energy.combat.profile import PowerProfile
from meneur.systems.energy.combat.state import FightState, Phase

from .builders import DEF, MOV, OFF_C, OFF_D, SUP, foe, hero, started
from .helpers import FIGHTS
from .test_rules import refused


def test_a_kept_hold_gives_one_action_phase_a_turn() -> None:
    """ "La phase d'action en attente doit être réalisée en une fois" (002_58e889a1abff3456.txt): with
    ``hold_skips_own_slot: false`` a holder who acted in its slot cannot interrupt again this turn."""
    options = TableOptions(hold_skips_own_slot=False)
    fight = Fight(
        FightState((hero("h", energy=6, recovery=6), foe(energy=4, at=(3.0, 0.0))), options=options)
    )
    fight.do(StartFight())
    fight.do(Hold("h"))
    fight.do(EndPhase())  # f passes: turn 2, maintenance
    fight.do(KeepHold("h"))
    fight.do(EndPhase())
    assert fight.state.acting == "h"  # the slot of a holder comes (table option)
    fight.do(EndPhase("h"))
    fight.do(Attack("f", "h", 2, 0))
    refused(fight, Interrupt("h"), "hold")


@pytest.mark.parametrize(("first", "second"), [("a", "b"), ("b", "a")])
def test_tied_player_characters_act_in_the_order_the_players_chose(first: str, second: str) -> None:
    """ "En cas d'égalité entre PJ, les joueurs choisissent qui agit en premier. En cas d'égalité avec les
    PNJ, les PJ agissent en premier" (002_58e889a1abff3456.txt): the players' choice is the order of the
    fight file."""
    fight = started(foe("f", energy=5), hero(first, energy=5), hero(second, energy=5, at=(1.0, 0.0)))
    assert fight.state.order == (first, second, "f")


def test_the_maintenance_phase_takes_the_first_use_of_the_new_turn() -> None:
    """Reading 2 of the issue ("the maintenance phase belongs to the new turn"); "La condition peut être
    maintenue via une dépense suffisante de points d'énergie durant la phase d'entretien"
    (002_58e889a1abff3456.txt): a condition maintained with a +1 power gets the +1, and the same power
    used again in the action phase of that turn does not."""

    glue = PowerProfile("Glu", "off_d", modifier=1, effect="condition", condition="immobilized")
    fight = started(
        hero("h", energy=9, recovery=9, powers=(glue, DEF)),
        foe("f", at=(10.0, 0.0)),
        foe("g", at=(12.0, 0.0)),
    )
    fight.do(Attack("h", "f", 2, 0))
    fight.do(Defend("f"))
    for _ in range(3):
        fight.do(EndPhase())
    assert fight.state.phase is Phase.MAINTENANCE and fight.state.turn == 2
    maintained = [e for e in fight.do(Maintain("h", 0, 2)) if isinstance(e, AttackDeclared)]
    assert maintained[0].pending.effective == 3
    fight.do(Defend("f"))
    fight.do(EndPhase())
    again = [e for e in fight.do(Attack("h", "g", 2, 0)) if isinstance(e, AttackDeclared)]
    assert again[0].pending.effective == 2


@pytest.mark.parametrize(
    ("states", "energy"),
    [
        (frozenset(), 6),
        (frozenset({"exhausted"}), 5),
        (frozenset({"demoralized"}), 5),
        (frozenset({"exhausted", "demoralized"}), 4),
    ],
)
def test_exhausted_and_demoralized_each_take_one_energy(states: frozenset[str], energy: int) -> None:
    """ "Un personnage épuisé subit un malus de 1 point à sa valeur d'énergie"; démoralisé: "le personnage
    subit en outre un malus de -1 en énergie" (002_58e889a1abff3456.txt)."""
    fight = started(hero(energy=6, states=states), foe(energy=9))
    assert (fight.state.get("h").energy_max, fight.state.get("h").energy) == (energy, energy)


@pytest.mark.parametrize(
    ("power", "determined", "defense"),
    [
        (1, False, 2),  # Défense against an invisible attacker: half of 4
        (None, False, 1),  # no power as well: quarter of 4
        (None, True, 4),  # détermination lifts both halvings
    ],
)
def test_determination_lifts_every_halving_of_the_defence(
    power: int | None, determined: bool, defense: int
) -> None:
    """ "ignorer le malus de demi-succès lors de ses défenses durant un tour" (détermination,
    002_58e889a1abff3456.txt), here against SPECTRE invisible ("elle devient alors totalement invisible")."""

    initial, commands = load_fight(FIGHTS / "spectre.yaml")
    fight = Fight(initial)
    for command in commands[:2]:
        fight.do(command)
    assert isinstance(commands[1], UseSupport)
    if determined:
        fight.do(SpendStress("foe", "determination"))
    fight.do(commands[2])
    resolved = [e for e in fight.do(Defend("foe", 4, power)) if isinstance(e, AttackResolved)]
    assert resolved[0].defense == defense


@pytest.mark.parametrize("use", ["determination", "feat"])
def test_a_copy_checks_no_stress_box(use: str) -> None:
    """LEGION's copies are "physiquement réelles mais émotionnellement vides" (002_58e889a1abff3456.txt):
    a copy cannot check a stress box (only its original can), and the query does not offer it."""

    aggressive = PowerProfile("Copie agressive", "off_c", effect="duplicates")
    fight = started(hero(energy=9, powers=(aggressive, DEF)), foe(energy=4, at=(4.0, 0.0)))
    fight.do(UseSupport("h", 0, 3, at=(3.0, 0.0)))
    fight.do(EndPhase())
    assert fight.state.acting == "h#1"
    assert not [a for a in legal_actions(fight.state) if a.kind == "stress" and a.actor == "h#1"]
    before = fight.state
    with pytest.raises(Refused) as caught:
        fight.do(SpendStress("h#1", use, 0 if use == "feat" else None, "mov" if use == "feat" else None))
    assert caught.value.rule == "stress" and fight.state == before
    assert "copie" in caught.value.render("fr")


def test_a_counter_power_needs_a_power() -> None:
    """ "Un personnage qui s'est mis en attente peut opposer son pouvoir à l'action d'un autre personnage"
    (002_58e889a1abff3456.txt): without a power there is no counter-power, so it is refused; with one,
    its tokens are "directement retranchés des points investis par l'attaquant"."""
    fight = started(
        hero("w", energy=6, powers=(OFF_C, DEF, MOV, SUP)),
        hero("c", energy=5, at=(1.0, 0.0)),
        foe("f", energy=4, at=(3.0, 0.0)),
    )
    fight.do(Hold("w"))
    fight.do(EndPhase())
    fight.do(Attack("f", "c", 3, 0))
    refused(fight, Counter("w", 2, None), "counter")
    fight.do(Counter("w", 2, 3))
    assert fight.state.pending is not None and fight.state.pending.countered == 2


@pytest.mark.parametrize(
    ("power", "at", "rule"),
    [
        (None, (1.0, 0.0), None),  # no power, at contact: allowed (half success)
        (0, (1.0, 0.0), None),  # Off-C at contact: allowed
        (None, (8.0, 0.0), "conditions"),  # no power, beyond contact reach (5 m): a ranged attack
        (1, (1.0, 0.0), "conditions"),  # Off-D: a ranged power, even close by
    ],
)
def test_blinded_only_ranged_attacks_are_refused(
    power: int | None, at: tuple[float, float], rule: str | None
) -> None:
    """ "Aveuglé: ne peut plus effectuer l'attaques à distance" (002_58e889a1abff3456.txt): a blinded
    character still attacks in contact."""
    blind = hero("a", energy=6, powers=(OFF_C, OFF_D, DEF))._replace(conditions=frozenset({"blinded"}))
    fight = started(blind, foe("b", energy=4, at=at))
    command = Attack("a", "b", 2, power)
    if rule is None:
        fight.do(command)
        assert fight.state.pending is not None
    else:
        refused(fight, command, rule)


def test_an_extended_defence_counts_only_the_tokens_placed_in_it() -> None:
    """ "Lorsque l'un des personnages protégés par la défense étendue sera attaqué, les jetons d'énergie
    placés en défense étendue seront pris en compte" (002_58e889a1abff3456.txt): not the protector's own
    defence. P keeps 4 of its own tokens, extends 1 to T; an attack at 5 on T meets 1 and deals 4."""
    fight = started(
        hero("p", energy=9, powers=(OFF_C, DEF)),
        hero("t", energy=5, vigor=6, at=(2.0, 0.0)),
        foe("x", energy=10, at=(10.0, 0.0)),
    )
    fight.do(Attack("x", "p", 1, 0))
    fight.do(Defend("p", 5, 1))
    assert fight.state.get("p").defense == 4
    fight.do(ExtendedDefense("p", 1, ("t",), 1))
    fight.do(Attack("x", "t", 5, 0))
    fight.do(Defend("t"))
    assert fight.state.get("t").vigor == 6 - 4
    protector = fight.state.get("p")  # the extended token is the one removed; its own 4 stay
    assert (protector.defense, protector.extended_defense) == (4, 0)


def test_off_c_copies_only_join_within_reach() -> None:
    """ "il est considéré comme engagé et ne peut agir que sur les personnages se trouvant dans ses 5
    mètres" (002_58e889a1abff3456.txt): a contact copy joins an attack only within contact reach."""
    copying = PowerProfile("Copie agressive", "off_c", effect="duplicates")
    fight = started(hero(energy=9, powers=(copying, OFF_C)), foe(energy=4, at=(4.0, 0.0)))
    fight.do(UseSupport("h", 0, 3, at=(30.0, 0.0)))
    fight.do(UseSupport("h", 0, 3, at=(3.0, 0.0)))
    fight.do(EndPhase())
    from .test_rules import refused

    refused(fight, Attack("h#2", "f", 2, 0, joined=(("h#1", 2),)), "contact_reach")
