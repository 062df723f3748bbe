"""The candidates of the legality query: every action worth a button in a state, as command templates.

Conventions:
    * A template engages the least tokens the action takes (1 for a variable action).
    * ``with_refused=False`` leaves out candidates that are sure to be refused (each skip repeats a
      refusal of :func:`~.decide.decide`); ``with_refused=True`` keeps them so the query can say why.
      ``tests/energy/combat/test_legal_query.py`` checks that the two agree on every legal action.
    * Rule text: ``002_58e889a1abff3456.txt`` (tactical combat chapter).
"""

from __future__ import annotations

from meneur.systems.energy.combat import area, checks
from meneur.systems.energy.combat.commands import (
    Attack,
    Charge,
    Command,
    Counter,
    Defend,
    EndFight,
    EndPhase,
    ExtendedDefense,
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
from meneur.systems.energy.combat.effects import ON_HIT
from meneur.systems.energy.combat.profile import OFFENSIVE, Combatant
from meneur.systems.energy.combat.state import FightState, Phase
from meneur.systems.energy.combat.turn import CATEGORIES

Candidate = tuple[str, Command]
PLAYED = ("attack", "charge", "move", "support", "interact")
"""Actions a controller may make the character it controls do (ÉCHO)."""
BLOCKING = frozenset({"stunned", "controlled"})
"""sonné and contrôlé: "ne peut plus dépenser ses points d'énergie autrement qu'en défense"."""
FIXED_FROM_POOL = frozenset({"give_energy", "heal", None})
"""Support kinds whose least cost is 1 token from the pool (no reinforcement discount below 1)."""


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


def _can_move_more(who: Combatant) -> bool:
    """Whether a further move is possible at all ("ne peut pas être effectué en plus d'un autre
    déplacement"; without a Mov power, one move a turn)."""
    if who.small_move:
        return False
    if not (who.moves or who.charged):
        return True
    return any(who.counts_as(i, "mov") or who.counts_as(i, "sup") for i in _power_indices(who))


def _attacks(state: FightState, who: Combatant, with_refused: bool) -> list[Candidate]:
    """Attacks and charges on each enemy, with each offensive use (or without a power, at half)."""
    out: list[Candidate] = []
    hopeless = not with_refused and (not who.energy or who.made_by == "def" or who.immune)
    enemies = [] if hopeless else [e for e in _enemies(state, who)
                                   if with_refused or e.id not in state.targeted]
    reach = state.options.contact_reach
    may_charge = with_refused or (not who.charged and _can_move_more(who))
    for power in _offensive_uses(who):
        contact = power is not None and who.counts_as(power, "off_c")
        for enemy in enemies:
            gap = checks.distance(who.position, enemy.position) if contact and not with_refused else 0.0
            if gap <= reach:
                out.append(("attack", Attack(who.id, enemy.id, 1, power)))
            if contact and may_charge and (with_refused or gap <= checks.MOVE_METRES + reach):
                out.append(("charge", Charge(who.id, enemy.id, enemy.position, 1, power)))
    out += _area_attacks(state, who, enemies, with_refused)
    if who.made_by in OFFENSIVE or state.terrain:
        out += _together_and_through(state, who, enemies)
    return out


def _area_attacks(state: FightState, who: Combatant, enemies: list[Combatant],
                  with_refused: bool) -> list[Candidate]:
    """One area attack per offensive power: the first enemy and every other one fitting with it in a
    zone of 20 m ("maximum 20 mètres de diamètre ... contre tous les personnages situés dans la zone")."""
    out: list[Candidate] = []
    needs_flag = state.options.area_needs_area_power
    for power in _offensive_uses(who):
        if power is None or (needs_flag and not with_refused and not who.power(power).area):
            continue
        for first in enemies:
            group = [first]
            for other in enemies:
                if other is not first and area.fits([e.position for e in (*group, other)],
                                                     checks.AREA_MAX_DIAMETER):
                    group.append(other)
            if len(group) > 1:
                out.append(("area_attack", Attack(who.id, first.id, 1, power,
                                                  tuple(e.id for e in group[1:]), checks.AREA_MAX_DIAMETER)))
                break
    return out


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
        if not with_refused and (who.made_by in OFFENSIVE or (who.immune and kind != "invisibility")
                                 or (not who.energy and kind in FIXED_FROM_POOL)):
            continue
        for chosen in _support_targets(state, who, kind, with_refused):
            out.append(("support", UseSupport(who.id, power, 1, chosen, who.position, who.position)))
    return out


def _moves(state: FightState, who: Combatant, with_refused: bool) -> list[Candidate]:
    out: list[Candidate] = []
    if with_refused or _can_move_more(who):
        moves: list[int | None] = [i for i in _power_indices(who) if who.counts_as(i, "mov")]
        out += [("move", Move(who.id, who.position, power)) for power in moves or [None]
                if with_refused or power is not None or who.energy]
    if with_refused or not (who.moves or who.charged or who.small_move):
        out.append(("small_move", Move(who.id, who.position, small=True)))
    out += [("move", Move(who.id, who.position, portal=t.id)) for t in state.terrain if t.kind == "portal"]
    return out


def _interactions(state: FightState, who: Combatant, with_refused: bool) -> list[Candidate]:
    if not with_refused and (not who.energy or who.immune):
        return []
    out: list[Candidate] = [("interact", Interact(who.id, t.id, 1)) for t in state.terrain
                            if t.kind != "portal"]
    return out + [("interact", Interact(who.id, key, 1, 1)) for key, _ in state.scene]


def stress_uses(who: Combatant, with_refused: bool) -> list[Candidate]:
    """Checking a stress box: an action d'éclat for each power and category it does not count in
    ("comme s'il faisait partie d'une catégorie supplémentaire"), a détermination, or a second wind
    for a knocked-out character."""
    if not with_refused and who.stress >= checks.STRESS_BOXES:
        return []
    if who.out:
        return [("stress", SpendStress(who.id, "second_wind"))] if with_refused or not who.second_wind else []
    out: list[Candidate] = []
    if with_refused or not who.determined:
        out.append(("stress", SpendStress(who.id, "determination")))
    for power in _power_indices(who):
        if power in who.lost_powers:
            continue
        out += [("stress", SpendStress(who.id, "feat", power, category)) for category in CATEGORIES
                if not who.counts_as(power, category)]
    return out


def _extended_defenses(state: FightState, who: Combatant, allies: list[Combatant],
                       with_refused: bool) -> list[Candidate]:
    """A Def power extended to allies within 5 m ("dans les 5 mètres"), 1 token per ally."""
    near = tuple(a.id for a in allies if checks.distance(who.position, a.position) <= checks.NEAR_METRES)
    if not near or (not with_refused and who.energy < 1 + len(near)):
        return []
    return [("extended_defense", ExtendedDefense(who.id, 1, near, p)) for p in _power_indices(who)
            if who.counts_as(p, "def")]


def _action_candidates(state: FightState, who: Combatant, with_refused: bool) -> list[Candidate]:
    out: list[Candidate] = []
    free = with_refused or not (who.conditions & BLOCKING)
    if free:
        out += _attacks(state, who, with_refused)
        out += _supports(state, who, with_refused)
        out += _moves(state, who, with_refused)
        out += _interactions(state, who, with_refused)
        out += _extended_defenses(state, who, _allies(state, who), with_refused)
    if with_refused or (free and who.energy and not (state.interruption or state.acted or who.hold)):
        out.append(("hold", Hold(who.id)))
    out += stress_uses(who, with_refused)
    out.append(("pass", EndPhase(who.id)))
    return out


def _reaction_candidates(state: FightState, with_refused: bool) -> list[Candidate]:
    assert state.pending is not None
    target = state.get(state.pending.target)
    defences = [i for i in _power_indices(target) if target.counts_as(i, "def")]
    out: list[Candidate] = [("defend", Defend(target.id, 0, p)) for p in (*defences, None)]
    for ally in _allies(state, target):
        if ally.id == state.pending.attacker:
            continue
        if not with_refused and checks.distance(ally.position, target.position) > checks.NEAR_METRES:
            continue
        guards = [i for i in _power_indices(ally) if ally.counts_as(i, "def")]
        if state.pending.interposed_by is None:
            out += [("interpose", Interpose(ally.id, p)) for p in (*guards, None)]
        out += [("extended_defense", ExtendedDefense(ally.id, 1, (target.id,), p)) for p in guards]
    out += stress_uses(target, with_refused)
    return out


def _holder_candidates(state: FightState) -> list[Candidate]:
    out: list[Candidate] = []
    acting = state.acting
    for who in state.combatants:
        if who.hold and not who.out and who.id != acting:
            out.append(("interrupt", Interrupt(who.id)))
            if state.pending is not None:
                out += [("counter", Counter(who.id, 1, p)) for p in _power_indices(who)]
    return out


def _maintenance_candidates(state: FightState, with_refused: bool) -> list[Candidate]:
    """Keeping a hold, maintaining lasting effects, and each character's stress uses."""
    out: list[Candidate] = [("keep_hold", KeepHold(c.id)) for c in state.combatants if c.hold]
    for i, lasting in enumerate(state.maintainable):
        fixed = lasting.kind in ("portal", "immunity")
        # An offensive effect is maintained by a new attack of any size ("via une dépense suffisante").
        out.append(("maintain", Maintain(lasting.owner, i, max(1, lasting.tokens) if fixed else 1)))
    for who in state.combatants:
        out += stress_uses(who, with_refused)
        if not who.out:
            out += _extended_defenses(state, who, _allies(state, who), with_refused)
    return out


def _out_of_turn(state: FightState, acting: str | None, with_refused: bool) -> list[Candidate]:
    """Second winds of knocked-out characters, who may take one at any moment of the fight."""
    return [candidate for c in state.combatants if c.out and c.id != acting
            for candidate in stress_uses(c, with_refused)]


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
        return [*_maintenance_candidates(state, with_refused), ("pass", EndPhase()), ("end", EndFight())]
    elif acting is not None:
        out += _action_candidates(state, state.get(acting), with_refused)
        for puppet in state.combatants:
            if puppet.controlled_by == acting and not puppet.out:
                out += [(kind, command) for kind, command in _action_candidates(state, puppet, True)
                        if kind in PLAYED]
    elif state.phase is Phase.ACTION:
        out.append(("pass", EndPhase()))
    out += _out_of_turn(state, acting if state.pending is None else None, with_refused)
    if state.phase is Phase.ACTION:
        out += _holder_candidates(state)
    out.append(("end", EndFight()))
    return out
