# page.bash: sourced by the tests of web/'s page (web_page.sh, web_corpus.sh) after
# tests/cli/common.sh. Needs the native tools the page is compared with, Chromium, python3 and the
# built page; skips (77) without one of them. Sets browser (Chromium's path) and site (the built
# page's folder: HAMLE_WEB_SITE, default BUILD/web/site).
require_tool validate
require_tool convert
browser=${HAMLE_CHROMIUM-$(command -v chromium || command -v chromium-browser || true)}
[ -n "$browser" ] && [ -x "$browser" ] || skip "chromium not installed (Debian: apt-get install chromium)"
command -v python3 >/dev/null || skip "python3 not installed"
site=${HAMLE_WEB_SITE:-$HAMLE_BIN/../web/site}
[ -f "$site/index.html" ] && [ -f "$site/hamle.js" ] ||
	skip "the page is not built in $site (cmake --build BUILD --target web, with emscripten's emcc)"
