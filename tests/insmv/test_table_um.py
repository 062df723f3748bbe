"""The table UM is the shared CSV, shipped unchanged and read correctly."""

from __future__ import annotations

import itertools
import os
from importlib.resources import files
from pathlib import Path

import pytest

from meneur.errors import BadInputError
from meneur.systems.insmv.table_um import Difficulty, table_um
from tests.insmv.helpers import cell, column_of_label, csv_rows

SHARED = Path(os.environ.get("MENEUR_SHARED") or Path(__file__).resolve().parents[3] / "shared")
TABLE = SHARED / "data" / "insmv-table-um.csv"


def test_shipped_copy_equals_the_shared_file() -> None:
    """The numbers are data copied byte for byte from ../shared/data, never retyped.

    Without the shared folder the test is skipped on a workstation and fails under CI (``CI`` set);
    ``MENEUR_SHARED`` names the folder when it is not beside the repository.
    """
    if not TABLE.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{TABLE} is missing: CI needs the shared folder (set MENEUR_SHARED)")
        pytest.skip("the shared data folder is not present")
    shipped = files("meneur.systems.insmv").joinpath("data", "table_um.csv").read_bytes()
    assert shipped == TABLE.read_bytes()


@pytest.mark.parametrize("value", [1, 2, 3, 4, 5, 6])
def test_a_value_starts_in_the_column_labelled_with_it(value: int) -> None:
    """000_008acb24c72771e3.txt: "le joueur repère la valeur dudit talent ou pouvoir sur la table UM (en
    haut)".
    """
    assert table_um().column_of(value) == column_of_label(value)
    assert table_um().labels[table_um().column_of(value) - 1] == value


@pytest.mark.parametrize("difficulty", list(Difficulty))
def test_every_cell_is_read_from_the_data(difficulty: Difficulty) -> None:
    """000_008acb24c72771e3.txt: "Le nombre à l'intersection de la ligne et de la colonne"."""
    width = len(csv_rows()["label"])
    assert table_um().width == width == 18
    for column in range(1, width + 1):
        assert table_um().threshold(difficulty, column) == cell(difficulty.value, column)


def test_rows_grow_easier_downwards_and_rightwards() -> None:
    """Sanity of the data: left is harder, facile is easier than très difficile."""
    table = table_um()
    order = [Difficulty.TRES_DIFFICILE, Difficulty.DIFFICILE, Difficulty.MOYENNE, Difficulty.FACILE]
    for harder, easier in itertools.pairwise(order):
        assert all(a <= b for a, b in zip(table.cells[harder], table.cells[easier], strict=True))
    for row in order:
        assert list(table.cells[row]) == sorted(table.cells[row])


@pytest.mark.parametrize("value", [0, 7, -1, 100])
def test_a_value_without_a_column_is_bad_input(value: int) -> None:
    with pytest.raises(BadInputError) as caught:
        table_um().column_of(value)
    assert str(value) in caught.value.render("en") and "1 to 6" in caught.value.render("en")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("facile", Difficulty.FACILE),
        ("moyenne", Difficulty.MOYENNE),
        ("difficile", Difficulty.DIFFICILE),
        ("tres_difficile", Difficulty.TRES_DIFFICILE),
        ("très difficile", Difficulty.TRES_DIFFICILE),
        ("TRES-DIFFICILE", Difficulty.TRES_DIFFICILE),
    ],
)
def test_difficulty_keys(text: str, expected: Difficulty) -> None:
    assert Difficulty.parse(text) is expected


def test_unknown_difficulty_lists_the_choices() -> None:
    with pytest.raises(BadInputError) as caught:
        Difficulty.parse("impossible")
    assert "impossible" in caught.value.render("en") and "tres_difficile" in caught.value.render("en")
