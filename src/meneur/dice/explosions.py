"""What the cap on explosion chains leaves out of the exact odds, and the mean without the cap.

Rolls and odds stop a chain after :data:`~meneur.dice.limits.MAX_EXPLOSIONS` explosions (the
last die is added and does not explode), so the odds are exactly those of the roller; this module
says how far that is from dice that would explode forever. For a group whose explosion comes first
(``3d6!``), one die with ``p`` the chance of an exploding face goes past the cap with probability
``p^(cap+1)`` (every die of the chain and the last one explode), and the mean of its chain without
the cap is ``μ / (1 - p)`` (``μ`` the mean face) instead of ``μ (1 - p^(cap+1)) / (1 - p)``. For an
explosion after other operations (``4d6kh3!``), ``p^cap`` per die bounds the probability from
above. The mean without the cap is given when the expression adds, subtracts or multiplies by a
number the exploding groups (it is then the capped mean plus their differences); otherwise only the
probability is given.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from meneur.dice.limits import MAX_EXPLOSIONS
from meneur.dice.notation import (
    Binary,
    Constant,
    DiceTerm,
    Expression,
    Labelled,
    Node,
    Parens,
    Unary,
    children,
)
from meneur.dice.odds import fraction_text


@dataclass(frozen=True, slots=True)
class ExplosionCap:
    """``beyond``: the probability that a chain of the roll would have gone past the cap (an upper
    bound when ``bound``); ``mean_difference``: what the mean gains without the cap (``None``: not
    worked out for this expression)."""

    explosions: int
    beyond: float
    bound: bool
    mean_difference: Fraction | None

    def to_json(self, capped_mean: Fraction) -> dict[str, Any]:
        """``{"explosions": 20, "beyond": 4.6e-17, "beyond_is_bound": false, "mean_without_cap": …,
        "mean_without_cap_exact": "…"}`` (the means ``null`` when not worked out)."""
        uncapped = None if self.mean_difference is None else capped_mean + self.mean_difference
        return {
            "explosions": self.explosions,
            "beyond": self.beyond,
            "beyond_is_bound": self.bound,
            "mean_without_cap": None if uncapped is None else float(uncapped),
            "mean_without_cap_exact": None if uncapped is None else _fraction(uncapped),
        }


def _fraction(value: Fraction) -> str:
    return fraction_text(value)


def explosion_cap(expression: Expression) -> ExplosionCap | None:
    """What the cap leaves out of ``expression``'s odds; ``None`` when nothing explodes."""
    exploding = [t for t in expression.dice_terms() if _explosion(t) is not None and t.count]
    if not exploding:
        return None
    log_stays = 0.0  # log of the probability that no chain goes past the cap (precise when tiny)
    bound = False
    for term in exploding:
        past, exact = _past_cap(term)
        log_stays += term.count * math.log1p(-past)
        bound = bound or not exact
    return ExplosionCap(MAX_EXPLOSIONS, -math.expm1(log_stays), bound, _difference(expression.root))


def _explosion(term: DiceTerm) -> int | None:
    return next((i for i, o in enumerate(term.operations) if o.code == "e"), None)


def _chance(term: DiceTerm) -> Fraction:
    """The chance that one fresh die of ``term`` shows an exploding face."""
    index = _explosion(term)
    assert index is not None
    faces = term.faces()
    operation = term.operations[index]
    return Fraction(sum(1 for f in faces if operation.matches(f)), len(faces))


def _past_cap(term: DiceTerm) -> tuple[float, bool]:
    """Per die: the probability its chain goes past the cap, and whether that is exact."""
    p = _chance(term)
    if _explosion(term) == 0:
        return float(p ** (MAX_EXPLOSIONS + 1)), True
    return float(p**MAX_EXPLOSIONS), False


def _has_explosion(node: Node) -> bool:
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, DiceTerm) and _explosion(current) is not None:
            return True
        stack.extend(children(current))
    return False


def _difference(node: Node) -> Fraction | None:
    """What the mean of ``node`` gains without the cap, or ``None`` if not linear in the explosions."""
    if not _has_explosion(node):
        return Fraction(0)
    if isinstance(node, DiceTerm):
        return _term_difference(node)
    if isinstance(node, Parens | Labelled):
        return _difference(node.inner)
    if isinstance(node, Unary):
        inner = _difference(node.operand)
        return None if inner is None else (-inner if node.op == "-" else inner)
    if isinstance(node, Binary) and node.op in ("+", "-"):
        left, right = _difference(node.left), _difference(node.right)
        if left is None or right is None:
            return None
        return left + right if node.op == "+" else left - right
    if isinstance(node, Binary) and node.op == "*":
        for side, other in ((node.left, node.right), (node.right, node.left)):
            if isinstance(other, Constant):
                inner = _difference(side)
                return None if inner is None else inner * other.value
    return None


def _term_difference(term: DiceTerm) -> Fraction | None:
    if _explosion(term) != 0 or len(term.operations) != 1:
        return None
    p = _chance(term)
    faces = term.faces()
    mean = Fraction(sum(faces), len(faces))
    return term.count * mean * p ** (MAX_EXPLOSIONS + 1) / (1 - p)
