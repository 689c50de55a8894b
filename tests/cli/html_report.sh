#!/usr/bin/env bash
# html_report.sh: hamle-validate --html and hamle-reconcile --html without a browser
# (tests/browser/html_report.sh renders it): everything from the input is escaped (`<script>` in a
# tag value, a comment, a stray token and the file name), the file fetches nothing, the summary
# says what the tool's summary says, every finding of --format json is in it, the messages are
# in --lang, the file is written whole or not at all (an input that is the report is refused),
# and memory does not grow with the number of games (the report streams).
. "$(dirname "$0")/common.sh"
require_tool validate
d=$HAMLE_TMP
v=$(tool_path validate)
name='x"<b>.pgn'
cat >"$d/$name" <<'PGN'
[Event "<script>alert(1)</script>"]
[Site "?"]
[Date "2024.01.01"]
[Round "<img src=x onerror=alert(3)>"]
[White "\"Bob\" & 'Al'"]
[Black "B"]
[Result "*"]

1. e4 {<script>alert(2)</script>} e5 2. Nf3 Nc6 3. Bb5 Nf3 4. <script> *
PGN
(cd "$d" && "$v" --html r.html "$name" >/dev/null 2>err) || true
r=$d/r.html
[ -s "$r" ] || { fail "no report"; finish; }
[ "$(grep -o '<script' "$r" | wc -l)" = 1 ] || fail "a <script> of the input came through unescaped"
grep -q '<img' "$r" && fail "an <img> of the input came through unescaped"
grep -qF 'Event: &lt;script&gt;alert(1)&lt;/script&gt;' "$r" || fail "the Event tag is not escaped"
grep -qF 'Round: &lt;img src=x onerror=alert(3)&gt;' "$r" || fail "the Round tag is not escaped"
grep -qF '&quot;Bob&quot; &amp; &#39;Al&#39;' "$r" || fail "the White tag is not escaped"
grep -qF '{&lt;script&gt;alert(2)&lt;/script&gt;}' "$r" || fail "the comment is not escaped"
grep -qF 'syntax &#39;&lt;&#39;' "$r" || fail "the stray token '<' is not escaped in its finding"
grep -qF 'data-file="x&quot;&lt;b&gt;.pgn"' "$r" || fail "the file name is not escaped in its attribute"
grep -qF '<mark class="fail">Nf3</mark>' "$r" || fail "the failing move is not highlighted"
grep -qF '<svg class="board"' "$r" || fail "no board"
grep -qF 'class="arrow top"' "$r" || fail "no arrow for the top suggestion"
# nothing from outside: no address but the SVG namespace, no link, no source, no import
grep -qE '(src|href)="|url\(|@import' "$r" && fail "the report refers to something outside it"
[ "$(grep -oE 'https?://[^" ]*' "$r" | sort -u)" = "http://www.w3.org/2000/svg" ] || fail "an address other than the SVG namespace"

# the summary and the findings against the tool's own summary and its JSON
set_files=("$HAMLE_TESTDATA"/suggest/*.pgn "$HAMLE_TESTDATA"/replay/story.pgn "$HAMLE_TESTDATA"/cli/validate/lang-tr/games.txt)
"$v" --html "$d/s.html" "${set_files[@]}" >/dev/null 2>"$d/s.err" || true
"$v" --format json "${set_files[@]}" >"$d/s.json" 2>/dev/null || true
games=$(sed -nE 's/^hamle-validate: ([0-9]+) games?, ([0-9]+) valid.*/\1/p' "$d/s.err")
valid=$(sed -nE 's/^hamle-validate: ([0-9]+) games?, ([0-9]+) valid.*/\2/p' "$d/s.err")
grep -qF "id=\"n-games\">$games<" "$d/s.html" || fail "summary: games is not $games"
grep -qF "id=\"n-valid\">$valid<" "$d/s.html" || fail "summary: valid is not $valid"
grep -qF "id=\"n-files\">${#set_files[@]}<" "$d/s.html" || fail "summary: files is not ${#set_files[@]}"
for pair in $(sed -n '2p' "$d/s.err" | sed 's/^hamle-validate: //; s/, /\n/g' | tr ' ' =); do
	grep -qF "<code>${pair%=*}</code></th><td class=\"n\">${pair#*=}<" "$d/s.html" || fail "summary: ${pair%=*} is not ${pair#*=}"
done
[ "$(grep -c '<li class="finding' "$d/s.html")" = "$(grep -c '"kind":"finding"' "$d/s.json")" ] ||
	fail "the report lists $(grep -c '<li class="finding' "$d/s.html") findings, JSON $(grep -c '"kind":"finding"' "$d/s.json")"
# in the language of --lang
"$v" --lang tr --html "$d/tr.html" "$HAMLE_TESTDATA"/cli/validate/lang-tr/games.txt >/dev/null 2>&1 || true
grep -qF '<html lang="tr">' "$d/tr.html" || fail "--lang tr: not lang=tr"
grep -qF 'kurala aykırı hamle' "$d/tr.html" || fail "--lang tr: the messages are not Turkish"
grep -qF 'Sıra beyazda' "$d/tr.html" || fail "--lang tr: the board's caption is not Turkish"

# whole or not at all: a report into a directory that does not exist, an input that is the report
rc=0; "$v" --html "$d/no/such/dir/r.html" "$d/$name" >/dev/null 2>"$d/e1" || rc=$?
[ "$rc" = 2 ] || fail "--html into a missing directory: exit $rc, not 2"
cp "$d/$name" "$d/same.pgn"
rc=0; "$v" --html "$d/same.pgn" "$d/same.pgn" >/dev/null 2>"$d/e2" || rc=$?
[ "$rc" = 2 ] || fail "--html FILE FILE: exit $rc, not 2"
cmp -s "$d/$name" "$d/same.pgn" || fail "--html FILE FILE: the input was overwritten"
ls -a "$d" | grep -q '\.hamle-' && fail "a temporary file was left behind"

if have_tool reconcile; then
	sheets=$HAMLE_TESTDATA/cli/reconcile/column-shift
	"$(tool_path reconcile)" --html "$d/rc.html" "$sheets/beyaz.txt" "$sheets/weiss.txt" >/dev/null 2>&1 || true
	[ "$(grep -c '<li class="finding' "$d/rc.html")" = 2 ] || fail "hamle-reconcile --html: not the two divergences"
	grep -qF 'data-codes=" column-shift move-missing "' "$d/rc.html" || fail "hamle-reconcile --html: codes"
	grep -qF '<code>column-shift</code></th><td class="n">1<' "$d/rc.html" || fail "hamle-reconcile --html: summary"
	[ "$(grep -c '<svg class="board"' "$d/rc.html")" = 2 ] || fail "hamle-reconcile --html: not a board per divergence"
	# the summary lists each code under its severity: the realignments are warnings, a move both
	# sheets got wrong (the agreed game stops) an error
	grep -qF '<tr class="code warning" data-code="column-shift">' "$d/rc.html" &&
		grep -qF 'id="sum-warnings"' "$d/rc.html" && ! grep -qF 'id="sum-errors"' "$d/rc.html" ||
		fail "hamle-reconcile --html: column-shift not listed under the warnings alone"
	both=$HAMLE_TESTDATA/cli/reconcile/both-illegal
	"$(tool_path reconcile)" --html "$d/rc2.html" "$both/a.pgn" "$both/b.txt" >/dev/null 2>&1 || true
	grep -qF '<tr class="code error" data-code="illegal-move">' "$d/rc2.html" &&
		grep -qF 'id="sum-errors"' "$d/rc2.html" ||
		fail "hamle-reconcile --html: the stopping divergence not listed under the errors"
fi

# the bridges of a missing-moves finding (--bridge): each numbered, under its finding
bg=$HAMLE_TESTDATA/cli/validate/bridge/games.pgn
if [ -f "$bg" ]; then
	"$v" --bridge --html "$d/br.html" "$bg" >/dev/null 2>&1 || true
	[ "$(grep -c '<ul class="bridges" data-bridges="3">' "$d/br.html")" = 2 ] ||
		fail "--bridge --html: not the three bridges of each of the two games"
	grep -qF '<li>5. O-O Be7</li>' "$d/br.html" || fail "--bridge --html: the first bridge of game 2 is not '5. O-O Be7'"
	# by default too, where the numbers show the gap; none with --no-bridge
	"$v" --html "$d/def.html" "$bg" >/dev/null 2>&1 || true
	[ "$(grep -c '<ul class="bridges" data-bridges="3">' "$d/def.html")" = 2 ] ||
		fail "--html: not the bridges of the two games by default"
	"$v" --no-bridge --html "$d/nobr.html" "$bg" >/dev/null 2>&1 || true
	grep -q 'class="bridges"' "$d/nobr.html" && fail "bridges in a report with --no-bridge"
else
	fail "missing $bg"
fi

# the sheet with Black's 6th move not written ("6. Re1 7. Bb3"): the bridge 6... b5 is the first
# finding at that move, and its move the report's first top arrow (b7 to b5)
gs=$HAMLE_TESTDATA/cli/validate/bridge-default/games.pgn
if [ -f "$gs" ]; then
	"$v" --html "$d/gap.html" "$gs" >/dev/null 2>&1 || true
	codes=$(grep -o '<li class="finding [a-z]*" data-code="[a-z-]*"' "$d/gap.html" | sed 's/.*data-code="//; s/"$//' | tr '\n' ' ')
	[ "$codes" = "missing-tag move-number missing-moves illegal-move " ] ||
		fail "--html gap sheet: findings in the order '$codes'"
	grep -qF '<li>6... b5</li>' "$d/gap.html" || fail "--html gap sheet: the first bridge is not '6... b5'"
	# b7 (x 78, y 62) to b5 (x 78): the first top arrow of the report
	first=$(grep -o 'class="arrow top"><line x1="[0-9.]*" y1="[0-9.]*" x2="[0-9.]*"' "$d/gap.html" | head -1)
	[ "$first" = 'class="arrow top"><line x1="78.0" y1="62.0" x2="78.0"' ] ||
		fail "--html gap sheet: the first arrow is not b7-b5 ($first)"
else
	fail "missing $gs"
fi

# streams: 40 games and 4000 broken games in one thread take about the same memory
if [ -x /usr/bin/time ]; then
	one=$(sed -n '/^1\./p' "$d/$name" | head -1)
	for n in 40 4000; do
		for ((i = 1; i <= n; i++)); do
			printf '[Event "e%d"]\n[White "w"]\n[Black "b"]\n[Round "%d"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Ke7 6. Qe2 Nf3 *\n\n' "$i" "$i"
		done >"$d/many$n.pgn"
		/usr/bin/time -f %M -o "$d/rss$n" "$v" -j 1 -q --html "$d/many$n.html" "$d/many$n.pgn" >/dev/null 2>&1 || true
	done
	a=$(tail -1 "$d/rss40"); b=$(tail -1 "$d/rss4000")
	[ "$(grep -c '<article' "$d/many4000.html")" = 4000 ] || fail "4000 broken games: not 4000 sections"
	[ $((b - a)) -lt 4096 ] || fail "memory grows with the games: ${a} KiB for 40, ${b} KiB for 4000"
	echo "max RSS: $a KiB for 40 games, $b KiB for 4000 (report $(wc -c <"$d/many4000.html") bytes)"
fi
finish
