"""What a defence leads to, before it is placed: the engine plays it on a copy of the state.

"le nombre de points de vigueur perdus par l'adversaire est égal à la différence entre les points
d'énergie investis en attaque et ceux investis en défense"; "après chaque attaque subie, un des points
d'énergie engagés en défense est supprimé" (002_58e889a1abff3456.txt). No rule is rebuilt here: the
foresight is :func:`.decide.decide` and :func:`.evolve.evolve_all` of the :class:`~.commands.Defend`
the target would give, so it is what playing that command does (the state is immutable: nothing changes).
"""

from __future__ import annotations

from typing import NamedTuple

from meneur.systems.energy.combat.commands import Defend
from meneur.systems.energy.combat.decide import decide
from meneur.systems.energy.combat.evolve import evolve_all
from meneur.systems.energy.combat.reactions import pending_of
from meneur.systems.energy.combat.state import FightState


class Foresight(NamedTuple):
    """What the target of the pending attack would have once its defence is played and the attack
    resolved: the Vigueur it loses, the tokens left in its pool (``energy``) and in defence."""

    tokens: int
    vigor_lost: int
    energy: int
    defense: int


def foresee(state: FightState, tokens: int, power: int | None = None, gm_modifier: int = 0) -> Foresight:
    """What defending the pending attack with ``tokens`` (0: not defending) and ``power`` leads to.

    Args:
        state: a fight with an attack waiting for its target's reaction.
        tokens: the tokens the target pays into defence.
        power: the power it opposes (``None``: none, at half).
        gm_modifier: the GM's bonus or malus on the defence.

    Returns:
        The target's losses and what it keeps, as the engine resolves it.

    Raises:
        Refused: no attack waits, or the engine refuses that defence.
    """
    target = pending_of(state).target
    after = evolve_all(state, decide(state, Defend(target, tokens, power, gm_modifier)))
    before, now = state.get(target), after.get(target)
    return Foresight(tokens, before.vigor - now.vigor, now.energy, now.defense)


def foresee_each(state: FightState, defend: Defend, low: int, high: int) -> tuple[Foresight, ...]:
    """The foresight of ``defend`` for every token count from ``low`` to ``high`` (a legal entry's span).

    Raises:
        Refused: the engine refuses one of these defences.
    """
    return tuple(foresee(state, n, defend.power, defend.gm_modifier) for n in range(low, high + 1))
