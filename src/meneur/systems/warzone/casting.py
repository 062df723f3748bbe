"""Using a power: the test, the actions it costs, and what a critical failure sets off.

Rule text 001_0209eda46e4737a1.txt: "Jeżeli test się uda Model poświęca podaną ilość akcji a moc
odnosi efekt. Jeżeli rzut się nie powiedzie zmarnowana zostaje tylko jedna akcja"; an absolute success
"zużywa jedną akcję mniej"; on a "20" the power fails and a d20 is rolled on the violence table.
The core is pure: dice come from the source handed in.
"""

from __future__ import annotations

from dataclasses import dataclass

from meneur.dice.source import DiceSource
from meneur.errors import BadInputError
from meneur.i18n import N_, Message
from meneur.systems.warzone.catalogue import ViolenceEffect
from meneur.systems.warzone.leadership import LeadershipReason, LeadershipTest, leadership_test
from meneur.systems.warzone.model import KIND_NAMES, MAX_ACTIONS, PowerKind, TableOptions
from meneur.systems.warzone.power_test import Critical, PowerTest, PowerTestSpec, check_stat, power_test
from meneur.systems.warzone.violence import ViolenceRoll, roll_violence

D = "warzone"


def actions_spent(
    kind: PowerKind, actions: int, success: bool, critical: Critical | None, options: TableOptions
) -> int:
    """Actions a use of a power takes from the model.

    A spell's success spends its actions, one less on an absolute success (never below 0); a failure
    wastes exactly one; a technique "nie wymaga zużycia akcji" (001_0209eda46e4737a1.txt).
    """
    if kind is PowerKind.TECHNIQUE:
        return 1 if not success and options.failed_technique_wastes_action else 0
    if not success:
        return 1
    return max(0, actions - 1) if critical is Critical.ABSOLUTE_SUCCESS else actions


def leadership_modifier(spec: PowerTestSpec, options: TableOptions) -> int:
    """Modifier of the "20" test: "test DW pomniejszonego o Stopień Trudności nieudanej Mocy"."""
    extra = spec.increase if options.leadership_uses_test_difficulty else 0
    return -(spec.difficulty + extra)


@dataclass(frozen=True)
class Casting:
    """One use of a power and everything it set off.

    Attributes:
        kind: spell or technique.
        actions: the spell's action cost as described (0 for a technique).
        test: the power test.
        actions_spent: actions taken from the model.
        violence: the violence table roll after a critical failure.
        leadership: the leadership test of the violence table's "20", when the leadership was known.
        leadership_modifier: the modifier that test takes (set whenever the row is "20").
    """

    kind: PowerKind
    actions: int
    test: PowerTest
    actions_spent: int
    violence: ViolenceRoll | None = None
    leadership: LeadershipTest | None = None
    leadership_modifier: int | None = None

    @property
    def success(self) -> bool:
        """Whether the power takes effect."""
        return self.test.success

    @property
    def critical(self) -> Critical | None:
        """Absolute success, critical failure or None."""
        return self.test.critical

    @property
    def wounds(self) -> int:
        """Wounds suffered: one for a failed leadership test of the violence table's "20"."""
        return 1 if self.leadership is not None and not self.leadership.success else 0

    def explain(self) -> list[Message]:
        """The test, the actions and any violence, in order."""
        lines = [Message(D, N_("Using a {kind}."), {"kind": Message(D, KIND_NAMES[self.kind])})]
        lines += self.test.explain()
        if self.critical is Critical.ABSOLUTE_SUCCESS and self.kind is PowerKind.SPELL:
            lines.append(Message(D, N_("Absolute Success: the power costs one action less.")))
        lines.append(Message(D, N_("Actions spent: {spent}."), {"spent": self.actions_spent}))
        if self.violence is not None:
            lines.append(Message(D, N_("Critical Failure: the power has no effect.")))
            lines += self.violence.explain()
        if self.leadership is not None:
            lines += self.leadership.explain()
            if not self.leadership.success:
                lines.append(Message(D, N_("The model suffers one wound.")))
        elif self.leadership_modifier is not None:
            lines.append(
                Message(
                    D,
                    N_("A leadership test at {modifier} is due (give the leadership)."),
                    {"modifier": f"{self.leadership_modifier:+d}".replace("-", "\u2212")},
                )
            )
        return lines


def check_actions(actions: int) -> None:
    """Refuse a spell cost outside 1..10.

    Raises:
        BadInputError: naming the value.
    """
    if not 1 <= actions <= MAX_ACTIONS:
        raise BadInputError(
            Message(
                D,
                N_("A spell costs {value} actions: give 1 to {top}."),
                {"value": actions, "top": MAX_ACTIONS},
            )
        )


def cast(
    spec: PowerTestSpec,
    kind: PowerKind,
    actions: int,
    source: DiceSource,
    options: TableOptions | None = None,
    leadership: int | None = None,
) -> Casting:
    """Use a power: power test, then on a "20" the violence table and, on its "20", leadership.

    Args:
        spec: Moc, difficulty, technique order and violence penalty.
        kind: spell or technique.
        actions: the spell's cost (ignored for a technique).
        source: where the d20s come from (power test, violence table, leadership test, in order).
        options: the table options.
        leadership: the model's DW; without it the "20" row's test is reported as due, not rolled.

    Raises:
        BadInputError: for an action cost outside 1..10 on a spell, or a leadership outside 0..30
            (checked at once, whatever the dice: a value only the "20" row reads is still checked).
    """
    options = options or TableOptions()
    if kind is PowerKind.SPELL:
        check_actions(actions)
    if leadership is not None:
        check_stat(leadership, N_("The leadership"))
    cost = actions if kind is PowerKind.SPELL else 0
    test = power_test(spec, source, options)
    spent = actions_spent(kind, cost, test.success, test.critical, options)
    if test.critical is not Critical.CRITICAL_FAILURE:
        return Casting(kind, cost, test, spent)
    violence = roll_violence(source)
    if violence.effect is not ViolenceEffect.LEADERSHIP_TEST:
        return Casting(kind, cost, test, spent, violence)
    modifier = leadership_modifier(spec, options)
    check = (
        None
        if leadership is None
        else leadership_test(leadership, modifier, source, LeadershipReason.VIOLENCE)
    )
    return Casting(kind, cost, test, spent, violence, check, modifier)
