#!/usr/bin/env bash
# The table server's tests on a real PostgreSQL: installs Debian's postgresql when it is missing,
# starts a throwaway cluster on a free port under a temporary folder, runs tests/server against it
# (with the two-worker test), then stops and removes the cluster. Without PostgreSQL and without a
# way to install it, it says so and exits 0, except in CI (CI set), where it fails.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/_venv.sh"
source "$(dirname "${BASH_SOURCE[0]}")/_postgres.sh"
cd "$ROOT"

PG_OPTIONS="-c fsync=off"  # a test cluster: its data is thrown away
if ! start_postgres; then
  if [ -n "${CI:-}" ]; then echo "PostgreSQL is missing and cannot be installed." >&2; exit 1; fi
  echo "== PostgreSQL is not installed and cannot be installed here: its server tests did not run."
  exit 0
fi
echo "== pytest tests/server on PostgreSQL $PG_VERSION"
MENEUR_TEST_DB="$PG_URL" "$VENV/bin/python" -m pytest -q -p no:cacheprovider -n 3 --dist loadgroup tests/server "$@"
