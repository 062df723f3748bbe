"""Which dice (or set items) an operation picks, and what keep and drop do with them.

Shared by rolls and odds so both read the notation the same way (d20's reading): selectors look at
the values still counted; ``h``/``l`` take the highest/lowest of one ranking (among equal values
the first written ranks higher: ``kh`` keeps it first, ``kl`` keeps the last written first),
``<N``/``>N``/``N`` compare each value; several selectors of one operation pick the union.
"""

from __future__ import annotations

from collections.abc import Sequence

from meneur.dice.notation import Operation


def select(
    values: Sequence[int], kept: Sequence[bool], operation: Operation, limit: int | None = None
) -> list[int]:
    """The indices picked by ``operation`` among the kept values, at most ``limit`` of them.

    Args:
        values: the current value of each die or item.
        kept: whether each still counts (dropped ones are never picked).
        operation: the operation whose selectors pick.
        limit: the most indices to return (``ra`` adds one die at most).

    Returns:
        Picked indices, in the order the selectors picked them.
    """
    candidates = [i for i, counted in enumerate(kept) if counted]
    # One ranking for every selector, lowest first; among equal values the first rolled ranks
    # higher. So "h" and "l" never pick the same die while others are left (2d6kh1kl1 keeps both
    # dice of a double), as the exact odds count sorted positions.
    ranked = sorted(candidates, key=lambda i: (values[i], -i))
    chosen: dict[int, None] = {}
    for selector in operation.selectors:
        if limit is not None and len(chosen) >= limit:
            break
        if selector.kind == "h":
            picked = ranked[::-1][: selector.number]
        elif selector.kind == "l":
            picked = ranked[: selector.number]
        else:
            picked = [i for i in candidates if selector.matches(values[i])]
        if limit is not None:
            picked = picked[: limit - len(chosen)]
        chosen.update(dict.fromkeys(picked))
    return list(chosen)


def keep_or_drop(values: Sequence[int], kept: list[bool], operation: Operation) -> None:
    """Apply ``k`` (drop every kept value not picked) or ``p`` (drop the picked ones) in place."""
    picked = select(values, kept, operation)
    if operation.code == "p":
        for index in picked:
            kept[index] = False
        return
    chosen = set(picked)
    for index in range(len(kept)):
        if index not in chosen:
            kept[index] = False
