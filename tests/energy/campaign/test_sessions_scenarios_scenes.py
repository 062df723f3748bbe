"""The campaign journal: sessions, scenarios, scenes; once-per rules; undo and replay.

Rules from 002_58e889a1abff3456.txt (stress, expérience, réputation chapters).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.engine import Session, store
from meneur.errors import BadInputError, MeneurError, Refused
from meneur.systems.energy import library_hero
from meneur.systems.energy.campaign import commands as c
from meneur.systems.energy.campaign.engine import decide, refusal, setup_json
from meneur.systems.energy.campaign.experience import AptitudeCriterion, Bonus, HeroicCriterion
from meneur.systems.energy.campaign.options import TableOptions
from meneur.systems.energy.campaign.reputation import ReputationScore
from meneur.systems.energy.campaign.state import Phase
from meneur.systems.energy.campaign.stress import Relief, StressUse
from meneur.systems.energy.model import LivingStandard, PowerCategory, State

KEY = "energy-campaign"
Campaign = Session[Any, Any, Any]
FLOW = ("start_session", "start_scenario", "start_scene", "end_scenario", "end_session")


def fresh() -> Campaign:
    return Session.new(KEY, setup_json([library_hero("WINK"), library_hero("KITSUNE")], TableOptions()))


def run(campaign: Campaign, *commands: c.Command) -> Campaign:
    """A new session: ``campaign``'s log, then ``commands`` (the one given is left as it was)."""
    done = Session.replay(KEY, campaign.setup, [(e.command, e.events) for e in campaign.entries()])
    for command in commands:
        done.do(command)
    return done


def can(campaign: Campaign, command: c.Command) -> MeneurError | None:
    try:
        decide(campaign.state, command)
    except MeneurError as error:
        return error
    return None


def legal_flow(campaign: Campaign) -> list[c.Command]:
    return [entry.command for entry in campaign.legal() if entry.kind in FLOW]


def in_scene() -> Campaign:
    return run(fresh(), c.StartSession(), c.StartScenario(), c.StartScene())


def rule_of(campaign: Campaign, command: c.Command) -> str:
    error = refusal(campaign.state, command)
    assert isinstance(error, Refused), error
    return error.rule


def test_phases_are_checked() -> None:
    """A session is started before it is ended; scenes happen in sessions (explicit phase machine)."""
    campaign = fresh()
    assert rule_of(campaign, c.EndSession()) == "phase"
    assert rule_of(campaign, c.StartScene()) == "phase"
    campaign = run(campaign, c.StartSession())
    assert campaign.state.phase is Phase.SESSION
    assert rule_of(campaign, c.StartSession()) == "phase"
    assert rule_of(campaign, c.EndScenario()) == "scenario"


def test_legal_flow_is_a_query() -> None:
    """What may be started or ended now, before anyone tries it."""
    assert [command.kind for command in legal_flow(fresh())] == ["start_session"]
    campaign = run(fresh(), c.StartSession())
    assert [command.kind for command in legal_flow(campaign)] == [
        "start_scenario",
        "start_scene",
        "end_session",
    ]
    campaign = run(campaign, c.StartScenario())
    assert "end_scenario" in [command.kind for command in legal_flow(campaign)]


def test_gm_stress_needs_a_scene_and_at_most_two_per_scene() -> None:
    """002_58e889a1abff3456.txt: "Le MJ peut distribuer une case de stress [...] durant une scène [...]
    deux cases de stress en une fois, mais jamais plus durant une scène"."""
    campaign = run(fresh(), c.StartSession())
    assert rule_of(campaign, c.AddStress(character="WINK")) == "scene"
    campaign = run(campaign, c.StartScene(), c.AddStress(character="wink"), c.AddStress(character="WINK"))
    assert campaign.state.characters["WINK"].stress == 2
    assert rule_of(campaign, c.AddStress(character="WINK")) == "gm_stress_per_scene"
    campaign = run(
        campaign,
        c.AddStress(character="KITSUNE", boxes=2),
        c.StartScene(),
        c.AddStress(character="WINK", boxes=2),
    )
    assert campaign.state.characters["WINK"].stress == 4


@pytest.mark.parametrize(("reason", "rule"), [(Relief.OUTLET, "outlet"), (Relief.TEAM_SCENE, "team_scene")])
def test_outlet_and_team_scene_once_per_session(reason: Relief, rule: str) -> None:
    """002_58e889a1abff3456.txt: "On ne peut faire appel aux exutoires qu'une fois par séance"; "On ne peut
    obtenir un soutien moral de l'équipe qu'une seule fois par séance"."""
    campaign = run(in_scene(), c.AddStress(character="WINK", boxes=2))
    command = c.RelieveStress(character="WINK", reason=reason)
    campaign = run(campaign, command)
    assert campaign.state.characters["WINK"].stress == 1
    assert rule_of(campaign, command) == rule
    campaign = run(campaign, c.EndSession(), c.StartSession(), command)
    assert campaign.state.characters["WINK"].stress == 0


def test_outlet_and_team_scene_both_in_one_session() -> None:
    """002_58e889a1abff3456.txt: outlets and the team's support are two different ways, each once."""
    campaign = run(
        in_scene(),
        c.AddStress(character="WINK", boxes=2),
        c.RelieveStress(character="WINK", reason=Relief.OUTLET),
        c.RelieveStress(character="WINK", reason=Relief.TEAM_SCENE),
    )
    assert campaign.state.characters["WINK"].stress == 0


def test_new_scenario_relieves_two() -> None:
    """002_58e889a1abff3456.txt: "Le stress baisse de deux points au début de chaque nouveau scénario"."""
    campaign = run(
        in_scene(),
        c.AddStress(character="WINK", boxes=2),
        c.StartScene(),
        c.AddStress(character="WINK", boxes=1),
        c.AddStress(character="KITSUNE"),
        c.EndScenario(),
        c.StartScenario(),
    )
    assert campaign.state.characters["WINK"].stress == 1
    assert campaign.state.characters["KITSUNE"].stress == 0
    reliefs = [e for e in campaign.entries()[-1].events if e.kind == "stress_relieved"]
    assert [(e.character, e.boxes) for e in reliefs] == [("WINK", 2), ("KITSUNE", 1)]  # type: ignore[union-attr]


def test_a_new_scenario_needs_the_last_one_ended() -> None:
    """002_58e889a1abff3456.txt: "Le stress baisse de deux points au début de chaque nouveau scénario":
    restarting the scenario under way would erase two more boxes each time, so it is refused."""
    campaign = run(in_scene(), c.AddStress(character="WINK", boxes=2))
    assert rule_of(campaign, c.StartScenario()) == "scenario"
    assert c.StartScenario() not in legal_flow(campaign)
    campaign = run(campaign, c.EndScenario(), c.StartScenario())
    assert campaign.state.characters["WINK"].stress == 0 and campaign.state.scenario == 2


@pytest.mark.parametrize("reason", [Relief.OUTLET, Relief.TEAM_SCENE])
def test_relief_needs_a_box_to_erase(reason: Relief) -> None:
    """002_58e889a1abff3456.txt: the outlet lets the PC "effacer une de ses cases de stress", once per
    session: with no box checked there is nothing to erase, and the once-per-session use is kept."""
    campaign = in_scene()
    assert rule_of(campaign, c.RelieveStress(character="KITSUNE", reason=reason)) == "no_stress"
    campaign = run(
        campaign, c.AddStress(character="KITSUNE"), c.RelieveStress(character="KITSUNE", reason=reason)
    )
    assert campaign.state.characters["KITSUNE"].stress == 0


def test_spending_boxes_in_a_session() -> None:
    """002_58e889a1abff3456.txt: "Action d'éclat : [...] utiliser un de ses pouvoirs comme s'il faisait
    partie d'une catégorie supplémentaire"."""
    campaign = in_scene()
    feat = c.SpendStress(
        character="WINK", use=StressUse.FEAT, power="combat téléporté", category=PowerCategory.MOV
    )
    campaign = run(campaign, feat, c.SpendStress(character="KITSUNE", use=StressUse.SURPASS))
    assert campaign.state.characters["WINK"].stress == 1
    assert campaign.entries()[-2].events[0].power == "Combat téléporté"  # type: ignore[union-attr]
    same = c.SpendStress(
        character="WINK", use=StressUse.FEAT, power="Téléportation", category=PowerCategory.MOV
    )
    assert rule_of(campaign, same) == "feat"
    assert isinstance(can(campaign, c.SpendStress(character="WINK", use=StressUse.FEAT)), BadInputError)


def test_broken_and_brought_back() -> None:
    """002_58e889a1abff3456.txt: brisé "ne sera plus jouable tant qu'il n'aura pas été ramené"; "ses cases
    de stress seront de nouveau à leur minimum"."""
    campaign = in_scene()
    for _ in range(6):
        campaign = run(campaign, c.StartScene(), c.AddStress(character="KITSUNE", boxes=2))
    kitsune = campaign.state.characters["KITSUNE"]
    assert State.BROKEN in kitsune.states and kitsune.stress == 10
    campaign = run(campaign, c.StartScene())
    assert rule_of(campaign, c.AddStress(character="KITSUNE")) == "broken"
    campaign = run(campaign, c.EndScenario(), c.StartScenario())
    assert State.BROKEN in campaign.state.characters["KITSUNE"].states
    campaign = run(campaign, c.BringBack(character="KITSUNE"))
    assert campaign.state.characters["KITSUNE"].stress == 0
    assert not campaign.state.characters["KITSUNE"].states


def test_an_award_names_what_was_earned() -> None:
    """002_58e889a1abff3456.txt: experience comes from the criteria tables ("| Critères | Gain
    d'expérience |") and the bonuses; an award naming none is bad input and records nothing."""
    campaign = run(fresh(), c.StartSession(), c.EndSession())
    error = can(campaign, c.AwardExperience(character="WINK"))
    assert isinstance(error, BadInputError) and "--heroic" in error.render("en")
    bonus_only = run(campaign, c.AwardExperience(character="WINK", bonuses=(Bonus.OUTSIDE_WORK,)))
    assert bonus_only.state.characters["WINK"].experience.heroic_xp == 1


def test_experience_once_per_ended_session() -> None:
    """002_58e889a1abff3456.txt: "A la fin de chaque séance, les personnages gagnent entre 1 et 3 points";
    the complication bonus "qu'un seul point d'expérience d'aptitude de cette manière par séance"."""
    award = c.AwardExperience(
        character="WINK",
        heroic=tuple(HeroicCriterion),
        aptitude=(AptitudeCriterion.SURVIVED,),
        bonuses=(Bonus.COMPLICATION,),
    )
    campaign = fresh()
    assert rule_of(campaign, award) == "experience"
    campaign = run(campaign, c.StartSession())
    assert rule_of(campaign, award) == "phase"
    campaign = run(campaign, c.EndSession(), award)
    assert campaign.state.characters["WINK"].experience.heroic_xp == 3
    assert campaign.state.characters["WINK"].experience.aptitude_xp == 2
    assert rule_of(campaign, award) == "experience"
    for _ in range(3):
        campaign = run(campaign, c.StartSession(), c.EndSession(), award)
    assert campaign.state.characters["WINK"].experience.heroic_points == 1
    assert campaign.state.characters["WINK"].experience.heroic_xp == 2


def test_reputation_changes_at_the_end_of_a_session_or_scenario_by_one() -> None:
    """002_58e889a1abff3456.txt: "A la fin d'une séance ou d'un scénario, le MJ peut faire varier un ou
    plusieurs scores de réputations ou de relations de 1 point"."""
    up = c.ChangeReputation(character="KITSUNE", score=ReputationScore.SUPER_NOTORIETY, delta=1)
    campaign = run(fresh(), c.StartSession())
    assert rule_of(campaign, up) == "review"
    campaign = run(campaign, c.StartScenario(), c.EndScenario(), up)
    assert rule_of(campaign, up) == "review"
    campaign = run(
        campaign, c.ChangeReputation(character="KITSUNE", score=ReputationScore.MORALITY, delta=-1)
    )
    assert (
        rule_of(campaign, c.ChangeReputation(character="WINK", score=ReputationScore.MORALITY, delta=2))
        == "reputation_step"
    )
    campaign = run(campaign, c.EndSession())
    assert rule_of(campaign, up) == "review"  # the scenario and the session ended together: one review
    campaign = run(campaign, c.StartSession(), c.StartScene(), c.EndSession(), up)
    assert campaign.state.characters["KITSUNE"].reputation.super_notoriety == 2
    assert campaign.state.characters["KITSUNE"].reputation.morality == -1
    campaign = run(
        campaign,
        c.AddRelation(character="KITSUNE", relation="Chef du gang", value=6),
        c.ChangeRelation(character="KITSUNE", relation="chef du gang", delta=1),
    )
    assert campaign.state.characters["KITSUNE"].relations[0].value == 7
    assert (
        rule_of(campaign, c.ChangeRelation(character="KITSUNE", relation="Chef du gang", delta=1)) == "review"
    )


def test_purchases_and_debts() -> None:
    """002_58e889a1abff3456.txt: précaire to aisé "doit dépenser 7 cases d'économies"; "une case
    d'économies pour deux cases de dettes"."""
    campaign = run(fresh(), c.GainSavings(character="WINK", boxes=4), c.TakeDebt(character="WINK", savings=3))
    assert rule_of(campaign, c.Buy(character="WINK", standard=LivingStandard.RICH)) == "savings"
    campaign = run(campaign, c.Buy(character="WINK", standard=LivingStandard.WELL_OFF, item="moto"))
    wink = campaign.state.characters["WINK"]
    assert (wink.savings, wink.debts) == (0, 6)
    assert campaign.entries()[-1].events[0].cost == 7  # type: ignore[union-attr]


def test_states_through_the_journal() -> None:
    """002_58e889a1abff3456.txt: blessé twice is incapacité; a power brings it back to blessé but "ne
    pourra pas le ramener indemne le temps d'un scénario"."""
    campaign = run(
        in_scene(),
        c.InflictState(character="WINK", state=State.WOUNDED),
        c.InflictState(character="WINK", state=State.WOUNDED),
        c.RecoverState(character="WINK", how="healing_power"),
    )
    assert campaign.state.characters["WINK"].states == {State.WOUNDED}
    inflicted = [entry.events[0] for entry in campaign.entries()[-3:-1]]
    assert [e.state for e in inflicted] == [State.WOUNDED, State.INCAPACITATED]  # type: ignore[union-attr]
    assert rule_of(campaign, c.RecoverState(character="WINK", how="healing_power")) == "incapacitated"
    campaign = run(
        campaign, c.EndScenario(), c.StartScenario(), c.RecoverState(character="WINK", how="healing_power")
    )
    assert campaign.state.characters["WINK"].states == frozenset()


def test_unknown_character_is_bad_input_and_changes_nothing() -> None:
    """Bad input never changes state."""
    campaign = in_scene()
    error = can(campaign, c.AddStress(character="MECANUS"))
    assert isinstance(error, BadInputError)
    assert "WINK" in error.render("en")


def test_undo_and_the_file(tmp_path: Path) -> None:
    """The log is the truth: undo takes back the last command, the file round-trips (JSON and YAML)."""
    campaign = run(in_scene(), c.AddStress(character="WINK", boxes=2))
    before = campaign.state
    campaign = run(campaign, c.RelieveStress(character="WINK", reason=Relief.OUTLET))
    path = tmp_path / "campagne.json"
    store.save(path, campaign)
    change = campaign.undo()
    assert change is not None and isinstance(change.command, c.RelieveStress)
    assert campaign.state == before
    campaign.redo()
    assert store.load(path, KEY).state == campaign.state
    store.save(tmp_path / "campagne.yaml", campaign)
    assert store.load(tmp_path / "campagne.yaml", KEY).state == campaign.state


def test_undo_of_nothing_and_broken_files(tmp_path: Path) -> None:
    """An empty log has nothing to undo; unreadable campaign files are bad input."""
    assert fresh().undo() is None
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(BadInputError):
        store.load(bad, KEY)
    with pytest.raises(BadInputError):
        store.load(tmp_path / "missing.json", KEY)
    future = tmp_path / "future.json"
    future.write_text('{"schema_version": 99, "characters": []}', encoding="utf-8")
    with pytest.raises(BadInputError) as error:
        store.load(future, KEY)
    assert "99" in error.value.render("en")
    with pytest.raises(BadInputError):
        Session.new(KEY, setup_json([library_hero("WINK"), library_hero("wink")], TableOptions()))


NAMES = st.sampled_from(["WINK", "KITSUNE"])
COMMANDS = st.one_of(
    st.just(c.StartSession()),
    st.just(c.EndSession()),
    st.just(c.StartScenario()),
    st.just(c.EndScenario()),
    st.just(c.StartScene()),
    st.builds(c.AddStress, character=NAMES, boxes=st.integers(1, 2)),
    st.builds(c.RelieveStress, character=NAMES, reason=st.sampled_from([Relief.OUTLET, Relief.TEAM_SCENE])),
    st.builds(
        c.SpendStress, character=NAMES, use=st.sampled_from([StressUse.DETERMINATION, StressUse.SURPASS])
    ),
    st.builds(c.BringBack, character=NAMES),
    st.builds(c.InflictState, character=NAMES, state=st.sampled_from([State.EXHAUSTED, State.WOUNDED])),
    st.builds(c.RecoverState, character=NAMES, how=st.sampled_from(["sleep", "healing_power", "infirmary"])),
    st.builds(
        c.AwardExperience,
        character=NAMES,
        heroic=st.lists(st.sampled_from(HeroicCriterion)).map(tuple),
        aptitude=st.lists(st.sampled_from(AptitudeCriterion)).map(tuple),
        bonuses=st.lists(st.sampled_from(Bonus)).map(tuple),
    ),
    st.builds(
        c.ChangeReputation,
        character=NAMES,
        score=st.sampled_from(ReputationScore),
        delta=st.sampled_from([-1, 1]),
    ),
    st.builds(c.GainSavings, character=NAMES, boxes=st.integers(1, 5)),
    st.builds(
        c.AddRelation,
        character=NAMES,
        relation=st.sampled_from(["Mère", "MECANUS"]),
        value=st.integers(-10, 10),
        gm_reserved=st.booleans(),
    ),
    st.builds(
        c.ChangeRelation,
        character=NAMES,
        relation=st.sampled_from(["Mère", "MECANUS"]),
        delta=st.sampled_from([-1, 1]),
    ),
    st.builds(c.SetLivingStandard, character=NAMES, standard=st.sampled_from(LivingStandard)),
    st.builds(c.TakeDebt, character=NAMES, savings=st.integers(1, 3)),
    st.builds(c.RepayDebt, character=NAMES, boxes=st.integers(1, 3)),
    st.builds(c.Buy, character=NAMES, standard=st.sampled_from(LivingStandard)),
)


@given(st.lists(COMMANDS, max_size=40))
def test_random_commands_keep_the_invariants(commands: list[c.Command]) -> None:
    """Any sequence of commands, legal or refused: stress stays 0..10, reputation on its scales, savings and
    debts non-negative, and a refused command changes nothing."""
    campaign = fresh()
    for command in commands:
        before = campaign.state
        try:
            campaign.do(command)
        except (Refused, BadInputError):
            assert campaign.state is before
            continue
        for hero in campaign.state.characters.values():
            assert 0 <= hero.stress <= 10
            assert (State.TROUBLED in hero.states) == (hero.stress == 10)
            assert 0 <= hero.reputation.super_notoriety <= 10 and -10 <= hero.reputation.morality <= 10
            assert hero.savings >= 0 and hero.debts >= 0
            assert all(-10 <= relation.value <= 10 for relation in hero.relations)
            assert not (State.WOUNDED in hero.states and State.INCAPACITATED in hero.states)
        assert all(v <= 2 for v in campaign.state.gm_stress.values())
