#!/usr/bin/env bash
# headers.sh: hamle/hamle.h includes every public header of lib/include/hamle/; that
# each compiles alone and through the umbrella is the build's hamle_headertest target, and the
# install test compiles the installed ones.
set -u
src=${HAMLE_SOURCE:?}
fail=0
for h in "$src"/lib/include/hamle/*.h; do
	n=$(basename "$h")
	[ "$n" = hamle.h ] && continue
	if ! grep -q "^#include \"hamle/$n\"" "$src/lib/include/hamle/hamle.h"; then
		echo "FAIL: hamle/hamle.h does not include hamle/$n"
		fail=1
	fi
done
[ "$fail" = 0 ] && echo "ok: hamle/hamle.h includes every public header"
exit "$fail"
