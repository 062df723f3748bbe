"""What an ended fight hands back to its campaign, read from the fight's state and events: the
campaign's characters who fought in it, who was knocked out (and whether the fight's own end marked
them blessé), the stress boxes each checked; and the one campaign command that hands it back,
:class:`~.commands.HandBackFight`, which the web's « Reporter le combat » and the command line's
``hand-back`` both give.

"Un personnage qui a été mis hors combat durant une scène peut subir le statut blessé à la fin du
combat (à la discrétion du MJ)" (002_58e889a1abff3456.txt); the rules of the hand-back itself are
:func:`~.commands.decide`'s. Functions are pure.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from meneur.errors import BadInputError
from meneur.systems.energy.campaign import commands as cmd
from meneur.systems.energy.campaign.state import CampaignState
from meneur.systems.energy.campaign.stress import FROM_FIGHT
from meneur.systems.energy.combat.events import StressSpent
from meneur.systems.energy.combat.outcome import summarize


@dataclass(frozen=True)
class Fought:
    """One of the campaign's characters in a fight: knocked out or not, marked blessé by the fight's
    own end, and the stress boxes it checked there (their uses as the campaign counts them)."""

    name: str
    knocked_out: bool
    marked_wounded: bool
    boxes: tuple[cmd.FightBox, ...] = ()


def fought(campaign: CampaignState, state: Any, events: Iterable[Any]) -> tuple[Fought, ...]:
    """The campaign's player characters who fought, in the order of the fight (a fight's character
    the campaign does not follow, or an NPC, is not one)."""
    events = list(events)
    ids: dict[str, str] = {}
    found: dict[str, Fought] = {}
    for outcome in summarize(state, events).fighters:
        try:
            name = campaign.key(outcome.name)
        except BadInputError:  # not one of the campaign's characters
            continue
        if not outcome.pc:
            continue
        marked = bool({"wounded", "incapacitated"} & set(outcome.marks))
        found[name] = Fought(name, outcome.knocked_out, outcome.knocked_out and marked)
        ids[outcome.id] = name
    boxes: dict[str, list[cmd.FightBox]] = {name: [] for name in found}
    for event in events:
        if isinstance(event, StressSpent) and event.actor in ids and event.use in FROM_FIGHT:
            use, detail = FROM_FIGHT[event.use]
            name = ids[event.actor]
            boxes[name].append(cmd.FightBox(character=name, use=use, detail=detail))
    return tuple(
        Fought(f.name, f.knocked_out, f.marked_wounded, tuple(boxes[f.name])) for f in found.values()
    )


def hand_back(
    fight: str,
    title: str,
    fighters: Iterable[Fought],
    wounded: Iterable[str],
    experience: Iterable[cmd.AwardExperience] = (),
) -> cmd.HandBackFight:
    """The campaign's command for the fight ``fight``: the knocked-out characters, the ``wounded`` ones
    (the rules refuse one who was not knocked out), every box checked, the experience given with it
    (the rules judge it all)."""
    fighters = list(fighters)
    chosen = list(dict.fromkeys(wounded))
    order = [f.name for f in fighters if f.name in chosen] + [
        n for n in chosen if n not in {f.name for f in fighters}
    ]
    return cmd.HandBackFight(
        fight=fight,
        title=title,
        knocked_out=tuple(f.name for f in fighters if f.knocked_out),
        wounded=tuple(order),
        stress=tuple(box for f in fighters for box in f.boxes),
        experience=tuple(experience),
    )
