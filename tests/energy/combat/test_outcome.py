"""When a fight is decided, who won and what it cost; the one step a phase with no choice leaves; where a
newcomer lands.

Source: 002_58e889a1abff3456.txt (tactical combat chapter); readings in docs/rulings/energy-combat.md
("A fight is decided when a side is all out; the GM ends it", "A phase where no one has a choice ends by
itself", "A newcomer lands beside whoever stands where it arrives").
"""

from __future__ import annotations

from meneur.i18n import set_language
from meneur.systems.energy.combat.commands import (
    Adjust,
    Arrive,
    Attack,
    Defend,
    EndFight,
    EndPhase,
    Hold,
    SpendStress,
)
from meneur.systems.energy.combat.fight_words import footer
from meneur.systems.energy.combat.forced import forced_step
from meneur.systems.energy.combat.outcome import is_decided, summarize, winner
from meneur.systems.energy.combat.state import Phase

from .builders import OFF_C, foe, hero, started


def _knock_out_the_foe() -> object:
    fight = started(hero(energy=9, powers=(OFF_C,)), foe(energy=3, vigor=4, at=(3.0, 0.0)))
    fight.do(Attack("h", "f", 7, 0))
    fight.do(Defend("f"))
    return fight


def test_a_fight_is_decided_once_a_side_is_all_out() -> None:
    """ "Un personnage se retrouvant à zéro point de vigueur durant un confrontation est mis hors
    combat" (002_58e889a1abff3456.txt): with its only foe out, the heroes stand alone; the fight goes on
    until the GM ends it, and where it stands says so."""
    fight = _knock_out_the_foe()
    state = fight.state  # type: ignore[attr-defined]
    assert state.get("f").out and state.phase is Phase.ACTION
    assert is_decided(state) and winner(state) == "heroes"
    set_language("fr")
    assert footer(state) == (
        "Tour 1\u00a0: tous les adversaires sont hors combat\u00a0; le MJ peut terminer le combat"
    )


def test_a_fight_both_sides_stand_in_is_not_decided() -> None:
    """Two sides standing: no winner yet."""
    fight = started(hero(), foe())
    assert not is_decided(fight.state) and winner(fight.state) is None


def test_the_end_records_the_winner_and_the_summary_counts_what_the_fight_cost() -> None:
    """ "récupérer tous ses points de vigueur (sauf s'il a été blessé)"; "Un personnage qui a été mis hors
    combat durant une scène peut subir le statut blessé à la fin du combat" (002_58e889a1abff3456.txt):
    after the end everyone stands again, and the summary still tells the Vigueur lost, who was knocked
    out, the stress boxes checked (an action d'éclat among them) and the states marked."""
    fight = started(hero(energy=9, powers=(OFF_C,)), foe(energy=3, vigor=4, at=(3.0, 0.0)))
    fight.do(SpendStress("h", "determination"))
    fight.do(SpendStress("h", "feat", 0, "off_d"))
    fight.do(Attack("h", "f", 7, 0))
    fight.do(Defend("f"))
    events = fight.do(EndFight(wounded=("f",)))
    assert events[-1].winner == "heroes"  # type: ignore[union-attr]
    everything = [event for entry in fight.entries() for event in entry.events]
    summary = summarize(fight.state, everything)
    assert summary.winner == "heroes" and summary.turns == 1
    by_id = {f.id: f for f in summary.fighters}
    assert (by_id["f"].vigor_lost, by_id["f"].knocked_out, by_id["f"].marks) == (4, True, ("wounded",))
    assert (by_id["h"].vigor_lost, by_id["h"].knocked_out, by_id["h"].stress, by_id["h"].feats) == (
        0,
        False,
        2,
        1,
    )
    assert not fight.state.get("f").out  # the end stands everyone up again


def test_an_end_before_any_side_is_out_has_no_winner() -> None:
    """The GM may end a fight at any moment ("Lorsque le combat est terminé"): no side won."""
    fight = started(hero(), foe())
    fight.do(EndFight())
    assert summarize(fight.state, [e for x in fight.entries() for e in x.events]).winner is None
    set_language("fr")
    assert footer(fight.state) == "Le combat est fini"


def test_an_empty_maintenance_phase_leaves_one_step_and_a_hold_to_keep_is_a_choice() -> None:
    """ "la phase de récupération, la phase d'entretien et les phases d'action"; "conserver sa mise en
    attente au prix d'un point d'énergie" (002_58e889a1abff3456.txt)."""
    fight = started(hero(), foe())
    fight.do(EndPhase())
    fight.do(EndPhase())
    assert fight.state.phase is Phase.MAINTENANCE
    assert forced_step(fight.state) == EndPhase()
    held = started(hero(), foe())
    held.do(Hold("h"))
    held.do(EndPhase())
    assert held.state.phase is Phase.MAINTENANCE
    assert forced_step(held.state) is None  # KITSUNE may keep her hold: the GM waits
    assert forced_step(started(hero(), foe()).state) is None  # an action phase: someone acts


def test_a_newcomer_lands_beside_whoever_stands_where_it_arrives() -> None:
    """ "un nouvel ennemi arrive" (002_58e889a1abff3456.txt): arriving on the hero's spot, the new
    foe stands 2 m away; a free spot is kept."""
    fight = started(hero(at=(0.0, 0.0)), foe(at=(3.0, 0.0)))
    fight.do(Arrive("boss", "foes", npc=3))
    assert fight.state.get("boss").position == (2.0, 0.0)
    fight.do(Arrive("boss2", "foes", npc=3))
    assert fight.state.get("boss2").position == (0.0, 2.0)  # (2, 0) is taken now, (3, 0) too close
    fight.do(Arrive("far", "foes", npc=3, position=(30.0, 0.0)))
    assert fight.state.get("far").position == (30.0, 0.0)


def test_the_vigor_lost_counts_what_the_gm_took_and_not_what_the_gm_gave_back() -> None:
    """The summary's « Vigueur perdue » counts every Vigueur the fight took: the GM sets the foe's
    Vigueur from 4 to 1 (a fall: 3 lost), gives 2 back (not subtracted, as healing is not), then the
    attack takes the 3 left: 6 in all."""
    fight = started(hero(energy=9, powers=(OFF_C,)), foe(energy=3, vigor=4, at=(3.0, 0.0)))
    fight.do(Adjust("f", "a fall", vigor=1))
    fight.do(Adjust("f", "a potion", vigor=3))
    fight.do(Attack("h", "f", 7, 0))
    fight.do(Defend("f"))
    fight.do(EndFight())
    everything = [event for entry in fight.entries() for event in entry.events]
    by_id = {f.id: f for f in summarize(fight.state, everything).fighters}
    assert by_id["f"].vigor_lost == 6 and by_id["h"].vigor_lost == 0
