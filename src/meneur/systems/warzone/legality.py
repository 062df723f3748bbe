"""What a model may do now (001_0209eda46e4737a1.txt): every check lives in :func:`refusal`, which
:func:`meneur.systems.warzone.activation.decide` and :func:`legal` both use."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from meneur.engine.system import Legal
from meneur.errors import BadInputError, Refused
from meneur.i18n import N_, Message
from meneur.systems.warzone import commands as c
from meneur.systems.warzone.model import Power, PowerKind, TableOptions
from meneur.systems.warzone.power_test import MAX_TECHNIQUES
from meneur.systems.warzone.reach import Target, target_problems
from meneur.systems.warzone.turn import ACTIVE, PHASE_NAMES, D, Phase, TurnState


def _illegal(rule: str, msgid: str, **params: object) -> Refused:
    return Refused(Message(D, msgid, dict(params)), rule=rule)


def _phase_error(state: TurnState, expected: Iterable[Phase]) -> Refused | None:
    wanted = tuple(expected)
    if state.phase in wanted:
        return None
    return _illegal(
        "phase",
        N_("Not now: the model is {actual}; this needs it {expected}."),
        actual=Message(D, PHASE_NAMES[state.phase]),
        expected=Message(D, PHASE_NAMES[wanted[0]]),
    )


def power_named(state: TurnState, name: str) -> Power:
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


def _may_use_powers(state: TurnState, power: Power | None = None) -> Refused | None:
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


def _declare_refusal(state: TurnState, names: tuple[str, ...]) -> Refused | None:
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
        power = power_named(state, name)
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


def _target_refusal(power: Power, target: Target | None, options: TableOptions) -> Refused | None:
    problems = [] if target is None else target_problems(power, target, options)
    if not problems:
        return None
    return Refused(
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


def _spell_refusal(state: TurnState, command: c.CastSpell) -> Refused | None:
    power = power_named(state, command.name)
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


def refusal(state: TurnState, command: c.Command) -> Refused | None:
    """Why the rules refuse ``command`` now (an error naming the rule), or ``None`` when it is legal.

    The one set of named checks that :func:`decide` and :func:`legal` both use.

    Raises:
        BadInputError: a power the model does not have, or a target that is not a real place.
    """
    return _refusal(state, command)


def _refusal(state: TurnState, command: c.Command) -> Refused | None:
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
            return None if name is None else _target_refusal(power_named(state, name), target, state.options)
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
