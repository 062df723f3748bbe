"""``meneur energy fight new`` and ``example``: a fight set up from the command line.

``new FILE`` takes its combatants from a fight file (``--from``) or from heroes of the library,
character files and quick NPCs' ranks (``--hero KITSUNE --npc 3 --npc 3`` or ``--heroes KITSUNE,WINK
--foes 3,3``), placed by :func:`~meneur.systems.energy.combat.lineup.line_up` unless ``--at``
says otherwise; ``--campaign FILE`` puts the campaign's characters on the heroes' side as the campaign
has them now (:mod:`meneur.systems.energy.campaign.fight_start`: a blessé one at half Vigueur, the
campaign's stress; a brisé one stays out). ``example`` lists the book's example fights, or writes one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from meneur.cli.option_table import Declared, OptionTable
from meneur.cli.output import console, guarded
from meneur.errors import BadInputError, MeneurError
from meneur.i18n import N_, Message, Translator
from meneur.i18n.words import items

DOMAIN = "energy_combat"
KEY = "energy-fight"
_ = Translator(DOMAIN)


def _list(values: list[str] | None, joined: list[str] | None) -> list[str]:
    return items([*(values or []), *(joined or [])])


def _ranks(values: list[str]) -> list[int]:
    if not all(value.isdigit() and int(value) >= 1 for value in values):
        raise BadInputError(
            Message(
                DOMAIN,
                N_("An NPC is given by its rank, a whole number from 1: not {value}."),
                {"value": ", ".join(values)},
            )
        )
    return [int(value) for value in values]


def _places(values: list[str] | None) -> list[str]:
    """Each ``ID=X,Y`` of ``--at``, repeated or several in one value (``a=1,2,b=3,0``)."""
    places: list[str] = []
    for part in items(values):
        if "=" in part or not places:
            places.append(part)
        else:
            places[-1] += "," + part
    return places


def _positions(values: list[str] | None) -> dict[str, tuple[float, float]]:
    places: dict[str, tuple[float, float]] = {}
    for value in _places(values):
        name, _sep, where = value.partition("=")
        parts = where.split(",")
        try:
            if len(parts) != 2:
                raise ValueError(where)
            places[name.strip()] = (float(parts[0]), float(parts[1]))
        except (ValueError, IndexError):
            raise BadInputError(
                Message(DOMAIN, N_("--at is ID=X,Y (metres), not {value}."), {"value": value})
            ) from None
    return places


def setup_from_options(
    source: Path | None,
    heroes: list[str],
    files: list[str],
    ranks: list[str],
    at: list[str] | None,
    campaign: Path | None = None,
) -> tuple[Any, list[Any]]:
    """The setup (and first commands) of ``new``: from a fight file, or from the options."""
    from meneur.systems.energy.combat.engine import session_from_file
    from meneur.systems.energy.combat.files import snapshot
    from meneur.systems.energy.combat.lineup import Recruit, line_up, quick_npcs

    if source is not None:
        if heroes or files or ranks or campaign is not None:
            raise BadInputError(
                Message(DOMAIN, N_("Give --from or combatants (--hero, --file, --npc), not both."))
            )
        session, commands = session_from_file(source)
        return snapshot(session.setup), commands
    numbers = [value for value in ranks if value.lstrip("+-").isdigit()]
    foe_files = [value for value in ranks if value not in numbers]
    sheets = campaign_sheets(campaign) if campaign is not None else []
    if not (heroes or files or sheets) or not (numbers or foe_files):
        raise BadInputError(
            Message(
                DOMAIN,
                N_(
                    "A fight needs two sides: give the heroes (--heroes KITSUNE, --file hero.yaml) and"
                    " the foes (--foes 3,3 for quick NPCs of those ranks, or NPC files: --foes agent.yaml)."
                ),
            )
        )
    recruits = [Recruit("heroes", character=sheet) for sheet in sheets]
    recruits += [Recruit("heroes", hero=hero) for hero in heroes]
    recruits += [Recruit("heroes", file=str(file)) for file in files]
    recruits += quick_npcs(_ranks(numbers), "foes", _("NPC {number}"), ids="npc{number}")
    recruits += [Recruit("foes", file=str(file)) for file in foe_files]
    return snapshot(line_up(recruits, _positions(at))), []


def campaign_sheets(path: Path) -> list[dict[str, Any]]:
    """The characters of the campaign file ``path`` as the campaign has them now (their sheets, as a
    fight reads a character given inline), each one who may fight; what each brings to the fight is
    told on standard error (« WINK : blessé : Vigueur 3 / 5 »), and a brisé one is left out.

    Raises:
        BadInputError: the file is no campaign file.
    """
    from meneur.cli.output import err_console
    from meneur.engine import store
    from meneur.systems.energy.campaign.engine import KEY as CAMPAIGN
    from meneur.systems.energy.campaign.engine import SYSTEM
    from meneur.systems.energy.campaign.fight_start import fight_start

    session = store.load(path, CAMPAIGN)
    wire = SYSTEM.state_json(session.state)["characters"]
    sheets = []
    for name, character in session.state.characters.items():
        start = fight_start(character)
        said = ", ".join(line.render() for line in start.explain())
        if said:
            err_console().print(_("{name} (from the campaign): {said}", name=name, said=said), markup=False)
        if start.may_fight:
            sheets.append(dict(wire[name]))
    return sheets


_NEW_HELP = N_(
    "Write a session file for a fight: from a fight file (--from) or from "
    "heroes, character files and NPC ranks; then play it command by command."
)
_FOES_HELP = N_(
    "The foes: ranks of quick NPCs or NPC files (made by meneur energy npc), separated by commas."
)

# The options of ``new``, one home each.
NEW_OPTIONS = OptionTable(
    _,
    {
        "from": Declared(("--from",), N_("Fight file (YAML or JSON): its combatants, its commands played.")),
        "hero": Declared(("--hero",), N_("Heroes of the library on the heroes' side, separated by commas.")),
        "heroes": Declared(("--heroes",), N_("Heroes of the library, separated by commas.")),
        "file": Declared(("--file",), N_("Character files on the heroes' side, separated by commas.")),
        "campaign": Declared(
            ("--campaign",),
            N_(
                "Campaign file: its characters on the heroes' side as the campaign has them now "
                "(stress, states; a broken one stays out)."
            ),
        ),
        "npc": Declared(("--npc",), _FOES_HELP),
        "foes": Declared(("--foes",), _FOES_HELP),
        "at": Declared(
            ("--at",),
            N_(
                "Place combatants: ID=X,Y in metres, several separated by commas "
                "(heroes start at x=0, foes at x=4)."
            ),
            {"metavar": "ID=X,Y,..."},
        ),
        "force": Declared(("--force",), N_("Replace the file if it exists.")),
        "json": Declared(("--json",), N_("Print JSON.")),
    },
)


def register_new(group: typer.Typer, presenter: Any) -> None:
    """Add ``new`` to the ``fight`` group."""

    @group.command("new", help=_(_NEW_HELP))
    def new(
        file: Annotated[Path, typer.Argument(help=_("The session file to write."), metavar=_("FILE"))],
        source: Annotated[Path | None, NEW_OPTIONS("from")] = None,
        hero: Annotated[list[str] | None, NEW_OPTIONS("hero")] = None,
        heroes: Annotated[list[str] | None, NEW_OPTIONS("heroes")] = None,
        character: Annotated[list[str] | None, NEW_OPTIONS("file")] = None,
        campaign: Annotated[Path | None, NEW_OPTIONS("campaign")] = None,
        npc: Annotated[list[str] | None, NEW_OPTIONS("npc")] = None,
        foes: Annotated[list[str] | None, NEW_OPTIONS("foes")] = None,
        at: Annotated[list[str] | None, NEW_OPTIONS("at")] = None,
        force: Annotated[bool, NEW_OPTIONS("force")] = False,
        as_json: Annotated[bool, NEW_OPTIONS("json")] = False,
    ) -> None:
        from meneur.cli.sessions import create, fail
        from meneur.systems.energy.combat.engine import play as play_all

        try:
            setup, commands = setup_from_options(
                source, _list(hero, heroes), items(character), _list(npc, foes), at, campaign
            )
        except MeneurError as error:
            fail(error, as_json)
        create(
            file,
            KEY,
            setup,
            force=force,
            as_json=as_json,
            presenter=presenter(),
            prepare=lambda session: play_all(session, commands),
        )


def register_example(group: typer.Typer) -> None:
    """Add ``example`` to the ``fight`` group."""

    @group.command("example", help=_("List the rulebook's example fights, or write one to a file."))
    @guarded
    def example(
        name: Annotated[
            str | None, typer.Argument(help=_("The example to write (none: list them)."), metavar=_("NAME"))
        ] = None,
        to: Annotated[
            Path | None, typer.Option("--to", help=_("Where to write it (default: NAME.yaml here)."))
        ] = None,
        force: Annotated[bool, typer.Option("--force", help=_("Replace the file if it exists."))] = False,
    ) -> None:
        from meneur.storage import write_text_atomically
        from meneur.systems.energy.combat import examples

        out = console()
        if name is None:
            for known in examples.names():
                out.print(f"{known}: {examples.summary(known)}", markup=False)
            return
        name = examples.find(name)
        text = examples.text(name)
        target = to if to is not None else Path(f"{name}.yaml")
        if target.exists() and not force:
            raise BadInputError(
                Message(
                    DOMAIN,
                    N_("{path} already exists; choose another name or add --force to replace it."),
                    {"path": str(target)},
                )
            )
        write_text_atomically(target, text)
        out.print(
            _("Written: {path}; play it with: meneur energy fight run {path}", path=str(target)), markup=False
        )


def register_reference(group: typer.Typer) -> None:
    """Add ``reference`` to the ``fight`` group: the fight-file reference in the interface's language."""

    @group.command("reference", help=_("Print the fight-file reference (every command and its arguments)."))
    def reference() -> None:
        from meneur.i18n import get_language
        from meneur.systems.energy.combat.reference import fight_file_reference

        console().print(fight_file_reference("fr" if get_language() == "fr" else "en"), markup=False)


def played(file: Path, quiet: bool) -> Any:
    """The session of a fight file (or a session file) with every command played."""
    from meneur.engine import store
    from meneur.storage import read_data
    from meneur.systems.energy.combat.engine import lines, load_fight, play, session_from_file

    data = read_data(file)
    if not (isinstance(data, dict) and "combatants" in data):
        return store.from_data(data, str(file), KEY)
    load_fight(file)  # every command is read before any is played: a malformed one is bad input (2)
    session, commands = session_from_file(file)
    out = console()

    def tell(before: Any, events: list[Any]) -> None:
        for message in lines(before, events):
            out.print(message.render(), markup=False)

    play(session, commands, None if quiet else tell)
    return session
