"""``docs/deploy.md`` names only what exists: its settings are the server's, its commands take the
options it gives them, its routes answer, and its nginx config is the file the loopback run uses."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from tests.cli_helpers import run_cli

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = (ROOT / "docs" / "deploy.md").read_text(encoding="utf-8")
SOURCES = "\n".join(path.read_text(encoding="utf-8") for path in (ROOT / "src" / "meneur").rglob("*.py"))
VARIABLES = sorted(set(re.findall(r"\bMENEUR_[A-Z_]+\b", DEPLOY)))
_WRITTEN = [
    *re.findall(r"`meneur ((?:serve|backup|restore)\b[^`]*)`", DEPLOY),
    *(
        found.split("  ", 1)[0]
        for line in DEPLOY.splitlines()
        if line.startswith("    ")
        for found in re.findall(r"(?:^|[\s/])meneur ((?:serve|backup|restore)\b[^#;&|<>]*)", line)
    ),
]
COMMANDS = sorted({tuple(shlex.split(re.sub(r"\s+2$", "", written))) for written in _WRITTEN})
"""Each ``meneur serve|backup|restore ...`` the page writes, as arguments."""


def _settings_fields() -> set[str]:
    pytest.importorskip("pydantic_settings")
    from meneur.server.config import Settings

    return {f"MENEUR_{name.upper()}" for name in Settings.model_fields}


def test_the_page_names_settings_and_commands() -> None:
    assert len(VARIABLES) >= 10 and len(COMMANDS) >= 4


@pytest.mark.parametrize("variable", VARIABLES)
def test_every_variable_is_one_meneur_reads(variable: str) -> None:
    """A setting (``MENEUR_<field>`` of :class:`meneur.server.config.Settings`) or a variable the
    source reads by name (``MENEUR_LANG``)."""
    assert variable in _settings_fields() or f'"{variable}"' in SOURCES, variable


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_every_command_takes_the_options_the_page_gives(command: tuple[str, ...]) -> None:
    pytest.importorskip("fastapi")
    shown = run_cli([command[0], "--help"], lang="en")
    assert shown.exit_code == 0, shown.output
    for option in (word.split("=", 1)[0] for word in command[1:] if word.startswith("--")):
        assert option in shown.output, (command, option)


def test_its_routes_answer(tmp_path: Path) -> None:
    pytest.importorskip("fastapi")
    from meneur.server.app import build_app
    from meneur.server.config import Settings
    from tests.inprocess import TestClient

    routes = set(re.findall(r"`(?:GET |POST )?(/(?:readyz|healthz|metrics|admin))`", DEPLOY))
    assert routes >= {"/readyz", "/metrics", "/admin"}
    app = build_app(Settings(db=f"sqlite:///{tmp_path / 'db.sqlite3'}", admin_token="a" * 32, metrics=True))
    try:
        with TestClient(app) as client:
            for route in routes:
                answer = client.get(route, headers={"Authorization": "Bearer " + "a" * 32})
                assert answer.status_code == 200, (route, answer.status_code)
    finally:
        app.state.store.close()


def test_the_nginx_file_is_the_page_s_config() -> None:
    """The loopback run (the page's last section) uses ``docs/deploy/nginx.conf``: it must be the
    config the page shows."""
    shown = DEPLOY.split("`/etc/nginx/conf.d/meneur.conf`:\n\n", 1)[1].split("\n\n`Host $http_host`", 1)[0]
    lines = [line.removeprefix("    ") for line in shown.splitlines()]
    assert "\n".join(lines) + "\n" == (ROOT / "docs" / "deploy" / "nginx.conf").read_text(encoding="utf-8")


def test_the_nginx_config_passes_what_the_server_needs() -> None:
    config = (ROOT / "docs" / "deploy" / "nginx.conf").read_text(encoding="utf-8")
    for needed in (
        "proxy_set_header Host $http_host;",  # the Origin check compares host and port
        "proxy_set_header X-Forwarded-Proto $scheme;",
        "proxy_set_header Upgrade $http_upgrade;",
        "proxy_http_version 1.1;",
        "client_max_body_size 5m;",  # above the server's own cap
    ):
        assert needed in config, needed
    from meneur.storage import MAX_BYTES

    assert MAX_BYTES <= 5 * 1024 * 1024
