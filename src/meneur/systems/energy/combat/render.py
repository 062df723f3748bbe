"""Explanations of events as translatable messages (French or English at display time).

A game master explaining the resolution in the book's words: only the parts that apply are said
(a reinforcement, the GM's modifier, a half success and why, a counter-power, an extended defence), so a
reader can check every number against the book. Phrasings avoid agreeing a word with a character's
gender, which the engine does not know ("hors combat", "l'état sonné", "engagement : ...").

:func:`explain` wants the state just before the event; :func:`explain_all` folds a command's events.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from meneur.i18n import N_, Message
from meneur.systems.energy.campaign.states import HURT
from meneur.systems.energy.combat import events as ev
from meneur.systems.energy.combat import rules
from meneur.systems.energy.combat.evolve import evolve
from meneur.systems.energy.combat.profile import Point
from meneur.systems.energy.combat.state import FightState
from meneur.systems.energy.combat.words import metres, word

DOMAIN = "energy_combat"
Explain = Callable[[FightState, Any], Message | None]


@dataclass(frozen=True)
class Listed(Message):
    """Several messages (or plain names) joined by ``sep`` when rendered."""

    items: tuple[Message | str, ...] = ()
    sep: str = ", "

    def render(self, lang: str | None = None) -> str:
        """Each item in ``lang``, joined."""
        return self.sep.join(i.render(lang) if isinstance(i, Message) else i for i in self.items)


def _m(msgid: str, **params: Any) -> Message:
    return Message(DOMAIN, msgid, params)


def _list(items: Iterable[Message | str], sep: str = ", ") -> Listed:
    return Listed(DOMAIN, "", {}, tuple(items), sep)


def _n(state: FightState, id: str) -> str | Message:
    if id == "gm" and not state.has(id):
        return _m(N_("the GM"))
    return state.get(id).name if state.has(id) else id


def _names(state: FightState, ids: Iterable[str]) -> str:
    return ", ".join(str(_n(state, i)) for i in ids)


def _both(state: FightState, ids: Iterable[str]) -> Message | str:
    """Names joined as a sentence does: "A, B and C" ("A, B et C")."""
    names = [str(_n(state, i)) for i in ids]
    if len(names) < 2:
        return "".join(names)
    return _m(N_("{names} and {last}"), names=", ".join(names[:-1]), last=names[-1])


def _power(state: FightState, id: str, power: int | None) -> str:
    if power is None or not state.has(id):
        return "-"
    who = state.get(id)
    return who.power(power).name if who.has_power(power) or power < len(who.powers) else str(power)


def point(at: Point) -> str:
    """A position on the battle plane: (19, 0)."""
    return f"({metres(at[0])}, {metres(at[1])})"


def tokens(n: int) -> Message:
    """``n`` energy tokens with the right plural ("1 jeton", "3 jetons", "aucun jeton")."""
    if n == 0:
        return _m(N_("no token"))
    return _m(N_("1 token")) if n == 1 else _m(N_("{n} tokens"), n=n)


def paying(n: int) -> Message:
    """What an action of fixed cost took: "pour 2 jetons", or "sans dépenser de jeton" (reinforcement)."""
    return _m(N_("for {tokens}"), tokens=tokens(n)) if n else _m(N_("without spending a token"))


def vigor_points(n: int) -> Message:
    """``n`` points of Vigueur with the right plural."""
    return _m(N_("1 point of Vigueur")) if n == 1 else _m(N_("{n} points of Vigueur"), n=n)


def half(times: int) -> Message:
    """A halving in the book's words: demi-succès, quart de succès, else the divisor."""
    if times == 1:
        return _m(N_("in half success"))
    if times == 2:
        return _m(N_("in quarter success"))
    return _m(N_("divided by {divisor}"), divisor=2**times)


def modifier(value: int) -> Message:
    """A power's reinforcement (+X) or weakening (-X)."""
    if value >= 0:
        return _m(N_("reinforcement +{value}"), value=value)
    return _m(N_("weakening −{value}"), value=-value)


def _formula(e: ev.AttackDeclared) -> Message:
    """How the attack's tokens became its value: only the terms that apply."""
    p = e.pending
    formula: Message = tokens(p.tokens)
    if p.tokens > e.paid:  # copies joined their tokens ("leurs points d'énergie doivent être additionnés")
        formula = _m(N_("{tokens} with the joined copies"), tokens=formula)
    if e.bonus:
        formula = _m(
            N_("{before} + {value} (reinforcement)") if e.bonus > 0 else N_("{before} − {value} (weakening)"),
            before=formula,
            value=abs(e.bonus),
        )
    gm = e.adjustment + e.malus
    if gm:
        formula = _m(
            N_("{before} + {value} (GM)") if gm > 0 else N_("{before} − {value} (GM)"),
            before=formula,
            value=abs(gm),
        )
    if e.malus:
        formula = _m(
            N_("{before} − {value} (Off-D against the one who engages)"), before=formula, value=e.malus
        )
    if e.halving:
        why = _list(word(r) for r in e.reasons)
        formula = _m(
            N_("{before}, {half} ({why})") if e.reasons else N_("{before}, {half}"),
            before=formula,
            half=half(e.halving),
            why=why,
        )
    return formula


def _declared(s: FightState, e: ev.AttackDeclared) -> Message:
    p = e.pending
    if p.terrain is not None:
        element = s.terrain_element(p.terrain)
        if element is not None:
            return _m(
                N_("Terrain element ({kind} made by {owner}): attack at {effective} on {target}."),
                kind=word(element.kind),
                owner=_n(s, element.owner),
                target=_n(s, p.target),
                effective=p.effective,
            )
        return _m(
            N_("The terrain element {terrain} attacks {target}: attack at {effective}."),
            terrain=p.terrain,
            target=_n(s, p.target),
            effective=p.effective,
        )
    if p.power is None:
        return _m(
            N_("{attacker} attacks {targets} without a power: {formula} = attack at {effective}."),
            attacker=_n(s, p.attacker),
            targets=_both(s, p.targets),
            formula=_formula(e),
            effective=p.effective,
        )
    return _m(
        N_("{attacker} attacks {targets} with {power}: {formula} = attack at {effective}."),
        attacker=_n(s, p.attacker),
        targets=_both(s, p.targets),
        power=_power(s, p.attacker, p.power),
        formula=_formula(e),
        effective=p.effective,
    )


def _resolved(s: FightState, e: ev.AttackResolved) -> Message:
    target = _n(s, e.target)
    if e.immune:
        return _m(N_("{target}: immunity, the attack has no effect."), target=target)
    attack: Message | int = e.attack
    if e.countered:
        attack = _m(
            N_("{attack} − {countered} (counter-power) = {net}"),
            attack=e.attack,
            countered=e.countered,
            net=max(0, e.attack - e.countered),
        )
    defense: Message | int = e.defense
    if e.protectors:
        defense = _m(
            N_("{defense} ({own} own + {extended} extended defence from {protectors})"),
            defense=e.defense,
            own=e.own_defense,
            extended=e.defense - e.own_defense,
            protectors=_both(s, e.protectors),
        )
    verdict = (
        _m(N_("the attack succeeds by {margin}"), margin=e.margin)
        if e.success
        else _m(N_("the defence stops the attack"))
    )
    losing = [i for i in (e.target, *e.protectors) if s.has(i) and s.get(i).defense > 0]
    lost = _m(N_(", one defence token fewer for {names}"), names=_both(s, losing)) if losing else ""
    return _m(
        N_("{target}: attack at {attack} against defence {defense}; {verdict}{lost}."),
        target=target,
        attack=attack,
        defense=defense,
        verdict=verdict,
        lost=lost,
    )


def _defense(s: FightState, e: ev.DefensePlaced) -> Message:
    name = _n(s, e.actor)
    if e.tokens == 0 and e.paid == 0:
        kept = s.get(e.actor).defense if s.has(e.actor) else 0
        if kept:
            return _m(
                N_("{name} places no new token and defends with the tokens already placed ({count})."),
                name=name,
                count=kept,
            )
        return _m(N_("{name} places no token in defence."), name=name)
    paid = (
        _m(N_(" (pays {paid}, {modifier})"), paid=e.paid, modifier=modifier(e.tokens - e.paid))
        if e.tokens != e.paid
        else ""
    )
    determined = s.has(e.actor) and s.get(e.actor).determined
    counted: Message | str = ""
    if e.level and determined:
        counted = _m(N_("; détermination: no half success"))
    elif e.level:
        counted = _m(N_("; the defence counts {half}"), half=half(e.level))
    if e.power is None:
        return _m(
            N_("{name} places {tokens} in defence without a power{paid}{counted}."),
            name=name,
            tokens=tokens(e.tokens),
            paid=paid,
            counted=counted,
        )
    return _m(
        N_("{name} places {tokens} in defence with {power}{paid}{counted}."),
        name=name,
        tokens=tokens(e.tokens),
        power=_power(s, e.actor, e.power),
        paid=paid,
        counted=counted,
    )


def _moved(s: FightState, e: ev.Moved) -> Message:
    name, to = _n(s, e.actor), point(e.to)
    if e.forced_by is not None and e.forced_by != e.actor:
        return _m(N_("Forced move: {name} ends at {to}."), name=name, to=to)
    if e.forced_by == e.actor and e.carried:
        return _m(
            N_("{name} carries {names} to {to} with the tokens beyond the defence (2 per 20 m)."),
            name=name,
            names=_both(s, e.carried),
            to=to,
        )
    carried = _m(N_(", carrying {names}"), names=_both(s, e.carried)) if e.carried else ""
    if e.charge:
        return _m(N_("{name} charges: free move to {to}{carried}."), name=name, to=to, carried=carried)
    if e.small:
        return _m(
            N_("{name} makes a small move (free, at most 5 m) to {to}{carried}."),
            name=name,
            to=to,
            carried=carried,
        )
    return _m(
        N_("{name} moves to {to} {paying}{carried}."),
        name=name,
        to=to,
        paying=paying(e.paid),
        carried=carried,
    )


def _turn(s: FightState, e: ev.TurnStarted) -> Message:
    gains = [f"{_n(s, i)} +{g}" for i, g in e.gains if g > 0]
    recovered = _m(N_("recovery: {gains}"), gains=", ".join(gains)) if gains else _m(N_("no token recovered"))
    return _m(
        N_("Turn {turn}: recovery phase, defence tokens removed, {recovered}. Maintenance phase."),
        turn=e.turn,
        recovered=recovered,
    )


def _maintenance_ended(s: FightState, e: ev.MaintenanceEnded) -> Message:
    if e.dropped_holds:
        return _m(N_("Action phases begin; hold not kept: {names}."), names=_names(s, e.dropped_holds))
    return _m(N_("Action phases begin."))


def _phase_ended(s: FightState, e: ev.ActionPhaseEnded) -> Message:
    if e.next < len(s.order):
        return _m(
            N_("{name} ends their action phase; action phase of {next}."),
            name=_n(s, e.actor),
            next=_n(s, s.order[e.next]),
        )
    return _m(N_("{name} ends their action phase."), name=_n(s, e.actor))


def _vigor_lost(s: FightState, e: ev.VigorLost) -> Message:
    left = f"{s.get(e.target).vigor - e.amount}/{s.get(e.target).vigor_max}" if s.has(e.target) else "-"
    if e.out:
        return _m(
            N_("{name} loses {points} (Vigueur {left}): knocked out."),
            name=_n(s, e.target),
            points=vigor_points(e.amount),
            left=left,
        )
    return _m(
        N_("{name} loses {points} (Vigueur {left})."),
        name=_n(s, e.target),
        points=vigor_points(e.amount),
        left=left,
    )


def _vigor_restored(s: FightState, e: ev.VigorRestored) -> Message:
    back = _m(N_(" and is back in the fight")) if e.back else ""
    return _m(
        N_("{actor} heals {target} ({tokens}, in half success): {target} regains {points}{back}."),
        actor=_n(s, e.actor),
        target=_n(s, e.target),
        tokens=tokens(e.paid),
        points=vigor_points(e.amount),
        back=back,
    )


def _stress(s: FightState, e: ev.StressSpent) -> Message:
    name = _n(s, e.actor)
    if e.use == "feat":
        return _m(
            N_("{name} checks a stress box: action d'éclat, {power} also counts as {category} this turn."),
            name=name,
            power=_power(s, e.actor, e.power),
            category=word(e.category or ""),
        )
    if e.use == "determination":
        return _m(
            N_("{name} checks a stress box: détermination, no defence in half success this turn."), name=name
        )
    return _m(N_("{name} checks a stress box: second souffle, healing may bring them back."), name=name)


def _fight_ended(s: FightState, e: ev.FightEnded) -> Message:
    parts: list[Message | str] = []
    gains = []
    for id, vigor in e.restored:
        if s.has(id) and vigor > s.get(id).vigor:
            who = s.get(id)
            gains.append(f"{who.name} +{vigor - who.vigor} ({vigor}/{who.vigor_max})")
    parts.append(
        _m(N_("The fight is over; Vigueur recovered: {gains}."), gains=", ".join(gains))
        if gains
        else _m(N_("The fight is over; no one had lost Vigueur."))
    )
    again = [i for i in e.wounded if s.has(i) and HURT & s.get(i).states]
    first = [i for i in e.wounded if i not in again]
    for ids, msgid in (
        (first, N_("Wounded (blessé, half Vigueur until healed): {names}.")),
        (again, N_("Incapacitated (incapacité, wounded again): {names}.")),
        (e.exhausted, N_("Exhausted (épuisé, −1 Énergie until rested): {names}.")),
    ):
        if ids:
            parts.append(_m(msgid, names=_names(s, ids)))
    return _list(parts, " ")


def _power_used(s: FightState, e: ev.PowerUsed) -> Message | None:
    if not s.has(e.actor) or e.power >= len(s.get(e.actor).powers):
        return None
    value = s.get(e.actor).powers[e.power].modifier
    if value == 0:
        return None
    return _m(
        N_("{name}: first use of the power {power} this turn, {modifier}."),
        name=_n(s, e.actor),
        power=_power(s, e.actor, e.power),
        modifier=modifier(value),
    )


def _terrain_removed(s: FightState, e: ev.TerrainRemoved) -> Message:
    element = s.terrain_element(e.id)
    if element is None:
        return _m(N_("The terrain element {id} is gone."), id=e.id)
    return _m(
        N_("The {kind} of rank {rank} made by {owner} is gone."),
        kind=word(element.kind),
        rank=element.rank,
        owner=_n(s, element.owner),
    )


def _interaction(s: FightState, e: ev.InteractionProgressed) -> Message:
    element = s.terrain_element(e.key)
    if element is not None:
        return _m(
            N_(
                "{name} engages {tokens} against the terrain element ({kind} made by {owner}): {total} "
                "of {required}."
            ),
            name=_n(s, e.actor),
            tokens=tokens(e.tokens),
            kind=word(element.kind),
            owner=_n(s, element.owner),
            total=e.total,
            required=e.required,
        )
    return _m(
        N_("{name} engages {tokens} in “{key}”: {total} of {required}."),
        name=_n(s, e.actor),
        tokens=tokens(e.tokens),
        key=e.key,
        total=e.total,
        required=e.required,
    )


def _maintained(s: FightState, e: ev.LastingMaintained) -> Message:
    owner, power = _n(s, e.lasting.owner), _power(s, e.lasting.owner, e.lasting.power)
    if rules.kept_at_fixed_cost(e.lasting):
        return _m(N_("{name} maintains {power} {paying}."), name=owner, power=power, paying=paying(e.paid))
    # "le défenseur peut de nouveau investir ses points en défense": the attack line follows
    return _m(
        N_("{name} maintains {power} on {target} with a new attack."),
        name=owner,
        power=power,
        target=_n(s, e.lasting.target),
    )


def _why(reason: str) -> Message | str:
    return _m(N_(" ({reason})"), reason=reason) if reason.strip() else ""


def _arrived(s: FightState, e: ev.CombatantArrived) -> Message:
    after = evolve(s, e)
    return _m(
        N_("GM: a new combatant arrives, {name} ({side}), at {at}; initiative order: {order}."),
        name=e.combatant.name,
        side=word(e.combatant.side),
        at=point(e.combatant.position),
        order=_names(after, after.order),
    )


def _left(s: FightState, e: ev.CombatantLeft) -> Message:
    if e.fled:
        return _m(N_("GM: {name} flees the fight{why}."), name=_n(s, e.target), why=_why(e.reason))
    return _m(N_("GM: {name} leaves the fight{why}."), name=_n(s, e.target), why=_why(e.reason))


def _adjusted(s: FightState, e: ev.Adjusted) -> Message:
    changes: list[Message | str] = []
    if e.vigor is not None:
        changes.append(_m(N_("Vigueur {value}"), value=e.vigor))
    if e.energy is not None:
        changes.append(_m(N_("energy {value}"), value=e.energy))
    if e.position is not None:
        changes.append(_m(N_("position {at}"), at=point(e.position)))
    if e.add_condition is not None:
        changes.append(_m(N_("now {condition}"), condition=word(e.add_condition)))
    if e.remove_condition is not None:
        changes.append(_m(N_("no longer {condition}"), condition=word(e.remove_condition)))
    if not changes:
        changes.append(_m(N_("nothing changes")))
    return _m(
        N_("GM adjusts {name}: {changes} ({reason})."),
        name=_n(s, e.target),
        changes=_list(changes),
        reason=e.reason,
    )


def _placed(s: FightState, e: ev.TerrainPlaced) -> Message:
    return _m(
        N_("GM places a terrain element: {kind} of rank {rank} at {at} (id {id}){why}."),
        kind=word(e.element.kind),
        rank=e.element.rank,
        at=point(e.element.position),
        id=e.element.id,
        why=_why(e.reason),
    )


EXPLAIN: dict[type, Explain] = {
    ev.FightStarted: lambda s, e: _m(
        N_("The fight starts. Initiative order: {order}."), order=_names(s, e.order)
    ),
    ev.TurnStarted: _turn,
    ev.MaintenanceEnded: _maintenance_ended,
    ev.ActionPhaseEnded: _phase_ended,
    ev.AttackDeclared: _declared,
    ev.DefensePlaced: _defense,
    ev.Interposed: lambda s, e: _m(
        N_("{name} interposes in front of {target} and takes the attack."),
        name=_n(s, e.actor),
        target=_n(s, e.target),
    ),
    ev.ExtendedDefensePlaced: lambda s, e: _m(
        N_(
            "{name} places {tokens} in an extended defence covering {allies} (pays {paid}: 1 token per "
            "ally covered)."
        ),
        name=_n(s, e.actor),
        tokens=tokens(e.tokens),
        allies=_both(s, e.allies),
        paid=e.paid,
    ),
    ev.Countered: lambda s, e: _m(
        N_(
            "{name} acts from hold and opposes {power} (counter-power, {tokens}): "
            "the attack loses {effective}."
        ),
        name=_n(s, e.actor),
        power=_power(s, e.actor, e.power),
        tokens=tokens(e.paid),
        effective=e.effective,
    ),
    ev.AttackResolved: _resolved,
    ev.AttackLost: lambda s, e: _m(
        N_("{attacker}: the attack on {target} can no longer happen; its tokens are lost."),
        attacker=_n(s, e.attacker),
        target=_n(s, e.target),
    ),
    ev.VigorLost: _vigor_lost,
    ev.VigorRestored: _vigor_restored,
    ev.ConditionApplied: lambda s, e: _m(
        N_("{name} suffers the condition {condition} until the next turn."),
        name=_n(s, e.target),
        condition=word(e.condition),
    ),
    ev.Engaged: lambda s, e: _m(
        N_("Engagement by {by}: {name} acts in half success beyond 5 m."),
        name=_n(s, e.target),
        by=_n(s, e.by),
    ),
    ev.Moved: _moved,
    ev.PowerUsed: _power_used,
    ev.Held: lambda s, e: _m(N_("{name} pays 1 token and goes on hold."), name=_n(s, e.actor)),
    ev.HoldKept: lambda s, e: _m(N_("{name} pays 1 token to stay on hold."), name=_n(s, e.actor)),
    ev.Interrupted: lambda s, e: _m(N_("{name} leaves hold and acts now."), name=_n(s, e.actor)),
    ev.InterruptionEnded: lambda s, e: _m(N_("{name} has acted; the fight resumes."), name=_n(s, e.actor)),
    ev.EnergyGiven: lambda s, e: _m(
        N_("{actor} gives energy to {target} ({tokens}, in half success): {target} gains {amount}."),
        actor=_n(s, e.actor),
        target=_n(s, e.target),
        tokens=tokens(e.paid),
        amount=tokens(e.amount),
    ),
    ev.SupportUsed: lambda s, e: _m(
        N_("{name} uses {power} {paying}."),
        name=_n(s, e.actor),
        power=_power(s, e.actor, e.power),
        paying=paying(e.paid),
    ),
    ev.TerrainCreated: lambda s, e: _m(
        N_("{name} creates a terrain element {paying}: {kind} of rank {rank} (id {id})."),
        name=_n(s, e.element.owner),
        paying=paying(e.paid),
        kind=word(e.element.kind),
        rank=e.element.rank,
        id=e.element.id,
    ),
    ev.TerrainRemoved: _terrain_removed,
    ev.InteractionProgressed: _interaction,
    ev.PowerStolen: lambda s, e: _m(
        N_("{thief} takes {power} from {victim} until the end of the turn."),
        thief=_n(s, e.thief),
        power=_power(s, e.victim, e.power),
        victim=_n(s, e.victim),
    ),
    ev.PowerAbsorbed: lambda s, e: _m(
        N_("{defender} absorbs the attack: {attacker} loses {power} until the end of the turn."),
        defender=_n(s, e.defender),
        attacker=_n(s, e.attacker),
        power=_power(s, e.attacker, e.power),
    ),
    ev.ControlTaken: lambda s, e: _m(
        N_("{controller} controls {target}."), controller=_n(s, e.controller), target=_n(s, e.target)
    ),
    ev.EnergyLent: lambda s, e: _m(
        N_("{controller} plays {target} with {tokens} of their own."),
        controller=_n(s, e.controller),
        target=_n(s, e.target),
        tokens=tokens(e.amount),
    ),
    ev.EnergyReturned: lambda s, e: (
        _m(
            N_("{controller} takes back the unspent tokens: {tokens}."),
            tokens=tokens(e.amount),
            controller=_n(s, e.controller),
        )
        if e.amount
        else None
    ),
    ev.Slowed: lambda s, e: _m(N_("{name} will recover only half their Récupération."), name=_n(s, e.target)),
    ev.Jinxed: lambda s, e: _m(N_("{name} will miss their next move."), name=_n(s, e.target)),
    ev.MoveFailed: lambda s, e: _m(N_("{name}: the move fails (bad luck)."), name=_n(s, e.actor)),
    ev.ImmunityRaised: lambda s, e: _m(
        N_("{name}: immunity until the end of the turn."), name=_n(s, e.actor)
    ),
    ev.InvisibilityChanged: lambda s, e: _m(
        N_("{name} reappears.") if e.visible else N_("{name} becomes invisible."), name=_n(s, e.actor)
    ),
    ev.CopyCreated: lambda s, e: _m(
        N_("{name} creates a copy, {copy}: energy {energy}, Vigueur {vigor}."),
        name=_n(s, e.copy.original or ""),
        copy=e.copy.name,
        energy=e.copy.energy,
        vigor=e.copy.vigor,
    ),
    ev.AttackJoined: lambda s, e: _m(
        N_(
            "{name} adds {tokens} to the same attack on {target} (copies "
            "attacking one adversary make a single attack)."
        ),
        name=_n(s, e.actor),
        tokens=tokens(e.paid),
        target=_n(s, e.target),
    ),
    ev.LastingNoted: lambda s, e: _m(N_("This effect may be maintained next turn.")),
    ev.LastingMaintained: _maintained,
    ev.StressSpent: _stress,
    ev.FightEnded: _fight_ended,
    ev.CombatantArrived: _arrived,
    ev.CombatantLeft: _left,
    ev.Adjusted: _adjusted,
    ev.TerrainPlaced: _placed,
}


def explain(state: FightState, event: ev.Event) -> Message | None:
    """The explanation of ``event`` in ``state``, the state just before it (None when there is nothing
    worth saying, such as the first use of a power with no reinforcement)."""
    return EXPLAIN[type(event)](state, event)


def explain_all(state: FightState, events: Sequence[ev.Event]) -> list[Message]:
    """The explanations of ``events`` happening one after another from ``state``."""
    said = []
    for event in events:
        message = explain(state, event)
        if message is not None:
            said.append(message)
        state = evolve(state, event)
    return said


def state_line(state: FightState, id: str) -> Message:
    """One combatant's tokens, defence, Vigueur, conditions and states."""
    who = state.get(id)
    marks = [word(c) for c in sorted(who.conditions)] + [word(s) for s in sorted(who.states)]
    return _m(
        N_(
            "{name}: energy {energy}/{energy_max}, defence {defense}, Vigueur {vigor}/{vigor_max}{marks}{out}"
        ),
        name=who.name,
        energy=who.energy,
        energy_max=who.energy_max,
        defense=who.defense,
        vigor=who.vigor,
        vigor_max=who.vigor_max,
        marks=_m(N_(" [{marks}]"), marks=_list(marks)) if marks else "",
        out=_m(N_(" (knocked out)")) if who.out else "",
    )


def state_json(state: FightState) -> dict[str, Any]:
    """The JSON view of a fight: turn, phase and each combatant's tokens, defence, Vigueur, conditions."""
    return {
        "turn": state.turn,
        "phase": state.phase.value,
        "combatants": {
            c.id: {
                "energy": c.energy,
                "defense": c.defense,
                "vigor": c.vigor,
                "conditions": sorted(c.conditions),
                "out": c.out,
            }
            for c in state.combatants
        },
    }
