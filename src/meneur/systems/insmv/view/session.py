"""INS/MV's parts of the shared session page (:class:`meneur.web.games.GamePages`): each being's
card, the buttons' words, and before a test is rolled where it lands on the table UM and its odds,
computed by the rules from the being's sheet (:mod:`meneur.systems.insmv.odds`), with the row and
the game master's shift chosen beside the button (each side's in an opposed test)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from meneur.engine.codec import with_fields
from meneur.i18n import N_, Message, translate
from meneur.server.services.sessions import LogOut
from meneur.systems.insmv.catalogue import KIND_LABELS
from meneur.systems.insmv.commands import OpposedTest, RollTest, being_at, request_of
from meneur.systems.insmv.odds import odds_of, opposed_winner_odds
from meneur.systems.insmv.resolution import plan_test
from meneur.systems.insmv.sheet import resolve
from meneur.systems.insmv.table_um import Difficulty
from meneur.systems.insmv.view.setup import setup_of
from meneur.systems.insmv.view.table_um import um_view
from meneur.web.game_choices import text
from meneur.web.game_odds import Odds
from meneur.web.game_parts import Facts, Parts, Rows
from meneur.web.game_words import field_words
from meneur.web.games import GamePages

COMMAND_WORDS: dict[str, str] = {
    "add_being": N_("add a being"),
    "spend": N_("spend power points"),
    "recover": N_("recover power points"),
    "test": N_("test"),
    "power": N_("use a power"),
    "opposed": N_("opposed test"),
}
"""The buttons' words for the engine's command names (a label, not a rule)."""

EXAMPLE: dict[str, Any] = {
    "beings": [
        {
            "name": "Yves",
            "kind": "angel",
            "will": 4,
            "rules": {"max_voluntary_shift": 5},
            "characteristics": {"Force": 2, "Présence": 3},
            "talents": [{"name": "Discussion", "characteristic": "Présence", "malus": 1, "value": 4}],
            "powers": {"Charme": 3},
        },
        {
            "name": "Asmo",
            "kind": "demon",
            "will": 3,
            "rules": {"max_voluntary_shift": 5},
            "characteristics": {"Force": 3},
        },
    ]
}
"""Two beings to start from in the new-session form (:attr:`meneur.engine.plugin.SessionKind.example`)."""

OPPOSED_ROLES = {"a": N_("Attacker: {name}"), "b": N_("Defender: {name}")}
"""The words of each side of an opposed test (« A : le personnage qui tente l'action. B : le
personnage qui tente de l'en empêcher »)."""

CHOICES = "insmv/_choices.html"
DETAILS = "insmv/_details.html"
"""The templates of what is chosen beside a test's button, and of where it lands on the table UM."""


@dataclass
class Side:
    """One side of an opposed test: ``part`` (``a`` the attacker, ``b`` the defender: its fields'
    suffix on the page), ``title`` (its role and the being's name), where its test lands on the
    table UM and the choices it leaves open, as :class:`TestChoices` has them for a single test."""

    part: str
    title: str
    um: dict[str, Any] | None
    rows: list[tuple[str, str]]
    difficulty: str
    shift: int
    voluntary: int = 0
    voluntary_max: int = 0


@dataclass
class TestChoices:
    """What a test's button shows beside its odds: where it lands on the table UM (``um``:
    :func:`meneur.systems.insmv.view.table_um.um_view`) and the choices it leaves open (the row and
    the game master's shift; ``rows`` empty for a talent not possessed, always very hard); for an
    opposed test, the same for each side in ``sides``."""

    um: dict[str, Any] | None = None
    rows: list[tuple[str, str]] = field(default_factory=list)
    difficulty: str = ""
    shift: int = 0
    sides: list[Side] = field(default_factory=list)
    voluntary: int = 0
    voluntary_max: int = 0

    def __bool__(self) -> bool:
        """Whether anything is left to choose."""
        return bool(self.rows or self.sides or self.voluntary_max)


def _plan(state: Any, test: Any) -> tuple[Any, Any]:
    """A being's test as the engine plans it: the request from the being's sheet, and its plan on
    the table UM (``None`` for a power the being lacks: no chance, no roll)."""
    being = being_at(state, test.being)
    resolved = resolve(being, test)
    request = request_of(resolved)
    plan = plan_test(request, being.rules)  # checks the value and the shifts even for a missing power
    return request, plan if resolved.possessed else None


def _rows_of(request: Any, lang: str) -> list[tuple[str, str]]:
    """The rows a test may be made on (none for a talent not possessed: always very hard)."""
    if request.untrained_malus is not None:
        return []
    return [(d.value, d.label.render(lang)) for d in Difficulty]


def _single(state: Any, command: RollTest, lang: str) -> Odds:
    request, plan = _plan(state, command)
    um = um_view(plan) if plan is not None else None
    if um is None:  # a power the being lacks: no chance, no roll
        found = odds_of(None)
        chances = [float(p) * 100 for p in (found.success, found.failure, found.divine, found.infernal)]
    else:
        chances = [um["success"], um["failure"], um["divine"], um["infernal"]]
    words = [translate("web", N_("success"), lang), translate("web", N_("failure"), lang), "111", "666"]
    widest = being_at(state, command.being).rules.max_voluntary_shift
    choices = TestChoices(
        um,
        _rows_of(request, lang),
        request.row.value,
        request.gm_shift,
        voluntary=request.voluntary_shift,
        voluntary_max=widest,
    )
    return Odds(list(zip(words, chances, strict=True)), choices=choices, template=CHOICES, details=DETAILS)


def _opposed(state: Any, command: OpposedTest, lang: str) -> Odds:
    """« Le résultat le plus important indique le vainqueur du conflit »: who wins, from the rules'
    own :func:`meneur.systems.insmv.odds.opposed_winner_odds`, and each side's place on the table."""
    sides, plans = [], []
    for part, test in (("a", command.attacker), ("b", command.defender)):
        request, plan = _plan(state, test)
        plans.append(plan)
        title = Message("web", OPPOSED_ROLES[part], {"name": test.being}).render(lang)
        um = um_view(plan) if plan is not None else None
        widest = being_at(state, test.being).rules.max_voluntary_shift
        rows = _rows_of(request, lang)
        sides.append(
            Side(part, title, um, rows, request.row.value, request.gm_shift, request.voluntary_shift, widest)
        )
    found = opposed_winner_odds(plans[0], plans[1], state.options)
    words = {
        "attacker": Message("web", N_("{name} wins"), {"name": command.attacker.being}).render(lang),
        "defender": Message("web", N_("{name} wins"), {"name": command.defender.being}).render(lang),
        "both_failed": translate("web", N_("both fail"), lang),
        "tie": translate("web", N_("tie (the game master decides)"), lang),
    }
    outcomes = [(words[key], float(chance) * 100) for key, chance in found.items()]
    return Odds(outcomes, choices=TestChoices(sides=sides), template=CHOICES, details=DETAILS)


def chosen_test(fields: dict[str, Any], difficulty: str, shift: str, voluntary: str = "") -> dict[str, Any]:
    """A test's fields with the row, the game master's shift and the voluntary shift chosen (a field
    left out of the form keeps the command's own).

    Raises:
        ValueError: a shift that is not a whole number.
    """
    fields = dict(fields)
    if difficulty.strip():
        fields["difficulty"] = difficulty.strip()
    if shift.strip() and int(shift) != 0:
        fields["shift"] = int(shift)
    if voluntary.strip():
        fields["voluntary"] = int(voluntary)
    return fields


class InsmvParts(Parts):
    """INS/MV's parts of a session page (a :class:`meneur.web.game_parts.GameParts`)."""

    words = COMMAND_WORDS
    setup_template: str | None = "insmv/_setup.html"

    def setup_of(self, form: Mapping[str, str], lang: str) -> Any:
        """The beings of the new-session form (:mod:`meneur.systems.insmv.view.setup`)."""
        return setup_of(form)

    def actors(self, state: Any) -> list[str]:
        """The beings: each one a player may take."""
        return list(state.beings)

    def is_rare(self, kind: str, fields: Any) -> bool:
        """Power points spent or recovered by hand (between scenes, or at the GM's word): folded away."""
        return kind in ("spend", "recover")

    def label(self, kind: str, fields: Any, lang: str) -> str:
        """The command and what it is given; an opposed test, its two sides."""
        if kind != "opposed" or not isinstance(fields, dict):
            return super().label(kind, fields, lang)
        word = translate("web", COMMAND_WORDS[kind], lang)
        sides = [field_words(side, fields.get(side), lang) for side in ("attacker", "defender")]
        return f"{word} — " + Message("web", N_("{a} against {b}"), {"a": sides[0], "b": sides[1]}).render(
            lang
        )

    def rows(self, state: Any, log: LogOut, lang: str) -> tuple[Rows, Facts]:
        """Each being's card: its sheet, its power points and its last test."""
        tests = tests_of(log)
        rows = [
            {
                "last_test": (last := next((t for t in reversed(tests) if t.get("name") == name), None)),
                "result": None
                if last is None
                else translate("web", RESULT_WORDS[bool(last.get("success"))], lang),
                "name": name,
                "kind": translate("insmv", KIND_LABELS[being.kind], lang),
                "will": being.will,
                "power_points": being.current_power_points,
                "power_points_max": being.max_power_points,
                "characteristics": dict(being.characteristics),
                "talents": [(t.name, t.characteristic, t.value) for t in being.talents],
                "talents_text": " · ".join(
                    f"{t.name} ({t.characteristic}{'' if t.value is None else f', {t.value}'})"
                    for t in being.talents
                ),
                "powers": dict(being.powers),
            }
            for name, being in state.beings.items()
        ]
        return rows, []

    def odds(self, state: Any, command: Any, lang: str) -> Odds:
        """A test's odds and where it lands on the table UM; an opposed test's, for each side."""
        if isinstance(command, OpposedTest):
            return _opposed(state, command, lang)
        if isinstance(command, RollTest):
            return _single(state, command, lang)
        return Odds()

    def choose(self, wire: Any, data: Any) -> Any:
        """The test with the row and the shift chosen (each side's in an opposed test)."""

        def change(name: str, fields: dict[str, Any]) -> dict[str, Any]:
            if name == "test":
                fields = chosen_test(
                    fields, text(data, "difficulty"), text(data, "shift"), text(data, "voluntary")
                )
            if name == "opposed":
                for side, part in (("attacker", "a"), ("defender", "b")):
                    if isinstance(fields.get(side), dict):
                        chosen = (
                            text(data, f"difficulty_{part}"),
                            text(data, f"shift_{part}"),
                            text(data, f"voluntary_{part}"),
                        )
                        fields[side] = chosen_test(fields[side], *chosen)
            return fields

        return with_fields(wire, change)

    def settle(self, state: Any, data: Any, found: Odds, again: Callable[[], Odds]) -> Odds:
        """Refused choices: the test's own odds, with the rows still as chosen beside the reason."""
        if found.error is None:
            return found
        kept = again()
        choices = kept.choices
        if isinstance(choices, TestChoices):
            rows = {"a": text(data, "difficulty_a"), "b": text(data, "difficulty_b")}
            sides = [replace(side, difficulty=rows[side.part] or side.difficulty) for side in choices.sides]
            difficulty = text(data, "difficulty") or choices.difficulty
            choices = replace(choices, difficulty=difficulty, sides=sides)
        return replace(kept, error=found.error, choices=choices)


PARTS = InsmvParts()
PAGES = GamePages(PARTS)
"""INS/MV's view adapter (:attr:`meneur.engine.plugin.Game.view`)."""


RESULT_WORDS = {True: N_("success"), False: N_("failure")}
"""A test's result as the book says it (« une éventuelle réussite (ou un échec…) »)."""


def tests_of(log: LogOut) -> list[dict[str, Any]]:
    """Every test of the log, oldest first, each with its result in the book's word (« réussite »,
    « échec »): a test alone, and both sides of an opposed test (who acts, then who resists)."""
    found: list[dict[str, Any]] = []
    for entry in log.log:
        for event in entry.events:
            if not isinstance(event, dict):
                continue
            opposed = event.get("opposed_tested")
            sides = [opposed.get(s) for s in ("attacker", "defender")] if isinstance(opposed, dict) else []
            found += [t for t in (event.get("tested"), *sides) if isinstance(t, dict)]
    return found
