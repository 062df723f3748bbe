"""What each defence the reaction card offers leads to, in the viewer's words: the engine's foresight
(:func:`meneur.systems.energy.combat.foresee.foresee_each`) on the state as this viewer may know it.

"le nombre de points de vigueur perdus par l'adversaire est égal à la différence entre les points
d'énergie investis en attaque et ceux investis en défense" (002_58e889a1abff3456.txt): the numbers are
the engine's, played on a copy of the state; this module only words them.
"""

from __future__ import annotations

from typing import Any

from meneur.errors import Refused
from meneur.i18n import N_, P_, Message
from meneur.systems.energy.combat.commands import Defend
from meneur.systems.energy.combat.foresee import Foresight, foresee_each


def loss(lost: int, lang: str) -> str:
    """« vous perdrez 2 de Vigueur », or « aucune Vigueur perdue »."""
    if lost <= 0:
        return Message("web", N_("no Vigor lost")).render(lang)
    return Message.counted(
        "web", P_("you will lose {count} Vigor", "you will lose {count} Vigor"), lost
    ).render(lang)


def sentence(seen: Foresight, lang: str) -> str:
    """What one defence leads to: the Vigueur lost and the tokens left in the pool."""
    kept = Message.counted("web", P_("{count} token left", "{count} tokens left"), seen.energy)
    return Message("web", N_("{loss}, {kept}"), {"loss": loss(seen.vigor_lost, lang), "kept": kept}).render(
        lang
    )


def foreseen(state: Any, command: Any, low: int, high: int) -> tuple[Foresight, ...]:
    """The engine's foresight of a defend entry for each token count it offers; none when the viewer's
    state cannot play it (an attacker this viewer may not see)."""
    if not isinstance(command, Defend):
        return ()
    try:
        return foresee_each(state, command, low, high)
    except (Refused, KeyError):
        return ()
