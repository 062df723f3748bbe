"""Reading the options of ``meneur carpathes`` (combatants, talents) and writing odds in words.

Only the shape of what was typed is checked here (``NAME:PHYSIQUE``, ``NAME=BONUS``) and each number
against its range, with the range in the message; the rules live in the core.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from meneur.errors import BadInputError
from meneur.i18n import N_, Message, Translator
from meneur.i18n.numbers import chance_text, percent
from meneur.systems.carpathes.events import NpcEntry
from meneur.systems.carpathes.initiative import Combatant
from meneur.systems.carpathes.model import (
    BONUS_MAX,
    BONUS_MIN,
    TIER_LABELS,
    TRAIT_MAX,
    TRAIT_MIN,
    RollMode,
    Tier,
    check_range,
)
from meneur.systems.carpathes.resolution import mode_from
from meneur.systems.carpathes.words import key_for

_ = Translator("carpathes")

MODE_LABELS: dict[RollMode, str] = {
    RollMode.NORMAL: N_("plain 2D6"),
    RollMode.ADVANTAGE: N_("advantage, 3D6 keep the 2 best"),
    RollMode.DISADVANTAGE: N_("disadvantage, 3D6 keep the 2 worst"),
}


def bad(msgid: str, **params: object) -> BadInputError:
    """Bad input, said in the ``carpathes`` domain."""
    return BadInputError(Message("carpathes", msgid, dict(params)))


def _number(text: str) -> bool:
    return text.lstrip("-").isdecimal()


def parse_fighter(spec: str) -> Combatant:
    """``NAME:PHYSIQUE[:pc][:surprise][:off_guard][:wounded][:talent=N]`` (``wounded``: a serious
    wound awaiting care, disadvantage)."""
    parts = spec.split(":")
    if len(parts) < 2 or not parts[0] or not _number(parts[1]):
        raise bad(
            N_("Combatant '{spec}' should read NAME:PHYSIQUE[:pj][:surprise][:depourvu][:talent=N]."),
            spec=spec,
        )
    flags, talent = set(), 0
    for flag in parts[2:]:
        if flag.startswith("talent=") and _number(flag[7:]):
            talent = int(flag[7:])
        elif (key := key_for("CombatantFlag", flag, ["pc", "surprise", "off_guard", "wounded"])) is not None:
            flags.add(key)
        else:
            raise bad(
                N_(
                    "Unknown combatant flag '{flag}'; use pj (pc), surprise, depourvu (off_guard),"
                    " blesse (wounded) or talent=N."
                ),
                flag=flag,
            )
    return Combatant(
        parts[0],
        int(parts[1]),
        "pc" in flags,
        talent,
        "surprise" in flags,
        "off_guard" in flags,
        "wounded" in flags,
    )


def parse_npc(spec: str) -> NpcEntry:
    """``NAME:PHYSIQUE[:talent=N]``, or ``NAME`` alone for an NPC of the chronicle (its sheet):
    surprise and off-guard have their own options."""
    if spec and ":" not in spec:
        return NpcEntry(name=spec)
    fighter = parse_fighter(spec)
    if fighter.is_pc or fighter.surprise or fighter.off_guard or fighter.disadvantage:
        raise bad(
            N_(
                "NPC '{spec}' should read NAME:PHYSIQUE[:talent=N]; use --surprise NAME or"
                " --off-guard NAME for the first round."
            ),
            spec=spec,
        )
    check_range(Message("carpathes", N_("Physique")), fighter.physical, TRAIT_MIN, TRAIT_MAX)
    check_range(Message("carpathes", N_("The talent bonus")), fighter.talent_bonus, BONUS_MIN, BONUS_MAX)
    return NpcEntry(name=fighter.name, physical=fighter.physical, talent_bonus=fighter.talent_bonus)


def parse_talents(specs: Sequence[str]) -> dict[str, int]:
    """``NAME=BONUS`` options, each once, each bonus in range."""
    talents: dict[str, int] = {}
    for spec in specs:
        name, sep, value = spec.partition("=")
        name = name.strip()
        if not sep or not name or not _number(value.strip()):
            raise bad(N_("Talent '{spec}' should read NAME=BONUS, e.g. escrime=2."), spec=spec)
        if name in talents:
            raise bad(N_("Talent '{name}' is given twice; give each talent once."), name=name)
        check_range(
            Message("carpathes", N_("The bonus of talent '{name}'"), {"name": name}),
            int(value),
            BONUS_MIN,
            BONUS_MAX,
        )
        talents[name] = int(value)
    return talents


def cancel_note(advantage: bool, disadvantage: bool) -> list[Message]:
    """Say so when advantage and disadvantage both apply and cancel out."""
    if advantage and disadvantage and mode_from(True, True) is RollMode.NORMAL:
        return [Message("carpathes", N_("Advantage and disadvantage cancel out: plain 2D6."))]
    return []


def plain_chance(chance: str) -> str:
    """A ``"n/d"`` chance for text: ``0`` and ``1`` plainly, with its percentage (2 decimals)."""
    numerator, _sep, denominator = chance.partition("/")
    value = Fraction(int(numerator), int(denominator or 1))
    return _("{chance} ({percent})", chance=chance_text(value), percent=percent(value))


def odds_lines(chances: dict[str, str], labels: dict[str, str] | None = None) -> list[Message]:
    """One line per tier (or per wound, with ``labels``): « Odds of full success: 5/18 (27.78%) »."""
    names = labels or {tier.value: TIER_LABELS[tier] for tier in Tier}
    return [
        Message(
            "carpathes",
            N_("Odds of {tier}: {chance}"),
            {"tier": Message("carpathes", names[key]), "chance": plain_chance(chance)},
        )
        for key, chance in chances.items()
    ]


def dice_message(entered: int, mode: RollMode, count: int) -> Message:
    """Entered dice that do not fit a roll: how many were entered, how many it uses and why."""
    return Message(
        "carpathes",
        N_("{entered} dice were entered. This roll uses {count} dice ({mode})."),
        {"entered": entered, "count": count, "mode": Message("carpathes", MODE_LABELS[mode])},
    )
