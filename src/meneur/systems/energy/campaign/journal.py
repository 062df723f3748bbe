"""The campaign journal: an event log that is the truth, and the state folded from it.

Conventions: a :class:`Journal` holds the table options, the characters as they were when the
campaign began, and one :class:`Entry` per command carried out (the command and its events).
The state is ``fold(apply, events, initial)``: :func:`replay` rebuilds it, :func:`execute` appends an
entry, :func:`undo` pops the last one. Everything is immutable, so a refused command changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import reduce

from pydantic import BaseModel, ConfigDict, Field

from meneur.errors import BadInputError, IllegalActionError, MeneurError
from meneur.i18n import N_, Message
from meneur.systems.energy.campaign.commands import (
    Command,
    EndScenario,
    EndSession,
    StartScenario,
    StartScene,
    StartSession,
    decide,
)
from meneur.systems.energy.campaign.events import Event, apply
from meneur.systems.energy.campaign.options import TableOptions
from meneur.systems.energy.campaign.state import CampaignState
from meneur.systems.energy.model import Character

DOMAIN = "energy_campaign"
JOURNAL_VERSION = 1


class Entry(BaseModel):
    """One command carried out and the events it produced."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    command: Command
    events: tuple[Event, ...]


class Journal(BaseModel):
    """What a campaign file holds: options, the starting characters and the log."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    schema_version: int = JOURNAL_VERSION
    options: TableOptions = TableOptions()
    characters: tuple[Character, ...]
    log: tuple[Entry, ...] = Field(default=())

    def initial_state(self) -> CampaignState:
        """The state before any command."""
        return CampaignState(options=self.options, characters={c.name: c for c in self.characters})


def new_journal(characters: list[Character], options: TableOptions | None = None) -> Journal:
    """A journal for a new campaign.

    Raises:
        BadInputError: with no character or two characters of the same name.
    """
    if not characters:
        raise BadInputError(Message(DOMAIN, N_("A campaign needs at least one character.")))
    names = [c.name.casefold() for c in characters]
    twins = sorted({c.name for c in characters if names.count(c.name.casefold()) > 1})
    if twins:
        raise BadInputError(
            Message(DOMAIN, N_("Two characters are called {name}: names must differ."), {"name": twins[0]})
        )
    return Journal(options=options or TableOptions(), characters=tuple(characters))


def replay(journal: Journal) -> CampaignState:
    """The state the log leads to (the fold of every event over the initial state)."""
    events = [event for entry in journal.log for event in entry.events]
    return reduce(apply, events, journal.initial_state())


@dataclass(frozen=True)
class Campaign:
    """A journal with its current state kept alongside (always equal to ``replay(journal)``)."""

    journal: Journal
    state: CampaignState

    @classmethod
    def from_journal(cls, journal: Journal) -> Campaign:
        """Rebuild the state from the log."""
        return cls(journal, replay(journal))


def execute(campaign: Campaign, command: Command) -> Campaign:
    """Carry out ``command``: decide its events, apply them, log them.

    Raises:
        IllegalActionError: when the rules forbid it now; the campaign is unchanged.
        BadInputError: for a malformed command; the campaign is unchanged.
    """
    events = decide(campaign.state, command)
    state = reduce(apply, events, campaign.state)
    entry = Entry(command=command, events=tuple(events))
    return Campaign(campaign.journal.model_copy(update={"log": (*campaign.journal.log, entry)}), state)


def can(campaign: Campaign, command: Command) -> MeneurError | None:
    """Legality as a query: ``None`` when ``command`` is allowed now, else the error it would raise."""
    try:
        execute(campaign, command)
    except (IllegalActionError, BadInputError) as error:
        return error
    return None


def legal_flow(campaign: Campaign) -> list[Command]:
    """The session, scenario and scene commands allowed now (legality as a query, in the book's order)."""
    candidates: list[Command] = [StartSession(), StartScenario(), StartScene(), EndScenario(), EndSession()]
    return [command for command in candidates if can(campaign, command) is None]


def undo(campaign: Campaign) -> tuple[Campaign, Entry]:
    """Pop the last command's events and rebuild the state.

    Raises:
        IllegalActionError: when the log is empty.
    """
    if not campaign.journal.log:
        raise IllegalActionError(Message(DOMAIN, N_("Nothing to undo: the log is empty.")), rule="undo")
    journal = campaign.journal.model_copy(update={"log": campaign.journal.log[:-1]})
    return Campaign.from_journal(journal), campaign.journal.log[-1]
