"""``energy balance --target``: bounded, with a progress bar on a terminal only, and saying where
stronger foes did not fare better (issue 18, « ran 6 minutes with no output, and weaker foes came out
winning more often »)."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
from pathlib import Path

from meneur.systems.energy.ai.simulate import Summary
from meneur.systems.energy.cli.ai_balance import _inversions
from tests.cli_helpers import run_cli

SEARCH = ["energy", "balance", "--heroes", "5,5", "--target", "0.7", "--foes-count", "2", "--simulate", "3"]


def test_the_search_stops_at_max_fights_and_says_so() -> None:
    result = run_cli([*SEARCH, "--max-fights", "6", "--json"], "en")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["exhausted"] is True and data["fights"] <= 6 and data["max_fights"] == 6
    assert 1 <= len(data["candidates"]) <= 2
    text = run_cli([*SEARCH, "--max-fights", "6"], "en")
    assert "The search stopped at --max-fights (6 simulated fights)" in text.stdout
    assert text.stderr == ""  # no progress bar where standard error is not a terminal


def test_max_fights_below_one_try_is_bad_input() -> None:
    result = run_cli([*SEARCH, "--max-fights", "2"], "en")
    assert result.exit_code == 2 and "--max-fights 2" in result.stderr


def test_help_says_the_bound() -> None:
    assert "--max-fights" in run_cli(["energy", "balance", "--help"], "en").stdout


def test_the_progress_bar_is_drawn_on_standard_error_of_a_terminal() -> None:
    """A real terminal (a pseudo-terminal) on standard error: the search's bar is drawn there, and
    standard output holds the result alone."""
    meneur = str(Path(sys.executable).parent / "meneur")
    master, slave = pty.openpty()
    process = subprocess.Popen(
        [meneur, "--lang", "en", *SEARCH, "--max-fights", "6"], stdout=subprocess.PIPE, stderr=slave
    )
    os.close(slave)
    drawn = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        if not chunk:
            break
        drawn += chunk
    out = process.communicate(timeout=300)[0].decode()
    os.close(master)
    assert process.returncode == 0
    assert "Search" in drawn.decode() and "/6" in drawn.decode()
    assert "Search" not in out and out.startswith("Encounters closest")


def summary(wins: int, fights: int = 100) -> Summary:
    return Summary(fights, wins, 0, 3.0, 1.0, {}, {}, {})


def test_stronger_foes_that_lose_more_often_are_pointed_out() -> None:
    """Foes 3,2 are rank by rank at least as strong as 2,2: a higher win rate against them is an
    inversion, beyond the noise when the intervals do not meet; 4,1 is not comparable with 3,2."""
    tried = {(2, 2): summary(60), (3, 2): summary(90), (4, 1): summary(95), (3, 3): summary(62)}
    found = _inversions(tried)
    assert ((2, 2), (3, 2), True) in found
    assert ((2, 2), (3, 3), False) in found
    assert not any({a, b} == {(3, 2), (4, 1)} for a, b, _clear in found)
