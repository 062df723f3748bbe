"""Explanations of events as translatable messages (French or English at display time).

A game master explaining the resolution in the book's words: only the parts that apply are said
(a reinforcement, the GM's modifier, a half success and why, a counter-power, an extended defence), so a
reader can check every number against the book. Phrasings avoid agreeing a word with a character's
gender, which the engine does not know ("hors combat", "l'état sonné", "engagement : ..."). The words
are :mod:`.render_words`; attacks and defences, :mod:`.render_attack`.

:func:`explain` wants the state just before the event; :func:`explain_all` folds a command's events.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from meneur.i18n import N_, Message
from meneur.systems.energy.campaign.states import HURT
from meneur.systems.energy.combat import events as ev
from meneur.systems.energy.combat import rules
from meneur.systems.energy.combat.evolve import evolve
from meneur.systems.energy.combat.render_attack import declared, defense_placed, resolved
from meneur.systems.energy.combat.render_words import (
    both,
    listed,
    modifier,
    name_of,
    names_of,
    paying,
    point,
    power_name,
    say,
    tokens,
    vigor_points,
)
from meneur.systems.energy.combat.state import FightState
from meneur.systems.energy.combat.words import agreeing, word

Explain = Callable[[FightState, Any], Message | None]


def _moved(s: FightState, e: ev.Moved) -> Message:
    name, to = name_of(s, e.actor), point(e.to)
    if e.forced_by is not None and e.forced_by != e.actor:
        return say(N_("Forced move: {name} ends at {to}."), name=name, to=to)
    if e.forced_by == e.actor and e.carried:
        return say(
            N_("{name} carries {names} to {to} with the tokens beyond the defence (2 per 20 m)."),
            name=name,
            names=both(s, e.carried),
            to=to,
        )
    carried = say(N_(", carrying {names}"), names=both(s, e.carried)) if e.carried else ""
    if e.charge:
        return say(N_("{name} charges: free move to {to}{carried}."), name=name, to=to, carried=carried)
    if e.small:
        return say(
            N_("{name} makes a small move (free, at most 5 m) to {to}{carried}."),
            name=name,
            to=to,
            carried=carried,
        )
    return say(
        N_("{name} moves to {to} {paying}{carried}."),
        name=name,
        to=to,
        paying=paying(e.paid),
        carried=carried,
    )


def _turn(s: FightState, e: ev.TurnStarted) -> Message:
    gains = [f"{name_of(s, i)} +{g}" for i, g in e.gains if g > 0]
    recovered = (
        say(N_("recovery: {gains}"), gains=", ".join(gains)) if gains else say(N_("no token recovered"))
    )
    return say(
        N_("Turn {turn}: recovery phase, defence tokens removed, {recovered}. Maintenance phase."),
        turn=e.turn,
        recovered=recovered,
    )


def _maintenance_ended(s: FightState, e: ev.MaintenanceEnded) -> Message:
    if e.dropped_holds:
        return say(N_("Action phases begin; hold not kept: {names}."), names=names_of(s, e.dropped_holds))
    return say(N_("Action phases begin."))


def _phase_ended(s: FightState, e: ev.ActionPhaseEnded) -> Message:
    if e.next < len(s.order):
        return say(
            N_("{name} ends their action phase; action phase of {next}."),
            name=name_of(s, e.actor),
            next=name_of(s, s.order[e.next]),
        )
    return say(N_("{name} ends their action phase."), name=name_of(s, e.actor))


def _vigor_lost(s: FightState, e: ev.VigorLost) -> Message:
    left = f"{s.get(e.target).vigor - e.amount}/{s.get(e.target).vigor_max}" if s.has(e.target) else "-"
    if e.out:
        return say(
            N_("{name} loses {points} (Vigueur {left}): knocked out."),
            name=name_of(s, e.target),
            points=vigor_points(e.amount),
            left=left,
        )
    return say(
        N_("{name} loses {points} (Vigueur {left})."),
        name=name_of(s, e.target),
        points=vigor_points(e.amount),
        left=left,
    )


def _vigor_restored(s: FightState, e: ev.VigorRestored) -> Message:
    back = say(N_(" and is back in the fight")) if e.back else ""
    return say(
        N_("{actor} heals {target} ({tokens}, in half success): {target} regains {points}{back}."),
        actor=name_of(s, e.actor),
        target=name_of(s, e.target),
        tokens=tokens(e.paid),
        points=vigor_points(e.amount),
        back=back,
    )


def _stress(s: FightState, e: ev.StressSpent) -> Message:
    name = name_of(s, e.actor)
    if e.use == "feat":
        return say(
            N_("{name} checks a stress box: action d'éclat, {power} also counts as {category} this turn."),
            name=name,
            power=power_name(s, e.actor, e.power),
            category=word(e.category or ""),
        )
    if e.use == "determination":
        return say(
            N_("{name} checks a stress box: détermination, no defence in half success this turn."), name=name
        )
    return say(N_("{name} checks a stress box: second souffle, healing may bring them back."), name=name)


def _fight_ended(s: FightState, e: ev.FightEnded) -> Message:
    parts: list[Message | str] = []
    gains = []
    for id, vigor in e.restored:
        if s.has(id) and vigor > s.get(id).vigor:
            who = s.get(id)
            gains.append(f"{who.name} +{vigor - who.vigor} ({vigor}/{who.vigor_max})")
    parts.append(
        say(N_("The fight is over; Vigueur recovered: {gains}."), gains=", ".join(gains))
        if gains
        else say(N_("The fight is over; no one had lost Vigueur."))
    )
    again = [i for i in e.wounded if s.has(i) and HURT & s.get(i).states]
    first = [i for i in e.wounded if i not in again]
    for ids, msgid in (
        (first, N_("Wounded (blessé, half Vigueur until healed): {names}.")),
        (again, N_("Incapacitated (incapacité, wounded again): {names}.")),
        (e.exhausted, N_("Exhausted (épuisé, −1 Énergie until rested): {names}.")),
    ):
        if ids:
            parts.append(say(msgid, names=names_of(s, ids)))
    return listed(parts, " ")


def _power_used(s: FightState, e: ev.PowerUsed) -> Message | None:
    if not s.has(e.actor) or e.power >= len(s.get(e.actor).powers):
        return None
    value = s.get(e.actor).powers[e.power].modifier
    if value == 0:
        return None
    return say(
        N_("{name}: first use of the power {power} this turn, {modifier}."),
        name=name_of(s, e.actor),
        power=power_name(s, e.actor, e.power),
        modifier=modifier(value),
    )


def _terrain_removed(s: FightState, e: ev.TerrainRemoved) -> Message:
    element = s.terrain_element(e.id)
    if element is None:
        return say(N_("The terrain element {id} is gone."), id=e.id)
    return say(
        N_("The {kind} of rank {rank} made by {owner} is gone."),
        kind=word(element.kind),
        rank=element.rank,
        owner=name_of(s, element.owner),
    )


def _weakened(s: FightState, e: ev.TerrainWeakened) -> Message:
    element = s.terrain_element(e.id)
    kind, rank = (word(element.kind), element.rank) if element is not None else (e.id, e.rank + e.value)
    owner = name_of(s, element.owner) if element is not None else "-"
    params = {"name": name_of(s, e.actor), "tokens": tokens(e.paid), "value": e.value, "kind": kind}
    if e.rank == 0:
        return say(
            N_(
                "{name} engages {tokens} (worth {value}) and removes the {kind} of rank {rank} made by {owner}."
            ),
            rank=rank,
            owner=owner,
            **params,
        )
    return say(
        N_(
            "{name} engages {tokens} (worth {value}) against the {kind} made by {owner}: its rank goes "
            "from {rank} to {now}."
        ),
        rank=rank,
        now=e.rank,
        owner=owner,
        **params,
    )


def _interaction(s: FightState, e: ev.InteractionProgressed) -> Message:
    element = s.terrain_element(e.key)
    if element is not None:
        return say(
            N_(
                "{name} engages {tokens} against the terrain element ({kind} made by {owner}): {total} "
                "of {required}."
            ),
            name=name_of(s, e.actor),
            tokens=tokens(e.tokens),
            kind=word(element.kind),
            owner=name_of(s, element.owner),
            total=e.total,
            required=e.required,
        )
    return say(
        N_("{name} engages {tokens} in “{key}”: {total} of {required}."),
        name=name_of(s, e.actor),
        tokens=tokens(e.tokens),
        key=e.key,
        total=e.total,
        required=e.required,
    )


def _maintained(s: FightState, e: ev.LastingMaintained) -> Message:
    owner, power = name_of(s, e.lasting.owner), power_name(s, e.lasting.owner, e.lasting.power)
    if rules.kept_at_fixed_cost(e.lasting):
        return say(N_("{name} maintains {power} {paying}."), name=owner, power=power, paying=paying(e.paid))
    # "le défenseur peut de nouveau investir ses points en défense": the attack line follows
    return say(
        N_("{name} maintains {power} on {target} with a new attack."),
        name=owner,
        power=power,
        target=name_of(s, e.lasting.target),
    )


def _why(reason: str) -> Message | str:
    return say(N_(" ({reason})"), reason=reason) if reason.strip() else ""


def _arrived(s: FightState, e: ev.CombatantArrived) -> Message:
    after = evolve(s, e)
    return say(
        N_("GM: a new combatant arrives, {name} ({side}), at {at}; initiative order: {order}."),
        name=e.combatant.name,
        side=word(e.combatant.side),
        at=point(e.combatant.position),
        order=names_of(after, after.order),
    )


def _condition_applied(s: FightState, e: ev.ConditionApplied) -> Message:
    gender = s.get(e.target).gender if s.has(e.target) else None
    return say(
        N_("{name} {gender:suffers the condition} {condition} until the next turn."),
        name=name_of(s, e.target),
        gender=gender,
        condition=agreeing(e.condition, gender),
    )


def _left(s: FightState, e: ev.CombatantLeft) -> Message:
    if e.fled:
        return say(N_("GM: {name} flees the fight{why}."), name=name_of(s, e.target), why=_why(e.reason))
    return say(N_("GM: {name} leaves the fight{why}."), name=name_of(s, e.target), why=_why(e.reason))


def _adjusted(s: FightState, e: ev.Adjusted) -> Message:
    changes: list[Message | str] = []
    if e.vigor is not None:
        changes.append(say(N_("Vigueur {value}"), value=e.vigor))
    if e.energy is not None:
        changes.append(say(N_("energy {value}"), value=e.energy))
    if e.position is not None:
        changes.append(say(N_("position {at}"), at=point(e.position)))
    if e.add_condition is not None:
        changes.append(say(N_("now {condition}"), condition=word(e.add_condition)))
    if e.remove_condition is not None:
        changes.append(say(N_("no longer {condition}"), condition=word(e.remove_condition)))
    if not changes:
        changes.append(say(N_("nothing changes")))
    return say(
        N_("GM adjusts {name}: {changes} ({reason})."),
        name=name_of(s, e.target),
        changes=listed(changes),
        reason=e.reason,
    )


def _placed(s: FightState, e: ev.TerrainPlaced) -> Message:
    return say(
        N_("GM places a terrain element: {kind} of rank {rank} at {at} (id {id}){why}."),
        kind=word(e.element.kind),
        rank=e.element.rank,
        at=point(e.element.position),
        id=e.element.id,
        why=_why(e.reason),
    )


EXPLAIN: dict[type, Explain] = {
    ev.FightStarted: lambda s, e: say(
        N_("The fight starts. Initiative order: {order}."), order=names_of(s, e.order)
    ),
    ev.TurnStarted: _turn,
    ev.MaintenanceEnded: _maintenance_ended,
    ev.ActionPhaseEnded: _phase_ended,
    ev.AttackDeclared: declared,
    ev.DefensePlaced: defense_placed,
    ev.Interposed: lambda s, e: say(
        N_("{name} interposes in front of {target} and takes the attack."),
        name=name_of(s, e.actor),
        target=name_of(s, e.target),
    ),
    ev.ExtendedDefensePlaced: lambda s, e: say(
        N_(
            "{name} places {tokens} in an extended defence covering {allies} (pays {paid}: 1 token per "
            "ally covered)."
        ),
        name=name_of(s, e.actor),
        tokens=tokens(e.tokens),
        allies=both(s, e.allies),
        paid=e.paid,
    ),
    ev.Countered: lambda s, e: say(
        N_(
            "{name} acts from hold and opposes {power} (counter-power, {tokens}): "
            "the attack loses {effective}."
        ),
        name=name_of(s, e.actor),
        power=power_name(s, e.actor, e.power),
        tokens=tokens(e.paid),
        effective=e.effective,
    ),
    ev.AttackResolved: resolved,
    ev.AttackLost: lambda s, e: say(
        N_("{attacker}: the attack on {target} can no longer happen; its tokens are lost."),
        attacker=name_of(s, e.attacker),
        target=name_of(s, e.target),
    ),
    ev.VigorLost: _vigor_lost,
    ev.VigorRestored: _vigor_restored,
    ev.ConditionApplied: _condition_applied,
    ev.Engaged: lambda s, e: say(
        N_("Engagement by {by}: {name} acts in half success beyond 5 m."),
        name=name_of(s, e.target),
        by=name_of(s, e.by),
    ),
    ev.Moved: _moved,
    ev.PowerUsed: _power_used,
    ev.Held: lambda s, e: say(N_("{name} pays 1 token and goes on hold."), name=name_of(s, e.actor)),
    ev.HoldKept: lambda s, e: say(N_("{name} pays 1 token to stay on hold."), name=name_of(s, e.actor)),
    ev.Interrupted: lambda s, e: say(N_("{name} leaves hold and acts now."), name=name_of(s, e.actor)),
    ev.InterruptionEnded: lambda s, e: say(
        N_("{name} has acted; the fight resumes."), name=name_of(s, e.actor)
    ),
    ev.EnergyGiven: lambda s, e: say(
        N_("{actor} gives energy to {target} ({tokens}, in half success): {target} gains {amount}."),
        actor=name_of(s, e.actor),
        target=name_of(s, e.target),
        tokens=tokens(e.paid),
        amount=tokens(e.amount),
    ),
    ev.SupportUsed: lambda s, e: say(
        N_("{name} uses {power} {paying}."),
        name=name_of(s, e.actor),
        power=power_name(s, e.actor, e.power),
        paying=paying(e.paid),
    ),
    ev.TerrainCreated: lambda s, e: say(
        N_("{name} creates a terrain element {paying}: {kind} of rank {rank} (id {id})."),
        name=name_of(s, e.element.owner),
        paying=paying(e.paid),
        kind=word(e.element.kind),
        rank=e.element.rank,
        id=e.element.id,
    ),
    ev.TerrainRemoved: _terrain_removed,
    ev.TerrainWeakened: _weakened,
    ev.InteractionProgressed: _interaction,
    ev.PowerStolen: lambda s, e: say(
        N_("{thief} takes {power} from {victim} until the end of the turn."),
        thief=name_of(s, e.thief),
        power=power_name(s, e.victim, e.power),
        victim=name_of(s, e.victim),
    ),
    ev.PowerAbsorbed: lambda s, e: say(
        N_("{defender} absorbs the attack: {attacker} loses {power} until the end of the turn."),
        defender=name_of(s, e.defender),
        attacker=name_of(s, e.attacker),
        power=power_name(s, e.attacker, e.power),
    ),
    ev.ControlTaken: lambda s, e: say(
        N_("{controller} controls {target}."),
        controller=name_of(s, e.controller),
        target=name_of(s, e.target),
    ),
    ev.EnergyLent: lambda s, e: say(
        N_("{controller} plays {target} with {tokens} of their own."),
        controller=name_of(s, e.controller),
        target=name_of(s, e.target),
        tokens=tokens(e.amount),
    ),
    ev.EnergyReturned: lambda s, e: (
        say(
            N_("{controller} takes back the unspent tokens: {tokens}."),
            tokens=tokens(e.amount),
            controller=name_of(s, e.controller),
        )
        if e.amount
        else None
    ),
    ev.Slowed: lambda s, e: say(
        N_("{name} will recover only half their Récupération."), name=name_of(s, e.target)
    ),
    ev.Jinxed: lambda s, e: say(N_("{name} will miss their next move."), name=name_of(s, e.target)),
    ev.MoveFailed: lambda s, e: say(N_("{name}: the move fails (bad luck)."), name=name_of(s, e.actor)),
    ev.ImmunityRaised: lambda s, e: say(
        N_("{name}: immunity until the end of the turn."), name=name_of(s, e.actor)
    ),
    ev.InvisibilityChanged: lambda s, e: say(
        N_("{name} reappears.") if e.visible else N_("{name} becomes invisible."), name=name_of(s, e.actor)
    ),
    ev.CopyCreated: lambda s, e: say(
        N_("{name} creates a copy, {copy}: energy {energy}, Vigueur {vigor}."),
        name=name_of(s, e.copy.original or ""),
        copy=e.copy.name,
        energy=e.copy.energy,
        vigor=e.copy.vigor,
    ),
    ev.AttackJoined: lambda s, e: say(
        N_(
            "{name} adds {tokens} to the same attack on {target} (copies "
            "attacking one adversary make a single attack)."
        ),
        name=name_of(s, e.actor),
        tokens=tokens(e.paid),
        target=name_of(s, e.target),
    ),
    ev.LastingNoted: lambda s, e: say(N_("This effect may be maintained next turn.")),
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
    return say(
        N_(
            "{name}: energy {energy}/{energy_max}, defence {defense}, Vigueur {vigor}/{vigor_max}{marks}{out}"
        ),
        name=who.name,
        energy=who.energy,
        energy_max=who.energy_max,
        defense=who.defense,
        vigor=who.vigor,
        vigor_max=who.vigor_max,
        marks=say(N_(" [{marks}]"), marks=listed(marks)) if marks else "",
        out=say(N_(" (knocked out)")) if who.out else "",
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
