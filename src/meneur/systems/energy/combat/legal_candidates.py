"""The candidates of the legality query: every action worth a button in a state, as command templates.

Conventions:
    * A template engages the least tokens the action takes (1 for a variable action).
    * ``with_refused=False`` leaves out candidates that are sure to be refused (each skip repeats a
      refusal of :func:`~.decide.decide`); ``with_refused=True`` keeps them so the query can say why.
      ``tests/energy/combat/test_legal_query.py`` checks that the two agree on every legal action.
    * Rule text: ``002_58e889a1abff3456.txt`` (tactical combat chapter).
"""

from __future__ import annotations

from typing import Any, NamedTuple, TypeVar, cast

from meneur.systems.energy.combat import checks, movement, rules
from meneur.systems.energy.combat.commands import (
    Adjust,
    Arrive,
    Attack,
    Charge,
    Command,
    Counter,
    Defend,
    EndFight,
    EndPhase,
    ExtendedDefense,
    ForceMove,
    Hold,
    Interact,
    Interpose,
    Interrupt,
    KeepHold,
    Leave,
    Maintain,
    Move,
    PlaceTerrain,
    Regenerate,
    SpendStress,
    StartFight,
    UseSupport,
)
from meneur.systems.energy.combat.effects import ON_HIT
from meneur.systems.energy.combat.profile import OFFENSIVE, Combatant, PowerProfile
from meneur.systems.energy.combat.state import FightState, Phase
from meneur.systems.energy.combat.turn import CATEGORIES

Candidate = tuple[str, Command]
C = TypeVar("C")
PLAYED = ("attack", "charge", "move", "support", "interact", "force_move")
GM_KINDS = frozenset({"arrive", "leave", "adjust", "place_terrain"})
"""The GM's commands: listed with no actor, for the GM."""
"""Actions a controller may make the character it controls do (ÉCHO)."""
OFFENSIVE_SET = frozenset(OFFENSIVE)
MOVING = frozenset({"mov", "sup"})
"""Categories a power moves its user with (a Sup power at half)."""
FIXED_FROM_POOL = frozenset({"give_energy", "heal", None})
"""Support kinds whose least cost is 1 token from the pool (no reinforcement discount below 1)."""


_MADE: dict[tuple[object, ...], Any] = {}


def made(kind: type[C], *args: Any) -> C:
    """``kind(*args)``, one object per distinct template: commands are immutable, and making a frozen
    dataclass costs more than finding it again (the query makes the same templates turn after turn)."""
    key = (kind, *args)
    found = _MADE.get(key)
    if found is None:
        if len(_MADE) > 16384:
            _MADE.clear()
        found = _MADE[key] = kind(*args)
    return cast(C, found)


def _enemies(state: FightState, who: Combatant) -> list[Combatant]:
    return [c for c in state.combatants if c.side != who.side and not c.out]


def _allies(state: FightState, who: Combatant) -> list[Combatant]:
    return [c for c in state.combatants if c.side == who.side and c.id != who.id and not c.out]


def _power_indices(who: Combatant) -> range:
    return range(len(who.powers) + len(who.borrowed))


class Kit(NamedTuple):
    """What a combatant's powers allow this turn, by category (derived once per power set)."""

    offensive: tuple[int | None, ...]
    contact: frozenset[int]
    mov: tuple[int, ...]
    defence: tuple[int, ...]
    moves_freely: bool
    feats: tuple[tuple[int, Candidate], ...]


_KITS: dict[tuple[object, ...], tuple[tuple[PowerProfile, ...], Kit]] = {}


def _kit(who: Combatant) -> Kit:
    """The :class:`Kit` of ``who``, cached on its power set (the powers tuple is kept alive with the
    entry, so its id cannot be reused while the entry stands)."""
    key = (who.id, id(who.powers), who.borrowed, who.extra_categories)
    found = _KITS.get(key)
    if found is not None and found[0] is who.powers:
        return found[1]
    if len(_KITS) > 512:
        _KITS.clear()
    indices = _power_indices(who)
    counted = [who.categories(i) for i in indices]
    offensive: tuple[int | None, ...] = tuple(
        i for i in indices if counted[i] & OFFENSIVE_SET or who.power(i).kind in ON_HIT)
    feats = tuple((i, _feat(who.id, i, category)) for i in indices
                  for category in CATEGORIES if category not in counted[i])
    kit = Kit(offensive or (None,), frozenset(i for i in indices if "off_c" in counted[i]),
              tuple(i for i in indices if "mov" in counted[i]),
              tuple(i for i in indices if "def" in counted[i]),
              any(counted[i] & MOVING for i in indices), feats)
    _KITS[key] = (who.powers, kit)
    return kit


def _feat(actor: str, power: int, category: str) -> Candidate:
    """The action d'éclat candidate of ``power`` counted in ``category``."""
    return "stress", made(SpendStress, actor, "feat", power, category)


def _offensive_uses(who: Combatant) -> tuple[int | None, ...]:
    return _kit(who).offensive


def _can_move_more(who: Combatant) -> bool:
    """Whether a further move is possible at all ("ne peut pas être effectué en plus d'un autre
    déplacement"; without a Mov power, one move a turn)."""
    return not who.small_move and (rules.may_move_again(who, None) or _kit(who).moves_freely)


def _attacks(state: FightState, who: Combatant, with_refused: bool) -> list[Candidate]:
    """Attacks and charges on each enemy, with each offensive use (or without a power, at half)."""
    out: list[Candidate] = []
    hopeless = not with_refused and (not who.energy or who.made_by == "def" or who.immune)
    enemies = [] if hopeless else [e for e in _enemies(state, who)
                                   if with_refused or e.id not in state.targeted]
    reach = state.options.contact_reach
    may_charge = with_refused or (not who.charged and _can_move_more(who))
    for power in _offensive_uses(who):
        contact = power in _kit(who).contact
        for enemy in enemies:
            gap = checks.distance(who.position, enemy.position) if contact and not with_refused else 0.0
            if gap <= reach:
                out.append(("attack", made(Attack, who.id, enemy.id, 1, power)))
            if contact and may_charge and (with_refused or gap <= checks.MOVE_METRES + reach):
                out.append(("charge", made(Charge, who.id, enemy.id, enemy.position, 1, power)))
    if not hopeless:
        fresh = [e for e in _enemies(state, who) if e.id not in state.targeted]
        out += _area_attacks(state, who, fresh, with_refused)
    if who.made_by in OFFENSIVE or state.terrain:
        out += _together_and_through(state, who, enemies)
    if with_refused or who.energy >= 2:  # "une attaque en demi-succès": 2 tokens for 1
        out += [("force_move", made(ForceMove, who.id, e.id, 2, e.position)) for e in enemies]
    return out


def _area_attacks(state: FightState, who: Combatant, enemies: list[Combatant],
                  with_refused: bool) -> list[Candidate]:
    """One area attack per offensive power, on the first enemy with others around ("maximum 20 mètres de
    diamètre ... contre tous les personnages situés dans la zone"): the zone is centred on that enemy, so
    every enemy within 10 m of it is inside."""
    radius = checks.AREA_MAX_DIAMETER / 2
    needs_flag = state.options.area_needs_area_power
    powers = [p for p in _offensive_uses(who)
              if p is not None and (with_refused or not needs_flag or who.power(p).area)]
    for first in enemies if powers else []:
        others = tuple(e.id for e in enemies
                       if e is not first and checks.distance(first.position, e.position) <= radius)
        if others:
            far = checks.distance(who.position, first.position) > state.options.contact_reach
            return [("attack", made(Attack, who.id, first.id, 1, p, others, checks.AREA_MAX_DIAMETER))
                    for p in powers if with_refused or not (far and p in _kit(who).contact)]
    return []


def _together_and_through(state: FightState, who: Combatant, enemies: list[Combatant]) -> list[Candidate]:
    """Attacks joined by fellow offensive copies (LEGION) and attacks through portals (NEXUS)."""
    out: list[Candidate] = []
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


def _support_targets(state: FightState, who: Combatant, kind: str | None,
                     with_refused: bool) -> list[tuple[str, ...]]:
    """Willing targets of a support power; full targets are sure refusals ("would spend tokens for
    nothing"), and only a second wind lets a knocked-out character be healed."""
    if kind == "give_energy":
        return [(a.id,) for a in _allies(state, who) if with_refused or a.energy < a.energy_max]
    if kind != "heal":
        return [()]
    hurt = [c for c in state.combatants if c.side == who.side and (not c.out or c.second_wind)]
    return [(c.id,) for c in hurt if with_refused or (
        c.vigor < c.vigor_max and checks.distance(who.position, c.position) <= checks.NEAR_METRES)]


def _supports(state: FightState, who: Combatant, with_refused: bool) -> list[Candidate]:
    out: list[Candidate] = []
    for power in _power_indices(who):
        kind = who.power(power).kind
        if kind in ON_HIT or (kind is None and who.power(power).category != "sup"):
            continue
        copy_refused = rules.copy_refuses(who, power)
        if not with_refused and (copy_refused or (who.immune and kind != "invisibility")
                                 or (not who.energy and kind in FIXED_FROM_POOL)):
            continue
        for chosen in _support_targets(state, who, kind, with_refused):
            out.append(("support", made(UseSupport, who.id, power, 1, chosen, who.position, who.position)))
    return out


def _moves(state: FightState, who: Combatant, with_refused: bool) -> list[Candidate]:
    out: list[Candidate] = []
    if with_refused or _can_move_more(who):
        moves: tuple[int | None, ...] = _kit(who).mov
        out += [("move", made(Move, who.id, who.position, power)) for power in moves or [None]
                if with_refused or _move_cost(who, power) <= who.energy]
    if with_refused or rules.may_small_move(who):
        out.append(("small_move", made(Move, who.id, who.position, None, (), True)))
    out += [("move", Move(who.id, who.position, portal=t.id)) for t in state.terrain if t.kind == "portal"]
    return out


def _move_cost(who: Combatant, power: int | None) -> int:
    """Tokens of a plain move: "un jeton d'énergie pour se déplacer de 20 mètres", doubled for a
    support power, less a first-use reinforcement."""
    return checks.fixed_cost(who, power, 1 << movement.move_halving(who, power))


def _interactions(state: FightState, who: Combatant, with_refused: bool) -> list[Candidate]:
    if not with_refused and (not who.energy or who.immune):
        return []
    out: list[Candidate] = [("interact", made(Interact, who.id, t.id, 1)) for t in state.terrain
                            if t.kind != "portal"]
    return out + [("interact", made(Interact, who.id, key, 1, 1)) for key, _ in state.scene]


def stress_uses(who: Combatant, with_refused: bool) -> list[Candidate]:
    """Checking a stress box: an action d'éclat for each power and category it does not count in
    ("comme s'il faisait partie d'une catégorie supplémentaire"), a détermination, or a second wind
    for a knocked-out character."""
    if not with_refused and not rules.may_check_stress(who):
        return []
    if who.out:
        wind: Candidate = ("stress", made(SpendStress, who.id, "second_wind"))
        return [wind] if with_refused or rules.may_take_second_wind(who) else []
    out: list[Candidate] = []
    if with_refused or not who.determined:
        out.append(("stress", made(SpendStress, who.id, "determination")))
    lost = who.lost_powers
    return out + [feat for power, feat in _kit(who).feats if power not in lost]


def _extended_defenses(state: FightState, who: Combatant, allies: list[Combatant],
                       with_refused: bool) -> list[Candidate]:
    """A Def power extended to allies within 5 m ("dans les 5 mètres"), 1 token per ally."""
    near = tuple(a.id for a in allies if checks.distance(who.position, a.position) <= checks.NEAR_METRES)
    if not near or (not with_refused and who.energy < 1 + len(near)):
        return []
    return [("extended_defense", made(ExtendedDefense, who.id, 1, near, p)) for p in _kit(who).defence]


def _action_candidates(state: FightState, who: Combatant, with_refused: bool) -> list[Candidate]:
    out: list[Candidate] = []
    blocker = rules.spend_blocker(who)
    free = with_refused or blocker is None
    if free:
        out += _attacks(state, who, with_refused)
        out += _supports(state, who, with_refused)
        out += _moves(state, who, with_refused)
        out += _interactions(state, who, with_refused)
    elif state.options.stunned_may_small_move and rules.move_blocker(who, free_small=True) is None:
        out += [c for c in _moves(state, who, with_refused) if c[0] == "small_move"]
    out += _extended_defenses(state, who, _allies(state, who), with_refused)  # a defence: always allowed
    if with_refused or (free and who.energy and rules.may_hold(state, who)):
        out.append(("hold", made(Hold, who.id)))
    out += stress_uses(who, with_refused)
    out.append(("pass", made(EndPhase, who.id)))
    return out


def _reaction_candidates(state: FightState, with_refused: bool) -> list[Candidate]:
    assert state.pending is not None
    target = state.get(state.pending.target)
    defences = _kit(target).defence
    pending = state.pending
    # An interposer defends with the power it interposed with (or none, at half).
    same = pending.interposed_by != target.id
    out: list[Candidate] = [("defend", made(Defend, target.id, 0, p)) for p in (*defences, None)
                            if with_refused or same or p == pending.interpose_power]
    for ally in _allies(state, target):
        if ally.id == state.pending.attacker:
            continue
        if not with_refused and checks.distance(ally.position, target.position) > checks.NEAR_METRES:
            continue
        guards = _kit(ally).defence
        if state.pending.interposed_by is None:
            out += [("interpose", made(Interpose, ally.id, p)) for p in (*guards, None)]
        if with_refused or ally.energy >= 2:
            out += [("extended_defense", made(ExtendedDefense, ally.id, 1, (target.id,), p))
                    for p in guards]
    out += stress_uses(target, with_refused)
    return out


def _holder_candidates(state: FightState) -> list[Candidate]:
    out: list[Candidate] = []
    acting = state.acting
    for who in state.combatants:
        if who.hold and not who.out and who.id != acting:
            out.append(("interrupt", made(Interrupt, who.id)))
            if state.pending is not None:
                out += [("counter", made(Counter, who.id, 1, p)) for p in _power_indices(who)]
    return out


def _maintenance_candidates(state: FightState, with_refused: bool) -> list[Candidate]:
    """Keeping a hold, maintaining lasting effects, and each character's stress uses."""
    out: list[Candidate] = [("keep_hold", made(KeepHold, c.id)) for c in state.combatants if c.hold]
    for lasting in state.maintainable:
        fixed = lasting.kind in ("portal", "immunity")
        # An offensive effect is maintained by a new attack of any size ("via une dépense suffisante").
        out.append(("maintain", made(Maintain, lasting.owner, lasting.id,
                                     max(1, lasting.tokens) if fixed else 1)))
    regenerating = state.options.regeneration_in_maintenance
    for who in state.combatants:
        out += stress_uses(who, with_refused)
        if not who.out:
            out += _extended_defenses(state, who, _allies(state, who), with_refused)
        if regenerating and (with_refused or rules.may_regenerate(state, who)):
            out += [("regenerate", made(Regenerate, who.id, p, 2)) for p in _power_indices(who)
                    if who.power(p).kind == "heal"]
    return out


def gm_candidates(state: FightState) -> list[Candidate]:
    """The GM's commands when nothing waits for a reaction, one template each for the GM to fill in: a
    newcomer (a rank-1 quick NPC), the first combatant still there leaving, an adjustment that changes
    nothing yet, a hazard of rank 1."""
    if state.pending is not None or state.phase not in rules.FIGHTING:
        return []
    n = 1
    while state.has(f"new{n}"):
        n += 1
    first = next((c for c in state.combatants if rules.may_leave(c)), None)
    if first is None:
        return []
    return [("arrive", made(Arrive, f"new{n}", "foes", None, 1)),
            ("leave", made(Leave, first.id, False, "GM")),
            ("adjust", made(Adjust, first.id, "GM")),
            ("place_terrain", made(PlaceTerrain, "hazard", 1, (0.0, 0.0), "GM"))]


def _second_winds(state: FightState, with_refused: bool) -> list[Candidate]:
    """Second winds of knocked-out characters, who may take one at any moment of the fight."""
    return [candidate for c in state.combatants if c.out for candidate in stress_uses(c, with_refused)]


def candidates(state: FightState, with_refused: bool = True) -> list[Candidate]:
    """Every action worth a button in ``state`` (legal or not; ``with_refused=False`` skips sure refusals)."""
    if state.phase is Phase.SETUP:
        return [("start", StartFight())]
    if state.phase is Phase.ENDED:
        return []
    out: list[Candidate] = []
    acting = state.acting
    if state.pending is not None:
        out += _reaction_candidates(state, with_refused)
    elif state.phase is Phase.MAINTENANCE:
        return [*_maintenance_candidates(state, with_refused), ("pass", EndPhase()), *gm_candidates(state),
                ("end", EndFight())]
    elif acting is not None:
        out += _action_candidates(state, state.get(acting), with_refused)
        for puppet in state.combatants:
            if puppet.controlled_by == acting and not puppet.out:
                out += [(kind, command) for kind, command in _action_candidates(state, puppet, True)
                        if kind in PLAYED]
    elif state.phase is Phase.ACTION:
        out.append(("pass", EndPhase()))
    out += _second_winds(state, with_refused)
    if state.phase is Phase.ACTION:
        out += _holder_candidates(state)
    out += gm_candidates(state)
    out.append(("end", EndFight()))
    return out
