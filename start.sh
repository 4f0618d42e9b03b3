#!/usr/bin/env bash
# Install Card Night into .venv (first run only) and start it. Extra arguments go to main.py,
# e.g. ./start.sh --port 9000 --data-dir ~/cardnight-data
set -euo pipefail
cd "$(dirname "$0")"
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
if ! .venv/bin/python -c "import nicegui, tinydb, segno" 2>/dev/null || [ pyproject.toml -nt .venv/.installed ]; then
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet -e .
  touch .venv/.installed
fi
exec .venv/bin/python main.py "$@"
