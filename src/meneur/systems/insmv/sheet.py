"""A being's sheet in a test: the value of a named characteristic, talent or power.

"chacun des deux protagonistes utilise le talent, la caractéristique ou le pouvoir concerné"; "Si un
personnage tente une action qui nécessite un talent qu'il ne possède pas, il utilise sa
caractéristique associée, mais (1) décalée d'un nombre de colonnes égal au malus [...]"
(000_008acb24c72771e3.txt). The being keeps its characteristics, talents and powers, so a test names
what is used and the value is read from the sheet; a test may still give the value itself.
"""

from __future__ import annotations

from collections.abc import Mapping

from meneur.errors import BadInputError
from meneur.i18n import N_, Message
from meneur.i18n.words import listing, match
from meneur.systems.insmv.catalogue import kind_label
from meneur.systems.insmv.model import Being, BeingKind, Talent
from meneur.systems.insmv.roll import RollTest

D = "insmv"


def _bad(msgid: str, **params: object) -> BadInputError:
    return BadInputError(Message(D, msgid, dict(params)))


def _named(table: Mapping[str, int], name: str, what: str, being: Being) -> tuple[str, int]:
    found = match(name, table)
    if found is not None:
        return found, table[found]
    known = listing(table)
    raise _bad(
        N_("{being} has no {what} '{name}' on its sheet (known: {known})."),
        being=being.name,
        what=Message(D, what),
        name=name,
        known=known,
    )


def talent_of(being: Being, name: str) -> Talent:
    """The talent ``name`` of the being's sheet (without regard to case and accents).

    Raises:
        BadInputError: the sheet has no such talent (the known ones are listed).
    """
    found = match(name, [t.name for t in being.talents])
    for talent in being.talents:
        if talent.name == found:
            return talent
    known = listing(t.name for t in being.talents)
    raise _bad(
        N_("{being} has no {what} '{name}' on its sheet (known: {known})."),
        being=being.name,
        what=Message(D, N_("talent")),
        name=name,
        known=known,
    )


def check_kind(being: Being, command: RollTest) -> None:
    """A kind or a voluntary-shift limit given with a test at the table must be the being's: the
    being's kind and rules decide (never silently ignored).

    Raises:
        BadInputError: the test names another kind or limit than the being's.
    """
    if command.kind is not None and command.kind is not being.kind:
        raise _bad(
            N_(
                "{being} is a {kind} at this table, not a {asked}: its kind decides its"
                " voluntary shifts; remove --kind or name another being."
            ),
            being=being.name,
            kind=_kind(being.kind.value),
            asked=_kind(command.kind.value),
        )
    limit = being.rules.max_voluntary_shift
    if command.max_shift is not None and command.max_shift != limit:
        raise _bad(
            N_(
                "{being}'s voluntary-shift limit at this table is {limit}, not {asked}: change it"
                " on the being, or remove --max-shift."
            ),
            being=being.name,
            limit=limit,
            asked=command.max_shift,
        )


def _kind(key: str) -> Message:
    return kind_label(BeingKind(key))


def resolve(being: Being, command: RollTest) -> RollTest:
    """The test with its value (and an untrained talent's malus) read from the being's sheet.

    Exactly one of ``value``, ``talent``, ``characteristic`` or a ``power`` on the sheet gives the
    value; a talent not possessed uses its characteristic with its malus.

    Raises:
        BadInputError: nothing or too much names the value, or the sheet lacks what is named.
    """
    check_kind(being, command)
    named = [x for x in (command.talent, command.characteristic) if x is not None]
    if len(named) + (command.value is not None) > 1:
        raise _bad(N_("Give one of --value, --talent or --characteristic, not several."))
    if command.talent is not None:
        if command.untrained_malus is not None:
            raise _bad(N_("The talent's malus is on the sheet: remove --untrained-malus."))
        talent = talent_of(being, command.talent)
        if talent.value is not None:
            return command.model_copy(update={"value": talent.value, "talent": talent.name})
        _, value = _named(being.characteristics, talent.characteristic, N_("characteristic"), being)
        return command.model_copy(
            update={"value": value, "talent": talent.name, "untrained_malus": talent.malus}
        )
    if command.characteristic is not None:
        key, value = _named(being.characteristics, command.characteristic, N_("characteristic"), being)
        return command.model_copy(update={"value": value, "characteristic": key})
    if command.value is not None:
        return command
    if command.power is not None and being.powers:
        key, value = _named(being.powers, command.power, N_("power"), being)
        return command.model_copy(update={"value": value, "power": key})
    raise _bad(
        N_("The test needs a value: give --value, or --talent or --characteristic from {being}'s sheet."),
        being=being.name,
    )
