"""The encounter page's simulations, off the request threads: a small process pool shared by the
app, a cost bound and a limit per address.

A simulation plays ``fights`` seeded fights of quick characters (:mod:`meneur.systems.energy.ai`),
both sides played by the heuristic: CPU work for seconds. It runs in :data:`WORKERS` worker
processes (``spawn``: nothing of the server's threads is copied), so the request waits on a future
without holding a thread and the server keeps answering. What one may ask is bounded:

* its cost, fights × combatants, at most :data:`MAX_COST` (ranks at most :data:`MAX_RANK`): over
  that the page says so and points to ``meneur energy balance --simulate``;
* :data:`PER_ADDRESS` simulations at a time per client address, :data:`PER_MINUTE` a minute;
* :data:`MAX_WAITING` waiting or running in the process at once (the others are told to come back).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from meneur.errors import BadInputError, MeneurError
from meneur.i18n import N_, P_, Message

WORKERS = 1
"""Processes that play the page's simulations (larger studies are the command line's)."""
MAX_COST = 240
"""Fights × combatants one simulation may ask (24 fights of 10 combatants)."""
MAX_RANK = 30
MAX_FIGHTS = 100
DEFAULT_FIGHTS = 24
PER_ADDRESS = 1
PER_MINUTE = 6
MAX_WAITING = 4


class TooManyError(MeneurError):
    """A limit on simulations is reached: try again later (``retry`` seconds)."""

    code = "too_many"

    def __init__(self, message: Message, retry: int) -> None:
        super().__init__(message)
        self.retry = retry


@dataclass(frozen=True)
class Asked:
    """One simulation asked: the ranks of each side and the number of fights."""

    heroes: tuple[int, ...]
    foes: tuple[int, ...]
    fights: int

    @property
    def cost(self) -> int:
        return self.fights * (len(self.heroes) + len(self.foes))

    def check(self) -> None:
        """Refuse a simulation larger than the page plays.

        Raises:
            BadInputError: saying the bound and what to use instead.
        """
        if not 1 <= self.fights <= MAX_FIGHTS:
            raise BadInputError(
                Message("web", N_("Simulate 1 to {most} fights."), {"most": MAX_FIGHTS}),
            )
        if self.cost > MAX_COST or max(self.heroes + self.foes) > MAX_RANK:
            raise BadInputError(
                Message(
                    "web",
                    N_(
                        "The page simulates at most {most} fights × combatants ({fights} × {count} = "
                        "{cost} asked), of rank {rank} at most; simulate fewer fights, or use "
                        "meneur energy balance --simulate for larger ones."
                    ),
                    {
                        "most": MAX_COST,
                        "fights": self.fights,
                        "count": len(self.heroes) + len(self.foes),
                        "cost": self.cost,
                        "rank": MAX_RANK,
                    },
                )
            )


def play(asked: Asked, hero_names: tuple[str, ...], foe_names: tuple[str, ...]) -> dict[str, Any]:
    """The heroes' win rate over ``asked.fights`` seeded fights (in a worker process)."""
    from meneur.systems.energy.ai.simulate import Encounter, run_range, summarize
    from meneur.systems.energy.quick import quick_npc

    encounter = Encounter(
        tuple(quick_npc(rank, name) for rank, name in zip(asked.heroes, hero_names, strict=True)),
        tuple(quick_npc(rank, name) for rank, name in zip(asked.foes, foe_names, strict=True)),
    )
    summary = summarize(encounter, run_range(encounter, 0, 0, asked.fights))
    low, high = summary.ci95
    return {
        "fights": summary.fights,
        "rate": 100 * summary.hero_win_rate,
        "low": 100 * low,
        "high": 100 * high,
        "turns": summary.mean_turns,
        "draws": summary.draws,
    }


class Limiter:
    """How many simulations each address runs now and started in the last minute (thread-safe;
    an address with nothing recent is forgotten)."""

    def __init__(
        self, at_once: int = PER_ADDRESS, per_minute: int = PER_MINUTE, window: float = 60.0
    ) -> None:
        self.at_once = at_once
        self.per_minute = per_minute
        self.window = window
        self._running: dict[str, int] = {}
        self._started: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def enter(self, address: str) -> None:
        """Count a simulation of ``address``, or refuse it.

        Raises:
            TooManyError: the address runs one already, or started too many this minute.
        """
        with self._lock:
            now = time.monotonic()
            started = self._recent(address, now)
            if self._running.get(address, 0) >= self.at_once:
                raise TooManyError(
                    Message("web", N_("A simulation of yours is running; wait for its result.")), 5
                )
            if len(started) >= self.per_minute:
                wait = max(1, int(started[0] + self.window - now) + 1)
                asked = P_(
                    "You asked for {count} simulation in a minute; try again in {seconds} s.",
                    "You asked for {count} simulations in a minute; try again in {seconds} s.",
                )
                raise TooManyError(Message.counted("web", asked, len(started), seconds=wait), wait)
            started.append(now)
            self._started[address] = started
            self._running[address] = self._running.get(address, 0) + 1

    def leave(self, address: str) -> None:
        with self._lock:
            left = self._running.get(address, 0) - 1
            if left > 0:
                self._running[address] = left
            else:
                self._running.pop(address, None)

    def _recent(self, address: str, now: float) -> deque[float]:
        for other in [a for a, times in self._started.items() if times[-1] < now - self.window]:
            del self._started[other]  # forget the addresses gone quiet
        found = self._started.get(address, deque())
        while found and found[0] < now - self.window:
            found.popleft()
        return found


class Simulations:
    """The app's simulation pool (made at the first simulation, shut down with the app)."""

    def __init__(self, workers: int = WORKERS, limiter: Limiter | None = None) -> None:
        self.workers = workers
        self.limiter = limiter or Limiter()
        self.waiting = 0
        self._pool: Executor | None = None
        self._lock = threading.Lock()

    def pool(self) -> Executor:
        with self._lock:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(
                    self.workers, mp_context=multiprocessing.get_context("spawn")
                )
            return self._pool

    async def run(self, address: str, asked: Asked, names: Callable[[str, int], str]) -> dict[str, Any]:
        """Play ``asked`` in the pool for ``address``; ``names(side, n)`` names the combatants.

        Raises:
            BadInputError: the simulation is larger than the page plays.
            TooManyError: a limit is reached (this address's, or the process's).
        """
        asked.check()
        if self.waiting >= MAX_WAITING:
            raise TooManyError(Message("web", N_("The simulator is busy; try again in a moment.")), 5)
        self.limiter.enter(address)
        self.waiting += 1
        try:
            heroes = tuple(names("heroes", n) for n in range(1, len(asked.heroes) + 1))
            foes = tuple(names("foes", n) for n in range(1, len(asked.foes) + 1))
            future = self.pool().submit(play, asked, heroes, foes)
            found: dict[str, Any] = await asyncio.wrap_future(future)
            return found
        finally:
            self.waiting -= 1
            self.limiter.leave(address)

    def shutdown(self) -> None:
        with self._lock:
            if self._pool is not None:
                self._pool.shutdown(wait=False, cancel_futures=True)
                self._pool = None
