"""Write docs/schema/<key>.schema.json for every registered system whose module imports.

    python scripts/schemas.py

Each file is the JSON Schema of the system's commands and events (``SYSTEM.codec.schema(key)``); a
test of each system fails when its file and its code differ.
"""

from __future__ import annotations

import json
import sys
from importlib import import_module
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from meneur.engine.registry import SYSTEMS  # noqa: E402


def main() -> None:
    """Write every schema whose system can be imported; name the others."""
    for key, module in SYSTEMS.items():
        try:
            rules = import_module(module).SYSTEM
        except ImportError:
            print(f"skipped {key}: {module} does not import")
            continue
        path = ROOT / "docs" / "schema" / f"{key}.schema.json"
        text = json.dumps(rules.codec.schema(key), ensure_ascii=False, indent=2, sort_keys=True) + "\n"
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
