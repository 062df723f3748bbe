"""The encounter-balance simulator: many seeded fights of one encounter, played by a policy on both
sides, summed up as the heroes' win rate with its Wilson 95% interval, turns, knockouts and Vigueur.

Each fight ``i`` is seeded by ``(seed, i)`` alone and takes its positions from a standard set-up
(``i`` cycles through :data:`SETUPS`); which side is listed first in the fight alternates from one
fight to the next, so ties of initiative ("PCs before NPCs, file order") go to each side in turn. The
result therefore does not depend on how fights are spread over processes.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from math import cos, pi, sin, sqrt
from typing import Any, NamedTuple

from meneur.systems.energy.ai import make_policy
from meneur.systems.energy.ai.play import MAX_TURNS, play
from meneur.systems.energy.combat import FightState, combatant_from_character
from meneur.systems.energy.combat.profile import Combatant, Point
from meneur.systems.energy.model import Character

SETUPS = ("lines", "close", "far", "surrounded")
"""Standard set-ups: two lines 10 m apart, mixed at 3 m, two lines 30 m apart, foes around the heroes."""


@dataclass(frozen=True)
class Encounter:
    """Who fights whom, and which policy plays both sides (picklable: sent to worker processes)."""

    heroes: tuple[Character, ...]
    foes: tuple[Character, ...]
    policy: str = "heuristic"
    max_turns: int = MAX_TURNS
    nodes: int | None = None

    def hero_ids(self) -> list[str]:
        """The heroes' ids in the simulated fights."""
        return [f"h{i + 1}" for i in range(len(self.heroes))]


class Outcome(NamedTuple):
    """One simulated fight: winner (None: no winner after the turn limit), turns, heroes knocked out,
    heroes' Vigueur left."""

    winner: str | None
    turns: int
    knocked_out: tuple[str, ...]
    vigor_left: tuple[int, ...]


def positions(setup: str, count: int, side: int, total: int) -> list[Point]:
    """Where the ``count`` members of side ``side`` (0 heroes, 1 foes) stand in ``setup``."""
    if setup == "surrounded" and side == 1:
        return [
            (round(12 * cos(2 * pi * i / count), 2), round(12 * sin(2 * pi * i / count), 2))
            for i in range(count)
        ]
    if setup == "surrounded":
        return [(3.0 * i - 1.5 * (count - 1), 0.0) for i in range(count)]
    if setup == "close":
        return [(4.0 * i + 2.0 * side, 3.0 * side) for i in range(count)]
    gap = 30.0 if setup == "far" else 10.0
    return [(4.0 * i, gap * side) for i in range(count)]


def initial(encounter: Encounter, index: int, seed: int = 0) -> FightState:
    """The starting state of fight ``index``: its set-up, each position moved by up to 1.5 m (drawn from
    the fight's seed), and which side is listed first."""
    setup = SETUPS[(index // 2) % len(SETUPS)]
    rng = random.Random(f"{seed}:{index}:positions")
    sides: list[list[Combatant]] = []
    for number, (side, people, prefix) in enumerate(
        (("heroes", encounter.heroes, "h"), ("foes", encounter.foes, "f"))
    ):
        places = [
            (round(x + rng.uniform(-1.5, 1.5), 2), round(y + rng.uniform(-1.5, 1.5), 2))
            for x, y in positions(setup, len(people), number, len(people))
        ]
        sides.append(
            [
                combatant_from_character(c, f"{prefix}{i + 1}", side, position=places[i])
                for i, c in enumerate(people)
            ]
        )
    first, second = sides if index % 2 == 0 else sides[::-1]
    return FightState(tuple(first + second))


def run_one(encounter: Encounter, seed: int, index: int) -> Outcome:
    """Play fight ``index`` of the series seeded ``seed``."""
    policy = make_policy(encounter.policy, nodes=encounter.nodes)
    result = play(
        initial(encounter, index, seed),
        {"heroes": policy, "foes": policy},
        f"{seed}:{index}",
        encounter.max_turns,
    )
    heroes = [result.final.get(i) for i in encounter.hero_ids()]
    return Outcome(
        result.winner, result.turns, tuple(h.id for h in heroes if h.out), tuple(h.vigor for h in heroes)
    )


def run_range(encounter: Encounter, seed: int, start: int, stop: int) -> list[Outcome]:
    """Fights ``start`` to ``stop - 1`` (one task for an executor)."""
    return [run_one(encounter, seed, i) for i in range(start, stop)]


def wilson(wins: int, fights: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% for ``z`` = 1.96)."""
    if fights == 0:
        return (0.0, 1.0)
    p = wins / fights
    centre = (p + z * z / (2 * fights)) / (1 + z * z / fights)
    half = z * sqrt(p * (1 - p) / fights + z * z / (4 * fights * fights)) / (1 + z * z / fights)
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class Summary:
    """What the simulated fights say about an encounter."""

    fights: int
    hero_wins: int
    draws: int
    mean_turns: float
    turns_spread: float
    knockout_rate: dict[str, float]
    vigor_left: dict[str, float]
    names: dict[str, str]

    @property
    def hero_win_rate(self) -> float:
        """Share of fights the heroes won."""
        return self.hero_wins / self.fights if self.fights else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        """Wilson 95% interval of the heroes' win rate."""
        return wilson(self.hero_wins, self.fights)

    def to_json(self) -> dict[str, Any]:
        """The ``simulation`` part of ``balance --json``."""
        low, high = self.ci95
        return {
            "fights": self.fights,
            "hero_win_rate": round(self.hero_win_rate, 4),
            "ci95": [round(low, 4), round(high, 4)],
            "draws": self.draws,
            "mean_turns": round(self.mean_turns, 3),
            "turns_spread": round(self.turns_spread, 3),
            "knockout_rate": {k: round(v, 4) for k, v in self.knockout_rate.items()},
            "vigor_left": {k: round(v, 3) for k, v in self.vigor_left.items()},
            "heroes": self.names,
        }


def summarize(encounter: Encounter, outcomes: Sequence[Outcome]) -> Summary:
    """Sum up the outcomes (in fight order)."""
    ids = encounter.hero_ids()
    n = len(outcomes)
    turns = [o.turns for o in outcomes]
    knocked = {i: sum(i in o.knocked_out for o in outcomes) / n if n else 0.0 for i in ids}
    vigor = {i: sum(o.vigor_left[k] for o in outcomes) / n if n else 0.0 for k, i in enumerate(ids)}
    return Summary(
        fights=n,
        hero_wins=sum(o.winner == "heroes" for o in outcomes),
        draws=sum(o.winner is None for o in outcomes),
        mean_turns=statistics.fmean(turns) if turns else 0.0,
        turns_spread=statistics.pstdev(turns) if len(turns) > 1 else 0.0,
        knockout_rate=knocked,
        vigor_left=vigor,
        names={i: c.name for i, c in zip(ids, encounter.heroes, strict=True)},
    )


def even_split(total: int, count: int) -> tuple[int, ...]:
    """``count`` ranks summing to ``total``, as equal as can be (largest first)."""
    base, extra = divmod(total, count)
    return tuple(base + (1 if i < extra else 0) for i in range(count))


def splits_near(total: int, count: int, top: int) -> Iterable[tuple[int, ...]]:
    """Foe rank lists around ``total``: the even split, and one leader with weaker followers."""
    for t in (total - 1, total, total + 1):
        if count <= t <= count * top:
            yield even_split(t, count)
            if count > 1:
                lead = min(top, even_split(t, count)[0] + 2)
                rest = t - lead
                if count - 1 <= rest <= (count - 1) * top:
                    yield (lead, *even_split(rest, count - 1))
