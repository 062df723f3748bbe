"""Commands of an INS/MV table and the decisions that turn them into events.

Conventions: ``decide(state, command, dice) -> events`` is pure and raises on a command the rules or
the input forbid, leaving the state untouched. Legality is decided once: :func:`refusal` gathers the
named predicates (:func:`~meneur.systems.insmv.power_points.spend_refusal`,
:func:`~meneur.systems.insmv.resolution.voluntary_shift_refusal`) that both :func:`decide` and
:func:`legal` use.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Literal

from pydantic import Field

from meneur.dice.source import DiceSource
from meneur.engine.system import Legal
from meneur.errors import BadInputError, Refused
from meneur.i18n import N_, Message
from meneur.i18n.words import listing, match
from meneur.systems.insmv.events import (
    BeingAdded,
    Event,
    OpposedTested,
    PowerPointsRecovered,
    PowerPointsSpent,
    Tested,
)
from meneur.systems.insmv.model import MAX_NUMBER, MAX_SHIFT, Being, Frozen, Table
from meneur.systems.insmv.power_points import is_spent, recovery_amount, spend_refusal
from meneur.systems.insmv.resolution import (
    TestRequest,
    no_chance,
    plan_test,
    roll_test,
    voluntary_shift_refusal,
)
from meneur.systems.insmv.roll import RollTest as RollTest
from meneur.systems.insmv.sheet import resolve

MAX_DAYS = 3650
"""The most periods of 24 hours one recovery command lets pass (ten years)."""


class AddBeing(Frozen):
    """Bring a being to the table."""

    being: Being


class SpendPowerPoints(Frozen):
    """Spend PP on a power."""

    being: str
    cost: int = Field(ge=1, le=2 * MAX_NUMBER)
    power: str | None = None


class RecoverPowerPoints(Frozen):
    """Let some 24-hour periods pass for a being, at complete rest or not."""

    being: str
    days: int = Field(ge=0, le=MAX_DAYS)
    at_rest: bool = False


class OpposedTest(Frozen):
    """Two beings of the table oppose: ``attacker`` acts, ``defender`` resists; each side's test
    spends its PP as a test does; ``tie_winner`` is the game master's decision on a tie."""

    attacker: RollTest
    defender: RollTest
    tie_winner: Literal["attacker", "defender"] | None = None


Command = AddBeing | SpendPowerPoints | RecoverPowerPoints | RollTest | OpposedTest


def being_at(state: Table, name: str) -> Being:
    """The being called ``name`` at the table.

    Raises:
        BadInputError: no being has that name (the known ones are listed).
    """
    found = match(name, state.beings)
    if found is None:
        raise BadInputError(
            Message(
                "insmv",
                N_("No being named '{name}' at the table (known: {known})."),
                {"name": name, "known": listing(sorted(state.beings))},
            )
        )
    return state.beings[found]


def with_known_names(state: Table, command: Command) -> Command:
    """``command`` with each being named as the table knows it (``ioana`` becomes « Ioana »).

    Raises:
        BadInputError: a name that no being of the table has (the known ones are listed).
    """
    if isinstance(command, SpendPowerPoints | RecoverPowerPoints | RollTest):
        return command.model_copy(update={"being": being_at(state, command.being).name})
    if isinstance(command, OpposedTest):
        return command.model_copy(
            update={
                "attacker": with_known_names(state, command.attacker),
                "defender": with_known_names(state, command.defender),
            }
        )
    return command


def check_new_being(state: Table, being: Being) -> None:
    """Refuse a being whose name is taken or whose PP exceed its maximum.

    Raises:
        BadInputError: naming the problem.
    """
    if match(being.name, state.beings) is not None:
        raise BadInputError(
            Message("insmv", N_("A being named '{name}' is already at the table."), {"name": being.name})
        )
    if being.power_points is not None and being.power_points > being.max_power_points:
        raise BadInputError(
            Message(
                "insmv",
                N_("{name} cannot have {left} power points: the maximum is {maximum}."),
                {"name": being.name, "left": being.power_points, "maximum": being.max_power_points},
            )
        )


def request_of(command: RollTest | Tested) -> TestRequest:
    """The test a command (its value resolved from the sheet) or its event asks for."""
    assert command.value is not None  # resolved by sheet.resolve for a command
    return TestRequest(
        command.value, command.difficulty, command.shift, command.voluntary, command.untrained_malus
    )


def _test_refusal(state: Table, command: RollTest) -> Refused | None:
    being = being_at(state, command.being)
    resolve(being, command)
    if not command.possessed and command.cost is not None:
        raise BadInputError(
            Message("insmv", N_("A power not possessed cannot be used, so it costs nothing: remove --cost."))
        )
    return voluntary_shift_refusal(being.rules, command.voluntary) or (
        spend_refusal(being, command.cost) if command.cost is not None else None
    )


def _opposed_refusal(state: Table, command: OpposedTest) -> Refused | None:
    """« Lorsqu'un personnage tente une action et lorsqu'un autre souhaite se défendre ou l'en
    empêcher »: two beings, each test allowed on its own."""
    if command.attacker.being == command.defender.being:
        raise BadInputError(
            Message(
                "insmv",
                N_("An opposed test needs two beings: {name} cannot oppose itself."),
                {"name": command.attacker.being},
            )
        )
    return _test_refusal(state, command.attacker) or _test_refusal(state, command.defender)


def player_refusal(command: Command, actors: frozenset[str]) -> Refused | None:
    """Why a player who plays ``actors`` may not give ``command`` as it is: the column shift is the
    game master's (« Le maître de jeu peut souhaiter modifier les probabilités [...] en modifiant la
    colonne utilisée »), the voluntary shift the player's own, for their own being only (« Un joueur
    peut décider d'accorder, de lui-même, un décalage vers la gauche », 000_008acb24c72771e3.txt).
    ``None`` when they may (who gives a command at all is the server's: its actor)."""
    tests = (
        [(command.attacker, True), (command.defender, False)]
        if isinstance(command, OpposedTest)
        else [(command, True)]
        if isinstance(command, RollTest)
        else []
    )
    for test, acting in tests:
        if test.shift != 0:
            return Refused(
                Message(
                    "insmv",
                    N_("The column shift is the game master's: leave it at 0, the game master sets it."),
                ),
                rule="gm_shift",
            )
        if test.voluntary and not acting and test.being not in actors:
            return Refused(
                Message(
                    "insmv",
                    N_("{name}'s voluntary shift is for the one who plays {name} to choose."),
                    {"name": test.being},
                ),
                rule="voluntary_shift_of_another",
            )
    return None


def refusal(state: Table, command: Command) -> Refused | None:
    """Why the rules refuse ``command`` now (``None`` when they allow it); bad input raises.

    Raises:
        BadInputError: an unknown being, or a malformed test.
    """
    command = with_known_names(state, command)
    if isinstance(command, SpendPowerPoints):
        return spend_refusal(being_at(state, command.being), command.cost)
    if isinstance(command, RollTest):
        return _test_refusal(state, command)
    if isinstance(command, OpposedTest):
        return _opposed_refusal(state, command)
    return None


def decide(state: Table, command: Command, dice: DiceSource) -> list[Event]:
    """The events that ``command`` causes (a test's d666 from ``dice``).

    Raises:
        BadInputError: for an unknown or duplicate name or a malformed test.
        Refused: a pool short for the power, a voluntary shift beyond the being's limit.
    """
    if isinstance(command, AddBeing):
        check_new_being(state, command.being)
        return [BeingAdded(being=command.being)]
    command = with_known_names(state, command)
    assert not isinstance(command, AddBeing)
    problem = refusal(state, command)
    if problem is not None:
        raise problem
    if isinstance(command, SpendPowerPoints):
        return [PowerPointsSpent(name=command.being, cost=command.cost, power=command.power)]
    if isinstance(command, OpposedTest):
        return _opposed(state, command, dice)
    being = being_at(state, command.being)
    if isinstance(command, RecoverPowerPoints):
        amount = recovery_amount(being, command.days, command.at_rest)
        return [
            PowerPointsRecovered(
                name=command.being, days=command.days, at_rest=command.at_rest, amount=amount
            )
        ]
    return _test(state, being, command, dice)


def _tested(state: Table, being: Being, asked: RollTest, dice: DiceSource) -> tuple[Tested, list[Event]]:
    """The test rolled, and the PP it spends (« carburant »: by the table's option on a failure)."""
    command = resolve(being, asked)
    assert command.value is not None
    request = request_of(command)
    plan = plan_test(request, being.rules)  # checks the value and the shifts even for a missing power
    result = roll_test(plan, dice) if command.possessed else no_chance(request)
    tested = Tested(
        name=being.name,
        value=command.value,
        difficulty=command.difficulty,
        shift=command.shift,
        voluntary=command.voluntary,
        untrained_malus=command.untrained_malus,
        possessed=command.possessed,
        power=command.power,
        dice=result.dice,
        success=result.success,
        units=result.units,
        talent=command.talent,
        characteristic=command.characteristic,
    )
    spent: list[Event] = []
    if command.cost is not None and is_spent(result.success, state.options):
        spent.append(PowerPointsSpent(name=being.name, cost=command.cost, power=command.power))
    return tested, spent


def _test(state: Table, being: Being, command: RollTest, dice: DiceSource) -> list[Event]:
    tested, spent = _tested(state, being, command, dice)
    return [tested, *spent]


def _opposed(state: Table, command: OpposedTest, dice: DiceSource) -> list[Event]:
    """Both beings roll (A first, as the dice are read), then each spends its PP."""
    attacker, spent_a = _tested(state, being_at(state, command.attacker.being), command.attacker, dice)
    defender, spent_b = _tested(state, being_at(state, command.defender.being), command.defender, dice)
    return [
        OpposedTested(attacker=attacker, defender=defender, tie_winner=command.tie_winner),
        *spent_a,
        *spent_b,
    ]


TEMPLATE_VALUE = 3
"""The value of the test offered by :func:`legal` (a template: any value of the table UM goes)."""


def legal(state: Table, include_refused: bool = False) -> list[Legal[Command]]:
    """What each being may do now: spend PP, recover, test (and, on request, what is refused)."""
    found: list[Legal[Command]] = []
    names = sorted(state.beings)
    for attacker, defender in pairwise(names):
        duel = OpposedTest(
            attacker=RollTest(being=attacker, value=TEMPLATE_VALUE, cost=1),
            defender=RollTest(being=defender, value=TEMPLATE_VALUE),
        )
        problem = refusal(state, duel)
        if problem is None:
            found.append(Legal(attacker, "opposed", duel, 1, 1, {"defender": defender}))
        elif include_refused:
            found.append(Legal(attacker, "opposed", duel, 1, 1, {}, problem.rule, problem.message))
    for name in sorted(state.beings):
        being = state.beings[name]
        left, widest = being.current_power_points, being.rules.max_voluntary_shift
        candidates: list[tuple[str, Command, int, int]] = [
            ("spend", SpendPowerPoints(being=name, cost=1), 1, max(1, left)),
            ("recover", RecoverPowerPoints(being=name, days=1), 0, 0),
            ("test", RollTest(being=name, value=TEMPLATE_VALUE, voluntary=widest), 0, 0),
            ("power", RollTest(being=name, value=TEMPLATE_VALUE, cost=1), 1, max(1, left)),
        ]
        if 1 <= left < 2 * MAX_NUMBER:  # one PP more than the pool: refused
            candidates.append(("spend", SpendPowerPoints(being=name, cost=left + 1), left + 1, left + 1))
        for talent in being.talents[:1]:
            candidates.append(("test", RollTest(being=name, talent=talent.name), 0, 0))
        for characteristic in list(being.characteristics)[:1]:
            candidates.append(("test", RollTest(being=name, characteristic=characteristic), 0, 0))
        if widest < MAX_SHIFT:  # one column more than the kind allows: refused
            wider = RollTest(being=name, value=TEMPLATE_VALUE, voluntary=widest + 1)
            candidates.append(("test", wider, 0, 0))
        for kind, command, low, high in candidates:
            try:
                problem = refusal(state, command)
            except BadInputError:  # a sheet that names what it lacks: nothing to offer
                continue
            if problem is None:
                found.append(
                    Legal(
                        name, kind, command, low, high, {"power_points": left, "max_voluntary_shift": widest}
                    )
                )
            elif include_refused:
                found.append(Legal(name, kind, command, low, high, {}, problem.rule, problem.message))
    return found
