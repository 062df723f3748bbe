"""Every decimal in French (and Polish) output is written with a comma, as the reader writes it
(``3,5``); English keeps the point. Numbers pass through :mod:`meneur.i18n` when a message is
formatted, so no caller formats a decimal the English way by mistake."""

from __future__ import annotations

import re

import pytest

from meneur.i18n import Message, Translator, set_language
from tests.cli_helpers import run_cli

POINT_DECIMAL = re.compile(r"\d\.\d")


@pytest.mark.parametrize(
    ("lang", "expected"), [("fr", "3,5 et 0,25"), ("pl", "3,5 et 0,25"), ("en", "3.5 et 0.25")]
)
def test_a_decimal_parameter_takes_the_language_mark(lang: str, expected: str) -> None:
    message = Message("core", "{a:.1f} et {b}", {"a": 3.46, "b": 0.25})
    assert message.render(lang) == expected


def test_the_translator_writes_decimals_in_the_current_language() -> None:
    set_language("fr")
    assert Translator("core")("{value:.2f}", value=2.5) == "2,50"


def test_whole_numbers_and_text_are_left_alone() -> None:
    assert Message("core", "{n} / {s}", {"n": 3, "s": "v1.2"}).render("fr") == "3 / v1.2"


@pytest.mark.parametrize(
    "args",
    [
        ["energy", "balance", "--heroes", "WINK", "--foes", "3", "--simulate", "2", "--seed", "1"],
        ["odds", "2d6"],
        ["odds", "3d6", "--estimate", "--seed", "2"],
    ],
)
def test_french_outputs_write_decimals_with_a_comma(args: list[str]) -> None:
    result = run_cli(args, "fr")
    assert result.exit_code == 0, result.stderr
    assert re.search(r"\d,\d", result.stdout), result.stdout
    assert POINT_DECIMAL.findall(result.stdout) == [], result.stdout
