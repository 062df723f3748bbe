"""The published JSON Schemas of the wire form are the code's (regenerate with scripts/schemas.py)."""

from __future__ import annotations

from importlib.util import find_spec
from pathlib import Path

import pytest

from meneur.engine.registry import SYSTEMS, schema_text

ROOT = Path(__file__).resolve().parents[2]


def _present(module: str) -> bool:
    try:
        return find_spec(module) is not None
    except ModuleNotFoundError:
        return False


@pytest.mark.parametrize("key", sorted(key for key, module in SYSTEMS.items() if _present(module)))
def test_the_published_schema_is_the_codecs(key: str) -> None:
    path = ROOT / "docs" / "schema" / f"{key}.schema.json"
    assert path.exists(), f"run scripts/schemas.py to publish {path.name}"
    assert path.read_text(encoding="utf-8") == schema_text(key), "run scripts/schemas.py"
