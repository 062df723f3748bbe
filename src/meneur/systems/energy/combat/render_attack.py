"""The explanation of an attack, its defence and its resolution, in the book's words: only the
terms that apply are said (a reinforcement, the GM's modifier, a half success and why, a
counter-power), so a reader can check every number against the book."""

from __future__ import annotations

from meneur.i18n import N_, Message
from meneur.systems.energy.combat import events as ev
from meneur.systems.energy.combat.render_words import (
    both,
    half,
    listed,
    modifier,
    name_of,
    power_name,
    say,
    tokens,
)
from meneur.systems.energy.combat.state import FightState
from meneur.systems.energy.combat.words import word


def _formula(e: ev.AttackDeclared) -> Message:
    """How the attack's tokens became its value: only the terms that apply."""
    p = e.pending
    formula: Message = tokens(p.tokens)
    if p.tokens > e.paid:  # copies joined their tokens ("leurs points d'énergie doivent être additionnés")
        formula = say(N_("{tokens} with the joined copies"), tokens=formula)
    if e.bonus:
        formula = say(
            N_("{before} + {value} (reinforcement)") if e.bonus > 0 else N_("{before} − {value} (weakening)"),
            before=formula,
            value=abs(e.bonus),
        )
    gm = e.adjustment + e.malus
    if gm:
        formula = say(
            N_("{before} + {value} (GM)") if gm > 0 else N_("{before} − {value} (GM)"),
            before=formula,
            value=abs(gm),
        )
    if e.malus:
        formula = say(
            N_("{before} − {value} (Off-D against the one who engages)"), before=formula, value=e.malus
        )
    if e.halving:
        why = listed(word(r) for r in e.reasons)
        formula = say(
            N_("{before}, {half} ({why})") if e.reasons else N_("{before}, {half}"),
            before=formula,
            half=half(e.halving),
            why=why,
        )
    return formula


def declared(s: FightState, e: ev.AttackDeclared) -> Message:
    p = e.pending
    if p.terrain is not None:
        element = s.terrain_element(p.terrain)
        if element is not None:
            return say(
                N_("Terrain element ({kind} made by {owner}): attack at {effective} on {target}."),
                kind=word(element.kind),
                owner=name_of(s, element.owner),
                target=name_of(s, p.target),
                effective=p.effective,
            )
        return say(
            N_("The terrain element {terrain} attacks {target}: attack at {effective}."),
            terrain=p.terrain,
            target=name_of(s, p.target),
            effective=p.effective,
        )
    if p.power is None:
        return say(
            N_("{attacker} attacks {targets} without a power: {formula} = attack at {effective}."),
            attacker=name_of(s, p.attacker),
            targets=both(s, p.targets),
            formula=_formula(e),
            effective=p.effective,
        )
    return say(
        N_("{attacker} attacks {targets} with {power}: {formula} = attack at {effective}."),
        attacker=name_of(s, p.attacker),
        targets=both(s, p.targets),
        power=power_name(s, p.attacker, p.power),
        formula=_formula(e),
        effective=p.effective,
    )


def resolved(s: FightState, e: ev.AttackResolved) -> Message:
    target = name_of(s, e.target)
    if e.immune:
        return say(N_("{target}: immunity, the attack has no effect."), target=target)
    attack: Message | int = e.attack
    if e.countered:
        attack = say(
            N_("{attack} − {countered} (counter-power) = {net}"),
            attack=e.attack,
            countered=e.countered,
            net=max(0, e.attack - e.countered),
        )
    defense: Message | int = e.defense
    if e.protectors:
        defense = say(
            N_("{defense} ({own} own + {extended} extended defence from {protectors})"),
            defense=e.defense,
            own=e.own_defense,
            extended=e.defense - e.own_defense,
            protectors=both(s, e.protectors),
        )
    verdict = (
        say(N_("the attack succeeds by {margin}"), margin=e.margin)
        if e.success
        else say(N_("the defence stops the attack"))
    )
    losing = [i for i in (e.target, *e.protectors) if s.has(i) and s.get(i).defense > 0]
    lost = say(N_(", one defence token fewer for {names}"), names=both(s, losing)) if losing else ""
    return say(
        N_("{target}: attack at {attack} against defence {defense}; {verdict}{lost}."),
        target=target,
        attack=attack,
        defense=defense,
        verdict=verdict,
        lost=lost,
    )


def defense_placed(s: FightState, e: ev.DefensePlaced) -> Message:
    name = name_of(s, e.actor)
    if e.tokens == 0 and e.paid == 0:
        kept = s.get(e.actor).defense if s.has(e.actor) else 0
        if kept:
            return say(
                N_("{name} places no new token and defends with the tokens already placed ({count})."),
                name=name,
                count=kept,
            )
        return say(N_("{name} places no token in defence."), name=name)
    paid = (
        say(N_(" (pays {paid}, {modifier})"), paid=e.paid, modifier=modifier(e.tokens - e.paid))
        if e.tokens != e.paid
        else ""
    )
    determined = s.has(e.actor) and s.get(e.actor).determined
    counted: Message | str = ""
    if e.level and determined:
        counted = say(N_("; détermination: no half success"))
    elif e.level:
        counted = say(N_("; the defence counts {half}"), half=half(e.level))
    if e.power is None:
        return say(
            N_("{name} places {tokens} in defence without a power{paid}{counted}."),
            name=name,
            tokens=tokens(e.tokens),
            paid=paid,
            counted=counted,
        )
    return say(
        N_("{name} places {tokens} in defence with {power}{paid}{counted}."),
        name=name,
        tokens=tokens(e.tokens),
        power=power_name(s, e.actor, e.power),
        paid=paid,
        counted=counted,
    )
