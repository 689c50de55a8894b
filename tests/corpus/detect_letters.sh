#!/bin/bash
# detect_letters.sh (label corpus): "language detection never picks a language the
# game's letters rule out", over the sample rows of ../shared/corpus/lang (Turkish, German,
# figurine, other). Each row is one game; its letter inventory is worked out here from the locales'
# YAML (pieces, aliases, figurines, castling and null-move spellings; a spelling no locale reads,
# such as "mat." or "|", rules nobody out):
#   - when the letters leave exactly one language, hamle-convert --to json must give that "lang";
#   - in the Turkish and German files, that one language must be the file's (tr, de): a row whose
#     letters are another single language's is a corpus or locale mistake worth a look.
# Rows whose letters leave several languages (replay decides), none (letters of several languages:
# the furthest reading is kept) or that have no letters (pawn moves) are only counted.
. "$(dirname "$0")/../cli/common.sh"
skip_without_shared
require_tool convert
command -v python3 >/dev/null || skip "python3 not found"
python3 -c 'import yaml' 2>/dev/null || skip "python3 yaml module not found"
L=$HAMLE_SHARED/corpus/lang
T=$HAMLE_TMP

# Each row to a file, and to rows.tsv with its file's language (tr, de; - for the mixed files) and
# the languages that read its letters: the first move word of each first character, cut roughly as
# the lexer does (comments, move numbers and "..." markers off); "pawns" when no word has a letter,
# "none" when no language reads every letter.
python3 - "$L" "$T" "$HAMLE_SOURCE/locales" <<'PY'
import csv, glob, re, sys, yaml
lang, tmp, locdir = sys.argv[1:4]
raw = {}
for p in glob.glob(f"{locdir}/*.yaml"):
	y = yaml.safe_load(open(p, encoding="utf-8"))
	raw[y["tag"]] = y
def get(tag, *keys):
	"""A key of a locale, else of its base's (en by default)."""
	while tag:
		v = raw[tag]
		for k in keys:
			v = v.get(k) if isinstance(v, dict) else None
		if v is not None:
			return v
		tag = None if tag == "en" else raw[tag].get("base", "en")
	return None
spell = {}
for tag in raw:
	if tag == "fan":
		continue  # never detected (its figurines are every locale's)
	s = set((get(tag, "pieces") or {}).values())
	for v in (get(tag, "input", "aliases") or {}).values():
		s.update(v)
	for key in ("castling_short", "castling_long", "null_move"):
		s.update(get(tag, "input", key) or [])
	for v in (get(tag, "input", "figurines") or {}).values():
		s.update(v)
	spell[tag] = s
def letters(text):
	text = re.sub(r"\{[^}]*\}", " ", text)
	text = re.sub(r";[^\n]*", " ", text)
	first = {}
	for w in re.split(r"[\s()]+", text):
		w = re.sub(r"^[0-9]+(\.+|…|\))", "", w)
		w = re.sub(r"^(\.\.\.|…)+", "", w)
		if not w or w[0] in "abcdefgh-0123456789$*":
			continue
		first.setdefault(w[0], w)
	langs = set(spell)
	known = 0
	for w in first.values():
		read = {t for t in spell if any(w.startswith(s) for s in spell[t])}
		if read:  # a letter of some language: the others are ruled out
			langs &= read
			known += 1
	if not known:
		return "pawns"
	return ",".join(sorted(langs)) or "none"
out = open(f"{tmp}/rows.tsv", "w", encoding="utf-8")
for d, f, want in (("turkish", "web-and-code-samples.tsv", "tr"), ("german", "web-and-code-samples.tsv", "de"),
		("figurine", "code-and-web-samples.tsv", "-"), ("other", "messy-and-other-language-samples.tsv", "-")):
	with open(f"{lang}/{d}/{f}", newline="", encoding="utf-8") as fh:
		r = csv.reader(fh, delimiter="\t")
		next(r)
		for row in r:
			if len(row) >= 4:
				open(f"{tmp}/{row[0]}.txt", "w", encoding="utf-8").write(row[3] + "\n")
				out.write(f"{row[0]}\t{want}\t{letters(row[3])}\n")
PY
[ -s "$T/rows.tsv" ] || fail "no sample rows"

checked=0 several=0 none=0 pawns=0
while IFS=$'\t' read -r id want set; do
	run_tool convert --to json "$T/$id.txt"
	got=$(grep -o '"lang":"[^"]*"' "$RUN_OUT" | head -1 | sed 's/"lang":"//;s/"//')
	case $set in
	pawns) pawns=$((pawns + 1)) ;;
	none) none=$((none + 1)) ;;
	*,*) several=$((several + 1)) ;;
	*)
		checked=$((checked + 1))
		[ "$want" = - ] || [ "$want" = "$set" ] || fail "$id: a $want sample whose letters are $set's only"
		[ "$got" = "$set" ] || fail "$id: letters of $set only, read as '$got'"
		;;
	esac
done < "$T/rows.tsv"
[ "$checked" -ge 20 ] || fail "only $checked rows with one language's letters"
echo "detect_letters: $checked rows of one language's letters read in it; $several left to replay, $none of mixed letters, $pawns without letters"
finish
