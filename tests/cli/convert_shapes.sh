#!/bin/bash
# hamle-convert's output shapes and duplicates: every shape option with every --to.
# A shaped game keeps its mainline (its --to san line is the unshaped one's), reads back (the
# validator finds the same games, the failed one still failing: its {hamle: error} note and all of
# it kept, whatever the options), and lacks what was left out; the line forms are unchanged.
# --unique keeps the first of equal games whatever -j, --duplicates has the others;
# --split N and --split-by write files whose games are all the games, each once.
. "$(dirname "$0")/common.sh"
require_tool convert
require_tool validate
IN=$HAMLE_TESTDATA/convert/shapes.pgn
T=$HAMLE_TMP
CONVERT=$(tool_path convert)
VALIDATE=$(tool_path validate)
printf 'White\nBlack\n# a comment\n[Date "x"]\nECO\nWhite\n' >"$T/order"

# game N of a PGN file (not_game: all others): a game is its tag section, if any, and its movetext
game() { awk -v RS= -v n="$2" '{ if (g + 1 == n) print $0 "\n"; if (substr($0, 1, 1) != "[") g++ }' "$1"; }
not_game() { awk -v RS= -v n="$2" '{ if (g + 1 != n) print $0 "\n"; if (substr($0, 1, 1) != "[") g++ }' "$1"; }
# the mainline of every game of a PGN file, one line each
mainlines() { "$CONVERT" -q --to san "$1" 2>/dev/null; }
mainlines "$IN" >"$T/main.ref"
[ "$(wc -l <"$T/main.ref")" = 6 ] || fail "reference: 6 games expected"
"$VALIDATE" -q "$IN" >"$T/val.ref" 2>&1

for to in pgn fide san lan uci spoken fen epd json; do
	"$CONVERT" -q --to "$to" "$IN" >"$T/plain.$to" 2>/dev/null
	for opt in --no-comments --no-nags --no-variations --str-only --no-tags "--width 40" --keep-tag-order \
	    "--tag-order $T/order" "--no-comments --no-nags --no-variations --str-only --width 30"; do
		what="--to $to $opt"
		# shellcheck disable=SC2086
		run_tool convert -q --to "$to" $opt "$IN"
		expect_rc 1 "$what (game 5 fails)"
		grep -q "illegal move 'Nc7'" "$RUN_ERR" || fail "$what: the error of game 5 is reported"
		out=$T/out.$to
		cp "$RUN_OUT" "$out"
		case $to in
		san | lan | uci | spoken | fen | epd)
			expect_file "$T/plain.$to" "$out" "$what: a line form holds none of it: unchanged"
			continue ;;
		json)
			[ "$(grep -c '"status":"error"' "$out")" = 1 ] || fail "$what: game 5 still has status error"
			[ "$(wc -l <"$out")" = 6 ] || fail "$what: 6 games"
			case $opt in
			--no-comments*)
				[ "$(grep -o '"comments[a-z_]*":\[[^]]*\]' "$out" | sort | uniq -c | tr -s ' ')" = ' 1 "comments":["(=)"]' ] ||
					fail "$what: comments left (but the draw offer): $(grep -o '"comments[a-z_]*":\[[^]]*\]' "$out")" ;;
			--no-nags) ! grep -q '"nags"' "$out" || fail "$what: nags left" ;;
			--no-variations) ! grep -q '"variations"' "$out" || fail "$what: variations left" ;;
			--str-only) ! grep -q '"Annotator"\|"ECO"' "$out" || fail "$what: tags past the roster left" ;;
			--no-tags) [ "$(grep -c '"tags":{}' "$out")" = 5 ] || fail "$what: tags left (game 4 keeps SetUp, FEN)" ;;
			esac
			continue ;;
		esac
		# pgn, fide: the same mainlines, the same findings when validated (game 5 still fails)
		mainlines "$out" >"$T/main.out"
		expect_file "$T/main.ref" "$T/main.out" "$what: mainlines"
		"$VALIDATE" -q "$out" >"$T/val.out" 2>&1
		grep -c 'illegal move' "$T/val.out" | grep -qx 1 || fail "$what: game 5 fails when read back"
		grep -q "hamle: error" "$out" || fail "$what: the note of game 5 is written"
		# the clean games (all but game 5, written whole) lack what was left out
		not_game "$out" 5 >"$T/clean"
		game "$out" 5 >"$T/failed"
		game "$T/plain.$to" 5 >"$T/failed.ref"
		case $opt in
		--keep-tag-order) # its tags as read (none added), its movetext whole
			[ "$(grep -v '^\[' "$T/failed")" = "$(grep -v '^\[' "$T/failed.ref")" ] || fail "$what: game 5 whole" ;;
		--width* | *--width* | --tag-order*) # the layout applies, all of it is there
			[ "$(tr -d ' \n' <"$T/failed" | fold -w1 | sort | tr -d '\n')" = \
			  "$(tr -d ' \n' <"$T/failed.ref" | fold -w1 | sort | tr -d '\n')" ] || fail "$what: game 5 whole" ;;
		*) # game 5 is written whole, as without the options (its comments, variations, tags)
		   expect_file "$T/failed.ref" "$T/failed" "$what: game 5 whole" ;;
		esac
		case $opt in
		--no-comments*) ! grep -v '^\[' "$T/clean" | sed 's/{(=)}//' | grep -q '[{;]' || fail "$what: comments left" ;;
		esac
		case $opt in
		--no-nags | *--no-nags*) ! grep -v '^\[' "$T/clean" | grep -q '\$' || fail "$what: NAGs left" ;;
		esac
		case $opt in
		*--no-variations*) ! grep -v '^\[' "$T/clean" | sed 's/(=)//g' | grep -q '(' || fail "$what: variations left" ;;
		esac
		case $opt in
		*--str-only*)
			[ "$(grep '^\[' "$T/clean" | sed 's/ .*//' | sort -u | tr -d '[' | tr '\n' ' ')" = \
			  "Black Date Event FEN Result Round SetUp Site White " ] || fail "$what: tags past the roster" ;;
		--no-tags)
			[ "$(grep '^\[' "$T/clean" | sed 's/ .*//' | sort -u | tr -d '[' | tr '\n' ' ')" = "FEN SetUp " ] ||
				fail "$what: tags left" ;;
		--keep-tag-order)
			game "$out" 2 | grep '^\[' | sed 's/ .*//' | tr -d '[' | tr '\n' ' ' >"$T/names"
			[ "$(cat "$T/names")" = "Result Black White Event ECO Date " ] || fail "$what: tags as read: $(cat "$T/names")" ;;
		--tag-order*)
			game "$out" 1 | grep '^\[' | sed 's/ .*//' | tr -d '[' | tr '\n' ' ' >"$T/names"
			[ "$(cat "$T/names")" = "White Black Date ECO Event Site Round Result Annotator WhiteElo " ] ||
				fail "$what: tag order: $(cat "$T/names")" ;;
		esac
		case $opt in
		*--width*)
			w=${opt##*--width }
			w=${w%% *}
			long=$(grep -v '^\[' "$out" | awk -v w="$w" 'length($0) >= w' | head -3)
			[ -z "$long" ] || fail "$what: lines of $w characters or more: $long" ;;
		esac
	done
done

# ---- --unique: game 6 has game 1's mainline, game 2 too (other tags, no comments); game 3 is a
# transposition (another mainline, the same final position); game 5 fails and is never left out
for j in 1 3; do
	run_tool convert -q -j "$j" --unique --to san "$IN" --duplicates "$T/dups.$j"
	expect_rc 1 "--unique -j $j"
	printf '%s\n' "$(sed -n '1p;3p;4p;5p' "$T/main.ref")" >"$T/unique.ref"
	expect_file "$T/unique.ref" "$RUN_OUT" "--unique -j $j: games 1, 3, 4, 5"
	printf '%s\n' "$(sed -n '2p;6p' "$T/main.ref")" >"$T/dups.ref"
	expect_file "$T/dups.ref" "$T/dups.$j" "--duplicates -j $j: games 2 and 6"
done
run_tool convert -q --unique=positions --to san "$IN"
printf '%s\n' "$(sed -n '1p;4p;5p' "$T/main.ref")" >"$T/unique.ref"
expect_file "$T/unique.ref" "$RUN_OUT" "--unique=positions: the transposition (game 3) left out too"
run_tool convert -q --unique --no-comments "$IN"
[ "$(grep -c '^\[Event' "$RUN_OUT")" = 4 ] || fail "--unique with pgn: 4 games"
run_tool convert --unique=moves "$IN"
expect_rc 2 "--unique=moves is a usage error"
run_tool convert --duplicates "$T/d" "$IN"
expect_rc 2 "--duplicates without --unique"
[ ! -e "$T/d" ] || fail "--duplicates without --unique: nothing written"

# ---- --split N: the files hold every game, in order, N a file ----
for to in pgn json uci; do
	ext=pgn
	[ "$to" = json ] && ext=jsonl
	[ "$to" = uci ] && ext=txt
	run_tool convert -q --to "$to" --split 4 -o "$T/split.$to" "$IN"
	expect_rc 1 "--split 4 --to $to"
	[ "$(ls "$T/split.$to" | tr '\n' ' ')" = "1.$ext 2.$ext " ] || fail "--split 4 --to $to: files $(ls -a "$T/split.$to")"
	cat "$T/split.$to/1.$ext" "$T/split.$to/2.$ext" >"$T/joined"
	expect_file "$T/plain.$to" "$T/joined" "--split 4 --to $to: the games in order"
done
[ "$(grep -c '^\[Event' "$T/split.pgn/1.pgn")" = 4 ] || fail "--split 4: 4 games in 1.pgn"

# ---- --split-by: one file a value, every game once, in input order within its file ----
for by in eco event date; do
	run_tool convert -q --split-by "$by" -o "$T/by.$by" "$IN"
	expect_rc 1 "--split-by $by"
	case $by in
	eco) want="C60.pgn unknown.pgn " ;;
	event) want="Open A.pgn Open B.pgn " ;;
	date) want="1990.pgn 1991.pgn unknown.pgn " ;;
	esac
	[ "$(ls "$T/by.$by" | tr '\n' ' ')" = "$want" ] || fail "--split-by $by: files $(ls "$T/by.$by" | tr '\n' ' ')"
	cat "$T/by.$by"/*.pgn | mainlines /dev/stdin | sort >"$T/by.main"
	sort "$T/main.ref" >"$T/main.sorted"
	expect_file "$T/main.sorted" "$T/by.main" "--split-by $by: every game once"
	[ -z "$(find "$T/by.$by" -name '.*')" ] || fail "--split-by $by: temporary files left"
done
run_tool convert --split 2 "$IN"
expect_rc 2 "--split without -o DIR"
run_tool convert --split 2 --split-by eco -o "$T/x" "$IN"
expect_rc 2 "--split and --split-by"
for bad in "--width 19" "--width 257" "--split 0" "--split-by site" "--tag-order $T/none --keep-tag-order" \
    "--tag-order $T/none"; do
	# shellcheck disable=SC2086
	run_tool convert $bad "$IN"
	expect_rc 2 "$bad: a usage error"
	expect_empty "$RUN_OUT" "$bad: nothing written"
done
grep -q "$T/none" "$RUN_ERR" || fail "--tag-order with a missing file names it"
finish
