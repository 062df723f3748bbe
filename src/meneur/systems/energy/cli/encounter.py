"""``energy balance`` by the book: weigh an encounter, the sum of ranks on each side against the
guideline (the simulated fights of ``balance --simulate`` are :mod:`.ai_balance`).

Each side is a list of ranks, character files or library heroes, separated by commas.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from meneur.cli.output import console, print_json
from meneur.errors import BadInputError
from meneur.i18n import N_, Message, Translator
from meneur.systems.energy.costs import MAX_RANK
from meneur.systems.energy.files import read_character
from meneur.systems.energy.names import DOMAIN

_ = Translator(DOMAIN)


def parse_ranks(side: str, text: str) -> list[int]:
    """Ranks, character files or library heroes, separated by commas: each a rank from 1 to 100."""
    from meneur.systems.energy.catalogue import is_library_name

    ranks = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        if item.lstrip("-").isdecimal():
            if len(item) > 6 or int(item) > MAX_RANK:
                raise BadInputError(
                    Message(
                        DOMAIN,
                        N_("{side}: {item} is not a rank; give ranks from 1 to {high}."),
                        {"side": side, "item": item, "high": MAX_RANK},
                    )
                )
            ranks.append(int(item))
        elif Path(item).exists() or is_library_name(item):
            ranks.append(read_character(item).rank)
        else:
            raise BadInputError(
                Message(
                    DOMAIN,
                    N_(
                        "{side}: {item!r} is neither a rank, a character file nor a library hero; give ranks "
                        "(5,5,4), file paths or hero names, separated by commas."
                    ),
                    {"side": side, "item": item},
                )
            )
    return ranks


def balance_command(
    heroes: Annotated[
        str,
        typer.Option(
            "--heroes",
            help=_("Heroes: ranks, files or library names, separated by commas (5,5,wink.yaml,KITSUNE)."),
        ),
    ],
    foes: Annotated[str, typer.Option("--foes", help=_("Foes, the same way (8,6,6)."))],
    margin: Annotated[float, typer.Option("--margin", help=_("Players' margin (0.2 = 20%)."))] = 0.2,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help=_(
                "Print JSON: heroes, foes (ranks), heroes_total, foes_total, advised_foes (the most the foes' "
                "total should be), player_margin (a fraction: 0.2 = 20%), verdict (advised, no_margin, above), "
                "few_foes."
            ),
        ),
    ] = False,
) -> None:
    """Weigh an encounter: the sum of ranks on each side against the book's guideline."""
    from meneur.systems.energy.encounter import balance as weigh

    result = weigh(parse_ranks("--heroes", heroes), parse_ranks("--foes", foes), margin)
    if as_json:
        print_json(result.to_json())
        return
    out = console()
    out.print(
        _("Heroes: {ranks} = {total}", ranks=" + ".join(map(str, result.heroes)), total=result.heroes_total),
        markup=False,
    )
    out.print(
        _("Foes: {ranks} = {total}", ranks=" + ".join(map(str, result.foes)), total=result.foes_total),
        markup=False,
    )
    for line in result.explain():
        out.print(line.render(), markup=False)
