"""A test on the table UM: value -> column, difficulty row, column shifts, then a d666.

"Le nombre à l'intersection de la ligne et de la colonne représente le résultat (inférieur ou égal)
à obtenir avec un d666" (000_008acb24c72771e3.txt).

Conventions: a positive shift moves right (easier), a negative one left (harder). Planning a test
(:func:`plan_test`) is pure and rolls nothing, so odds and legality reuse it; :func:`roll_test` reads
three d6 from a :class:`~meneur.dice.source.DiceSource`: hundreds, tens, units (RU). Results are
frozen and explain themselves with :class:`~meneur.i18n.Message` objects.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from meneur.dice.source import DiceSource
from meneur.errors import BadInputError, Refused
from meneur.i18n import N_, Message
from meneur.systems.insmv.model import KindRules
from meneur.systems.insmv.table_um import Difficulty, TableUM, table_um

DIVINE_DICE = (1, 1, 1)
INFERNAL_DICE = (6, 6, 6)


class Automatic(StrEnum):
    """A result decided by the column alone, before the dice."""

    SUCCESS = "success"
    FAILURE = "failure"


class Intervention(StrEnum):
    """111 and 666: what they do beyond being flagged is for the game master."""

    DIVINE = "divine"
    INFERNAL = "infernal"


@dataclass(frozen=True)
class TestRequest:
    """What is tested and how.

    Attributes:
        value: the characteristic, talent or power value (the characteristic for an untrained talent).
        difficulty: the row; ``None`` is the default, *moyenne* (*très difficile* when untrained).
        gm_shift: the game master's column shift, positive to the right (easier).
        voluntary_shift: columns the player shifts left of their own will (0 or more).
        untrained_malus: the talent's "(-X)" when the talent is not possessed, else ``None``.
    """

    __test__ = False  # not a pytest test class

    value: int
    difficulty: Difficulty | None = None
    gm_shift: int = 0
    voluntary_shift: int = 0
    untrained_malus: int | None = None

    @property
    def row(self) -> Difficulty:
        """The difficulty row actually used."""
        if self.untrained_malus is not None:
            return Difficulty.TRES_DIFFICILE
        return self.difficulty or Difficulty.MOYENNE

    @property
    def total_shift(self) -> int:
        """Every shift added up (positive to the right)."""
        return self.gm_shift - self.voluntary_shift - (self.untrained_malus or 0)


@dataclass(frozen=True)
class TestPlan:
    """Where a test lands on the table before any die is rolled."""

    __test__ = False  # not a pytest test class

    request: TestRequest
    start_column: int
    column: int
    width: int
    threshold: int | None
    automatic: Automatic | None


def check_request(request: TestRequest) -> None:
    """Refuse a malformed request (negative voluntary shift, malus outside 1-4, row conflict).

    Raises:
        BadInputError: naming the field and the accepted values.
    """
    if request.voluntary_shift < 0:
        raise BadInputError(
            Message(
                "insmv",
                N_("A voluntary shift is a number of columns to the left: give 0 or more, not {value}."),
                {"value": request.voluntary_shift},
            )
        )
    if request.untrained_malus is not None and not 1 <= request.untrained_malus <= 4:
        raise BadInputError(
            Message(
                "insmv",
                N_("A talent's malus is 1 to 4 columns, not {value}."),
                {"value": request.untrained_malus},
            )
        )
    if request.untrained_malus is not None and request.difficulty not in (None, Difficulty.TRES_DIFFICILE):
        raise BadInputError(
            Message(
                "insmv",
                N_(
                    "A talent not possessed is always tested on the very hard row: drop the difficulty"
                    ' "{value}".'
                ),
                {"value": request.difficulty.label},
            )
        )


SHIFT_LIMIT = "voluntary_shift_limit"
"""Rule key: a voluntary shift beyond what the being's kind allows."""


def voluntary_shift_refusal(rules: KindRules, columns: int) -> Refused | None:
    """Why a voluntary shift of ``columns`` is not allowed to a being, or ``None`` when it is.

    "Un Ange ou un Démon ne peut pas décaler volontairement son jet de plus de 5 colonnes. [...]
    Aucun autre personnage du jeu ne peut utiliser cette option." (000_008acb24c72771e3.txt).
    """
    if columns <= rules.max_voluntary_shift:
        return None
    if rules.max_voluntary_shift == 0:
        return Refused(
            Message(
                "insmv",
                N_(
                    "This kind of being cannot shift its roll voluntarily (only angels, demons and avatars"
                    " may)."
                ),
            ),
            rule=SHIFT_LIMIT,
        )
    return Refused(
        Message(
            "insmv",
            N_("A voluntary shift of {columns} columns exceeds this being's limit of {limit}."),
            {"columns": columns, "limit": rules.max_voluntary_shift},
        ),
        rule=SHIFT_LIMIT,
    )


def voluntary_shifts(rules: KindRules) -> range:
    """The voluntary shifts a being may choose: 0 up to its kind's limit (legality as a query)."""
    return range(rules.max_voluntary_shift + 1)


def plan_test(request: TestRequest, rules: KindRules, table: TableUM | None = None) -> TestPlan:
    """Find the column, row and threshold of a test, or its automatic result.

    "si, à la suite d'un malus, la colonne utilisée dépasse la colonne (la plus à gauche), l'action
    est obligatoirement ratée. Si, au contraire, elle dépasse la colonne “6” (vers la droite),
    l'action est obligatoirement réussie." (000_008acb24c72771e3.txt).

    Raises:
        BadInputError: for a value without a column or a malformed request.
        Refused: for a voluntary shift beyond the being's limit.
    """
    table = table or table_um()
    check_request(request)
    start = table.column_of(request.value)
    refusal = voluntary_shift_refusal(rules, request.voluntary_shift)
    if refusal is not None:
        raise refusal
    column = start + request.total_shift
    automatic = Automatic.FAILURE if column < 1 else Automatic.SUCCESS if column > table.width else None
    threshold = table.threshold(request.row, column) if automatic is None else None
    return TestPlan(request, start, column, table.width, threshold, automatic)


def is_success(plan: TestPlan, roll: int) -> bool:
    """Whether the d66 reading ``roll`` succeeds under ``plan``."""
    if plan.automatic is not None:
        return plan.automatic is Automatic.SUCCESS
    assert plan.threshold is not None
    return roll <= plan.threshold


def final_units(plan: TestPlan, units_die: int, success: bool) -> int:
    """The units: the units die, plus the voluntary shift on a success.

    "le nombre de colonnes décalées vers la gauche est ajouté au résultat des unités du d666 en cas
    de jet réussi" (000_008acb24c72771e3.txt).
    """
    return units_die + plan.request.voluntary_shift if success else units_die


def intervention_of(dice: tuple[int, ...]) -> Intervention | None:
    """111 is a divine intervention, 666 an infernal one."""
    if dice == DIVINE_DICE:
        return Intervention.DIVINE
    return Intervention.INFERNAL if dice == INFERNAL_DICE else None


@dataclass(frozen=True)
class TestResult:
    """A resolved test, remembering its column, row, shifts and dice.

    ``plan`` is ``None`` for a power not possessed ("il n'a aucune chance de réussir"): no roll.
    """

    __test__ = False  # not a pytest test class

    request: TestRequest
    plan: TestPlan | None
    dice: tuple[int, ...]
    success: bool
    units: int | None

    @property
    def no_chance(self) -> bool:
        """True for a power the character does not possess."""
        return self.plan is None

    @property
    def automatic(self) -> Automatic | None:
        """The automatic result, if the column decided it (a missing power fails automatically)."""
        return Automatic.FAILURE if self.plan is None else self.plan.automatic

    @property
    def threshold(self) -> int | None:
        """The highest d66 that succeeds, ``None`` when no roll could decide."""
        return None if self.plan is None else self.plan.threshold

    @property
    def roll(self) -> int | None:
        """The first two dice read as a two-digit number."""
        return self.dice[0] * 10 + self.dice[1] if self.dice else None

    @property
    def units_die(self) -> int | None:
        """The third die (RU)."""
        return self.dice[2] if self.dice else None

    @property
    def intervention(self) -> Intervention | None:
        """Divine (111) or infernal (666) intervention."""
        return intervention_of(self.dice)

    def explain(self) -> list[Message]:
        """How the result came about, step by step."""
        return explain_test(self)


def roll_test(plan: TestPlan, source: DiceSource) -> TestResult:
    """Roll the d666 of a planned test (always, so the units and interventions exist).

    Raises:
        EnteredDiceError: when entered dice are missing or impossible.
    """
    dice = (source.roll(6), source.roll(6), source.roll(6))
    success = is_success(plan, dice[0] * 10 + dice[1])
    return TestResult(plan.request, plan, dice, success, final_units(plan, dice[2], success))


def no_chance(request: TestRequest) -> TestResult:
    """The result of using a power the character does not possess: failure, no roll.

    "Si un personnage tente une action qui nécessite un pouvoir qu'il ne possède pas, il n'a aucune
    chance de réussir." (000_008acb24c72771e3.txt).
    """
    return TestResult(request, None, (), False, None)


def attempt(
    request: TestRequest,
    rules: KindRules,
    source: DiceSource,
    *,
    possessed: bool = True,
    table: TableUM | None = None,
) -> TestResult:
    """Plan and roll a test in one step; ``possessed=False`` is a power the character lacks."""
    if not possessed:
        return no_chance(request)
    return roll_test(plan_test(request, rules, table), source)


def _m(msgid: str, **params: object) -> Message:
    return Message("insmv", msgid, dict(params))


def explain_test(result: TestResult) -> list[Message]:
    """Explain a test: column, shifts, row, threshold, dice, outcome and intervention."""
    request, plan = result.request, result.plan
    if plan is None:
        return [_m(N_("A power the character does not possess: no chance at all, no roll."))]
    lines = [
        _m(
            N_("Value {value}: the column labelled {value} (column {column} of {width})."),
            value=request.value,
            column=plan.start_column,
            width=plan.width,
        )
    ]
    if request.untrained_malus is not None:
        lines.append(
            _m(
                N_(
                    "Talent not possessed: the characteristic, shifted 1 column to the left, always"
                    " on the very hard row."
                )
                if request.untrained_malus == 1
                else N_(
                    "Talent not possessed: the characteristic, shifted {malus} columns to the left,"
                    " always on the very hard row."
                ),
                malus=request.untrained_malus,
            )
        )
    if request.gm_shift:
        lines.append(
            _m(
                N_("Game master's shift: {shift} column (positive to the right, easier).")
                if abs(request.gm_shift) == 1
                else N_("Game master's shift: {shift} columns (positive to the right, easier)."),
                shift=f"{request.gm_shift:+d}".replace("-", "\u2212"),
            )
        )
    if request.voluntary_shift:
        lines.append(
            _m(
                N_("Voluntary shift: 1 column to the left, added to the units on a success.")
                if request.voluntary_shift == 1
                else N_("Voluntary shift: {columns} columns to the left, added to the units on a success."),
                columns=request.voluntary_shift,
            )
        )
    lines.extend(_placement(result))
    if result.dice:
        lines.append(
            _m(
                N_("d666: {dice}; the first two dice read {roll}, the units die is {units_die}."),
                dice="".join(str(d) for d in result.dice),
                roll=result.roll,
                units_die=result.units_die,
            )
        )
    lines.append(_outcome(result))
    if result.intervention is not None:
        lines.append(_INTERVENTIONS[result.intervention.value])
    return lines


def _placement(result: TestResult) -> list[Message]:
    plan = result.plan
    assert plan is not None
    if plan.automatic is None:
        return [
            _m(
                N_("Column {column} on the {row} row: success on {threshold} or less."),
                column=plan.column,
                row=plan.request.row.label,
                threshold=plan.threshold,
            )
        ]
    if plan.automatic.value == "failure":
        return [
            _m(
                N_(
                    "Shifted beyond the first column: automatic failure; the dice still give the units"
                    " and may show 111 or 666."
                )
            )
        ]
    return [
        _m(
            N_(
                "Shifted beyond the column labelled 6: automatic success; the dice still give the"
                " units and may show 111 or 666."
            )
        )
    ]


def _outcome(result: TestResult) -> Message:
    if result.success:
        return _m(N_("Success, units {units}."), units=result.units)
    return _m(N_("Failure, units {units}."), units=result.units)


_INTERVENTIONS = {
    "divine": _m(N_("111: divine intervention (what it does is for the game master to decide).")),
    "infernal": _m(N_("666: infernal intervention (what it does is for the game master to decide).")),
}
