#!/usr/bin/env bash
# engine.sh: hamle-annotate --engine with Debian's stockfish.
#
# On GAMES games of ../shared/corpus/medium (default 100: the first GAMES/10 of each of its 10
# files) at --nodes NODES (default 20000), for -j 1 and -j 2: positions per second, the cache's
# saved searches, and hamle's overhead = (wall time - the sum of the engine's reported search
# times) / that sum (at -j 1; target under 5%: what hamle adds to the engine's own work, the
# process start, the cleared hash, the pipes and the writing). The figures come from `-v`'s
# summary line; the outputs of -j 1 and -j 2 are compared (they must be identical). Stockfish
# reports a search's time as elapsed + 1 ms: the "engine time" is that much too long per search.
#
# Usage: bench/engine.sh [BUILD_DIR]   (default: build). Environment: GAMES, NODES, STOCKFISH
# (default /usr/games/stockfish). Run it on idle cores: the searches are CPU-bound.
set -euo pipefail
export LC_ALL=C
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$root/build}
tool=$build/cmd/hamle-annotate
sf=${STOCKFISH:-/usr/games/stockfish}
games=${GAMES:-100}
nodes=${NODES:-20000}
medium=$root/../shared/corpus/medium
[ -x "$tool" ] || { echo "engine: $tool not built" >&2; exit 2; }
[ -x "$sf" ] || { echo "engine: no $sf (apt-get install stockfish)" >&2; exit 2; }
[ -d "$medium" ] || { echo "engine: $medium not found" >&2; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/hamle-bench-engine.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

per=$(((games + 9) / 10))
find "$medium" -name '*.pgn' | sort | while IFS= read -r f; do
	awk -v per="$per" '/^\[Event /{n++} n>=1 && n<=per' "$f"
	printf '\n'
done | awk -v max="$games" '/^\[Event /{n++} n<=max' >"$tmp/games.pgn"
n=$(grep -c '^\[Event ' "$tmp/games.pgn")
echo "engine: $n games of corpus/medium, --nodes $nodes, $("$sf" <<<quit | head -1)"

for j in 1 2; do
	start=$(date +%s.%N)
	"$tool" -v -j "$j" --engine "$sf" --nodes "$nodes" "$tmp/games.pgn" >"$tmp/out.$j" 2>"$tmp/err.$j"
	end=$(date +%s.%N)
	line=$(grep 'engine: ' "$tmp/err.$j")
	# "engine: G games, P positions in W s (R positions/s): S searched (engine search time E s), C from the cache ..."
	read -r pos searched esec cached <<<"$(sed -E 's/.* ([0-9]+) positions in .*: ([0-9]+) searched \(engine search time ([0-9.]+) s\), ([0-9]+) from the cache.*/\1 \2 \3 \4/' <<<"$line")"
	wall=$(echo "$end - $start" | bc -l)
	printf '  -j %s: wall %6.1f s, %5d positions, %6.1f positions/s; %d searched (engine time %.1f s), %d from the cache (searches saved)\n' \
		"$j" "$wall" "$pos" "$(echo "$pos / $wall" | bc -l)" "$searched" "$esec" "$cached"
	if [ "$j" = 1 ]; then
		printf '  -j 1 overhead: (wall - engine time) / engine time = %.1f%% (target < 5%%)\n' \
			"$(echo "($wall - $esec) * 100 / $esec" | bc -l)"
		w1=$wall
	else
		printf '  -j 2 speed-up over -j 1: %.2fx\n' "$(echo "$w1 / $wall" | bc -l)"
	fi
done
cmp -s "$tmp/out.1" "$tmp/out.2" && echo "  -j 1 and -j 2 outputs identical" || { echo "  -j 1 and -j 2 outputs DIFFER"; exit 1; }
