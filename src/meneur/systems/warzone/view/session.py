"""Warzone's parts of the shared session page (:class:`meneur.web.games.GamePages`): each model's
card, the violence table, the buttons' words and the outcomes a power test's button shows before
rolling, computed by the rules with the model's table options (:mod:`.outcomes`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meneur.i18n import N_, translate
from meneur.server.services.sessions import LogOut
from meneur.systems.warzone.catalogue import VIOLENCE_TABLE
from meneur.systems.warzone.model import KIND_NAMES
from meneur.systems.warzone.odds import outcome_odds
from meneur.systems.warzone.turn import PHASE_NAMES
from meneur.systems.warzone.view import setup
from meneur.systems.warzone.view.outcomes import outcomes
from meneur.systems.warzone.violence import row_for
from meneur.web.game_odds import Odds
from meneur.web.game_parts import Facts, Parts, Rows
from meneur.web.game_view import events
from meneur.web.games import GamePages

OUTCOMES = {
    "absolute_success": "Absolute Success",
    "success": "Success",
    "failure": "Failure",
    "critical_failure": "Critical Failure",
}
"""The warzone catalog's words for the outcomes (``warzone/cli/rolls.py``)."""

WAKE_UP_WORDS = {"gets_up": N_("gets up"), "stays_down": N_("stays knocked down")}
"""The words of a knocked-down model's test to get up."""

COMMAND_WORDS: dict[str, str] = {
    "activate": N_("activate"),
    "declare": N_("declare techniques"),
    "technique": N_("test the next technique"),
    "spell": N_("cast a spell"),
    "act": N_("spend an action"),
    "end_activation": N_("end the activation"),
    "end_turn": N_("end the turn"),
    "wake": N_("test to get up"),
    "help_up": N_("help up"),
    "panic": N_("panic"),
}
"""The buttons' words for the engine's command names (a label, not a rule)."""

EXAMPLE: dict[str, Any] = {
    "figures": [
        {
            "name": "Mystic",
            "power": 14,
            "leadership": 12,
            "actions": 3,
            "powers": [
                {"name": "Bolt", "kind": "spell", "difficulty": 2, "actions": 2},
                {"name": "Shield", "kind": "technique", "difficulty": 1},
                {"name": "Haste", "kind": "technique", "difficulty": 3},
            ],
        }
    ]
}
"""A squad to start from in the new-session form (:attr:`meneur.engine.plugin.SessionKind.example`)."""


def words_of(found: dict[str, Any], lang: str) -> list[tuple[str, float]]:
    """The chances the rules computed, in per cent, each with its words."""
    return [
        (
            translate("web", WAKE_UP_WORDS[key], lang)
            if key in WAKE_UP_WORDS
            else translate("warzone", OUTCOMES[key], lang),
            float(chance) * 100,
        )
        for key, chance in found.items()
    ]


def power_test_outcomes(spec: Any, lang: str, options: Any = None) -> list[tuple[str, float]]:
    """The four outcomes of a power test and their chances, in per cent (with the table's
    ``options``: the book's when ``None``)."""
    return words_of(outcome_odds(spec, options), lang)


def _violence_table(lang: str) -> list[dict[str, Any]]:
    return [
        {"low": row.low, "high": row.high, "label": row.label, "text": translate("warzone", row.text, lang)}
        for row in VIOLENCE_TABLE
    ]


def activation_tests(state: Any, log: LogOut) -> dict[str, list[dict[str, Any]]]:
    """Each model's techniques tested in its activation now (or its last one), in order: the
    logged power test of each (« wykonujemy testy mocy dla każdej z technik osobno »), so a card
    tells a failed one as failed."""
    found: dict[str, list[dict[str, Any]]] = {name: [] for name in state.models}
    for entry in log.log:
        for event in entry.events:
            if not isinstance(event, dict) or len(event) != 1:
                continue
            kind, fields = next(iter(event.items()))
            if not isinstance(fields, dict):
                continue
            name = fields.get("model") or state.first
            if kind == "activation_started" and name in found:
                found[name] = []
            elif kind == "power_tested" and fields.get("kind") == "technique" and name in found:
                found[name].append(fields)
    return found


def _tested(test: dict[str, Any], lang: str) -> dict[str, Any]:
    key = test["critical"] or ("success" if test["success"] else "failure")
    return {"success": bool(test["success"]), "word": translate("warzone", OUTCOMES[key], lang)}


class WarzoneParts(Parts):
    """Warzone's parts of a session page (a :class:`meneur.web.game_parts.GameParts`)."""

    words = COMMAND_WORDS
    setup_template: str | None = "warzone/_setup.html"

    def setup_of(self, form: Mapping[str, str], lang: str) -> Any:
        """The battle's setup from the new-session form (:mod:`.setup`)."""
        return setup.setup_of(form)

    def label(self, kind: str, fields: Any, lang: str) -> str:
        """The command and what it is given; a declaration of no technique says so (« aucune
        technique »: "at most three, maybe none"), where an empty list would say nothing."""
        found = super().label(kind, fields, lang)
        if kind == "declare" and isinstance(fields, dict) and not fields.get("names"):
            none = translate("web", N_("no technique"), lang)
            return f"{found}, {none}"
        return found

    def actors(self, state: Any) -> list[str]:
        """The squad's models: each one a player may take (the opponents stay the GM's)."""
        return list(state.squad)

    def rows(self, state: Any, log: LogOut, lang: str) -> tuple[Rows, Facts]:
        """Each model's card: its figure, its turn, its techniques of this activation each with its
        outcome, its last power test and violence roll; an opponent's card says the GM plays it."""
        tests = events(log, "power_tested")
        violence = events(log, "violence_rolled")
        tested = activation_tests(state, log)
        rows = []
        for name, model in state.models.items():
            last = next((t for t in reversed(tests) if (t.get("model") or state.first) == name), None)
            rolled = next((v for v in reversed(violence) if (v.get("model") or state.first) == name), None)
            outcome = None
            if last is not None:
                key = last["critical"] or ("success" if last["success"] else "failure")
                outcome = translate("warzone", OUTCOMES[key], lang)
            rows.append(
                {
                    "name": name,
                    "power": model.figure.power,
                    "leadership": model.figure.leadership,
                    "actions": model.figure.actions,
                    "actions_left": model.actions_left,
                    "phase": translate("warzone", PHASE_NAMES[model.phase], lang),
                    "turn": model.turn,
                    "declared": list(model.declared),
                    "tested": model.techniques_tested,
                    "results": [_tested(t, lang) for t in tested[name]][: len(model.declared)],
                    "npc": state.side(name),
                    "played": not state.side(name),
                    "powers": [
                        {
                            "name": p.name,
                            "kind": translate("warzone", KIND_NAMES[p.kind], lang),
                            "difficulty": p.difficulty,
                            "actions": p.actions,
                        }
                        for p in model.figure.powers
                    ],
                    "penalty": model.penalty,
                    "cannot_concentrate": model.cannot_concentrate,
                    "knocked_down": model.knocked_down,
                    "panicked": model.panicked,
                    "wounds": model.wounds,
                    "last_test": last,
                    "last_success": last is not None and bool(last["success"]),
                    "outcome": outcome,
                    "critical": last is not None and last["critical"] is not None,
                    "violence": rolled,
                    "violence_rows": row_for(rolled["roll"]).label if rolled is not None else None,
                }
            )
        return rows, []

    def extra(self, lang: str) -> dict[str, Any]:
        """The violence table, shown after the buttons."""
        return {"violence": _violence_table(lang)}

    def odds(self, state: Any, command: Any, lang: str) -> Odds:
        """The outcomes the rules compute for ``command`` with the model's table options."""
        return Odds(words_of(outcomes(state, command), lang))


PARTS = WarzoneParts()
PAGES = GamePages(PARTS)
"""Warzone's view adapter (:attr:`meneur.engine.plugin.Game.view`)."""
