"""The rules of the tactical combat chapter, one test (or table) per rule.

Source: 002_58e889a1abff3456.txt, chapter on tactical combat; readings fixed by the issue and
docs/rulings/energy-combat.md.
"""

from __future__ import annotations

import pytest

from meneur.errors import Refused
from meneur.systems.energy.combat.checks import halve
from meneur.systems.energy.combat.commands import (
    Attack,
    Charge,
    Counter,
    Defend,
    EndFight,
    EndPhase,
    ExtendedDefense,
    GiveEnergy,
    Heal,
    Hold,
    Interpose,
    Interrupt,
    KeepHold,
    Move,
    SpendStress,
    UseSupport,
)
from meneur.systems.energy.combat.events import AttackDeclared, AttackResolved, TurnStarted
from meneur.systems.energy.combat.fight import Fight
from meneur.systems.energy.combat.profile import PowerProfile
from meneur.systems.energy.combat.state import Phase

from .builders import DEF, MOV, OFF_C, OFF_D, SUP, foe, hero, started
from .helpers import of_type


def refused(fight: Fight, command: object, rule: str) -> None:
    """``command`` is refused for ``rule`` and the state does not change."""
    before = fight.state
    with pytest.raises(Refused) as caught:
        fight.do(command)  # type: ignore[arg-type]
    assert caught.value.rule == rule
    assert fight.state == before
    assert caught.value.render("fr") and caught.value.render("en")


@pytest.mark.parametrize(
    ("tokens", "times", "expected"),
    [(4, 1, 2), (5, 1, 2), (1, 1, 0), (8, 2, 2), (7, 2, 1), (3, 0, 3), (-2, 0, 0)],
)
def test_half_and_quarter_success(tokens: int, times: int, expected: int) -> None:
    """ "investir deux jetons d'énergie pour en obtenir un ... quart de succès, nécessitant la dépense de 4
    jetons" (002_58e889a1abff3456.txt); reading 1: floor."""
    assert halve(tokens, times) == expected


def test_energy_pool_starts_at_energie() -> None:
    """ "tous les personnages possèdent autant de points d'énergie disponibles que la valeur de leur
    attribut d'énergie" (002_58e889a1abff3456.txt)."""
    fight = started(hero(energy=6), foe(energy=4))
    assert [c.energy for c in fight.state.combatants] == [6, 4]


@pytest.mark.parametrize(
    ("heroes_energy", "foes_energy", "states", "order"),
    [
        (6, 4, frozenset(), ("h", "f")),
        (4, 6, frozenset(), ("f", "h")),
        (4, 4, frozenset(), ("h", "f")),
        (5, 4, frozenset({"exhausted"}), ("h", "f")),
        (5, 4, frozenset({"exhausted", "demoralized"}), ("f", "h")),
    ],
)
def test_initiative(
    heroes_energy: int, foes_energy: int, states: frozenset[str], order: tuple[str, ...]
) -> None:
    """ "en commençant par ceux qui ont la plus haute valeur d'attribut d'énergie ... En cas d'égalité avec
    les PNJ, les PJ agissent en premier" (002_58e889a1abff3456.txt); reading 5: after states."""
    fight = started(hero(energy=heroes_energy, states=states), foe(energy=foes_energy))
    assert fight.state.order == order


def test_recovery_phase() -> None:
    """ "tous les jetons d'énergie placés en défense sont supprimés. Ensuite, tous les personnages récupèrent
    autant de points d'énergie qu'ils possèdent en valeur d'attribut de récupération, à concurrence de leur
    valeur d'attribut d'énergie" (002_58e889a1abff3456.txt)."""
    fight = started(hero(energy=6, recovery=4), foe(energy=4))
    fight.do(Attack("h", "f", 5, 0))
    fight.do(Defend("f", 3, 1))
    fight.do(EndPhase())
    fight.do(EndPhase())
    assert fight.state.phase is Phase.MAINTENANCE
    h, f = fight.state.get("h"), fight.state.get("f")
    assert (h.energy, f.energy, f.defense) == (1 + 4, 1 + 3, 0)


@pytest.mark.parametrize(("modifier", "first", "second"), [(1, 3, 2), (2, 4, 2), (-1, 1, 2), (-3, 0, 2)])
def test_reinforcement_and_weakening_first_use_only(modifier: int, first: int, second: int) -> None:
    """ "Un pouvoir renforcé apporte autant de points d'énergie que sa valeur de renforcement lors de son
    utilisation, une seule fois par tour"; "affaibli ... lors de son premier usage au cours d'un tour"
    (002_58e889a1abff3456.txt); reading 2: never below 0."""
    punch = PowerProfile("Coup", "off_c", modifier)
    fight = started(hero(powers=(punch,)), foe("a"), foe("b", at=(0.0, 3.0)))
    fight.do(Attack("h", "a", 2, 0))
    fight.do(Defend("a"))
    fight.do(Attack("h", "b", 2, 0))
    assert [d.pending.effective for d in of_type(fight.events(), AttackDeclared)] == [first, second]


@pytest.mark.parametrize(("modifier", "effective"), [(2, 4), (-2, 0), (1, 3)])
def test_gm_modifier(modifier: int, effective: int) -> None:
    """ "Le MJ est libre d'ajouter un modificateur aux points d'énergie engagés" (002_58e889a1abff3456.txt)."""
    fight = started(hero(), foe())
    fight.do(Attack("h", "f", 2, 0, gm_modifier=modifier))
    assert fight.state.pending is not None and fight.state.pending.effective == effective


def test_gm_modifier_is_at_most_2() -> None:
    """ "Un tel modificateur ne peut jamais excéder 2 points d'énergie de bonus ou de malus"
    (002_58e889a1abff3456.txt)."""
    refused(started(hero(), foe()), Attack("h", "f", 2, 0, gm_modifier=3), "gm_modifier")


def test_one_attack_per_target_per_action_phase() -> None:
    """ "un même adversaire ne peut être pris pour cible par le personnage actif qu'une seule fois durant sa
    phase d'action" (002_58e889a1abff3456.txt)."""
    fight = started(hero(), foe())
    fight.do(Attack("h", "f", 1, 0))
    fight.do(Defend("f"))
    refused(fight, Attack("h", "f", 1, 0), "one_attack_per_target")


def test_attacker_spends_first_and_the_fight_waits_for_the_defender() -> None:
    """ "C'est toujours le personnage qui réalise l'action offensive qui dépense ses points d'énergie en
    premier, le défenseur peut engager des points d'énergie en défense s'il le souhaite en réaction"."""
    fight = started(hero(), foe())
    fight.do(Attack("h", "f", 3, 0))
    assert fight.state.get("h").energy == 3 and fight.state.pending is not None
    refused(fight, Move("h", (5.0, 0.0), 2), "defense_reaction")


@pytest.mark.parametrize(
    ("attack", "defense", "success", "damage"),
    [(4, 3, True, 1), (3, 3, False, 0), (2, 3, False, 0), (5, 0, True, 4)],
)
def test_damage_is_attack_minus_defence(attack: int, defense: int, success: bool, damage: int) -> None:
    """ "Si la défense est égale ou supérieure à l'énergie de l'attaque, alors l'attaque échoue"; "le nombre
    de points de vigueur perdus ... est égal à la différence" (002_58e889a1abff3456.txt)."""
    fight = started(hero(energy=6), foe(vigor=4))
    fight.do(Attack("h", "f", attack, 0))
    fight.do(Defend("f", defense, 1))
    resolved = of_type(fight.events(), AttackResolved)[0]
    assert resolved.success is success
    assert fight.state.get("f").vigor == max(0, 4 - damage)


@pytest.mark.parametrize(("power", "placed", "after"), [(1, 3, 2), (None, 4, 3)])
def test_one_defence_token_removed_after_each_attack(power: int | None, placed: int, after: int) -> None:
    """ "après chaque attaque subie, un des points d'énergie engagés en défense est supprimé"; "Même en cas
    de demi-succès, un seul point est supprimé" (002_58e889a1abff3456.txt)."""
    fight = started(hero(), foe())
    fight.do(Attack("h", "f", 1, 0))
    fight.do(Defend("f", placed, power))
    assert fight.state.get("f").defense == after


def test_defence_without_opposable_power_is_half() -> None:
    """ "les points d'énergie qu'il engage en défense comptent en demi-succès" (002_58e889a1abff3456.txt)."""
    fight = started(hero(), foe())
    fight.do(Attack("h", "f", 3, 0))
    fight.do(Defend("f", 4, None))
    assert of_type(fight.events(), AttackResolved)[0].defense == 2


def test_determination_ignores_half_defence() -> None:
    """ "Détermination : ... ignorer le malus de demi-succès lors de ses défenses durant un tour"."""
    fight = started(hero(), foe())
    fight.do(Attack("h", "f", 3, 0))
    fight.do(SpendStress("f", "determination"))
    fight.do(Defend("f", 4, None))
    assert of_type(fight.events(), AttackResolved)[0].defense == 4
    assert fight.state.get("f").stress == 1


@pytest.mark.parametrize(("defense", "applied"), [(1, True), (2, False), (3, False)])
def test_condition_needs_more_than_the_defence(defense: int, applied: bool) -> None:
    """ "il faut que l'énergie investie en attaque dépasse l'énergie investie en défense (l'égaler ne suffit
    pas)" (002_58e889a1abff3456.txt)."""
    net = PowerProfile("Filet", "off_d", effect="condition", condition="entangled")
    fight = started(hero(powers=(net,)), foe())
    fight.do(Attack("h", "f", 2, 0))
    fight.do(Defend("f", defense, 1))
    assert ("entangled" in fight.state.get("f").conditions) is applied


@pytest.mark.parametrize(
    ("condition", "command", "rule"),
    [
        ("blinded", Attack("f", "h", 1, 0), "conditions"),
        ("entangled", Attack("f", "h", 1, 0), "conditions"),
        ("entangled", Move("f", (10.0, 0.0)), "conditions"),
        ("immobilized", Move("f", (10.0, 0.0)), "conditions"),
        ("stunned", Move("f", (10.0, 0.0)), "conditions"),
        ("controlled", Attack("f", "h", 1, 0), "conditions"),
    ],
)
def test_conditions(condition: str, command: object, rule: str) -> None:
    """ "Aveuglé: ne peut plus effectuer l'attaques à distance; Empêtré: ne peut plus se déplacer ni attaquer;
    Contrôlé ... Immobilisé: ne peut plus se déplacer; Sonné ..." (002_58e889a1abff3456.txt)."""
    power = PowerProfile("Effet", "off_d", effect="condition", condition=condition)
    fight = started(hero(powers=(power, DEF)), foe())
    fight.do(Attack("h", "f", 3, 0))
    fight.do(Defend("f"))
    fight.do(EndPhase())
    refused(fight, command, rule)


def test_conditions_never_stop_defence_and_end_with_the_turn() -> None:
    """ "Aucune condition ne devrait empêcher le personnage d'utiliser ses points d'énergie en défense";
    "jusqu'au début du prochain tour" (002_58e889a1abff3456.txt)."""
    stun = PowerProfile("Choc", "off_d", effect="condition", condition="stunned")
    fight = started(hero(powers=(stun, OFF_C)), foe(at=(3.0, 0.0)))
    fight.do(Attack("h", "f", 3, 0))
    fight.do(Defend("f"))
    fight.do(EndPhase())
    fight.do(EndPhase())
    assert fight.state.get("f").conditions == frozenset()


def test_stunned_character_may_still_defend() -> None:
    """ "Aucune condition ne devrait empêcher le personnage d'utiliser ses points d'énergie en défense"."""
    stun = PowerProfile("Choc", "off_d", effect="condition", condition="stunned")
    fight = started(hero(powers=(stun, OFF_C)), foe(at=(3.0, 0.0)), hero("b", energy=3, powers=(OFF_D,)))
    fight.do(Attack("h", "f", 3, 0))
    fight.do(Defend("f"))
    fight.do(EndPhase())
    fight.do(EndPhase())
    fight.do(Attack("b", "f", 2, 0))
    fight.do(Defend("f", 2, 1))
    assert "stunned" in fight.state.get("f").conditions
    assert fight.state.get("f").defense == 1


def test_area_attack_is_half_against_everyone() -> None:
    """ "spécifier le diamètre de la zone (maximum 20 mètres de diamètre) et son attaque est effectuée en
    demi-succès contre tous les personnages situés dans la zone" (002_58e889a1abff3456.txt)."""
    fight = started(hero(powers=(OFF_D,)), foe("a", at=(30.0, 0.0)), foe("b", at=(34.0, 0.0)))
    fight.do(Attack("h", "a", 5, 0, area_targets=("b",), diameter=10.0))
    assert of_type(fight.events(), AttackDeclared)[0].pending.effective == 2
    fight.do(Defend("a"))
    assert fight.state.pending is not None and fight.state.pending.target == "b"
    fight.do(Defend("b"))
    assert [c.vigor for c in fight.state.combatants[1:]] == [2, 2]


@pytest.mark.parametrize(("diameter", "gap"), [(25.0, 4.0), (10.0, 15.0)])
def test_area_limits(diameter: float, gap: float) -> None:
    """ "maximum 20 mètres de diamètre" and everyone inside the area (002_58e889a1abff3456.txt)."""
    fight = started(hero(powers=(OFF_D,)), foe("a", at=(30.0, 0.0)), foe("b", at=(30.0 + gap, 0.0)))
    refused(fight, Attack("h", "a", 5, 0, area_targets=("b",), diameter=diameter), "area")


@pytest.mark.parametrize(("power", "effective"), [(None, 2), (3, 2), (0, 4)])
def test_attack_without_matching_power_or_with_support_is_half(power: int | None, effective: int) -> None:
    """ "Un personnage qui attaque sans avoir de pouvoir correspondant peut le faire en demi-succès"; "tout
    pouvoir de support utilisé en offensif ... en demi-succès" (002_58e889a1abff3456.txt)."""
    fight = started(hero(powers=(OFF_C, DEF, MOV, SUP)), foe())
    fight.do(Attack("h", "f", 4, power))
    assert of_type(fight.events(), AttackDeclared)[0].pending.effective == effective


def test_charge_once_a_turn_and_counts_as_a_move() -> None:
    """ "Un personnage ne peut charger qu'une seule fois par tour et cette charge compte dans la limite de
    ses mouvements maximum" (002_58e889a1abff3456.txt)."""
    fight = started(hero(powers=(OFF_C, DEF)), foe("a", at=(15.0, 0.0)), foe("b", at=(19.0, 0.0)))
    fight.do(Charge("h", "a", (14.0, 0.0), 1, 0))
    fight.do(Defend("a"))
    refused(fight, Charge("h", "b", (18.0, 0.0), 1, 0), "charge")
    refused(fight, Move("h", (20.0, 0.0)), "movement")


def test_charge_is_at_most_20_metres() -> None:
    """ "le personnage obtient un déplacement gratuit de 20 mètres" (002_58e889a1abff3456.txt)."""
    fight = started(hero(), foe(at=(30.0, 0.0)))
    refused(fight, Charge("h", "f", (29.0, 0.0), 1, 0), "movement")


def test_engaged_character_acts_beyond_5_m_at_half_and_offd_on_engager_at_minus_1() -> None:
    """ "souhaitant agir sur un personnage situé au-delà des 5 mètres autour de lui le fera en demi-succès
    ... Off-D ... un malus de 1 point d'énergie s'il veut se servir de son pouvoir pour attaquer le
    personnage qui l'a engagé" (002_58e889a1abff3456.txt)."""
    fight = started(
        hero(energy=6, powers=(OFF_C, DEF)),
        foe("f", energy=5, at=(3.0, 0.0)),
        foe("g", energy=4, at=(40.0, 0.0)),
    )
    fight.do(Attack("h", "f", 1, 0))
    fight.do(Defend("f"))
    fight.do(EndPhase())
    assert "h" in fight.state.get("f").engaged_by
    fight.do(Attack("f", "h", 3, 0))
    assert of_type(fight.events(), AttackDeclared)[-1].pending.effective == 2
    fight.do(Defend("h"))
    fight.do(EndPhase())
    fight.do(Attack("g", "h", 4, 0))
    assert of_type(fight.events(), AttackDeclared)[-1].pending.effective == 4


def test_interposition_within_5_metres() -> None:
    """ "Un personnage peut en protéger un autre situé dans ses 5 mètres en s'interposant et en prenant
    l'attaque à sa place ... (ou sans pouvoir et en demi-succès)" (002_58e889a1abff3456.txt)."""
    fight = started(
        foe("f", energy=8, at=(20.0, 0.0)),
        hero("a", at=(0.0, 0.0)),
        hero("b", at=(4.0, 0.0)),
        hero("c", at=(10.0, 0.0)),
    )
    fight.do(Attack("f", "a", 4, 0))
    refused(fight, Interpose("c", 1), "interpose")
    fight.do(Interpose("b", None))
    refused(fight, Defend("b", 4, 1), "interpose")  # interposed without a power: defends without one
    fight.do(Defend("b", 4))
    resolved = of_type(fight.events(), AttackResolved)[0]
    assert (resolved.target, resolved.defense) == ("b", 2)
    assert fight.state.get("a").vigor == 5


def test_extended_defence() -> None:
    """ "dépenser 1 point d'énergie par allié supplémentaire ... ne compte pas dans les points d'énergie
    engagés pour la défense ... il est donc possible que les deux défenseurs ... perdent un point"
    (002_58e889a1abff3456.txt)."""
    fight = started(foe("f", energy=8, at=(20.0, 0.0)), hero("a"), hero("b", at=(4.0, 0.0)))
    fight.do(Attack("f", "a", 6, 0))
    fight.do(ExtendedDefense("b", 3, ("a",), 1))
    assert fight.state.get("b").energy == 6 - 3 - 1
    fight.do(Defend("a", 2, 1))
    resolved = of_type(fight.events(), AttackResolved)[0]
    assert (resolved.defense, resolved.margin) == (5, 1)
    assert (fight.state.get("a").defense, fight.state.get("b").defense) == (1, 2)
    assert fight.state.get("a").vigor == 4


@pytest.mark.parametrize(("powers", "second_move_ok"), [((OFF_C, DEF), False), ((OFF_C, DEF, MOV), True)])
def test_moves(powers: tuple[PowerProfile, ...], second_move_ok: bool) -> None:
    """ "un personnage qui ne possède pas de pouvoir de mouvement peut dépenser un jeton d'énergie pour se
    déplacer de 20 mètres ... qu'une fois par tour. Un personnage possédant un pouvoir de déplacement peut
    l'utiliser plusieurs fois" (002_58e889a1abff3456.txt)."""
    fight = started(hero(powers=powers), foe(at=(50.0, 50.0)))
    mov = 2 if second_move_ok else None
    fight.do(Move("h", (20.0, 0.0), mov))
    if second_move_ok:
        fight.do(Move("h", (40.0, 0.0), mov))
        assert fight.state.get("h").energy == 6 - 2
    else:
        refused(fight, Move("h", (40.0, 0.0)), "movement")
    refused(fight, Move("h", (80.0, 0.0), mov), "movement")


def test_small_move() -> None:
    """ "un petit déplacement de 5 mètres maximum. Cela ne lui coûte pas de point d'énergie, mais ne peut
    pas être effectué en plus d'un autre déplacement" (002_58e889a1abff3456.txt)."""
    fight = started(hero(), foe(at=(50.0, 0.0)))
    refused(fight, Move("h", (6.0, 0.0), small=True), "small_move")
    fight.do(Move("h", (5.0, 0.0), small=True))
    assert fight.state.get("h").energy == 6
    refused(fight, Move("h", (20.0, 0.0), 2), "small_move")


def test_forced_move_is_a_half_success_attack_of_20_metres() -> None:
    """ "l'agresseur doit battre la défense de la victime avec une attaque en demi-succès. S'il réussit, il
    peut déplacer sa cible de force (sur une distance de 20 mètres)" (002_58e889a1abff3456.txt)."""
    push = PowerProfile("Poussée", "off_c", effect="forced_move")
    fight = started(hero(powers=(push,)), foe())
    refused(fight, Attack("h", "f", 4, 0, destination=(30.0, 0.0)), "forced_move")
    fight.do(Attack("h", "f", 4, 0, destination=(20.0, 0.0)))
    assert fight.state.pending is not None and fight.state.pending.effective == 2
    fight.do(Defend("f"))
    assert fight.state.get("f").position == (20.0, 0.0)


@pytest.mark.parametrize(
    ("before", "tokens", "after", "left"),
    [
        (0, 4, 2, 2),  # two tokens engaged for one given
        (1, 6, 4, 0),  # 3 would be given, capped at Énergie 4
    ],
)
def test_give_energy_is_half_and_capped(before: int, tokens: int, after: int, left: int) -> None:
    """ "Un pouvoir permettant de donner de l'énergie ... octroyant un point d'énergie à un personnage ciblé
    pour deux points engagés" (002_58e889a1abff3456.txt)."""
    boost = PowerProfile("Boost", "sup", effect="give_energy")
    fight = started(hero(powers=(boost,)), hero("b", energy=4)._replace(energy=before), foe())
    fight.do(UseSupport("h", 0, tokens, ("b",)))
    assert (fight.state.get("b").energy, fight.state.get("h").energy) == (after, left)


def test_giving_energy_to_a_full_target_is_refused() -> None:
    """ "octroyant un point d'énergie à un personnage ciblé" (002_58e889a1abff3456.txt): a target holding all
    its Énergie tokens can gain none, so the giver would spend tokens for nothing: refused."""
    boost = PowerProfile("Boost", "sup", effect="give_energy")
    fight = started(hero(powers=(boost,)), hero("b", energy=4), foe())
    refused(fight, UseSupport("h", 0, 4, ("b",)), "give_energy")
    refused(fight, GiveEnergy("h", 0, 4, "b"), "give_energy")


def test_healing_a_target_at_full_vigor_is_refused() -> None:
    """ "Les pouvoirs qui rendent des points de vigueur à un personnage" (002_58e889a1abff3456.txt): nothing
    to give back at full Vigueur, so the healer would spend tokens for nothing: refused."""
    heal = PowerProfile("Soin", "sup", effect="heal")
    fight = started(hero("h", powers=(heal, DEF)), hero("b", vigor=5), foe())
    refused(fight, Heal("h", 0, 2, "b"), "heal")
    refused(fight, UseSupport("h", 0, 2, ("b",)), "heal")


def test_healing_cannot_wake_the_knocked_out_without_a_second_wind() -> None:
    """ "il n'est pas possible de faire regagner conscience à un personnage hors combat durant la scène,
    sauf si le personnage utilise sa détermination pour obtenir un second souffle"."""
    heal = PowerProfile("Soin", "sup", effect="heal")
    fight = started(
        foe("f", energy=9, at=(3.0, 0.0)), hero("h", powers=(heal, DEF)), hero("b", at=(2.0, 0.0))
    )
    fight.do(Attack("f", "b", 9, 0))
    fight.do(Defend("b"))
    assert fight.state.get("b").out
    fight.do(EndPhase())
    refused(fight, UseSupport("h", 0, 2, ("b",)), "heal")
    fight.do(SpendStress("b", "second_wind"))
    fight.do(UseSupport("h", 0, 4, ("b",)))
    b = fight.state.get("b")
    assert (b.out, b.vigor) == (False, 2)


def test_immunity_all_or_nothing_and_only_moves() -> None:
    """ "fonctionnent en mode tout ou rien ... le personnage ne peut plus agir sur le champ de bataille même
    s'il peut encore se déplacer" (002_58e889a1abff3456.txt)."""
    phase = PowerProfile("Intangible", "sup", effect="immunity")
    fight = started(hero(powers=(phase, OFF_C, MOV)), foe(energy=5, at=(3.0, 0.0)))
    fight.do(UseSupport("h", 0, 2))
    refused(fight, Attack("h", "f", 1, 1), "immunity")
    fight.do(Move("h", (1.0, 0.0), 2))
    fight.do(EndPhase())
    fight.do(Attack("f", "h", 5, 0))
    fight.do(Defend("h"))
    assert of_type(fight.events(), AttackResolved)[0].immune
    assert fight.state.get("h").vigor == 5


def test_hold_interrupt_and_keep() -> None:
    """ "dépenser 1 point d'énergie pour se placer en attente et ainsi pouvoir jouer son tour à n'importe quel
    moment ... conserver sa mise en attente au prix d'un point d'énergie" (002_58e889a1abff3456.txt)."""
    fight = started(hero(energy=6), foe(energy=4))
    fight.do(Hold("h"))
    assert fight.state.acting == "f" and fight.state.get("h").energy == 5
    fight.do(Attack("f", "h", 2, 0))
    fight.do(Interrupt("h"))
    assert fight.state.acting == "h" and fight.state.pending is None
    fight.do(Move("h", (20.0, 0.0), 2))
    fight.do(EndPhase("h"))
    assert fight.state.pending is not None  # ranged attack still reaches
    fight.do(Defend("h", 2, 1))
    assert fight.state.get("f").energy == 2


def test_hold_kept_in_maintenance_for_one_token() -> None:
    """ "Un personnage qui termine le tour de jeu en attente peut, lors de la phase d'entretien suivante,
    conserver sa mise en attente au prix d'un point d'énergie" (002_58e889a1abff3456.txt)."""
    fight = started(hero(energy=6, recovery=0), foe(energy=4))
    fight.do(Hold("h"))
    fight.do(EndPhase())
    assert fight.state.phase is Phase.MAINTENANCE
    fight.do(KeepHold("h"))
    fight.do(EndPhase())
    h = fight.state.get("h")
    assert (h.hold, h.energy) == (True, 6 - 1 - 1)


def test_interrupted_contact_attack_is_lost() -> None:
    """ "les points d'énergie engagés par le personnage dont l'action a été interrompue ne peuvent pas être
    repris, même si l'action ne peut plus se réaliser" (002_58e889a1abff3456.txt)."""
    fight = started(hero(energy=6), foe(energy=4, powers=(OFF_C, DEF), at=(3.0, 0.0)))
    fight.do(Hold("h"))
    fight.do(Attack("f", "h", 3, 0))
    fight.do(Interrupt("h"))
    fight.do(Move("h", (20.0, 0.0), 2))
    fight.do(EndPhase("h"))
    assert fight.state.pending is None and fight.state.get("f").energy == 1


def test_counter_power_from_hold() -> None:
    """ "les points d'énergie investis dans le pouvoir de Contrôle de la glace (Sup) seraient directement
    retranchés des points investis par l'attaquant. Ces points ne seraient pas gardés en défense"."""
    fight = started(hero(energy=6), hero("b", energy=3), foe(energy=5))
    fight.do(Hold("h"))
    fight.do(Attack("f", "b", 5, 0))
    fight.do(Counter("h", 3, 3))
    fight.do(Defend("b"))
    resolved = of_type(fight.events(), AttackResolved)[0]
    assert (resolved.countered, resolved.margin) == (3, 2)
    assert fight.state.get("h").defense == 0


def test_feat_gives_a_power_an_extra_category() -> None:
    """ "Action d'éclat : ... utiliser un de ses pouvoirs comme s'il faisait partie d'une catégorie
    supplémentaire durant un tour" (002_58e889a1abff3456.txt)."""
    fight = started(hero(powers=(OFF_D, DEF)), foe(at=(50.0, 50.0)))
    fight.do(Move("h", (10.0, 0.0)))
    refused(fight, Move("h", (20.0, 0.0)), "movement")
    fight.do(SpendStress("h", "feat", 0, "mov"))
    fight.do(Move("h", (20.0, 0.0), 0))
    assert fight.state.get("h").stress == 1


def test_knock_out_at_zero_vigor_and_end_of_fight() -> None:
    """ "Si l'adversaire perd tous ses points de vigueur, il est mis hors de combat"; "récupérer tous ses
    points de vigueur (sauf s'il a été blessé)"; blessé: "la moitié de sa vigueur (arrondie au supérieur)"."""
    fight = started(hero(energy=9), foe("f", vigor=5), foe("g", vigor=5, at=(0.0, 3.0)))
    fight.do(Attack("h", "f", 7, 0))
    fight.do(Defend("f"))
    assert fight.state.get("f").out
    refused(fight, EndFight(wounded=("g",)), "end_of_fight")
    fight.do(EndFight(wounded=("f",)))
    assert fight.state.phase is Phase.ENDED
    assert fight.state.get("f").vigor == 3


def test_wounded_character_starts_with_half_vigor() -> None:
    """ "Un personnage blessé ne peut récupérer que la moitié de sa vigueur (arrondie au supérieur)"."""
    assert hero(vigor=5, states=frozenset({"wounded"})).vigor == 3


def test_slowed_recovers_half() -> None:
    """HORLOGE: "au tour suivant, il ne récupère que la moitié de son attribut de récupération"."""
    slow = PowerProfile("Ralenti", "off_d", effect="slow")
    fight = started(hero(powers=(slow,)), foe(energy=5))
    fight.do(Attack("h", "f", 3, 0))
    fight.do(Defend("f"))
    fight.do(EndPhase())
    fight.do(Attack("f", "h", 5, 0))
    fight.do(Defend("h"))
    fight.do(EndPhase())
    gains = dict(of_type(fight.events(), TurnStarted)[0].gains)
    assert gains["f"] == 5 // 2


def test_condition_maintained_in_the_maintenance_phase_and_the_target_defends_again() -> None:
    """ "La condition peut être maintenue via une dépense suffisante de points d'énergie durant la phase
    d'entretien, et le défenseur peut de nouveau investir ses points en défense"
    (002_58e889a1abff3456.txt)."""
    from meneur.systems.energy.combat.commands import Maintain

    hold_power = PowerProfile("Prise", "off_d", effect="condition", condition="immobilized")
    fight = started(hero(powers=(hold_power, DEF)), foe(energy=4))
    fight.do(Attack("h", "f", 3, 0))
    fight.do(Defend("f"))
    fight.do(EndPhase())
    fight.do(EndPhase())
    assert fight.state.phase is Phase.MAINTENANCE and fight.state.get("f").conditions == frozenset()
    fight.do(Maintain("h", 0, 2))
    fight.do(Defend("f", 1, 1))
    assert "immobilized" in fight.state.get("f").conditions
    fight.do(EndPhase())
    assert fight.state.phase is Phase.ACTION


def test_unmaintained_portal_closes() -> None:
    """Portals "persistent tant qu'ils sont entretenus" (002_58e889a1abff3456.txt)."""
    portal = PowerProfile("Portail", "sup", effect="portal")
    fight = started(hero(powers=(portal, DEF)), foe())
    fight.do(UseSupport("h", 0, 1, at=(0.0, 0.0), exit=(50.0, 0.0)))
    fight.do(EndPhase())
    fight.do(EndPhase())
    assert fight.state.terrain
    fight.do(EndPhase())
    assert fight.state.terrain == ()


def test_carrying_a_willing_ally_costs_one_more() -> None:
    """ "chaque personne déplacée en plus coûte 1 jeton d'énergie supplémentaire"
    (002_58e889a1abff3456.txt)."""
    fight = started(hero(), hero("b", energy=3, at=(2.0, 0.0)), foe(at=(40.0, 40.0)))
    fight.do(Move("h", (10.0, 0.0), 2, carry=("b",)))
    assert fight.state.get("h").energy == 6 - 2
    assert fight.state.get("b").position == (10.0, 0.0)
    refused(fight, Move("h", (20.0, 0.0), 2, carry=("f",)), "willing_targets")


def test_a_controlled_character_spends_only_on_defence_in_its_own_phase() -> None:
    """ "Contrôlé: ne peut plus utiliser ses points d'énergie autrement qu'en défense"
    (002_58e889a1abff3456.txt)."""
    grip = PowerProfile("Emprise", "off_d", effect="control")
    fight = started(hero(powers=(grip, DEF)), foe(energy=4))
    fight.do(Attack("h", "f", 3, 0))
    fight.do(Defend("f"))
    fight.do(Attack("f", "h", 2, 0))  # played by its controller, with the controller's tokens
    assert fight.state.get("h").energy == 6 - 3 - 2 and fight.state.get("f").energy == 4
    fight.do(Defend("h"))
    fight.do(EndPhase())
    refused(fight, Attack("f", "h", 1, 0), "conditions")


@pytest.mark.parametrize(
    ("maker", "attack_rule", "effective"),
    [
        (PowerProfile("Multiplication", "def", effect="duplicates"), "duplicates", None),
        (PowerProfile("Clones", "sup", effect="duplicates"), None, 2),
        (PowerProfile("Copie agressive", "off_c", effect="duplicates"), None, 4),
    ],
)
def test_copies_depend_on_the_power_that_made_them(
    maker: PowerProfile, attack_rule: str | None, effective: int | None
) -> None:
    """ "si elles utilisent des pouvoirs Off, Def ou Mov, elles se retrouvent en demi-succès" (Sup);
    "ne peuvent utiliser que les pouvoirs offensifs" (Off); "n'ont pour vocation que de protéger" (Def)
    (002_58e889a1abff3456.txt)."""
    fight = started(hero(energy=9, powers=(maker, OFF_C, DEF)), foe(energy=3, at=(2.0, 0.0)))
    fight.do(UseSupport("h", 0, 5, at=(1.0, 0.0)))
    fight.do(EndPhase())
    assert fight.state.acting == "h#1"  # a copy acts right after its original
    if attack_rule is not None:
        refused(fight, Attack("h#1", "f", 4, 1), attack_rule)
    else:
        fight.do(Attack("h#1", "f", 4, 1))
        assert of_type(fight.events(), AttackDeclared)[-1].pending.effective == effective


def test_a_support_power_used_to_move_is_half() -> None:
    """ "tout pouvoir de support utilisé en offensif, en défensif ou en mouvement fait l'objet d'une dépense
    de points d'énergie en demi-succès" (002_58e889a1abff3456.txt)."""
    fight = started(hero(powers=(OFF_C, SUP)), foe(at=(50.0, 50.0)))
    fight.do(Move("h", (20.0, 0.0), 1))
    fight.do(Move("h", (40.0, 0.0), 1))
    assert fight.state.get("h").energy == 6 - 2 - 2


def test_the_gm_marks_knocked_out_characters_at_the_end() -> None:
    """ "Le MJ peut attribuer cet état après qu'un personnage ait été mis hors combat" (épuisé); blessé "à
    la fin du combat (à la discrétion du MJ)" (002_58e889a1abff3456.txt)."""
    fight = started(hero(energy=9), foe("f", vigor=3), foe("g", vigor=3, at=(0.0, 3.0)))
    fight.do(Attack("h", "f", 5, 0))
    fight.do(Defend("f"))
    fight.do(Attack("h", "g", 4, 0))
    fight.do(Defend("g"))
    fight.do(EndFight(wounded=("f",), exhausted=("g",)))
    assert fight.state.get("f").states == {"wounded"} and fight.state.get("g").states == {"exhausted"}
    assert (fight.state.get("f").vigor, fight.state.get("g").vigor) == (2, 3)


@pytest.mark.parametrize(("defense", "lost"), [(3, True), (2, False)])
def test_an_absorbing_defence_takes_the_attackers_power_when_it_stops_the_attack(
    defense: int, lost: bool
) -> None:
    """ "Si la défense est suffisant pour annuler l'attaque, alors l'attaquant perd le pouvoir utilisé
    jusqu'à la fin du tour" (002_58e889a1abff3456.txt)."""
    shield = PowerProfile("Bouclier solaire", "def", effect="steal")
    fight = started(foe("f", energy=7, at=(20.0, 0.0)), hero(powers=(OFF_C, shield)))
    fight.do(Attack("f", "h", 3, 0))
    fight.do(Defend("h", defense, 1))
    assert (0 in fight.state.get("f").lost_powers) is lost


def test_when_everyone_waits_on_hold_the_gm_ends_the_turn() -> None:
    """A kept hold skips its own slot (docs/rulings/energy-combat.md); "conserver sa mise en attente au
    prix d'un point d'énergie" (002_58e889a1abff3456.txt)."""
    from meneur.systems.energy.combat.legal import legal_actions

    fight = started(hero(energy=6), foe(energy=4))
    fight.do(Hold("h"))
    fight.do(Hold("f"))
    fight.do(KeepHold("h"))
    fight.do(KeepHold("f"))
    fight.do(EndPhase())
    assert fight.state.phase is Phase.ACTION and fight.state.acting is None
    gm = {"arrive", "leave", "adjust", "place_terrain"}  # the GM's commands, always listed
    assert {a.kind for a in legal_actions(fight.state)} - gm == {"pass", "interrupt", "end"}
    fight.do(EndPhase())
    assert fight.state.turn == 3


def test_give_energy_and_heal_commands_need_a_power_of_that_kind() -> None:
    """ "Un pouvoir permettant de donner de l'énergie ... le fera toujours en demi-succès"; "Les pouvoirs qui
    rendent des points de vigueur ... sont toujours joués en demi-succès" (002_58e889a1abff3456.txt)."""
    from meneur.systems.energy.combat.commands import GiveEnergy, Heal

    boost = PowerProfile("Boost", "sup", effect="give_energy")
    care = PowerProfile("Soin", "sup", effect="heal")
    tired = hero("b", energy=4, vigor=5, at=(2.0, 0.0))._replace(energy=1, vigor=2)
    fight = started(hero(powers=(boost, care)), tired, foe())
    refused(fight, Heal("h", 0, 2, "b"), "support")
    fight.do(GiveEnergy("h", 0, 2, "b"))
    fight.do(Heal("h", 1, 2, "b"))
    assert fight.state.get("h").energy == 6 - 2 - 2


def test_table_option_reserves_area_attacks_to_area_powers() -> None:
    """ "S'il effectue une attaque de zone, le personnage doit spécifier le diamètre de la zone"
    (002_58e889a1abff3456.txt); table option ``area_needs_area_power``."""
    from meneur.systems.energy.combat.options import TableOptions
    from meneur.systems.energy.combat.state import FightState

    burst = PowerProfile("Explosion", "off_d", area=True)
    state = FightState(
        (hero(powers=(OFF_D, burst)), foe("a", at=(30.0, 0.0)), foe("b", at=(32.0, 0.0))),
        options=TableOptions(area_needs_area_power=True),
    )
    fight = Fight(state)
    from meneur.systems.energy.combat.commands import StartFight

    fight.do(StartFight())
    refused(fight, Attack("h", "a", 4, 0, area_targets=("b",), diameter=5.0), "area")
    fight.do(Attack("h", "a", 4, 1, area_targets=("b",), diameter=5.0))
