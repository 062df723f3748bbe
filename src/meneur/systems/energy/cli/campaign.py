"""Energy System CLI: ``challenge`` and the ``campaign`` commands (a thin adapter over the pure core).

Each campaign command reads the campaign file, builds one command, lets the core decide and apply it,
then writes the file atomically; a refused command writes nothing. Exit statuses: 0 done, 1 the rules
forbid it (the message names the rule), 2 bad input.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from meneur.cli.output import console, guarded, print_json
from meneur.errors import BadInputError, IllegalActionError
from meneur.i18n import N_, Message, Translator
from meneur.i18n.words import fold
from meneur.systems.energy.campaign import commands as cmd
from meneur.systems.energy.campaign.challenges import (
    ChallengeScore,
    aptitude_score,
    challenge,
    character_aptitude_score,
    character_power_score,
    opposed,
    parse_difficulty,
    power_score,
)
from meneur.systems.energy.campaign.experience import AptitudeCriterion, Bonus, HeroicCriterion
from meneur.systems.energy.campaign.journal import Campaign, execute, legal_flow, new_journal, undo
from meneur.systems.energy.campaign.narration import (
    RECOVERY_NAMES,
    RELIEF_NAMES,
    character_lines,
    describe,
    state_lines,
)
from meneur.systems.energy.campaign.options import TableOptions
from meneur.systems.energy.campaign.reputation import SCORE_NAMES, ReputationScore
from meneur.systems.energy.campaign.resources import STANDARD_NAMES
from meneur.systems.energy.campaign.states import effective_attributes, state_name
from meneur.systems.energy.campaign.store import load_campaign, save_campaign
from meneur.systems.energy.campaign.stress import USE_NAMES, Relief, StressUse
from meneur.systems.energy.cli.characters import read_character
from meneur.systems.energy.files import dump_character
from meneur.systems.energy.model import Aptitude, Character, LivingStandard, PowerCategory, State
from meneur.systems.energy.names import APTITUDE_NAMES, CATEGORY_NAMES, word
from meneur.systems.energy.validation import ensure_valid

DOMAIN = "energy_campaign"
_ = Translator(DOMAIN)


def _choice(value: str, allowed: list[str], what: str, names: Mapping[str, Message] | None = None) -> str:
    """The key ``value`` stands for: the key itself or, when ``names`` are given, the book's word.

    "véhicules", "Aisé" or "blessé" are read as ``vehicles``, ``well_off`` and ``wounded``.

    Raises:
        BadInputError: for anything else, naming what was expected (key and book's word).
    """
    key = fold(value)
    if key in allowed:
        return key
    for option, name in (names or {}).items():
        if key in (fold(name.render("fr")), fold(name.render("en"))):
            return option
    listed = ", ".join(
        f"{a} ({names[a].render()})" if names and a in names and names[a].render() != a else a
        for a in allowed
    )
    raise BadInputError(
        Message(
            DOMAIN,
            N_("Unknown {what} {value!r}: expected one of {allowed}."),
            {"what": Message(DOMAIN, what), "value": value, "allowed": listed},
        )
    )


_FLOW_WORDS = {
    "start_session": "session start",
    "end_session": "session end",
    "start_scenario": "scenario start",
    "end_scenario": "scenario end",
    "start_scene": "scene start",
}


_APTITUDE_WORDS = {a.value: word(APTITUDE_NAMES[a]) for a in Aptitude}
_CATEGORY_WORDS = {c.value: word(CATEGORY_NAMES[c]) for c in PowerCategory}
_STATE_WORDS = {s.value: state_name(s) for s in (State.EXHAUSTED, State.WOUNDED)}
_STANDARD_WORDS = {s.value: Message(DOMAIN, STANDARD_NAMES[s]) for s in LivingStandard}
_SCORE_WORDS = {s.value: Message(DOMAIN, SCORE_NAMES[s]) for s in ReputationScore}
_RELIEF_WORDS = {r.value: Message(DOMAIN, RELIEF_NAMES[r]) for r in (Relief.OUTLET, Relief.TEAM_SCENE)}
_USE_WORDS = {u.value: Message(DOMAIN, USE_NAMES[u]) for u in StressUse}
_RECOVERY_WORDS = {k: Message(DOMAIN, v) for k, v in RECOVERY_NAMES.items()}


_DIRECTION_WORDS = {"up": Message(DOMAIN, N_("up (+1)")), "down": Message(DOMAIN, N_("down (-1)"))}
_DIRECTION_ALIASES = {"+": "up", "-": "down", "+1": "up", "-1": "down", "hausse": "up", "baisse": "down"}


def _step(direction: str) -> int:
    """+1 or -1: ``up``/``down``, "monter"/"baisser", "hausse"/"baisse" or ``+``/``-``."""
    direction = _DIRECTION_ALIASES.get(direction.strip(), _DIRECTION_ALIASES.get(fold(direction), direction))
    return 1 if _choice(direction, ["up", "down"], N_("direction"), _DIRECTION_WORDS) == "up" else -1


def _print(messages: list[Message]) -> None:
    out = console()
    for message in messages:
        out.print(message.render(), markup=False)


# --- challenge -------------------------------------------------------------------------------------


def _score(
    prefix: str,
    values: dict[str, Any],
    surpass: bool,
    lookup: Callable[[str], Character],
    malus_on_powers: bool,
) -> ChallengeScore | None:
    """Build one side's score from its options (a character or raw numbers); None when absent.

    Raises:
        BadInputError: when options that exclude each other are mixed (they would be ignored).
    """
    source = values.get(f"{prefix}character")
    carried = values.get("carried", 0) if not prefix else 0
    _refuse_mixed(prefix, values, source)
    if source:
        character = lookup(source)
        if values.get(f"{prefix}power"):
            return character_power_score(
                character,
                values[f"{prefix}power"],
                carried=carried,
                surpass=surpass,
                malus_on_powers=malus_on_powers,
            )
        if not values.get(f"{prefix}aptitude"):
            raise BadInputError(Message(DOMAIN, N_("With a character, name --aptitude or --power.")))
        aptitude = Aptitude(
            _choice(values[f"{prefix}aptitude"], [a.value for a in Aptitude], N_("aptitude"), _APTITUDE_WORDS)
        )
        return character_aptitude_score(
            character, aptitude, trait=values.get(f"{prefix}trait_name"), surpass=surpass
        )
    if values.get(f"{prefix}rank") is not None:
        return power_score(
            values[f"{prefix}rank"], values.get(f"{prefix}modifier") or 0, carried=carried, surpass=surpass
        )
    if values.get(f"{prefix}aptitude_rank") is not None:
        return aptitude_score(
            values[f"{prefix}aptitude_rank"], values.get(f"{prefix}trait") or 0, surpass=surpass
        )
    return None


def _flag(prefix: str, name: str) -> str:
    return "--" + (prefix + name).replace("_", "-")


def _refuse_mixed(prefix: str, values: dict[str, Any], source: str | None) -> None:
    """Refuse options that would silently be ignored: a mix of character and raw numbers, etc."""
    given = {n for n in ("rank", "modifier", "aptitude_rank", "trait") if values.get(prefix + n) is not None}
    named = {n for n in ("aptitude", "power", "trait_name") if values.get(prefix + n)}
    if not prefix and values.get("carried"):
        given_power = values.get("power") or values.get("rank") is not None
        if not given_power:
            _mixed(["--carried"], N_("people carried along only count for a power (--power or --rank)"))
    if source and given:
        flags = [_flag(prefix, n) for n in sorted(given)]
        _mixed(flags, N_("with a character, the numbers come from the sheet (use --trait-name for a trait)"))
    if not source and named:
        flags = [_flag(prefix, n) for n in sorted(named)]
        _mixed(flags, N_("these options name something on a character's sheet: add --character"))
    for pair in (("aptitude", "power"), ("aptitude_rank", "rank")):
        if set(pair) <= named | given:
            _mixed([_flag(prefix, n) for n in pair], N_("a challenge uses an aptitude or a power"))
    if "modifier" in given and "rank" not in given and not source:
        _mixed([_flag(prefix, "modifier")], N_("a power's modifier goes with its --rank"))
    if "trait" in given and "aptitude_rank" not in given and not source:
        _mixed([_flag(prefix, "trait")], N_("a trait's bonus goes with --aptitude-rank"))


def _mixed(flags: list[str], why: str) -> NoReturn:
    raise BadInputError(
        Message(
            DOMAIN,
            N_("Options {flags} cannot be used here: {why}."),
            {"flags": ", ".join(flags), "why": Message(DOMAIN, why)},
        )
    )


def _lookup(campaign: Campaign | None) -> Callable[[str], Character]:
    """Find a character: in the campaign when there is one and it knows the name, else a file or hero."""

    def find(source: str) -> Character:
        if campaign is not None:
            try:
                return campaign.state.character(source)
            except BadInputError:
                pass
        return read_character(source)

    return find


def challenge_command(
    aptitude_rank: Annotated[int | None, typer.Option(help=_("Aptitude rank (0-5)."))] = None,
    trait: Annotated[int | None, typer.Option(help=_("Bonus of the applicable trait."))] = None,
    difficulty: Annotated[
        str | None, typer.Option(help=_("1-10 or a level: amateur ... impossible."))
    ] = None,
    character: Annotated[str | None, typer.Option(help=_("Character file or built-in hero."))] = None,
    aptitude: Annotated[
        str | None,
        typer.Option(help=_("Aptitude: its key or the book's word (vehicles or véhicules, art...).")),
    ] = None,
    trait_name: Annotated[
        str | None, typer.Option(help=_("Trait to use (default: the best applicable)."))
    ] = None,
    power: Annotated[str | None, typer.Option(help=_("Power used instead of an aptitude."))] = None,
    rank: Annotated[int | None, typer.Option(help=_("Rank, for a power used without a file."))] = None,
    modifier: Annotated[int | None, typer.Option(help=_("Power reinforcement (+) or weakening (-)."))] = None,
    carried: Annotated[int, typer.Option(help=_("Other people carried along (-1 each)."))] = 0,
    surpass: Annotated[bool, typer.Option("--surpass", help=_("Check a stress box for +2."))] = False,
    versus_character: Annotated[str | None, typer.Option(help=_("Opponent: character file or hero."))] = None,
    versus_aptitude: Annotated[str | None, typer.Option(help=_("Opponent's aptitude."))] = None,
    versus_trait_name: Annotated[str | None, typer.Option(help=_("Opponent's trait."))] = None,
    versus_power: Annotated[str | None, typer.Option(help=_("Opponent's power."))] = None,
    versus_rank: Annotated[int | None, typer.Option(help=_("Opponent's rank (power challenge)."))] = None,
    versus_modifier: Annotated[int | None, typer.Option(help=_("Opponent's power modifier."))] = None,
    versus_aptitude_rank: Annotated[int | None, typer.Option(help=_("Opponent's aptitude rank."))] = None,
    versus_trait: Annotated[int | None, typer.Option(help=_("Opponent's trait bonus."))] = None,
    campaign_file: Annotated[
        Path | None,
        typer.Option(
            "--campaign",
            help=_("Campaign file: characters as they are now, and the surpass box recorded in the log."),
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help=_("Print JSON."))] = False,
) -> None:
    """A challenge against a difficulty, or an opposed challenge with the --versus-* options."""
    values = dict(locals())
    campaign = load_campaign(campaign_file) if campaign_file is not None else None
    options = campaign.state.options if campaign is not None else TableOptions()
    lookup = _lookup(campaign)
    score = _score("", values, surpass, lookup, options.state_malus_on_powers)
    if score is None:
        raise BadInputError(
            Message(DOMAIN, N_("Give --aptitude-rank, --rank, or --character with --aptitude or --power."))
        )
    other = _score("versus_", values, False, lookup, options.state_malus_on_powers)
    if other is not None and difficulty is not None:
        _mixed(["--difficulty"], N_("an opposed challenge compares two scores, without a difficulty"))
    if other is None and difficulty is None:
        raise BadInputError(
            Message(DOMAIN, N_("Give --difficulty (1-10 or a level), or an opponent with --versus-*."))
        )
    result = (
        opposed(score, other) if other is not None else challenge(score, parse_difficulty(difficulty or ""))
    )
    if campaign is not None and campaign_file is not None and surpass and character:
        _record(campaign, campaign_file, cmd.SpendStress(character=score.who, use=StressUse.SURPASS))
    (print_json(result.to_json()) if as_json else _print(result.explain()))


# --- campaign --------------------------------------------------------------------------------------


def _record(campaign: Campaign, path: Path, command: cmd.Command) -> Campaign:
    """Execute ``command`` and save; a refusal names its rule and writes nothing."""
    try:
        done = execute(campaign, command)
    except IllegalActionError as error:
        message = Message(
            DOMAIN, N_("{message} [{rule}]"), {"message": error.message, "rule": error.rule}
        )
        raise IllegalActionError(message, rule=error.rule) from error
    save_campaign(done, path)
    return done


def _run(path: Path, command: cmd.Command, as_json: bool = False) -> None:
    """Load, execute, save, print what happened."""
    campaign = load_campaign(path)
    before = len(campaign.journal.log)
    done = _record(campaign, path, command)
    events = [event for entry in done.journal.log[before:] for event in entry.events]
    if as_json:
        print_json(
            {
                "command": command.model_dump(mode="json", exclude={"improved"}),
                "events": [e.model_dump(mode="json", exclude={"after"}) for e in events],
            }
        )
    else:
        _print([describe(e) for e in events])


def _new(
    path: Annotated[Path, typer.Argument(help=_("Campaign file (.json or .yaml)."))],
    character: Annotated[list[str], typer.Option("--character", "-c", help=_("Character file or hero."))],
    max_rank: Annotated[int | None, typer.Option(help=_("Highest rank characters may reach."))] = None,
    scenario_relief: Annotated[
        int, typer.Option(help=_("Stress boxes erased at the start of each new scenario (book: 2)."))
    ] = 2,
    broken_return_stress: Annotated[
        int, typer.Option(help=_("Stress a broken character comes back with (book: their minimum, 0)."))
    ] = 0,
    max_earned_aptitude_points: Annotated[
        int, typer.Option(help=_("Most aptitude points earned by experience (book: 24)."))
    ] = 24,
    state_malus_on_powers: Annotated[
        bool,
        typer.Option(
            help=_("Whether the troubled/demoralized malus also lowers a power used in a challenge.")
        ),
    ] = True,
    force: Annotated[bool, typer.Option("--force", help=_("Overwrite an existing file."))] = False,
) -> None:
    """Create a campaign file with its characters and table options."""
    if path.exists() and not force:
        raise BadInputError(
            Message(DOMAIN, N_("{path} already exists; use --force to overwrite it."), {"path": str(path)})
        )
    options = _table_options(
        max_rank=max_rank,
        scenario_relief=scenario_relief,
        broken_return_stress=broken_return_stress,
        max_earned_aptitude_points=max_earned_aptitude_points,
        state_malus_on_powers=state_malus_on_powers,
    )
    characters = [read_character(source) for source in character]
    for one in characters:  # a campaign starts from characters that respect every creation rule
        ensure_valid(one)
    above = [c for c in characters if options.max_rank is not None and c.rank > options.max_rank]
    if above:
        raise BadInputError(
            Message(
                DOMAIN,
                N_("{name} is rank {rank}, above this campaign's cap of rank {cap} (--max-rank)."),
                {"name": above[0].name, "rank": above[0].rank, "cap": options.max_rank},
            )
        )
    journal = new_journal(characters, options)
    save_campaign(Campaign.from_journal(journal), path)
    console().print(
        _(
            "Campaign {path} created with {names}.",
            path=str(path),
            names=", ".join(c.name for c in journal.characters),
        ),
        markup=False,
    )


_OPTION_LIMITS: dict[str, tuple[int, int | None]] = {
    "max_rank": (1, None),
    "scenario_relief": (0, 10),
    "broken_return_stress": (0, 9),
    "max_earned_aptitude_points": (0, None),
}


def _table_options(**values: Any) -> TableOptions:
    """The table options, each number checked against its range (named as the CLI option)."""
    for key, (low, high) in _OPTION_LIMITS.items():
        value = values[key]
        if value is not None and (value < low or (high is not None and value > high)):
            bounds = f"{low}..{high}" if high is not None else f">= {low}"
            raise BadInputError(
                Message(
                    DOMAIN,
                    N_("{option} must be {bounds}, not {value}."),
                    {"option": _flag("", key), "bounds": bounds, "value": value},
                )
            )
    return TableOptions(**values)


def _show(
    path: Annotated[Path, typer.Argument(help=_("Campaign file (.json or .yaml)."))],
    as_json: Annotated[bool, typer.Option("--json", help=_("Print JSON."))] = False,
) -> None:
    """Where the campaign stands and each character's campaign values."""
    campaign = load_campaign(path)
    state = campaign.state
    if as_json:
        data = state.model_dump(mode="json")
        data["effective_attributes"] = {
            n: effective_attributes(ch).model_dump() for n, ch in state.characters.items()
        }
        data["legal_flow"] = [command.kind for command in legal_flow(campaign)]
        print_json(data)
        return
    words = ", ".join(_FLOW_WORDS[command.kind] for command in legal_flow(campaign))
    lines = [*state_lines(state), Message(DOMAIN, N_("Possible now: {commands}."), {"commands": words})]
    for character in state.characters.values():
        lines += character_lines(character)
    _print(lines)


def _export(
    path: Annotated[Path, typer.Argument(help=_("Campaign file (.json or .yaml)."))],
    name: Annotated[str, typer.Argument(help=_("Character name."))],
    json_format: Annotated[bool, typer.Option("--json", help=_("JSON instead of YAML."))] = False,
) -> None:
    """Print a character as it is now, as a character file."""
    character = load_campaign(path).state.character(name)
    sys.stdout.write(dump_character(character, "json" if json_format else "yaml"))


def _log(
    path: Annotated[Path, typer.Argument(help=_("Campaign file (.json or .yaml)."))],
    as_json: Annotated[bool, typer.Option("--json", help=_("Print JSON."))] = False,
) -> None:
    """Every command carried out, with what it recorded."""
    campaign = load_campaign(path)
    if as_json:
        print_json([entry.model_dump(mode="json") for entry in campaign.journal.log])
        return
    out = console()
    for index, entry in enumerate(campaign.journal.log, start=1):
        for event in entry.events:
            out.print(f"{index:>3}. {describe(event).render()}", markup=False)


def _undo(
    path: Annotated[Path, typer.Argument(help=_("Campaign file (.json or .yaml)."))],
    as_json: Annotated[bool, typer.Option("--json", help=_("Print JSON."))] = False,
) -> None:
    """Undo the last command."""
    campaign, entry = undo(load_campaign(path))
    save_campaign(campaign, path)
    if as_json:
        print_json({"undone": entry.model_dump(mode="json")})
        return
    _print([Message(DOMAIN, N_("Undone: {event}"), {"event": describe(e)}) for e in entry.events])


def _register_phases(campaign: typer.Typer) -> None:
    session = typer.Typer(no_args_is_help=True, help=_("Start or end a session."))
    scenario = typer.Typer(no_args_is_help=True, help=_("Start or end a scenario."))
    scene = typer.Typer(no_args_is_help=True, help=_("Start a scene."))

    @session.command("start", help=_("Start a session."))
    @guarded
    def session_start(
        path: Annotated[Path, typer.Argument(help=_("Campaign file (.json or .yaml)."))],
        as_json: Annotated[bool, typer.Option("--json", help=_("Print JSON."))] = False,
    ) -> None:
        _run(path, cmd.StartSession(), as_json)

    @session.command("end", help=_("End the session."))
    @guarded
    def session_end(
        path: Annotated[Path, typer.Argument(help=_("Campaign file (.json or .yaml)."))],
        as_json: Annotated[bool, typer.Option("--json", help=_("Print JSON."))] = False,
    ) -> None:
        _run(path, cmd.EndSession(), as_json)

    @scenario.command("start", help=_("Start a new scenario (stress -2)."))
    @guarded
    def scenario_start(
        path: Annotated[Path, typer.Argument(help=_("Campaign file (.json or .yaml)."))],
        as_json: Annotated[bool, typer.Option("--json", help=_("Print JSON."))] = False,
    ) -> None:
        _run(path, cmd.StartScenario(), as_json)

    @scenario.command("end", help=_("End the scenario."))
    @guarded
    def scenario_end(
        path: Annotated[Path, typer.Argument(help=_("Campaign file (.json or .yaml)."))],
        as_json: Annotated[bool, typer.Option("--json", help=_("Print JSON."))] = False,
    ) -> None:
        _run(path, cmd.EndScenario(), as_json)

    @scene.command("start", help=_("Start a scene."))
    @guarded
    def scene_start(
        path: Annotated[Path, typer.Argument(help=_("Campaign file (.json or .yaml)."))],
        as_json: Annotated[bool, typer.Option("--json", help=_("Print JSON."))] = False,
    ) -> None:
        _run(path, cmd.StartScene(), as_json)

    campaign.add_typer(session, name="session")
    campaign.add_typer(scenario, name="scenario")
    campaign.add_typer(scene, name="scene")


def _register_stress(campaign: typer.Typer) -> None:
    stress = typer.Typer(no_args_is_help=True, help=_("Stress: add, relieve, spend, bring back."))

    @stress.command("add", help=_("The GM gives stress boxes (at most 2 per scene)."))
    @guarded
    def stress_add(
        path: Annotated[Path, typer.Argument(help=_("Campaign file (.json or .yaml)."))],
        name: Annotated[str, typer.Argument(help=_("Character name."))],
        boxes: Annotated[int, typer.Option(help=_("Stress boxes (1 or 2)."))] = 1,
        as_json: Annotated[bool, typer.Option("--json", help=_("Print JSON."))] = False,
    ) -> None:
        if boxes not in (1, 2):  # "jamais plus durant une scène": two boxes at most in one go
            raise BadInputError(
                Message(DOMAIN, N_("--boxes: give 1 or 2 (the GM gives at most 2 per scene), not {boxes}."),
                        {"boxes": boxes})
            )
        _run(path, cmd.AddStress(character=name, boxes=boxes), as_json)

    @stress.command(
        "relieve", help=_("Erase a box: outlet or team scene (each once per session); French words or keys.")
    )
    @guarded
    def stress_relieve(
        path: Annotated[Path, typer.Argument(help=_("Campaign file (.json or .yaml)."))],
        name: Annotated[str, typer.Argument(help=_("Character name."))],
        reason: Annotated[
            str, typer.Argument(help=_("exutoire or scène d'équipe (keys: outlet, team_scene)"))
        ],
        as_json: Annotated[bool, typer.Option("--json", help=_("Print JSON."))] = False,
    ) -> None:
        key = Relief(
            _choice(reason, [Relief.OUTLET.value, Relief.TEAM_SCENE.value], N_("reason"), _RELIEF_WORDS)
        )
        _run(path, cmd.RelieveStress(character=name, reason=key), as_json)

    @stress.command("spend", help=_("Check a box: feat, determination or surpass; French words or keys."))
    @guarded
    def stress_spend(
        path: Annotated[Path, typer.Argument(help=_("Campaign file (.json or .yaml)."))],
        name: Annotated[str, typer.Argument(help=_("Character name."))],
        use: Annotated[str, typer.Argument(
            help=_("action d'éclat, détermination or se dépasser (keys: feat, determination, surpass)"))],
        power: Annotated[str | None, typer.Option(help=_("Power (feat)."))] = None,
        category: Annotated[str | None, typer.Option(help=_("Extra category (feat)."))] = None,
        as_json: Annotated[bool, typer.Option("--json", help=_("Print JSON."))] = False,
    ) -> None:
        kind = StressUse(_choice(use, [u.value for u in StressUse], N_("use"), _USE_WORDS))
        extra = (
            PowerCategory(
                _choice(category, [c.value for c in PowerCategory], N_("category"), _CATEGORY_WORDS)
            )
            if category
            else None
        )
        _run(path, cmd.SpendStress(character=name, use=kind, power=power, category=extra), as_json)

    @stress.command("return", help=_("Bring a broken character back."))
    @guarded
    def stress_return(
        path: Annotated[Path, typer.Argument(help=_("Campaign file (.json or .yaml)."))],
        name: Annotated[str, typer.Argument(help=_("Character name."))],
        as_json: Annotated[bool, typer.Option("--json", help=_("Print JSON."))] = False,
    ) -> None:
        _run(path, cmd.BringBack(character=name), as_json)

    campaign.add_typer(stress, name="stress")

    state = typer.Typer(no_args_is_help=True, help=_("States: add exhausted or wounded, recover."))

    @state.command(
        "add", help=_("Give exhausted (épuisé) or wounded (blessé); wounded twice: incapacitated.")
    )
    @guarded
    def state_add(
        path: Annotated[Path, typer.Argument(help=_("Campaign file (.json or .yaml)."))],
        name: Annotated[str, typer.Argument(help=_("Character name."))],
        which: Annotated[str, typer.Argument(help=_("épuisé or blessé (or the keys exhausted, wounded)"))],
        as_json: Annotated[bool, typer.Option("--json", help=_("Print JSON."))] = False,
    ) -> None:
        key = State(_choice(which, [State.EXHAUSTED.value, State.WOUNDED.value], N_("state"), _STATE_WORDS))
        if key is State.WOUNDED and State.INCAPACITATED in load_campaign(path).state.character(name).states:
            raise IllegalActionError(
                Message(DOMAIN, N_("{name} is already incapacitated: being wounded again changes nothing; "
                                   "nothing was recorded."), {"name": name}),
                rule="incapacitated",
            )
        _run(path, cmd.InflictState(character=name, state=key), as_json)

    @state.command("recover", help=_("Recover: sleep, healing power or infirmary; French words or keys."))
    @guarded
    def state_recover(
        path: Annotated[Path, typer.Argument(help=_("Campaign file (.json or .yaml)."))],
        name: Annotated[str, typer.Argument(help=_("Character name."))],
        how: Annotated[str, typer.Argument(
            help=_("sommeil, pouvoir de soin or infirmerie (keys: sleep, healing_power, infirmary)"))],
        as_json: Annotated[bool, typer.Option("--json", help=_("Print JSON."))] = False,
    ) -> None:
        how = {"infirmerie": "infirmary", "soin": "healing_power"}.get(fold(how), how)  # the short words
        key = _choice(how, ["sleep", "healing_power", "infirmary"], N_("recovery"), _RECOVERY_WORDS)
        _run(path, cmd.RecoverState(character=name, how=key), as_json)

    campaign.add_typer(state, name="state")


def _register_experience(campaign: typer.Typer) -> None:
    xp = typer.Typer(no_args_is_help=True, help=_("Experience: award at the end of a session, spend points."))

    @xp.command("award", help=_("End-of-session experience for one character."))
    @guarded
    def xp_award(
        path: Annotated[Path, typer.Argument(help=_("Campaign file (.json or .yaml)."))],
        name: Annotated[str, typer.Argument(help=_("Character name."))],
        heroic: Annotated[list[str] | None, typer.Option(help=_("survived, success, high_stakes"))] = None,
        aptitude: Annotated[
            list[str] | None, typer.Option(help=_("survived, used_aptitudes, learned"))
        ] = None,
        bonus: Annotated[list[str] | None, typer.Option(help=_("outside_work, complication"))] = None,
        as_json: Annotated[bool, typer.Option("--json", help=_("Print JSON."))] = False,
    ) -> None:
        command = cmd.AwardExperience(
            character=name,
            heroic=tuple(
                HeroicCriterion(_choice(v, [c.value for c in HeroicCriterion], N_("criterion")))
                for v in heroic or []
            ),
            aptitude=tuple(
                AptitudeCriterion(_choice(v, [c.value for c in AptitudeCriterion], N_("criterion")))
                for v in aptitude or []
            ),
            bonuses=tuple(Bonus(_choice(v, [b.value for b in Bonus], N_("bonus"))) for v in bonus or []),
        )
        _run(path, command, as_json)

    @xp.command("spend", help=_("Spend points: give the improved character file."))
    @guarded
    def xp_spend(
        path: Annotated[Path, typer.Argument(help=_("Campaign file (.json or .yaml)."))],
        name: Annotated[str, typer.Argument(help=_("Character name."))],
        improved: Annotated[str, typer.Argument(help=_("The improved character file."))],
        as_json: Annotated[bool, typer.Option("--json", help=_("Print JSON."))] = False,
    ) -> None:
        _run(path, cmd.SpendPoints(character=name, improved=read_character(improved)), as_json)

    campaign.add_typer(xp, name="xp")

    @campaign.command(
        "reputation",
        help=_("Move notoriété de super, notoriété civile or moralité up or down by 1 (keys accepted too)."),
    )
    @guarded
    def reputation(
        path: Annotated[Path, typer.Argument(help=_("Campaign file (.json or .yaml)."))],
        name: Annotated[str, typer.Argument(help=_("Character name."))],
        score: Annotated[str, typer.Argument(
            help=_("notoriété de super, notoriété civile or moralité (keys: super_notoriety, "
                   "civil_notoriety, morality)"))],
        direction: Annotated[str, typer.Argument(help=_("up or down (monter, baisser, +, -)"))],
        as_json: Annotated[bool, typer.Option("--json", help=_("Print JSON."))] = False,
    ) -> None:
        key = ReputationScore(_choice(score, [s.value for s in ReputationScore], N_("score"), _SCORE_WORDS))
        _run(path, cmd.ChangeReputation(character=name, score=key, delta=_step(direction)), as_json)

    @campaign.command("relation", help=_("Move a relation up or down by 1, or add one with --new VALUE."))
    @guarded
    def relation(
        path: Annotated[Path, typer.Argument(help=_("Campaign file (.json or .yaml)."))],
        name: Annotated[str, typer.Argument(help=_("Character name."))],
        other: Annotated[str, typer.Argument(help=_("Name of the relation."))],
        direction: Annotated[str | None, typer.Argument(help=_("up or down (monter, baisser, +, -)"))] = None,
        new: Annotated[int | None, typer.Option("--new", help=_("Add the relation at this value."))] = None,
        gm: Annotated[bool, typer.Option("--gm", help=_("One of the GM's three slots."))] = False,
        as_json: Annotated[bool, typer.Option("--json", help=_("Print JSON."))] = False,
    ) -> None:
        if gm and new is None:
            _mixed(["--gm"], N_("a relation is put in one of the GM's slots when it is added with --new"))
        if new is not None:
            _run(path, cmd.AddRelation(character=name, relation=other, value=new, gm_reserved=gm), as_json)
        elif direction is None:
            raise BadInputError(Message(DOMAIN, N_("Say up or down, or --new VALUE to add the relation.")))
        else:
            _run(path, cmd.ChangeRelation(character=name, relation=other, delta=_step(direction)), as_json)


def _register_resources(campaign: typer.Typer) -> None:
    standards = [s.value for s in LivingStandard]

    @campaign.command("buy", help=_("Buy a good of a living standard with savings boxes."))
    @guarded
    def buy(
        path: Annotated[Path, typer.Argument(help=_("Campaign file (.json or .yaml)."))],
        name: Annotated[str, typer.Argument(help=_("Character name."))],
        standard: Annotated[str, typer.Argument(help=_("Living standard the good needs."))],
        item: Annotated[str, typer.Option(help=_("What is bought."))] = "",
        as_json: Annotated[bool, typer.Option("--json", help=_("Print JSON."))] = False,
    ) -> None:
        key = LivingStandard(_choice(standard, standards, N_("living standard"), _STANDARD_WORDS))
        _run(path, cmd.Buy(character=name, standard=key, item=item), as_json)

    @campaign.command("savings", help=_("Gain savings boxes."))
    @guarded
    def savings(
        path: Annotated[Path, typer.Argument(help=_("Campaign file (.json or .yaml)."))],
        name: Annotated[str, typer.Argument(help=_("Character name."))],
        boxes: Annotated[int, typer.Argument(help=_("Savings boxes gained."))],
        as_json: Annotated[bool, typer.Option("--json", help=_("Print JSON."))] = False,
    ) -> None:
        _run(path, cmd.GainSavings(character=name, boxes=boxes), as_json)

    @campaign.command("debt", help=_("Borrow savings boxes (two debt boxes each)."))
    @guarded
    def debt(
        path: Annotated[Path, typer.Argument(help=_("Campaign file (.json or .yaml)."))],
        name: Annotated[str, typer.Argument(help=_("Character name."))],
        boxes: Annotated[int, typer.Argument(help=_("Savings boxes borrowed."))],
        as_json: Annotated[bool, typer.Option("--json", help=_("Print JSON."))] = False,
    ) -> None:
        _run(path, cmd.TakeDebt(character=name, savings=boxes), as_json)

    @campaign.command("repay", help=_("Repay debt boxes with savings boxes."))
    @guarded
    def repay(
        path: Annotated[Path, typer.Argument(help=_("Campaign file (.json or .yaml)."))],
        name: Annotated[str, typer.Argument(help=_("Character name."))],
        boxes: Annotated[int, typer.Argument(help=_("Debt boxes repaid."))],
        as_json: Annotated[bool, typer.Option("--json", help=_("Print JSON."))] = False,
    ) -> None:
        _run(path, cmd.RepayDebt(character=name, boxes=boxes), as_json)

    @campaign.command("standard", help=_("The GM changes a living standard."))
    @guarded
    def standard(
        path: Annotated[Path, typer.Argument(help=_("Campaign file (.json or .yaml)."))],
        name: Annotated[str, typer.Argument(help=_("Character name."))],
        level: Annotated[str, typer.Argument(help=_("New living standard."))],
        as_json: Annotated[bool, typer.Option("--json", help=_("Print JSON."))] = False,
    ) -> None:
        key = LivingStandard(_choice(level, standards, N_("living standard"), _STANDARD_WORDS))
        _run(path, cmd.SetLivingStandard(character=name, standard=key), as_json)


def register(app: typer.Typer) -> None:
    """Add ``challenge`` and the ``campaign`` group to the ``energy`` group."""
    app.command(
        "challenge",
        help=_("A challenge (défi): aptitude + trait, or a power, against a difficulty or an opponent."),
    )(guarded(challenge_command))
    campaign = typer.Typer(
        no_args_is_help=True,
        help=_(
            "A campaign journal: sessions, stress, experience, "
            "reputation, resources; every change can be undone."
        ),
    )
    campaign.command("new", help=_("Create a campaign file."))(guarded(_new))
    campaign.command("show", help=_("Show the campaign and its characters."))(guarded(_show))
    campaign.command("log", help=_("Show the log."))(guarded(_log))
    campaign.command("export", help=_("Print a character as it is now, as a character file."))(
        guarded(_export)
    )
    campaign.command("undo", help=_("Undo the last command."))(guarded(_undo))
    _register_phases(campaign)
    _register_stress(campaign)
    _register_experience(campaign)
    _register_resources(campaign)
    app.add_typer(campaign, name="campaign")
