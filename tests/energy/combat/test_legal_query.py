"""The legality query: exact against ``decide``, complete, and with the right costs.

Rule text: 002_58e889a1abff3456.txt (tactical combat chapter).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.errors import Refused
from meneur.systems.energy.combat.commands import (
    Attack,
    Command,
    Defend,
    EndPhase,
    ExtendedDefense,
    Hold,
    KeepHold,
    Maintain,
    SpendStress,
    UseSupport,
)
from meneur.systems.energy.combat.decide import decide
from meneur.systems.energy.combat.fight import Fight
from meneur.systems.energy.combat.legal import LegalAction, legal_actions, with_tokens
from meneur.systems.energy.combat.profile import PowerProfile
from meneur.systems.energy.combat.state import FightState, Phase

from .builders import DEF, MOV, OFF_C, OFF_D, SUP, foe, hero, started
from .helpers import FIGHTS
from .test_invariants import HEROES
from .walks import along_book_fight, along_random_fight

GIVE = PowerProfile("Don", "sup", effect="give_energy")
HEAL = PowerProfile("Soin", "sup", effect="heal")


def assert_exact(state: FightState) -> None:
    """The query that leaves out what the rules' predicates refuse equals the legal part of the whole one
    (every candidate through ``decide``), every legal template is accepted by ``decide`` at both ends of
    its cost range, and every refused one is refused by ``decide`` with the rule the query gave."""
    plain = legal_actions(state, include_refused=True)
    assert legal_actions(state) == [a for a in plain if a.legal]
    for action in plain:
        if not action.legal:
            with pytest.raises(Refused) as caught:
                decide(state, action.command)
            assert caught.value.rule == action.rule
    for action in plain:
        if not action.legal or action.kind == "end":
            continue
        tokens = getattr(action.command, "tokens", 0)
        for more in (0, action.cost_max - action.cost_min):
            decide(state, with_tokens(action.command, tokens + more))


@pytest.mark.parametrize("path", sorted(FIGHTS.glob("*.yaml")), ids=lambda p: Path(p).stem)
def test_query_is_exact_at_every_step_of_the_book_fights(path: Path) -> None:
    """Every fight file of the book's examples (002_58e889a1abff3456.txt), at every step."""
    for state in along_book_fight(path):
        assert_exact(state)


@given(
    st.data(),
    st.lists(st.sampled_from(HEROES), min_size=1, max_size=3),
    st.lists(st.integers(1, 6), min_size=1, max_size=3),
)
def test_query_is_exact_along_random_legal_fights(
    data: st.DataObject, names: list[str], ranks: list[int]
) -> None:
    """Random legal fights of library heroes against quick NPCs: exact at every step."""
    for state in along_random_fight(data, names, ranks):
        assert_exact(state)


def _find(actions: list[LegalAction], command: Command) -> LegalAction:
    return next(a for a in actions if a.command == command)


def test_hold_costs_one_token() -> None:
    """ "dépenser 1 point d'énergie pour se placer en attente" (002_58e889a1abff3456.txt)."""
    fight = started(hero(), foe())
    hold = _find(legal_actions(fight.state), Hold("h"))
    assert (hold.cost_min, hold.cost_max, hold.stress_cost) == (1, 1, 0)


def _at_maintenance(fight: Fight) -> None:
    while fight.state.phase is not Phase.MAINTENANCE:
        fight.do(EndPhase())


def test_keep_hold_costs_one_token() -> None:
    """ "conserver sa mise en attente au prix d'un point d'énergie" (002_58e889a1abff3456.txt)."""
    fight = started(hero(), foe())
    fight.do(Hold("h"))
    _at_maintenance(fight)
    keep = _find(legal_actions(fight.state), KeepHold("h"))
    assert (keep.cost_min, keep.cost_max) == (1, 1)


def test_a_condition_is_maintained_with_any_new_attack() -> None:
    """ "La condition peut être maintenue via une dépense suffisante de points d'énergie durant la phase
    d'entretien, et le défenseur peut de nouveau investir ses points en défense" (002_58e889a1abff3456.txt):
    a new attack of 1 token or more, however many were first engaged."""
    grip = PowerProfile("Prise", "off_d", effect="condition", condition="immobilized")
    fight = started(hero(powers=(grip, DEF)), foe(energy=4))
    fight.do(Attack("h", "f", 3, 0))
    fight.do(Defend("f"))
    _at_maintenance(fight)
    maintain = next(a for a in legal_actions(fight.state) if a.kind == "maintain")
    assert maintain.command == Maintain("h", fight.state.maintainable[0].id, 1)
    assert maintain.command.lasting == "h/condition/f/0"
    assert (maintain.cost_min, maintain.cost_max) == (1, fight.state.get("h").energy)


def test_stress_uses_cost_a_stress_box_not_tokens() -> None:
    """ "Un personnage peut cocher une case de stress pour ..." (002_58e889a1abff3456.txt)."""
    fight = started(hero(), foe())
    stress = [a for a in legal_actions(fight.state) if a.kind == "stress"]
    assert stress and all((a.cost_min, a.cost_max, a.stress_cost) == (0, 0, 1) for a in stress)


def test_an_action_d_eclat_is_offered_for_each_new_category() -> None:
    """ "utiliser un de ses pouvoirs comme s'il faisait partie d'une catégorie supplémentaire durant un tour"
    (002_58e889a1abff3456.txt)."""
    fight = started(hero(powers=(OFF_D,)), foe())
    feats = {
        (a.command.power, a.command.category)
        for a in legal_actions(fight.state)
        if isinstance(a.command, SpendStress) and a.command.actor == "h" and a.command.use == "feat"
    }
    assert feats == {(0, "off_c"), (0, "def"), (0, "mov"), (0, "sup")}


def test_a_knocked_out_character_is_offered_a_second_wind() -> None:
    """ "sauf si le personnage utilise sa détermination pour obtenir un second souffle"
    (002_58e889a1abff3456.txt)."""
    fight = started(hero(), foe(vigor=1))
    fight.do(Attack("h", "f", 3, 0))
    fight.do(Defend("f", 0))
    assert fight.state.get("f").out
    wind = _find(legal_actions(fight.state), SpendStress("f", "second_wind"))
    assert wind.stress_cost == 1
    fight.do(wind.command)
    assert SpendStress("f", "second_wind") not in [a.command for a in legal_actions(fight.state)]


def test_stress_uses_are_offered_in_the_maintenance_phase() -> None:
    """The maintenance phase ("phase d'entretien") belongs to the turn a détermination lasts
    ("durant un tour", 002_58e889a1abff3456.txt)."""
    fight = started(hero(), foe())
    _at_maintenance(fight)
    actions = legal_actions(fight.state)
    assert {SpendStress("h", "determination"), SpendStress("f", "determination")} <= {
        a.command for a in actions
    }


def test_area_attacks_are_offered() -> None:
    """ "le personnage doit spécifier le diamètre de la zone (maximum 20 mètres de diamètre) et son attaque
    est effectuée en demi-succès" (002_58e889a1abff3456.txt)."""
    fight = started(
        hero(powers=(OFF_D,)), foe("f", at=(10.0, 0.0)), foe("g", at=(16.0, 0.0)), foe("k", at=(40.0, 0.0))
    )
    areas = [
        a for a in legal_actions(fight.state) if isinstance(a.command, Attack) and a.command.area_targets
    ]
    assert [(a.command.target, a.command.area_targets, a.halving) for a in areas] == [  # type: ignore[union-attr]
        ("f", ("g",), 1)
    ]


def test_an_extended_defence_is_offered_in_one_s_action_phase() -> None:
    """ "Certains pouvoirs défensifs peuvent être étendus aux alliés proches (dans les 5 mètres) ... 1 point
    d'énergie par allié supplémentaire" (002_58e889a1abff3456.txt)."""
    fight = started(
        hero("h", powers=(DEF,)), hero("k", at=(3.0, 0.0)), hero("far", at=(30.0, 0.0)), foe(at=(50.0, 0.0))
    )
    extended = _find(legal_actions(fight.state), ExtendedDefense("h", 1, ("k",), 0))
    assert (extended.cost_min, extended.cost_max) == (2, 6)


@pytest.mark.parametrize(("power", "full"), [(GIVE, "energy"), (HEAL, "vigor")])
def test_giving_to_a_full_target_is_not_offered(power: PowerProfile, full: str) -> None:
    """ "octroyant un point d'énergie", "rendent des points de vigueur": nothing to give to a full ally
    (002_58e889a1abff3456.txt)."""
    fight = started(hero("h", powers=(power, MOV, SUP)), hero("k", at=(2.0, 0.0)), foe(at=(40.0, 0.0)))
    supports = [
        a
        for a in legal_actions(fight.state, include_refused=True)
        if a.kind == "support" and isinstance(a.command, UseSupport) and a.command.power == 0
    ]
    assert supports and not any(a.legal for a in supports), full


def test_a_tired_ally_is_offered_energy() -> None:
    """ "octroyant un point d'énergie à un personnage ciblé pour deux points engagés"
    (002_58e889a1abff3456.txt)."""
    fight = started(
        hero("h", powers=(GIVE,)),
        hero("k", at=(2.0, 0.0), powers=(OFF_C, DEF), recovery=1),
        foe(at=(3.0, 0.0)),
    )
    fight.do(EndPhase("h"))
    fight.do(Attack("k", "f", 5, 0))
    fight.do(Defend("f", 0))
    fight.do(EndPhase())
    _at_maintenance(fight)
    fight.do(EndPhase())
    give = [a for a in legal_actions(fight.state) if a.kind == "support"]
    assert [a.command.targets for a in give] == [("k",)]  # type: ignore[union-attr]
    assert give[0].halving == 1


@pytest.mark.parametrize(
    ("change", "rule"),
    [
        ({"made_by": "def"}, "duplicates"),
        ({"immune": True}, "immunity"),
        ({"conditions": frozenset({"entangled"})}, "conditions"),
        ({"energy": 0}, "energy_pool"),
    ],
)
def test_a_hopeless_attacker_is_offered_no_attack(change: dict[str, object], rule: str) -> None:
    """A copy made by a defensive power "ne peut que protéger", an immune character "ne peut plus agir sur
    le champ de bataille", empêtré, or no token left (002_58e889a1abff3456.txt): the query skips the
    attacks through the same predicate ``decide`` refuses with, and the refused ones name that rule."""
    fight = started(hero(), foe())
    state = fight.state.with_combatant(fight.state.get("h")._replace(**change))
    assert not any(a.kind in ("attack", "charge") for a in legal_actions(state))
    refused = [a for a in legal_actions(state, include_refused=True) if a.kind == "attack"]
    assert refused and {a.rule for a in refused} == {rule}
    assert_exact(state)


def test_a_controlled_character_defends_an_ally_with_its_own_tokens() -> None:
    """The controller lends its tokens only to what it makes the character do ("elle peut utiliser le
    reste de ses points d'énergie pour jouer le cyborg", 002_58e889a1abff3456.txt): a controlled
    character extending its defence to an ally under attack pays from its own pool, and the query's
    top cost says so (it offered the controller's 6 and ``decide`` refused 3)."""
    fight = started(
        hero("h", energy=6, powers=(OFF_D, DEF)), foe("f", energy=2), foe("g", energy=2, at=(4.0, 0.0))
    )
    fight.do(Attack("h", "f", 1, 0))
    state = fight.state.with_combatant(fight.state.get("g")._replace(controlled_by="h"))
    (action,) = [a for a in legal_actions(state) if a.actor == "g" and a.kind == "extended_defense"]
    assert (action.cost_min, action.cost_max) == (2, 2)
    with pytest.raises(Refused) as refused:
        decide(state, with_tokens(action.command, 2))
    assert refused.value.rule == "energy_pool"
