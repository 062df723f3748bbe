# Sourced by the scripts that need a throwaway PostgreSQL (after _venv.sh):
#   start_postgres  installs Debian's postgresql when it is missing (as root), starts a cluster on a
#                   free port under a temporary folder, stops and removes it when the script exits,
#                   and sets PG_URL (a SQLAlchemy URL) and PG_VERSION. Returns 1 when PostgreSQL is
#                   missing and cannot be installed.

find_postgres_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }

start_postgres() {
  PG_BIN="$(find_postgres_bin || true)"
  if [ -z "$PG_BIN" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "== installing PostgreSQL (Debian's postgresql package)"
    apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
    PG_BIN="$(find_postgres_bin || true)"
  fi
  [ -n "$PG_BIN" ] || return 1
  PG_DIR="$(mktemp -d /tmp/meneur-pg.XXXXXX)"
  local port
  port="$("$VENV/bin/python" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  [ "$(id -u)" = 0 ] && chown postgres "$PG_DIR"
  trap stop_postgres EXIT
  _as_postgres_owner "$PG_BIN/initdb" -D "$PG_DIR/data" -A trust -U postgres >/dev/null
  _as_postgres_owner "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/log" -w \
    -o "-p $port -k $PG_DIR -c listen_addresses=127.0.0.1 -c max_connections=300 ${PG_OPTIONS:-}" start >/dev/null
  PG_URL="postgresql+psycopg://postgres@127.0.0.1:$port/postgres"
  PG_VERSION="$("$PG_BIN/postgres" --version | awk '{print $3}')"
}

stop_postgres() {
  _as_postgres_owner "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$PG_DIR"
}

_as_postgres_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
