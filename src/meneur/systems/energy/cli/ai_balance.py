"""``meneur energy balance`` with simulated fights (``--simulate``) and the search for foes that give a
target win rate (``--target``): thin adapters over :mod:`meneur.systems.energy.ai`."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from meneur.cli.output import console, print_json
from meneur.errors import BadInputError
from meneur.i18n import N_, Message, Translator, get_language
from meneur.i18n.words import items
from meneur.systems.energy.ai.executor import run
from meneur.systems.energy.ai.simulate import Encounter, Summary, even_split, splits_near, summarize
from meneur.systems.energy.cli.ai import policy_named as _policy
from meneur.systems.energy.encounter import balance as weigh
from meneur.systems.energy.model import Character
from meneur.systems.energy.quick import quick_npc

DOMAIN = "energy_ai"
_ = Translator(DOMAIN)


def _cast(side: str, text: str) -> tuple[Character, ...]:
    """Characters from ranks (quick NPCs), character files or library names, separated by commas."""
    from meneur.systems.energy.cli.characters import _ranks
    from meneur.systems.energy.files import read_character

    _ranks(side, text)  # the same refusals as the book's verdict
    label = _("Hero") if side == "--heroes" else _("Foe")
    people = []
    for number, item in enumerate((p.strip() for p in text.split(",") if p.strip()), start=1):
        if item.lstrip("-").isdecimal():
            people.append(quick_npc(int(item), f"{label} {number}"))
        else:
            people.append(read_character(item))
    return tuple(people)


def _simulate(
    encounter: Encounter, fights: int, seed: int, workers: int, scheduler: str | None, show: bool, title: str
) -> Summary:
    """Run the fights with a progress bar on a terminal."""
    out = console()
    if not show or not out.is_terminal:
        return summarize(encounter, run(encounter, fights, seed, workers, scheduler))
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=out,
        transient=True,
    ) as bar:
        task = bar.add_task(title, total=fights)
        outcomes = run(encounter, fights, seed, workers, scheduler, lambda n: bar.advance(task, n))
    return summarize(encounter, outcomes)


def _percent(value: float) -> str:
    return f"{100 * value:.0f} %" if get_language() == "fr" else f"{100 * value:.0f}%"


def _summary_lines(summary: Summary) -> list[str]:
    low, high = summary.ci95
    lines = [
        _(
            "Simulation ({fights} fights): heroes win {rate} (95% interval {low} to {high}).",
            fights=summary.fights,
            rate=_percent(summary.hero_win_rate),
            low=_percent(low),
            high=_percent(high),
        ),
        _(
            "Turns: {mean:.1f} on average (spread {spread:.1f}); fights without a winner: {draws}.",
            mean=summary.mean_turns,
            spread=summary.turns_spread,
            draws=summary.draws,
        ),
    ]
    for id, name in summary.names.items():
        lines.append(
            _(
                "{name}: knocked out in {rate} of fights, {vigor:.1f} Vigueur left on average.",
                name=name,
                rate=_percent(summary.knockout_rate[id]),
                vigor=summary.vigor_left[id],
            )
        )
    return lines


def balance_command(
    hero_list: Annotated[
        list[str],
        typer.Option(
            "--heroes",
            help=_("Heroes: ranks, files or library names, separated by commas (5,5,wink.yaml,KITSUNE)."),
        ),
    ],
    foe_list: Annotated[
        list[str] | None, typer.Option("--foes", help=_("Foes, the same way (8,6,6)."))
    ] = None,
    margin: Annotated[float, typer.Option("--margin", help=_("Players' margin (0.2 = 20%)."))] = 0.2,
    simulate: Annotated[
        int | None,
        typer.Option(
            "--simulate", min=1, help=_("Also simulate this many fights, both sides played by the policy.")
        ),
    ] = None,
    target: Annotated[
        float | None,
        typer.Option(
            "--target",
            min=0.0,
            max=1.0,
            help=_("Search foe ranks for the heroes' win rate closest to this (0.7 = 70%)."),
        ),
    ] = None,
    foes_count: Annotated[
        int, typer.Option("--foes-count", min=1, help=_("With --target: how many foes."))
    ] = 3,
    policy: Annotated[str, typer.Option("--policy", help=_("random, heuristic or search."))] = "heuristic",
    seed: Annotated[int, typer.Option("--seed", help=_("Seed of the simulated fights."))] = 0,
    workers: Annotated[
        int, typer.Option("--workers", min=1, help=_("Worker processes on this machine."))
    ] = 1,
    scheduler: Annotated[
        str | None,
        typer.Option(
            "--scheduler", help=_("Address of a Dask scheduler (tcp://host:8786) to run the fights on.")
        ),
    ] = None,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help=_(
                "Print JSON: heroes, foes (ranks), heroes_total, foes_total, advised_foes (the most the "
                "foes' total should be), player_margin (a fraction: 0.2 = 20%), verdict (advised, no_margin, "
                "above), "
                "few_foes; with --simulate, simulation: fights, hero_win_rate, ci95, mean_turns, "
                "knockout_rate (per hero id); with --target, candidates."
            ),
        ),
    ] = False,
) -> None:
    """Weigh an encounter against the book's guideline, and simulate it if asked."""
    from meneur.systems.energy.cli.characters import balance_command as book_balance

    heroes, foes = ",".join(items(hero_list)), (",".join(items(foe_list)) if foe_list else None)
    if target is not None:
        _target(
            heroes, target, foes_count, simulate or 100, policy, seed, workers, scheduler, margin, as_json
        )
        return
    if foes is None:
        raise BadInputError(Message(DOMAIN, N_("--foes: give the foes (or --target to search for them).")))
    if simulate is None:
        book_balance(heroes=heroes, foes=foes, margin=margin, as_json=as_json)
        return
    _policy(policy)
    cast, against = _cast("--heroes", heroes), _cast("--foes", foes)
    book = weigh([c.rank for c in cast], [c.rank for c in against], margin)
    encounter = Encounter(cast, against, policy)
    summary = _simulate(encounter, simulate, seed, workers, scheduler, not as_json, _("Simulated fights"))
    if as_json:
        print_json({**book.to_json(), "simulation": summary.to_json()})
        return
    book_balance(heroes=heroes, foes=foes, margin=margin, as_json=False)
    out = console()
    for line in _summary_lines(summary):
        out.print(line, markup=False)


def _target(
    heroes: str,
    target: float,
    count: int,
    fights: int,
    policy: str,
    seed: int,
    workers: int,
    scheduler: str | None,
    margin: float,
    as_json: bool,
) -> None:
    """Search foe ranks (quick NPCs) for the heroes' win rate closest to ``target``."""
    _policy(policy)
    cast = _cast("--heroes", heroes)
    top = max(10, max(c.rank for c in cast) + 3)
    cache: dict[tuple[int, ...], Summary] = {}

    def rate(ranks: tuple[int, ...]) -> Summary:
        if ranks not in cache:
            foes = tuple(quick_npc(r, _("Foe {number}", number=i + 1)) for i, r in enumerate(ranks))
            cache[ranks] = _simulate(
                Encounter(cast, foes, policy),
                fights,
                seed,
                workers,
                scheduler,
                not as_json,
                _("Foes {ranks}", ranks=",".join(map(str, ranks))),
            )
        return cache[ranks]

    low, high = count, count * top  # the win rate falls as the foes' total rises
    while high - low > 1:
        middle = (low + high) // 2
        if rate(even_split(middle, count)).hero_win_rate >= target:
            low = middle
        else:
            high = middle
    for total in (low, high):
        for ranks in splits_near(total, count, top):
            rate(ranks)
    best = sorted(cache.items(), key=lambda item: (abs(item[1].hero_win_rate - target), item[0]))[:3]
    hero_ranks = [c.rank for c in cast]
    if as_json:
        print_json(
            {
                "target": target,
                "foes_count": count,
                "candidates": [
                    {
                        "foes": list(ranks),
                        "verdict": weigh(hero_ranks, list(ranks), margin).verdict.value,
                        **summary.to_json(),
                    }
                    for ranks, summary in best
                ],
            }
        )
        return
    out = console()
    out.print(
        _("Encounters closest to a heroes' win rate of {target}:", target=_percent(target)), markup=False
    )
    for ranks, summary in best:
        low_ci, high_ci = summary.ci95
        out.print(
            _(
                "Foes {ranks}: heroes win {rate} (95% interval {low} to {high}); {verdict}",
                ranks=", ".join(map(str, ranks)),
                rate=_percent(summary.hero_win_rate),
                low=_percent(low_ci),
                high=_percent(high_ci),
                verdict=weigh(hero_ranks, list(ranks), margin).explain()[0].render(),
            ),
            markup=False,
        )
