"""Start the real server with the test system registered: ``python -m tests.server.run_server --db URL
--port N [--workers N]`` (from the repository's root)."""

from __future__ import annotations

import sys
from typing import Any

from tests.server import toy_system


def main() -> None:
    toy_system.register()
    if "--workers" in sys.argv:  # worker processes import the app again: give them the factory
        import os

        import uvicorn

        args = dict(zip(sys.argv[1::2], sys.argv[2::2], strict=False))
        os.environ["MENEUR_DB"] = args["--db"]
        uvicorn.run(
            "tests.server.run_server:app_factory",
            factory=True,
            host="127.0.0.1",
            port=int(args["--port"]),
            workers=int(args["--workers"]),
            ws="websockets-sansio",
            ws_per_message_deflate=False,
        )
        return
    from meneur.cli.main import main as meneur

    sys.argv = ["meneur", "serve", *sys.argv[1:]]
    meneur()


if __name__ == "__main__":
    main()


def app_factory() -> Any:
    """The app with the test system, for uvicorn's worker processes."""
    toy_system.register()
    import os

    from meneur.server.cli import build_app

    app = build_app()

    @app.get("/_test/process")
    def process() -> dict[str, int]:
        """Which worker answered (``/healthz`` tells no one the process id)."""
        return {"process": os.getpid()}

    return app
