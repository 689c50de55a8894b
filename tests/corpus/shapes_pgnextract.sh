#!/usr/bin/env bash
# shapes_pgnextract.sh (label corpus): duplicates and output shapes of hamle-convert on
# ../shared/corpus/medium against /usr/games/pgn-extract's options of the same meaning:
#   --unique          -D    the same games kept, in the same order (their UCI mainlines compared);
#                           -j 1 and -j 2 write the same bytes; kept + --duplicates = all games
#   validate --unique -D    a duplicate-game warning for exactly the games convert --unique leaves
#                           out (the others: -D's games); -j 1 and -j 2 the same; its --duplicates
#                           file holds the same games as convert's
#   --no-comments     -C    \
#   --no-nags         -N     | the outputs, each written again by hamle-convert (one layout),
#   --no-variations   -V     | are identical
#   --no-tags         --notags
#   --str-only        -7    /
#   --width 61        -w60  no movetext line over 60 characters in either (hamle's N is "shorter
#                           than N", pgn-extract's "at most"), the games otherwise identical
#   --split 2000      -#2000  the same number of files, each holding the same games
# Differences: none on this corpus (pgn-extract drops games it cannot read; every game of medium
# reads in both). Without pgn-extract only hamle's own checks run.
. "$(dirname "$0")/../cli/common.sh"
skip_without_shared
require_tool convert
dir=$HAMLE_SHARED/corpus/medium
[ -d "$dir" ] || skip "no $dir"
files=()
while IFS= read -r f; do files+=("$f"); done < <(find "$dir" -name '*.pgn' | LC_ALL=C sort)
[ "${#files[@]}" -gt 0 ] || skip "no PGN files in $dir"
T=$HAMLE_TMP
CONVERT=$(tool_path convert)
PE=/usr/games/pgn-extract
cat "${files[@]}" >"$T/all.pgn"
total=$(grep -c '^\[Event ' "$T/all.pgn")
norm() { "$CONVERT" -q -j 2 "$1" 2>/dev/null; }   # one layout
uci() { "$CONVERT" -q -j 2 --to uci "$1" 2>/dev/null; }

# ---- --unique ----
"$CONVERT" -q -j 1 --unique --duplicates "$T/dups.pgn" "$T/all.pgn" >"$T/u1.pgn" 2>/dev/null
"$CONVERT" -q -j 2 --unique "$T/all.pgn" >"$T/u2.pgn" 2>/dev/null
cmp -s "$T/u1.pgn" "$T/u2.pgn" || fail "--unique: -j 1 and -j 2 differ"
kept=$(grep -c '^\[Event ' "$T/u1.pgn")
dropped=$(grep -c '^\[Event ' "$T/dups.pgn")
[ $((kept + dropped)) = "$total" ] || fail "--unique: $kept kept + $dropped dropped != $total games"
[ "$dropped" -gt 0 ] || fail "--unique: medium has duplicates, none dropped"
uci "$T/u1.pgn" >"$T/u1.uci"
[ -z "$(sort "$T/u1.uci" | uniq -d)" ] || fail "--unique: a mainline kept twice"
echo "--unique: $total games, $kept kept, $dropped duplicates"
VALIDATE=$(tool_path validate)
if [ -x "$VALIDATE" ]; then
	"$VALIDATE" -j 1 --unique --select duplicate-game --format json --duplicates "$T/vdups.pgn" "$T/all.pgn" \
		>"$T/v1.json" 2>/dev/null || fail "validate --unique: exit $?"
	"$VALIDATE" -j 2 --unique --select duplicate-game --format json "$T/all.pgn" >"$T/v2.json" 2>/dev/null
	cmp -s "$T/v1.json" "$T/v2.json" || fail "validate --unique: -j 1 and -j 2 differ"
	vd=$(grep -c '"code":"duplicate-game"' "$T/v1.json")
	[ "$vd" = "$dropped" ] || fail "validate --unique: $vd duplicate-game warnings, convert --unique dropped $dropped"
	uci "$T/vdups.pgn" >"$T/vdups.uci"
	uci "$T/dups.pgn" >"$T/dups.uci"
	expect_file "$T/dups.uci" "$T/vdups.uci" "validate --duplicates vs convert --duplicates"
	# the games it does not call duplicates are those convert keeps
	sed -n 's/.*"game":\([0-9]*\),.*/\1/p' "$T/v1.json" >"$T/vnums"
	awk 'NR == FNR { dup[$1] = 1; next } /^\[Event / { n++ } !(n in dup)' "$T/vnums" "$T/all.pgn" >"$T/vkept.pgn"
	uci "$T/vkept.pgn" >"$T/vkept.uci"
	expect_file "$T/u1.uci" "$T/vkept.uci" "validate --unique: the games validated vs convert --unique's"
	echo "validate --unique: $vd duplicate-game warnings"
fi
if [ -x "$PE" ]; then
	(cd "$T" && "$PE" -D -s -o pe_D.pgn all.pgn >/dev/null 2>&1)
	uci "$T/pe_D.pgn" >"$T/pe_D.uci"
	expect_file "$T/pe_D.uci" "$T/u1.uci" "--unique vs pgn-extract -D: the games kept"
	[ ! -f "$T/vkept.uci" ] || expect_file "$T/pe_D.uci" "$T/vkept.uci" "validate --unique vs pgn-extract -D"

	# ---- the shapes ----
	for pair in "-C|--no-comments" "-N|--no-nags" "-V|--no-variations" "--notags|--no-tags" "-7|--str-only"; do
		pe=${pair%%|*}
		ho=${pair#*|}
		(cd "$T" && "$PE" "$pe" -s -o pe.pgn all.pgn >/dev/null 2>&1)
		"$CONVERT" -q -j 2 "$ho" "$T/all.pgn" >"$T/h.pgn" 2>/dev/null
		norm "$T/pe.pgn" >"$T/pe.norm"
		norm "$T/h.pgn" >"$T/h.norm"
		expect_file "$T/pe.norm" "$T/h.norm" "$ho vs pgn-extract $pe"
	done
	(cd "$T" && "$PE" -w60 -s -o pe.pgn all.pgn >/dev/null 2>&1)
	"$CONVERT" -q -j 2 --width 61 "$T/all.pgn" >"$T/h.pgn" 2>/dev/null
	for f in pe h; do
		long=$(grep -v '^\[' "$T/$f.pgn" | awk 'length($0) > 60' | head -2)
		[ -z "$long" ] || fail "--width 61 / -w60: $f has longer lines: $long"
	done
	norm "$T/pe.pgn" >"$T/pe.norm"
	norm "$T/h.pgn" >"$T/h.norm"
	expect_file "$T/pe.norm" "$T/h.norm" "--width 61 vs pgn-extract -w60: the games"

	# ---- --split ----
	mkdir "$T/pe_split"
	(cd "$T/pe_split" && "$PE" -#2000 -s ../all.pgn >/dev/null 2>&1)
	"$CONVERT" -q -j 2 --split 2000 -o "$T/h_split" "$T/all.pgn" 2>/dev/null
	[ "$(ls "$T/pe_split" | sort -n | tr '\n' ' ')" = "$(ls "$T/h_split" | sort -n | tr '\n' ' ')" ] ||
		fail "--split 2000 vs -#2000: files $(ls "$T/h_split" | tr '\n' ' ') / $(ls "$T/pe_split" | tr '\n' ' ')"
	for f in "$T"/h_split/*.pgn; do
		norm "$T/pe_split/${f##*/}" >"$T/pe.norm"
		norm "$f" >"$T/h.norm"
		expect_file "$T/pe.norm" "$T/h.norm" "--split 2000 vs -#2000: ${f##*/}"
	done
else
	echo "pgn-extract not installed: its comparisons skipped"
fi
finish
