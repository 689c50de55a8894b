#!/usr/bin/env bash
# readme_commands.sh: every command of README.md runs as written, and prints what the README shows.
#   - the Quick start's sample: the last command of its first line prints the last line the text
#     after it quotes;
#   - every "$ command" line of a ```console block runs with bash in a copy of examples/round3/
#     (and its parent), with the built tools first on PATH, and exits 0 or 1 (1: games with
#     errors); the lines under it in the README are its output, stdout then stderr (as a terminal
#     shows the findings, then the summary), all of them, except where a line "..." stands for any
#     number of lines.
# The downloads the README names (a lichess .pgn.zst, a TWIC .zip) are made here from the
# round's games. A command that needs a program not installed (stockfish, jq) is skipped with a
# note. README_UPDATE=FILE writes the README with the outputs as they are now to FILE instead.
. "$(dirname "$0")/common.sh"
require_tool validate
readme=$HAMLE_SOURCE/README.md
[ -f "$readme" ] || { fail "no README.md"; finish; }

# ---- the Quick start's sample command
qs=$(awk '/^## Quick start/ { q = 1; next } q && /^## / { exit }
	q && /^```/ { n++; if (n == 2) exit; next } q && n == 1 { print }' "$readme")
[ "$(printf '%s\n' "$qs" | grep -c .)" = 2 ] || fail "the Quick start has $(printf '%s\n' "$qs" | grep -c .) commands, not 2"
sample=$(printf '%s\n' "$qs" | head -1 | sed 's/.*&& //')
case $sample in
./build/cmd/hamle-*) ;;
*) fail "the Quick start's first command does not end with a tool run: $sample" ;;
esac
tool=${sample#./build/cmd/hamle-}
tool=${tool%% *}
args=${sample#./build/cmd/hamle-"$tool"}
want=$(grep -o "its last line is\$\|its last line is .*" "$readme" | head -1)
want_line=$(awk '/its last line is/ { getline nxt; print $0 " " nxt; exit }' "$readme" | sed -n 's/.*`\(1\. [^`]*\)`.*/\1/p')
got=$(cd "$HAMLE_SOURCE" && eval "\"$(tool_path "$tool")\" $args" 2>&1 | grep . | tail -1)
[ -n "$want_line" ] || fail "the Quick start does not quote the sample's last line ($want)"
[ "$got" = "$want_line" ] || fail "Quick start sample: last line '$got', README says '$want_line'"

# ---- every page the README links to is there
for link in $(grep -o '](\([^)#]*\))' "$readme" | sed 's/^](//; s/)$//' | grep -v '://' | sort -u); do
	[ -e "$HAMLE_SOURCE/$link" ] || fail "README.md links to $link, which is not there"
done
[ "$(wc -l <"$readme")" -le 300 ] || fail "README.md has $(wc -l <"$readme") lines, more than 300"

# ---- the console blocks: a file of records, C<TAB>command and O<TAB>output line, E at a block's end
awk '/^```console/ { c = 1; next }
     c && /^```/ { c = 0; print "E"; next }
     c && /^\$ / { print "C\t" substr($0, 3); next }
     c { print "O\t" $0 }' "$readme" >"$HAMLE_TMP/blocks"
[ -s "$HAMLE_TMP/blocks" ] || fail "README.md has no console blocks"

work=$HAMLE_TMP/work
mkdir -p "$work"
cp -r "$HAMLE_SOURCE/examples/round3" "$work/round3"
cp "$HAMLE_SOURCE/examples/beyaz.txt" "$HAMLE_SOURCE/examples/weiss.txt" "$work/"
# the downloads: the round's PGN games, compressed as lichess and TWIC publish them
if command -v zstd >/dev/null; then
	cat "$work"/round3/*.pgn | zstd -q -o "$work/round3/lichess_db_standard_rated_2013-01.pgn.zst"
fi
if command -v zip >/dev/null; then
	(cd "$work/round3" && cp board4.pgn twic1550.pgn && zip -q twic1550g.zip twic1550.pgn && rm twic1550.pgn)
fi
fake_home=$HAMLE_TMP/home
mkdir -p "$fake_home"

# run CMD: its output (stdout and stderr) in $HAMLE_TMP/got, its exit code in rc
rc=0
run_readme_cmd() {
	rc=0
	(cd "$work/round3" && HOME=$fake_home PATH="$HAMLE_BIN:$PATH" bash -c "set -o pipefail; $1") \
		>"$HAMLE_TMP/got" 2>"$HAMLE_TMP/got.err" </dev/null || rc=$?
	cat "$HAMLE_TMP/got.err" >>"$HAMLE_TMP/got"
}
needs_missing() {
	local w
	for w in stockfish jq zstd zip; do
		case " $1 " in
		*"$w"*) [ "$w" = stockfish ] && w=/usr/games/stockfish
			command -v "$w" >/dev/null || { echo "$w"; return 0; } ;;
		esac
	done
	return 1
}
# compare $HAMLE_TMP/got with the README lines in $HAMLE_TMP/want ("..." matches any lines)
matches() {
	awk 'NR == FNR { w[++nw] = $0; next } { g[++ng] = $0 }
	     END {
		# the lines before "..." must open the output, those after it end it
		dots = 0
		for (i = 1; i <= nw; i++) if (w[i] == "...") { dots = i; break }
		if (!dots) {
			if (nw != ng) exit 1
			for (i = 1; i <= nw; i++) if (w[i] != g[i]) exit 1
			exit 0
		}
		head = dots - 1; tail = nw - dots
		if (head + tail > ng) exit 1
		for (i = 1; i <= head; i++) if (w[i] != g[i]) exit 1
		for (i = 1; i <= tail; i++) if (w[dots + i] != g[ng - tail + i]) exit 1
		exit 0
	     }' "$HAMLE_TMP/want" "$HAMLE_TMP/got"
}

ncmd=0
: >"$HAMLE_TMP/outputs"
cmd=
flush() {
	[ -n "$cmd" ] || return 0
	ncmd=$((ncmd + 1))
	local miss
	if miss=$(needs_missing "$cmd"); then
		echo "note: not run ($miss not installed): $cmd"
		{ printf 'C\t%s\n' "$cmd"; sed 's/^/O\t/' "$HAMLE_TMP/want"; } >>"$HAMLE_TMP/outputs"
		cmd=
		return 0
	fi
	run_readme_cmd "$cmd"
	{ printf 'C\t%s\n' "$cmd"; sed 's/^/O\t/' "$HAMLE_TMP/got"; } >>"$HAMLE_TMP/outputs"
	if [ "$rc" -gt 1 ]; then
		fail "README command exits $rc: $cmd"
		sed 's/^/  /' "$HAMLE_TMP/got" | head -20 >&2
	elif ! matches; then
		fail "README command prints other than the README shows: $cmd"
		diff "$HAMLE_TMP/want" "$HAMLE_TMP/got" | head -30 | sed 's/^/  /' >&2
	else
		echo "ok: $cmd"
	fi
	cmd=
}
: >"$HAMLE_TMP/want"
while IFS= read -r rec; do
	case $rec in
	C$'\t'*) flush; cmd=${rec#C$'\t'}; : >"$HAMLE_TMP/want" ;;
	O$'\t'*) printf '%s\n' "${rec#O$'\t'}" >>"$HAMLE_TMP/want" ;;
	E) flush; echo E >>"$HAMLE_TMP/outputs" ;;
	esac
done <"$HAMLE_TMP/blocks"
[ "$ncmd" -ge 8 ] || fail "only $ncmd README commands found"
echo "$ncmd README commands"

# README_UPDATE=FILE: the README with each command's output as it is now (a "..." line kept
# where the README has one, with as many lines around it as there)
if [ -n "${README_UPDATE:-}" ]; then
	awk -v outs="$HAMLE_TMP/outputs" '
	BEGIN { while ((getline l < outs) > 0) rec[++nr] = l; r = 1 }
	/^```console/ { print; c = 1; next }
	c && /^```/ {
		while (r <= nr && rec[r] != "E") { l = rec[r++]; if (l ~ /^C\t/) print "$ " substr(l, 3); else print substr(l, 3) }
		r++; c = 0; print; next }
	c { next }
	{ print }' "$readme" >"$README_UPDATE"
	echo "wrote $README_UPDATE"
fi
finish
