#!/usr/bin/env bash
# where_counts.sh (label corpus): --where on ../shared/corpus/medium. The games
# hamle-convert selects with a compound expression are counted and compared with an independent
# count by a Python script over the tags (its own reading of numbers and dates, as hamle/filter.h
# documents them), and, where /usr/games/pgn-extract is installed, with pgn-extract -t (a tag file
# with relational operators; its Date operator compares years, which is what Date>=2000 asks).
# One difference: pgn-extract reads the digits a value starts with ([WhiteElo "2690:2222"] is 2690
# to it), hamle takes only a whole number (that value is not one: false); so pgn-extract's count is
# compared with the Python count under its reading, hamle's under hamle's.
. "$(dirname "$0")/../cli/common.sh"
skip_without_shared
require_tool convert
command -v python3 >/dev/null || skip "python3 not found"
dir=$HAMLE_SHARED/corpus/medium
[ -d "$dir" ] || skip "no $dir"
files=()
while IFS= read -r f; do files+=("$f"); done < <(find "$dir" -name '*.pgn' | LC_ALL=C sort)
[ "${#files[@]}" -gt 0 ] || skip "no PGN files in $dir"

count_hamle() { # EXPR
	run_tool convert -j 2 --where "$1" "${files[@]}"
	[ "$RUN_RC" -le 1 ] || fail "hamle-convert --where '$1': exit $RUN_RC"
	grep -c '^\[Event ' "$RUN_OUT"
}

count_python() { # ELO_MIN YEAR_MIN [leading]: games with WhiteElo >= ELO_MIN and a Date of year
	# >= YEAR_MIN; "leading" reads a value's leading digits as its number (pgn-extract's reading)
	python3 - "$1" "$2" "${3:-whole}" "${files[@]}" <<'PY'
import re, sys
elo_min, year_min, leading = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == 'leading'
lead = re.compile(r'\d+')
tag = re.compile(r'^\[([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\]\s*$')
number = re.compile(r'[+-]?\d+(\.\d+)?')
date = re.compile(r'(\d{4}|\?{4})(\.(\d\d|\?\?)(\.(\d\d|\?\?))?)?')
def selected(tags):
	elo, d = tags.get('WhiteElo'), tags.get('Date')
	if leading and elo is not None and lead.match(elo):
		elo = lead.match(elo).group(0)
	if elo is None or not number.fullmatch(elo) or float(elo) < elo_min:
		return False
	return d is not None and date.fullmatch(d) is not None and d[:4].isdigit() and int(d[:4]) >= year_min
n = 0
for path in sys.argv[4:]:
	tags, in_moves = {}, False
	for line in open(path, encoding='utf-8', errors='replace'):
		m = tag.match(line.strip()) if line.startswith('[') else None
		if m:
			if in_moves:  # the tags of the next game
				n += selected(tags)
				tags, in_moves = {}, False
			tags.setdefault(m.group(1), m.group(2))
		elif line.strip():
			in_moves = True
	if tags:
		n += selected(tags)
print(n)
PY
}

expr='WhiteElo>=2600 && Date>=2000'
h=$(count_hamle "$expr")
p=$(count_python 2600 2000)
echo "--where '$expr': hamle-convert $h games, python $p"
[ "$h" = "$p" ] || fail "--where '$expr': hamle-convert selects $h games, the tags say $p"
[ "$h" -gt 100 ] || fail "--where '$expr': only $h games (the corpus has thousands)"

# the same with the operands the other way round, in parentheses and under a double negation
h2=$(count_hamle '!(!(Date>=2000) || WhiteElo<2600 || !(WhiteElo>=2600))')
[ "$h2" = "$h" ] || fail "the negated form selects $h2 games, not $h"

pe=/usr/games/pgn-extract
if [ -x "$pe" ]; then
	printf 'WhiteElo >= "2600"\nDate >= "2000"\n' >"$HAMLE_TMP/tags"
	x=$("$pe" -s -t"$HAMLE_TMP/tags" "${files[@]}" 2>/dev/null | grep -c '^\[Event ')
	l=$(count_python 2600 2000 leading)
	echo "pgn-extract -t: $x games; python reading leading digits: $l"
	[ "$x" = "$l" ] || fail "pgn-extract -t selects $x games, the tags read its way say $l"
else
	echo "note: $pe not found: compared with the python count only"
fi
finish
