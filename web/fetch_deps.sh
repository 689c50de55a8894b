#!/bin/sh
# fetch_deps.sh DIR: the sources the page's WebAssembly build compiles besides hamle's own, PCRE2 and
# libyaml (the tools link Debian's builds of them; wasm needs them compiled by emcc), unpacked into
# DIR from Debian's source packages (apt-get source: a deb-src entry must be configured; as root
# this script adds one beside the system's deb entries when there is none). Does nothing when DIR
# holds both already.
set -eu
dir=${1:?usage: fetch_deps.sh DIR}
mkdir -p "$dir"
have() { for d in "$dir"/$1-*/; do [ -d "$d" ] && return 0; done; return 1; }
if have pcre2 && have libyaml; then
	exit 0
fi
if ! apt-get source --help >/dev/null 2>&1; then
	echo "fetch_deps.sh: apt-get is needed to fetch the PCRE2 and libyaml sources" >&2
	exit 2
fi
src=/etc/apt/sources.list.d/hamle-web-src.sources
if [ "$(id -u)" -eq 0 ] && ! grep -rqs '^Types:.*deb-src\|^deb-src' /etc/apt/sources.list /etc/apt/sources.list.d/ &&
	[ -f /etc/apt/sources.list.d/debian.sources ]; then
	sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources >"$src"
	apt-get update -qq
fi
cd "$dir"
# the upstream tarballs alone (Debian's patches are not needed for a library compiled into the page)
apt-get source --download-only pcre2 libyaml >/dev/null 2>apt-source.log || {
	ls ./*.orig.tar.* >/dev/null 2>&1 || { cat apt-source.log >&2; exit 2; }
}
for t in pcre2_*.orig.tar.* libyaml_*.orig.tar.*; do
	tar xf "$t"
done
have pcre2 && have libyaml || { echo "fetch_deps.sh: no PCRE2 or libyaml source unpacked in $dir" >&2; exit 2; }
