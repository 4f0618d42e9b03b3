#!/usr/bin/env bash
# The catalogues: extract every translatable text from the code into ui/i18n/locale/messages.pot, then merge it into
# each language's messages.po (new texts arrive untranslated; tests/ui/test_catalogues.py says which are missing).
#   tools/i18n.sh            extract + update
#   tools/i18n.sh init CODE  start a new language (then add it to ui/i18n/languages.py)
set -euo pipefail
cd "$(dirname "$0")/.."
PYBABEL=".venv/bin/pybabel"
LOCALE=ui/i18n/locale
KEYWORDS=(-k _ -k ngettext:1,2 -k pgettext:1c,2 -k t_msg -k t_nmsg:1,2 -k t_pmsg:1c,2 -k N_)
if [ "${1:-}" = "init" ]; then
  "$PYBABEL" init -i "$LOCALE/messages.pot" -d "$LOCALE" -l "$2"
  exit 0
fi
"$PYBABEL" extract -F tools/babel.cfg "${KEYWORDS[@]}" --no-default-keywords --sort-by-file \
  --width 120 -o "$LOCALE/messages.pot" logic ui storage
"$PYBABEL" update -i "$LOCALE/messages.pot" -d "$LOCALE" --no-fuzzy-matching --width 120 --ignore-obsolete
