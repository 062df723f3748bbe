"""Counted words: "1 case de stress", "3 cases de stress", "0 point restant" in each language's way.

A :class:`Counted` is a :class:`~meneur.i18n.Message` that picks its singular or plural msgid when it is
rendered, since the choice depends on the language: French puts 0 and 1 in the singular, English only 1.
"""

from __future__ import annotations

from dataclasses import dataclass

from meneur.i18n import Message, get_language


def takes_singular(count: int, lang: str) -> bool:
    """Whether ``count`` takes the singular in ``lang`` ("0 restant" in French, "0 left" in English)."""
    return abs(count) <= 1 if lang == "fr" else abs(count) == 1


@dataclass(frozen=True)
class Counted(Message):
    """``msgid`` (singular) or ``plural``, both with a ``{count}`` placeholder, chosen when rendered."""

    plural: str = ""
    count: int = 0

    def render(self, lang: str | None = None) -> str:
        """The singular or plural form, translated into ``lang`` (the current language by default)."""
        one = takes_singular(self.count, lang or get_language())
        return Message(
            self.domain, self.msgid if one else self.plural, {**self.params, "count": self.count}
        ).render(lang)


def counted(domain: str, one: str, many: str, count: int) -> Counted:
    """A counted phrase of ``domain``: ``counted(D, N_("{count} box"), N_("{count} boxes"), 3)``."""
    return Counted(domain, one, {}, plural=many, count=count)
