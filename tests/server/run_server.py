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

        from meneur.server.cli import uvicorn_options
        from meneur.server.config import Settings

        args = dict(zip(sys.argv[1::2], sys.argv[2::2], strict=False))
        os.environ["MENEUR_DB"] = args["--db"]
        settings = Settings(host="127.0.0.1", port=int(args["--port"]))
        uvicorn.run(
            "tests.server.run_server:app_factory",
            factory=True,
            workers=int(args["--workers"]),
            **uvicorn_options(settings),
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
