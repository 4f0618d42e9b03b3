#!/usr/bin/env bash
# Install what the tests need and run them all: unit, property and NiceGUI `user` tests first,
# then the Playwright end-to-end tests in real Chromium (in their own pytest run, see DESIGN.md).
set -euo pipefail
cd "$(dirname "$0")"

if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e ".[test]"

CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$CHROMIUM" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "Chromium not found: installing Debian's chromium package..."
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "Chromium is needed for the browser tests. Install it with 'sudo apt-get install chromium'"
    echo "(or point CHROMIUM_PATH at a Chromium/Chrome binary) and run ./test.sh again."
    exit 1
  fi
fi
export CHROMIUM_PATH="$CHROMIUM"

# axe-core (accessibility checks in tests/e2e/test_axe.py), pinned in package.json / package-lock.json
if ! command -v npm >/dev/null; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "npm not found: installing Debian's npm package..."
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm >/dev/null
  else
    echo "npm is needed for the accessibility tests: install it with 'sudo apt-get install npm' and run ./test.sh again."
    exit 1
  fi
fi
npm ci --no-audit --no-fund --silent

.venv/bin/ruff check .
.venv/bin/python -m mypy  # type checks logic/, storage/ and ui/ (the files and settings: [tool.mypy] in pyproject.toml)
# unit tests on two workers, one a core (TEST_WORKERS=0 runs them in one process); browser tests on three
# (E2E_WORKERS=0: one at a time), a file's tests on one worker: they share servers and pages per module. A browser
# test also waits (timers, computers' turns, a page's redraw): with two workers a quarter of the two cores sat idle
# and a third fills it (9 min 8 s -> 7 min 55 s here, the same tests)
.venv/bin/python -m pytest -q -m "not e2e" -n "${TEST_WORKERS:-2}" --durations=15 "$@"
.venv/bin/python -m pytest -q -m e2e -n "${E2E_WORKERS:-3}" --dist loadfile --no-loadscope-reorder --durations=25 tests/e2e
