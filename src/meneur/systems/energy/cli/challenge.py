"""``meneur energy challenge``: a défi against a difficulty, or an opposed one with ``--versus-*``.

With ``--campaign`` the characters are taken as they are now in the campaign, and the stress box of
``--surpass`` is recorded in its log through the shared runner (refused outside a session).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from meneur.cli.output import console, print_json
from meneur.errors import BadInputError
from meneur.i18n import N_, Message, Translator
from meneur.systems.energy.cli.options import MAX_COUNT, bounded
from meneur.systems.energy.cli.words import choice, mixed
from meneur.systems.energy.costs import MAX_APTITUDE_RANK, MAX_RANK

if TYPE_CHECKING:
    from meneur.systems.energy.campaign.challenges import ChallengeScore
    from meneur.systems.energy.model import Character

DOMAIN = "energy_campaign"
KEY = "energy-campaign"
_ = Translator(DOMAIN)


def _score(
    prefix: str, values: dict[str, Any], lookup: Callable[[str], Character], malus_on_powers: bool
) -> ChallengeScore | None:
    """One side's score from its options (a character or raw numbers); ``None`` when absent."""
    from meneur.systems.energy.campaign import challenges as ch
    from meneur.systems.energy.model import Aptitude
    from meneur.systems.energy.names import APTITUDE_NAMES, word

    surpass = values["surpass"] and not prefix
    carried = values.get("carried", 0) if not prefix else 0
    source = values.get(f"{prefix}character")
    _refuse_mixed(prefix, values, source)
    if source:
        character = lookup(source)
        if values.get(f"{prefix}power"):
            return ch.character_power_score(
                character,
                values[f"{prefix}power"],
                carried=carried,
                surpass=surpass,
                malus_on_powers=malus_on_powers,
            )
        if not values.get(f"{prefix}aptitude"):
            raise BadInputError(Message(DOMAIN, N_("With a character, name --aptitude or --power.")))
        words = {a.value: word(APTITUDE_NAMES[a]) for a in Aptitude}
        aptitude = Aptitude(choice(values[f"{prefix}aptitude"], list(words), N_("aptitude"), words))
        return ch.character_aptitude_score(
            character, aptitude, trait=values.get(f"{prefix}trait_name"), surpass=surpass
        )
    if values.get(f"{prefix}rank") is not None:
        return ch.power_score(
            values[f"{prefix}rank"], values.get(f"{prefix}modifier") or 0, carried=carried, surpass=surpass
        )
    if values.get(f"{prefix}aptitude_rank") is not None:
        return ch.aptitude_score(
            values[f"{prefix}aptitude_rank"], values.get(f"{prefix}trait") or 0, surpass=surpass
        )
    return None


def _flag(prefix: str, name: str) -> str:
    return "--" + (prefix + name).replace("_", "-")


def _refuse_mixed(prefix: str, values: dict[str, Any], source: str | None) -> None:
    """Refuse options that would silently be ignored: a mix of character and raw numbers, etc."""
    given = {n for n in ("rank", "modifier", "aptitude_rank", "trait") if values.get(prefix + n) is not None}
    named = {n for n in ("aptitude", "power", "trait_name") if values.get(prefix + n)}
    if not prefix and values.get("carried") and not (values.get("power") or values.get("rank") is not None):
        mixed(["--carried"], N_("people carried along only count for a power (--power or --rank)"))
    if source and given:
        mixed(
            [_flag(prefix, n) for n in sorted(given)],
            N_("with a character, the numbers come from the sheet (use --trait-name for a trait)"),
        )
    if not source and named:
        mixed(
            [_flag(prefix, n) for n in sorted(named)],
            N_("these options name something on a character's sheet: add --character"),
        )
    for pair in (("aptitude", "power"), ("aptitude_rank", "rank")):
        if set(pair) <= named | given:
            mixed([_flag(prefix, n) for n in pair], N_("a challenge uses an aptitude or a power"))
    if "modifier" in given and "rank" not in given and not source:
        mixed([_flag(prefix, "modifier")], N_("a power's modifier goes with its --rank"))
    if "trait" in given and "aptitude_rank" not in given and not source:
        mixed([_flag(prefix, "trait")], N_("a trait's bonus goes with --aptitude-rank"))


def _lookup(state: Any) -> Callable[[str], Character]:
    """Find a character: in the campaign when it knows the name, else a file or a library hero."""
    from meneur.systems.energy.files import read_character

    def find(source: str) -> Character:
        if state is not None:
            try:
                found: Character = state.character(source)
                return found
            except BadInputError:
                pass
        return read_character(source)

    return find


Rank = Annotated[
    int | None, typer.Option(help=_("Rank, for a power used without a file."), callback=bounded(1, MAX_RANK))
]
AptitudeRank = Annotated[
    int | None, typer.Option(help=_("Aptitude rank (0-5)."), callback=bounded(0, MAX_APTITUDE_RANK))
]
Bonus = Annotated[
    int | None, typer.Option(help=_("Bonus of the applicable trait."), callback=bounded(0, 100))
]
Modifier = Annotated[
    int | None,
    typer.Option(help=_("Power reinforcement (+) or weakening (-)."), callback=bounded(-MAX_RANK, MAX_RANK)),
]
Text = Annotated[str | None, typer.Option()]


def challenge_command(
    aptitude_rank: AptitudeRank = None,
    trait: Bonus = None,
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
    rank: Rank = None,
    modifier: Modifier = None,
    carried: Annotated[
        int, typer.Option(help=_("Other people carried along (-1 each)."), callback=bounded(0, MAX_COUNT))
    ] = 0,
    surpass: Annotated[bool, typer.Option("--surpass", help=_("Check a stress box for +2."))] = False,
    versus_character: Annotated[str | None, typer.Option(help=_("Opponent: character file or hero."))] = None,
    versus_aptitude: Annotated[str | None, typer.Option(help=_("Opponent's aptitude."))] = None,
    versus_trait_name: Annotated[str | None, typer.Option(help=_("Opponent's trait."))] = None,
    versus_power: Annotated[str | None, typer.Option(help=_("Opponent's power."))] = None,
    versus_rank: Annotated[
        int | None, typer.Option(help=_("Opponent's rank (power challenge)."), callback=bounded(1, MAX_RANK))
    ] = None,
    versus_modifier: Annotated[
        int | None, typer.Option(help=_("Opponent's power modifier."), callback=bounded(-MAX_RANK, MAX_RANK))
    ] = None,
    versus_aptitude_rank: Annotated[
        int | None, typer.Option(help=_("Opponent's aptitude rank."), callback=bounded(0, MAX_APTITUDE_RANK))
    ] = None,
    versus_trait: Annotated[
        int | None, typer.Option(help=_("Opponent's trait bonus."), callback=bounded(0, 100))
    ] = None,
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
    from meneur.engine import store

    state = store.load(campaign_file, KEY).state if campaign_file is not None else None
    _run(values, state, campaign_file)


def _run(values: dict[str, Any], state: Any, campaign_file: Path | None) -> None:
    from meneur.systems.energy.campaign import challenges as ch

    malus_on_powers = state.options.state_malus_on_powers if state is not None else True
    lookup = _lookup(state)
    score = _score("", values, lookup, malus_on_powers)
    if score is None:
        raise BadInputError(
            Message(DOMAIN, N_("Give --aptitude-rank, --rank, or --character with --aptitude or --power."))
        )
    other = _score("versus_", values, lookup, malus_on_powers)
    difficulty = values["difficulty"]
    if other is not None and difficulty is not None:
        mixed(["--difficulty"], N_("an opposed challenge compares two scores, without a difficulty"))
    if other is None and difficulty is None:
        raise BadInputError(
            Message(DOMAIN, N_("Give --difficulty (1-10 or a level), or an opponent with --versus-*."))
        )
    result = (
        ch.opposed(score, other)
        if other is not None
        else ch.challenge(score, ch.parse_difficulty(difficulty))
    )
    if campaign_file is not None and values["surpass"] and values["character"]:
        _record_surpass(campaign_file, score.who, result, values["as_json"])
    elif values["as_json"]:
        print_json(result.to_json())
    else:
        out = console()
        for line in result.explain():
            out.print(line.render(), markup=False)
        if values["surpass"]:
            # No campaign file keeps the box: the GM ticks it ("il peut cocher une case de stress").
            out.print(
                _(
                    "Se dépasser: tick a stress box on the character sheet (no campaign file given "
                    "with --campaign records it)."
                ),
                markup=False,
            )


def _record_surpass(path: Path, who: str, result: Any, as_json: bool) -> None:
    """The box of "se dépasser" goes in the campaign's log, then the result is shown."""
    from meneur.cli.sessions import Presenter, play
    from meneur.systems.energy.campaign.commands import SpendStress
    from meneur.systems.energy.campaign.stress import StressUse

    shown = Presenter(
        events=lambda session, events: [
            *result.explain(),
            *(session.system.describe(session.state, e) for e in events),
        ],
        state_json=lambda session: result.to_json(),
    )
    play(path, KEY, SpendStress(character=who, use=StressUse.SURPASS), shown, as_json=as_json)


HELP = N_("A challenge (défi): aptitude + trait, or a power, against a difficulty or an opponent.")
"""The command's help (the ``energy`` group lists it before this module is imported)."""
