"""The one place the AI meets the combat engine: who must decide now, with which legal actions, and
how a chosen action becomes a concrete command.

Everything the policies know about the rules comes through here: the legality query
(:func:`~meneur.systems.energy.combat.legal_actions`, with each action's cost and effective value,
asked candidate by candidate so that a policy pays only for the options it looks at) and
``decide``/``apply`` (the outcome of a command). Switching to ``meneur.engine.Session`` is a change of
this module only. Lookahead uses the engine's immutable states: keeping a state object is the engine's
own undo (:meth:`Session.undo` restores the state kept before the command), without the log.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from math import hypot

from meneur.errors import Refused
from meneur.systems.energy.combat import decide, evolve_all, rules
from meneur.systems.energy.combat.commands import (
    Command,
    EndFight,
    EndPhase,
    Interrupt,
    Move,
    StartFight,
)
from meneur.systems.energy.combat.events import Event
from meneur.systems.energy.combat.legal import LegalAction, candidates, verdict, with_tokens
from meneur.systems.energy.combat.legal_candidates import together
from meneur.systems.energy.combat.outcome import winner as side_standing_alone
from meneur.systems.energy.combat.profile import Combatant, Point
from meneur.systems.energy.combat.state import FightState, Phase

__all__ = [
    "SIDES",
    "Decision",
    "LegalAction",
    "decisions",
    "enemies_of",
    "gm_command",
    "outcome",
    "step",
    "try_events",
    "winner",
]

SIDES = ("heroes", "foes")
MOVE_REACH = rules.MOVE_METRES - 0.5
"""A little under the 20 m of a move (positions are floats; staying inside keeps the move legal)."""
SMALL_REACH = rules.SMALL_MOVE_METRES - 0.1
"""A little under the 5 m of a small move, likewise."""


Template = tuple[str, Command]
Query = Callable[[frozenset[str] | None], list[Template]]
"""The candidates of one decision of the given kinds (None: of every kind), in the query's order."""


class Decision:
    """A choice one side must (or may, when ``optional``) make now.

    ``kind`` is ``action`` (the acting character's action phase), ``reaction`` (an attack waits for
    its target's side), ``interrupt`` (holders of the other side may act first) or ``maintenance``.
    The legal options are the engine's legality query restricted to that side; they are checked
    lazily, kind by kind (:meth:`of`), because a policy rarely looks at all of them (a character has a
    dozen actions d'éclat, one per power and category, and each costs a ``decide``). A decision made
    by :func:`decisions` does not even build its candidates before they are asked for: :meth:`of`
    asks the engine for its kinds alone (``legal_candidates.candidates(state, kinds=...)``).
    """

    __slots__ = ("_checked", "_fetched", "_query", "_templates", "actor", "kind", "optional", "side", "state")

    def __init__(
        self,
        side: str,
        kind: str,
        actor: str | None,
        templates: Sequence[Template] | Sequence[LegalAction],
        optional: bool,
        state: FightState | None = None,
    ) -> None:
        self.side, self.kind, self.actor, self.optional, self.state = side, kind, actor, optional, state
        self._query: Query | None = None
        self._fetched: list[tuple[frozenset[str], list[Template]]] = []
        self._checked: dict[tuple[str, int], tuple[Command, LegalAction | None]] = {}
        known = [t for t in templates if isinstance(t, LegalAction)]
        if known:  # already checked options (built by hand)
            self._templates: tuple[Template, ...] | None = tuple((a.kind, a.command) for a in known)
            self._checked = {(a.kind, id(a.command)): (a.command, a) for a in known}
        else:
            self._templates = tuple(t for t in templates if not isinstance(t, LegalAction))

    def __repr__(self) -> str:
        return f"Decision({self.side!r}, {self.kind!r}, {self.actor!r}, optional={self.optional})"

    def _all(self) -> tuple[Template, ...]:
        """Every candidate (built now if the decision was made without them)."""
        templates = self._templates
        if templates is None:
            assert self._query is not None
            templates = self._templates = tuple(self._query(None))
        return templates

    def _of_kinds(self, kinds: frozenset[str]) -> Sequence[Template]:
        """Candidates, among them every one of ``kinds`` in the query's order (and maybe others)."""
        if self._templates is not None:
            return self._templates
        for asked, found in self._fetched:
            if kinds <= asked:
                return found
        assert self._query is not None
        asked = together(kinds)  # an action's attacks and charges are built in one pass: keep both
        found = self._query(asked)
        self._fetched.append((asked, found))
        return found

    def _check(self, kind: str, command: Command) -> LegalAction | None:
        key = (kind, id(command))
        known = self._checked.get(key)
        if known is not None:
            return known[1]
        assert self.state is not None
        found = check(self.state, kind, command)
        self._checked[key] = (command, found)  # the command kept alive: its id stays its own
        return found

    def indices(self) -> list[int]:
        """The indices of the candidate options (legal or not: nothing is checked)."""
        return list(range(len(self._all())))

    def option(self, index: int) -> LegalAction | None:
        """Candidate ``index`` if the engine accepts it."""
        kind, command = self._all()[index]
        return self._check(kind, command)

    @property
    def options(self) -> tuple[LegalAction, ...]:
        """Every legal option of the decision (each checked by the engine)."""
        found = (self._check(kind, command) for kind, command in self._all())
        return tuple(a for a in found if a is not None)

    def of(self, *kinds: str, where: Callable[[Command], bool] | None = None) -> tuple[LegalAction, ...]:
        """The legal options of the given kinds only (``attack``, ``defend``, ``stress``...), and of
        those only the ones whose command passes ``where`` (the others are not even checked)."""
        found = []
        check_one = self._check
        for kind, command in self._of_kinds(frozenset(kinds)):
            if kind in kinds and (where is None or where(command)):
                action = check_one(kind, command)
                if action is not None:
                    found.append(action)
        return tuple(found)

    def kinds(self) -> frozenset[str]:
        """The kinds of the candidate options (legal or not: nothing is checked)."""
        return frozenset(kind for kind, _ in self._all())


def check(state: FightState, kind: str, command: Command) -> LegalAction | None:
    """The engine's verdict on one candidate of its legality query: the action with its cost range and
    value, or None when refused (the very check :func:`legal_actions` makes of each candidate).

    The events come from :func:`try_events`, so the step that plays the option (or weighs it) finds
    them there instead of asking the engine again."""
    events = try_events(state, command)
    return None if events is None else verdict(state, kind, command, events)


def winner(state: FightState) -> str | None:
    """The side still standing when the other is entirely knocked out, else None (the rules'
    :func:`~meneur.systems.energy.combat.outcome.winner`)."""
    return side_standing_alone(state)


def over(state: FightState) -> bool:
    """Whether one side is entirely knocked out (or the fight ended)."""
    if state.phase is Phase.ENDED:
        return True
    first: str | None = None
    for c in state.combatants:
        if not c.out:
            if first is None:
                first = c.side
            elif c.side != first:
                return False
    return True


def gm_command(state: FightState) -> Command | None:
    """What the fight needs when no side has a choice: start, end, or pass the maintenance phase."""
    if state.phase is Phase.SETUP:
        return StartFight()
    if state.phase is Phase.ENDED:
        return None
    if over(state):
        return EndFight()
    if state.pending is None and (state.phase is Phase.MAINTENANCE or state.acting is None):
        return EndPhase()
    return None


def side_of(state: FightState, id: str | None) -> str | None:
    """The side of combatant ``id``."""
    return state.get(id).side if id is not None and state.has(id) else None


def enemies_of(state: FightState, side: str) -> list[Combatant]:
    """Standing combatants of the other side."""
    return [c for c in state.combatants if c.side != side and not c.out]


_LAST: list[tuple[FightState | None, list[Decision]]] = [(None, [])]


def decisions(state: FightState) -> list[Decision]:
    """The choices open now, in the order they are offered (optional ones first).

    The answer for the last state asked about is kept (a policy and the player loop ask twice)."""
    last, found = _LAST[0]
    if last is state:
        return found
    found = _decisions(state)
    _LAST[0] = (state, found)
    return found


def _decisions(state: FightState) -> list[Decision]:
    if state.phase in (Phase.SETUP, Phase.ENDED) or over(state):
        return []
    sides = {c.id: c.side for c in state.combatants}
    pending = state.pending
    if pending is not None:  # the most frequent question
        side = sides.get(pending.target, "")

        def mine(kinds: frozenset[str] | None) -> list[Template]:
            return [
                (kind, command)
                for kind, command in candidates(state, False, kinds=kinds)
                if kind not in ("end", "interrupt")
                and isinstance(actor := getattr(command, "actor", None), str)
                and sides.get(actor) == side
                and not (kind == "stress" and state.get(actor).out)
            ]

        return [_unchecked(side, "reaction", pending.target, mine, False, state)]
    if state.phase is Phase.MAINTENANCE:
        every: dict[frozenset[str] | None, list[tuple[str, Command, str]]] = {}

        def of_side(side: str) -> Query:
            def query(kinds: frozenset[str] | None) -> list[Template]:
                found = every.get(kinds)
                if found is None:  # both sides' decisions share one query
                    found = every[kinds] = [
                        (kind, command, actor)
                        for kind, command in candidates(state, False, kinds=kinds)
                        if kind != "end" and isinstance(actor := getattr(command, "actor", None), str)
                    ]
                return [(k, c) for k, c, a in found if sides.get(a) == side]

            return query

        return [_unchecked(side, "maintenance", None, of_side(side), True, state) for side in SIDES]
    acting = state.acting
    if acting is None:
        return []
    side = sides.get(acting, "")
    # Without puppets, the acting character's candidates are those whose actor it is.
    alone = acting if all(c.controlled_by != acting for c in state.combatants) else None

    def own(kinds: frozenset[str] | None) -> list[Template]:
        return [
            (kind, command)
            for kind, command in candidates(state, False, actor=alone, kinds=kinds)
            if kind not in ("end", "interrupt", "counter")
            and isinstance(actor := getattr(command, "actor", None), str)
            and (actor == acting or state.get(actor).controlled_by == acting)
        ]

    out: list[Decision] = []
    if not state.acted and state.interruption is None:
        interrupts = [
            (kind, command, actor)
            for kind, command in candidates(state, False, kinds=("interrupt",))
            if isinstance(actor := getattr(command, "actor", None), str)
        ]
        for other in SIDES:
            if other != side:
                holders = [
                    action
                    for k, c, a in interrupts
                    if sides.get(a) == other and (action := check(state, k, c)) is not None
                ]
                if holders:
                    out.append(Decision(other, "interrupt", None, holders, True, state))
    out.append(_unchecked(side, "action", acting, own, False, state))
    return out


def _unchecked(
    side: str,
    kind: str,
    actor: str | None,
    query: Query,
    optional: bool,
    state: FightState,
) -> Decision:
    """A :class:`Decision` whose candidates are asked of the engine kind by kind when first needed
    (what :func:`decisions` makes for every state)."""
    decision = Decision.__new__(Decision)
    decision.side, decision.kind, decision.actor, decision.optional = side, kind, actor, optional
    decision.state, decision._templates, decision._query = state, None, query
    decision._fetched, decision._checked = [], {}
    return decision


def try_events(state: FightState, command: Command) -> list[Event] | None:
    """The events of ``command`` in ``state``, or None when the engine refuses it.

    The engine's answers are kept for the last few states asked about (states are immutable and
    ``decide`` is pure): a policy asks about the same command more than once (its value, its
    resolution at a token count it already tried, then the step that plays it). The events are
    shared: read them, never change them."""
    last = _LAST_DECIDED[0]
    known = last[1] if last[0] is state else _known(state)
    found = known.get(command, _UNKNOWN)
    if found is not _UNKNOWN:
        return found  # type: ignore[return-value]
    try:
        events: list[Event] | None = decide(state, command)
    except Refused:
        events = None
    known[command] = events
    return events


_DECIDED: dict[int, tuple[FightState, dict[Command, list[Event] | None]]] = {}
"""The answers of :func:`try_events` by state (its id, the state kept alive with them)."""


_LAST_DECIDED: list[tuple[FightState | None, dict[Command, list[Event] | None]]] = [(None, {})]
"""The state :func:`try_events` was last asked about, with its answers (most questions follow one
another on one state)."""
_UNKNOWN = object()


def _known(state: FightState) -> dict[Command, list[Event] | None]:
    found = _DECIDED.get(id(state))
    if found is not None and found[0] is state:
        known = found[1]
    else:
        if len(_DECIDED) >= 32:  # a policy looks a few states ahead at most
            _DECIDED.clear()
        known = {}
        _DECIDED[id(state)] = (state, known)
    _LAST_DECIDED[0] = (state, known)
    return known


def outcome(state: FightState, command: Command) -> FightState | None:
    """The state after ``command`` (the engine decides and applies), or None when refused."""
    events = try_events(state, command)
    return None if events is None else evolve_all(state, events)


def step(state: FightState, command: Command) -> FightState:
    """The state after a command known to be legal (the engine says why it is not, if it is not)."""
    events = try_events(state, command)
    return evolve_all(state, events if events is not None else decide(state, command))


def toward(origin: Point, goal: Point, reach: float, stop: float) -> Point:
    """A point on the way from ``origin`` to ``goal``, at most ``reach`` away, ``stop`` short of it."""
    dx, dy = goal[0] - origin[0], goal[1] - origin[1]
    length = hypot(dx, dy)
    if length <= stop or length == 0:
        return origin
    go = min(reach, length - stop)
    return (round(origin[0] + dx * go / length, 3), round(origin[1] + dy * go / length, 3))


def move_to(action: LegalAction, goal: Point, stop: float = 1.0) -> Command:
    """A move template sent toward ``goal``."""
    command = action.command
    assert isinstance(command, Move)
    if command.portal is not None:
        return command
    reach = SMALL_REACH if command.small else MOVE_REACH
    return replace(command, to=toward(command.to, goal, reach, stop))


def instance(action: LegalAction, tokens: int) -> Command:
    """The template with ``tokens`` engaged (clamped to what the action allows).

    The commands made are kept by template (templates are immutable and found again state after
    state, and a policy weighs one action at several token counts, then plays one of them): the same
    command comes back, not a copy to make and to hash again."""
    template = action.command
    tokens = max(action.cost_min, min(action.cost_max, tokens))
    entry = _INSTANCES.get(id(template))
    if entry is None or entry[0] is not template:
        if len(_INSTANCES) >= 8192:
            _INSTANCES.clear()
        entry = _INSTANCES[id(template)] = (template, {})
    found = entry[1].get(tokens)
    if found is None:
        found = entry[1][tokens] = with_tokens(template, tokens)
    return found


_INSTANCES: dict[int, tuple[Command, dict[int, Command]]] = {}
"""The commands :func:`instance` made, by template (its id, the template kept alive with them)."""


def interrupt_of(action: LegalAction) -> Interrupt:
    """The interrupt command of an ``interrupt`` option."""
    assert isinstance(action.command, Interrupt)
    return action.command
