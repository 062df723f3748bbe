"""A model's turn as an explicit phase machine: ``(state, command) -> events``, ``(state, event) -> state``.

The phases follow 001_0209eda46e4737a1.txt: techniques are chosen and ordered "Na początku aktywacji",
then tested one by one; spells are used with the actions left; the violence table's effects last
"w tej Turze", "w tej aktywacji" or until the model gets up. State is immutable; the event log is the
truth and :func:`evolve` folds it. Every check lives in :func:`refusal`, which :func:`decide` and
:func:`legal` both use.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from meneur.dice.source import DiceSource
from meneur.engine.system import Legal
from meneur.errors import BadInputError, IllegalActionError
from meneur.i18n import N_, Message
from meneur.systems.warzone import commands as c
from meneur.systems.warzone import events as e
from meneur.systems.warzone.casting import Casting, cast
from meneur.systems.warzone.catalogue import ViolenceEffect
from meneur.systems.warzone.leadership import LeadershipReason, leadership_test
from meneur.systems.warzone.model import Figure, Frozen, Power, PowerKind, TableOptions
from meneur.systems.warzone.power_test import MAX_TECHNIQUES, VIOLENCE_PENALTY, PowerTestSpec
from meneur.systems.warzone.reach import Target, target_problems

D = "warzone"


class Phase(StrEnum):
    """Where the model stands in the turn."""

    READY = "ready"
    DECLARING = "declaring"
    TECHNIQUES = "techniques"
    ACTING = "acting"
    WAKING = "waking"


PHASE_NAMES = {
    Phase.READY: N_("waiting for its activation"),
    Phase.DECLARING: N_("activated, choosing its techniques"),
    Phase.TECHNIQUES: N_("testing its declared techniques"),
    Phase.ACTING: N_("using its actions"),
    Phase.WAKING: N_("knocked down, leadership test to get up due"),
}
ACTIVE = (Phase.DECLARING, Phase.TECHNIQUES, Phase.ACTING)


class TurnState(Frozen):
    """Everything the rules need to remember about one model during play.

    Attributes:
        figure: the model and its powers.
        options: the table options.
        turn: the turn number, from 1.
        phase: where the model stands.
        activated: whether it was already activated this turn.
        actions_left: actions remaining in the current activation.
        declared: this activation's techniques, in order.
        techniques_tested: how many of them were tested.
        penalty: the violence table's penalty to Moc for the rest of this activation.
        cannot_concentrate: "nie może się koncentrować w tej Turze".
        knocked_down: "Przewrócony".
        panicked: "Spanikowany".
        wounds: wounds suffered through the violence table.
    """

    figure: Figure
    options: TableOptions = TableOptions()
    turn: int = 1
    phase: Phase = Phase.READY
    activated: bool = False
    actions_left: int = 0
    declared: tuple[str, ...] = ()
    techniques_tested: int = 0
    penalty: int = 0
    cannot_concentrate: bool = False
    knocked_down: bool = False
    panicked: bool = False
    wounds: int = 0

    @property
    def next_technique(self) -> str | None:
        """The declared technique whose test comes next, if any."""
        if self.phase is Phase.TECHNIQUES and self.techniques_tested < len(self.declared):
            return self.declared[self.techniques_tested]
        return None


def initial_state(figure: Figure, options: TableOptions | None = None) -> TurnState:
    """The state before the first activation of turn 1."""
    return TurnState(figure=figure, options=options or TableOptions(), panicked=figure.panicked)


def _illegal(rule: str, msgid: str, **params: object) -> IllegalActionError:
    return IllegalActionError(Message(D, msgid, dict(params)), rule=rule)


def _phase_error(state: TurnState, expected: Iterable[Phase]) -> IllegalActionError | None:
    wanted = tuple(expected)
    if state.phase in wanted:
        return None
    return _illegal(
        "phase",
        N_("Not now: the model is {actual}; this needs it {expected}."),
        actual=Message(D, PHASE_NAMES[state.phase]),
        expected=Message(D, PHASE_NAMES[wanted[0]]),
    )


def _power(state: TurnState, name: str) -> Power:
    power = state.figure.find_power(name)
    if power is None:
        known: str | Message = ", ".join(p.name for p in state.figure.powers) or Message(D, N_("none"))
        raise BadInputError(
            Message(
                D,
                N_("No power called '{name}' on {model}; its powers: {known}."),
                {"name": name, "model": state.figure.name, "known": known},
            )
        )
    return power


def _may_use_powers(state: TurnState, power: Power | None = None) -> IllegalActionError | None:
    if not state.figure.has_power_ability:
        return _illegal(
            "power_ability",
            N_(
                '{model} has no ability to use powers ("Używać Mocy mogą tylko modele z odpowiednią'
                ' zdolnością").'
            ),
            model=state.figure.name,
        )
    if state.panicked:
        return _illegal(
            "panicked", N_('A panicked model cannot use powers ("Mocy nie mogą używać modele Spanikowane").')
        )
    if power is not None and not power.bought:
        return _illegal(
            "not_bought",
            N_(
                "{model} did not buy the power '{name}' (\"Model musi wykupić"
                ' możliwość wykorzystania danej Mocy").'
            ),
            model=state.figure.name,
            name=power.name,
        )
    return None


def _declare_refusal(state: TurnState, names: tuple[str, ...]) -> IllegalActionError | None:
    if not names:
        return None
    if problem := _may_use_powers(state):
        return problem
    if len(names) > MAX_TECHNIQUES:
        return _illegal(
            "three_techniques",
            N_("{count} techniques declared: a model may try at most 3 in one activation."),
            count=len(names),
        )
    seen: set[str] = set()
    for name in names:
        power = _power(state, name)
        if power.kind is not PowerKind.TECHNIQUE:
            return _illegal(
                "technique_only",
                N_(
                    "'{name}' is a spell: only techniques are declared at the start of the activation;"
                    " use it with its actions."
                ),
                name=power.name,
            )
        if problem := _may_use_powers(state, power):
            return problem
        if power.name in seen:
            return _illegal(
                "once_per_activation",
                N_("'{name}' is declared twice: a technique is tried only once per activation."),
                name=power.name,
            )
        seen.add(power.name)
    return None


def _target_refusal(power: Power, target: Target | None, options: TableOptions) -> IllegalActionError | None:
    problems = [] if target is None else target_problems(power, target, options)
    if not problems:
        return None
    return IllegalActionError(
        Message(
            D,
            N_("The target cannot be chosen. {problems}"),
            {"problems": Joined(D, "", parts=tuple(problems))},
        ),
        rule="range",
    )


@dataclass(frozen=True)
class Joined(Message):
    """Several messages shown as one, rendered in the language of the message holding them."""

    parts: tuple[Message, ...] = ()

    def render(self, lang: str | None = None) -> str:
        return " ".join(part.render(lang) for part in self.parts)


def _spell_refusal(state: TurnState, command: c.CastSpell) -> IllegalActionError | None:
    power = _power(state, command.name)
    if power.kind is PowerKind.TECHNIQUE:
        return _illegal(
            "technique_at_activation",
            N_(
                "'{name}' is a technique: it is declared at the start of the activation, not cast with"
                " actions."
            ),
            name=power.name,
        )
    if problem := _may_use_powers(state, power):
        return problem
    if command.in_close_combat and not power.usable_in_close_combat:
        return _illegal(
            "close_combat",
            N_("In close combat only techniques and touch-range powers may be used; '{name}' is neither."),
            name=power.name,
        )
    if problem := _target_refusal(power, command.target, state.options):
        return problem
    if state.actions_left < power.action_cost:
        return _illegal(
            "not_enough_actions",
            N_("'{name}' needs {needed} actions and the model has {left} left."),
            name=power.name,
            needed=power.action_cost,
            left=state.actions_left,
        )
    return None


def refusal(state: TurnState, command: c.Command) -> IllegalActionError | None:
    """Why the rules refuse ``command`` now (an error naming the rule), or ``None`` when it is legal.

    The one set of named checks that :func:`decide` and :func:`legal` both use.

    Raises:
        BadInputError: a power the model does not have, or a target that is not a real place.
    """
    return _refusal(state, command)


def _refusal(state: TurnState, command: c.Command) -> IllegalActionError | None:
    match command:
        case c.StartActivation():
            if state.knocked_down:
                return _illegal(
                    "knocked_down", N_("The model is knocked down and cannot be activated until it gets up.")
                )
            if problem := _phase_error(state, (Phase.READY,)):
                return problem
            if state.activated:
                return _illegal("once_per_turn", N_("The model was already activated this turn."))
            return None
        case c.DeclareTechniques(names=names):
            return _phase_error(state, (Phase.DECLARING,)) or _declare_refusal(state, names)
        case c.TestTechnique(target=target):
            if problem := _phase_error(state, (Phase.TECHNIQUES,)) or _may_use_powers(state):
                return problem
            name = state.next_technique
            return None if name is None else _target_refusal(_power(state, name), target, state.options)
        case c.CastSpell():
            return _phase_error(state, (Phase.ACTING,)) or _spell_refusal(state, command)
        case c.SpendAction(concentrate=concentrate):
            if problem := _phase_error(state, (Phase.ACTING,)):
                return problem
            if state.actions_left < 1:
                return _illegal("no_action_left", N_("The model has no action left."))
            if concentrate and state.cannot_concentrate:
                return _illegal(
                    "cannot_concentrate", N_("The model cannot concentrate this turn (violence table, 1-10).")
                )
            return None
        case c.EndActivation():
            return _phase_error(state, ACTIVE)
        case c.EndTurn():
            return _phase_error(state, (Phase.READY,))
        case c.TestWakeUp():
            return _phase_error(state, (Phase.WAKING,))
        case c.HelpUp():
            if not state.knocked_down:
                return _illegal("not_knocked_down", N_("The model is not knocked down."))
            return _phase_error(state, (Phase.READY, Phase.WAKING))
        case c.SetPanicked():
            return None
    raise TypeError(command)


def is_legal(state: TurnState, command: c.Command) -> bool:
    """Whether ``command`` may be carried out now."""
    return refusal(state, command) is None


def wake_up_terms(state: TurnState) -> tuple[int, int]:
    """The leadership and the modifier of a knocked-down model's test to get up: "obudzi się sam
    zdając test DW z modyfikatorem -4" (001_0209eda46e4737a1.txt), the table option
    ``wake_up_modifier``. The engine rolls it
    and the pages show its odds before rolling from these."""
    return state.figure.leadership, state.options.wake_up_modifier


def candidates(state: TurnState) -> list[tuple[str, c.Command, int]]:
    """Every command worth asking about for this model: (wire name, command, actions it costs).

    Techniques are declared with ``DeclareTechniques``, offered empty and with the first techniques.
    """
    spells = [p for p in state.figure.powers if p.kind is PowerKind.SPELL]
    techniques = tuple(p.name for p in state.figure.powers if p.kind is PowerKind.TECHNIQUE)
    chosen = [
        ("declare", c.DeclareTechniques(techniques[:n]), 0)
        for n in (1, MAX_TECHNIQUES, len(techniques))
        if 0 < n <= len(techniques)
    ]
    return [
        ("activate", c.StartActivation(), 0),
        ("declare", c.DeclareTechniques(), 0),
        *dict.fromkeys(chosen),
        ("technique", c.TestTechnique(), 0),
        *[("spell", c.CastSpell(p.name), p.action_cost) for p in spells],
        ("act", c.SpendAction(), 1),
        ("act", c.SpendAction(concentrate=True), 1),
        ("end_activation", c.EndActivation(), 0),
        ("end_turn", c.EndTurn(), 0),
        ("wake", c.TestWakeUp(), 0),
        ("help_up", c.HelpUp(), 0),
        ("panic", c.SetPanicked(not state.panicked), 0),
    ]


def legal(state: TurnState, include_refused: bool = False) -> list[Legal[c.Command]]:
    """What may be done now, each with the actions it costs (a spell's before an Absolute Success).

    Techniques are declared with ``DeclareTechniques``, offered empty (``details`` lists the
    techniques that could be declared); refused entries, on request, carry the rule and the reason.
    """
    found: list[Legal[c.Command]] = []
    for kind, command, cost in candidates(state):
        problem = refusal(state, command)
        details = {"techniques": declarable_techniques(state)} if kind == "declare" and not problem else {}
        if problem is None:
            found.append(Legal(state.figure.name, kind, command, cost, cost, details))
        elif include_refused:
            found.append(
                Legal(state.figure.name, kind, command, cost, cost, {}, problem.rule, problem.message)
            )
    return found


def declarable_techniques(state: TurnState) -> list[str]:
    """The techniques the model could declare now."""
    return [
        p.name
        for p in state.figure.powers
        if p.kind is PowerKind.TECHNIQUE and is_legal(state, c.DeclareTechniques((p.name,)))
    ]


def _casting_events(
    state: TurnState, power: Power, order: int | None, source: DiceSource
) -> tuple[list[e.Event], Casting]:
    spec = PowerTestSpec(state.figure.power, power.difficulty, order, state.penalty)
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
            return [e.TechniquesDeclared(names=tuple(_power(state, n).name for n in names))]
        case c.TestTechnique():
            name = state.next_technique
            assert name is not None
            return _casting_events(state, _power(state, name), state.techniques_tested + 1, source)[0]
        case c.CastSpell(name=name):
            return _casting_events(state, _power(state, name), None, source)[0]
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
