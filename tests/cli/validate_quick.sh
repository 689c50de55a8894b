#!/usr/bin/env bash
# validate_quick.sh: the quick lane (hamle_replay_quick, taken for plain games unless --all,
# --where or --full-replay) changes nothing but speed. Every PGN and text file of testdata/ is
# validated with and without --full-replay, under several option sets; stdout, stderr and the exit
# code must be identical. A file made of plain clean games must take the lane (the summary counts
# the games as valid either way, so this is checked through hamle-validate -v's lane count).
# At -j 1 plain games are read in one pass (hamle_replay_quick_next) unless HAMLE_NO_ONE_PASS is
# set: the text and JSON runs also compare with the lane taken after the splitter.
. "$(dirname "$0")/common.sh"
require_tool validate
tool=$(tool_path validate)

compare_all() { # LABEL FILE-LIST-FILE OPTIONS...
	local label=$1 list=$2 n=0 f a b
	shift 2
	while IFS= read -r f; do
		n=$((n + 1))
		a=0 b=0
		"$tool" -j 1 "$@" "$f" >"$HAMLE_TMP/q.out" 2>"$HAMLE_TMP/q.err" || a=$?
		"$tool" -j 1 --full-replay "$@" "$f" >"$HAMLE_TMP/f.out" 2>"$HAMLE_TMP/f.err" || b=$?
		[ "$a" = "$b" ] || fail "$label: $f: exit $a with the lane, $b without"
		cmp -s "$HAMLE_TMP/q.out" "$HAMLE_TMP/f.out" || fail "$label: $f: stdout differs"
		cmp -s "$HAMLE_TMP/q.err" "$HAMLE_TMP/f.err" || fail "$label: $f: stderr differs"
		case $label in text | json)
			b=0
			HAMLE_NO_ONE_PASS=1 "$tool" -j 1 "$@" "$f" >"$HAMLE_TMP/s.out" 2>"$HAMLE_TMP/s.err" || b=$?
			[ "$a" = "$b" ] || fail "$label: $f: exit $a in one pass, $b after the splitter"
			cmp -s "$HAMLE_TMP/q.out" "$HAMLE_TMP/s.out" || fail "$label: $f: stdout differs after the splitter"
			cmp -s "$HAMLE_TMP/q.err" "$HAMLE_TMP/s.err" || fail "$label: $f: stderr differs after the splitter"
			;;
		esac
	done <"$list"
	echo "$label: $n files compared"
}

find "$HAMLE_TESTDATA" -type f \( -name '*.pgn' -o -name '*.txt' \) ! -path '*/fuzz/*' | sort >"$HAMLE_TMP/files"
[ -s "$HAMLE_TMP/files" ] || fail "no test files found"
compare_all text "$HAMLE_TMP/files"
compare_all json "$HAMLE_TMP/files" --format json
compare_all from-en "$HAMLE_TMP/files" --from en --format json
compare_all strict "$HAMLE_TMP/files" --strict
compare_all tokens "$HAMLE_TMP/files" --max-tokens 40 --format json
compare_all lang-tr "$HAMLE_TMP/files" --lang tr

# Hand-made games at the lane's edges: each must give the same verdict both ways.
# game EVENT RESULT MOVETEXT: a game with the Seven Tag Roster
game() {
	printf '[Event "%s"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "a"]\n[Black "b"]\n[Result "%s"]\n\n%s\n\n' "$1" "$2" "$3"
}
{
	game 'plain' '1-0' '1.e4 e5 2.Bc4 Nc6 3.Qh5 Nf6 4.Qxf7# 1-0'
	game 'mate marked +' '1-0' '1.e4 e5 2.Bc4 Nc6 3.Qh5 Nf6 4.Qxf7+ 1-0'
	game 'check marked #' '*' '1.e4 f5 2.Qh5# *'
	game 'no check marked +' '*' '1.e4+ e5 *'
	game 'capture marked, none' '*' '1.exe4 e5 *'
	game 'result mismatch' '0-1' '1.e4 e5 2.Bc4 Nc6 3.Qh5 Nf6 4.Qxf7# 1-0'
	game 'mate, wrong result' '1/2-1/2' '1.e4 e5 2.Bc4 Nc6 3.Qh5 Nf6 4.Qxf7# 1/2-1/2'
	game 'moves after mate' '1-0' '1.e4 e5 2.Bc4 Nc6 3.Qh5 Nf6 4.Qxf7# Ke7 1-0'
	game 'after the result' '*' '1.e4 e5 * 2.Nf3'
	printf '[Event "missing tags"]\n\n%s\n\n' '1.e4 e5 *'
	game 'illegal' '*' '1.e4 e5 2.Ke3 *'
	game 'ambiguous' '*' '1.d4 d5 2.Nf3 Nf6 3.Nd2 *'
	game 'castling, en passant, promotion' '*' '1.e4 Nf6 2.e5 d5 3.exd6 cxd6 4.Nf3 g6 5.Bc4 Bg7 6.O-O O-O 7.d4 b5 8.Bxb5 a5 9.a4 Ba6 10.c4 Bxb5 11.axb5 a4 12.b6 a3 13.b7 axb2 14.bxa8=Q bxa1=Q *'
	game 'fivefold' '*' '1.Nf3 Nf6 2.Ng1 Ng8 3.Nf3 Nf6 4.Ng1 Ng8 5.Nf3 Nf6 6.Ng1 Ng8 7.Nf3 Nf6 8.Ng1 Ng8 9.Nf3 *'
	game 'German letters' '*' '1.e4 e5 2.Sf3 Sc6 3.Lb5 a6 *'
	game 'Dutch P: a knight, or a pawn in English' '*' '1.e4 e5 2.Pf3 Pc6 3.d4 *'
	game 'Spanish and Italian: the same moves' '*' '1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 *'
	game 'number forms' '*' '1. e4 1... e5 2 Nf3 2...Nc6 3.Bb5 *'
	game 'number skipped' '*' '1.e4 e5 5.Nf3 Nc6 *'
	game 'number repeated' '*' '1.e4 e5 2.Nf3 Nc6 2.Bb5 a6 3.Ba4 *'
	game 'number for Black' '*' '1.e4 e5 2.Nf3 3...Nc6 *'
	game 'number for White' '*' '1...e4 e5 *'
	# comments (the lane skips them once their findings are ruled out)
	game 'comments' '1-0' '{start} 1.e4 {[%clk 0:03:00]} e5 {a
two-line comment} 2.Bc4 {} Nc6 3.Qh5 Nf6 4.Qxf7# {mate} 1-0'
	game 'comment glued' '*' '1.e4{x} e5 *'
	game 'comment after the result' '*' '1.e4 e5 * {done}'
	game 'comment unterminated' '*' '1.e4 {open e5 *'
	game 'comment, a note of a failed game' '*' '1.e4 { hamle: error: syntax} e5 *'
	game 'comment, UTF-8' '*' "$(printf '1.e4 {G\xc3\xbczel \xc5\x9fah} e5 *')"
	game 'comment, Latin-1' '*' "$(printf '1.e4 {G\xfczel} e5 *')"
	game 'comment, control character' '*' "$(printf '1.e4 {a\x01b} e5 *')"
	game 'comment, DEL' '*' "$(printf '1.e4 {abcdefgh\x7fijklmnop} e5 *')"
	game 'comment, tab' '*' "$(printf '1.e4 {abc\tdefghijklmnop} e5 *')"
	game 'comment, a line comment' '*' '1.e4 ; rest of the line
e5 *'
	game 'comment in a variation' '*' '1.e4 (1.d4 {q}) e5 *'
	# variations, NAGs and glyphs (the lane replays and skips them too)
	game 'variations' '1-0' '1. e4 e5 (1... c5 2. Nf3 (2. Nc3 Nc6) 2... d6) 2. Nf3! Nc6 $1 3. Bb5 a6?! (3... Nf6 4. O-O) 4. Ba4 1-0'
	game 'two variations of one move' '*' '1. e4 (1. d4 d5) (1. c4 e5 2. Nc3) 1... e5 2. Nf3 *'
	game 'variation, mate marked + before it' '1-0' '1.e4 e5 2.Bc4 Nc6 3.Qh5 Nf6 4.Qxf7+ (4.Qxf7#) 1-0'
	game 'variation ends in a mate marked +' '*' '1.e4 e5 2.Bc4 Nc6 3.Qh5 Nf6 (3...d6 4.Qxf7+) 4.Qxf7# *'
	game 'variation, a wrong mark' '*' '1.e4 e5 (1...d5+ 2.exd5) 2.Nf3 *'
	game 'variation, illegal move' '*' '1.e4 e5 (1...Ke7 2.Ke3) 2.Nf3 *'
	game 'variation, number off' '*' '1.e4 e5 (2...d5) 2.Nf3 *'
	game 'variation, number for the wrong side' '*' '1.e4 e5 (1.d5) 2.Nf3 *'
	game 'variation without a move before it' '*' '(1.d4) 1.e4 e5 *'
	game 'nested variation without a move' '*' '1.e4 ((1.d4)) e5 *'
	game 'empty variation' '*' '1.e4 () e5 *'
	game 'draw offer in parentheses' '*' '1.e4 (=) e5 *'
	game 'variation closed, none open' '*' '1.e4 e5) 2.Nf3 *'
	game 'variation left open' '*' '1.e4 e5 (1...c5 2.Nf3 *'
	game 'result inside a variation' '*' '1.e4 e5 (1...c5 1-0) 2.Nf3 *'
	game 'move glued to a variation' '*' '1.e4 e5 2.Nf3(2.Nc3) Nc6 *'
	game 'promotion in parentheses' '*' '1.e4 d5 2.exd5 e6 3.dxe6 Ke7 4.exf7 a6 5.fxg8(Q) *'
	game 'NAG out of range' '*' '1.e4 $256 e5 *'
	game 'NAG without a number' '*' '1.e4 $ e5 *'
	game 'NAG glued' '*' '1.e4$1 e5 *'
	game 'glyph of three' '*' '1.e4!!! e5 *'
	game 'glyphs alone' '*' '1.e4 !? e5 ?? 2.Nf3 *'
	game 'repetition through a variation' '*' '1.Nf3 Nf6 2.Ng1 Ng8 3.Nf3 Nf6 (3...Nc6 4.Ng1 Nb8 5.Nf3 Nf6 6.Ng1 Ng8 7.Nf3 Nf6 8.Ng1 Ng8 9.Nf3) 4.Ng1 Ng8 5.Nf3 Nf6 6.Ng1 Ng8 7.Nf3 *'
	game 'deep variations' '*' '1.e4 (1.d4 (1.c4 (1.Nf3 (1.g3 (1.b3 (1.f4 (1.b4 (1.a3 (1.h3 (1.a4 (1.h4 (1.Nc3 (1.e3 (1.d3 (1.c3 (1.g4 (1.f3)))))))))))))))))) e5 *'
	# a start position of its own (the tag reader sets it up; the lane reads the movetext)
	fen() { # EVENT RESULT EXTRA-TAGS MOVETEXT
		printf '[Event "%s"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "a"]\n[Black "b"]\n[Result "%s"]\n%s\n%s\n\n' "$1" "$2" "$3" "$4"
	}
	fen 'FEN' '1-0' '[SetUp "1"]
[FEN "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"]' '1.Ra8# 1-0'
	fen 'FEN, Black to move' '*' '[SetUp "1"]
[FEN "6k1/5ppp/8/8/8/8/5PPP/R5K1 b - - 0 30"]' '30...h6 31.Ra8+ Kh7 *'
	fen 'FEN, full-move 0' '*' '[SetUp "1"]
[FEN "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 0"]' '1.Ra8+ *'
	fen 'FEN, number off' '*' '[SetUp "1"]
[FEN "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 12"]' '1.Ra8+ *'
	fen 'FEN, no SetUp' '1-0' '[FEN "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"]' '1.Ra8# 1-0'
	fen 'FEN, bad' '*' '[SetUp "1"]
[FEN "6k1/5ppp/8/8/8/8/5PPP/R5K w - - 0 1"]' '1.Ra8+ *'
	fen 'FEN, illegal move' '*' '[SetUp "1"]
[FEN "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"]' '1.Rb8 Kh8 2.Ra7 *'
	fen 'FEN and Variant Standard' '*' '[Variant "Standard"]
[SetUp "1"]
[FEN "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"]' '1.O-O O-O-O 2.Rf7 *'
	fen 'Chess960' '*' '[Variant "Chess960"]
[SetUp "1"]
[FEN "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"]' '9.g3 O-O 10.O-O *'
	fen 'Crazyhouse' '*' '[Variant "Crazyhouse"]' '1.e4 e5 *'
	fen 'Variant without FEN' '*' '[Variant "Standard"]' '1.e4 e5 *'
	fen 'FEN, UTF-8 name' '1-0' '[Annotator "Gürbüz"]
[SetUp "1"]
[FEN "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"]' '1.Ra8# 1-0'
	# fivefold repetition before 1 July 2014: no end of the game
	printf '[Event "fivefold 2010"]\n[Site "?"]\n[Date "2010.05.01"]\n[Round "?"]\n[White "a"]\n[Black "b"]\n[Result "*"]\n\n%s\n\n' \
		'1.Nf3 Nf6 2.Ng1 Ng8 3.Nf3 Nf6 4.Ng1 Ng8 5.Nf3 Nf6 6.Ng1 Ng8 7.Nf3 Nf6 8.Ng1 Ng8 9.Nf3 *'
} >"$HAMLE_TMP/edges.pgn"
# files joined with cat (a byte order mark before a game) and a last game cut short: warnings the
# lane leaves to the full path
{
	game 'plain' '1-0' '1.e4 e5 2.Bc4 Nc6 3.Qh5 Nf6 4.Qxf7# 1-0'
	printf '\xef\xbb\xbf'
	game 'joined' '*' '1.d4 d5 *'
	game 'cut' '*' '1.c4 e5 2.Nc3'
} >"$HAMLE_TMP/joined-cut.pgn"
printf '%s\n' "$HAMLE_TMP/edges.pgn" "$HAMLE_TMP/joined-cut.pgn" >"$HAMLE_TMP/edge-list"
compare_all edges "$HAMLE_TMP/edge-list" --format json
compare_all edges-text "$HAMLE_TMP/edge-list"
compare_all edges-comment-limit "$HAMLE_TMP/edge-list" --max-comment-bytes 8 --format json

# the lane is taken: the plain game alone, validated with -v, says so
head -9 "$HAMLE_TMP/edges.pgn" >"$HAMLE_TMP/plain.pgn"
"$tool" -j 1 -v "$HAMLE_TMP/plain.pgn" >/dev/null 2>"$HAMLE_TMP/v.err" || fail "plain game: not valid"
grep -q 'quick lane: 1 of 1 games' "$HAMLE_TMP/v.err" || fail "plain game: the quick lane was not taken ($(cat "$HAMLE_TMP/v.err"))"
"$tool" -j 1 -v --full-replay "$HAMLE_TMP/plain.pgn" >/dev/null 2>"$HAMLE_TMP/v.err" || fail "plain game, full: not valid"
grep -q 'quick lane: 0 of 1 games' "$HAMLE_TMP/v.err" || fail "--full-replay: the quick lane was taken"
# a game with comments takes it too (plain ASCII comments), and with its own bytes decoded first
# (--encoding utf-8: the lane on the decoded text)
game 'comments' '1-0' '{start} 1.e4 {[%clk 0:03:00]} e5 {a
two-line comment} 2.Bc4 {} Nc6 3.Qh5 Nf6 4.Qxf7# {mate} 1-0' >"$HAMLE_TMP/comments.pgn"
# variations, NAGs and glyphs take the lane (one pass and after the splitter)
game 'variations' '1-0' '1. e4 e5 (1... c5 2. Nf3 (2. Nc3 Nc6) 2... d6) 2. Nf3! Nc6 $1 3. Bb5 a6?! (3... Nf6 4. O-O) 4. Ba4 1-0' >"$HAMLE_TMP/vars.pgn"
for one in "" 1; do
	HAMLE_NO_ONE_PASS=$one "$tool" -j 1 -v "$HAMLE_TMP/vars.pgn" >/dev/null 2>"$HAMLE_TMP/v.err" || fail "variations: not valid"
	grep -q 'quick lane: 1 of 1 games' "$HAMLE_TMP/v.err" || fail "variations: the quick lane was not taken ($(cat "$HAMLE_TMP/v.err"))"
done
# a start position of its own (FEN, Variant) is set up by the tag reader and takes the lane
{
	printf '[Event "FEN"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "a"]\n[Black "b"]\n[Result "1-0"]\n'
	printf '[Variant "Standard"]\n[SetUp "1"]\n[FEN "6k1/5ppp/8/8/8/8/5PPP/Q5K1 w - - 0 1"]\n\n1.Qa8# 1-0\n\n'
} >"$HAMLE_TMP/fen.pgn"
for one in "" 1; do
	HAMLE_NO_ONE_PASS=$one "$tool" -j 1 -v "$HAMLE_TMP/fen.pgn" >/dev/null 2>"$HAMLE_TMP/v.err" || fail "FEN game: not valid"
	grep -q 'quick lane: 1 of 1 games' "$HAMLE_TMP/v.err" || fail "FEN game: the quick lane was not taken ($(cat "$HAMLE_TMP/v.err"))"
done
for enc in "" "--encoding utf-8"; do
	# shellcheck disable=SC2086
	"$tool" -j 1 -v $enc "$HAMLE_TMP/comments.pgn" >/dev/null 2>"$HAMLE_TMP/v.err" || fail "comments $enc: not valid"
	grep -q 'quick lane: 1 of 1 games' "$HAMLE_TMP/v.err" || fail "comments $enc: the quick lane was not taken ($(cat "$HAMLE_TMP/v.err"))"
done
finish
