#!/usr/bin/env bash
# help_english.sh: the English of --help stands twice, in the option tables of cmd/ (and their
# hamle_cli_info) and in locales/en.yaml, which is what every locale without its own help_* texts
# inherits (fr, es... included); this test holds the two equal. For every tool built:
#   - `--help --lang en` (and --lang XX for each locale without help_* keys) is byte for byte the
#     hidden `--help-tables`, the help in the tables' English;
#   - every help_TOOL_NAME key of en.yaml names an option --NAME of that tool's --help (or is its
#     usage, summary or exit text), and every shared help_NAME key an option some tool has: a text
#     left behind by an option renamed or gone fails.
. "$(dirname "$0")/common.sh"
d=$HAMLE_TMP
locdir=$HAMLE_SOURCE/locales
en=$locdir/en.yaml
[ -f "$en" ] || skip "no $en"

# the built-in locales that inherit en.yaml's help texts
bare=
for f in "$locdir"/*.yaml; do
	tag=$(basename "$f" .yaml)
	grep -qE '^  help_[a-z_]+:' "$f" || bare="$bare $tag"
done

ntools=0
: >"$d/all_options"
for tool in "$HAMLE_BIN"/hamle-*; do
	[ -x "$tool" ] || continue
	prog=${tool##*/}
	name=${prog#hamle-}
	ntools=$((ntools + 1))
	"$tool" --help-tables >"$d/help.table" 2>&1 || fail "$prog --help-tables: exit $?"
	for lang in en $bare; do
		"$tool" --help --lang "$lang" >"$d/help.$lang" 2>&1 || fail "$prog --help --lang $lang: exit $?"
		if ! cmp -s "$d/help.table" "$d/help.$lang"; then
			fail "$prog --help --lang $lang: locales/en.yaml and the option table say different things (< table, > locale):
$(diff "$d/help.table" "$d/help.$lang" | head -20)"
		fi
	done
	# the long options of this tool's --help, '-' written '_' as in the keys
	grep -oE '^ +(-., )?--[a-z0-9-]+' "$d/help.en" | sed -E 's/.*--//; s/-/_/g' | sort -u >"$d/options.$name"
	cat "$d/options.$name" >>"$d/all_options"
	# help_NAME_X keys of this tool (NAME with '-' as '_')
	key=${name//-/_}
	grep -oE "^  help_${key}_[a-z0-9_]+:" "$en" | sed -E "s/^  help_${key}_//; s/:\$//" >"$d/keys.$name"
	while read -r k; do
		case $k in usage | summary | exit) continue ;; esac
		grep -qx "$k" "$d/options.$name" || fail "locales/en.yaml: help_${key}_$k, but $prog has no --${k//_/-}"
	done <"$d/keys.$name"
done
[ "$ntools" -gt 0 ] || fail "no tool found in $HAMLE_BIN"

# shared keys: help_NAME where NAME is no tool's prefix (help_usage, help_options: the words)
sort -u "$d/all_options" -o "$d/all_options"
tools=$(for tool in "$HAMLE_BIN"/hamle-*; do t=${tool##*/hamle-}; printf '%s\n' "${t//-/_}"; done)
grep -oE '^  help_[a-z0-9_]+:' "$en" | sed -E 's/^  help_//; s/:$//' | while read -r k; do
	case $k in usage | options) continue ;; esac
	own=0
	for t in $tools; do
		case $k in "${t}"_*) own=1 ;; esac
	done
	[ $own = 1 ] && continue
	grep -qx "$k" "$d/all_options" || echo "locales/en.yaml: help_$k, but no tool has --${k//_/-}"
done >"$d/stale"
if [ -s "$d/stale" ]; then
	fail "$(cat "$d/stale")"
fi
finish
