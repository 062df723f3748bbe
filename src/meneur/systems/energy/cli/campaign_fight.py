"""``meneur energy campaign hand-back CAMPAIGN FIGHT``: an ended fight's file handed back to its
campaign, the command line's « Reporter le combat ».

It reads the fight as the web's card does (:func:`meneur.systems.energy.campaign.hand_back.fought`:
the campaign's characters who fought, who was knocked out, the stress boxes each checked) and gives
the campaign the same one command (:func:`~meneur.systems.energy.campaign.hand_back.hand_back`): the
rules decide, ``undo`` takes it back whole, and a fight goes back once (it is known by its setup, so
the same fight's file is refused a second time wherever it lies).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Annotated, Any

import typer

from meneur.i18n import N_, Message
from meneur.i18n.words import items
from meneur.systems.energy.cli.campaign_file import DOMAIN, KEY, File, Json, _, run

FIGHT = "energy-fight"


def fight_id(setup: Any) -> str:
    """A fight file's name in the campaign: ``file-`` and the start of its setup's SHA-256, the same
    for every copy of the file and for no other fight."""
    text = json.dumps(setup, sort_keys=True, ensure_ascii=False, default=str)
    return "file-" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def hand_back(
    path: File,
    fight: Annotated[Path, typer.Argument(help=_("The ended fight's file."), metavar=_("FIGHT"))],
    wounded: Annotated[
        list[str] | None,
        typer.Option(
            help=_(
                "Knocked-out characters who get the state wounded (blessé), separated by commas; "
                "without it, those the fight's end marked wounded. --wounded '' for none."
            )
        ),
    ] = None,
    title: Annotated[
        str | None, typer.Option(help=_("The fight's name in the log (its file's name)."))
    ] = None,
    as_json: Json = False,
) -> None:
    """Hand an ended fight back to the campaign: wounded, stress boxes checked in it."""
    from meneur.engine import store
    from meneur.errors import Refused
    from meneur.systems.energy.campaign.hand_back import fought
    from meneur.systems.energy.campaign.hand_back import hand_back as command_for
    from meneur.systems.energy.combat.outcome import is_over

    played = store.load(fight, FIGHT)
    if not is_over(played.state):
        msgid = N_("The fight in {file} is not over yet: end it first, then hand it back.")
        raise Refused(Message(DOMAIN, msgid, {"file": fight.name}), rule="hand_back")
    campaign = store.load(path, KEY)
    events = [event for entry in played.entries() for event in entry.events]
    fighters = fought(campaign.state, played.state, events)
    names = items(wounded) if wounded is not None else [f.name for f in fighters if f.marked_wounded]
    name = title if title is not None else fight.stem
    run(path, command_for(fight_id(played.setup), name[:200], fighters, names), as_json)
