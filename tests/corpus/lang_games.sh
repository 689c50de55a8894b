#!/bin/bash
# One reader for every tool: over every .pgn and .txt file of ../shared/corpus/lang,
# every Turkish and German sample row as tests/corpus/convert_lang.sh extracts it, and the typed
# scoresheets of testdata/ (convert/*.txt, sheets/*.txt), hamle-validate and hamle-convert see the
# same games: the same game count and the same findings (hamle-convert -v reports every finding
# as hamle-validate does). Prints a table: input, games validate, games convert, findings of each
# (code xcount).
. "$(dirname "$0")/../cli/common.sh"
skip_without_shared
require_tool convert
require_tool validate
command -v python3 >/dev/null || skip "python3 not found"
L=$HAMLE_SHARED/corpus/lang
T=$HAMLE_TMP
mkdir -p "$T/rows"
python3 "$(dirname "$0")/lang_rows.py" "$L" "$T/rows"
inputs=()
while IFS= read -r f; do inputs+=("$f"); done < <(find "$L" -type f \( -name '*.pgn' -o -name '*.txt' \) | sort)
for f in "$T"/rows/*.txt "$HAMLE_TESTDATA"/convert/*.txt "$HAMLE_TESTDATA"/sheets/*.txt; do inputs+=("$f"); done
[ "${#inputs[@]}" -ge 20 ] || fail "expected the lang files and sample rows, found ${#inputs[@]}"

# codes FILE: "code xN, ..." from finding lines ("...: game N (W - B)...: [warning: ]LABEL ...",
# LABEL the code with spaces for dashes)
codes() {
	python3 - "$1" <<'PY'
import collections, re, sys
labels = ["syntax", "illegal move", "ambiguous move", "ambiguous language", "bad fen", "limit",
          "encoding", "check mark", "capture mark", "result mismatch", "moves after end",
          "missing tag", "bad escape", "bad nag", "truncated", "header value", "unsupported variant"]
alt = "|".join(sorted(map(re.escape, labels), key=len, reverse=True))
c = collections.Counter()
for line in open(sys.argv[1], encoding="utf-8", errors="replace"):
    m = re.search(r": game \d+ \(.*?: (?:warning: )?(" + alt + r")( '|: | |$)", line)
    if m:
        c[m.group(1).replace(" ", "-")] += 1
print(", ".join(f"{k} x{v}" for k, v in sorted(c.items())) or "-")
PY
}

table=$T/table.tsv
printf 'input\tgames validate\tgames convert\tfindings validate\tfindings convert\n' >"$table"
for f in "${inputs[@]}"; do
	name=${f#"$L/"}
	name=${name#"$T/rows/"}
	name=${name#"$HAMLE_TESTDATA/"}
	run_tool validate "$f"
	vgames=$(sed -n 's/^hamle-validate: \([0-9]*\) games*,.*/\1/p' "$RUN_ERR")
	cp "$RUN_OUT" "$T/v.txt"
	run_tool convert -v "$f"
	cgames=$(grep -c '^\[Event ' "$RUN_OUT")
	cp "$RUN_ERR" "$T/c.txt"
	vcodes=$(codes "$T/v.txt")
	ccodes=$(codes "$T/c.txt")
	printf '%s\t%s\t%s\t%s\t%s\n' "$name" "${vgames:-?}" "$cgames" "$vcodes" "$ccodes" >>"$table"
	[ "${vgames:-x}" = "$cgames" ] || fail "$name: hamle-validate reads ${vgames:-no} games, hamle-convert $cgames"
	[ "$vcodes" = "$ccodes" ] || fail "$name: findings differ: validate $vcodes; convert $ccodes"
done
column -t -s $'\t' "$table" 2>/dev/null || cat "$table"
finish
