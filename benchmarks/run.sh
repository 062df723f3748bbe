#!/usr/bin/env bash
# Run one benchmark script with the project's .venv, made first as scripts/run makes it:
#   bash benchmarks/run.sh startup.py --runs 9
# (every extra a benchmark may need: the table server, the test helpers, Dask for distributed fights).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/_venv.sh"
ensure_venv "server,test,distributed"
cd "$ROOT"
script="${1:?name a benchmark: startup.py, dice.py, energy_fight.py, ai.py, ai_search.py, first_load.py, table_load.py, tap_to_update.py}"
shift
exec "$VENV/bin/python" "benchmarks/$script" "$@"
