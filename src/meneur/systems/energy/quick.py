"""Quick creation of a character by the GM's formula (pure).

"Pour créer rapidement un personnage, vous pouvez utiliser la formule ci-après"
(002_58e889a1abff3456.txt): attributes equal to the rank, half the rank in powers (rounded up),
a +1 reinforcement on one power when the rank is even.
"""

from __future__ import annotations

from collections.abc import Sequence

from meneur.errors import BadInputError
from meneur.i18n import N_, Message, Translator
from meneur.systems.energy import costs
from meneur.systems.energy.model import Attributes, Character, LivingStandard, Power, PowerCategory
from meneur.systems.energy.names import DOMAIN
from meneur.systems.energy.plural import counted

_ = Translator(DOMAIN)

DEFAULT_CATEGORIES: tuple[PowerCategory, ...] = (
    PowerCategory.OFF_D,
    PowerCategory.DEF,
    PowerCategory.OFF_C,
    PowerCategory.MOV,
    PowerCategory.SUP,
)
"""The order in which a quick NPC's unnamed powers are given: attack and defence first."""

DEFAULT_POWER_NAMES: dict[PowerCategory, str] = {
    PowerCategory.OFF_C: N_("Close attack"),
    PowerCategory.OFF_D: N_("Ranged attack"),
    PowerCategory.DEF: N_("Defence"),
    PowerCategory.MOV: N_("Movement"),
    PowerCategory.SUP: N_("Support"),
}
"""The name (a msgid) of a quick NPC's unnamed power of each category."""


def quick_npc(
    rank: int,
    name: str | None = None,
    powers: Sequence[tuple[str, PowerCategory]] | None = None,
    *,
    pc: bool = False,
) -> Character:
    """A character made with the quick formula.

    Args:
        rank: the power rank, 1 or more.
        name: the character's name (default: "NPC of rank N" in the current language).
        powers: ``(name, category)`` of each power, exactly half the rank rounded up; the first
            one gets the +1 reinforcement of an even rank (BRANDON: "Projectiles de feu (Off-D) +1").
            Default: generic powers in the order of :data:`DEFAULT_CATEGORIES`.
        pc: whether it is a player character.

    Raises:
        BadInputError: for a rank outside 1..``costs.MAX_RANK`` or a power list of the wrong length.
    """
    if not 1 <= rank <= costs.MAX_RANK:
        raise BadInputError(
            Message(
                DOMAIN,
                N_("rank: {rank} is not a rank meneur builds; give 1 to {high}."),
                {"rank": rank, "high": costs.MAX_RANK},
            )
        )
    count = costs.quick_power_count(rank)
    chosen = list(powers) if powers is not None else _default_powers(count)
    if len(chosen) != count:
        raise BadInputError(
            Message(
                DOMAIN,
                N_("powers: the quick formula gives {powers} at rank {rank}, not {given}."),
                {
                    "powers": counted(DOMAIN, N_("{count} power"), N_("{count} powers"), count),
                    "rank": rank,
                    "given": len(chosen),
                },
            )
        )
    bonus = 1 if rank % 2 == 0 else 0
    made = tuple(
        Power(name=power_name, category=category, modifier=bonus if index == 0 else 0)
        for index, (power_name, category) in enumerate(chosen)
    )
    return Character(
        name=name if name is not None else _("NPC of rank {rank}", rank=rank),
        rank=rank,
        pc=pc,
        attributes=Attributes(energy=rank, recovery=rank, vigor=rank),
        powers=made,
        living_standard=LivingStandard.PRECARIOUS,
    )


def _default_powers(count: int) -> list[tuple[str, PowerCategory]]:
    chosen = []
    for index in range(count):
        category = DEFAULT_CATEGORIES[index % len(DEFAULT_CATEGORIES)]
        label = _(DEFAULT_POWER_NAMES[category])
        round_ = index // len(DEFAULT_CATEGORIES)
        chosen.append((f"{label} {round_ + 1}" if round_ else label, category))
    return chosen
