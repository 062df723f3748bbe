"""Where an INS/MV test lands on the table UM, as the pages show it (``insmv/_um.html``): on the
session page beside a test's button and on the ``/insmv`` page, from the rules' own plan and odds."""

from __future__ import annotations

from typing import Any

from meneur.systems.insmv.odds import odds_of
from meneur.systems.insmv.resolution import TestPlan
from meneur.systems.insmv.table_um import TableUM, table_um


def um_view(plan: TestPlan, table: TableUM | None = None) -> dict[str, Any]:
    """A test's place on the table UM and its odds: the column (from the value's column, with the
    shift), the row's cells, the cell that decides, success, failure, 111, 666 and the units of a
    success, in per cent."""
    table = table or table_um()
    found = odds_of(plan)
    cells = table.cells[plan.request.row]
    return {
        "column": plan.column,
        "start": plan.start_column,
        "shift": plan.request.total_shift,
        "labels": table.labels,
        "cells": cells,
        "cell": plan.threshold,
        "automatic": plan.automatic.value if plan.automatic is not None else None,
        "success": float(found.success) * 100,
        "failure": float(found.failure) * 100,
        "divine": float(found.divine) * 100,
        "infernal": float(found.infernal) * 100,
        "units": sorted((u, float(p) * 100) for u, p in found.success_units.items()),
    }
