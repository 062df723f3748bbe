# Shared by scripts/run and scripts/test: make .venv with Python 3.11+ and install meneur into it.
# Usage: ensure_venv EXTRAS   (EXTRAS is "", "server" or "test,server,web"). Idempotent: reinstalls only when
# pyproject.toml changed since the last install.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
# Python keeps the modules it compiled (__pycache__, ignored by git) even where the environment
# turned that off: each server, command and test process then starts without recompiling meneur.
unset PYTHONDONTWRITEBYTECODE

find_python() {
  for candidate in "${PYTHON:-}" python3.13 python3.12 python3.11 python3; do
    [ -n "$candidate" ] || continue
    # pyenv shims exist for every version but complain when the version is not selected: probe quietly.
    if command -v "$candidate" >/dev/null 2>&1 &&
       "$candidate" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' >/dev/null 2>&1; then
      echo "$candidate"; return 0
    fi
  done
  echo "meneur needs Python 3.11 or newer (set PYTHON=/path/to/python3.11)." >&2
  return 1
}

ensure_venv() {
  local extras="$1" stamp spec
  if [ ! -x "$VENV/bin/python" ]; then
    "$(find_python)" -m venv "$VENV"
  fi
  spec="$ROOT"
  [ -n "$extras" ] && spec="$ROOT[$extras]"
  stamp="$VENV/.installed-${extras:-base}-$(sha256sum "$ROOT/pyproject.toml" | cut -c1-16)"
  if [ ! -f "$stamp" ]; then
    # -qq: only errors (a local package index may warn about its own missing folders)
    "$VENV/bin/python" -m pip install -qq --disable-pip-version-check --upgrade pip
    "$VENV/bin/python" -m pip install -qq --disable-pip-version-check -e "$spec"
    rm -f "$VENV"/.installed-"${extras:-base}"-*
    touch "$stamp"
  fi
}

# The browser tests drive Debian's chromium through Playwright (never a downloaded browser build).
ensure_chromium() {
  if [ -x /usr/bin/chromium ]; then return 0; fi
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
    echo "== installing Debian's chromium for the browser tests"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "chromium is missing (apt-get install chromium): the browser tests will be skipped" >&2
  fi
}
