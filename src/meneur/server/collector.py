"""When the server's cyclic garbage collector looks at what: each worker freezes what has lived a
while, and collects everything on a slow clock.

Python's collector pauses the whole process for a full collection, and a full collection walks every
object that has lived a while. A table server holds many such objects: each open WebSocket is a
stack of some thirty coroutines, cells and futures, and each session in memory its states. At 500
tables of 6 sockets that is about 650,000 objects, a full collection every ten seconds or so (each
time the long-lived objects have grown by a quarter) and each one a pause of about 300 ms on the
2-core machine: every command in flight waits it out (the p99 of ``benchmarks/table_load.py
--preset table-pace`` was four times its p50 for that alone; ``docs/server.md``, « The collector's
pauses »).

So every :attr:`Settings.gc_freeze_every` seconds a worker moves what it holds into the collector's
permanent generation (``gc.freeze()``, which costs no walk): young and full collections then look
only at what was made since, a few seconds' worth. What dies among the frozen objects is still freed
at once by its reference count; only garbage in reference cycles waits, until the full collection
that :attr:`Settings.gc_full_every` schedules (``gc.unfreeze()``, ``gc.collect()``, then a freeze
again): one pause every ten minutes by default instead of several a minute.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from dataclasses import dataclass

log = logging.getLogger("meneur.server.collector")


@dataclass(frozen=True)
class FullCollection:
    """What one full collection found and cost."""

    frozen: int
    """Objects frozen before it (all but the few seconds' newest)."""
    collected: int
    """Unreachable objects it freed (garbage held in reference cycles)."""
    seconds: float


def full_collection() -> FullCollection:
    """Every object looked at once (the frozen ones too), cyclic garbage freed, then all frozen."""
    start = time.perf_counter()
    frozen = gc.get_freeze_count()
    gc.unfreeze()
    collected = gc.collect()
    gc.freeze()
    return FullCollection(frozen, collected, time.perf_counter() - start)


async def run(freeze_every: float, full_every: float) -> None:
    """The worker's collector clock, until cancelled: a freeze every ``freeze_every`` seconds and a
    full collection every ``full_every`` seconds (0: only Python's own full collections, on what
    the freezes left)."""
    last_full = time.monotonic()
    while True:
        await asyncio.sleep(freeze_every)
        if full_every and time.monotonic() - last_full >= full_every:
            done = full_collection()
            last_full = time.monotonic()
            log.info(
                "full collection",
                extra={
                    "frozen": done.frozen,
                    "collected": done.collected,
                    "ms": round(done.seconds * 1000, 1),
                },
            )
        else:
            gc.freeze()


def schedule(freeze_every: float, full_every: float) -> asyncio.Task[None] | None:
    """The running clock (a task to cancel), or ``None`` when ``freeze_every`` is 0: Python's
    collector as it comes."""
    if not freeze_every:
        return None
    return asyncio.create_task(run(freeze_every, full_every))
