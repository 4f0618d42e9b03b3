#!/usr/bin/env bash
# Rebuild assets/tailwind.css from the Tailwind classes used under ui/ (run after adding a new class; needs node
# and the npm registry). Same Tailwind version as NiceGUI's in-browser compiler, so pages look the same.
# tests/ui/test_tailwind_css.py fails when a class used in ui/ is missing from the built file.
set -euo pipefail
cd "$(dirname "$0")/.."
VERSION=4.1.13
BUILD="${TMPDIR:-/tmp}/cardnight-tailwind-$VERSION"
if [ ! -x "$BUILD/node_modules/.bin/tailwindcss" ]; then
  mkdir -p "$BUILD"
  npm install --prefix "$BUILD" --no-audit --no-fund --silent "@tailwindcss/cli@$VERSION"
fi
# the input is compiled next to the installed package ('@import "tailwindcss"' resolves there), sources made absolute
sed "s|@source \"\.\./|@source \"$PWD/|" tools/tailwind.input.css > "$BUILD/input.css"
"$BUILD/node_modules/.bin/tailwindcss" -i "$BUILD/input.css" -o assets/tailwind.css --minify
echo "assets/tailwind.css: $(wc -c < assets/tailwind.css) bytes"
