#!/usr/bin/env bash
# help_l10n.sh: --help and usage errors follow the language of messages, as the other messages do:
# --lang XX (before or after --help), else LC_ALL, LC_MESSAGES or LANG. For every tool
# built (found, not listed: a new tool is checked as soon as it exists) and for tr and de:
#   - every option of `--help --lang XX` has its own text, not the English one (no English
#     fallback left), and so have the usage line, the summary and the exit-status footer;
#   - `--lang XX --help` and LC_ALL=xx_XX.UTF-8 give the same help; lines fit in 79 characters
#     (UTF-8 characters, not bytes) unless one word is longer;
#   - usage errors (--jobs=x, an unknown option, a missing value) are in XX with --lang XX and with
#     LC_ALL=xx_XX.UTF-8 (the texts of locales/XX.yaml), still exit 2 with the hint line;
#   - an unknown --lang is reported in the environment's language.
# (common.sh exports LC_ALL=C: English unless a run sets the locale itself.)
. "$(dirname "$0")/common.sh"
d=$HAMLE_TMP
locdir=$HAMLE_SOURCE/locales

# msg LANG KEY: the text of messages.KEY in locales/LANG.yaml (one line, YAML escapes kept)
msg() { sed -n "s/^  $2: \"\(.*\)\"\$/\1/p" "$locdir/$1.yaml"; }
# fill TEMPLATE ARG: the template with its one %s replaced by ARG
fill() { local t=$1; printf '%s\n' "${t/\%s/$2}"; }

# entries FILE: one line per option of a --help text, "NAMES<TAB>its whole text" (the option's
# line and its continuation lines joined); then "usage", "summary" and "footer" lines
entries() {
	awk '
		function flush() { if (key != "") print key "\t" text; key = "" }
		NR == 1 { print "usage\t" $0; next }
		/^  -|^      --/ {
			flush()
			if (!opts) { print "header\t" last; print "summary\t" summary; opts = 1 }
			key = $1; if ($1 ~ /,$/) key = key " " $2
			sub(/=.*/, "", key)
			text = $0; next
		}
		/^ / && key != "" { text = text " " $0; next }
		/^$/ { flush(); next }
		!opts { if (last != "") summary = summary " " last; last = $0; next }
		{ footer = footer " " $0 }
		END { flush(); print "footer\t" footer }
	' "$1" | sort
}

ntools=0
for tool in "$HAMLE_BIN"/hamle-*; do
	[ -x "$tool" ] || continue
	prog=${tool##*/}
	ntools=$((ntools + 1))
	rc=0
	"$tool" --help >"$d/help.en" 2>"$d/err" || rc=$?
	[ "$rc" = 0 ] || fail "$prog --help: exit $rc"
	entries "$d/help.en" >"$d/entries.en"
	grep -qE '^(-., )?--lang	' "$d/entries.en" || fail "$prog has no --lang option"
	# an option that takes a value, other than --lang (for the missing-value error)
	valopt=$(grep -oE '^ +(-., )?--[a-z-]+=' "$d/help.en" | grep -v -- '--lang=' | head -1 | sed 's/.*\(--[a-z-]*\)=/\1/')
	[ -n "$valopt" ] || valopt=--lang
	for lang in tr de; do
		case $lang in tr) env=tr_TR.UTF-8 ;; de) env=de_DE.UTF-8 ;; esac
		rc=0
		"$tool" --help --lang "$lang" >"$d/help.$lang" 2>"$d/err" || rc=$?
		[ "$rc" = 0 ] || fail "$prog --help --lang $lang: exit $rc"
		expect_empty "$d/err" "$prog --help --lang $lang: stderr" || true
		entries "$d/help.$lang" >"$d/entries.$lang"
		cut -f1 "$d/entries.en" >"$d/keys.en"
		cut -f1 "$d/entries.$lang" >"$d/keys.$lang"
		expect_file "$d/keys.en" "$d/keys.$lang" "$prog --help --lang $lang: the options" || true
		# every entry (each option, usage, summary, footer, "Options:") differs from the English
		join -t "$(printf '\t')" "$d/entries.en" "$d/entries.$lang" |
			awk -F '\t' '$2 == $3 { print $1 }' >"$d/same"
		if [ -s "$d/same" ]; then
			fail "$prog --help --lang $lang: still English: $(tr '\n' ' ' <"$d/same")"
		fi
		"$tool" --lang "$lang" --help >"$d/help2" 2>&1 || fail "$prog --lang $lang --help: exit $?"
		expect_file "$d/help.$lang" "$d/help2" "$prog --lang $lang --help (- --help --lang $lang)" || true
		env -u LC_MESSAGES -u LANG LC_ALL=$env "$tool" --help >"$d/help3" 2>&1 ||
			fail "$prog --help under LC_ALL=$env: exit $?"
		expect_file "$d/help.$lang" "$d/help3" "$prog --help under LC_ALL=$env (- --lang $lang)" || true
		# at most 79 characters a line (continuation bytes 0x80-0xBF are no characters), but for
		# a line of one word (with its indentation)
		LC_ALL=C tr -d '\200-\277' <"$d/help.$lang" | awk -v p="$prog --help --lang $lang" '
			length($0) > 79 && split($0, w, " ") > 1 { print "FAIL: " p ": line " NR " is " length($0) " characters long"; bad = 1 }
			END { exit bad }' >&2 || HAMLE_FAILS=$((HAMLE_FAILS + 1))

		hint=$(fill "$(msg "$lang" usage_hint)" "$prog")
		[ -n "$hint" ] || fail "locales/$lang.yaml: no usage_hint"
		# check_usage WHAT EXPECTED-FIRST-LINE|"" CMD...: exit 2, two lines: the error (differing
		# from the English one; EXPECTED when given) and the hint in $lang
		check_usage() {
			local what=$1 want=$2
			shift 2
			rc=0
			"$@" >"$d/out" 2>"$d/uerr" || rc=$?
			[ "$rc" = 2 ] || fail "$prog $what: exit $rc, expected 2"
			expect_empty "$d/out" "$prog $what: stdout" || true
			[ "$(wc -l <"$d/uerr")" = 2 ] || fail "$prog $what: expected 2 lines, got: $(cat "$d/uerr")"
			[ "$(sed -n 2p "$d/uerr")" = "$prog: $hint" ] || fail "$prog $what: hint not in $lang: $(cat "$d/uerr")"
			if [ -n "$want" ] && [ "$(head -1 "$d/uerr")" != "$prog: $want" ]; then
				fail "$prog $what: expected '$prog: $want', got '$(head -1 "$d/uerr")'"
			fi
			if [ "$(head -1 "$d/uerr")" = "$(head -1 "$d/uerr.en")" ]; then
				fail "$prog $what: the error is still English: $(head -1 "$d/uerr")"
			fi
		}
		unknown=$(fill "$(msg "$lang" usage_unknown_option)" --no-such-option)
		needs=$(fill "$(msg "$lang" usage_needs_value)" "$valopt")
		for how in lang env; do
			if [ $how = lang ]; then
				run() { "$tool" --lang "$lang" "$@"; }
				runen() { "$tool" --lang en "$@"; }
			else
				run() { env -u LC_MESSAGES -u LANG LC_ALL=$env "$tool" "$@"; }
				runen() { "$tool" "$@"; }
			fi
			runen --jobs=x 2>"$d/uerr.en" >/dev/null
			check_usage "--jobs=x ($how $lang)" "" run --jobs=x
			runen --no-such-option 2>"$d/uerr.en" >/dev/null
			check_usage "--no-such-option ($how $lang)" "$unknown" run --no-such-option
			# the error before --lang is read is still reported in --lang's language
			if [ $how = lang ]; then
				"$tool" --no-such-option --lang en 2>"$d/uerr.en" >/dev/null
				check_usage "--no-such-option --lang $lang" "$unknown" "$tool" --no-such-option --lang "$lang"
			fi
			runen "$valopt" 2>"$d/uerr.en" >/dev/null
			check_usage "$valopt with no value ($how $lang)" "$needs" run "$valopt"
		done
		# an unknown --lang: in the environment's language
		"$tool" --lang xx 2>"$d/uerr.en" >/dev/null
		check_usage "--lang xx (LC_ALL=$env)" "" env -u LC_MESSAGES -u LANG LC_ALL=$env "$tool" --lang xx
	done
done
[ "$ntools" -gt 0 ] || fail "no tool found in $HAMLE_BIN"
finish
