"""The Energy campaign as the engine drives it: ``SYSTEM``, registered as ``energy-campaign``.

Conventions:
    * The setup is ``{"options": {...}, "characters": [character file, ...]}``: the table options
      and the characters as the campaign begins; :func:`start` refuses characters that break a
      creation rule, twins and characters above the campaign's rank cap.
    * :func:`decide` is :func:`~.commands.decide` followed by folding its events, so a rule checked
      while an event is applied (savings, debts, states...) refuses the command before anything is
      recorded. :func:`refusal` asks the same question without raising, and :func:`legal` lists
      the candidates of :func:`candidates` with what :func:`refusal` says: legality is decided once.
    * :func:`migrate` reads the campaign files written before the engine (``schema_version``,
      ``options``, ``characters``, ``log``) as session files.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import reduce
from typing import Any, get_args

from pydantic import BaseModel, ConfigDict, ValidationError

from meneur.dice.source import DiceSource
from meneur.engine.codec import Codec
from meneur.engine.problems import explain
from meneur.engine.system import Legal, System
from meneur.errors import BadInputError, Refused
from meneur.i18n import N_, Message
from meneur.systems.energy.campaign import commands as cmd
from meneur.systems.energy.campaign import events as ev
from meneur.systems.energy.campaign.challenges import best_trait
from meneur.systems.energy.campaign.commands import Command as Command
from meneur.systems.energy.campaign.events import Event as Event
from meneur.systems.energy.campaign.experience import HeroicCriterion, left_over
from meneur.systems.energy.campaign.improvement import first_affordable, has_points, stand_in
from meneur.systems.energy.campaign.narration import describe as describe_event
from meneur.systems.energy.campaign.options import TableOptions
from meneur.systems.energy.campaign.reputation import ReputationScore
from meneur.systems.energy.campaign.state import CampaignState
from meneur.systems.energy.campaign.stress import Relief, StressUse
from meneur.systems.energy.files import character_data
from meneur.systems.energy.files import migrate as migrate_character
from meneur.systems.energy.model import Aptitude, Character, LivingStandard, PowerCategory, State
from meneur.systems.energy.validation import ensure_valid

KEY = "energy-campaign"
DOMAIN = "energy_campaign"
FORMAT = 1
LEGACY_VERSION = 1
"""The ``schema_version`` of campaign files written before the engine."""


def _classes(union: Any) -> dict[str, type]:
    members = get_args(get_args(union)[0])
    return {cls.model_fields["kind"].default: cls for cls in members}


COMMANDS: dict[str, type] = _classes(cmd.Command)
EVENTS: dict[str, type] = _classes(ev.Event)
CODEC: Codec[cmd.Command, ev.Event] = Codec(COMMANDS, EVENTS)


class Setup(BaseModel):
    """What a campaign starts from."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    options: TableOptions = TableOptions()
    characters: tuple[Character, ...]


def _bad(msgid: str, **params: Any) -> BadInputError:
    return BadInputError(Message(DOMAIN, msgid, params))


def read_setup(data: Any) -> Setup:
    """The setup's JSON read and checked (see the module docstring).

    Raises:
        BadInputError: naming the field to fix.
        InvalidCharacterError: a character breaks a creation rule.
    """
    if isinstance(data, dict) and isinstance(data.get("characters"), list):
        data = {
            **data,
            "characters": [migrate_character(c) if isinstance(c, dict) else c for c in data["characters"]],
        }
    try:
        setup = Setup.model_validate(data)
    except ValidationError as error:
        raise explain(error, "setup") from None
    if not setup.characters:
        raise _bad(N_("A campaign needs at least one character."))
    names = [c.name.casefold() for c in setup.characters]
    twins = sorted({c.name for c in setup.characters if names.count(c.name.casefold()) > 1})
    if twins:
        raise _bad(N_("Two characters are called {name}: names must differ."), name=twins[0])
    cap = setup.options.max_rank
    for character in setup.characters:
        ensure_valid(character)  # a campaign starts from characters that respect every creation rule
        if cap is not None and character.rank > cap:
            raise _bad(
                N_("{name} is rank {rank}, above this campaign's cap of rank {cap} (--max-rank)."),
                name=character.name,
                rank=character.rank,
                cap=cap,
            )
    return setup


def setup_json(characters: list[Character], options: TableOptions) -> dict[str, Any]:
    """The setup's JSON for ``characters`` and ``options`` (what ``campaign new`` writes)."""
    return {"options": options.model_dump(mode="json"), "characters": [character_data(c) for c in characters]}


def start(setup: Any) -> CampaignState:
    """The state before any command."""
    checked = read_setup(setup)
    return CampaignState(options=checked.options, characters={c.name: c for c in checked.characters})


def evolve(state: CampaignState, event: ev.Event) -> CampaignState:
    """Fold one event into the state."""
    return ev.apply(state, event)


def decide(state: CampaignState, command: cmd.Command, dice: DiceSource | None = None) -> list[ev.Event]:
    """The events of ``command`` now (no die is rolled in a campaign).

    Raises:
        Refused: the rules forbid it now, naming the rule.
        BadInputError: the command names an unknown character, relation or power.
    """
    events = cmd.decide(state, command)
    reduce(evolve, events, state)  # the rules checked while applying refuse before anything is kept
    return events


def refusal(state: CampaignState, command: cmd.Command) -> Refused | None:
    """Why the rules refuse ``command`` now (``None``: it is legal). The question :func:`decide` asks.

    Raises:
        BadInputError: the command is malformed or names nothing real.
    """
    try:
        decide(state, command)
    except Refused as error:
        return error
    return None


def candidates(state: CampaignState) -> Iterator[cmd.Command]:
    """Every command a table might give now, legal or not, in the book's order.

    A command whose name is typed beside its button (a new relation, a new power or trait) is listed
    with a stand-in name (:func:`~.improvement.stand_in`: « … »), which the page replaces with the
    name typed; a whole improved sheet is not listed.
    """
    yield from (
        cmd.StartSession(),
        cmd.StartScenario(),
        cmd.StartScene(),
        cmd.EndScenario(),
        cmd.EndSession(),
    )
    for name, character in state.characters.items():
        yield from _character_candidates(name, character, state.options)


def _character_candidates(name: str, character: Character, options: TableOptions) -> Iterator[cmd.Command]:
    best = max(
        Aptitude, key=lambda a: character.aptitude(a) + best_trait(character, a)[1]
    )  # one may pick another
    yield cmd.Challenge(character=name, aptitude=best)
    yield from (cmd.AddStress(character=name, boxes=boxes) for boxes in (1, 2))
    yield from (cmd.RelieveStress(character=name, reason=r) for r in (Relief.OUTLET, Relief.TEAM_SCENE))
    yield from (cmd.SpendStress(character=name, use=u) for u in (StressUse.DETERMINATION, StressUse.SURPASS))
    for power in character.powers[:1]:  # the page lets the player pick the power and the category
        category = next(c for c in PowerCategory if c is not power.category)
        yield cmd.SpendStress(character=name, use=StressUse.FEAT, power=power.name, category=category)
    yield cmd.BringBack(character=name)
    yield from (cmd.InflictState(character=name, state=s) for s in (State.EXHAUSTED, State.WOUNDED))
    yield from (cmd.RecoverState(character=name, how=how) for how in ("sleep", "healing_power", "infirmary"))
    yield cmd.AwardExperience(character=name, heroic=(HeroicCriterion.SURVIVED,))
    for score in ReputationScore:
        yield from (cmd.ChangeReputation(character=name, score=score, delta=d) for d in (1, -1))
    for relation in character.relations:
        yield from (cmd.ChangeRelation(character=name, relation=relation.name, delta=d) for d in (1, -1))
    free = stand_in([r.name for r in character.relations])
    yield from (cmd.AddRelation(character=name, relation=free, gm_reserved=gm) for gm in (False, True))
    yield from (cmd.Buy(character=name, standard=s) for s in LivingStandard)
    yield from (
        cmd.GainSavings(character=name, boxes=1),
        cmd.TakeDebt(character=name, savings=1),
        cmd.RepayDebt(character=name, boxes=1),
    )
    yield from (cmd.SetLivingStandard(character=name, standard=s) for s in LivingStandard)
    yield from _improvements(name, character, options)


def _improvements(name: str, character: Character, options: TableOptions) -> Iterator[cmd.Command]:
    """One aptitude rank more, for the aptitude of the best score below 5 (the page lets the player
    pick another): what aptitude points buy ("augmenter le score d'une aptitude",
    002_58e889a1abff3456.txt); and the first other step the points buy (:mod:`.improvement`: an
    attribute, a power, a trait, the page letting the player pick another or a new power or trait).
    Their cost is the rules' (:func:`spend`)."""
    below = [a for a in Aptitude if character.aptitude(a) < 5]
    if below and (character.experience.aptitude_points or left_over(character)[1]):
        best = max(below, key=lambda a: character.aptitude(a) + best_trait(character, a)[1])
        yield cmd.RaiseAptitude(character=name, aptitude=best)
    step = first_affordable(character, options=options) if has_points(character) else None
    if step is not None:  # the page lets the player pick another step, or a new power or trait
        yield cmd.Improve(character=name, **step.model_dump())


def legal(state: CampaignState, include_refused: bool = False) -> list[Legal[cmd.Command]]:
    """What may be done now (and, when asked, what may not, with the rule and why)."""
    found: list[Legal[cmd.Command]] = []
    for command in candidates(state):
        why = refusal(state, command)
        if why is not None and not include_refused:
            continue
        actor = getattr(command, "character", None)
        found.append(
            Legal(
                actor,
                command.kind,
                command,
                details={"by": "gm"} if cmd.is_gm_command(command) else {},
                rule=None if why is None else why.rule,
                reason=None if why is None else why.message,
            )
        )
    return found


def state_json(state: CampaignState) -> dict[str, Any]:
    """A snapshot of the state."""
    return state.model_dump(mode="json")


def state_from_json(data: Any) -> CampaignState:
    """The state a snapshot holds.

    Raises:
        BadInputError: naming the field to fix.
    """
    try:
        return CampaignState.model_validate(data)
    except ValidationError as error:
        raise explain(error, "state") from None


def describe(state: CampaignState, event: ev.Event) -> Message:
    """The line of the log for ``event``."""
    return describe_event(event)


def _wire(item: Any) -> Any:
    """``{"kind": "add_stress", "character": ...}`` (a file before the engine) in the wire form."""
    if isinstance(item, dict) and isinstance(item.get("kind"), str):
        return {item["kind"]: {k: v for k, v in item.items() if k != "kind"}}
    return item


def migrate(data: Any) -> Any:
    """A campaign file written before the engine as a session file; anything else as it is.

    Raises:
        BadInputError: the file is of a newer campaign version, or its log is not a list.
    """
    if not isinstance(data, dict) or "meneur" in data or "characters" not in data:
        return data
    version = data.get("schema_version", LEGACY_VERSION)
    if not isinstance(version, int) or isinstance(version, bool) or version > LEGACY_VERSION:
        raise _bad(
            N_(
                "The campaign file was written by a newer meneur (campaign file version {version}); "
                "update meneur to read it."
            ),
            version=str(version),
        )
    log = data.get("log") or []
    if not isinstance(log, list):
        raise _bad(N_("The campaign file's log must be a list of commands with their events."))
    entries = [
        {"command": _wire(item.get("command")), "events": [_wire(e) for e in item.get("events") or []]}
        if isinstance(item, dict)
        else item
        for item in log
    ]
    setup = {"options": data.get("options") or {}, "characters": data["characters"]}
    return {"meneur": KEY, "format": FORMAT, "setup": setup, "log": entries, "undone": []}


SYSTEM: System[CampaignState, cmd.Command, ev.Event] = System(
    key=KEY,
    domain=DOMAIN,
    codec=CODEC,
    start=start,
    decide=decide,
    evolve=evolve,
    legal=legal,
    state_json=state_json,
    state_from_json=state_from_json,
    format=FORMAT,
    describe=describe,
    migrate=migrate,
)
