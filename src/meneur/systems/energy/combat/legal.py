"""Legality as a query: who may act now, every action with its cost and effective value, and why
the refused ones are refused (a UI shows the buttons that work and greys the others with the reason).

Each candidate is checked by :func:`~.decide.decide` itself (by the very handler ``decide`` hands it
to, called at once for a command no controller plays), so the query and the engine never disagree;
candidates that the named predicates of :mod:`.rules` already refuse are not even tried unless the
refused ones are asked for (:mod:`.legal_candidates` asks the same predicates ``decide``'s path
refuses with, never a copy of their conditions). Stress uses cost no token but a stress box
(``stress_cost``).
``command`` is a template: its ``tokens`` is the least tokens the action takes; any count
from ``cost_min`` to ``cost_max`` is legal for variable actions (attacks, defences, support).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import fields
from functools import lru_cache
from operator import attrgetter
from typing import Any, NamedTuple

from meneur.errors import Refused
from meneur.i18n import Message
from meneur.systems.energy.combat import area, checks, interaction, rules
from meneur.systems.energy.combat.commands import (
    Attack,
    Charge,
    Command,
    Counter,
    Defend,
    ExtendedDefense,
    ForceMove,
    GiveEnergy,
    Heal,
    Interact,
    Maintain,
    Regenerate,
    UseSupport,
)
from meneur.systems.energy.combat.decide import HANDLERS, PLAYABLE, decide
from meneur.systems.energy.combat.effects import control
from meneur.systems.energy.combat.events import (
    AttackDeclared,
    Countered,
    DefensePlaced,
    EnergyGiven,
    Event,
    ExtendedDefensePlaced,
    Held,
    HoldKept,
    StressSpent,
    VigorRestored,
)
from meneur.systems.energy.combat.legal_candidates import GM_KINDS, PLAYED, candidates
from meneur.systems.energy.combat.state import FightState, Phase

__all__ = ["PLAYED", "VARIABLE", "LegalAction", "candidates", "legal_actions", "with_tokens"]

VARIABLE = (
    Attack,
    Charge,
    Defend,
    ExtendedDefense,
    Counter,
    UseSupport,
    GiveEnergy,
    Heal,
    Interact,
    Maintain,
    ForceMove,
    Regenerate,
)
ONE_TOKEN = (Held, HoldKept)
"""Events whose token is paid without a ``paid`` field: "dépenser 1 point d'énergie pour se placer en
attente", "conserver sa mise en attente au prix d'un point d'énergie" (002_58e889a1abff3456.txt)."""


class LegalAction(NamedTuple):
    """One button: who, what (a command template), what it costs and what it is worth.

    ``effective(tokens)`` gives the value of ``tokens`` engaged (reinforcement or weakening,
    GM modifier, engagement malus and halving applied); ``reason`` is None for a legal action and
    the translated rule otherwise. A named tuple: immutable, and cheap to make (the query makes many).
    """

    actor: str | None
    kind: str
    command: Command
    cost_min: int
    cost_max: int
    bonus: int = 0
    halving: int = 0
    reason: Message | None = None
    rule: str | None = None
    stress_cost: int = 0
    """Stress boxes the action checks ("cocher une case de stress"): 1 for a stress use."""
    in_zone: tuple[str, ...] = ()
    """For an area attack, every combatant inside its zone (:func:`.area.inside`), the template's named
    targets and the others: a page preselects them, the attacker names whom it hits."""

    @property
    def legal(self) -> bool:
        """Whether the button works."""
        return self.reason is None

    def effective(self, tokens: int) -> int:
        """Effective tokens for ``tokens`` engaged (nothing engaged is worth nothing)."""
        return checks.halve(tokens + self.bonus, self.halving) if tokens > 0 else 0

    def effectives(self) -> tuple[int, ...]:
        """:meth:`effective` of each token count from ``cost_min`` to ``cost_max`` (what a page shows;
        the query lists many actions with the same four numbers, so the row is made once for them)."""
        return _effectives(self.cost_min, self.cost_max, self.bonus, self.halving)


@lru_cache(maxsize=4096)
def _effectives(low: int, high: int, bonus: int, halving: int) -> tuple[int, ...]:
    return tuple(checks.halve(n + bonus, halving) if n > 0 else 0 for n in range(low, high + 1))


def _first_use(state: FightState, actor: str, power: int | None) -> int:
    return checks.first_use_modifier(state.get(actor), power) if state.has(actor) else 0


def _is_fixed(command: Command, events: Sequence[Event]) -> bool:
    """Whether a variable command costs a fixed amount here: maintaining a portal or an immunity pays
    "son énergie requise" again, whatever the template says."""
    return isinstance(command, Maintain) and not any(isinstance(e, AttackDeclared) for e in events)


def _check(state: FightState, actor: str | None, kind: str, command: Command, pool: int) -> LegalAction:
    """Ask :func:`~.decide.decide` and read the cost and value off the events."""
    try:
        events = decide(state, command)
    except Refused as error:
        return _make(LegalAction, (actor, kind, command, 0, 0, 0, 0, error.message, error.rule, 0, ()))
    return _read(state, actor, kind, command, pool, events)


def _read(
    state: FightState, actor: str | None, kind: str, command: Command, pool: int, events: Sequence[Event]
) -> LegalAction:
    """The legal action ``command`` is, read off the events :func:`~.decide.decide` gave for it."""
    paid = bonus = halving = stress = 0
    for event in events:  # one pass: the tokens the events take from pools, and what they are worth
        cls = type(event)  # events are final named tuples: their class says what they are
        if cls in _ONE_TOKEN:  # a hold: 1
            paid += 1
            continue
        pays = _PAYS.get(cls)
        if pays is None:
            pays = _PAYS[cls] = hasattr(cls, "paid")
        if pays:  # asking every event for a field most have not costs an AttributeError each
            paid += int(event.paid or 0)  # type: ignore[union-attr]
        if cls not in _VALUED:  # most events say nothing of the action's worth
            continue
        if isinstance(event, AttackDeclared):
            bonus, halving = event.bonus + event.adjustment, event.halving
        elif isinstance(event, DefensePlaced):
            bonus, halving = _first_use(state, event.actor, event.power), event.level
        elif isinstance(event, ExtendedDefensePlaced):
            bonus = event.tokens - event.paid  # "ne compte pas dans les points d'énergie engagés"
        elif isinstance(event, Countered):
            bonus = event.effective - event.paid
        elif isinstance(event, StressSpent):
            stress += 1
        elif isinstance(event, EnergyGiven | VigorRestored):
            bonus, halving = _first_use(state, event.actor, getattr(command, "power", None)), 1
    variable = type(command) in _VARIABLE
    top = pool if variable and not _is_fixed(command, events) else paid
    zone: tuple[str, ...] = ()
    if variable:
        if isinstance(command, Interact):  # no more than the interaction still needs ("4 sur 3")
            price = interaction.pricing(state, state.get(command.actor), command)
            bonus, halving, top = price.bonus, price.halving, interaction.most_tokens(state, command, pool)
        elif isinstance(command, Attack):
            if command.joined:
                top += sum(tokens for _id, tokens in command.joined)
            if command.area_targets:
                zone = _zone(state, command)
    values = (actor, kind, command, paid, max(paid, top), bonus, halving, None, None, stress, zone)
    return _make(LegalAction, values)


_make = tuple.__new__
"""A :class:`LegalAction` from all its values at once (the named tuple's own ``__new__`` binds them one
by one, by name: the query makes many)."""
_ONE_TOKEN = frozenset(ONE_TOKEN)
_VARIABLE = frozenset(VARIABLE)
_VALUED = frozenset(
    {AttackDeclared, DefensePlaced, ExtendedDefensePlaced, Countered, StressSpent, EnergyGiven, VigorRestored}
)
"""The events that say what an action is worth (its bonus, halvings, stress boxes)."""
_PLAYABLE = frozenset(PLAYABLE)
_PAYS: dict[type, bool] = {}
"""Whether an event's class has a ``paid`` field (the tokens it takes from a pool)."""


def _zone(state: FightState, command: Attack) -> tuple[str, ...]:
    """The combatants inside an area attack's zone: the query's zone is centred on its first target
    (:func:`.legal_candidates.candidates`), of the declared diameter."""
    centre = state.get(command.target).position
    return area.inside(state.combatants, command.actor, centre, command.diameter)


def _pool(state: FightState, actor: str | None, command: Command) -> int:
    """Tokens the actor can spend on ``command``: its controller's when the controller plays it (the
    commands :func:`~.decide.decide` hands to :func:`.control.on_behalf`), its own otherwise (a
    controlled character's own defence is paid from its own pool)."""
    index = -1 if actor is None else state.find(actor)
    if actor is None or index < 0:
        return 0
    who = state.combatants[index]
    if who.controlled_by is not None and type(command) in _PLAYABLE:
        controller = control.played_by(state, actor)
        if controller is not None:
            return state.get(controller).energy
    return who.energy


def checked(state: FightState, kind: str, command: Command) -> LegalAction:
    """The engine's verdict on one candidate ``command`` of kind ``kind``: the action with its cost
    range and value, or with the rule and the reason it is refused (the very check
    :func:`legal_actions` makes of each candidate, for an AI that checks only the ones it looks at)."""
    actor = getattr(command, "actor", None)
    return _check(state, actor, kind, command, _pool(state, actor, command))


def verdict(state: FightState, kind: str, command: Command, events: Sequence[Event]) -> LegalAction:
    """:func:`checked` for a command whose events the caller already has from
    :func:`~.decide.decide` (a policy that keeps the engine's answers does not ask twice)."""
    actor = getattr(command, "actor", None)
    return _read(state, actor, kind, command, _pool(state, actor, command), events)


def legal_actions(state: FightState, include_refused: bool = False) -> list[LegalAction]:
    """The actions of ``state``: the legal ones, and the refused ones with their reason if asked.

    Args:
        state: the fight now.
        include_refused: also list the refused candidates, each with its reason and rule.
    """
    found = []
    combatants = state.combatants
    ended = state.phase is Phase.ENDED
    for kind, command in candidates(state, include_refused):
        if kind == "end" and state.phase in rules.FIGHTING:
            found.append(LegalAction(None, kind, command, 0, 0))  # the GM may always end the fight
            continue
        if kind in GM_KINDS:  # gm_candidates offers only what the GM may do now (rules.may_leave...)
            found.append(LegalAction(None, kind, command, 0, 0))
            continue
        actor = getattr(command, "actor", None)
        index = -1 if actor is None else state.find(actor)
        who = combatants[index] if index >= 0 else None
        handler = HANDLERS.get(type(command))
        if ended or handler is None or (who is not None and who.controlled_by is not None):
            action = _check(state, actor, kind, command, _pool(state, actor, command))
        else:  # what decide does for a command no controller plays: its handler, at once
            try:
                events = handler(state, command)
            except Refused as error:
                action = _make(
                    LegalAction, (actor, kind, command, 0, 0, 0, 0, error.message, error.rule, 0, ())
                )
            else:
                action = _read(state, actor, kind, command, 0 if who is None else who.energy, events)
        if action.reason is None or include_refused:
            found.append(action)
    return found


def with_tokens(command: Command, tokens: int) -> Command:
    """The template ``command`` with ``tokens`` engaged (commands without tokens are returned as is); for
    copies attacking together, ``tokens`` is the acting copy's share and the joined copies keep theirs."""
    if isinstance(command, VARIABLE):
        if command.tokens == tokens:
            return command
        values, place = _values(type(command))
        args = list(values(command))
        args[place] = tokens
        changed: Command = type(command)(*args)
        return changed
    return command


def _values(kind: type) -> tuple[Callable[[Any], tuple[Any, ...]], int]:
    """A getter of every field of a variable command, in order, and the place of ``tokens``:
    ``kind(*values)`` is :func:`dataclasses.replace` without its generic machinery (the AI sets the
    tokens of every action it weighs)."""
    found = _VALUES.get(kind)
    if found is None:
        names = [f.name for f in fields(kind)]
        found = _VALUES[kind] = (attrgetter(*names), names.index("tokens"))
    return found


_VALUES: dict[type, tuple[Callable[[Any], tuple[Any, ...]], int]] = {}
