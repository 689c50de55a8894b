#!/usr/bin/env bash
# web_page.sh (ctest label browser): the page of web/ (hamle's tools compiled to WebAssembly) in
# headless Chromium, loaded from file://, given testdata's typed scoresheets (Turkish cp1254 and
# ISO-8859-9, German Latin-1, English, several layouts) and games with suggestions through its file
# input. For en, tr and de: the JSON Lines the page got equal `hamle-validate --format json` with
# the page's command line byte for byte, and the report it shows has each finding (code, line,
# column, ply, message, suggestions, board) in JSON's games and order; the PGN, Turkish and German
# files it downloads equal `hamle-convert`'s output byte for byte; Chromium's network log holds
# nothing but file:// (and the worker's own blob:); two pairs of sheets reconciled give
# hamle-reconcile's agreed game, divergences and exit status. The checks are tests/browser/web_page.py's.
# Skips (77) without chromium, python3 or the built page (cmake --build BUILD --target web).
. "$(dirname "$0")/../cli/common.sh"
. "$(dirname "$0")/page.bash"
td=$HAMLE_TESTDATA
files=("$td"/sheets/*.txt "$td"/cli/validate/lang-tr/games.txt "$td"/suggest/cases.pgn)
rc=$td/cli/reconcile
python3 "$(dirname "$0")/web_page.py" --browser "$browser" --site "$site" --bin "$HAMLE_BIN" \
	--reconcile "$rc/agree-tr-de/beyaz.txt,$rc/agree-tr-de/weiss.txt" \
	--reconcile "$rc/column-shift/beyaz.txt,$rc/column-shift/weiss.txt" \
	--tmp "$HAMLE_TMP" "${files[@]}" || fail "the page and the tools differ (above)"
finish
