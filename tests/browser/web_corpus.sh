#!/usr/bin/env bash
# web_corpus.sh (ctest labels browser, corpus): the checks of web_page.sh over the real files of
# ../shared/corpus/lang (Turkish in five encodings and mojibake, German PGN and typed games,
# figurines, a Latin-1 PGN, a UTF-8 BOM): the page's JSON Lines, report and downloads against the
# native tools, for en, tr and de, and no request but file://.
. "$(dirname "$0")/../cli/common.sh"
skip_without_shared
. "$(dirname "$0")/page.bash"
mapfile -t files < <(find "$HAMLE_SHARED/corpus/lang" -type f \( -name '*.pgn' -o -name '*.txt' \) | LC_ALL=C sort)
[ "${#files[@]}" -ge 5 ] || fail "only ${#files[@]} files in $HAMLE_SHARED/corpus/lang"
python3 "$(dirname "$0")/web_page.py" --browser "$browser" --site "$site" --bin "$HAMLE_BIN" \
	--tmp "$HAMLE_TMP" "${files[@]}" || fail "the page and the tools differ (above)"
finish
