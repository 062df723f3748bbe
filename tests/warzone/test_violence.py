"""The violence table: 001_0209eda46e4737a1.txt, "Tabela Gwałtowności Nadnaturalnych Mocy"."""

from __future__ import annotations

import pytest

from meneur.systems.warzone.catalogue import VIOLENCE_TABLE, ViolenceEffect
from meneur.systems.warzone.violence import roll_violence, row_for
from tests.warzone.helpers import dice

EXPECTED = (
    [(r, ViolenceEffect.NO_CONCENTRATION) for r in range(1, 11)]
    + [(r, ViolenceEffect.ACTIVATION_ENDS) for r in range(11, 18)]
    + [
        (18, ViolenceEffect.KNOCKED_DOWN),
        (19, ViolenceEffect.KNOCKED_DOWN),
        (20, ViolenceEffect.LEADERSHIP_TEST),
    ]
)


@pytest.mark.parametrize(("roll", "effect"), EXPECTED)
def test_each_result_falls_in_its_row(roll: int, effect: ViolenceEffect) -> None:
    """001_0209eda46e4737a1.txt: "1-10 Model nie może się koncentrować", "11-17 Aktywacja Modelu
    kończy się natychmiast", "18-19 Model zostaje Przewrócony", "20 Model musi wykonać test DW"."""
    assert roll_violence(dice(roll)).effect is effect


def test_rows_cover_one_to_twenty_once() -> None:
    covered = [r for row in VIOLENCE_TABLE for r in range(row.low, row.high + 1)]
    assert covered == list(range(1, 21))


def test_out_of_table_roll_is_refused() -> None:
    with pytest.raises(ValueError, match="21"):
        row_for(21)


def test_roll_explains_itself() -> None:
    text = roll_violence(dice(12)).explain()[0].render("en")
    assert text.startswith("Violence table: d20 rolled 12 (11-17): the model's activation ends")


@pytest.mark.parametrize(
    ("roll", "lang", "label"),
    [(20, "en", "(20):"), (20, "pl", "(20):"), (19, "fr", "(18-19) :"), (4, "en", "(1-10):")],
)
def test_rows_are_named_as_the_book_prints_them(roll: int, lang: str, label: str) -> None:
    """001_0209eda46e4737a1.txt: the rows are "1-10", "11-17", "18-19" and "20" (not "20-20")."""
    assert label in roll_violence(dice(roll)).explain()[0].render(lang)
    assert [row.label for row in VIOLENCE_TABLE] == ["1-10", "11-17", "18-19", "20"]
