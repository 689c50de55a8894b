#!/usr/bin/env bash
# where_pgnextract.sh (label corpus): every --where form (and --game) that pgn-extract
# also has selects the same games as pgn-extract's equivalent on ../shared/corpus/medium: the
# games are compared as lists (Event, White, Black, Date, Round of each, sorted), not only counted.
# Pairings that agree exactly:
#   -TpX -TwX -TbX       Player~/^X/  White~/^X/  Black~/^X/ (-T matches the start of the name)
#   --tagsubstr -TpX     Player~/X/ (anywhere in it)
#   -Tr0-1 -TeB90 -Td2000  Result=0-1  ECO~/^B90/  Date~/^2000/ (-Td matches the date's start)
#   -Tf PATTERN          Position=PATTERN (any mainline position; FENPattern wildcards, the
#                        classes [BP] and [^R] and 'm' among them)
#   -t 'FENPatternI P'   PositionI=P (P, or P with the colours swapped: ranks reversed, case swapped)
#   -x LINE              Position=<the board LINE reaches> (pgn-extract: games reaching it)
#   -P -v LINE           Moves~'LINE' (the game starts with these moves, in this order)
#   -H KEY               Hash=KEY (a Polyglot key reached)
#   -bl40 -bu30          Plies>=79  Plies<=60 (-b counts moves: -bl40 is 79 plies or more)
#   --checkmate --stalemate --fifty   Ends=checkmate  Ends=stalemate  Has=fifty
#   --selectonly 3,10:12 (no other criterion)   --game 3,10-12
# Pairings where hamle selects more, by design (checked: pgn-extract's games are among hamle's):
#   --repetition  Has=threefold: pgn-extract counts an en passant square after every double pawn
#                 push, so a position after one is never "the same" as the one with that pawn move
#                 made earlier; FIDE 9.2.3 (hamle) counts it only when the capture is legal
#   -z 'rp nb'    Material=2:KRPknb || Material=2:KNBkrp: pgn-extract wants the material to last two
#                 plies by default (its "stability"; hamle's "N:", none by default: one position),
#                 and it tests only the positions before each move, never the final one; hamle
#                 tests them all, so a material reached (or lasting) to the end is hamle's alone
#   -z 'r2p* r=p1>='  Material=2:KR2P*kr=p1>= || Material=2:KR=P1>=kr2p* (ranges, relations to the
#                 other side, L a minor piece, a stability: the same difference)
# The -t tag file with relational operators is where_counts.sh's. --selectonly counts matched
# games (hamle's --game counts the games of each input): they agree when nothing else selects.
. "$(dirname "$0")/../cli/common.sh"
skip_without_shared
require_tool convert
pe=/usr/games/pgn-extract
[ -x "$pe" ] || skip "$pe not found"
dir=$HAMLE_SHARED/corpus/medium
[ -d "$dir" ] || skip "no $dir"
files=()
while IFS= read -r f; do files+=("$f"); done < <(find "$dir" -name '*.pgn' | LC_ALL=C sort)
[ "${#files[@]}" -gt 0 ] || skip "no PGN files in $dir"
d=$HAMLE_TMP

keys() { # the selected games' keys, sorted; ASCII only (hamle writes UTF-8, pgn-extract the input's bytes)
	LC_ALL=C tr -cd '\n -~' | awk '/^\[Event /{e=$0} /^\[White /{w=$0} /^\[Black /{b=$0} /^\[Date /{t=$0} /^\[Round /{r=$0}
		/^$/ { if (e != "") print e w b t r; e = w = b = t = r = "" }
		END { if (e != "") print e w b t r }' | LC_ALL=C sort
}

hamle_keys() { # EXPR-OR-OPTIONS...
	run_tool convert -j 2 "$@" "${files[@]}"
	[ "$RUN_RC" -le 1 ] || fail "hamle-convert $*: exit $RUN_RC"
	keys <"$RUN_OUT"
}

pe_keys() { # pgn-extract OPTIONS...
	"$pe" -s "$@" "${files[@]}" 2>/dev/null | keys
}

# same LABEL HAMLE-ARGS -- PGN-EXTRACT-ARGS: both select the same games (and some)
same() {
	local label=$1
	shift
	local h=() p=()
	while [ "$1" != -- ]; do h+=("$1"); shift; done
	shift
	p=("$@")
	hamle_keys "${h[@]}" >"$d/h"
	pe_keys "${p[@]}" >"$d/p"
	local nh np
	nh=$(wc -l <"$d/h")
	np=$(wc -l <"$d/p")
	echo "$label: hamle ${h[*]}: $nh games; pgn-extract ${p[*]}: $np"
	[ "$np" -gt 0 ] || fail "$label: pgn-extract selects no game: not a comparison"
	cmp -s "$d/h" "$d/p" || { diff "$d/h" "$d/p" | head -5; fail "$label: hamle and pgn-extract select different games"; }
}

# more LABEL HAMLE-ARGS -- PGN-EXTRACT-ARGS: pgn-extract's games are among hamle's
more() {
	local label=$1
	shift
	local h=()
	while [ "$1" != -- ]; do h+=("$1"); shift; done
	shift
	hamle_keys "${h[@]}" >"$d/h"
	pe_keys "$@" >"$d/p"
	local nh np missing
	nh=$(wc -l <"$d/h")
	np=$(wc -l <"$d/p")
	missing=$(LC_ALL=C comm -13 "$d/h" "$d/p" | wc -l)
	echo "$label: hamle ${h[*]}: $nh games; pgn-extract $*: $np (hamle's more: $((nh - np)))"
	[ "$np" -gt 0 ] || fail "$label: pgn-extract selects no game: not a comparison"
	[ "$missing" = 0 ] || fail "$label: $missing games pgn-extract selects are not among hamle's"
}

same player --where 'Player~/^Kasparov/' -- -TpKasparov
same player_substr --where 'Player~/Kasparov/' -- --tagsubstr -TpKasparov
same white --where 'White~/^Carlsen/' -- -TwCarlsen
same black --where 'Black~/^Anand/' -- -TbAnand
same result --where 'Result=0-1' -- -Tr0-1
same eco --where 'ECO~/^B90/' -- -TeB90
same date --where 'Date~/^2000/' -- -Td2000
same fenpattern --where 'Position=*/*/*/*/*/*/*/??KR????' -- '-Tf*/*/*/*/*/*/*/??KR????'
same fenpattern2 --where 'Position=*/*/*/3Qq3/*/*/*/*' -- '-Tf*/*/*/3Qq3/*/*/*/*'
same fenpattern_class --where 'Position=?????rk?/?????aaa/*/*/*/8/P[BP]P*/??KR????' -- '-Tf?????rk?/?????aaa/*/*/*/8/P[BP]P*/??KR????'
same fenpattern_not --where 'Position=*/*/*/*/*/*/*/??K[^R]????' -- '-Tf*/*/*/*/*/*/*/??K[^R]????'
same fenpattern_queens --where 'Position=*/*/*/*/*/[Qq]*[Qq]*/m*/*' -- '-Tf*/*/*/*/*/[Qq]*[Qq]*/m*/*'
printf 'FENPatternI "*/*/*/*/*/*/*/??KR????"\n' >"$d/fpi"
same fenpattern_either --where 'PositionI=*/*/*/*/*/*/*/??KR????' -- -t"$d/fpi"
echo "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6" >"$d/najdorf"
same positional --where 'Position=rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R' -- -x"$d/najdorf"
same textual --where "Moves~'1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6'" -- -P -v"$d/najdorf"
# the same line in Turkish and German letters
same textual_tr --where "Moves~'1. e4 c5 2. Af3 d6 3. d4 cxd4 4. Axd4 Af6 5. Ac3 a6'" -- -P -v"$d/najdorf"
same textual_de --where "Moves~'1. e4 c5 2. Sf3 d6 3. d4 cxd4 4. Sxd4 Sf6 5. Sc3 a6'" -- -P -v"$d/najdorf"
same hash --where 'Hash=09a2250f4dfc8f82' -- -H09a2250f4dfc8f82
same moves_at_least --where 'Plies>=79' -- -bl40
same moves_at_most --where 'Plies<=60' -- -bu30
same checkmate --where 'Ends=checkmate' -- --checkmate
same stalemate --where 'Ends=stalemate' -- --stalemate
same fifty --where 'Has=fifty' -- --fifty
more repetition --where 'Has=threefold' -- --repetition
# material_all LABEL HAMLE-ARGS -- PGN-EXTRACT-ARGS: pgn-extract made to test every position too
# (a null move "--" before each result: it tests the positions before each move): its games are
# among hamle's, and each game hamle selects alone has a promotion in its mainline (pgn-extract
# counts the material from its captures and promotions, and there it parts from the board)
"$(tool_path convert)" -q -j 2 "${files[@]}" 2>/dev/null |
	sed -E '/^\[/!{s/ (1-0|0-1|1\/2-1\/2|\*)$/ -- \1/;s/^(1-0|0-1|1\/2-1\/2|\*)$/-- \1/}' >"$d/nulled.pgn"
material_all() {
	local label=$1
	shift
	local h=()
	while [ "$1" != -- ]; do h+=("$1"); shift; done
	shift
	run_tool convert -j 2 "${h[@]}" "${files[@]}"
	LC_ALL=C tr -cd '\n -~' <"$RUN_OUT" >"$d/hm.pgn"
	keys <"$d/hm.pgn" >"$d/h"
	"$pe" --allownullmoves -s "$@" "$d/nulled.pgn" 2>/dev/null | keys >"$d/p"
	local missing extra nopromo
	missing=$(LC_ALL=C comm -13 "$d/h" "$d/p" | wc -l)
	LC_ALL=C comm -23 "$d/h" "$d/p" >"$d/extra"
	extra=$(wc -l <"$d/extra")
	awk 'NR == FNR { x[$0] = 1; next }
		/^\[Event / { if (k in x) printf "%s", g; g = e = w = b = t = r = ""; k = "" }
		/^\[Event /{e=$0} /^\[White /{w=$0} /^\[Black /{b=$0} /^\[Date /{t=$0} /^\[Round /{r=$0}
		{ g = g $0 "\n"; k = e w b t r }
		END { if (k in x) printf "%s", g }' "$d/extra" "$d/hm.pgn" >"$d/extra.pgn"
	[ "$(grep -c '^\[Event ' "$d/extra.pgn")" = "$extra" ] || fail "$label: the $extra games hamle alone selects not found"
	nopromo=$("$(tool_path convert)" -q --to uci "$d/extra.pgn" 2>/dev/null | grep -cvE '(^| )[a-h][1-8][a-h][1-8][qrbn]( |$)' || true)
	echo "$label (every position): hamle ${h[*]}: $(wc -l <"$d/h") games; pgn-extract --allownullmoves $*: $(wc -l <"$d/p") (hamle's more: $extra, all with a promotion)"
	[ "$missing" = 0 ] || fail "$label: $missing games pgn-extract selects (every position tested) are not among hamle's"
	[ "$nopromo" = 0 ] || fail "$label: $nopromo games hamle alone selects have no promotion"
}
printf 'rp nb\n' >"$d/rpnb"
more material --where 'Material=2:KRPknb || Material=2:KNBkrp' -- -z"$d/rpnb"
more material_any --where 'Material=KRPknb || Material=KNBkrp' -- -z"$d/rpnb"
printf 'rp+ r\n' >"$d/rpr"
more material_both --where 'Material=2:KRP+kr || Material=2:KRkrp+' -- -z"$d/rpr"
printf 'r2p* r=p1>=\n' >"$d/rel"
more material_relation --where 'Material=2:KR2P*kr=p1>= || Material=2:KR=P1>=kr2p*' -- -z"$d/rel"
printf '10 r2p* r=p1>=\n' >"$d/rel10"
more material_stable --where 'Material=10:KR2P*kr=p1>= || Material=10:KR=P1>=kr2p*' -- -z"$d/rel10"
printf '0 q*r+l*p+ q=r1<=l2>=p1<\n' >"$d/minor"
more material_minor --where 'Material=KQ*R+L*P+kq=r1<=l2>=p1< || Material=KQ=R1<=L2>=P1<kq*r+l*p+' -- -z"$d/minor"
printf 'r+p+ r=p#\n' >"$d/unbalanced"
more material_unbalanced --where 'Material=2:KR+P+kr=p# || Material=2:KR=P#kr+p+' -- -z"$d/unbalanced"
material_all material_both --where 'Material=2:KRP+kr || Material=2:KRkrp+' -- -z"$d/rpr"
material_all material_minor --where 'Material=KQ*R+L*P+kq=r1<=l2>=p1< || Material=KQ=R1<=L2>=P1<kq*r+l*p+' -- -z"$d/minor"
material_all material_unbalanced --where 'Material=2:KR+P+kr=p# || Material=2:KR=P#kr+p+' -- -z"$d/unbalanced"

# --game within one input against --selectonly with no other criterion
one=${files[0]}
hamle_keys_one() { run_tool convert "$@" "$one"; keys <"$RUN_OUT"; }
hamle_keys_one --game 3,10-12,100-140 >"$d/h"
"$pe" -s --selectonly 3,10:12,100:140 "$one" 2>/dev/null | keys >"$d/p"
echo "selectonly: hamle --game 3,10-12,100-140: $(wc -l <"$d/h") games; pgn-extract --selectonly 3,10:12,100:140: $(wc -l <"$d/p")"
[ "$(wc -l <"$d/h")" = 45 ] || fail "--game 3,10-12,100-140 selects $(wc -l <"$d/h") games, not 45"
cmp -s "$d/h" "$d/p" || fail "--game and --selectonly select different games"
# --invert: the complement
hamle_keys_one --game 3,10-12,100-140 --invert >"$d/inv"
hamle_keys_one >"$d/all"
[ "$(cat "$d/h" "$d/inv" | LC_ALL=C sort)" = "$(cat "$d/all")" ] || fail "--game and --game --invert do not make up the input"
echo "invert: $(wc -l <"$d/inv") games, with --game's $(wc -l <"$d/all")"
finish
