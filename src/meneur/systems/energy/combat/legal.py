"""Legality as a query: who may act now, every action with its cost and effective value, and why
the refused ones are refused (a UI shows the buttons that work and greys the others with the reason).

Each candidate is checked by :func:`~.decide.decide` itself, so the query and the engine never
disagree. ``command`` is a template: its ``tokens`` is the least tokens the action takes; any count
from ``cost_min`` to ``cost_max`` is legal for variable actions (attacks, defences, support).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from meneur.errors import IllegalActionError
from meneur.i18n import Message
from meneur.systems.energy.combat import checks
from meneur.systems.energy.combat.commands import (
    Attack,
    Charge,
    Command,
    Counter,
    Defend,
    EndFight,
    EndPhase,
    ExtendedDefense,
    GiveEnergy,
    Heal,
    Hold,
    Interact,
    Interpose,
    Interrupt,
    KeepHold,
    Maintain,
    Move,
    SpendStress,
    StartFight,
    UseSupport,
)
from meneur.systems.energy.combat.decide import decide
from meneur.systems.energy.combat.effects import ON_HIT
from meneur.systems.energy.combat.events import (
    AttackDeclared,
    Countered,
    DefensePlaced,
    EnergyGiven,
    Event,
    ExtendedDefensePlaced,
    VigorRestored,
)
from meneur.systems.energy.combat.profile import OFFENSIVE, Combatant
from meneur.systems.energy.combat.state import FightState, Phase

PLAYED = ("attack", "charge", "move", "support", "interact")
"""Actions a controller may make the character it controls do (ÉCHO)."""
VARIABLE = (Attack, Charge, Defend, ExtendedDefense, Counter, UseSupport, GiveEnergy, Heal, Interact,
            Maintain)


@dataclass(frozen=True, slots=True)
class LegalAction:
    """One button: who, what (a command template), what it costs and what it is worth.

    ``effective(tokens)`` gives the value of ``tokens`` engaged (reinforcement or weakening,
    GM modifier, engagement malus and halving applied); ``reason`` is None for a legal action and
    the translated rule otherwise.
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

    @property
    def legal(self) -> bool:
        """Whether the button works."""
        return self.reason is None

    def effective(self, tokens: int) -> int:
        """Effective tokens for ``tokens`` engaged (nothing engaged is worth nothing)."""
        return checks.halve(tokens + self.bonus, self.halving) if tokens > 0 else 0


def _first_use(state: FightState, actor: str, power: int | None) -> int:
    return checks.first_use_modifier(state.get(actor), power) if state.has(actor) else 0


def _paid(events: list[Event]) -> int:
    return sum(int(getattr(e, "paid", 0) or 0) for e in events)


def _check(state: FightState, actor: str | None, kind: str, command: Command, pool: int) -> LegalAction:
    try:
        events = decide(state, command)
    except IllegalActionError as error:
        return LegalAction(actor, kind, command, 0, 0, reason=error.message, rule=error.rule)
    paid = _paid(events)
    bonus = halving = 0
    for event in events:
        if isinstance(event, AttackDeclared):
            bonus, halving = event.bonus + event.adjustment, event.halving
        elif isinstance(event, DefensePlaced):
            bonus, halving = _first_use(state, event.actor, event.power), event.level
        elif isinstance(event, ExtendedDefensePlaced):
            bonus = event.tokens - event.paid  # "ne compte pas dans les points d'énergie engagés"
        elif isinstance(event, Countered):
            bonus = event.effective - event.paid
        elif isinstance(event, EnergyGiven | VigorRestored):
            bonus, halving = _first_use(state, event.actor, getattr(command, "power", None)), 1
    top = pool if isinstance(command, VARIABLE) else paid
    if isinstance(command, Attack) and command.joined:
        top += sum(tokens for _id, tokens in command.joined)
    return LegalAction(actor, kind, command, paid, max(paid, top), bonus, halving)


def _enemies(state: FightState, who: Combatant) -> list[Combatant]:
    return [c for c in state.combatants if c.side != who.side and not c.out]


def _allies(state: FightState, who: Combatant) -> list[Combatant]:
    return [c for c in state.combatants if c.side == who.side and c.id != who.id and not c.out]


def _power_indices(who: Combatant) -> range:
    return range(len(who.powers) + len(who.borrowed))


def _offensive_uses(who: Combatant) -> list[int | None]:
    uses: list[int | None] = [i for i in _power_indices(who)
                              if checks.is_offensive(who, i) or who.power(i).kind in ON_HIT]
    return uses or [None]


def _action_candidates(state: FightState, who: Combatant, with_refused: bool) -> list[tuple[str, Command]]:
    out: list[tuple[str, Command]] = []
    # Attacks take at least 1 token and one per target: skip the sure refusals unless asked for them.
    enemies = [e for e in _enemies(state, who) if with_refused or (who.energy and e.id not in state.targeted)]
    reach = state.options.contact_reach
    for power in _offensive_uses(who):
        contact = power is not None and who.counts_as(power, "off_c")
        for enemy in enemies:
            gap = checks.distance(who.position, enemy.position) if contact and not with_refused else 0.0
            if gap <= reach:
                out.append(("attack", Attack(who.id, enemy.id, 1, power)))
            if contact and (with_refused or (not who.charged and gap <= checks.MOVE_METRES + reach)):
                out.append(("charge", Charge(who.id, enemy.id, enemy.position, 1, power)))
    if who.made_by in OFFENSIVE or state.terrain:
        out += _together_and_through(state, who, enemies, with_refused)
    for power in _power_indices(who):
        kind = who.power(power).kind
        if kind in ON_HIT or (kind is None and who.power(power).category != "sup"):
            continue
        targets: list[tuple[str, ...]] = [()]
        if kind in ("give_energy", "heal"):
            targets = [(a.id,) for a in _allies(state, who)]
            targets += [(who.id,)] if kind == "heal" else []
        for chosen in targets:
            out.append(("support", UseSupport(who.id, power, 1, chosen, who.position, who.position)))
    moves: list[int | None] = [i for i in _power_indices(who) if who.counts_as(i, "mov")]
    out += [("move", Move(who.id, who.position, power)) for power in moves or [None]]
    out.append(("small_move", Move(who.id, who.position, small=True)))
    out += [("interact", Interact(who.id, t.id, 1)) for t in state.terrain if t.kind != "portal"]
    out += [("interact", Interact(who.id, key, 1, 1)) for key, _ in state.scene]
    out += [("move", Move(who.id, who.position, portal=t.id)) for t in state.terrain if t.kind == "portal"]
    out += [("hold", Hold(who.id)), ("stress", SpendStress(who.id, "determination"))]
    out.append(("pass", EndPhase(who.id)))
    return out


def _together_and_through(state: FightState, who: Combatant, enemies: list[Combatant],
                          with_refused: bool) -> list[tuple[str, Command]]:
    """Attacks joined by fellow offensive copies (LEGION) and attacks through portals (NEXUS)."""
    out: list[tuple[str, Command]] = []
    fellows = tuple((c.id, 1) for c in state.combatants if who.made_by in OFFENSIVE and c.id != who.id
                    and c.original == who.original and c.made_by in OFFENSIVE and not c.out and c.energy)
    portals = [t.id for t in state.terrain if t.kind == "portal"]
    for power in _offensive_uses(who):
        through = power is not None and (who.counts_as(power, "off_c")
                                         or who.power(power).kind == "forced_move")
        for enemy in enemies:
            if fellows:
                out.append(("attack", Attack(who.id, enemy.id, 1, power, joined=fellows)))
            out += [("attack", Attack(who.id, enemy.id, 1, power, portal=p)) for p in portals if through]
    return out


def _reaction_candidates(state: FightState, with_refused: bool) -> list[tuple[str, Command]]:
    assert state.pending is not None
    target = state.get(state.pending.target)
    defences = [i for i in _power_indices(target) if target.counts_as(i, "def")]
    out: list[tuple[str, Command]] = [("defend", Defend(target.id, 0, p)) for p in (*defences, None)]
    for ally in _allies(state, target):
        if ally.id == state.pending.attacker:
            continue
        if not with_refused and checks.distance(ally.position, target.position) > checks.NEAR_METRES:
            continue
        guards = [i for i in _power_indices(ally) if ally.counts_as(i, "def")]
        if state.pending.interposed_by is None:
            out += [("interpose", Interpose(ally.id, p)) for p in (*guards, None)]
        out += [("extended_defense", ExtendedDefense(ally.id, 1, (target.id,), p)) for p in guards]
    out += [("stress", SpendStress(target.id, "determination"))]
    return out


def _holder_candidates(state: FightState) -> list[tuple[str, Command]]:
    out: list[tuple[str, Command]] = []
    acting = state.acting
    for who in state.combatants:
        if who.hold and not who.out and who.id != acting:
            out.append(("interrupt", Interrupt(who.id)))
            if state.pending is not None:
                out += [("counter", Counter(who.id, 1, p)) for p in _power_indices(who)]
    return out


def _maintenance_candidates(state: FightState) -> list[tuple[str, Command]]:
    out: list[tuple[str, Command]] = [("keep_hold", KeepHold(c.id)) for c in state.combatants if c.hold]
    out += [("maintain", Maintain(m.owner, i, max(1, m.tokens))) for i, m in enumerate(state.maintainable)]
    return out


def candidates(state: FightState, with_refused: bool = True) -> list[tuple[str, Command]]:
    """Every action worth a button in ``state`` (legal or not; ``with_refused=False`` skips sure refusals)."""
    if state.phase is Phase.SETUP:
        return [("start", StartFight())]
    if state.phase is Phase.ENDED:
        return []
    out: list[tuple[str, Command]] = []
    if state.pending is not None:
        out += _reaction_candidates(state, with_refused)
    elif state.phase is Phase.MAINTENANCE:
        out += [*_maintenance_candidates(state), ("pass", EndPhase())]
    elif (acting := state.acting) is not None:
        out += _action_candidates(state, state.get(acting), with_refused)
        for puppet in state.combatants:
            if puppet.controlled_by == acting and not puppet.out:
                out += [(kind, command) for kind, command in _action_candidates(state, puppet, True)
                        if kind in PLAYED]
    elif state.phase is Phase.ACTION:
        out.append(("pass", EndPhase()))
    if state.phase is Phase.ACTION:
        out += _holder_candidates(state)
    out.append(("end", EndFight()))
    return out


def _actor(command: Command) -> str | None:
    value: Any = getattr(command, "actor", None)
    return value if isinstance(value, str) else None


def _pool(state: FightState, actor: str | None) -> int:
    """Tokens the actor can spend: its own, or its controller's when the controller plays it."""
    if actor is None or not state.has(actor):
        return 0
    who = state.get(actor)
    if who.controlled_by is not None and who.controlled_by == state.acting:
        return state.get(who.controlled_by).energy
    return who.energy


def legal_actions(state: FightState, include_refused: bool = False) -> list[LegalAction]:
    """The actions of ``state``: the legal ones, and the refused ones with their reason if asked."""
    found = []
    for kind, command in candidates(state, include_refused):
        if kind == "end" and state.phase in (Phase.ACTION, Phase.MAINTENANCE):
            found.append(LegalAction(None, kind, command, 0, 0))  # the GM may always end the fight
            continue
        actor = _actor(command)
        pool = _pool(state, actor)
        action = _check(state, actor, kind, command, pool)
        if action.legal or include_refused:
            found.append(action)
    return found


def with_tokens(command: Command, tokens: int) -> Command:
    """The template ``command`` with ``tokens`` engaged (commands without tokens are returned as is); for
    copies attacking together, ``tokens`` is the acting copy's share and the joined copies keep theirs."""
    if isinstance(command, VARIABLE):
        changed: Command = replace(command, tokens=tokens)
        return changed
    return command
