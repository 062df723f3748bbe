"""The activation as a phase machine (001_0209eda46e4737a1.txt, "Używanie Mocy" and the violence table)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.errors import BadInputError, Refused
from meneur.systems.warzone import commands as c
from meneur.systems.warzone import events as e
from meneur.systems.warzone.activation import decide, evolve, replay
from meneur.systems.warzone.legality import declarable_techniques, is_legal, legal, refusal
from meneur.systems.warzone.model import TableOptions
from meneur.systems.warzone.reach import Target
from meneur.systems.warzone.turn import Phase, TurnState, initial_state
from tests.warzone.helpers import dice, mystic, start


def run(state: TurnState, command: c.Command, *rolls: int) -> TurnState:
    source = dice(*rolls) if rolls else dice(1)
    for event in decide(state, command, source):
        state = evolve(state, event)
    return state


def acting(state: TurnState | None = None, techniques: tuple[str, ...] = ()) -> TurnState:
    state = run(state or start(), c.StartActivation())
    return run(state, c.DeclareTechniques(techniques))


def rule_of(state: TurnState, command: c.Command) -> str:
    problem = refusal(state, command)
    assert isinstance(problem, Refused)
    return problem.rule


def test_techniques_are_declared_at_the_start_then_tested_in_order() -> None:
    """001_0209eda46e4737a1.txt: "Na początku aktywacji modelu decydujemy których technik będzie
    używał i w jakiej kolejności ... Następnie wykonujemy testy mocy dla każdej z technik osobno"."""
    state = run(start(), c.StartActivation())
    assert state.phase is Phase.DECLARING and state.actions_left == 3
    state = run(state, c.DeclareTechniques(("Shield", "Haste", "Fury")))
    assert state.next_technique == "Shield"
    thresholds = []
    for roll in (5, 5, 5):
        events = decide(state, c.TestTechnique(), dice(roll))
        tested = events[0]
        assert isinstance(tested, e.PowerTested)
        thresholds.append(tested.threshold)
        state = evolve(state, tested)
    # Moc 14: Shield 14-1, Haste 14-3-2, Fury 14-0-4.
    assert thresholds == [13, 9, 10]
    assert state.phase is Phase.ACTING and state.actions_left == 3


def test_at_most_three_techniques() -> None:
    """001_0209eda46e4737a1.txt: "maksymalnie 3 technik (nawet jeśli posiada więcej)"."""
    state = run(start(), c.StartActivation())
    assert rule_of(state, c.DeclareTechniques(("Shield", "Haste", "Fury", "Ward"))) == "three_techniques"


@pytest.mark.parametrize(
    ("names", "rule"), [(("Shield", "Shield"), "once_per_activation"), (("Bolt",), "technique_only")]
)
def test_declaration_refusals(names: tuple[str, ...], rule: str) -> None:
    """001_0209eda46e4737a1.txt: Technika "można próbować wykorzystać tą Moc tylko raz w ciągu
    Aktywacji"; only techniques are declared at activation."""
    state = run(start(), c.StartActivation())
    assert rule_of(state, c.DeclareTechniques(names)) == rule


def test_unknown_power_is_bad_input() -> None:
    state = acting()
    with pytest.raises(BadInputError) as caught:
        refusal(state, c.CastSpell("Nope"))
    assert "Bolt" in caught.value.render("en")


@pytest.mark.parametrize(
    ("changes", "rule"), [({"panicked": True}, "panicked"), ({"has_power_ability": False}, "power_ability")]
)
def test_panicked_or_unable_models_use_no_powers(changes: dict[str, bool], rule: str) -> None:
    """001_0209eda46e4737a1.txt: "Mocy nie mogą używać modele Spanikowane"; "Używać Mocy mogą tylko
    modele z odpowiednią zdolnością"."""
    state = acting(start(**changes))
    assert rule_of(state, c.CastSpell("Heal")) == rule
    fresh = run(start(**changes), c.StartActivation())
    assert rule_of(fresh, c.DeclareTechniques(("Shield",))) == rule


def test_power_not_bought_is_refused() -> None:
    """001_0209eda46e4737a1.txt: "Model musi wykupić możliwość wykorzystania danej Mocy"."""
    assert rule_of(acting(), c.CastSpell("Curse")) == "not_bought"


def test_not_enough_actions_is_refused() -> None:
    """001_0209eda46e4737a1.txt: "Jeżeli Model nie posiada wystarczającej ilości akcji nie może
    przywołać Mocy w tej turze"."""
    state = run(acting(), c.CastSpell("Bolt"), 5)  # 2 of 3 actions spent
    assert state.actions_left == 1
    assert rule_of(state, c.CastSpell("Bolt")) == "not_enough_actions"
    assert is_legal(state, c.CastSpell("Heal"))


def test_failure_wastes_one_action_and_spells_repeat() -> None:
    """001_0209eda46e4737a1.txt: "zmarnowana zostaje tylko jedna akcja"; Zaklęcie "Moc można
    wykorzystać dowolną ilość razy w aktywacji"."""
    state = run(acting(), c.CastSpell("Bolt"), 15)
    assert state.actions_left == 2
    state = run(state, c.CastSpell("Bolt"), 1)  # absolute success: 2 - 1 action
    assert state.actions_left == 1


@pytest.mark.parametrize(("name", "ok"), [("Bolt", False), ("Heal", True)])
def test_close_combat_only_touch_or_techniques(name: str, ok: bool) -> None:
    """001_0209eda46e4737a1.txt: "w Walce Wręcz można używać tylko Technik lub Mocy z zasięgiem –
    dotyk"."""
    assert is_legal(acting(), c.CastSpell(name, in_close_combat=True)) is ok


def test_violence_one_to_ten_lasts_this_activation_and_this_turn() -> None:
    """001_0209eda46e4737a1.txt: "1-10 Model nie może się koncentrować w tej Turze a przy każdym
    następnym teście mocy w tej aktywacji ... -3 do Mocy"."""
    state = run(start(), c.StartActivation())
    state = run(state, c.DeclareTechniques(("Shield", "Haste")))
    state = run(state, c.TestTechnique(), 20, 4)
    assert state.penalty == 3 and state.cannot_concentrate
    tested = decide(state, c.TestTechnique(), dice(5))[0]
    assert isinstance(tested, e.PowerTested) and tested.threshold == 14 - 3 - 2 - 3
    state = evolve(state, tested)
    assert rule_of(state, c.SpendAction(concentrate=True)) == "cannot_concentrate"
    state = run(state, c.EndActivation())
    assert state.penalty == 0 and state.cannot_concentrate  # the activation is over, not the turn
    state = run(state, c.EndTurn())
    assert not state.cannot_concentrate
    state = acting(state)
    assert is_legal(state, c.SpendAction(concentrate=True))


@pytest.mark.parametrize(("stack", "penalty"), [(True, 6), (False, 3)])
def test_two_violence_penalties(stack: bool, penalty: int) -> None:
    state = acting(start(TableOptions(violence_penalties_stack=stack)))
    state = run(state, c.CastSpell("Heal"), 20, 1)
    state = run(state, c.CastSpell("Heal"), 20, 10)
    assert state.penalty == penalty and state.actions_left == 1


def test_violence_eleven_to_seventeen_ends_the_activation() -> None:
    """001_0209eda46e4737a1.txt: "11-17 Aktywacja Modelu kończy się natychmiast niezależnie od tego ile
    akcji pozostało"."""
    state = run(acting(), c.CastSpell("Heal"), 20, 17)
    assert state.phase is Phase.READY and state.actions_left == 0 and state.activated
    assert rule_of(state, c.StartActivation()) == "once_per_turn"


def test_violence_on_first_technique_skips_the_others() -> None:
    state = run(start(), c.StartActivation())
    state = run(state, c.DeclareTechniques(("Shield", "Haste")))
    state = run(state, c.TestTechnique(), 20, 11)
    assert state.phase is Phase.READY and not is_legal(state, c.TestTechnique())


def test_knocked_down_until_helped_or_woken() -> None:
    """001_0209eda46e4737a1.txt: "18-19 Model zostaje Przewrócony. Nie może też być Zaktywowany dopóki
    bądź przyjazny Model ... poświęci jedną akcję, lub Model obudzi się sam zdając test DW z
    modyfikatorem -4 (test wykonywany jest na początku każdej kolejnej tury)"."""
    state = run(acting(), c.CastSpell("Heal"), 20, 18)
    assert state.knocked_down and state.phase is Phase.READY
    assert not is_legal(state, c.TestWakeUp())  # not in the turn it fell
    state = run(state, c.EndTurn())
    assert state.phase is Phase.WAKING
    assert rule_of(state, c.StartActivation()) == "knocked_down"
    events = decide(state, c.TestWakeUp(), dice(9))  # DW 12 - 4 = 8: 9 fails
    assert isinstance(events[0], e.LeadershipTested) and events[0].threshold == 8
    state = replay(state, events)
    assert state.knocked_down and state.phase is Phase.READY
    state = run(run(state, c.EndTurn()), c.TestWakeUp(), 8)
    assert not state.knocked_down and is_legal(state, c.StartActivation())


def test_friendly_model_helps_up() -> None:
    state = run(acting(), c.CastSpell("Heal"), 20, 19)
    state = run(state, c.HelpUp())
    assert not state.knocked_down
    state = run(state, c.EndTurn())
    assert state.phase is Phase.READY


@pytest.mark.parametrize(("ends", "phase"), [(True, Phase.READY), (False, Phase.ACTING)])
def test_knocked_down_ends_activation_option(ends: bool, phase: Phase) -> None:
    state = acting(start(TableOptions(knocked_down_ends_activation=ends)))
    assert run(state, c.CastSpell("Heal"), 20, 18).phase is phase


@pytest.mark.parametrize(("roll", "wounds"), [(9, 0), (10, 1)])
def test_violence_twenty_wounds_on_failed_leadership(roll: int, wounds: int) -> None:
    """001_0209eda46e4737a1.txt: "test DW pomniejszonego o Stopień Trudności nieudanej Mocy. Porażka
    oznacza odniesienie jednej rany" (Bolt: difficulty 2, DW 12 -> 10)."""
    state = run(acting(), c.CastSpell("Bolt", target=Target(distance=6)), 20, 20, roll + 1)
    assert state.wounds == wounds
    state = run(acting(), c.CastSpell("Bolt"), 20, 20, roll)
    assert state.wounds == 0


def test_target_out_of_range_is_refused_before_rolling() -> None:
    state = acting()
    assert rule_of(state, c.CastSpell("Bolt", target=Target(distance=19))) == "range"
    assert "19" in str(refusal(state, c.CastSpell("Bolt", target=Target(distance=19))))


def test_phase_errors_name_both_phases() -> None:
    problem = refusal(start(), c.CastSpell("Heal"))
    assert problem is not None
    text = problem.render("en")
    assert "waiting for its activation" in text and "using its actions" in text


def test_legality_query() -> None:
    assert [x.kind for x in legal(start())] == ["activate", "end_turn", "panic"]
    state = run(start(), c.StartActivation())
    assert declarable_techniques(state) == ["Shield", "Haste", "Fury", "Ward"]
    costs = {getattr(x.command, "name", None): x.cost_min for x in legal(acting())}
    assert costs["Bolt"] == 2 and costs["Heal"] == 1 and "Curse" not in costs


def test_refused_command_changes_nothing() -> None:
    state = acting()
    with pytest.raises(Refused):
        decide(state, c.CastSpell("Curse"), dice(5))
    assert state == acting()


# A player who only ever gives legal commands, with any dice.
COMMANDS = st.sampled_from(
    [
        c.StartActivation(),
        c.DeclareTechniques(()),
        c.DeclareTechniques(("Shield", "Haste", "Fury")),
        c.DeclareTechniques(("Ward",)),
        c.TestTechnique(),
        c.CastSpell("Bolt"),
        c.CastSpell("Heal"),
        c.SpendAction(),
        c.SpendAction(concentrate=True),
        c.EndActivation(),
        c.EndTurn(),
        c.TestWakeUp(),
        c.HelpUp(),
        c.SetPanicked(True),
        c.SetPanicked(False),
    ]
)


@given(steps=st.lists(st.tuples(COMMANDS, st.lists(st.integers(1, 20), min_size=3, max_size=3)), max_size=40))
def test_any_legal_play_keeps_the_counters_in_bounds(steps: list[tuple[c.Command, list[int]]]) -> None:
    """Actions never below 0, at most 3 techniques, penalties by 3 ("-3 do Mocy"), waking only when down."""
    state = initial_state(mystic())
    for command, rolls in steps:
        if not is_legal(state, command):
            continue
        for event in decide(state, command, dice(*rolls)):
            state = evolve(state, event)
        assert state.actions_left >= 0
        assert state.techniques_tested <= 3 and state.penalty % 3 == 0
        assert state.phase is not Phase.WAKING or state.knocked_down
