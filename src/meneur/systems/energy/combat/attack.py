"""Declaring an attack: who may attack whom, with what, for how many effective tokens.

Rules (002_58e889a1abff3456.txt): "un même adversaire ne peut être pris pour cible par le personnage
actif qu'une seule fois durant sa phase d'action"; "C'est toujours le personnage qui réalise l'action
offensive qui dépense ses points d'énergie en premier"; area attacks "en demi-succès"; attacking
"sans avoir de pouvoir correspondant ... en demi-succès"; a support power used offensively
"en demi-succès"; engaged characters act beyond 5 m "en demi-succès" and with Off-D against the
engager "un malus de 1 point d'énergie".
"""

from __future__ import annotations

from typing import NamedTuple

from meneur.errors import BadInputError
from meneur.i18n import N_, Message
from meneur.systems.energy.combat import area, checks, rules
from meneur.systems.energy.combat.commands import Attack
from meneur.systems.energy.combat.effects import ON_HIT, carry, portal
from meneur.systems.energy.combat.effects.terrain import crossing_cost, slowing
from meneur.systems.energy.combat.events import (
    AttackDeclared,
    AttackJoined,
    Engaged,
    Event,
    InvisibilityChanged,
    PowerUsed,
)
from meneur.systems.energy.combat.profile import Combatant
from meneur.systems.energy.combat.state import FightState, PendingAttack
from meneur.systems.energy.combat.words import metres, word

HALVING_REASONS = ("no_power", "not_offensive", "support_copy", "area", "forced_move", "engaged_far")
"""Why an attack counts in half success: no power ("sans avoir de pouvoir correspondant"), a power that is
not offensive, a copy made by a support power, an area, a forced move, an engaged attacker acting beyond
5 m (002_58e889a1abff3456.txt)."""


class Strength(NamedTuple):
    """How an attack's tokens become effective tokens (a named tuple: every check of an attack by the
    legality query makes one)."""

    bonus: int
    adjustment: int
    halving: int
    reasons: tuple[str, ...] = ()
    malus: int = 0

    def effective(self, tokens: int) -> int:
        """max(0, tokens + bonus + adjustment) halved ``halving`` times."""
        return checks.halve(tokens + self.bonus + self.adjustment, self.halving)


def kind_of(who: Combatant, power: int | None) -> str:
    """The effect kind of an offensive use: the power's own kind, damage by default."""
    if power is None:
        return "damage"
    kind = who.power(power).kind
    return kind if kind in ON_HIT else "damage"


def is_contact(who: Combatant, power: int | None) -> bool:
    """A contact attack: made with an Off-C power (or as an action d'éclat counted Off-C)."""
    return power is not None and who.counts_as(power, "off_c")


engaged_by = rules.engaged_by


def portal_reaches(who: Combatant, power: int | None, kind: str) -> bool:
    """Whether an attack goes through a portal: a contact attack strikes from its far end, a forced move
    pulls the target through ("des ennemis peuvent être attirés à travers"); for any other the option
    means nothing (bad input)."""
    return kind == "forced_move" or is_contact(who, power)


def is_ranged(state: FightState, who: Combatant, power: int | None, targets: tuple[Combatant, ...]) -> bool:
    """A ranged attack ("attaques à distance", 002_58e889a1abff3456.txt): made with an Off-D power, or
    without a contact power on a target beyond contact reach."""
    if is_contact(who, power):
        return False
    if power is not None and who.counts_as(power, "off_d"):
        return True
    reach = state.options.contact_reach
    return any(checks.distance(who.position, t.position) > reach for t in targets)


def check_sight(state: FightState, who: Combatant, power: int | None, targets: tuple[Combatant, ...]) -> None:
    """ "Aveuglé : ne peut plus effectuer l'attaques à distance" (002_58e889a1abff3456.txt): only ranged
    attacks are refused; a blinded character still strikes in contact."""
    if "blinded" in who.conditions and is_ranged(state, who, power, targets):
        checks.refuse(
            "conditions",
            N_(
                "{name} is {gender:blinded} (aveuglé) and cannot make ranged attacks; a "
                "contact attack is still possible."
            ),
            name=who.name,
            gender=who.gender,
        )


class Attacker(NamedTuple):
    """What an attack owes to its attacker and power alone, the same whatever the target, the place the
    attacker strikes from and the attack's options (:func:`attacker`): the legality query declares
    every attack, charge and forced move of one character, target after target."""

    who: Combatant
    kind: str
    contact: bool
    off_d: bool
    """The power counts as Off-D (a ranged attack, and the engagement malus unless it is also contact)."""
    reasons: tuple[str, ...]
    """The halvings of the attack's nature: no or a non-offensive power, a forced move, a support copy."""
    bonus: int
    """The reinforcement or weakening of the power's first use this turn."""
    condition: str | None


def attacker(who: Combatant, cmd: Attack, forced: bool = False) -> Attacker:
    """Check that ``who`` may make ``cmd`` at all (:func:`check_attacker`) and say what the attack owes
    to its attacker and power (:class:`Attacker`). Kept for the combatants last asked about (they are
    immutable: the same object is the same attacker); a refusal is raised again each time, never kept."""
    key = (id(who), cmd.power, forced, cmd.tokens + cmd.keep_invisible, cmd.gm_modifier)
    found = _ATTACKERS.get(key)
    if found is not None and found.who is who:
        return found
    check_attacker(who, cmd)
    power = cmd.power
    offensive = checks.is_offensive(who, power)
    kind = "forced_move" if forced else kind_of(who, power)
    reasons = rules.nature_halvings(offensive, power is None, kind == "forced_move")
    reasons += ("support_copy",) * (who.made_by == "sup" and offensive)
    found = Attacker(
        who,
        kind,
        is_contact(who, power),
        power is not None and who.counts_as(power, "off_d"),
        reasons,
        checks.first_use_modifier(who, power),
        who.power(power).condition if power is not None else None,
    )
    if len(_ATTACKERS) > 512:
        _ATTACKERS.clear()
    _ATTACKERS[key] = found  # the entry keeps ``who`` alive: its id is not reused while it stands
    return found


_ATTACKERS: dict[tuple[object, ...], Attacker] = {}


def strength(
    state: FightState,
    who: Combatant,
    cmd: Attack,
    targets: tuple[Combatant, ...],
    joined: tuple[tuple[Combatant, int], ...] = (),
    kind: str | None = None,
) -> Strength:
    """Bonus, adjustment and halving of an attack (readings 1 and 2 of the issue).

    A copy made by a support power uses Off powers "en demi-succès" (002_58e889a1abff3456.txt);
    joined copies add the reinforcement of their own first use of the power.
    """
    offensive = checks.is_offensive(who, cmd.power)
    reasons = rules.nature_halvings(
        offensive, cmd.power is None, (kind or kind_of(who, cmd.power)) == "forced_move"
    )
    reasons += ("support_copy",) * (who.made_by == "sup" and offensive)
    bonus = checks.first_use_modifier(who, cmd.power)
    ranged = cmd.power is not None and who.counts_as(cmd.power, "off_d") and not is_contact(who, cmd.power)
    return _strength(state, who, cmd, targets, joined, reasons, bonus, ranged)


def _strength(
    state: FightState,
    who: Combatant,
    cmd: Attack,
    targets: tuple[Combatant, ...],
    joined: tuple[tuple[Combatant, int], ...],
    reasons: tuple[str, ...],
    bonus: int,
    ranged: bool,
) -> Strength:
    """:func:`strength` from the halvings of the attack's nature, the first-use bonus of its power and
    whether that power strikes from afar (Off-D and not contact: the engagement malus)."""
    reasons += ("area",) * bool(cmd.area_targets)
    far = (
        checks.far_while_engaged(state, who, targets[0])
        if len(targets) == 1
        else max(checks.far_while_engaged(state, who, t) for t in targets)
    )
    reasons += ("engaged_far",) * far
    malus = sum(engaged_by(who, t) for t in targets[:1]) if ranged else 0
    if joined:
        bonus += sum(checks.first_use_modifier(copy, cmd.power) for copy, _tokens in joined)
    return Strength(bonus, cmd.gm_modifier - malus, len(reasons), reasons, malus)


def joined_copies(
    state: FightState, who: Combatant, cmd: Attack, target: Combatant
) -> tuple[tuple[Combatant, int], ...]:
    """The copies adding their tokens to this attack: "Si elles attaquent un même adversaire, leurs
    points d'énergie doivent être additionnés et considérés comme une seule attaque contre leur cible"
    (LEGION, 002_58e889a1abff3456.txt)."""
    if not cmd.joined:
        return ()
    if not rules.pools_tokens(who) or cmd.area_targets:
        checks.refuse(
            "copies_together",
            N_("Only copies made by an offensive power pool their tokens, against a single target."),
        )
    seen = {who.id}
    found = []
    for id, tokens in cmd.joined:
        copy = checks.combatant(state, id)
        if copy.id in seen or not rules.joins(who, copy):
            checks.refuse(
                "copies_together",
                N_("{copy} is not another copy of {original} made by an offensive power."),
                copy=copy.name,
                original=state.get(who.original or "").name,
            )
        seen.add(copy.id)
        checks.standing(copy)
        check_attacker(copy, Attack(copy.id, target.id, tokens, cmd.power))
        check_sight(state, copy, cmd.power, (target,))
        if is_contact(copy, cmd.power):
            checks.in_contact_reach(state, copy, target)
        found.append((copy, tokens))
    return tuple(found)


def copies_attack_once(state: FightState, who: Combatant, target: Combatant) -> None:
    """Refuse a second attack of the same original's offensive copies on one target in a turn."""
    if rules.pools_tokens(who) and who.original is not None and state.has(who.original):
        original = state.get(who.original)
        if target.id in original.copy_targets:
            checks.refuse(
                "copies_together",
                N_(
                    "The copies of {original} already attacked {target} this "
                    "turn: copies attacking the same adversary make one attack "
                    "together (join their tokens)."
                ),
                original=original.name,
                target=target.name,
            )


def check_targets(
    state: FightState, who: Combatant, cmd: Attack, kind: str = "damage", contact: bool | None = None
) -> tuple[Combatant, ...]:
    """The targets, refused when unknown, out, already attacked, out of reach or out of the area
    (``contact``: whether it is a contact attack, :func:`is_contact`, when the caller knows)."""
    if cmd.area_targets:
        ids = (cmd.target, *cmd.area_targets)
        if len(set(ids)) != len(ids) or who.id in ids:
            checks.refuse("targets", N_("Each target must be named once and not be the attacker."))
        targets = tuple(checks.combatant(state, i) for i in ids)
    else:  # one target (most attacks): named once already
        if cmd.target == who.id:
            checks.refuse("targets", N_("Each target must be named once and not be the attacker."))
        targets = (checks.combatant(state, cmd.target),)
    for target in targets:
        if target.out:
            checks.refuse("knock_out", N_("{name} is knocked out and cannot act."), name=target.name)
        if not rules.may_target(state, target):
            checks.refuse(
                "one_attack_per_target",
                N_(
                    "{target} was already attacked by {name} in this action phase: all tokens "
                    "against a target must be spent at once."
                ),
                target=target.name,
                name=who.name,
            )
        copies_attack_once(state, who, target)
    check_sight(state, who, cmd.power, targets)
    if is_contact(who, cmd.power) if contact is None else contact:
        origin = who
        if cmd.portal is not None and kind != "forced_move":
            origin = who._replace(
                position=portal.far_end(state, who.name, who.position, cmd.portal, checks.NEAR_METRES)
            )
        for target in targets[:1]:
            checks.in_contact_reach(state, origin, target)
    if cmd.area_targets:
        if not rules.may_attack_area(state, who, cmd.power):
            checks.refuse("area", N_("This power was not made for area attacks (table option)."))
        if not 0 < cmd.diameter <= checks.AREA_MAX_DIAMETER:
            checks.refuse(
                "area", N_("An area is at most 20 m across, not {diameter} m."), diameter=metres(cmd.diameter)
            )
        if not area.fits([t.position for t in targets], cmd.diameter):
            checks.refuse(
                "area",
                N_("These targets do not fit together in a zone {diameter} m across."),
                diameter=metres(cmd.diameter),
            )
    return targets


def check_attacker(who: Combatant, cmd: Attack) -> None:
    """Conditions and powers that forbid this attack (what forbids any attack of ``who``:
    :func:`.rules.attack_blocker`)."""
    blocker = rules.attack_blocker(who)
    if blocker == "def_copy":
        checks.refuse("duplicates", N_("A copy made by a defensive power only protects: it cannot attack."))
    if blocker == "immune":
        checks.not_immune(who)
    if blocker == "entangled":  # « Empêtré: ne peut plus se déplacer ni attaquer »: support stays open
        checks.refuse(
            "conditions",
            N_("{name} is entangled: it can neither move nor attack, but may still defend and use support."),
            name=who.name,
        )
    if blocker is not None:
        checks.refuse(
            "conditions",
            N_("{name} is {condition}: only defence is possible."),
            name=who.name,
            condition=word(blocker),
        )
    checks.usable_power(who, cmd.power)
    checks.gm_modifier_ok(cmd.gm_modifier)
    checks.tokens_between(who, cmd.tokens + cmd.keep_invisible)


def pulled_to(state: FightState, who: Combatant, cmd: Attack, target: Combatant, kind: str) -> Attack:
    """A forced move through a portal: the target, within 20 m of one end, ends at the other end
    ("des ennemis peuvent être attirés à travers", 002_58e889a1abff3456.txt)."""
    if cmd.portal is None or kind != "forced_move":
        return cmd
    if cmd.destination is not None:
        checks.refuse(
            "portal",
            N_(
                "A target pulled through a portal ends at its other end: give a "
                "portal or a destination, not both."
            ),
        )
    end = portal.far_end(state, target.name, target.position, cmd.portal, checks.MOVE_METRES)
    return Attack(
        cmd.actor,
        cmd.target,
        cmd.tokens,
        cmd.power,
        cmd.area_targets,
        cmd.diameter,
        cmd.gm_modifier,
        cmd.target_power,
        end,
        cmd.carry_legs,
        cmd.keep_invisible,
        cmd.joined,
        cmd.portal,
    )


def check_effect(state: FightState, who: Combatant, cmd: Attack, target: Combatant, kind: str) -> None:
    """Effect details: a stolen power must exist, a forced move stays within 20 m."""
    if kind != "forced_move" and cmd.destination is not None and kind not in ("carry",):
        checks.refuse("destination", N_("Only a forced move or a carry takes a destination."))
    if kind == "steal":
        checks.usable_power(target, cmd.target_power, "steal")
    if (
        kind == "forced_move"
        and cmd.destination is not None
        and cmd.portal is None
        and checks.distance(target.position, cmd.destination) > checks.MOVE_METRES
    ):
        checks.refuse("forced_move", N_("A forced move is at most 20 m."))
    if (
        kind == "carry"
        and cmd.destination is not None
        and checks.distance(target.position, cmd.destination)
        > carry.METRES_PER_LEG * max(1, cmd.carry_legs or 1)
    ):
        checks.refuse("carry", N_("Carrying a target flies 20 m per 2 tokens past its defence."))


def check_options(who: Combatant, cmd: Attack, kind: str) -> None:
    """Options that make no sense for this attack are bad input, never silently ignored."""
    if (
        cmd.portal is None
        and cmd.target_power is None
        and not cmd.crossing
        and cmd.carry_legs is None
        and not cmd.diameter
    ):  # no option given (most attacks): none is given in vain
        return
    problem = rules.pointless_option(
        cmd.portal is not None and not portal_reaches(who, cmd.power, kind),
        cmd.target_power is not None and kind != "steal",
        bool(cmd.crossing) and (kind not in ("forced_move", "carry") or bool(cmd.area_targets)),
        cmd.carry_legs is not None and kind != "carry",
        bool(cmd.diameter) and not cmd.area_targets,
    )
    if problem is not None:
        raise BadInputError(
            Message(
                checks.DOMAIN,
                N_("The option {option} makes no sense for this attack ({kind}): leave it out."),
                {"option": problem, "kind": word(kind)},
            )
        )


def declare(state: FightState, cmd: Attack, forced: bool = False) -> list[Event]:
    """Validate ``cmd`` for the acting character and return the events that declare it; ``forced``: the
    general action of a forced move ("le déplacement forcé est considéré comme une action offensive")."""
    who = checks.combatant(state, cmd.actor)
    checks.acting(state, who)
    return declare_by(state, who, attacker(who, cmd, forced), cmd)


def declare_by(state: FightState, who: Combatant, part: Attacker, cmd: Attack) -> list[Event]:
    """:func:`declare` once the acting ``who`` is checked and its part of the attack known (``part``: a
    charge's attacker is the one who moved, the same but for where it strikes from)."""
    kind = part.kind
    targets = check_targets(state, who, cmd, kind, part.contact)
    cmd = pulled_to(state, who, cmd, targets[0], kind)
    check_effect(state, who, cmd, targets[0], kind)
    check_options(who, cmd, kind)
    extra, _hazards = crossing_cost(state, cmd.crossing)
    checks.can_pay(who, cmd.tokens + cmd.keep_invisible + extra)
    joined = joined_copies(state, who, cmd, targets[0])
    tokens = cmd.tokens + sum(t for _copy, t in joined) if joined else cmd.tokens
    how = _strength(
        state, who, cmd, targets, joined, part.reasons, part.bonus, part.off_d and not part.contact
    )
    slowed = slowing(state, who.position)  # HORLOGE's zone opposes what is spent inside it
    pending = PendingAttack(  # by position (the query declares many): the fields in their order
        who.id,  # attacker
        cmd.power,
        tokens,
        how.effective(tokens),
        kind,
        part.condition,
        tuple(t.id for t in targets),  # targets
        targets[0].id,  # target
        part.contact,
        slowed,  # countered
        int(who.invisible),  # defense_halving
        None,  # interposed_by
        None,  # interpose_power
        cmd.target_power,
        cmd.destination,
        cmd.carry_legs,
        False,  # maintained
        None,  # terrain
        cmd.crossing,
    )
    events: list[Event] = []
    if cmd.power is not None and cmd.power not in who.used:
        events.append(PowerUsed(who.id, cmd.power))
    events.append(
        AttackDeclared(
            pending,
            cmd.tokens + cmd.keep_invisible + extra,
            how.bonus,
            how.adjustment,
            how.halving,
            how.reasons,
            how.malus,
        )
    )
    for copy, paid in joined:
        if cmd.power is not None and cmd.power not in copy.used:
            events.append(PowerUsed(copy.id, cmd.power))
        events.append(AttackJoined(copy.id, targets[0].id, paid))
    if part.contact:
        engagers = (who, *(copy for copy, _paid in joined))
        events += [
            Engaged(t.id, by.id)
            for t in targets
            for by in engagers
            if by.id not in t.engaged_by and rules.engages(by.position, t.position)
        ]
    if who.invisible and not cmd.keep_invisible:
        events.append(InvisibilityChanged(who.id, True, 0))
    return events


def as_maintenance(pending: PendingAttack) -> PendingAttack:
    """The same pending attack marked as a maintenance payment."""
    return pending._replace(maintained=True)
