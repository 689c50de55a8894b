#!/usr/bin/env bash
# locale_dirs.sh: the tools find languages as files: $XDG_DATA_HOME/hamle/locales
# first ($HOME/.local/share/hamle/locales without it), then the installed <datadir>/hamle/locales
# (found next to the tool: ../share/hamle/locales), then the built-in ones; -v names each file
# loaded; a file that does not load, or whose tag is not its name, is an error (exit 2).
. "$(dirname "$0")/common.sh"
require_tool validate
require_tool move

game=$HAMLE_TESTDATA/cli/validate/lang-tr/games.txt  # game 1: Turkish 'Ka7', no rook reaches a7
xdg=$HAMLE_TMP/xdg
userdir=$xdg/hamle/locales
mkdir -p "$userdir"
export XDG_DATA_HOME=$xdg

# 1. nothing there: --lang pl is unknown; the English message is the built-in one
run_tool validate --lang pl "$game"
expect_rc 2 "--lang pl without a pl.yaml"
grep -q "unknown language 'pl'" "$RUN_ERR" || fail "--lang pl without a file: $(cat "$RUN_ERR")"
run_tool validate "$game"
grep -q 'no rook can reach a7' "$RUN_OUT" || fail "built-in en message: $(head -3 "$RUN_OUT")"

# 2. a user file overriding en (its message changed) is used, and -v says so
sed 's/^  no_piece_can_reach: .*/  no_piece_can_reach: "(user en) %s can reach %s"/' \
	"$HAMLE_SOURCE/locales/en.yaml" >"$userdir/en.yaml"
run_tool validate -v "$game"
expect_rc 1 "validate with the user's en"
grep -q '(user en) no rook can reach a7' "$RUN_OUT" || fail "user en.yaml not used: $(head -3 "$RUN_OUT")"
grep -qx "hamle-validate: locale en: $userdir/en.yaml" "$RUN_ERR" ||
	fail "-v does not name the user en.yaml: $(cat "$RUN_ERR")"
run_tool validate "$game"
grep -q 'locale en:' "$RUN_ERR" && fail "the locale note shows without -v"

# 3. a new language dropped in: --lang pl (messages), --from pl and --lang pl (moves)
cp "$HAMLE_TESTDATA/locales/pl.yaml" "$userdir/pl.yaml"
run_tool validate -v --lang pl "$game"
expect_rc 1 "--lang pl from the user's directory"
grep -q "locale pl: $userdir/pl.yaml" "$RUN_ERR" || fail "-v does not name pl.yaml: $(cat "$RUN_ERR")"
run_tool move -v --from pl --lang en startpos Sf3 e5
expect_rc 0 "hamle-move --from pl"
grep -qx "hamle-move: locale pl: $userdir/pl.yaml" "$RUN_ERR" || fail "hamle-move -v: $(cat "$RUN_ERR")"
[ "$(tr '\n' ' ' <"$RUN_OUT")" = "Nf3 e5 " ] || fail "hamle-move --from pl Sf3 e5: $(cat "$RUN_OUT" "$RUN_ERR")"
run_tool move --from en --lang pl startpos Nf3
[ "$(cat "$RUN_OUT")" = "Sf3" ] || fail "hamle-move --lang pl Nf3: $(cat "$RUN_OUT" "$RUN_ERR")"

# 4. without XDG_DATA_HOME, $HOME/.local/share/hamle/locales
home=$HAMLE_TMP/home
mkdir -p "$home/.local/share/hamle/locales"
cp "$HAMLE_TESTDATA/locales/pl.yaml" "$home/.local/share/hamle/locales/"
RUN_RC=0
env -u XDG_DATA_HOME HOME="$home" "$(tool_path move)" --from pl --lang en startpos Sf3 >"$RUN_OUT" 2>"$RUN_ERR" || RUN_RC=$?
[ "$RUN_RC:$(cat "$RUN_OUT")" = "0:Nf3" ] || fail "~/.local/share/hamle/locales/pl.yaml: $RUN_RC $(cat "$RUN_OUT" "$RUN_ERR")"

# 5. the installed directory, next to the tool: used when the user has no such file, and the
#    user's file wins over it
prefix=$HAMLE_TMP/prefix
mkdir -p "$prefix/bin" "$prefix/share/hamle/locales"
cp "$(tool_path validate)" "$prefix/bin/"
sed 's/^  no_piece_can_reach: .*/  no_piece_can_reach: "(installed en) %s can reach %s"/' \
	"$HAMLE_SOURCE/locales/en.yaml" >"$prefix/share/hamle/locales/en.yaml"
RUN_RC=0
"$prefix/bin/hamle-validate" -v "$game" >"$RUN_OUT" 2>"$RUN_ERR" || RUN_RC=$?
grep -q '(user en) no rook' "$RUN_OUT" || fail "the user's en must win over the installed one: $(head -2 "$RUN_OUT")"
rm "$userdir/en.yaml"
RUN_RC=0
"$prefix/bin/hamle-validate" -v "$game" >"$RUN_OUT" 2>"$RUN_ERR" || RUN_RC=$?
grep -q '(installed en) no rook' "$RUN_OUT" || fail "installed en.yaml not used: $(head -2 "$RUN_OUT")"
grep -q "locale en: $prefix/bin/../share/hamle/locales/en.yaml" "$RUN_ERR" ||
	fail "-v does not name the installed en.yaml: $(cat "$RUN_ERR")"

# 6. a broken file is an error with its location, not skipped; so is a file of another tag
printf 'tag: "pl"\npieces: [\n' >"$userdir/pl.yaml"
run_tool validate "$game"
expect_rc 2 "a broken pl.yaml"
grep -q "$userdir/pl.yaml:[0-9]*:[0-9]*:" "$RUN_ERR" || fail "broken pl.yaml not located: $(cat "$RUN_ERR")"
cp "$HAMLE_TESTDATA/locales/pl.yaml" "$userdir/xx.yaml"
rm "$userdir/pl.yaml"
run_tool validate "$game"
expect_rc 2 "xx.yaml holding pl"
grep -q "xx.yaml: the file of locale 'xx' has tag 'pl'" "$RUN_ERR" || fail "tag mismatch: $(cat "$RUN_ERR")"
rm "$userdir/xx.yaml"
# files that are no locale name are not looked at
touch "$userdir/notes.txt" "$userdir/.hidden.yaml" "$userdir/a.b.yaml"
run_tool validate "$game"
expect_rc 1 "other files in the directory"
finish
