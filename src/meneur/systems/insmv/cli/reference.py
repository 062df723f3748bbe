"""``insmv table``, ``insmv kinds`` and ``insmv affected``: the book's tables and who a power affects."""

from __future__ import annotations

import typer

from meneur.cli.output import console, guarded, print_json
from meneur.i18n import Translator
from meneur.systems.insmv.catalogue import DEFAULT_KIND_RULES, kind_label, parse_kind
from meneur.systems.insmv.cli import options as o
from meneur.systems.insmv.human_only import (
    DEFAULT_BODIES,
    human_only_reason,
    is_affected_by_human_only_power,
    parse_body,
)
from meneur.systems.insmv.narration import signed
from meneur.systems.insmv.table_um import Difficulty, table_um
from meneur.systems.insmv.words import KIND_SHOWN

_ = Translator("insmv")


def _capitalized(text: str) -> str:
    return text[:1].upper() + text[1:]


def _register_table(app: typer.Typer) -> None:
    @app.command("table", help=_("Show the table UM."))
    @guarded
    def table_command(as_json: bool = o.as_json()) -> None:
        """Show the table UM."""
        table = table_um()
        if as_json:
            print_json(
                {"labels": list(table.labels), "rows": {d.value: list(table.cells[d]) for d in Difficulty}}
            )
            return
        out = console()
        out.print(" ".join(f"{label or '':>3}" for label in table.labels), markup=False)
        for row in Difficulty:
            cells = " ".join(f"{cell:>3}" for cell in table.cells[row])
            out.print(f"{cells}  {row.label.render()}", markup=False)


def _register_kinds(app: typer.Typer) -> None:
    @app.command(
        "kinds",
        help=_("The kinds of being and their default rules (the game master may change them per being)."),
    )
    @guarded
    def kinds_command(as_json: bool = o.as_json()) -> None:
        """The kinds of being and their default rules (the game master may change them per being)."""
        if as_json:
            print_json({kind.value: rules.model_dump() for kind, rules in DEFAULT_KIND_RULES.items()})
            return
        for kind, rules in DEFAULT_KIND_RULES.items():
            console().print(
                _(
                    "{kind} (type --kind {word}): voluntary shift up to {shift}, PP modifier"
                    " {modifier}, recovery without rest {recovery} PP per 24 hours",
                    kind=_capitalized(kind_label(kind).render()),
                    word=KIND_SHOWN[kind.value],
                    shift=rules.max_voluntary_shift,
                    modifier=signed(rules.power_point_modifier),
                    recovery=rules.recovery_per_day,
                ),
                markup=False,
            )
        console().print(
            _(
                "The power-point modifiers and recovery rates are not in our sources: these are"
                " placeholders. Set each being's with 'being add --pp-modifier N --recovery N'."
                " At complete rest (pp recover --rest) every being recovers at least 1 PP per"
                " 24 hours."
            ),
            markup=False,
        )


def _register_affected(app: typer.Typer) -> None:
    @app.command(
        "affected", help=_("Whether a power that affects only human beings affects a being of this kind.")
    )
    @guarded
    def affected_command(
        kind: str = typer.Option(
            ..., "--kind", help=_("Kind of being (humain, ange, démon… see 'insmv kinds').")
        ),
        body: str | None = typer.Option(
            None,
            "--body",
            help=_("What the being is incarnated in: humain, créé, animal, objet (default: its kind's)."),
        ),
        as_json: bool = o.as_json(),
    ) -> None:
        """Whether a power that affects only human beings affects a being of this kind."""
        being_kind = parse_kind(kind)
        being_body = DEFAULT_BODIES[being_kind] if body is None else parse_body(body)
        affected = is_affected_by_human_only_power(being_kind, being_body)
        reason = human_only_reason(being_kind, being_body).render()
        if as_json:
            print_json(
                {"kind": being_kind.value, "body": being_body.value, "affected": affected, "reason": reason}
            )
        else:
            console().print(reason, markup=False)


def register(app: typer.Typer) -> None:
    """Add ``table``, ``kinds`` and ``affected``."""
    _register_table(app)
    _register_kinds(app)
    _register_affected(app)
