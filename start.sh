#!/usr/bin/env bash
# Install Card Night into .venv (first run, or when pyproject.toml changed) and start it. Extra arguments go to
# main.py, e.g. ./start.sh --port 9000 --data-dir ~/cardnight-data ; ./start.sh --help lists them.
# PYTHON=python3.12 ./start.sh picks the Python that makes the .venv (default: python3).
set -euo pipefail
cd "$(dirname "$0")"
PYTHON="${PYTHON:-python3}"
LOG=.install.log  # pip's messages while installing: shown and kept only if it fails

fail() {  # one line that says what is wrong and what fixes it
  echo "$*" >&2
  exit 1
}

check_python() {  # sets $version
  command -v "$PYTHON" >/dev/null 2>&1 \
    || fail "Card Night needs Python 3.11 or newer, and '$PYTHON' is not installed: run 'sudo apt-get install python3 python3-venv'."
  version="$("$PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null || true)"
  local major="${version%%.*}" minor="${version#*.}"
  if [[ ! "$major" =~ ^[0-9]+$ || ! "$minor" =~ ^[0-9]+$ ]] || (( major < 3 || (major == 3 && minor < 11) )); then
    fail "Card Night needs Python 3.11 or newer, but '$PYTHON' is ${version:-unknown}: run 'sudo apt-get install python3.11 python3.11-venv', then 'PYTHON=python3.11 ./start.sh'."
  fi
}

# --- ./start.sh --help: main.py's options (main.py answers --help without any installed package)
for arg in "$@"; do
  if [ "$arg" = "--help" ] || [ "$arg" = "-h" ]; then
    if [ -x .venv/bin/python ]; then PYTHON=.venv/bin/python; else check_python; fi
    echo "./start.sh [options]: installs Card Night into .venv the first time, then starts it with these options."
    echo
    exec "$PYTHON" main.py --help
  fi
done

# --- install quietly: one line while it works, pip's whole output only if it fails
installed() {
  [ -e .venv/.installed ] && [ ! pyproject.toml -nt .venv/.installed ] \
    && .venv/bin/python -c "import nicegui, tinydb, segno, fastapi_offline" 2>/dev/null
}
if ! installed; then
  if [ ! -x .venv/bin/python ]; then
    check_python
    "$PYTHON" -c "import ensurepip, venv" 2>/dev/null \
      || fail "Card Night needs Python's venv module, which is missing: run 'sudo apt-get install python$version-venv'."
    echo "Installing Card Night into .venv — first run, about a minute…"
    if ! "$PYTHON" -m venv .venv >"$LOG" 2>&1; then
      cat "$LOG" >&2
      rm -rf .venv  # half made: the next run starts again from the beginning
      fail "Could not make the .venv (the messages above are kept in $LOG)."
    fi
  else
    echo "Updating Card Night's packages in .venv, about a minute…"
    : >"$LOG"
  fi
  if ! { .venv/bin/python -m pip install --disable-pip-version-check --upgrade pip \
         && .venv/bin/python -m pip install --disable-pip-version-check -e .; } >>"$LOG" 2>&1; then
    cat "$LOG" >&2
    fail "Installing failed (pip's messages above are kept in $LOG). Check the network and run ./start.sh again."
  fi
  touch .venv/.installed
  rm -f "$LOG"
fi

exec .venv/bin/python main.py "$@"
