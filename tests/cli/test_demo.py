"""``meneur demo``, the README's main job, runs every step of the tour without a failure."""

from __future__ import annotations

import pytest

from meneur.cli.demo import steps
from tests.cli_helpers import run_cli


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_demo_runs_every_step(lang: str) -> None:
    result = run_cli(["demo"], lang)
    assert result.exit_code == 0, result.stdout + result.stderr
    for caption, args in steps():
        assert "$ meneur " + " ".join(args) in result.stdout
        assert caption.render(lang) in result.stdout
    assert "Traceback" not in result.stdout + result.stderr


def test_demo_speaks_french_by_default() -> None:
    assert "Total : 13" in run_cli(["demo"], "fr").stdout
    assert "Total: 13" in run_cli(["demo"], "en").stdout
