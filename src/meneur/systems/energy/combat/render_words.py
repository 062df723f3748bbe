"""The words the fight's explanations are made of (:mod:`meneur.systems.energy.combat.render`):
names, tokens with their plural, what an action took, halvings in the book's words (demi-succès,
quart de succès), a power's reinforcement or weakening, points on the battle plane."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from meneur.i18n import N_, Message
from meneur.systems.energy.combat.profile import Point
from meneur.systems.energy.combat.state import FightState
from meneur.systems.energy.combat.words import metres

DOMAIN = "energy_combat"


@dataclass(frozen=True)
class Listed(Message):
    """Several messages (or plain names) joined by ``sep`` when rendered."""

    items: tuple[Message | str, ...] = ()
    sep: str = ", "

    def render(self, lang: str | None = None) -> str:
        """Each item in ``lang``, joined."""
        return self.sep.join(i.render(lang) if isinstance(i, Message) else i for i in self.items)


def say(msgid: str, **params: Any) -> Message:
    return Message(DOMAIN, msgid, params)


def listed(items: Iterable[Message | str], sep: str = ", ") -> Listed:
    return Listed(DOMAIN, "", {}, tuple(items), sep)


def name_of(state: FightState, id: str) -> str | Message:
    if id == "gm" and not state.has(id):
        return say(N_("the GM"))
    return state.get(id).name if state.has(id) else id


def names_of(state: FightState, ids: Iterable[str]) -> str:
    return ", ".join(str(name_of(state, i)) for i in ids)


def both(state: FightState, ids: Iterable[str]) -> Message | str:
    """Names joined as a sentence does: "A, B and C" ("A, B et C")."""
    names = [str(name_of(state, i)) for i in ids]
    if len(names) < 2:
        return "".join(names)
    return say(N_("{names} and {last}"), names=", ".join(names[:-1]), last=names[-1])


def power_name(state: FightState, id: str, power: int | None) -> str:
    if power is None or not state.has(id):
        return "-"
    who = state.get(id)
    return who.power(power).name if who.has_power(power) or power < len(who.powers) else str(power)


def point(at: Point) -> str:
    """A position on the battle plane: (19, 0)."""
    return f"({metres(at[0])}, {metres(at[1])})"


def tokens(n: int) -> Message:
    """``n`` energy tokens with the right plural ("1 jeton", "3 jetons", "aucun jeton")."""
    if n == 0:
        return say(N_("no token"))
    return say(N_("1 token")) if n == 1 else say(N_("{n} tokens"), n=n)


def paying(n: int) -> Message:
    """What an action of fixed cost took: "pour 2 jetons", or "sans dépenser de jeton" (reinforcement)."""
    return say(N_("for {tokens}"), tokens=tokens(n)) if n else say(N_("without spending a token"))


def vigor_points(n: int) -> Message:
    """``n`` points of Vigueur with the right plural."""
    return say(N_("1 point of Vigueur")) if n == 1 else say(N_("{n} points of Vigueur"), n=n)


def half(times: int) -> Message:
    """A halving in the book's words: demi-succès, quart de succès, else the divisor."""
    if times == 1:
        return say(N_("in half success"))
    if times == 2:
        return say(N_("in quarter success"))
    return say(N_("divided by {divisor}"), divisor=2**times)


def modifier(value: int) -> Message:
    """A power's reinforcement (+X) or weakening (-X)."""
    if value >= 0:
        return say(N_("reinforcement +{value}"), value=value)
    return say(N_("weakening −{value}"), value=-value)
