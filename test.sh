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

# Chromium for the browser tests: Debian's headless shell (the same Chromium, built without a window system: about
# 15% less CPU than the full browser run headless, on a suite bound by CPU), else Debian's full Chromium.
# CHROMIUM_PATH picks another binary.
apt_install() {
  [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null || return 1
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}
CHROMIUM="${CHROMIUM_PATH:-}"
if [ -z "$CHROMIUM" ]; then
  if [ ! -x /usr/bin/chromium-headless-shell ] && [ "$(id -u)" = "0" ]; then
    echo "Installing Debian's chromium-headless-shell package for the browser tests..."
    apt_install chromium-headless-shell || true
  fi
  if [ -x /usr/bin/chromium-headless-shell ]; then
    CHROMIUM=/usr/bin/chromium-headless-shell
  else
    if [ ! -x /usr/bin/chromium ]; then
      echo "Chromium not found: installing Debian's chromium package..."
      apt_install chromium || true
    fi
    CHROMIUM=/usr/bin/chromium
  fi
fi
if [ ! -x "$CHROMIUM" ]; then
  echo "Chromium is needed for the browser tests. Install it with 'sudo apt-get install chromium-headless-shell'"
  echo "(or point CHROMIUM_PATH at a Chromium/Chrome binary) and run ./test.sh again."
  exit 1
fi
export CHROMIUM_PATH="$CHROMIUM"

# libfaketime steps the server's wall clock in tests/e2e/test_clock_step.py (that test is skipped, with the reason,
# where it cannot be installed)
if [ ! -e /usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1 ] && [ "$(id -u)" = "0" ]; then
  echo "Installing Debian's libfaketime package for the clock-step test..."
  apt_install libfaketime || true
fi

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

# Python keeps compiled modules (__pycache__, ignored by git) unless PYTHONDONTWRITEBYTECODE is set, as it is on some
# CI machines: then every test worker and every server a browser test starts compiled the app's ~400 modules and
# rewrote the test files again (a second of CPU each, about 7% of the suite). Compiled once here, read by all.
unset PYTHONDONTWRITEBYTECODE
.venv/bin/python -m compileall -q -j 0 main.py ui logic storage tests examples >/dev/null

.venv/bin/ruff check .
.venv/bin/python -m mypy  # type checks logic/, storage/ and ui/ (the files and settings: [tool.mypy] in pyproject.toml)
# unit tests on three workers, browser tests on four (TEST_WORKERS=0 / E2E_WORKERS=0: one process, one at a time);
# a browser file's tests on one worker: they share servers and pages per module. Tests also wait (timers, computers'
# turns, a page's redraw, the join-code slow-down): with two workers part of the two cores sat idle and a third fills
# it (browser tests 9 min 8 s -> 7 min 55 s here; unit tests 165 -> 151 s, the same tests). The browser phase still
# left a third of a core idle on three (a benchmark at the lowest priority beside it took 167 s of CPU in 558 s);
# a fourth worker: 558 -> 527 s
.venv/bin/python -m pytest -q -m "not e2e" -n "${TEST_WORKERS:-3}" --durations=15 "$@"
.venv/bin/python -m pytest -q -m e2e -n "${E2E_WORKERS:-4}" --dist loadfile --no-loadscope-reorder --durations=25 tests/e2e
