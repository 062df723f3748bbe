#!/usr/bin/env bash
# The table server's tests on a real PostgreSQL: installs Debian's postgresql when it is missing,
# starts a throwaway cluster on a free port under a temporary folder, runs tests/server against it
# (with the two-worker test), then stops and removes the cluster. Without PostgreSQL and without a
# way to install it, it says so and exits 0, except in CI (CI set), where it fails.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/_venv.sh"
cd "$ROOT"

find_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }
BIN="$(find_bin || true)"
if [ -z "$BIN" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "== installing PostgreSQL (Debian's postgresql package)"
  apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  BIN="$(find_bin || true)"
fi
if [ -z "$BIN" ]; then
  if [ -n "${CI:-}" ]; then echo "PostgreSQL is missing and cannot be installed." >&2; exit 1; fi
  echo "== PostgreSQL is not installed and cannot be installed here: its server tests did not run."
  exit 0
fi

DIR="$(mktemp -d /tmp/meneur-pg.XXXXXX)"
PORT="$("$VENV/bin/python" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
[ "$(id -u)" = 0 ] && chown postgres "$DIR"
cleanup() {
  as_owner "$BIN/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap cleanup EXIT
as_owner "$BIN/initdb" -D "$DIR/data" -A trust -U postgres >/dev/null
as_owner "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w \
  -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off" start >/dev/null
echo "== pytest tests/server on PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') (port $PORT)"
MENEUR_TEST_DB="postgresql+psycopg://postgres@127.0.0.1:$PORT/postgres" \
  "$VENV/bin/python" -m pytest -q -p no:cacheprovider tests/server "$@"
