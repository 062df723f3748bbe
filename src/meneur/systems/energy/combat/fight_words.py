"""The fight's words, for the command line and the table's pages alike: what an action does, what it
costs and is worth, where the fight stands. Everything comes from the engine's query; nothing here
decides a rule."""

from __future__ import annotations

from typing import Any

from meneur.i18n import Translator
from meneur.systems.energy.combat import commands as cmd
from meneur.systems.energy.combat import outcome
from meneur.systems.energy.combat.commands import COMMAND_TYPES, Command
from meneur.systems.energy.combat.legal import VARIABLE, LegalAction
from meneur.systems.energy.combat.render_words import tokens
from meneur.systems.energy.combat.rules import lasting_named
from meneur.systems.energy.combat.state import FightState, Phase
from meneur.systems.energy.combat.words import word

DOMAIN = "energy_combat"
_ = Translator(DOMAIN)
NAMES = {kind: name for name, kind in reversed(COMMAND_TYPES.items())}


def command_json(command: Command) -> Any:
    """A command in its wire form (the fight-file form: ``{"attack": {...}}`` or ``"start"``)."""
    from meneur.systems.energy.combat.engine import CODEC

    return CODEC.command_to_json(command)


def action_json(action: LegalAction) -> dict[str, Any]:
    """One action as JSON: who, what, costs and values, or the rule that refuses it."""
    head = {"actor": action.actor, "kind": action.kind, "command": command_json(action.command)}
    if not action.legal:
        reason = action.reason.render() if action.reason else ""
        return {**head, "legal": False, "rule": action.rule, "reason": reason}
    return {
        **head,
        "legal": True,
        "cost_min": action.cost_min,
        "cost_max": action.cost_max,
        "effective_min": action.effective(action.cost_min),
        "effective_max": action.effective(action.cost_max),
    }


def _name(state: FightState, id: str | None) -> str:
    return state.get(id).name if id is not None and state.has(id) else str(id)


def _names(state: FightState, ids: tuple[str, ...]) -> str:
    return ", ".join(_name(state, i) for i in ids)


def _power(state: FightState, actor: str | None, power: int | None) -> str:
    if actor is None or power is None or not state.has(actor):
        return "-"
    who = state.get(actor)
    return who.power(power).name if 0 <= power < len(who.powers) + len(who.borrowed) else str(power)


def _with(state: FightState, actor: str | None, power: int | None) -> str:
    """ " with <power>" or " without a power"."""
    if power is None:
        return _(" without a power")
    return _(" with {power}", power=_power(state, actor, power))


def _attack_words(state: FightState, c: cmd.Attack) -> str:
    how = _with(state, c.actor, c.power)
    if c.area_targets:
        text = _("area attack on {targets}{how}", targets=_names(state, (c.target, *c.area_targets)), how=how)
    else:
        text = _("attack {target}{how}", target=_name(state, c.target), how=how)
    if c.joined:
        text += _(", together with {copies}", copies=_names(state, tuple(i for i, _t in c.joined)))
    if c.portal is not None:
        text += _(", through a portal")
    return text


def _stress_words(state: FightState, c: cmd.SpendStress) -> str:
    if c.use == "feat":
        return _(
            "action d'éclat: {power} also counts as {category} this turn",
            power=_power(state, c.actor, c.power),
            category=str(word(c.category or "")),
        )
    if c.use == "determination":
        return _("détermination: no defence in half success this turn")
    return _("second souffle: healing may bring them back")


def _maintain_words(state: FightState, c: cmd.Maintain) -> str:
    lasting = lasting_named(state, c.lasting)
    if lasting is not None:
        return _(
            "maintain {power} on {target}",
            power=_power(state, c.actor, lasting.power),
            target=_name(state, lasting.target),
        )
    return _("maintain an effect")


def action_words(state: FightState, command: Command) -> str:
    """What the command does, in words a player understands (names, powers, the book's terms)."""
    actor = getattr(command, "actor", None)
    for words in (_fighting_words, _moving_words, _helping_words, _phase_words, _table_words):
        text = words(state, command, actor)
        if text is not None:
            return text
    return NAMES[type(command)]


def _fighting_words(state: FightState, command: Command, actor: str | None) -> str | None:
    """Attacks, charges and the reactions to an attack."""
    match command:
        case cmd.Attack():
            return _attack_words(state, command)
        case cmd.Charge():
            return _(
                "charge {target}{how} (free move of up to 20 m, then a contact attack)",
                target=_name(state, command.target),
                how=_with(state, actor, command.power),
            )
        case cmd.Defend():
            return _("defend{how}", how=_with(state, actor, command.power))
        case cmd.Interpose():
            target = state.pending.target if state.pending is not None else None
            return _(
                "interpose in front of {target}{how}",
                target=_name(state, target),
                how=_with(state, actor, command.power),
            )
        case cmd.ExtendedDefense():
            return _(
                "extended defence{how} covering {allies}",
                how=_with(state, actor, command.power),
                allies=_names(state, command.allies),
            )
        case cmd.Counter():
            return _("counter-power{how}", how=_with(state, actor, command.power))
    return None


def _moving_words(state: FightState, command: Command, actor: str | None) -> str | None:
    """Moves and hold."""
    match command:
        case cmd.Move() if command.small:
            return _("small move of at most 5 m")
        case cmd.Move() if command.portal is not None:
            return _("move through a portal")
        case cmd.Move():
            return _(
                "move up to 20 m{how}",
                how=_with(state, actor, command.power) if command.power is not None else "",
            )
        case cmd.Hold():
            return _("go on hold")
        case cmd.KeepHold():
            return _("stay on hold")
        case cmd.Interrupt():
            return _("leave hold and act now")
    return None


def _helping_words(state: FightState, command: Command, actor: str | None) -> str | None:
    """Energy given, healing, support powers, the terrain, lasting effects and stress."""
    match command:
        case cmd.GiveEnergy():
            return _(
                "give energy to {target}{how}",
                target=_name(state, command.target),
                how=_with(state, actor, command.power),
            )
        case cmd.Heal():
            return _(
                "heal {target}{how}",
                target=_name(state, command.target),
                how=_with(state, actor, command.power),
            )
        case cmd.UseSupport():
            on = _(" on {targets}", targets=_names(state, command.targets)) if command.targets else ""
            return _("use {power}{on}", power=_power(state, actor, command.power), on=on)
        case cmd.Interact():
            element = state.terrain_element(command.key)
            if element is not None:
                return _(
                    "remove the terrain element ({kind} made by {owner})",
                    kind=str(word(element.kind)),
                    owner=_name(state, element.owner),
                )
            return _("act on “{key}”", key=command.key)
        case cmd.Maintain():
            return _maintain_words(state, command)
        case cmd.SpendStress():
            return _stress_words(state, command)
    return None


def _phase_words(state: FightState, command: Command, actor: str | None) -> str | None:
    """The fight and its phases."""
    match command:
        case cmd.EndPhase():
            if state.phase is Phase.MAINTENANCE:
                return _("end the maintenance phase")
            return _("end the action phase")
        case cmd.EndFight():
            return _("end the fight")
        case cmd.StartFight():
            return _("start the fight")
    return None


def _table_words(state: FightState, command: Command, actor: str | None) -> str | None:
    """A foe moved by force, and what the GM does to the fight itself."""
    match command:
        case cmd.ForceMove():
            return _(
                "move {target} by force{how}",
                target=_name(state, command.target),
                how=_with(state, actor, command.power),
            )
        case cmd.Arrive():
            return _("bring a new combatant into the fight")
        case cmd.Leave():
            return _("{target} leaves the fight", target=_name(state, command.target))
        case cmd.Adjust():
            return _("adjust {target}", target=_name(state, command.target))
        case cmd.PlaceTerrain():
            return _("place a terrain element ({kind})", kind=str(word(command.kind)))
    return None


def _cost(action: LegalAction) -> str:
    if getattr(action, "stress_cost", 0):
        return _("costs 1 stress box")
    if action.cost_max == 0:
        return _("free")
    if action.cost_min == action.cost_max:
        return _("costs {tokens}", tokens=tokens(action.cost_min).render())
    return _("costs {low} to {high} tokens", low=action.cost_min, high=action.cost_max)


def _worth(action: LegalAction) -> str:
    command = action.command
    if not isinstance(command, VARIABLE) or (
        isinstance(command, cmd.Maintain) and action.cost_min == action.cost_max
    ):
        return ""
    low, high = action.effective(action.cost_min), action.effective(action.cost_max)
    if low == high:
        return _(", worth {value}", value=low)
    return _(", worth {low} to {high}", low=low, high=high)


def action_line(state: FightState, action: LegalAction) -> str:
    """One action in words: who, what, what it costs and is worth, or why it is refused."""
    who = _name(state, action.actor) if action.actor is not None else _("GM")
    what = action_words(state, action.command)
    if not action.legal:
        reason = action.reason.render() if action.reason else ""
        return _("{who}: {what}, refused: {reason}", who=who, what=what, reason=reason)
    return _("{who}: {what}, {cost}{worth}", who=who, what=what, cost=_cost(action), worth=_worth(action))


def footer(state: FightState) -> str:
    """Where the fight stands: turn and phase, in a sentence."""
    if state.phase is Phase.ENDED:
        return _("The fight is over")
    if outcome.is_decided(state):
        return decided(state)
    if state.phase is Phase.SETUP:
        return _("The fight has not started")
    if state.phase is Phase.MAINTENANCE:
        return _("Turn {turn}, maintenance phase", turn=state.turn)
    acting = state.acting
    if acting is not None:
        return _("Turn {turn}, action phase of {name}", turn=state.turn, name=_name(state, acting))
    return _("Turn {turn}, action phases", turn=state.turn)


def decided(state: FightState) -> str:
    """A decided fight in a sentence: which side is all out, and that the GM may end it."""
    won = outcome.winner(state)
    if won == "heroes":
        return _("Turn {turn}: every foe is out of the fight; the GM may end it", turn=state.turn)
    if won == "foes":
        return _("Turn {turn}: every hero is out of the fight; the GM may end it", turn=state.turn)
    return _("Turn {turn}: no one stands any more; the GM may end the fight", turn=state.turn)
