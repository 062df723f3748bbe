"""What a reaction leads to, foreseen by the engine before it is played (:mod:`.foresee`).

Source: 002_58e889a1abff3456.txt, "Actions défensives": "le nombre de points de vigueur perdus par
l'adversaire est égal à la différence entre les points d'énergie investis en attaque et ceux investis
en défense"; "après chaque attaque subie, un des points d'énergie engagés en défense est supprimé".
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.errors import Refused
from meneur.systems.energy.combat.commands import Attack, Defend
from meneur.systems.energy.combat.events import VigorLost
from meneur.systems.energy.combat.fight import Fight
from meneur.systems.energy.combat.foresee import Foresight, foresee, foresee_each
from meneur.systems.energy.combat.legal import legal_actions

from .builders import DEF, MOV, OFF_C, OFF_D, SUP, foe, hero, started
from .helpers import of_type
from .test_invariants import HEROES, concrete, initial


def wink_under_fire() -> Fight:
    """ "Il tend un bras vers elle et émet un Rayon d'énergie concentré (Off-D) contre elle, engageant 4
    points d'énergie ... avec 4 de réserve en énergie" (002_58e889a1abff3456.txt)."""
    fight = started(
        hero("wink", energy=4, powers=(OFF_C, DEF, MOV, SUP), vigor=5),
        foe("robot", energy=6, powers=(OFF_D, DEF), at=(15.0, 0.0)),
    )
    assert fight.state.acting == "robot"
    fight.do(Attack("robot", "wink", 4, 0))
    return fight


def test_wink_defends_with_three_of_her_four_tokens() -> None:
    """WINK "décide de se défendre avec sa Téléportation défensive (Def) et de ne mettre que 3 points
    d'énergie ... perdant 1 point de vigueur au passage (4 de l'attaque - 3 de sa défense) ... WINK perd
    un point de sa défense (qui est maintenant de 2), mais au moins il lui reste un point d'énergie de
    réserve" (002_58e889a1abff3456.txt)."""
    fight = wink_under_fire()
    assert foresee(fight.state, 3, 1) == Foresight(tokens=3, vigor_lost=1, energy=1, defense=2)


@pytest.mark.parametrize(
    ("tokens", "power", "lost", "energy", "defense"),
    [(0, None, 4, 4, 0), (1, 1, 3, 3, 0), (4, 1, 0, 0, 3), (4, None, 2, 0, 3)],
)
def test_wink_foresees_each_defence(
    tokens: int, power: int | None, lost: int, energy: int, defense: int
) -> None:
    """Not defending costs the whole attack; without her Def power her tokens "comptent en demi-succès"
    (002_58e889a1abff3456.txt)."""
    assert foresee(wink_under_fire().state, tokens, power) == Foresight(tokens, lost, energy, defense)


def test_foresight_changes_nothing() -> None:
    fight = wink_under_fire()
    before = fight.state
    assert [f.vigor_lost for f in foresee_each(before, Defend("wink", 0, 1), 0, 4)] == [4, 3, 2, 1, 0]
    assert fight.state == before and fight.state.pending is not None


def test_no_foresight_without_a_pending_attack() -> None:
    with pytest.raises(Refused) as caught:
        foresee(started(hero(), foe()).state, 0)
    assert caught.value.rule == "defense_reaction"


@given(
    st.data(),
    st.lists(st.sampled_from(HEROES), min_size=1, max_size=3),
    st.lists(st.integers(1, 6), min_size=1, max_size=3),
)
def test_the_foresight_is_what_playing_the_defence_does(
    data: st.DataObject, names: list[str], ranks: list[int]
) -> None:
    """Along random legal fights, every defence the legal query offers is foreseen exactly: the Vigueur
    the played command takes (its VigorLost events), the pool and the defence it leaves."""
    fight = Fight(initial(names, ranks))
    for _ in range(data.draw(st.integers(1, 40))):
        actions = [a for a in legal_actions(fight.state) if a.kind != "end"]
        if not actions:
            break
        defences = [a for a in actions if a.kind == "defend"]
        if defences:
            action = data.draw(st.sampled_from(defences))
            defend = action.command
            assert isinstance(defend, Defend)
            tokens = data.draw(st.integers(action.cost_min, action.cost_max))
            seen = foresee(fight.state, tokens, defend.power, defend.gm_modifier)
            target = defend.actor
            events = fight.do(Defend(target, tokens, defend.power, defend.gm_modifier))
            lost = sum(e.amount for e in of_type(events, VigorLost) if e.target == target)
            after = fight.state.get(target)
            assert seen == Foresight(tokens, lost, after.energy, after.defense)
            continue
        action = data.draw(st.sampled_from(actions))
        fight.do(concrete(action.command, action.cost_max - action.cost_min, data.draw))
