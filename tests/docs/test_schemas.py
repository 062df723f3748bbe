"""The published JSON Schemas of the wire form are the code's (regenerate with scripts/schemas.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from meneur.engine.registry import SYSTEMS, schema_text

ROOT = Path(__file__).resolve().parents[2]
KEYS = sorted(key for key, module in SYSTEMS.items() if module.startswith("meneur.systems."))


def test_every_game_system_is_published() -> None:
    assert KEYS == ["carpathes", "energy-campaign", "energy-fight", "insmv", "warzone"]


@pytest.mark.parametrize("key", KEYS)
def test_the_published_schema_is_the_codecs(key: str) -> None:
    path = ROOT / "docs" / "schema" / f"{key}.schema.json"
    assert path.exists(), f"run scripts/schemas.py to publish {path.name}"
    assert path.read_text(encoding="utf-8") == schema_text(key), "run scripts/schemas.py"
