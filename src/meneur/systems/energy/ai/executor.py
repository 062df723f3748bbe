"""Running simulated fights on an executor: in this process, on worker processes
(:class:`concurrent.futures.ProcessPoolExecutor`), or on a Dask distributed cluster (the optional
``distributed`` extra). Fights are seeded one by one, so the result does not depend on the executor or
on the number of workers; results come back in fight order."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from typing import Any

from meneur.errors import BadInputError
from meneur.i18n import N_, Message
from meneur.systems.energy.ai.simulate import Encounter, Outcome, run_range

DOMAIN = "energy_ai"
Progress = Callable[[int], None]


def chunks(fights: int, workers: int) -> list[tuple[int, int]]:
    """Fight ranges of a fair size for ``workers`` (several per worker, so they stay busy)."""
    size = max(1, min(25, fights // max(1, workers * 4)))
    return [(start, min(fights, start + size)) for start in range(0, fights, size)]


def dask_executor(address: str) -> tuple[Executor, Any]:
    """An executor on the Dask scheduler at ``address`` and its client (to close)."""
    try:
        from distributed import Client
    except ImportError:
        raise BadInputError(
            Message(DOMAIN, N_("--scheduler needs the distributed extra: pip install 'meneur[distributed]'."))
        ) from None
    try:
        client = Client(address, timeout=10, set_as_default=False)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError) as error:
        raise BadInputError(
            Message(
                DOMAIN,
                N_("--scheduler: cannot reach {address} ({reason})."),
                {"address": address, "reason": str(error)},
            )
        ) from None
    executor: Executor = client.get_executor()  # type: ignore[no-untyped-call]
    return executor, client


def run(
    encounter: Encounter,
    fights: int,
    seed: int,
    workers: int = 1,
    scheduler: str | None = None,
    progress: Progress | None = None,
) -> list[Outcome]:
    """Play ``fights`` fights of ``encounter``; ``progress(n)`` is told of each range done."""
    ranges = chunks(fights, workers)
    if scheduler is None and workers <= 1:
        found: list[Outcome] = []
        for start, stop in ranges:
            found += run_range(encounter, seed, start, stop)
            if progress is not None:
                progress(stop - start)
        return found
    client: Any = None
    if scheduler is not None:
        executor, client = dask_executor(scheduler)
    else:
        executor = ProcessPoolExecutor(max_workers=workers)
    try:
        futures: dict[Future[list[Outcome]], tuple[int, int]] = {
            executor.submit(run_range, encounter, seed, start, stop): (start, stop) for start, stop in ranges
        }
        done: dict[int, list[Outcome]] = {}
        for future in as_completed(futures):
            start, stop = futures[future]
            done[start] = future.result()
            if progress is not None:
                progress(stop - start)
    finally:
        executor.shutdown(wait=True)
        if client is not None:
            client.close()
    return [outcome for start, _ in ranges for outcome in done[start]]
