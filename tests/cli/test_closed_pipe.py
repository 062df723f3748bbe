"""Output piped into a reader that stops early (``meneur odds 3d6 | head -1``): the command ends quietly
with status 0, no traceback and no message (docs/CONTRIBUTING.md, "Errors and exit statuses").

The reader is a real pipe whose reading end is closed before the command starts, so every write fails
as it does once ``head`` has exited."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

RUN = "from meneur.cli.main import main; main()"


@pytest.mark.parametrize(
    "args",
    [["roll", "3d6"], ["odds", "3d6"], ["odds", "3d6", "--json"], ["energy", "library"], ["--help"]],
)
def test_a_closed_reader_ends_the_command_quietly_with_status_0(args: list[str]) -> None:
    reading, writing = os.pipe()
    os.close(reading)
    try:
        done = subprocess.run(
            [sys.executable, "-c", RUN, *args],
            stdout=writing,
            stderr=subprocess.PIPE,
            timeout=120,
            check=False,
        )
    finally:
        os.close(writing)
    assert (done.returncode, done.stderr.decode()) == (0, "")


def test_a_closed_reader_keeps_the_status_of_bad_input() -> None:
    reading, writing = os.pipe()
    os.close(reading)
    try:
        done = subprocess.run(
            [sys.executable, "-c", RUN, "roll", "3000d6", "--json"],
            stdout=writing,
            stderr=subprocess.PIPE,
            timeout=120,
            check=False,
        )
    finally:
        os.close(writing)
    assert done.returncode == 2 and "Traceback" not in done.stderr.decode()
