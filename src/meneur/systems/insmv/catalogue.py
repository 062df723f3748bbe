"""The book's data for INS/MV: the rules of each kind of being.

The voluntary-shift limits are the rule text's ("Un Ange ou un Démon ne peut pas décaler
volontairement son jet de plus de 5 colonnes", 000_008acb24c72771e3.txt). The power-point modifiers
and recovery rates are not in our sources: the defaults below (0 and 0) are placeholders the game
master replaces per being; complete rest still gives 1 PP per 24 hours (see docs/rulings/insmv.md).
The table UM itself is data too: :mod:`meneur.systems.insmv.table_um`.
"""

from __future__ import annotations

from types import MappingProxyType

from meneur.errors import BadInputError
from meneur.i18n import N_, Message
from meneur.systems.insmv.model import BeingKind, KindRules, build
from meneur.systems.insmv.words import KIND_SHOWN, KIND_WORDS, choices, lookup

ANGEL_OR_DEMON_MAX_SHIFT = 5
AVATAR_MAX_SHIFT = 10

DEFAULT_KIND_RULES: MappingProxyType[BeingKind, KindRules] = MappingProxyType(
    {
        kind: KindRules(
            max_voluntary_shift={
                BeingKind.ANGEL: ANGEL_OR_DEMON_MAX_SHIFT,
                BeingKind.DEMON: ANGEL_OR_DEMON_MAX_SHIFT,
                BeingKind.ARCHANGEL_AVATAR: AVATAR_MAX_SHIFT,
                BeingKind.DEMON_PRINCE_AVATAR: AVATAR_MAX_SHIFT,
            }.get(kind, 0)
        )
        for kind in BeingKind
    }
)


def rules_for(kind: BeingKind, **overrides: int) -> KindRules:
    """The default rules of ``kind`` with the game master's ``overrides`` (fields of KindRules).

    Raises:
        BadInputError: when an override is out of range.
    """
    return build(KindRules, {**DEFAULT_KIND_RULES[kind].model_dump(), **overrides})


KIND_LABELS: MappingProxyType[BeingKind, str] = MappingProxyType(
    {
        BeingKind.HUMAN: N_("human"),
        BeingKind.ANGEL: N_("Angel"),
        BeingKind.DEMON: N_("Demon"),
        BeingKind.ARCHANGEL_AVATAR: N_("avatar of an Archangel"),
        BeingKind.DEMON_PRINCE_AVATAR: N_("avatar of a Demon Prince"),
        BeingKind.UNDEAD: N_("undead"),
        BeingKind.FAMILIAR: N_("familiar"),
        BeingKind.SUCCUBUS: N_("succubus"),
        BeingKind.SON_OF_GOD: N_("son of God"),
        BeingKind.INTELLIGENT_WEAPON: N_("intelligent weapon"),
        BeingKind.ANIMAL: N_("animal"),
        BeingKind.OTHER: N_("other being"),
    }
)


def kind_label(kind: BeingKind) -> Message:
    """The book's name of a kind of being, translated when shown."""
    return Message("insmv", KIND_LABELS[kind])


def parse_kind(text: str) -> BeingKind:
    """Read a kind of being: the book's French word (``ange``, ``démon``…) or its key (``angel``).

    Raises:
        BadInputError: for an unknown key, listing the known ones.
    """
    try:
        return BeingKind(lookup(text, KIND_WORDS))
    except ValueError:
        raise BadInputError(
            Message(
                "insmv",
                N_("Unknown kind of being '{value}': choose one of {choices}."),
                {"value": text, "choices": choices(KIND_SHOWN)},
            )
        ) from None
