#!/usr/bin/env bash
# html_report.sh (ctest label browser): hamle-validate's --html report in a real browser.
# Headless Chromium (Debian `chromium`) loads the report of a mixed test set from testdata/ (PGN
# of every real kind, typed scoresheets in three languages, variations, typos) and the page's own
# script writes what it counts into the root element; this test reads the rendered DOM and checks
# that the games, findings and boards it shows are those of `hamle-validate --format json` over the
# same set (the games with findings, every finding, a board for each finding with a FEN), that the
# filter by code in the address (#code=illegal-move) shows the games JSON has with that code, and
# that the summary is at the top, that every game is listed (those without findings as collapsed
# lines); html_arbiter.py checks the summary's errors and warnings, sheets
# named by file and folder, findings at one position on one board, the bridge drawn and one game a
# printed page (HAMLE_SHOT_MIXED: its screenshot of the mixed report). One screenshot of one game is left in $HAMLE_SHOT (default: the
# test's temporary directory) for a person to look at.
# Skips (77) when chromium is not installed (or HAMLE_CHROMIUM names no program).
. "$(dirname "$0")/../cli/common.sh"
require_tool validate
browser=${HAMLE_CHROMIUM-$(command -v chromium || command -v chromium-browser || true)} # HAMLE_CHROMIUM: another one
[ -n "$browser" ] && [ -x "$browser" ] || skip "chromium not installed (Debian: apt-get install chromium); the HTML report is not checked in a browser"
d=$HAMLE_TMP
td=$HAMLE_TESTDATA
set_files=("$td"/validate/golden/*.pgn "$td"/validate/golden/*.txt "$td"/suggest/*.pgn "$td"/replay/story.pgn
	"$td"/cli/validate/diagram/games.pgn "$td"/cli/validate/lang-tr/games.txt
	"$td"/cli/validate/html-arbiter/round3/board12.txt "$td"/validate/verdict/games.pgn)

# chrome URL OUT [ARG]...: the DOM after the page's script ran
chrome() {
	local url=$1 out=$2
	shift 2
	timeout 120 "$browser" --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir="$d/profile" \
		"$@" "$url" >"$out" 2>"$d/chrome.err" || { sed 's/^/  /' "$d/chrome.err" >&2; fail "chromium failed on $url"; }
}
attr() { grep -o "$1=\"[0-9]*\"" "$2" | head -1 | tr -dc 0-9; }

"$(tool_path validate)" --format json "${set_files[@]}" >"$d/json" 2>/dev/null || true
"$(tool_path validate)" --html "$d/report.html" "${set_files[@]}" >/dev/null 2>"$d/stderr" || true
[ -s "$d/report.html" ] || { fail "no report written"; finish; }

findings=$(grep -c '"kind":"finding"' "$d/json")
# findings in a row at one position share a board: one per run of the same game and FEN
boards=$(grep '"kind":"finding"' "$d/json" | sed -E 's/.*"source":"([^"]*)","game":([0-9]+),.*"fen":("[^"]*"|null).*/\1 \2 \3/' |
	awk '$3 != "null" && $0 != prev { n++ } { prev = $0 } END { print n + 0 }')
games=$(grep '"kind":"finding"' "$d/json" | sed -E 's/.*"source":"([^"]*)","game":([0-9]+).*/\1 \2/' | sort -u | wc -l)
illegal=$(grep '"code":"illegal-move"' "$d/json" | sed -E 's/.*"source":"([^"]*)","game":([0-9]+).*/\1 \2/' | sort -u | wc -l)
[ "$findings" -ge 40 ] && [ "$boards" -ge 10 ] && [ "$games" -ge 20 ] && [ "$illegal" -ge 3 ] ||
	fail "the test set is too small to say anything: $findings findings, $boards boards, $games games, $illegal with illegal-move"

chrome "file://$d/report.html" "$d/dom" --dump-dom
got_games=$(attr data-js-games "$d/dom")
got_findings=$(attr data-js-findings "$d/dom")
got_boards=$(attr data-js-boards "$d/dom")
[ "$got_games" = "$games" ] || fail "games with findings: the page shows '$got_games', JSON has $games"
[ "$got_findings" = "$findings" ] || fail "findings: the page shows '$got_findings', JSON has $findings"
[ "$got_boards" = "$boards" ] || fail "boards: the page shows '$got_boards', JSON has $boards runs of findings at one position"
[ "$(attr data-js-shown "$d/dom")" = "$games" ] || fail "no filter: every game should be shown"
# the summary (written last) is the first thing in the body once the script ran
body=$(tr -d '\n' <"$d/dom" | sed -E 's/.*<body>[[:space:]]*//')
case $body in '<section id="summary"'*) ;; *) fail "the summary is not at the top of the page: ${body:0:80}" ;; esac
# the summary's counts are the tool's own (its summary line on stderr)
sum=$(grep -oE '[0-9]+ games, [0-9]+ valid' "$d/stderr" | head -1)
n_games=$(echo "$sum" | cut -d' ' -f1)
n_valid=$(echo "$sum" | cut -d' ' -f3)
grep -q "id=\"n-games\">$n_games<" "$d/dom" || fail "summary: games is not $n_games"
grep -q "id=\"n-valid\">$n_valid<" "$d/dom" || fail "summary: valid is not $n_valid"
grep -q "id=\"n-files\">${#set_files[@]}<" "$d/dom" || fail "summary: files is not ${#set_files[@]}"
# every game is listed: those without findings as collapsed lines
got_valid=$(attr data-js-valid "$d/dom")
[ $((got_games + got_valid)) = "$n_games" ] ||
	fail "games listed: $got_games with findings and '$got_valid' valid lines, the tool read $n_games"

# the filter by code, given in the address
chrome "file://$d/report.html#code=illegal-move" "$d/dom2" --dump-dom
[ "$(attr data-js-shown "$d/dom2")" = "$illegal" ] ||
	fail "#code=illegal-move: the page shows '$(attr data-js-shown "$d/dom2")' games, JSON has $illegal with that code"

# as an arbiter uses it: severities, sheets named by place, shared boards, the bridge drawn, print
if command -v python3 >/dev/null; then
	python3 "$(dirname "$0")/html_arbiter.py" "$d/report.html" "$d/json" "${HAMLE_SHOT_MIXED:-$d/mixed.png}" "$browser" ||
		fail "the report as an arbiter uses it (above)"
fi

# one game's screenshot (its board with the suggestions' arrows), for the eye
shot=${HAMLE_SHOT:-$d/game.png}
"$(tool_path validate)" --html "$d/one.html" "$td/cli/validate/diagram/games.pgn" >/dev/null 2>&1 || true
chrome "file://$d/one.html#file=$(printf %s "$td/cli/validate/diagram/games.pgn" | sed 's#/#%2F#g')" "$d/shot.out" \
	--window-size=1000,1500 --screenshot="$shot" --hide-scrollbars
[ -s "$shot" ] || fail "no screenshot written"
echo "checked: $games games, $findings findings, $boards boards in the browser; screenshot $shot"
finish
