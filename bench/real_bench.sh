#!/usr/bin/env bash
# real_bench.sh: hamle-validate on every real kind of PGN, side by side with the fastest published
# validator, Rust pgn-reader's `validate` (../shared/peers/pgn-reader; README there says what it
# checks: mainline SANs only, comments skipped with memchr, variations skipped) -- issue 17.
#
# Files (made once into bench/data/, git-ignored):
#   book       the GNU Chess book (no comments)
#   lichess    the book made lichess-style by bench/make_lichess.py: a [%clk] comment after every
#              move, [%eval] on every move of every third game, TimeControl and Elo tags
#   tcec-x5    TCEC seasons 12-15 (../shared/corpus/big) five times over: an engine comment on
#              every move
#   variations the annotated games of ../shared/corpus/edge with variations (every file holding
#              '(' that hamle and the peer both read), 300 times over: hamle replays every
#              variation, the peer skips them
# Each timing is the best of REPEAT runs (default 3), hamle and the peer interleaved per file.
# Columns: wall s, MB/s, games/s; ratio = peer time / hamle time (above 1: hamle is faster).
# CONVERT=1 adds hamle-convert -j 1 against pgn-extract -s on the lichess and TCEC files (slow).
#
# Usage: bench/real_bench.sh [BUILD_DIR]
. "$(dirname "$0")/common.sh"
repeat=${REPEAT:-3}
bench_init real_bench hamle-validate "${1:-}"
peer=$root/../shared/peers/pgn-reader/validate
[ -x "$peer" ] || { echo "real_bench: $peer not found" >&2; exit 2; }
data=$root/bench/data
shared=$root/../shared/corpus

lichess=$data/lichess-style.pgn
[ -s "$lichess" ] || python3 "$root/bench/make_lichess.py" "$book" "$lichess" >/dev/null
tcec=$data/tcec-x5.pgn
if [ ! -s "$tcec" ]; then
	[ -d "$data/tcec-s12-s15" ] || "$shared/unpack" "$data" >/dev/null
	for _ in 1 2 3 4 5; do cat "$data"/tcec-s12-s15/*.pgn; done >"$tcec"
fi
var=$data/variations.pgn
if [ ! -s "$var" ]; then
	: >"$tmp/one.pgn"
	while IFS= read -r f; do
		"$tool" -q "$f" >/dev/null 2>&1 || continue # hamle reads it clean: the peer reads it too
		cat "$f" >>"$tmp/one.pgn"
		printf '\n\n' >>"$tmp/one.pgn"
	done < <(grep -l -r --include='*.pgn' '(' "$shared/edge" | sort)
	for _ in $(seq 300); do cat "$tmp/one.pgn"; done >"$var"
fi

echo "machine: $(nproc) cores; load average now: $(cut -d' ' -f1-3 /proc/loadavg); best of $repeat"
printf '%-11s %7s %6s | %-22s %7s %7s %9s | %-14s %7s %7s | %s\n' file MB games hamle-validate wall MB/s games/s \
	pgn-reader wall MB/s "ratio (peer/hamle)"
for name in book lichess tcec-x5 variations; do
	case $name in
	book) f=$book ;; lichess) f=$lichess ;; tcec-x5) f=$tcec ;; variations) f=$var ;;
	esac
	b=$(stat -c %s "$f")
	m=$(awk -v b="$b" 'BEGIN { printf "%.1f", b / 1e6 }')
	g=$(grep -c '^\[Event ' "$f" || true)
	for mode in "-j 1" "-j 1 --full-replay" "-j 2"; do
		# shellcheck disable=SC2086
		h=$(best_time "$tool" $mode -q "$f")
		if [ "$mode" = "-j 1" ]; then
			p=$(best_time "$peer" "$f")
			pw=${p% *}
		else
			p="" pw="-"
		fi
		hw=${h% *}
		printf '%-11s %7s %6s | %-22s %7s %7s %9s | %-14s %7s %7s | %s\n' "$name" "$m" "$g" "$mode" "$hw" \
			"$(rate "$m" "$hw")" "$(rate "$g" "$hw")" "${p:+validate}" "$pw" "$(rate "$m" "$pw")" \
			"$(ratio "$pw" "$hw" 2)"
	done
done
if [ "${CONVERT:-0}" = 1 ] && [ -x "$pgnx" ]; then
	ctool=$build/cmd/hamle-convert
	for name in lichess tcec-x5; do
		case $name in lichess) f=$lichess ;; tcec-x5) f=$tcec ;; esac
		c=$(best_time "$ctool" -j 1 -q "$f")
		x=$(best_time "$pgnx" -s "$f")
		echo "convert $name: hamle-convert -j 1 ${c% *} s, pgn-extract -s ${x% *} s: $(ratio "${x% *}" "${c% *}" 2)"
	done
fi
