#!/usr/bin/env bash
# locale_messages.sh: the languages hamle speaks to people in (tr, de: "--lang tr" prints every
# word in Turkish) set every key of en.yaml's `messages:` and `words:` themselves: none falls back
# to the English text it would otherwise inherit.
. "$(dirname "$0")/common.sh"
dir=$HAMLE_SOURCE/locales
[ -f "$dir/en.yaml" ] || skip "no $dir/en.yaml"

# the keys (two-space indent) of the top-level sections messages: and words:
keys() {
	awk '/^[a-z_]+:/{sec=$1} (sec=="messages:"||sec=="words:")&&/^  [a-z_]+:/{sub(/^  /,""); sub(/:.*/,""); print sec $0}' "$1" | sort -u
}
keys "$dir/en.yaml" >"$HAMLE_TMP/en"
[ "$(wc -l <"$HAMLE_TMP/en")" -ge 50 ] || fail "en.yaml: only $(wc -l <"$HAMLE_TMP/en") keys found"
for tag in tr de; do
	keys "$dir/$tag.yaml" >"$HAMLE_TMP/$tag"
	missing=$(comm -23 "$HAMLE_TMP/en" "$HAMLE_TMP/$tag" | tr '\n' ' ')
	[ -z "$missing" ] || fail "$tag.yaml lacks: $missing"
done
finish
