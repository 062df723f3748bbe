"""A squad of models in one game: each model's turn machine (:mod:`.activation`), one turn for all.

Rule text ``001_0209eda46e4737a1.txt``. Each model keeps its own phases, actions and conditions;
the turn is the squad's (``EndTurn`` ends it for every model, once none is in the middle of an
activation or of its test to get up). One model is activated at a time. A knocked-down model is got
up by « przyjazny Model wejdzie w Bezpośredni Kontakt z nim i poświęci jedną akcję »: when the
helper is a model of the squad, that action is taken from it. :func:`refusal` holds every check;
:func:`decide` and :func:`legal` both use it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any, cast

from meneur.dice.source import DiceSource
from meneur.engine.system import Legal
from meneur.errors import BadInputError, Refused
from meneur.i18n import N_, Message
from meneur.i18n.words import match
from meneur.systems.warzone import activation as a
from meneur.systems.warzone import commands as c
from meneur.systems.warzone import events as e
from meneur.systems.warzone import legality, turn
from meneur.systems.warzone.model import Figure, Frozen, TableOptions

D = "warzone"

GM_COMMANDS = frozenset({"panic"})
"""The commands the game master gives, whatever model they name: whether a model is « Spanikowany »
(« Mocy nie mogą używać modele Spanikowane ») is decided by the rules of morale the table plays
outside this text, so the GM sets it; their legal entries say so (``details["by"] == "gm"``), and a
player's such command is refused (:mod:`meneur.systems.warzone.view.projection`)."""


class SquadState(Frozen):
    """Every model of the game, in the order the squad was given, by name: the squad's, then the
    opponents' (``opponents``: the names of the models of the other side, which the game master
    plays; files written before opponents have none)."""

    models: dict[str, turn.TurnState]
    opponents: tuple[str, ...] = ()

    @property
    def squad(self) -> list[str]:
        """The squad's models (the players' side), in order."""
        return [name for name in self.models if name not in self.opponents]

    def side(self, name: str) -> bool:
        """Whether the model ``name`` is an opponent (the other side)."""
        return name in self.opponents

    @property
    def first(self) -> str:
        """The first model's name (the only one in a game of one model)."""
        return next(iter(self.models))

    @property
    def active(self) -> str | None:
        """The model in the middle of its activation, if any."""
        return next((name for name, m in self.models.items() if m.phase in turn.ACTIVE), None)

    @property
    def current(self) -> turn.TurnState:
        """The model being activated, or else the first."""
        return self.models[self.active or self.first]


def squad_state(
    figures: Iterable[Figure], options: TableOptions | None = None, opponents: Iterable[Figure] = ()
) -> SquadState:
    """The squad and its opponents before the first activation of turn 1.

    Raises:
        BadInputError: two models share a name (on one side or across both).
    """
    models: dict[str, turn.TurnState] = {}
    others = tuple(opponents)
    for figure in (*figures, *others):
        if figure.name in models:
            raise BadInputError(
                Message(
                    D, N_("Two models are named '{name}': give each its own name."), {"name": figure.name}
                )
            )
        models[figure.name] = turn.initial_state(figure, options)
    return SquadState(models=models, opponents=tuple(figure.name for figure in others))


def resolve(state: SquadState, name: str | None) -> str:
    """The squad's model ``name`` names (case-insensitive); ``None`` for a squad of one.

    Raises:
        BadInputError: no name in a squad of several, or a name no model has.
    """
    names = list(state.models)
    if name is None:
        if len(names) == 1:
            return names[0]
        raise BadInputError(
            Message(
                D,
                N_("The squad has several models: name one with --model ({names})."),
                {"names": ", ".join(names)},
            )
        )
    known = match(name, names)
    if known is not None:
        return known
    raise BadInputError(
        Message(
            D, N_("No model named '{name}' in the squad: {names}."), {"name": name, "names": ", ".join(names)}
        )
    )


def _illegal(rule: str, msgid: str, **params: object) -> Refused:
    return Refused(Message(D, msgid, dict(params)), rule=rule)


def _help_refusal(state: SquadState, name: str, command: c.HelpUp) -> Refused | None:
    """« przyjazny Model wejdzie w Bezpośredni Kontakt z nim i poświęci jedną akcję »."""
    if problem := legality.refusal(state.models[name], command):
        return problem
    if command.helper is None:
        return None
    helper = resolve(state, command.helper)
    if helper == name:
        return _illegal("helper_self", N_("A model cannot help itself up."))
    if state.side(helper) != state.side(name):
        return _illegal(
            "helper_friendly",
            N_("Only a friendly model gets {model} up: {helper} is on the other side."),
            helper=helper,
            model=name,
        )
    model = state.models[helper]
    if model.phase is not turn.Phase.ACTING or model.actions_left < 1:
        return _illegal(
            "helper_action",
            N_("{helper} must be using its actions, with one left, to spend it getting {model} up."),
            helper=helper,
            model=name,
        )
    return None


def refusal(state: SquadState, command: c.Command) -> Refused | None:
    """Why the rules refuse ``command`` now (naming the rule), or ``None`` when it is legal.

    Raises:
        BadInputError: an unknown model, or what :func:`.legality.refusal` raises.
    """
    if isinstance(command, c.EndTurn):
        return next((p for m in state.models.values() if (p := legality.refusal(m, command))), None)
    name = resolve(state, command.model)
    if isinstance(command, c.HelpUp):
        return _help_refusal(state, name, command)
    if isinstance(command, c.StartActivation) and state.active not in (None, name):
        return _illegal(
            "one_activation",
            N_("{active} is in the middle of its activation: end it before activating {model}."),
            active=state.active,
            model=name,
        )
    return legality.refusal(state.models[name], command)


def decide(state: SquadState, command: c.Command, source: DiceSource) -> list[e.Event]:
    """The events a legal command produces, each naming its model (dice from ``source``).

    Raises:
        Refused: the refusal of :func:`refusal`, naming the rule.
        BadInputError: an unknown model or power.
    """
    if problem := refusal(state, command):
        raise problem
    if isinstance(command, c.EndTurn):
        return [e.TurnEnded()]
    name = resolve(state, command.model)
    if isinstance(command, c.HelpUp) and command.helper is not None:
        helper = resolve(state, command.helper)
        return [e.ActionSpent(model=helper), e.WokeUp(how="friendly_help", model=name, helper=helper)]
    events = a.decide(state.models[name], command, source)
    return [event.model_copy(update={"model": name}) for event in events]


def evolve(state: SquadState, event: e.Event) -> SquadState:
    """The squad after one event (pure); an event without a model is the first model's."""
    if isinstance(event, e.TurnEnded):
        return state.model_copy(update={"models": {n: a.evolve(m, event) for n, m in state.models.items()}})
    name = state.first if event.model is None else event.model
    if name not in state.models:
        raise BadInputError(
            Message(
                D,
                N_("No model named '{name}' in the squad: {names}."),
                {"name": name, "names": ", ".join(state.models)},
            )
        )
    return state.model_copy(update={"models": {**state.models, name: a.evolve(state.models[name], event)}})


def _candidates(state: SquadState) -> list[tuple[str | None, str, c.Command, int]]:
    found: list[tuple[str | None, str, c.Command, int]] = [(None, "end_turn", c.EndTurn(), 0)]
    for name, model in state.models.items():
        for kind, command, cost in legality.candidates(model):
            if kind != "end_turn":
                named: c.Command = dataclasses.replace(cast(Any, command), model=name)
                found.append((name, kind, named, cost))
        found += [
            (helper, "help_up", c.HelpUp(model=name, helper=helper), 1)
            for helper in state.models
            if helper != name and state.side(helper) == state.side(name)
        ]
    return found


def legal(state: SquadState, include_refused: bool = False) -> list[Legal[c.Command]]:
    """What may be done now, model by model, with the actions each costs; refused entries, on
    request, carry the rule and the reason (the same :func:`refusal` as :func:`decide`)."""
    found: list[Legal[c.Command]] = []
    for actor, kind, command, cost in _candidates(state):
        problem = refusal(state, command)
        details: dict[str, object] = {"by": "gm"} if kind in GM_COMMANDS else {}
        if kind == "declare" and problem is None and actor is not None:
            details = {"techniques": legality.declarable_techniques(state.models[actor])}
        if problem is None:
            found.append(Legal(actor, kind, command, cost, cost, details))
        elif include_refused:
            found.append(Legal(actor, kind, command, cost, cost, {}, problem.rule, problem.message))
    return found
