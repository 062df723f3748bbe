"""A fighter's sheet, one tap from the fight's page (the plugin's ``SessionKind.sheet`` of the
Energy fight, a :class:`meneur.web.sheets.Sheets`): its numbers now, as the viewer's state shows
them (an NPC's Vigueur may be a bar or hidden), then its character file's sheet, the builder's
(``energy/_sheet.html``), when the fight was given one (a hero of the book, a table's character).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from meneur.errors import MeneurError
from meneur.i18n import N_, Message, translate
from meneur.server.services.sessions import SessionView
from meneur.systems.energy.names import LIVING_STANDARD_NAMES
from meneur.systems.energy.view import builder
from meneur.web.sheets import Sheet


def _say(msgid: str, lang: str, **params: Any) -> str:
    return Message("web", msgid, params).render(lang) if params else translate("web", msgid, lang)


def _condition(key: str, lang: str) -> str:
    from meneur.systems.energy.combat.words import word

    found = word(key)
    return found.render(lang) if isinstance(found, Message) else str(found)


class FightSheets:
    """The fighters' sheets of an Energy fight."""

    def actors(self, view: SessionView) -> list[tuple[str, str]]:
        """Every fighter the viewer may see that has not left the fight, by id."""
        return [(c["id"], c["name"]) for c in view.state["combatants"] if not c.get("left")]

    def sheet(self, view: SessionView, setup: Any, actor: str, lang: str) -> Sheet:
        """The fighter's numbers now, and its character file's sheet when the fight has it."""
        found = next((c for c in view.state["combatants"] if c["id"] == actor), None)
        if found is None:
            raise LookupError(actor)
        return Sheet(
            name=found["name"], numbers=self._numbers(view, found, lang), **self._file(setup, actor, lang)
        )

    def _numbers(self, view: SessionView, c: dict[str, Any], lang: str) -> list[tuple[str, str]]:
        if c["vigor"] is not None:
            vigor = f"{c['vigor']}/{c['vigor_max']}"
        elif c.get("vigor_bar") is not None:
            vigor = _say(N_("about {percent} %"), lang, percent=round(100 * c["vigor_bar"]))
        else:
            vigor = _say(N_("hidden"), lang)
        conditions = [_condition(k, lang) for k in c["conditions"]]
        engine = view.engine
        powers = []
        if engine.has(c["id"]):
            who = engine.get(c["id"])
            powers = [
                str(who.power(i).name) for i in range(len(who.powers) + len(who.borrowed)) if who.has_power(i)
            ]
        numbers = [
            (_say(N_("Énergie"), lang), f"{c['energy']}/{c['energy_max']}"),
            (_say(N_("Défense"), lang), str(c["defense"])),
            (_say(N_("Vigueur"), lang), vigor),
            (_say(N_("Recovery"), lang), str(c["recovery"])),
            (_say(N_("Stress"), lang), str(c["stress"])),
            (_say(N_("Conditions"), lang), ", ".join(conditions) or _say(N_("none"), lang)),
        ]
        if powers:
            numbers.append((_say(N_("Powers"), lang), ", ".join(powers)))
        return numbers

    def _file(self, setup: Any, actor: str, lang: str) -> dict[str, Any]:
        """The builder's sheet of the fighter's character (a hero of the book, or a character given
        in the setup itself; a quick NPC and a fighter brought in later have none)."""
        from meneur.systems.energy.combat.files import CombatantEntry, character_of

        lines = setup.get("combatants") if isinstance(setup, dict) else None
        line = next((x for x in lines or () if isinstance(x, dict) and x.get("id") == actor), None)
        if line is None or (line.get("hero") is None and line.get("character") is None):
            return {}
        try:
            character = character_of(CombatantEntry.model_validate(line), Path("."))
        except (MeneurError, ValueError):
            return {}
        checked = builder.check(builder.form_data(character), lang)
        if checked.character is None:
            return {}
        return {
            "template": "energy/_sheet.html",
            "context": {
                "h": checked.character,
                "c": checked,
                "choices": builder.choices(lang),
                "states": builder.states_words(checked.character, lang),
                "stress_boxes": 10,
                "living": builder.energy_word(LIVING_STANDARD_NAMES[checked.character.living_standard], lang),
                "in_session": True,
            },
        }


SHEETS = FightSheets()
