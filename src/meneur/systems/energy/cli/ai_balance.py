"""``meneur energy balance`` with simulated fights (``--simulate``) and the search for foes that give a
target win rate (``--target``): thin adapters over :mod:`meneur.systems.energy.ai`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from meneur.cli.option_table import Declared, OptionTable
from meneur.cli.output import console, err_console, print_json
from meneur.errors import BadInputError
from meneur.i18n import N_, Message, Translator, get_language
from meneur.i18n.words import items
from meneur.systems.energy.ai.executor import run
from meneur.systems.energy.ai.simulate import Encounter, Summary, even_split, splits_near, summarize
from meneur.systems.energy.cli.ai import AI_OPTIONS, policy_named
from meneur.systems.energy.encounter import balance as weigh
from meneur.systems.energy.model import Character
from meneur.systems.energy.quick import quick_npc

DOMAIN = "energy_ai"
_ = Translator(DOMAIN)
DEFAULT_MAX_FIGHTS = 1000
"""The most simulated fights a ``--target`` search plays by default (ten encounters of 100 fights)."""


def _cast(side: str, text: str) -> tuple[Character, ...]:
    """Characters from ranks (quick NPCs), character files or library names, separated by commas."""
    from meneur.systems.energy.cli.encounter import parse_ranks
    from meneur.systems.energy.files import read_character

    parse_ranks(side, text)  # the same refusals as the book's verdict
    label = _("Hero") if side == "--heroes" else _("Foe")
    people = []
    for number, item in enumerate((p.strip() for p in text.split(",") if p.strip()), start=1):
        if item.lstrip("-").isdecimal():
            people.append(quick_npc(int(item), f"{label} {number}"))
        else:
            people.append(read_character(item))
    return tuple(people)


def _bar(show: bool) -> Progress | None:
    """A progress bar on standard error, when it is a terminal (never in a pipe, a file or JSON)."""
    out = err_console()
    if not show or not out.is_terminal:
        return None
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=out,
        transient=True,
    )


def _simulate(
    encounter: Encounter,
    fights: int,
    seed: int,
    workers: int,
    scheduler: str | None,
    progress: Callable[[int], None] | None,
) -> Summary:
    """Run the fights, telling ``progress`` of each range done."""
    return summarize(encounter, run(encounter, fights, seed, workers, scheduler, progress))


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


_JSON_HELP = N_(
    "Print JSON: heroes, foes (ranks), heroes_total, foes_total, advised_foes (the most the "
    "foes' total should be), player_margin (a fraction: 0.2 = 20%), verdict (advised, no_margin, "
    "above), "
    "few_foes; with --simulate, simulation: fights, hero_win_rate, ci95, mean_turns, "
    "knockout_rate (per hero id); with --target, candidates."
)

# The options of ``balance``, one home each (``--policy`` is the AI commands' own, in :mod:`.ai`).
BALANCE_OPTIONS = OptionTable(
    _,
    {
        "heroes": Declared(
            ("--heroes",),
            N_("Heroes: ranks, files or library names, separated by commas (5,5,wink.yaml,KITSUNE)."),
        ),
        "foes": Declared(("--foes",), N_("Foes, the same way (8,6,6).")),
        "margin": Declared(("--margin",), N_("Players' margin (0.2 = 20%).")),
        "simulate": Declared(
            ("--simulate",),
            N_("Also simulate this many fights, both sides played by the policy."),
            {"min": 1},
        ),
        "target": Declared(
            ("--target",),
            N_("Search foe ranks for the heroes' win rate closest to this (0.7 = 70%)."),
            {"min": 0.0, "max": 1.0},
        ),
        "foes_count": Declared(("--foes-count",), N_("With --target: how many foes."), {"min": 1}),
        "max_fights": Declared(
            ("--max-fights",),
            N_(
                "With --target: the most simulated fights the search plays in all (it stops there and"
                " gives the closest encounters found)."
            ),
            {"min": 1},
        ),
        "policy": AI_OPTIONS.declared("policy"),
        "seed": Declared(("--seed",), N_("Seed of the simulated fights.")),
        "workers": Declared(("--workers",), N_("Worker processes on this machine."), {"min": 1}),
        "scheduler": Declared(
            ("--scheduler",), N_("Address of a Dask scheduler (tcp://host:8786) to run the fights on.")
        ),
        "json": Declared(("--json",), _JSON_HELP),
    },
)


def balance_command(
    hero_list: Annotated[list[str], BALANCE_OPTIONS("heroes")],
    foe_list: Annotated[list[str] | None, BALANCE_OPTIONS("foes")] = None,
    margin: Annotated[float, BALANCE_OPTIONS("margin")] = 0.2,
    simulate: Annotated[int | None, BALANCE_OPTIONS("simulate")] = None,
    target: Annotated[float | None, BALANCE_OPTIONS("target")] = None,
    foes_count: Annotated[int, BALANCE_OPTIONS("foes_count")] = 3,
    max_fights: Annotated[int, BALANCE_OPTIONS("max_fights")] = DEFAULT_MAX_FIGHTS,
    policy: Annotated[str, BALANCE_OPTIONS("policy")] = "heuristic",
    seed: Annotated[int, BALANCE_OPTIONS("seed")] = 0,
    workers: Annotated[int, BALANCE_OPTIONS("workers")] = 1,
    scheduler: Annotated[str | None, BALANCE_OPTIONS("scheduler")] = None,
    as_json: Annotated[bool, BALANCE_OPTIONS("json")] = False,
) -> None:
    """Weigh an encounter against the book's guideline, and simulate it if asked."""
    from meneur.systems.energy.cli.encounter import balance_command as book_balance

    heroes, foes = ",".join(items(hero_list)), (",".join(items(foe_list)) if foe_list else None)
    fights = _Fights(policy, seed, workers, scheduler, not as_json, max_fights)
    if target is not None:
        _target(heroes, target, foes_count, simulate or 100, fights, margin, as_json)
    elif foes is None:
        raise BadInputError(Message(DOMAIN, N_("--foes: give the foes (or --target to search for them).")))
    elif simulate is None:
        book_balance(heroes=heroes, foes=foes, margin=margin, as_json=as_json)
    else:
        _simulated(heroes, foes, simulate, fights, margin, as_json)


@dataclass
class _Fights:
    """How to run simulated fights: the policy of both sides, the seed, where, whether to show
    progress, and the most fights in all (``--max-fights``: a search stops there)."""

    policy: str
    seed: int
    workers: int
    scheduler: str | None
    show: bool
    budget: int = DEFAULT_MAX_FIGHTS
    spent: int = 0
    progress: Callable[[int], None] | None = None

    def summary(
        self, cast: tuple[Character, ...], foes: tuple[Character, ...], fights: int, title: str
    ) -> Summary:
        """``fights`` simulated fights of the encounter (every encounter meets the same seeds: the
        fights of two encounters differ by the foes alone, common random numbers)."""
        if self.spent + fights > self.budget:
            raise _Exhausted
        self.spent += fights
        encounter = Encounter(cast, foes, self.policy)
        if self.progress is not None:
            return _simulate(encounter, fights, self.seed, self.workers, self.scheduler, self.progress)
        bar = _bar(self.show)
        if bar is None:
            return _simulate(encounter, fights, self.seed, self.workers, self.scheduler, None)
        with bar:
            task = bar.add_task(title, total=fights)
            return _simulate(
                encounter, fights, self.seed, self.workers, self.scheduler, lambda n: bar.advance(task, n)
            )


class _Exhausted(Exception):  # noqa: N818 (a signal, not an error shown to anyone)
    """The search reached ``--max-fights``."""


def _simulated(heroes: str, foes: str, count: int, fights: _Fights, margin: float, as_json: bool) -> None:
    """The book's verdict, then ``count`` simulated fights."""
    from meneur.systems.energy.cli.encounter import balance_command as book_balance

    policy_named(fights.policy)
    cast, against = _cast("--heroes", heroes), _cast("--foes", foes)
    book = weigh([c.rank for c in cast], [c.rank for c in against], margin)
    summary = fights.summary(cast, against, count, _("Simulated fights"))
    if as_json:
        print_json({**book.to_json(), "simulation": summary.to_json()})
        return
    book_balance(heroes=heroes, foes=foes, margin=margin, as_json=False)
    out = console()
    for line in _summary_lines(summary):
        out.print(line, markup=False)


def _target(
    heroes: str, target: float, count: int, per_try: int, fights: _Fights, margin: float, as_json: bool
) -> None:
    """Search foe ranks (quick NPCs) for the heroes' win rate closest to ``target``, within
    ``--max-fights`` simulated fights."""
    policy_named(fights.policy)
    cast = _cast("--heroes", heroes)
    cache: dict[tuple[int, ...], Summary] = {}

    def rate(ranks: tuple[int, ...]) -> Summary:
        if ranks not in cache:
            foes = tuple(quick_npc(r, _("Foe {number}", number=i + 1)) for i, r in enumerate(ranks))
            title = _("Foes {ranks}", ranks=",".join(map(str, ranks)))
            cache[ranks] = fights.summary(cast, foes, per_try, title)
        return cache[ranks]

    exhausted = _searched(rate, target, count, max(10, max(c.rank for c in cast) + 3), fights)
    if not cache:
        raise BadInputError(
            Message(
                DOMAIN,
                N_("--max-fights {budget} is fewer than the {count} fights of one try (--simulate)."),
                {"budget": fights.budget, "count": per_try},
            )
        )
    best = sorted(cache.items(), key=lambda item: (abs(item[1].hero_win_rate - target), item[0]))[:3]
    verdicts = [weigh([c.rank for c in cast], list(ranks), margin) for ranks, _summary in best]
    inversions = _inversions(cache)
    if as_json:
        candidates = [
            {"foes": list(ranks), "verdict": verdict.verdict.value, **summary.to_json()}
            for (ranks, summary), verdict in zip(best, verdicts, strict=True)
        ]
        print_json(
            {
                "target": target,
                "foes_count": count,
                "fights": fights.spent,
                "max_fights": fights.budget,
                "exhausted": exhausted,
                "inversions": [[list(a), list(b)] for a, b, _clear in inversions],
                "candidates": candidates,
            }
        )
        return
    _print_candidates(target, best, [verdict.explain()[0].render() for verdict in verdicts])
    _print_search_notes(fights, exhausted, inversions)


def _searched(
    rate: Callable[[tuple[int, ...]], Summary], target: float, count: int, top: int, fights: _Fights
) -> bool:
    """Run the search with one progress bar for it all; whether it stopped at ``--max-fights``."""
    bar = _bar(fights.show)
    try:
        if bar is None:
            _search(rate, target, count, top)
            return False
        with bar:
            task = bar.add_task(_("Search"), total=fights.budget)
            fights.progress = lambda n: bar.advance(task, n)
            _search(rate, target, count, top)
        return False
    except _Exhausted:
        return True
    finally:
        fights.progress = None


def _inversions(cache: dict[tuple[int, ...], Summary]) -> list[tuple[tuple[int, ...], tuple[int, ...], bool]]:
    """Pairs of encounters where the foes of ``b`` are at least as strong rank by rank as those of
    ``a`` and stronger in all, yet the heroes won more often against ``b``; ``clear`` when the two 95%
    intervals do not even overlap (more than the noise of the fights)."""
    found = []
    for a, first in cache.items():
        for b, second in cache.items():
            stronger = sorted(b) != sorted(a) and all(
                x >= y for x, y in zip(sorted(b), sorted(a), strict=True)
            )
            if stronger and second.hero_win_rate > first.hero_win_rate:
                found.append((a, b, second.ci95[0] > first.ci95[1]))
    return sorted(found)


def _print_search_notes(
    fights: _Fights, exhausted: bool, inversions: list[tuple[tuple[int, ...], tuple[int, ...], bool]]
) -> None:
    out = console()
    if exhausted:
        out.print(
            _(
                "The search stopped at --max-fights ({count} simulated fights): these are the closest"
                " encounters it found.",
                count=fights.budget,
            ),
            markup=False,
        )
    for a, b, clear in inversions[:3]:
        words = {"weaker": ", ".join(map(str, a)), "stronger": ", ".join(map(str, b))}
        if clear:
            text = _(
                "Note: the heroes win more often against foes {stronger} than against foes {weaker},"
                " beyond the noise of the fights: with these policies a stronger foe can play worse.",
                **words,
            )
        else:
            text = _(
                "Note: the heroes win a little more often against foes {stronger} than against foes"
                " {weaker}, within the noise of the fights (their 95% intervals overlap); give more"
                " fights (--simulate) to tell them apart.",
                **words,
            )
        out.print(text, markup=False)


def _search(rate: Callable[[tuple[int, ...]], Summary], target: float, count: int, top: int) -> None:
    """Try foes' totals by bisection (the win rate falls as the foes' total rises), then the splits
    of ``count`` ranks near the two totals that bracket ``target``; ``rate`` keeps every try."""
    low, high = count, count * top
    while high - low > 1:
        middle = (low + high) // 2
        if rate(even_split(middle, count)).hero_win_rate >= target:
            low = middle
        else:
            high = middle
    for total in (low, high):
        for ranks in splits_near(total, count, top):
            rate(ranks)


def _print_candidates(
    target: float, best: list[tuple[tuple[int, ...], Summary]], verdicts: list[str]
) -> None:
    out = console()
    out.print(
        _("Encounters closest to a heroes' win rate of {target}:", target=_percent(target)), markup=False
    )
    for (ranks, summary), verdict in zip(best, verdicts, strict=True):
        low_ci, high_ci = summary.ci95
        out.print(
            _(
                "Foes {ranks}: heroes win {rate} (95% interval {low} to {high}); {verdict}",
                ranks=", ".join(map(str, ranks)),
                rate=_percent(summary.hero_win_rate),
                low=_percent(low_ci),
                high=_percent(high_ci),
                verdict=verdict,
            ),
            markup=False,
        )
