"""The candidates of the legality query: every action worth a button in a state, as command templates.

Conventions:
    * A template engages the least tokens the action takes (1 for a variable action).
    * ``with_refused=False`` leaves out candidates that are sure to be refused. Each skip asks a named
      predicate of :mod:`.rules` (or of the rule module that owns the rule: :func:`.movement.move_cost`,
      :func:`.attack.portal_reaches`, :func:`.attack.is_contact`, :func:`.reactions.opposes`), the very
      predicate ``decide``'s path calls to refuse with the rule's key: no condition of a refusal is
      written here, so a rule changed there changes both. ``with_refused=True`` keeps the candidates so
      the query can say why; every candidate kept still goes through :func:`~.decide.decide`
      (:mod:`.legal`). ``tests/energy/combat/test_legal_query.py`` checks that the two agree on every
      action and that refused ones carry ``decide``'s rule.
    * Conditions left here only choose which templates are worth a button (enemies still standing, one
      area per power, the portals on the field...), never whether one is legal.
    * Rule text: ``002_58e889a1abff3456.txt`` (tactical combat chapter).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, NamedTuple, TypeVar, cast

from meneur.systems.energy.combat import attack, movement, reactions, rules
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
from meneur.systems.energy.combat.profile import Combatant, PowerProfile
from meneur.systems.energy.combat.state import FightState, Phase
from meneur.systems.energy.combat.turn import CATEGORIES

Candidate = tuple[str, Command]
C = TypeVar("C")
PLAYED = ("attack", "charge", "move", "support", "interact", "force_move")
GM_KINDS = frozenset({"arrive", "leave", "adjust", "place_terrain"})
"""The GM's commands: listed with no actor, for the GM."""
"""Actions a controller may make the character it controls do (ÉCHO)."""
FORCED_MOVE_TOKENS = 2
"""The template of a forced move engages 2 tokens: it is "une attaque en demi-succès", 2 for 1."""
Kinds = frozenset[str] | None
"""The kinds asked of :func:`candidates` (None: every kind)."""
_ATTACK_KINDS = frozenset({"attack", "charge", "force_move"})
_MOVE_KINDS = frozenset({"move", "small_move"})
_ALLY_KINDS = frozenset({"interpose", "extended_defense"})
_REACTION_KINDS = frozenset({"defend", "stress"}) | _ALLY_KINDS


def together(kinds: Collection[str]) -> frozenset[str]:
    """``kinds`` and the kinds built along with them (an action's attacks, charges and forced moves come
    from one pass over the enemies; its moves and small moves from one): asking :func:`candidates` for
    those too costs nothing more."""
    found = frozenset(kinds)
    for group in (_ATTACK_KINDS, _MOVE_KINDS):
        if not found.isdisjoint(group):
            found |= group
    return found


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
    feats: tuple[tuple[int, Candidate], ...]
    all_feats: tuple[Candidate, ...] = ()
    """The candidates of :attr:`feats` alone: every one of them while no power is taken away."""


_KITS: dict[tuple[object, ...], tuple[tuple[PowerProfile, ...], Kit]] = {}


def _kit(who: Combatant) -> Kit:
    """The :class:`Kit` of ``who``, cached on its power set (the powers tuple is kept alive with the
    entry, so its id cannot be reused while the entry stands)."""
    last = _LAST_KIT[0]
    if last[0] is who:  # the query asks about one combatant several times in a row
        return last[1]
    key = (who.id, id(who.powers), who.borrowed, who.extra_categories)
    found = _KITS.get(key)
    if found is not None and found[0] is who.powers:
        _LAST_KIT[0] = (who, found[1])
        return found[1]
    if len(_KITS) > 512:
        _KITS.clear()
    indices = _power_indices(who)
    offensive: tuple[int | None, ...] = tuple(
        i for i in indices if rules.is_offensive(who, i) or who.power(i).kind in ON_HIT
    )
    feats = tuple(
        (i, _feat(who.id, i, category))
        for i in indices
        for category in CATEGORIES
        if not who.counts_as(i, category)
    )
    kit = Kit(
        offensive or (None,),
        frozenset(i for i in indices if attack.is_contact(who, i)),
        tuple(i for i in indices if who.counts_as(i, "mov")),
        tuple(i for i in indices if reactions.opposes(who, i)),
        feats,
        tuple(feat for _power, feat in feats),
    )
    _KITS[key] = (who.powers, kit)
    _LAST_KIT[0] = (who, kit)
    return kit


_LAST_KIT: list[tuple[Combatant | None, Kit]] = [(None, Kit((None,), frozenset(), (), (), ()))]
"""The last combatant asked about and its kit (kept alive with it, so its identity says it is the same)."""


def _feat(actor: str, power: int, category: str) -> Candidate:
    """The action d'éclat candidate of ``power`` counted in ``category``."""
    return "stress", made(SpendStress, actor, "feat", power, category)


def _offensive_uses(who: Combatant) -> tuple[int | None, ...]:
    return _kit(who).offensive


def _attacks(state: FightState, who: Combatant, with_refused: bool) -> list[Candidate]:
    """Attacks and charges on each enemy, with each offensive use (or without a power, at half)."""
    out: list[Candidate] = []
    hopeless = not with_refused and (rules.attack_blocker(who) is not None or not rules.affords(who, 1))
    enemies = (
        [] if hopeless else [e for e in _enemies(state, who) if with_refused or rules.may_target(state, e)]
    )
    may_charge = with_refused or rules.charge_blocker(who) is None
    contacts = _kit(who).contact
    for power in _offensive_uses(who):
        contact = power in contacts
        for enemy in enemies:
            if with_refused or not contact or rules.in_contact_reach(state, who.position, enemy.position):
                out.append(("attack", made(Attack, who.id, enemy.id, 1, power)))
            # The charge's move ends on the enemy: in contact reach if the move itself is legal.
            if (
                contact
                and may_charge
                and (with_refused or rules.nearby(who.position, enemy.position, rules.MOVE_METRES))
            ):
                out.append(("charge", made(Charge, who.id, enemy.id, enemy.position, 1, power)))
    if not hopeless:  # without the refused, ``enemies`` are already the ones not attacked yet
        fresh = [e for e in enemies if rules.may_target(state, e)] if with_refused else enemies
        out += _area_attacks(state, who, fresh, with_refused)
    if rules.pools_tokens(who) or state.terrain:
        out += _together_and_through(state, who, enemies)
    if with_refused or rules.affords(who, FORCED_MOVE_TOKENS):
        out += [
            ("force_move", made(ForceMove, who.id, e.id, FORCED_MOVE_TOKENS, e.position)) for e in enemies
        ]
    return out


def _area_attacks(
    state: FightState, who: Combatant, enemies: list[Combatant], with_refused: bool
) -> list[Candidate]:
    """One area attack per offensive power, on the first enemy with others around ("maximum 20 mètres de
    diamètre ... contre tous les personnages situés dans la zone"): the zone is centred on that enemy, so
    every enemy within 10 m of it is inside."""
    radius = rules.AREA_MAX_DIAMETER / 2
    powers = [
        p
        for p in _offensive_uses(who)
        if p is not None and (with_refused or rules.may_attack_area(state, who, p))
    ]
    for first in enemies if powers else []:
        others = tuple(
            e.id for e in enemies if e is not first and rules.nearby(first.position, e.position, radius)
        )
        if others:
            near = rules.in_contact_reach(state, who.position, first.position)
            return [
                ("attack", made(Attack, who.id, first.id, 1, p, others, rules.AREA_MAX_DIAMETER))
                for p in powers
                if with_refused or near or p not in _kit(who).contact
            ]
    return []


def _together_and_through(state: FightState, who: Combatant, enemies: list[Combatant]) -> list[Candidate]:
    """Attacks joined by fellow offensive copies (LEGION) and attacks through portals (NEXUS)."""
    out: list[Candidate] = []
    fellows = (
        tuple(
            (c.id, 1)
            for c in state.combatants
            if rules.joins(who, c) and not c.out and rules.attack_blocker(c) is None and rules.affords(c, 1)
        )
        if rules.pools_tokens(who)
        else ()
    )
    portals = [t.id for t in state.terrain if t.kind == "portal"]
    for power in _offensive_uses(who):
        through = attack.portal_reaches(who, power, attack.kind_of(who, power))
        for enemy in enemies:
            if fellows:  # the fields in order: actor, target, tokens, power, area..., joined (made once)
                joined = made(
                    Attack, who.id, enemy.id, 1, power, (), 0.0, 0, None, None, None, False, fellows
                )
                out.append(("attack", joined))
            out += [("attack", Attack(who.id, enemy.id, 1, power, portal=p)) for p in portals if through]
    return out


def _support_targets(
    state: FightState, who: Combatant, kind: str | None, with_refused: bool
) -> list[tuple[str, ...]]:
    """Willing targets of a support power; full targets are sure refusals ("would spend tokens for
    nothing"), and only a second wind lets a knocked-out character be healed."""
    if kind == "give_energy":
        return [(a.id,) for a in _allies(state, who) if with_refused or rules.wants_energy(a)]
    if kind != "heal":
        return [()]
    hurt = [c for c in state.combatants if c.side == who.side and rules.may_be_healed(c)]
    return [
        (c.id,)
        for c in hurt
        if with_refused or (rules.wants_vigor(c) and rules.nearby(who.position, c.position))
    ]


def _supports(state: FightState, who: Combatant, with_refused: bool) -> list[Candidate]:
    out: list[Candidate] = []
    for power in _power_indices(who):
        kind = who.power(power).kind
        if kind in ON_HIT or (kind is None and who.power(power).category != "sup"):
            continue
        if not with_refused and (
            rules.copy_refuses(who, power)
            or not (rules.acts_on_field(who) or rules.supports_while_immune(kind))
            or (rules.engages_from_pool(kind) and not rules.affords(who, 1))
        ):
            continue
        for chosen in _support_targets(state, who, kind, with_refused):
            out.append(("support", made(UseSupport, who.id, power, 1, chosen, who.position, who.position)))
    return out


def _moves(state: FightState, who: Combatant, with_refused: bool) -> list[Candidate]:
    out: list[Candidate] = []
    if with_refused or rules.move_blocker(who) is None:
        moves: tuple[int | None, ...] = _kit(who).mov
        out += [
            ("move", made(Move, who.id, who.position, power))
            for power in moves or [None]
            if with_refused
            or (
                rules.move_again_blocker(who, power) is None
                and rules.affords(who, movement.move_cost(who, power))
            )
        ]
    if with_refused or (rules.may_small_move(who) and rules.small_move_blocker(state, who) is None):
        out.append(("small_move", made(Move, who.id, who.position, None, (), True)))
    out += [("move", Move(who.id, who.position, portal=t.id)) for t in state.terrain if t.kind == "portal"]
    return out


def _interactions(state: FightState, who: Combatant, with_refused: bool) -> list[Candidate]:
    if not state.terrain and not state.scene:  # nothing on the field to interact with
        return []
    if not with_refused and not (rules.affords(who, 1) and rules.acts_on_field(who)):
        return []
    # Removing terrain "avec un pouvoir comme une attaque de froid": each power that opposes it, or none.
    powers = [p for p in range(len(who.powers) + len(who.borrowed)) if who.has_power(p)]
    opposing = (None, *(p for p in powers if rules.removes_terrain(who, p)))
    out: list[Candidate] = [
        ("interact", made(Interact, who.id, t.id, 1, 1, p))
        for t in state.terrain
        if t.kind != "portal"
        for p in opposing
    ]
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
    if with_refused or rules.may_be_determined(who):
        out.append(("stress", made(SpendStress, who.id, "determination")))
    kit = _kit(who)
    if not who.lost_powers:  # every power of the kit is usable: its feats are all candidates
        return [*out, *kit.all_feats]
    return out + [feat for power, feat in kit.feats if who.has_power(power)]


def _extended_defenses(state: FightState, who: Combatant, with_refused: bool) -> list[Candidate]:
    """A Def power extended to allies within 5 m ("dans les 5 mètres"), 1 token per ally (none looked
    for without a Def power: every combatant is asked in every maintenance phase)."""
    defence = _kit(who).defence
    if not defence:
        return []
    me = who.id
    near = tuple(
        i for i in rules.nearby_ids(who.position, _standing(state.combatants).get(who.side, ())) if i != me
    )
    if not near or (not with_refused and not rules.affords(who, rules.extended_defense_cost(1, len(near)))):
        return []
    return [("extended_defense", made(ExtendedDefense, who.id, 1, near, p)) for p in defence]


def _standing(combatants: tuple[Combatant, ...]) -> dict[str, list[tuple[str, float, float]]]:
    """Each side's combatants still standing, as ``(id, x, y)`` in the fight's order, for the combatants
    last asked about (kept alive with them: a maintenance phase asks it of every combatant)."""
    last = _LAST_STANDING[0]
    if last[0] is combatants:
        return last[1]
    sides: dict[str, list[tuple[str, float, float]]] = {}
    for c in combatants:
        if not c.out:
            sides.setdefault(c.side, []).append((c.id, c.position[0], c.position[1]))
    _LAST_STANDING[0] = (combatants, sides)
    return sides


_LAST_STANDING: list[tuple[tuple[Combatant, ...] | None, dict[str, list[tuple[str, float, float]]]]] = [
    (None, {})
]


def _action_candidates(
    state: FightState, who: Combatant, with_refused: bool, kinds: Kinds = None
) -> list[Candidate]:
    """``who``'s actions, in the query's order; with ``kinds``, the builders of no asked kind are skipped
    (what is left is filtered by :func:`candidates`)."""
    out: list[Candidate] = []
    blocker = rules.spend_blocker(who)
    free = with_refused or blocker is None
    if free:
        if kinds is None or not kinds.isdisjoint(_ATTACK_KINDS):
            out += _attacks(state, who, with_refused)
        if kinds is None or "support" in kinds:
            out += _supports(state, who, with_refused)
        if kinds is None or not kinds.isdisjoint(_MOVE_KINDS):
            out += _moves(state, who, with_refused)
        if kinds is None or "interact" in kinds:
            out += _interactions(state, who, with_refused)
    elif (kinds is None or "small_move" in kinds) and rules.small_move_blocker(state, who) is None:
        out += [c for c in _moves(state, who, with_refused) if c[0] == "small_move"]
    if kinds is None or "extended_defense" in kinds:
        out += _extended_defenses(state, who, with_refused)  # a defence: always allowed
    if (kinds is None or "hold" in kinds) and (
        with_refused or (free and rules.affords(who, 1) and rules.may_hold(state, who))
    ):
        out.append(("hold", made(Hold, who.id)))
    if kinds is None or "stress" in kinds:
        out += stress_uses(who, with_refused)
    out.append(("pass", made(EndPhase, who.id)))
    return out


def _reaction_candidates(state: FightState, with_refused: bool, kinds: Kinds = None) -> list[Candidate]:
    assert state.pending is not None
    target = state.get(state.pending.target)
    pending = state.pending
    out: list[Candidate] = []
    if kinds is None or "defend" in kinds:
        defences = _kit(target).defence
        # An interposer's defence without a power is the one with its interposition's power: offered once.
        chosen = rules.defence_power(pending, target, None)
        powers = (
            (*defences, None) if chosen is None else (*defences, *(() if chosen in defences else (chosen,)))
        )
        out += [
            ("defend", made(Defend, target.id, 0, p))
            for p in powers
            if with_refused or rules.may_defend_with(pending, target, p)
        ]
    for ally in _allies(state, target) if (kinds is None or not kinds.isdisjoint(_ALLY_KINDS)) else ():
        if ally.id == state.pending.attacker:
            continue
        if not with_refused and not rules.nearby(ally.position, target.position):
            continue
        guards = _kit(ally).defence
        if rules.may_interpose(pending, ally):
            out += [("interpose", made(Interpose, ally.id, p)) for p in (*guards, None)]
        if with_refused or rules.affords(ally, rules.extended_defense_cost(1, 1)):
            out += [("extended_defense", made(ExtendedDefense, ally.id, 1, (target.id,), p)) for p in guards]
    if kinds is None or "stress" in kinds:
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
        fixed = rules.kept_at_fixed_cost(lasting)
        # An offensive effect is maintained by a new attack of any size ("via une dépense suffisante").
        out.append(
            ("maintain", made(Maintain, lasting.owner, lasting.id, max(1, lasting.tokens) if fixed else 1))
        )
    regenerating = state.options.regeneration_in_maintenance
    for who in state.combatants:
        out += stress_uses(who, with_refused)
        if not who.out:
            out += _extended_defenses(state, who, with_refused)
        if regenerating and (with_refused or rules.may_regenerate(state, who)):
            out += [
                ("regenerate", made(Regenerate, who.id, p, 2))
                for p in _power_indices(who)
                if who.power(p).kind == "heal"
            ]
    return out


def gm_candidates(state: FightState) -> list[Candidate]:
    """The GM's commands when nothing waits for a reaction, one template each for the GM to fill in: a
    newcomer (a rank-1 quick NPC), the first combatant still there leaving, an adjustment that changes
    nothing yet, a hazard of rank 1."""
    if state.pending is not None or state.phase not in rules.FIGHTING:
        return []
    last = _LAST_GM[0]
    if last[0] is state.combatants:  # they depend on the combatants alone: most commands keep them
        return list(last[1])
    n = 1
    while state.has(f"new{n}"):
        n += 1
    first = next((c for c in state.combatants if rules.may_leave(c)), None)
    found: tuple[Candidate, ...] = ()
    if first is not None:
        found = (
            ("arrive", made(Arrive, f"new{n}", "foes", None, 1)),
            ("leave", made(Leave, first.id, False, "GM")),
            ("adjust", made(Adjust, first.id, "GM")),
            ("place_terrain", made(PlaceTerrain, "hazard", 1, (0.0, 0.0), "GM")),
        )
    _LAST_GM[0] = (state.combatants, found)
    return list(found)


_LAST_GM: list[tuple[tuple[Combatant, ...] | None, tuple[Candidate, ...]]] = [(None, ())]
"""The combatants :func:`gm_candidates` last answered for, and its answer (kept alive with them)."""


def _second_winds(state: FightState, with_refused: bool) -> list[Candidate]:
    """Second winds of knocked-out characters, who may take one at any moment of the fight."""
    return [candidate for c in state.combatants if c.out for candidate in stress_uses(c, with_refused)]


def candidates(
    state: FightState,
    with_refused: bool = True,
    *,
    actor: str | None = None,
    kinds: Collection[str] | None = None,
) -> list[Candidate]:
    """Every action worth a button in ``state`` (legal or not; ``with_refused=False`` skips sure refusals).

    Args:
        state: the fight.
        with_refused: keep the candidates the rules' predicates already refuse.
        actor: only the candidates whose command's ``actor`` is this combatant (None: everyone's, and the
            commands of no one: the GM's, starting, passing the maintenance phase, ending).
        kinds: only the candidates of these kinds (``attack``, ``defend``...; None: every kind).

    Returns:
        ``[c for c in candidates(state, with_refused) if <its actor is actor and its kind in kinds>]``,
        the same items in the same order, without building the candidates of other actors and kinds
        (a policy that weighs a few kinds of one character asks only for them).
    """
    if actor is None and kinds is None:
        return _candidates(state, with_refused, None, None)
    wanted = None if kinds is None else frozenset(kinds)
    return [
        (kind, command)
        for kind, command in _candidates(state, with_refused, actor, wanted)
        if (wanted is None or kind in wanted) and (actor is None or getattr(command, "actor", None) == actor)
    ]


def _candidates(state: FightState, with_refused: bool, actor: str | None, kinds: Kinds) -> list[Candidate]:
    """The candidates in the query's order; with ``actor`` or ``kinds``, the builders that can make
    none of theirs are skipped, and :func:`candidates` filters what the others make."""
    if state.phase is Phase.SETUP:
        return [("start", StartFight())]
    if state.phase is Phase.ENDED:
        return []
    out: list[Candidate] = []
    acting = state.acting
    anyone = actor is None
    if state.pending is not None:
        if kinds is None or not kinds.isdisjoint(_REACTION_KINDS):
            out += _reaction_candidates(state, with_refused, kinds)
    elif state.phase is Phase.MAINTENANCE:
        return [
            *_maintenance_candidates(state, with_refused),
            ("pass", EndPhase()),
            *(gm_candidates(state) if anyone and (kinds is None or not kinds.isdisjoint(GM_KINDS)) else ()),
            ("end", EndFight()),
        ]
    elif acting is not None:
        if anyone or actor == acting:
            out += _action_candidates(state, state.get(acting), with_refused, kinds)
        for puppet in state.combatants if (kinds is None or not kinds.isdisjoint(PLAYED)) else ():
            if puppet.controlled_by == acting and not puppet.out and (anyone or actor == puppet.id):
                out += [
                    (kind, command)
                    for kind, command in _action_candidates(state, puppet, True, kinds)
                    if kind in PLAYED
                ]
    elif state.phase is Phase.ACTION:
        out.append(("pass", EndPhase()))
    if kinds is None or "stress" in kinds:
        out += _second_winds(state, with_refused)
    if state.phase is Phase.ACTION and (kinds is None or "interrupt" in kinds or "counter" in kinds):
        out += _holder_candidates(state)
    if anyone and (kinds is None or not kinds.isdisjoint(GM_KINDS)):
        out += gm_candidates(state)
    out.append(("end", EndFight()))
    return out
