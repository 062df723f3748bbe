"""A fight handed back to the campaign, through the engine's Session: the GM's blessé for a
knocked-out character ("Un personnage qui a été mis hors combat durant une scène peut subir le statut
blessé à la fin du combat (à la discrétion du MJ)", 002_58e889a1abff3456.txt), the stress boxes the
fight checked, one step that undo takes back whole, and once per fight."""

from __future__ import annotations

import json

import pytest

from meneur.engine import Session
from meneur.errors import Refused
from meneur.systems.energy import library_hero
from meneur.systems.energy.campaign import commands as cmd
from meneur.systems.energy.campaign import events as ev
from meneur.systems.energy.campaign.engine import SYSTEM, describe, setup_json
from meneur.systems.energy.campaign.options import TableOptions
from meneur.systems.energy.campaign.stress import StressUse, at_level
from meneur.systems.energy.model import State

KEY = "energy-campaign"
SETUP = setup_json([library_hero("WINK"), library_hero("KITSUNE")], TableOptions())
HAND_BACK = cmd.HandBackFight(
    fight="f1",
    title="Le quai",
    knocked_out=("WINK", "KITSUNE"),
    wounded=("wink",),
    stress=(
        cmd.FightBox(character="KITSUNE", use=StressUse.FEAT),
        cmd.FightBox(character="KITSUNE", use=StressUse.DETERMINATION, detail="second_wind"),
    ),
)


def test_the_hand_back_wounds_the_chosen_checks_the_boxes_and_undo_takes_it_all_back() -> None:
    session = Session.new(KEY, SETUP)
    before = session.state
    session.do(HAND_BACK)
    wink, kitsune = session.state.characters["WINK"], session.state.characters["KITSUNE"]
    assert State.WOUNDED in wink.states and State.WOUNDED not in kitsune.states  # the GM's choice
    assert kitsune.stress == before.characters["KITSUNE"].stress + 2 and wink.stress == 0
    assert session.state.fights == frozenset({"f1"})
    replayed = Session.replay(KEY, SETUP, [(e.command, e.events) for e in session.entries()])
    assert replayed.state == session.state
    wire = json.loads(json.dumps(session.log_json()))
    assert SYSTEM.codec.command_from_json(wire[0]["command"]) == HAND_BACK
    assert session.undo() is not None
    assert session.state == before


def test_a_fight_is_handed_back_once() -> None:
    session = Session.new(KEY, SETUP)
    session.do(HAND_BACK)
    after = session.state
    with pytest.raises(Refused) as refused:
        session.do(HAND_BACK.model_copy(update={"wounded": ()}))
    assert refused.value.rule == "hand_back" and session.state == after


def test_only_a_knocked_out_character_may_be_wounded_and_a_refusal_keeps_nothing() -> None:
    session = Session.new(KEY, SETUP)
    before = session.state
    with pytest.raises(Refused) as refused:
        session.do(HAND_BACK.model_copy(update={"knocked_out": ("KITSUNE",)}))
    assert refused.value.rule == "wounded" and session.state == before


def test_experience_with_the_hand_back_follows_the_end_of_session_rule() -> None:
    """ "A la fin de chaque séance": an award inside a hand-back during a session is refused whole."""
    session = Session.new(KEY, SETUP)
    session.do(cmd.StartSession())
    before = session.state
    award = cmd.AwardExperience(character="WINK", heroic=(cmd.HeroicCriterion.SURVIVED,))
    with pytest.raises(Refused) as refused:
        session.do(HAND_BACK.model_copy(update={"experience": (award,)}))
    assert refused.value.rule == "phase" and session.state == before
    session.do(cmd.EndSession())
    session.do(HAND_BACK.model_copy(update={"experience": (award,)}))
    assert session.state.characters["WINK"].experience.heroic_xp == 1


def test_a_full_gauge_takes_the_fights_boxes_on_to_demoralise_then_broken_and_says_what_was_not_counted() -> (
    None
):
    """KITSUNE at 10 boxes (troublé) checked three boxes in the fight: "S'il doit subir davantage de
    stress (ce qui l'amènerait à 11 cases), il coche l'état démoralisé, puis brisé" (002_58e889a1abff3456.txt);
    a brisé character takes no more stress, so the third box is handed back as not counted, and the rest
    (WINK's blessé) is recorded."""
    full = at_level(library_hero("KITSUNE"), 10)
    session = Session.new(KEY, setup_json([library_hero("WINK"), full], TableOptions()))
    before = session.state
    boxes = tuple(cmd.FightBox(character="KITSUNE", use=StressUse.DETERMINATION) for _ in range(3))
    events = session.do(HAND_BACK.model_copy(update={"stress": boxes}))
    kitsune = session.state.characters["KITSUNE"]
    assert kitsune.stress == 10 and {State.TROUBLED, State.DEMORALIZED, State.BROKEN} <= kitsune.states
    assert State.WOUNDED in session.state.characters["WINK"].states
    lines = [describe(session.state, event).render("en") for event in events]
    assert lines[0] == (
        "The fight “Le quai” is handed back to the campaign. Not counted, a broken character taking no more "
        "stress: KITSUNE: 1 stress box."
    )
    assert lines[-2:] == [
        "KITSUNE's gauge was full: the box checked in the fight (determination) gives the state demoralized.",
        "KITSUNE's gauge was full: the box checked in the fight (determination) gives the state broken.",
    ]
    replayed = Session.replay(KEY, session.setup, [(e.command, e.events) for e in session.entries()])
    assert replayed.state == session.state
    session.undo()
    assert session.state == before


def test_a_box_with_room_on_the_gauge_is_an_ordinary_box() -> None:
    """Below the tenth box a fight's box is a box like any other (no state beyond the gauge)."""
    session = Session.new(KEY, SETUP)
    events = session.do(HAND_BACK)
    spent = [event for event in events if isinstance(event, ev.StressSpent)]
    assert [event.overflow for event in spent] == [None, None]
    assert not any(isinstance(event, ev.FightHandedBack) and event.not_applied for event in events)
