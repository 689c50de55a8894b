#!/usr/bin/env bash
# finding_codes.sh: every finding code the library's sources report (a literal id at a call of
# replay_add_finding, pgn_game_add_finding[_t], or the lexer's FINDING[_T] and SYNTAX) is in the
# table of lib/src/replay/codes.c with that severity -- the table --ignore, --select and the
# summaries go by -- as is every divergence id of the reconciler (rc_add: a warning, and an error
# where the agreed game stops), and every code of the table is in the list of finding codes of
# docs/tools.md.
. "$(dirname "$0")/common.sh"
src=$HAMLE_SOURCE/lib/src
table=$src/replay/codes.c
[ -f "$table" ] || skip "no $table"

# "id SEVERITY" for each call with a literal id
grep -rhoE '(replay_add_finding\([a-z]+, "[a-z-]+", HAMLE_SEVERITY_[A-Z]+|(pgn_game_add_finding(_t)?\([a-z]+|FINDING(_T)?\(L), HAMLE_SEVERITY_[A-Z]+, HAMLE_E[A-Z]+, "[a-z-]+")' \
	"$src" | sed -E 's/.*"([a-z-]+)", HAMLE_SEVERITY_([A-Z]+).*/\1 \2/; s/.*HAMLE_SEVERITY_([A-Z]+), HAMLE_E[A-Z]+, "([a-z-]+)".*/\2 \1/' \
	>"$HAMLE_TMP/found"
grep -rqE '^#define SYNTAX\(' "$src/pgn" && grep -rqE '^[[:space:]]+SYNTAX\(L' "$src/pgn" && echo "syntax ERROR" >>"$HAMLE_TMP/found"
# the reconciler's divergences (every literal id on an rc_add line: "a ? "x" : "y"" too): warnings
grep -rhE '\<rc_add\(' "$src/replay" | grep -v 'hamle_divergence \*rc_add(' | grep -oE '"[a-z-]+"' | tr -d '"' |
	sed 's/$/ WARNING/' >"$HAMLE_TMP/divergences"
[ "$(wc -l <"$HAMLE_TMP/divergences")" -ge 4 ] || fail "found only $(wc -l <"$HAMLE_TMP/divergences") rc_add ids"
cat "$HAMLE_TMP/divergences" >>"$HAMLE_TMP/found"
# a divergence that stops the agreed game (d->stops = 1 right after its rc_add) is an error
grep -rhE -A4 '\<rc_add\(rc, "[a-z-]+"' "$src/replay" | awk '/rc_add\(rc, "/ { match($0, /"[a-z-]+"/); id = substr($0, RSTART + 1, RLENGTH - 2) } /stops = 1/ && id { print id " ERROR"; id = "" }' >>"$HAMLE_TMP/found"
sort -u "$HAMLE_TMP/found" -o "$HAMLE_TMP/found"
[ "$(wc -l <"$HAMLE_TMP/found")" -ge 10 ] || fail "found only $(wc -l <"$HAMLE_TMP/found") codes in the sources"

while read -r id sev; do
	row=$(grep -E "^[[:space:]]*\{\"$id\"," "$table") || { fail "code '$id' ($sev) is reported but not in $table"; continue; }
	case $sev in
	ERROR) flag=E ;;
	*) flag=W ;;
	esac
	grep -qE "\{\"$id\", ([EW] \| )?$flag[ ,}]|\{\"$id\", $flag \| [EW]\}" <<<"$row" ||
		fail "code '$id' is reported as $sev but $table says: $row"
done <"$HAMLE_TMP/found"

# the list of docs/tools.md: the paragraph that starts "Finding codes"
page=$HAMLE_SOURCE/docs/tools.md
awk '/^Finding codes/{p=1} p&&/^$/{exit} p' "$page" >"$HAMLE_TMP/list"
[ -s "$HAMLE_TMP/list" ] || fail "no paragraph starting 'Finding codes' in $page"
for id in $(sed -nE 's/^[[:space:]]*\{"([a-z-]+)",.*/\1/p' "$table"); do
	grep -q "\`$id\`" "$HAMLE_TMP/list" || fail "code '$id' of $table is not in the list of docs/tools.md"
done
finish
