#!/usr/bin/env bash
# deb_install.sh: the Debian packages on a fresh Debian 12. Builds the
# packages (`cpack -G DEB` in a profile-guided build configured for /usr, so the library is
# multiarch: bench/pgo_build.sh, as .ci/run makes them), runs
# lintian on them, makes a clean bookworm root with `debootstrap --variant=minbase`, installs
# the .deb files there with apt (and build-essential), then in the chroot: the tools run, the
# man pages and locales are where they belong, and examples/ builds through pkg-config and
# find_package(hamle) and runs. ctest labels deb and slow (never in the normal run):
#     ctest --test-dir build -L deb --output-on-failure
# HAMLE_DEB_PACKAGES=DIR takes the .deb files made there instead of building them.
# Needs root, debootstrap, lintian and a Debian mirror (HAMLE_DEB_MIRROR, default the first of
# /etc/apt/sources.list*, else http://deb.debian.org/debian). HAMLE_DEB_KEEP=1 keeps the root.
. "$HAMLE_SOURCE/tests/cli/common.sh"
[ "$(id -u)" = 0 ] || skip "needs root (debootstrap, chroot)"
for cmd in debootstrap chroot cpack dpkg-deb; do
	command -v "$cmd" >/dev/null || skip "$cmd not installed"
done
t0=$(date +%s)
stamp() { echo "deb_install: $* ($(($(date +%s) - t0)) s)"; }
mirror=${HAMLE_DEB_MIRROR:-}
if [ -z "$mirror" ]; then
	mirror=$(sed -n 's/^URIs: *\([^ ]*\).*/\1/p' /etc/apt/sources.list.d/*.sources 2>/dev/null | grep -v security | head -1)
	[ -n "$mirror" ] || mirror=$(awk '$1 == "deb" && $0 !~ /security/ { print $2; exit }' /etc/apt/sources.list 2>/dev/null)
	[ -n "$mirror" ] || mirror=http://deb.debian.org/debian
fi

# ---- 1. the packages, from a build for /usr (kept between runs in HAMLE_BUILD/deb-build), or
#      those already made in HAMLE_DEB_PACKAGES (a directory: .ci/run passes its build-pgo)
debbuild=${HAMLE_DEB_PACKAGES:-${HAMLE_BUILD:?}/deb-build}
# (profile-guided, trained on testdata/ alone, as .ci/run makes them)
if [ -n "${HAMLE_DEB_PACKAGES:-}" ]; then
	ls "$debbuild"/*.deb >/dev/null 2>&1 || { fail "HAMLE_DEB_PACKAGES=$debbuild holds no .deb"; finish; }
elif ! { PGO_TRAIN=repo bash "$HAMLE_SOURCE/bench/pgo_build.sh" "$debbuild" -DCMAKE_INSTALL_PREFIX=/usr \
		-DCMAKE_BUILD_TYPE=RelWithDebInfo &&
	rm -f "$debbuild"/*.deb && (cd "$debbuild" && cpack -G DEB); } >"$HAMLE_TMP/cpack.log" 2>&1; then
	tail -30 "$HAMLE_TMP/cpack.log" >&2
	fail "building the packages"
	finish
fi
debs=("$debbuild"/*.deb)
stamp "packages: ${debs[*]##*/}"
for want in hamle libhamle0 libhamle-dev; do
	ls "$debbuild/${want}_"*.deb >/dev/null 2>&1 || fail "no ${want}_*.deb"
done
if command -v lintian >/dev/null; then
	lintian --tag-display-limit 0 "${debs[@]}" >"$HAMLE_TMP/lintian" 2>&1 || true
	sed 's/^/lintian: /' "$HAMLE_TMP/lintian"
	grep -q '^E:' "$HAMLE_TMP/lintian" && fail "lintian reports errors"
fi

# ---- 2. a clean Debian 12 root
root=$HAMLE_TMP/root
if [ "${HAMLE_DEB_KEEP:-}" = 1 ]; then
	root=${HAMLE_BUILD}/deb-root
	rm -rf "$root"
	trap '' EXIT
fi
if ! debootstrap --variant=minbase bookworm "$root" "$mirror" >"$HAMLE_TMP/debootstrap.log" 2>&1; then
	tail -20 "$HAMLE_TMP/debootstrap.log" >&2
	fail "debootstrap --variant=minbase bookworm $mirror"
	finish
fi
stamp "debootstrap --variant=minbase bookworm from $mirror"
cleanup() {
	umount "$root/proc" 2>/dev/null
	[ "${HAMLE_DEB_KEEP:-}" = 1 ] || rm -rf "$HAMLE_TMP"
}
trap cleanup EXIT
mount -t proc proc "$root/proc"
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null
mkdir -p "$root/tmp/hamle"
cp "${debs[@]}" "$root/tmp/hamle/"
cp -r "$HAMLE_SOURCE/examples" "$root/tmp/hamle/examples"
cp "$HAMLE_TESTDATA/convert/legal-mate.tr.txt" "$HAMLE_TESTDATA/cli/validate/lang-tr/games.txt" "$root/tmp/hamle/"
in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LC_ALL=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"; }

# ---- 3. apt install ./hamle_*.deb (and the library and its headers), build-essential
if ! in_root sh -c 'apt-get update -qq && cd /tmp/hamle &&
	apt-get install -y -qq --no-install-recommends ./hamle_*.deb ./libhamle0_*.deb ./libhamle-dev_*.deb build-essential cmake' \
	>"$HAMLE_TMP/apt.log" 2>&1; then
	tail -30 "$HAMLE_TMP/apt.log" >&2
	fail "apt-get install of the packages in the bookworm root"
	finish
fi
stamp "apt-get install ./hamle_*.deb ./libhamle0_*.deb ./libhamle-dev_*.deb build-essential cmake"

# ---- 4. what a user does with them
out=$(in_root hamle-validate --version 2>&1) || fail "hamle-validate --version in the root: $out"
echo "in the root: $out"
[[ $out == "hamle-validate "[0-9]* ]] || fail "hamle-validate --version: $out"
out=$(in_root hamle-convert --from tr /tmp/hamle/legal-mate.tr.txt 2>&1 | grep . | tail -1)
[ "$out" = "1. e4 e5 2. Nf3 Nc6 3. Bc4 d6 4. Nc3 Bg4 5. Nxe5 Bxd1 6. Bxf7+ Ke7 7. Nd5# *" ] ||
	fail "hamle-convert of the Legal mate in the root: $out"
out=$(in_root hamle-validate -v --lang tr /tmp/hamle/games.txt 2>&1)
[[ $out == *"locale tr: /usr/bin/../share/hamle/locales/tr.yaml"* ]] || fail "installed locales not found: $out"
[[ $out == *"a7 karesine gidebilecek kale yok"* ]] || fail "hamle-validate --lang tr in the root: $out"
for f in /usr/share/man/man1/hamle-validate.1.gz /usr/share/man/man3/libhamle.3.gz \
	/usr/share/bash-completion/completions/hamle-convert /usr/share/doc/hamle/copyright; do
	[ -e "$root$f" ] || fail "not installed in the root: $f"
done
ls "$root"/usr/lib/*/libhamle.so.0 >/dev/null 2>&1 || fail "libhamle.so.0 not in the multiarch directory"
# the tools run on the shared library, and hamle depends on exactly its libhamle0
out=$(in_root ldd /usr/bin/hamle-validate 2>&1)
echo "in the root: ldd /usr/bin/hamle-validate: $(echo "$out" | grep libhamle)"
[[ $out == *"libhamle.so.0 => /"*"/libhamle.so.0 "* ]] || fail "hamle-validate does not link libhamle.so.0: $out"
out=$(in_root dpkg-query -W -f '${Version} ${Depends}' hamle 2>&1)
echo "in the root: hamle $out"
[[ $out == *"libhamle0 (= ${out%% *})"* ]] || fail "hamle does not depend on libhamle0 (= its version): $out"
out=$(in_root sh -c 'cd /tmp/hamle &&
	for e in replay_game validate_file turkish_move; do
		cc -std=c11 -Wall -Wextra -Werror examples/$e.c $(pkg-config --cflags --libs hamle) -o $e || exit 1
	done &&
	./replay_game legal-mate.tr.txt && ./turkish_move Af3 && { ./validate_file games.txt tr; test $? = 1; }' 2>&1) ||
	fail "examples through pkg-config in the root: $out"
[[ $out == *"read as tr, 13 plies, 0 errors"* && $out == *"Af3 -> Nf3 (g1f3)"* && $out == *"4 games, 3 with errors"* ]] ||
	fail "examples' output in the root: $out"
out=$(in_root sh -c 'cmake -S /tmp/hamle/examples -B /tmp/hamle/cm >/dev/null && cmake --build /tmp/hamle/cm >/dev/null &&
	/tmp/hamle/cm/turkish_move Vh5' 2>&1)
[ "$out" = "Vh5: illegal-move: h5 karesine gidebilecek vezir yok" ] || fail "examples through find_package(hamle) in the root: $out"
stamp "tools, locales, man pages, examples through pkg-config and find_package in the root"
finish
