"""A model's turn as an explicit phase machine: ``(state, command) -> events``, ``(state, event) -> state``.

The phases follow 001_0209eda46e4737a1.txt: techniques are chosen and ordered "Na początku aktywacji",
then tested one by one; spells are used with the actions left; the violence table's effects last
"w tej Turze", "w tej aktywacji" or until the model gets up. State is immutable; the event log is the
truth and :func:`evolve` folds it. Every check lives in :func:`.legality.refusal`, which :func:`decide` and
:func:`.legality.legal` both use; the state is :mod:`.turn`.
"""

from __future__ import annotations

from collections.abc import Iterable

from meneur.dice.source import DiceSource
from meneur.systems.warzone import commands as c
from meneur.systems.warzone import events as e
from meneur.systems.warzone.casting import Casting, cast
from meneur.systems.warzone.catalogue import ViolenceEffect
from meneur.systems.warzone.leadership import LeadershipReason, leadership_test
from meneur.systems.warzone.legality import power_named, refusal
from meneur.systems.warzone.model import Power, PowerKind
from meneur.systems.warzone.power_test import VIOLENCE_PENALTY, PowerTestSpec
from meneur.systems.warzone.turn import Phase, TurnState


def wake_up_terms(state: TurnState) -> tuple[int, int]:
    """The leadership and the modifier of a knocked-down model's test to get up: "obudzi się sam
    zdając test DW z modyfikatorem -4" (001_0209eda46e4737a1.txt), the table option
    ``wake_up_modifier``. The engine rolls it
    and the pages show its odds before rolling from these."""
    return state.figure.leadership, state.options.wake_up_modifier


def power_test_spec(state: TurnState, power: Power, order: int | None) -> PowerTestSpec:
    """The power test the model makes now with ``power`` (a technique at ``order`` in its
    activation, ``None`` for a spell): its Moc, the power's difficulty and the violence penalty so
    far. The engine rolls it; the pages show its odds from it, with the model's table options."""
    return PowerTestSpec(state.figure.power, power.difficulty, order, state.penalty)


def _casting_events(
    state: TurnState, power: Power, order: int | None, source: DiceSource
) -> tuple[list[e.Event], Casting]:
    spec = power_test_spec(state, power, order)
    result = cast(spec, power.kind, power.action_cost, source, state.options, state.figure.leadership)
    events: list[e.Event] = [
        e.PowerTested(
            name=power.name,
            kind=power.kind,
            order=order,
            roll=result.test.roll,
            threshold=result.test.threshold,
            success=result.success,
            critical=result.critical,
            actions_spent=result.actions_spent,
        )
    ]
    if result.violence is not None:
        events.append(e.ViolenceRolled(roll=result.violence.roll, effect=result.violence.effect))
        events += _violence_aftermath(state, result)
    return events, result


def _violence_aftermath(state: TurnState, result: Casting) -> list[e.Event]:
    assert result.violence is not None
    effect = result.violence.effect
    if effect is ViolenceEffect.ACTIVATION_ENDS:
        return [e.ActivationEnded(reason="violence")]
    if effect is ViolenceEffect.KNOCKED_DOWN and state.options.knocked_down_ends_activation:
        return [e.ActivationEnded(reason="knocked_down")]
    if result.leadership is not None:
        test = result.leadership
        found: list[e.Event] = [
            e.LeadershipTested(
                reason=LeadershipReason.VIOLENCE,
                roll=test.roll,
                threshold=test.threshold,
                success=test.success,
            )
        ]
        return found + ([] if test.success else [e.WoundSuffered()])
    return []


def decide(state: TurnState, command: c.Command, source: DiceSource) -> list[e.Event]:
    """The events a legal command produces (dice from ``source``); nothing changes on refusal.

    Raises:
        Refused: the refusal of :func:`refusal`, naming the rule.
        BadInputError: a power the model does not have.
    """
    if problem := refusal(state, command):
        raise problem
    match command:
        case c.StartActivation():
            return [e.ActivationStarted(actions=state.figure.actions)]
        case c.DeclareTechniques(names=names):
            return [e.TechniquesDeclared(names=tuple(power_named(state, n).name for n in names))]
        case c.TestTechnique():
            name = state.next_technique
            assert name is not None
            return _casting_events(state, power_named(state, name), state.techniques_tested + 1, source)[0]
        case c.CastSpell(name=name):
            return _casting_events(state, power_named(state, name), None, source)[0]
        case c.SpendAction(concentrate=concentrate):
            return [e.ActionSpent(concentrate=concentrate)]
        case c.EndActivation():
            return [e.ActivationEnded()]
        case c.EndTurn():
            return [e.TurnEnded()]
        case c.TestWakeUp():
            test = leadership_test(*wake_up_terms(state), source, LeadershipReason.WAKE_UP)
            outcome: e.Event = e.WokeUp(how="leadership") if test.success else e.WakeUpFailed()
            return [
                e.LeadershipTested(
                    reason=test.reason, roll=test.roll, threshold=test.threshold, success=test.success
                ),
                outcome,
            ]
        case c.HelpUp():
            return [e.WokeUp(how="friendly_help")]
        case c.SetPanicked(panicked=panicked):
            return [e.PanicChanged(panicked=panicked)]
    raise TypeError(command)


def _after_test(state: TurnState, event: e.PowerTested) -> TurnState:
    left = state.actions_left - event.actions_spent
    if event.kind is not PowerKind.TECHNIQUE:
        return state.model_copy(update={"actions_left": left})
    tested = state.techniques_tested + 1
    phase = Phase.ACTING if tested >= len(state.declared) else Phase.TECHNIQUES
    return state.model_copy(
        update={"actions_left": max(0, left), "techniques_tested": tested, "phase": phase}
    )


def _after_violence(state: TurnState, event: e.ViolenceRolled) -> TurnState:
    if event.effect is ViolenceEffect.NO_CONCENTRATION:
        stacked = state.penalty + VIOLENCE_PENALTY
        penalty = stacked if state.options.violence_penalties_stack else VIOLENCE_PENALTY
        return state.model_copy(update={"penalty": penalty, "cannot_concentrate": True})
    if event.effect is ViolenceEffect.KNOCKED_DOWN:
        return state.model_copy(update={"knocked_down": True})
    return state


def evolve(state: TurnState, event: e.Event) -> TurnState:
    """The state after one event (pure)."""
    match event:
        case e.ActivationStarted(actions=actions):
            return state.model_copy(
                update={
                    "phase": Phase.DECLARING,
                    "activated": True,
                    "actions_left": actions,
                    "declared": (),
                    "techniques_tested": 0,
                    "penalty": 0,
                }
            )
        case e.TechniquesDeclared(names=names):
            return state.model_copy(
                update={"declared": names, "phase": Phase.TECHNIQUES if names else Phase.ACTING}
            )
        case e.PowerTested():
            return _after_test(state, event)
        case e.ViolenceRolled():
            return _after_violence(state, event)
        case e.WoundSuffered():
            return state.model_copy(update={"wounds": state.wounds + 1})
        case e.ActionSpent():
            return state.model_copy(update={"actions_left": state.actions_left - 1})
        case e.ActivationEnded():
            return state.model_copy(
                update={
                    "phase": Phase.READY,
                    "actions_left": 0,
                    "declared": (),
                    "techniques_tested": 0,
                    "penalty": 0,
                }
            )
        case e.TurnEnded():
            return state.model_copy(
                update={
                    "turn": state.turn + 1,
                    "activated": False,
                    "cannot_concentrate": False,
                    "phase": Phase.WAKING if state.knocked_down else Phase.READY,
                }
            )
        case e.WokeUp():
            phase = Phase.READY if state.phase is Phase.WAKING else state.phase
            return state.model_copy(update={"knocked_down": False, "phase": phase})
        case e.WakeUpFailed():
            return state.model_copy(update={"phase": Phase.READY})
        case e.PanicChanged(panicked=panicked):
            return state.model_copy(update={"panicked": panicked})
        case e.LeadershipTested():
            return state
    raise TypeError(event)


def replay(start: TurnState, events: Iterable[e.Event]) -> TurnState:
    """Fold a log of events over the starting state."""
    state = start
    for event in events:
        state = evolve(state, event)
    return state
