"""Scene interactions and removing terrain elements.

Scene interactions cost "1 point d'énergie (mais peut en coûter davantage selon le jugement du MJ)" and
progress is kept (KITSUNE's valve). A terrain element is weakened: "un cône de froid pour affaiblir un
mur de feu"; "Pour l'éteindre, il faudrait qu'un autre personnage engage 4 points d'énergie avec un
pouvoir comme une attaque de froid ou d'eau" (002_58e889a1abff3456.txt): the tokens lower its rank, and
without a power that opposes it they count in half success. No one engages more tokens than the
interaction still needs ("4 sur 3").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from meneur.i18n import N_
from meneur.systems.energy.combat import checks, rules
from meneur.systems.energy.combat.commands import Interact
from meneur.systems.energy.combat.events import Event, InteractionProgressed, PowerUsed, TerrainWeakened
from meneur.systems.energy.combat.profile import Combatant
from meneur.systems.energy.combat.reactions import reappears
from meneur.systems.energy.combat.render_words import tokens as counted
from meneur.systems.energy.combat.state import FightState, Terrain


class Pricing(NamedTuple):
    """What tokens engaged in an interaction are worth (``halve(tokens + bonus, halving)``) and what is
    ``left`` to do."""

    bonus: int
    halving: int
    left: int

    def value(self, tokens: int) -> int:
        """The value of ``tokens`` engaged."""
        return checks.halve(tokens + self.bonus, self.halving)


def interact(state: FightState, cmd: Interact) -> list[Event]:
    """Engage tokens in a scene interaction, or against the terrain element of that id."""
    who = checks.combatant(state, cmd.actor)
    checks.acting(state, who)
    checks.free_to_spend(who)
    checks.not_immune(who)
    checks.usable_power(who, cmd.power)
    checks.gm_modifier_ok(cmd.gm_modifier)
    checks.tokens_between(who, cmd.tokens)
    used: list[Event] = []
    if cmd.power is not None and cmd.power not in who.used:
        used.append(PowerUsed(who.id, cmd.power))
    element = state.terrain_element(cmd.key)
    if element is not None:
        return [*used, _weaken(state, who, cmd, element), *reappears(who)]
    if cmd.required < 1:
        checks.refuse("interact", N_("An interaction needs at least 1 token."))
    price = pricing(state, who, cmd)
    _not_too_many(price, N_("“{key}” needs only {needed} more: {tokens} is too many."), cmd)
    worth = price.value(cmd.tokens)
    total = state.progress(cmd.key) + worth
    progressed = InteractionProgressed(who.id, cmd.key, cmd.tokens, worth, total, cmd.required)
    return [*used, progressed, *reappears(who)]


def pricing(state: FightState, who: Combatant, cmd: Interact) -> Pricing:
    """Reinforcement and GM modifier, then the halvings: engaged and acting on a point beyond 5 m, and
    against a terrain element without a power that opposes it (:func:`.rules.removes_terrain`)."""
    element = state.terrain_element(cmd.key)
    at = element.position if element is not None else cmd.at
    times = checks.far_point_while_engaged(state, who, at)
    if element is not None and not rules.removes_terrain(who, cmd.power):
        times += 1
    bonus = checks.first_use_modifier(who, cmd.power) + cmd.gm_modifier
    left = element.rank if element is not None else cmd.required - state.progress(cmd.key)
    return Pricing(bonus, times, left)


def most_tokens(state: FightState, cmd: Interact, pool: int) -> int:
    """The most tokens worth engaging in ``cmd``: the pool, or fewer when fewer finish it."""
    price = pricing(state, state.get(cmd.actor), cmd)
    return needed(price.value, price.left, pool)


def needed(value: Callable[[int], int], left: int, tokens: int) -> int:
    """The fewest tokens (at most ``tokens``) whose value reaches ``left``; ``tokens`` if none does."""
    return next((n for n in range(1, tokens + 1) if value(n) >= left), tokens)


def _weaken(state: FightState, who: Combatant, cmd: Interact, element: Terrain) -> TerrainWeakened:
    """ "affaiblir un mur de feu": the element's rank goes down by the value engaged; at 0 it is gone."""
    price = pricing(state, who, cmd)
    msgid = N_("The terrain element {key} of rank {left} needs only {needed}: {tokens} is too many.")
    _not_too_many(price, msgid, cmd)
    worth = price.value(cmd.tokens)
    return TerrainWeakened(who.id, element.id, cmd.tokens, worth, max(0, element.rank - worth), cmd.power)


def _not_too_many(price: Pricing, msgid: str, cmd: Interact) -> None:
    """Refuse tokens beyond what finishes the interaction ("4 sur 3")."""
    enough = needed(price.value, price.left, cmd.tokens)
    if cmd.tokens > enough:
        checks.refuse(
            "interact",
            msgid,
            key=cmd.key,
            needed=counted(enough),
            left=price.left,
            tokens=counted(cmd.tokens),
        )
