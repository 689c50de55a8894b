#!/usr/bin/env bash
# result_verdict.sh (label corpus): on the GNU Chess book and on corpus/medium, the games
# hamle-validate reports as result-mismatch are exactly those hamle-annotate reports (one verdict
# on how a game ended, hamle/verdict.h). Prints each list's length.
. "$(dirname "$0")/../cli/common.sh"
skip_without_shared
require_tool validate
require_tool annotate

book=$HAMLE_SOURCE/bench/data/gnuchess-book-1.02.pgn
if [ ! -f "$book" ]; then
	"$HAMLE_SHARED/corpus/unpack" "$HAMLE_TMP/data" >/dev/null || fail "unpack failed"
	book=$HAMLE_TMP/data/gnuchess-book-1.02.pgn
fi
validate_list() {
	"$(tool_path validate)" -j 2 --format json "$@" 2>/dev/null | grep '"code":"result-mismatch"' |
		sed 's/^.*"source":"\([^"]*\)","game":\([0-9]*\),.*$/\1 \2/' | sort -u
}
annotate_list() {
	"$(tool_path annotate)" -j 2 --report "$@" 2>&1 >/dev/null | grep ': result mismatch: ' |
		sed 's/^\([^:]*\):[0-9]*:[0-9]*: game \([0-9]*\) .*$/\1 \2/' | sort -u
}
for input in "$book" "$HAMLE_SHARED/corpus/medium"; do
	[ -e "$input" ] || { fail "$input missing"; continue; }
	validate_list "$input" >"$HAMLE_TMP/v"
	annotate_list "$input" >"$HAMLE_TMP/a"
	echo "$(basename "$input"): hamle-validate $(wc -l <"$HAMLE_TMP/v"), hamle-annotate $(wc -l <"$HAMLE_TMP/a") games with result-mismatch"
	if ! cmp -s "$HAMLE_TMP/v" "$HAMLE_TMP/a"; then
		fail "$(basename "$input"): the lists differ (< validate only, > annotate only)"
		diff "$HAMLE_TMP/v" "$HAMLE_TMP/a" | head -20 >&2
	fi
done
finish
