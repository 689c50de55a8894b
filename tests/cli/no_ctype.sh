#!/usr/bin/env bash
# no_ctype.sh: lib/ and cmd/ never use the locale-dependent <ctype.h> case and class functions or
# strcasecmp (toupper() turns 'i' into 'İ' under tr_TR): notation is compared with ASCII-only helpers.
. "$(dirname "$0")/common.sh"

src=$HAMLE_SOURCE
[ -d "$src/lib" ] || skip "no source tree at $src"
pattern='\b(toupper|tolower|isupper|islower|isalpha|isalnum|isspace|ispunct|isprint|isgraph|iscntrl|strcasecmp|strncasecmp|strcasestr|towupper|towlower)[[:space:]]*\('
dirs=()
for d in lib cmd; do [ -d "$src/$d" ] && dirs+=("$src/$d"); done
# Comments may name the functions; strip /* ... */ on one line and // ... before matching.
hits=$(grep -rnE --include='*.c' --include='*.h' "$pattern" "${dirs[@]}" \
	| sed -E 's#/\*.*\*/##g; s#//.*$##' | grep -E "$pattern" || true)
if [ -n "$hits" ]; then
	fail "locale-dependent character functions in lib/ or cmd/ (write ASCII-only helpers):"
	printf '%s\n' "$hits" | sed "s#^$src/#  #" >&2
fi
count=$(find "${dirs[@]}" -name '*.[ch]' | wc -l)
echo "checked $count files in lib/ and cmd/"
finish
