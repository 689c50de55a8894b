#!/usr/bin/env python3
"""Writes each row of the Turkish and German sample tables of ../shared/corpus/lang as its own file.

usage: lang_rows.py LANG_DIR OUT_DIR      (LANG_DIR: ../shared/corpus/lang)
Row ID's movetext (the fourth column) goes to OUT_DIR/ID.txt, one line. Shared by the corpus tests
that read the rows as games (convert_lang.sh, lang_games.sh).
"""
import csv
import sys

lang, out = sys.argv[1], sys.argv[2]
for d in ("turkish", "german"):
    with open(f"{lang}/{d}/web-and-code-samples.tsv", newline="", encoding="utf-8") as fh:
        r = csv.reader(fh, delimiter="\t")
        next(r)
        for row in r:
            if len(row) >= 4:
                with open(f"{out}/{row[0]}.txt", "w", encoding="utf-8") as f:
                    f.write(row[3] + "\n")
