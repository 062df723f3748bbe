"""A phase where no one has a choice ends by itself: the one step the fight takes on its own.

"Chaque tour est lui-même découpé en phases ... la phase de récupération, la phase d'entretien et les
phases d'action"; in the maintenance phase a character may keep a hold ("conserver sa mise en attente
au prix d'un point d'énergie") or pay again for a lasting effect (002_58e889a1abff3456.txt). When the
legality query offers nobody any of these, passing is the only step left: the table takes it as the GM's
command, an entry of the log that undo takes back (ruling "A phase where no one
has a choice ends by itself" in docs/rulings/energy-combat.md).
"""

from __future__ import annotations

from meneur.systems.energy.combat.commands import Command, EndPhase
from meneur.systems.energy.combat.legal import legal_actions
from meneur.systems.energy.combat.legal_candidates import GM_KINDS
from meneur.systems.energy.combat.state import FightState, Phase

NO_CHOICE = frozenset({"pass", "end", "stress", "extended_defense"}) | GM_KINDS
"""Entries of the query that are no choice of the phase: passing itself, the GM's commands (the GM may
end the fight, bring a combatant in or adjust one at any moment), the stress uses and the extended
defences (offered as well in one's action phase and, for an extended defence, when an ally is
attacked: passing the maintenance phase loses none of them)."""


def forced_step(state: FightState) -> Command | None:
    """The one step ``state`` leaves, when no one has a choice: passing a maintenance phase in which
    nobody may keep a hold, maintain or regenerate. None when someone has a choice."""
    if state.phase is not Phase.MAINTENANCE or state.pending is not None:
        return None
    if any(action.kind not in NO_CHOICE for action in legal_actions(state)):
        return None
    return EndPhase()
