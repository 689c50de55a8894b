#!/bin/bash
# convert_lang.sh (label corpus), over ../shared/corpus/lang:
#  - every Turkish and German sample of web-and-code-samples.tsv converts; its outcome (ok, or the
#    first error: line:col, code, token) is compared with testdata/convert/lang-outcomes.tsv
#    (typos are reported as findings, never guessed);
#  - the derived re-encodings of the Turkish samples (cp1254, iso-8859-9, doubly encoded UTF-8,
#    mojibake with --repair tr) convert to the same PGN as the UTF-8 file;
#  - the 29 real mojibake strings, put in a tag, come out as their repaired forms with --repair tr.
. "$(dirname "$0")/../cli/common.sh"
skip_without_shared
require_tool convert
command -v python3 >/dev/null || skip "python3 not found"
L=$HAMLE_SHARED/corpus/lang
T=$HAMLE_TMP
python3 "$(dirname "$0")/lang_rows.py" "$L" "$T"
out=$T/outcomes.tsv
: > "$out"
for f in "$T"/tr*.txt "$T"/de*.txt; do
	id=$(basename "$f" .txt)
	run_tool convert -q "$f"
	games=$(grep -c '^\[Event ' "$RUN_OUT")
	[ "$games" -ge 1 ] || fail "$id: no game written"
	if [ "$RUN_RC" = 0 ]; then
		printf '%s\tok\t%s\n' "$id" "$(grep -v '^\[' "$RUN_OUT" | tr '\n' ' ' | sed 's/  */ /g;s/ $//')" >> "$out"
	else
		# first finding: LINE:COL, code and token
		first=$(head -1 "$RUN_ERR" | sed -E "s|^[^:]*:([0-9]+(:[0-9]+)?): [^:]*: (warning: )?([a-z -]+) '([^']*)'.*|\1\t\4\t\5|")
		printf '%s\t%s\t%s\n' "$id" "error" "$first" >> "$out"
		grep -q '{hamle: *$' "$RUN_OUT" || grep -q '{hamle: error' "$RUN_OUT" ||
			fail "$id: failed game written without its error note"
		# written so that it still fails, at the same place
		cp "$RUN_OUT" "$T/$id.out.pgn"
		run_tool validate -q "$T/$id.out.pgn"
		expect_rc 1 "$id: the written failed game validates"
		again=$(head -1 "$RUN_OUT" | sed -E "s|^[^:]*:[0-9]+(:[0-9]+)?: [^:]*: (warning: )?([a-z -]+) '([^']*)'.*|\3\t\4|")
		[ "$again" = "$(printf '%s' "$first" | cut -f2-)" ] ||
			fail "$id: the written game fails otherwise: '$again', read '$(printf '%s' "$first" | cut -f2-)'"
	fi
done
expect_file "$HAMLE_TESTDATA/convert/lang-outcomes.tsv" "$out" "lang sample outcomes"

E=$L/encodings
run_tool convert "$E/DERIVED_turkish-samples.utf8.txt"
cp "$RUN_OUT" "$T/utf8.pgn"
grep -q 'Nd5#' "$T/utf8.pgn" || fail "utf8 sample: Legal mate not converted"
for v in cp1254 iso-8859-9 double-utf8 "mojibake-latin1-as-utf8 --repair tr"; do
	set -- $v
	run_tool convert ${2:-} ${3:-} "$E/DERIVED_turkish-samples.$1.txt"
	cmp -s "$RUN_OUT" "$T/utf8.pgn" || { fail "$1: differs from the UTF-8 sample"; diff "$T/utf8.pgn" "$RUN_OUT" | head -5 >&2; }
done

# the 29 real mojibake strings, as tag values
python3 - "$E/turkish-mojibake-samples.tsv" "$T" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="", encoding="utf-8"), delimiter="\t"))[1:]
with open(sys.argv[2] + "/moji.pgn", "w", encoding="utf-8") as f, open(sys.argv[2] + "/moji.want", "w", encoding="utf-8") as w:
    for r in rows:
        f.write('[Event "%s"]\n\n1. e4 *\n\n' % r[1].replace("\\", "\\\\").replace('"', '\\"'))
        w.write(r[2] + "\n")
PY
[ "$(wc -l < "$T/moji.want")" = 29 ] || fail "expected 29 mojibake samples"
run_tool convert --repair tr "$T/moji.pgn"
expect_rc 0 "mojibake"
sed -n 's/^\[Event "\(.*\)"\]$/\1/p' "$RUN_OUT" | sed 's/\\"/"/g;s/\\\\/\\/g' > "$T/moji.got"
if ! cmp -s "$T/moji.want" "$T/moji.got"; then
	fail "mojibake strings not repaired as the TSV says"
	diff "$T/moji.want" "$T/moji.got" | head -10 >&2
fi
echo "lang: $(grep -c $'\tok\t' "$out") samples ok, $(grep -c $'\terror\t' "$out") with findings; 4 encodings; 29 mojibake strings"
finish
