"""Why a policy chose what it chose, as translatable messages (domain ``energy_ai``).

A choice is explained by a head ("Agent 2 attacks KITSUNE") and reasons ("1 Vigueur point left", "no
defence placed"); :func:`sentence` joins them ("Agent 2 attaque KITSUNE : 1 point de vigueur restant,
aucune défense posée").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from meneur.i18n import N_, Message
from meneur.systems.energy.combat import commands as cmd
from meneur.systems.energy.combat.commands import Command
from meneur.systems.energy.combat.render_words import tokens as token_words
from meneur.systems.energy.combat.state import FightState

DOMAIN = "energy_ai"


def m(msgid: str, **params: Any) -> Message:
    """A message of this domain."""
    return Message(DOMAIN, msgid, params)


def name(state: FightState, id: str | None) -> str:
    """A combatant's name (its id when unknown)."""
    return state.get(id).name if id is not None and state.has(id) else str(id)


def vigor_left(vigor: int) -> Message:
    """ "1 Vigueur point left", "3 Vigueur points left"."""
    if vigor == 1:
        return m(N_("1 Vigueur point left"))
    return m(N_("{vigor} Vigueur points left"), vigor=vigor)


def defence_placed(defence: int) -> Message:
    """ "no defence placed", "2 defence tokens placed"."""
    if defence == 0:
        return m(N_("no defence placed"))
    if defence == 1:
        return m(N_("1 defence token placed"))
    return m(N_("{defence} defence tokens placed"), defence=defence)


def engaged(tokens: int, value: int) -> Message:
    """ "3 tokens engaged, worth 4"."""
    return m(N_("{tokens} engaged, worth {value}"), tokens=token_words(tokens), value=value)


def kept(tokens: int, threats: int) -> Message:
    """Tokens kept back for the defence against attackers still to act this turn."""
    return m(
        N_("keeps {tokens} for defence against {threats} attackers still to act"),
        tokens=token_words(tokens),
        threats=threats,
    )


def head(state: FightState, command: Command) -> Message:
    """What the command does, from its actor's point of view."""
    actor = name(state, getattr(command, "actor", None))
    pending = state.pending
    match command:
        case cmd.Attack() if command.area_targets:
            return m(
                N_("{actor} attacks {target} and {count} more in an area"),
                actor=actor,
                target=name(state, command.target),
                count=len(command.area_targets),
            )
        case cmd.Attack():
            return m(N_("{actor} attacks {target}"), actor=actor, target=name(state, command.target))
        case cmd.Charge():
            return m(N_("{actor} charges {target}"), actor=actor, target=name(state, command.target))
        case cmd.Defend():
            attacker = name(state, pending.attacker if pending is not None else None)
            return m(N_("{actor} defends against {attacker}"), actor=actor, attacker=attacker)
        case cmd.Interpose():
            target = name(state, pending.target if pending is not None else None)
            return m(N_("{actor} interposes in front of {target}"), actor=actor, target=target)
        case cmd.Counter():
            attacker = name(state, pending.attacker if pending is not None else None)
            return m(N_("{actor} counters the attack of {attacker}"), actor=actor, attacker=attacker)
        case cmd.ExtendedDefense():
            return m(
                N_("{actor} extends its defence to {allies}"),
                actor=actor,
                allies=", ".join(name(state, a) for a in command.allies),
            )
        case cmd.Move():
            return m(N_("{actor} moves"), actor=actor)
        case cmd.Hold():
            return m(N_("{actor} goes on hold"), actor=actor)
        case cmd.Interrupt():
            return m(N_("{actor} interrupts {target}"), actor=actor, target=name(state, state.acting))
        case cmd.UseSupport() if command.targets:
            return m(
                N_("{actor} uses a power on {target}"),
                actor=actor,
                target=", ".join(name(state, t) for t in command.targets),
            )
        case cmd.EndPhase():
            return m(N_("{actor} passes"), actor=actor) if command.actor else m(N_("The turn goes on"))
        case cmd.SpendStress():
            return m(N_("{actor} checks a stress box"), actor=actor)
    return m(N_("{actor} acts"), actor=actor)


def joined(reasons: Sequence[Message]) -> Message | str:
    """Reasons joined by commas (one message, rendered in the reader's language)."""
    if not reasons:
        return ""
    out: Message = reasons[-1]
    for reason in reversed(reasons[:-1]):
        out = m(N_("{first}, {rest}"), first=reason, rest=out)
    return out


def sentence(what: Message, reasons: Sequence[Message]) -> Message:
    """The head and its reasons: "Agent 2 attacks KITSUNE: 1 Vigueur point left, no defence placed"."""
    if not reasons:
        return what
    return m(N_("{head}: {reasons}"), head=what, reasons=joined(reasons))


# Reasons used by the policies.
HALF = N_("no matching power: half success")
KNOCKOUT = N_("can be knocked out")
OUT_OF_REACH = N_("no foe within reach")
READY = N_("ready to counter or interrupt")
NOTHING_WORTH = N_("no attack worth its tokens")
HOPELESS = N_("cannot stop it: keeps its tokens")
WOULD_FALL = N_("{target} would be knocked out")
AT_RANDOM_LEGAL = N_("chosen at random among the legal actions")
SAVES = N_("saves an ally in danger")
BLOCKS = N_("stops the attack worth {attack}")
DETERMINED = N_("determination: defends without half success this turn")
TOGETHER = N_("{count} copies attack together")


def loses(damage: int) -> Message:
    """ "loses 2 Vigueur points"."""
    if damage == 1:
        return m(N_("loses 1 Vigueur point"))
    return m(N_("loses {damage} Vigueur points"), damage=damage)


SEARCHED = N_("{count} simulated continuations, worth {value} on average")
