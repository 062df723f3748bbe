#!/usr/bin/env bash
# The table server under load on SQLite (one process) and on PostgreSQL (two workers): starts a
# throwaway PostgreSQL cluster (durable: fsync on, as a real server) and runs benchmarks/table_load.py
# on both. Arguments go to table_load.py (e.g. --tables 20). Makes .venv first, as scripts/run does
# (the server, and the test extra's HTTP client and server process helper).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/_venv.sh"
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/_postgres.sh"
ensure_venv "server,test"
cd "$ROOT"
if start_postgres; then
  "$VENV/bin/python" benchmarks/table_load.py --postgresql "$PG_URL" "$@"
else
  echo "== PostgreSQL is missing and cannot be installed: SQLite only."
  "$VENV/bin/python" benchmarks/table_load.py "$@"
fi
