#!/usr/bin/env bash
# web_bench.sh [BUILD_DIR]: the page of web/ (hamle-validate compiled to WebAssembly) against the
# native hamle-validate, on the first 10,000 games of the GNU Chess book (GAMES=N for another count).
#
#   1. size: hamle.js (the wasm inside it, base64) and index.html, raw and gzipped (-9); target: at
#      most 1.5 MB gzipped
#   2. speed: the page in headless Chromium validating the games (the tool's run in the worker, and
#      the whole round trip with the report shown), best of $REPEAT, against `hamle-validate -j 1`
#      with the page's command line and plain `hamle-validate -j 1 FILE`; target: the page at
#      least a quarter of the native speed
#   3. with SHOTS=DIR: the page's screenshots after a mixed Turkish/German batch (messages in
#      Turkish): at 1280x800 its top, then scrolled to the first board; at 390 pixels wide the
#      result; written to DIR (web/screenshots in the tree)
# Needs the page built (cmake --build BUILD_DIR --target web) and chromium.
. "$(dirname "$0")/common.sh"
bench_init web_bench hamle-validate "${1:-}"
site=$build/web/site
[ -f "$site/hamle.js" ] || { echo "web_bench: $site/hamle.js not built (cmake --build $build --target web)" >&2; exit 2; }
n=${GAMES:-10000}
set_file=$tmp/book-$n.pgn
awk -v n="$n" '/^\[Event /{g++} g>n{exit} {print}' "$book" >"$set_file"
got=$(grep -c '^\[Event ' "$set_file")
mbs=$(awk -v b="$(stat -c %s "$set_file")" 'BEGIN { printf "%.2f", b / 1e6 }')

for f in hamle.js index.html; do
	raw=$(stat -c %s "$site/$f")
	gz=$(gzip -9c "$site/$f" | wc -c)
	echo "size: $f $raw bytes, gzipped $gz bytes ($(awk -v g="$gz" 'BEGIN { printf "%.2f", g / 1048576 }') MiB)"
done

read -r run total args < <(python3 "$root/bench/web_bench.py" "$site" "$set_file" "$repeat" "$tmp/profile")
# the page's command line, natively, in the folder of the file (the page names it by its own name)
read -ra argv <<<"$args"
native=()
for a in "${argv[@]:1}"; do
	case $a in /o/report.html) native+=("$tmp/report.html") ;; "$(basename "$set_file")") native+=("$set_file") ;; *) native+=("$a") ;; esac
done
read -r same same_cpu < <(best_time "$tool" "${native[@]}")
read -r plain plain_cpu < <(best_time "$tool" -j 1 "$set_file")
echo "games: $got ($mbs MB), best of $repeat"
echo "page (Chromium, worker run):  $run s  $(rate "$got" "$run") games/s"
echo "page (round trip, report shown): $total s  $(rate "$got" "$total") games/s"
echo "native, the page's options ($args): $same s (CPU $same_cpu s)  $(rate "$got" "$same") games/s"
echo "native, hamle-validate -j 1 FILE: $plain s (CPU $plain_cpu s)  $(rate "$got" "$plain") games/s"
# wall against wall; on a busy machine the native CPU time is the steadier measure of the native run
echo "page / native: $(ratio "$same" "$run" 2) (the page's options), $(ratio "$plain" "$run" 2) (plain -j 1);" \
	"against the native CPU time: $(ratio "$same_cpu" "$run" 2), $(ratio "$plain_cpu" "$run" 2); target >= 0.25x"

if [ -n "${SHOTS:-}" ]; then
	mkdir -p "$SHOTS"
	td=$root/testdata
	python3 "$root/tests/browser/web_page.py" --site "$site" --bin "$build/cmd" --tmp "$tmp/shots" --langs tr \
		--convert "" --shot "$SHOTS/desk-1280x800.png" --board-shot "$SHOTS/desk-board-1280x800.png" --phone-shot "$SHOTS/desk-390.png" \
		"$td"/sheets/tr-cp1254.txt "$td"/sheets/tr-iso-8859-9.txt "$td"/sheets/de-latin1.txt \
		"$td"/cli/validate/lang-tr/games.txt "$td"/suggest/cases.pgn
	echo "screenshots: $SHOTS/desk-1280x800.png $SHOTS/desk-board-1280x800.png $SHOTS/desk-390.png"
fi
