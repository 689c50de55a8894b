#!/bin/bash
# convert_still_fails.sh: nothing lost, nothing changed. Over the broken and clean games of testdata (the convert
# CLI cases, testdata/convert, the validate and lexer goldens, the replay fuzz seeds), hamle-convert
# then hamle-validate (with the same --max-* limits) finds as many games as in the input, with an
# error in exactly those that failed conversion (a game that failed still fails; one converted
# whole is valid; an encoding error of the input's bytes alone is mended by the decoding and
# fails no conversion). The PGN written is balanced ('(' ')' outside comments, every '{' closed), its
# movetext lines hold at most 255 characters (but for a single word, or an escape line);
# converting it again gives it back unchanged (its notes included).
. "$(dirname "$0")/common.sh"
require_tool convert
require_tool validate
command -v python3 >/dev/null || skip "python3 not found"
T=$HAMLE_TMP
D=$HAMLE_TESTDATA
checked=0 failed_games=0
mkdir -p "$T/outs"
: > "$T/outs/names"

# "N games, V valid, E with errors" of hamle-validate's summary -> "N E"
verdict() {
	sed -n 's/^hamle-validate: \([0-9]*\) games*, [0-9]* valid, \([0-9]*\) with errors.*/\1 \2/p' "$1"
}

check() { # NAME INPUT [LIMIT OPTIONS...]
	local name=$1 in=$2
	shift 2
	run_tool validate "$@" "$in"
	local games
	games=$(verdict "$RUN_ERR" | cut -d' ' -f1)
	run_tool convert -q "$@" "$in"
	case $RUN_RC in 0 | 1) ;; *) fail "$name: convert exit $RUN_RC"; return ;; esac
	cp "$RUN_OUT" "$T/out.pgn"
	# the games that failed conversion (errors only with -q); one failed for its bytes alone is
	# written decoded (U+FFFD, a space) with an encoding note, and fails too
	local nfailed
	nfailed=$(sed -nE 's/^[^:]*:[0-9]+(:[0-9]+)?: game ([0-9]+) .*/\2/p' "$RUN_ERR" | sort -u | wc -l)
	run_tool validate "$@" "$T/out.pgn"
	local got
	got=$(verdict "$RUN_ERR")
	# as many games (but from a typed scoresheet, which hamle-validate does not read as one)
	case $in in *.txt) games=${got%% *} ;; esac
	[ "$got" = "$games $nfailed" ] ||
		fail "$name: $games games of which $nfailed failed conversion; validating the conversion says '$got'"
	checked=$((checked + 1))
	failed_games=$((failed_games + nfailed))
	cp "$T/out.pgn" "$T/outs/$checked.pgn"
	echo "$checked $name" >> "$T/outs/names"
	[ "${IDEM:-1}" = 1 ] || return
	run_tool convert -q "$@" "$T/out.pgn"
	cmp -s "$RUN_OUT" "$T/out.pgn" || {
		fail "$name: converting the conversion changes it"
		diff "$T/out.pgn" "$RUN_OUT" | head -6 >&2
	}
}

# the convert CLI cases: their stdin, with their limits (under a comment or token limit that the
# note itself goes over, converting the conversion fails it at the note: the verdict holds, the
# text is not the same)
for c in "$D"/cli/convert/*/; do
	[ -f "$c/stdin" ] || continue
	name=$(basename "$c")
	lim=()
	mapfile -t args < "$c/args"
	for ((k = 0; k < ${#args[@]}; k++)); do
		case ${args[k]} in --max-*) lim+=("${args[k]}" "${args[k + 1]}") ;; esac
	done
	[ "$name" = bad-limit ] && continue
	cp "$c/stdin" "$T/$name.pgn"
	case $name in comment-limit | token-limit) IDEM=0 ;; *) IDEM=1 ;; esac
	check "cli/convert/$name" "$T/$name.pgn" "${lim[@]}"
	IDEM=1
done
for f in "$D"/convert/*.pgn "$D"/convert/*.txt "$D"/validate/golden/*.pgn "$D"/validate/golden/*.txt \
	"$D"/pgn/golden/*.pgn; do
	[ -f "$f" ] || continue
	check "${f#$D/}" "$f"
done
# (every finding kept: the failed games are counted from hamle-convert's messages)
for f in "$D"/fuzz/replay/* "$D"/fuzz/pgn_reader/*; do
	[ -f "$f" ] || continue
	cp "$f" "$T/seed.pgn"
	check "${f#$D/}" "$T/seed.pgn" --max-findings 100000
done

# a limit in hamle-convert is the same limit as in hamle-validate: the game over it fails both
printf '1. e4 (1. d4 (1. c4 (1. Nf3 (1. g3)))) e5 *\n' > "$T/deep.pgn"
run_tool convert -q --max-depth 2 "$T/deep.pgn"
expect_rc 1 "convert --max-depth 2"
grep -q '{hamle: error: limit' "$RUN_OUT" || fail "convert --max-depth 2: no note of the limit"
run_tool convert -q "$T/deep.pgn"
expect_rc 0 "convert without the limit"

# the shape of everything written (one python run: it starts slowly)
python3 - "$T/outs" <<'PY' || fail "the written PGN is not well formed (above)"
import sys
d = sys.argv[1]
ok = True
for entry in open(d + '/names', encoding='utf-8'):
    k, name = entry.rstrip('\n').split(' ', 1)
    text = open('%s/%s.pgn' % (d, k), encoding='utf-8', errors='replace').read()
    bad = []
    depth = brace = 0
    for no, line in enumerate(text.split('\n'), 1):
        if not brace and line.startswith('['):
            if depth:
                bad.append('%d: a tag line inside a variation' % no)
            continue
        if not brace and line.startswith('%'):
            continue  # an escape line of the input, kept
        if len(line) > 255 and ' ' in line.strip():
            bad.append('%d: %d characters' % (no, len(line)))
        for c in line:
            if brace:
                brace = c != '}'
            elif c == '{':
                brace = 1
            elif c == ';':
                break
            elif c == '(':
                depth += 1
            elif c == ')':
                depth -= 1
                if depth < 0:
                    bad.append('%d: a ")" closing nothing' % no)
                    depth = 0
    if depth or brace:
        bad.append('unbalanced at the end: depth %d, brace %d' % (depth, brace))
    for b in bad[:5]:
        print('%s: %s' % (name, b), file=sys.stderr)
    ok = ok and not bad
sys.exit(0 if ok else 1)
PY

[ "$checked" -gt 30 ] || fail "only $checked inputs checked"
echo "convert then validate: $checked inputs, $failed_games games with errors, same verdicts"
finish
