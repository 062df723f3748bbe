"""Resources: living standards (niveaux de vie), savings boxes (cases d'économies) and debts.

Conventions: living standards are ordered from précaire to très riche; functions are pure and
return new characters. Rules from 002_58e889a1abff3456.txt, chapter on ressources.
"""

from __future__ import annotations

from dataclasses import dataclass

from meneur.errors import BadInputError, Refused
from meneur.i18n import N_, Message
from meneur.systems.energy.model import Character, LivingStandard

DOMAIN = "energy_campaign"

ORDER: tuple[LivingStandard, ...] = tuple(LivingStandard)

STANDARD_NAMES: dict[LivingStandard, str] = {
    LivingStandard.PRECARIOUS: N_("precarious"),
    LivingStandard.MODEST: N_("modest"),
    LivingStandard.COMFORTABLE: N_("comfortable"),
    LivingStandard.WELL_OFF: N_("well-off"),
    LivingStandard.RICH: N_("rich"),
    LivingStandard.VERY_RICH: N_("very rich"),
}

STANDARD_TEXTS: dict[LivingStandard, str] = {
    LivingStandard.PRECARIOUS: N_(
        "You live in a squat, on the street or in a shared, sordid flat. Money comes "
        "in little and irregularly. At this stage it is survival."
    ),
    LivingStandard.MODEST: N_(
        "You live in a small, unpretentious home and eat your fill every day, even if the "
        "quality of the meals leaves a lot to be desired. The ends of the month are "
        "always difficult."
    ),
    LivingStandard.COMFORTABLE: N_(
        "You live in a comfortable home and lack nothing, without living in luxury."
    ),
    LivingStandard.WELL_OFF: N_(
        "You live in a large home, enjoy refined food and dress elegantly. You can go "
        "out where and when you like and mix with high society."
    ),
    LivingStandard.RICH: N_(
        "You live in a very large home and certainly own several. Your servants do most "
        "chores while you focus on your activities in luxurious surroundings."
    ),
    LivingStandard.VERY_RICH: N_(
        "You live in a mansion and own at least one large company or run an important "
        "organisation. Few things are beyond your means."
    ),
}

DEBT_BOXES_PER_SAVINGS_BOX = 2
""""contracter une dette pour le coût d'une case d'économies pour deux cases de dettes"."""


def step_cost(standard: LivingStandard) -> int:
    """The savings boxes to reach ``standard`` from the level below: 1, 2, 4, 8, 16 (modeste..très riche)."""
    index = ORDER.index(standard)
    return 0 if index == 0 else 2 ** (index - 1)


def creation_cost(standard: LivingStandard) -> int:
    """The aptitude points a living standard costs at creation (table "Coût | Niveau de vie": 0..5)."""
    return ORDER.index(standard)


def purchase_cost(current: LivingStandard, required: LivingStandard) -> int:
    """Savings boxes for a good of level ``required``: each level above one's own, cumulated.

    "un personnage de niveau de vie précaire et qui souhaite acquérir un bien de niveau aisé doit
    dépenser 7 cases d'économies" (002_58e889a1abff3456.txt). Nothing for goods at or below one's level.
    """
    start, end = ORDER.index(current), ORDER.index(required)
    return sum(step_cost(level) for level in ORDER[start + 1 : end + 1])


@dataclass(frozen=True)
class Purchase:
    """A purchase: the levels climbed with what each cost, and the total."""

    current: LivingStandard
    required: LivingStandard
    steps: tuple[tuple[LivingStandard, int], ...]

    @property
    def cost(self) -> int:
        """Total savings boxes."""
        return sum(cost for _level, cost in self.steps)

    def to_json(self) -> dict[str, object]:
        """A JSON-ready description."""
        return {
            "current": self.current.value,
            "required": self.required.value,
            "cost": self.cost,
            "steps": [{"standard": s.value, "cost": c} for s, c in self.steps],
        }


def plan_purchase(current: LivingStandard, required: LivingStandard) -> Purchase:
    """The steps of a purchase above one's standard (empty when it is within it)."""
    start, end = ORDER.index(current), ORDER.index(required)
    return Purchase(
        current, required, tuple((level, step_cost(level)) for level in ORDER[start + 1 : end + 1])
    )


def buy(character: Character, required: LivingStandard) -> Character:
    """Spend the savings boxes a good of level ``required`` needs.

    Raises:
        Refused: when the character has fewer savings boxes than the cost.
    """
    cost = purchase_cost(character.living_standard, required)
    if cost > character.savings:
        raise Refused(
            Message(
                DOMAIN,
                N_(
                    "{name} needs {cost} savings boxes to buy a good of that standard but has "
                    "{savings}; a debt can provide more (one savings box for two debt boxes)."
                ),
                {"name": character.name, "cost": cost, "savings": character.savings},
            ),
            rule="savings",
        )
    return character.model_copy(update={"savings": character.savings - cost})


def _positive(boxes: int) -> None:
    if boxes < 1:
        raise BadInputError(
            Message(DOMAIN, N_("The number of boxes must be at least 1, not {boxes}."), {"boxes": boxes})
        )


def gain_savings(character: Character, boxes: int) -> Character:
    """Add savings boxes (money put aside, treasures to sell)."""
    _positive(boxes)
    return character.model_copy(update={"savings": character.savings + boxes})


def take_debt(character: Character, savings_boxes: int) -> Character:
    """Borrow ``savings_boxes`` savings boxes for twice as many debt boxes.

    "il peut contracter une dette pour le coût d'une case d'économies pour deux cases de dettes"
    (002_58e889a1abff3456.txt).
    """
    _positive(savings_boxes)
    return character.model_copy(
        update={
            "savings": character.savings + savings_boxes,
            "debts": character.debts + DEBT_BOXES_PER_SAVINGS_BOX * savings_boxes,
        }
    )


def repay(character: Character, debt_boxes: int) -> Character:
    """Repay debt boxes with savings boxes, one for one ("via la dépense d'économies").

    Raises:
        Refused: when repaying more than is owed or than is saved.
    """
    _positive(debt_boxes)
    if debt_boxes > character.debts:
        raise Refused(
            Message(
                DOMAIN,
                N_("{name} owes only {debts} debt boxes."),
                {"name": character.name, "debts": character.debts},
            ),
            rule="debts",
        )
    if debt_boxes > character.savings:
        raise Refused(
            Message(
                DOMAIN,
                N_("{name} has only {savings} savings boxes to repay with."),
                {"name": character.name, "savings": character.savings},
            ),
            rule="savings",
        )
    return character.model_copy(
        update={"savings": character.savings - debt_boxes, "debts": character.debts - debt_boxes}
    )


def set_living_standard(character: Character, standard: LivingStandard) -> Character:
    """ "Le MJ peut intervenir pour faire changer le niveau de vie du personnage au fil du temps"."""
    if standard is character.living_standard:
        raise Refused(
            Message(DOMAIN, N_("{name} already has that living standard."), {"name": character.name}),
            rule="living_standard",
        )
    return character.model_copy(update={"living_standard": standard})
