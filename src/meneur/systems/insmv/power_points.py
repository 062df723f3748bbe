"""Power points (PP): the maximum, spending on a power, and recovery.

"Dans tous les cas, la créature ne peut dépasser son nombre maximum de points de pouvoir avec ce
type de récupération. Quel que soit ce barème, une créature possédant des points de pouvoir au repos
complet en récupère 1 toutes les 24 heures." (000_008acb24c72771e3.txt).

Conventions: pure functions over frozen :class:`~meneur.systems.insmv.model.Being` values.
"""

from __future__ import annotations

from meneur.errors import BadInputError, Refused
from meneur.i18n import N_, P_, Message
from meneur.systems.insmv.model import Being, TableOptions

REST_MINIMUM_PER_DAY = 1


SHORT = "power_points_short"
"""Rule key: the pool holds fewer PP than the power costs."""


def spend_refusal(being: Being, cost: int) -> Refused | None:
    """Why ``being`` cannot spend ``cost`` PP now (rule :data:`SHORT`), or ``None`` when it can."""
    if cost > being.current_power_points:
        return Refused(
            Message(
                "insmv",
                N_("{name} has {left}; the power needs {cost}."),
                {
                    "name": being.name,
                    "left": Message.counted(
                        "insmv", P_("{count} power point", "{count} power points"), being.current_power_points
                    ),
                    "cost": cost,
                },
            ),
            rule=SHORT,
        )
    return None


def spend(being: Being, cost: int) -> Being:
    """Spend ``cost`` PP on a power.

    Raises:
        BadInputError: for a cost below 1.
        Refused: when the pool is short.
    """
    if cost < 1:
        raise BadInputError(
            Message("insmv", N_("A power-point cost is 1 or more, not {cost}."), {"cost": cost})
        )
    refusal = spend_refusal(being, cost)
    if refusal is not None:
        raise refusal
    return being.model_copy(update={"power_points": being.current_power_points - cost})


def daily_recovery(being: Being, at_rest: bool) -> int:
    """PP recovered per 24 hours: the being's rate, and at least 1 at complete rest."""
    rate = being.rules.recovery_per_day
    return max(rate, REST_MINIMUM_PER_DAY) if at_rest else rate


def recovery_amount(being: Being, days: int, at_rest: bool) -> int:
    """PP that ``days`` periods of 24 hours give back, never above the maximum.

    Raises:
        BadInputError: for a negative number of days.
    """
    if days < 0:
        raise BadInputError(
            Message("insmv", N_("A number of days is 0 or more, not {days}."), {"days": days})
        )
    room = max(0, being.max_power_points - being.current_power_points)
    return min(room, days * daily_recovery(being, at_rest))


def recover(being: Being, days: int, at_rest: bool) -> Being:
    """The being after ``days`` periods of 24 hours of recovery."""
    amount = recovery_amount(being, days, at_rest)
    return being.model_copy(update={"power_points": being.current_power_points + amount})


def is_spent(success: bool, options: TableOptions) -> bool:
    """Whether a power test spends its PP: always by default, only on a success by table option."""
    return success or options.spend_power_points_on_failure
