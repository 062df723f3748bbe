"""The character builder names a field of a character that does not read by its label in the form
(« Rang », « Pouvoir 1 : Catégorie »), never by its key in the file (``rank``, ``powers.0.category``)."""

from __future__ import annotations

from meneur.systems.energy.view.builder import check, field_label


def test_a_field_is_named_by_its_forms_label_in_french_and_english() -> None:
    assert field_label(("rank",), "fr") == "Rang"
    assert field_label(("rank",), "en") == "Rank"
    assert field_label(("powers", 0, "category"), "fr") == "Pouvoir 1\u00a0: Catégorie"
    assert field_label(("traits", 1, "name"), "en") == "Trait 2: Name"


def test_a_rank_that_is_not_a_number_is_named_rang_not_rank() -> None:
    found = check({"name": "Kitsune", "rank": "x"}, "fr")
    assert found.error is not None and found.character is None
    assert found.error.startswith("Rang\u00a0:"), found.error
    assert "rank" not in found.error
