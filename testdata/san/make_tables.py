#!/usr/bin/env python3
"""make_tables.py: writes testdata/san/{en,tr,de,fr,es,it,nl,fan}.tsv.

Every expected answer here was worked out by hand from the position (the FEN and the rules of
chess), not by running hamle. BASE rows are written with English letters and translated
mechanically into each language by its piece letters (../shared/REFERENCE.md section 3); a row
with the pawn letter P becomes a syntax error in a language without a pawn letter (de, tr, nl).
Then each language gets rows of its own (letters of other languages, the Turkish fragments).

Columns: position, token, expected, message (optional).
  position  a FEN, or "startpos", optionally followed by " moves " and UCI moves to play first
  expected  the move in UCI (0000 = null move) or an error kind: syntax, illegal-move,
            ambiguous-move, bad-fen
  message   when present, the exact error message
Run: python3 make_tables.py (from this directory) and commit the .tsv files.
"""
import os

START = "startpos"
ITALIAN = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
KIWI = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
TWO_N = "4k3/8/8/8/8/8/3N4/4K1N1 w - - 0 1"          # knights d2, g1 both reach f3
PINNED = "4k3/8/8/8/1b6/2N5/8/4K1N1 w - - 0 1"       # PGN 8.2.3.4: Nc3 pinned by Bb4
RANK = "4k3/8/8/8/8/8/8/4N1NK w - - 0 1"             # FIDE C.10 same rank: Ngf3 / Nef3
FILE = "4k3/8/8/6N1/8/8/8/K5N1 w - - 0 1"            # FIDE C.10 same file: N5f3 / N1f3
DIFF = "4k3/8/8/8/8/8/3N3N/K7 w - - 0 1"             # FIDE C.10 different: Nhf3 / Ndf3
CAPT = "4k3/8/8/8/8/5p2/8/4N1NK w - - 0 1"           # FIDE C.10 with x: Ngxf3
QUEENS = "2k5/8/8/8/4Q2Q/8/8/K6Q w - - 0 1"          # square disambiguation: Qh4e1
PROMO = "n3k3/1P6/8/3pP3/8/8/8/4K3 w - d6 0 1"       # promotions, e.p. on d6
BLACK = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
SCHOLAR = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"
C960 = "r3k2r/8/8/8/8/8/8/1R2K1R1 w GB - 0 1"         # Chess960: rooks b1, g1
C960F = "4k3/8/8/8/8/8/8/5K1R w H - 0 1"             # Chess960: king f1, rook h1
PAWNB = "4k3/8/8/4B3/8/2n5/1P6/4K3 w - - 0 1"         # bxc3 (pawn) and Bxc3 (bishop)

BASE = [
    # plain SAN, long algebraic, UCI, glyphs, pawn letter, null moves
    (START, "e4", "e2e4"), (START, "e2e4", "e2e4"), (START, "e2-e4", "e2e4"),
    (START, "e4!", "e2e4"), (START, "e4?!", "e2e4"), (START, "e4!!", "e2e4"),
    (START, "e4??", "e2e4"), (START, "e4?", "e2e4"), (START, "e4!?", "e2e4"),
    (START, " e4 ", "e2e4"), (START, "Pe4", "e2e4"), (START, "Pe2e4", "e2e4"),
    (START, "Nf3", "g1f3"), (START, "Ng1f3", "g1f3"), (START, "Ng1-f3", "g1f3"),
    (START, "g1f3", "g1f3"), (START, "Nf3+", "g1f3"), (START, "Nf3#", "g1f3"),
    (START, "Nc3", "b1c3"), (START, "Nbc3", "b1c3"), (START, "N1c3", "b1c3"),
    (START, "Nf4", "illegal-move", "no knight can reach f4"),
    (START, "e5", "illegal-move", "no pawn can reach e5"),
    (START, "Ke2", "illegal-move"), (START, "Bb5", "illegal-move"), (START, "Qh5", "illegal-move"),
    (START, "O-O", "illegal-move"), (START, "0-0-0", "illegal-move"),
    (START, "bxc3", "illegal-move"), (START, "e2e5", "illegal-move"), (START, "e3e4", "illegal-move"),
    (START, "b3", "b2b3"), (START, "b4", "b2b4"),
    (START, "--", "0000"), (START, "Z0", "0000"),
    (START, "xe4", "syntax"), (START, "e9", "syntax"), (START, "i4", "syntax"), (START, "nf3", "syntax"),
    (START, "N", "syntax"), (START, "Nf3f", "syntax"), (START, "e4 e5", "syntax"), (START, "", "syntax"),
    (START, "e", "syntax"), (START, "44", "syntax"), (START, "O-O-O-O", "syntax"), (START, "e4+-", "syntax"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "e4", "bad-fen"),
    (BLACK, "e5", "e7e5"), (BLACK, "Nf6", "g8f6"), (BLACK, "e7e5", "e7e5"), (BLACK, "Nc6", "b8c6"),
    (BLACK, "e4", "illegal-move"),
    # castling in every spelling, and as a king move
    (ITALIAN, "O-O", "e1g1"), (ITALIAN, "0-0", "e1g1"), (ITALIAN, "o-o", "e1g1"),
    (ITALIAN, "O\u2013O", "e1g1"), (ITALIAN, "0\u20140", "e1g1"), (ITALIAN, "O-O+", "e1g1"),
    (ITALIAN, "O-O!", "e1g1"), (ITALIAN, "Ke1g1", "e1g1"), (ITALIAN, "e1g1", "e1g1"),
    (ITALIAN, "e1h1", "e1g1"), (ITALIAN, "O-O-O", "illegal-move"), (ITALIAN, "Kg1", "e1g1"),
    (ITALIAN, "Ng5", "f3g5"), (ITALIAN, "Nxe5", "f3e5"), (ITALIAN, "Ne5", "f3e5"),
    (ITALIAN, "N:e5", "f3e5"), (ITALIAN, "Nf3xe5", "f3e5"), (ITALIAN, "Bxf7+", "c4f7"),
    (ITALIAN, "Bf7", "c4f7"), (ITALIAN, "Kf1", "e1f1"), (ITALIAN, "Rf1", "h1f1"), (ITALIAN, "Rg1", "h1g1"),
    (ITALIAN, "Bxe5", "illegal-move"), (ITALIAN, "Nxe6", "illegal-move"),
    # Kiwipete: both castlings, captures with and without x
    (KIWI, "O-O-O", "e1c1"), (KIWI, "O-O", "e1g1"), (KIWI, "Ke1c1", "e1c1"), (KIWI, "e1a1", "e1c1"),
    (KIWI, "Nxd7", "e5d7"), (KIWI, "Nd7", "e5d7"), (KIWI, "Qxf6", "f3f6"), (KIWI, "Qxh3", "f3h3"),
    (KIWI, "gxh3", "g2h3"), (KIWI, "g2h3", "g2h3"), (KIWI, "gh3", "g2h3"), (KIWI, "g2xh3", "g2h3"),
    (KIWI, "dxe6", "d5e6"), (KIWI, "de6", "d5e6"), (KIWI, "d6", "d5d6"), (KIWI, "Bxa6", "e2a6"),
    (KIWI, "Rb1", "a1b1"), (KIWI, "Rab1", "a1b1"), (KIWI, "Ra1b1", "a1b1"), (KIWI, "Nb1", "c3b1"),
    (KIWI, "Na4", "c3a4"), (KIWI, "Nc4", "e5c4"), (KIWI, "Nd5", "illegal-move"),
    (KIWI, "h3", "illegal-move"), (KIWI, "gxf3", "illegal-move"), (KIWI, "exd5", "illegal-move"),
    # two knights: ambiguity and every way to resolve it
    (TWO_N, "Nf3", "ambiguous-move", "two knights can reach f3: Ndf3 or Ngf3"),
    (TWO_N, "Ngf3", "g1f3"), (TWO_N, "Ndf3", "d2f3"), (TWO_N, "N2f3", "d2f3"), (TWO_N, "N1f3", "g1f3"),
    (TWO_N, "Ng1f3", "g1f3"), (TWO_N, "Nd2f3", "d2f3"), (TWO_N, "Nd2-f3", "d2f3"), (TWO_N, "d2f3", "d2f3"),
    (TWO_N, "Nf1", "d2f1"), (TWO_N, "Ne2", "g1e2"), (TWO_N, "Nhf3", "illegal-move"),
    (TWO_N, "N3f3", "illegal-move"),
    # PGN 8.2.3.4: the pinned knight on c3 does not count
    (PINNED, "Ne2", "g1e2"), (PINNED, "Nge2", "g1e2"), (PINNED, "Nce2", "illegal-move"),
    (PINNED, "Nd5", "illegal-move"), (PINNED, "Nf3", "g1f3"),
    # FIDE Appendix C.10
    (RANK, "Ngf3", "g1f3"), (RANK, "Nef3", "e1f3"), (RANK, "Nf3", "ambiguous-move"),
    (RANK, "N1f3", "ambiguous-move"),
    (FILE, "N5f3", "g5f3"), (FILE, "N1f3", "g1f3"), (FILE, "Ngf3", "ambiguous-move"),
    (FILE, "Nf3", "ambiguous-move"), (FILE, "N5h3", "g5h3"),
    (DIFF, "Nhf3", "h2f3"), (DIFF, "Ndf3", "d2f3"), (DIFF, "N2f3", "ambiguous-move"),
    (DIFF, "Nf1", "ambiguous-move"), (DIFF, "Nhf1", "h2f1"),
    (CAPT, "Ngxf3", "g1f3"), (CAPT, "Nexf3", "e1f3"), (CAPT, "Nxf3", "ambiguous-move"),
    (CAPT, "Ngf3", "g1f3"),
    # three queens: the square is needed
    (QUEENS, "Qh4e1", "h4e1"), (QUEENS, "Qhe1", "ambiguous-move"), (QUEENS, "Q4e1", "ambiguous-move"),
    (QUEENS, "Qe1", "ambiguous-move", "three queens can reach e1: Q1e1, Qee1 or Qh4e1"),
    (QUEENS, "Qee1", "e4e1"), (QUEENS, "Q1e1", "h1e1"), (QUEENS, "Qh1e1", "h1e1"),
    # promotion forms, en passant marks
    (PROMO, "b8=Q", "b7b8q"), (PROMO, "b8Q", "b7b8q"), (PROMO, "b8/Q", "b7b8q"), (PROMO, "b8(Q)", "b7b8q"),
    (PROMO, "b8=Q+", "b7b8q"), (PROMO, "b8=N", "b7b8n"), (PROMO, "b8=R", "b7b8r"), (PROMO, "b8B", "b7b8b"),
    (PROMO, "bxa8=Q", "b7a8q"), (PROMO, "bxa8R", "b7a8r"), (PROMO, "ba8=B", "b7a8b"),
    (PROMO, "b7a8q", "b7a8q"), (PROMO, "b7b8n", "b7b8n"), (PROMO, "b7-b8=Q", "b7b8q"),
    (PROMO, "b8", "illegal-move"), (PROMO, "b8=K", "illegal-move"), (PROMO, "b8=P", "illegal-move"),
    (PROMO, "b8q", "syntax"), (PROMO, "b8=", "syntax"), (PROMO, "e6=Q", "illegal-move"),
    (PROMO, "exd6", "e5d6"), (PROMO, "exd6 e.p.", "e5d6"), (PROMO, "exd6e.p.", "e5d6"),
    (PROMO, "exd6ep", "e5d6"), (PROMO, "exd6 ep", "e5d6"), (PROMO, "ed6", "e5d6"),
    (PROMO, "e5d6", "e5d6"), (PROMO, "e6", "e5e6"), (PROMO, "d6", "illegal-move"),
    (PROMO, "exd6 e.p.!", "e5d6"), (PROMO, "exf6", "illegal-move"),
    # check and mate marks
    (SCHOLAR, "Qxf7#", "h5f7"), (SCHOLAR, "Qxf7++", "h5f7"), (SCHOLAR, "Qxf7+", "h5f7"),
    (SCHOLAR, "Qxf7", "h5f7"), (SCHOLAR, "Qf7#", "h5f7"), (SCHOLAR, "Bxf7+", "c4f7"),
    (SCHOLAR, "Qxf7#!", "h5f7"), (SCHOLAR, "Qxf7(=)", "h5f7"), (SCHOLAR, "Qxe5+", "h5e5"),
    # Chess960 castling: king takes rook, and a king step that is not castling
    (C960, "O-O", "e1g1"), (C960, "O-O-O", "e1b1"), (C960, "e1b1", "e1b1"), (C960, "Ke1b1", "e1b1"),
    (C960, "Kc1", "e1b1"), (C960, "Kd1", "e1d1"), (C960, "Kf1", "e1f1"), (C960, "Rd1", "b1d1"),
    (C960F, "Kg1", "f1g1"), (C960F, "O-O", "f1h1"), (C960F, "Kh1", "f1h1"), (C960F, "f1h1", "f1h1"),
    (C960F, "f1g1", "f1g1"), (C960F, "O-O-O", "illegal-move"),
    # lower-case b is the b-file
    (PAWNB, "bxc3", "b2c3"), (PAWNB, "Bxc3", "e5c3"), (PAWNB, "b2c3", "b2c3"), (PAWNB, "e5c3", "e5c3"),
    (PAWNB, "bc3", "b2c3"), (PAWNB, "Bc3", "e5c3"), (PAWNB, "b3", "b2b3"),
    # a game from moves
    (START + " moves e2e4 e7e5 g1f3 b8c6 f1b5 a7a6", "Ba4", "b5a4"),
    (START + " moves e2e4 e7e5 g1f3 b8c6 f1b5 a7a6", "Bxc6", "b5c6"),
    (START + " moves e2e4 e7e5 g1f3 b8c6 f1b5 a7a6", "Bxc6!?", "b5c6"),
    (START + " moves e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6", "O-O", "e1g1"),
]

# Letters per language (REFERENCE.md section 3): king, queen, rook, bishop, knight, pawn (None: none).
LETTERS = {
    "en": ("K", "Q", "R", "B", "N", "P"),
    "tr": ("Ş", "V", "K", "F", "A", None),
    "de": ("K", "D", "T", "L", "S", None),
    "fr": ("R", "D", "T", "F", "C", "P"),
    "es": ("R", "D", "T", "A", "C", "P"),
    "it": ("R", "D", "T", "A", "C", "P"),
    "nl": ("K", "D", "T", "L", "P", None),
    "fan": ("♔", "♕", "♖", "♗", "♘", "♙"),
}
# English words in the expected messages, per language ("two knights" etc. come from the locale;
# only the English and Turkish messages are compared, the others check the kind).
MESSAGES_KEPT = {"en"}


def translate(tok, lang):
    if lang == "en" or tok.startswith(("O", "o", "0", "Z", "-")):
        return tok, True
    k, q, r, b, n, p = LETTERS[lang]
    table = {"K": k, "Q": q, "R": r, "B": b, "N": n, "P": p}
    out = []
    for c in tok:
        if c in table:
            if table[c] is None:
                return None, False
            out.append(table[c])
        else:
            out.append(c)
    return "".join(out), True


def base_rows(lang):
    rows = []
    for row in BASE:
        pos, tok, want = row[0], row[1], row[2]
        msg = row[3] if len(row) > 3 and lang in MESSAGES_KEPT else ""
        t, ok = translate(tok, lang)
        if not ok:  # a pawn letter the language does not have
            if lang == "nl":
                continue  # Dutch P is the knight: the row means something else
            # German B is not a pawn by default; Turkish has no pawn letter
            t, want, msg = tok.replace("P", "B" if lang == "de" else "P"), "syntax", ""
        rows.append((pos, t, want, msg))
    return rows


EXTRA = {}
EXTRA["en"] = [
    (START, "Sf3", "syntax", "'S' is not a piece letter in English"),
    (START, "Af3", "syntax"), (START, "Df3", "syntax"), (START, "Cf3", "syntax"),
    (START, "Lb5", "syntax"), (START, "Tb1", "syntax"), (START, "Şe2", "syntax"),
    (START, "\u2658f3", "g1f3"), (START, "\u265ef3", "g1f3"), (START, "\u2658\ufe0ff3", "g1f3"),
    (START, "\u2658\ufe0ef3", "g1f3"), (START, "\u2659e4", "e2e4"), (START, "\u265fe4", "e2e4"),
    (START, "\u265f\ufe0fe4", "e2e4"),
    (BLACK, "\u265ef6", "g8f6"), (BLACK, "\u2658f6", "g8f6"),
]
EXTRA["de"] = [
    (START, "Sf3", "g1f3"), (START, "Sg1-f3", "g1f3"), (START, "Nf3", "syntax"),
    (START, "Be4", "syntax", "'B' ist kein Figurenbuchstabe in Deutsch"), (START, "Qh5", "syntax"),
    (START, "S\u0327f3", "syntax"), (START, "\u2658f3", "g1f3"), (START, "\u265ef3", "g1f3"),
    (PAWNB, "Lxc3", "e5c3"), (PAWNB, "Bxc3", "syntax"), (PAWNB, "bxc3", "b2c3"), (PAWNB, "L:c3", "e5c3"),
    (ITALIAN, "0\u20130", "e1g1"), (ITALIAN, "Tf1", "h1f1"), (ITALIAN, "Rf1", "syntax"),
    (SCHOLAR, "Dxf7#", "h5f7"), (SCHOLAR, "D:f7++", "h5f7"),
]
EXTRA["nl"] = [
    (START, "Pf3", "g1f3"), (START, "Pc3", "b1c3"), (START, "Nf3", "syntax"), (START, "Sf3", "syntax"),
    (START, "\u2658f3", "g1f3"), (START, "\u2659e4", "e2e4"), (PAWNB, "Lxc3", "e5c3"), (PAWNB, "Bxc3", "syntax"),
    (SCHOLAR, "Dxf7#", "h5f7"), (TWO_N, "Pgf3", "g1f3"), (TWO_N, "Pf3", "ambiguous-move"),
]
for lang, knight in (("fr", "C"), ("es", "C"), ("it", "C")):
    EXTRA[lang] = [
        (START, knight + "f3", "g1f3"), (START, "Nf3", "syntax"), (START, "Sf3", "syntax"),
        (START, "Qh5", "syntax"), (START, "\u2658f3", "g1f3"), (START, "\u265ef3", "g1f3"),
        (PAWNB, "bxc3", "b2c3"), (ITALIAN, "Rf1", "e1f1"), (ITALIAN, "Tf1", "h1f1"),
        (ITALIAN, "Kf1", "syntax"), (SCHOLAR, "Dxf7#", "h5f7"),
    ]
EXTRA["fr"] += [(PAWNB, "Fxc3", "e5c3"), (PAWNB, "Axc3", "syntax")]
EXTRA["es"] += [(PAWNB, "Axc3", "e5c3"), (PAWNB, "Fxc3", "syntax")]
EXTRA["it"] += [(PAWNB, "Axc3", "e5c3"), (PAWNB, "Lxc3", "syntax")]
EXTRA["fan"] = [
    (START, "Nf3", "g1f3"), (START, "\u265ef3", "g1f3"), (START, "\u2658\ufe0ff3", "g1f3"),
    (START, "\u265f\ufe0fe4", "e2e4"), (START, "\u265fe4", "e2e4"), (START, "Sf3", "syntax"),
    (BLACK, "\u265ef6", "g8f6"), (BLACK, "\u2658f6", "g8f6"), (BLACK, "\u265ec6", "b8c6"),
    (SCHOLAR, "\u265bxf7#", "h5f7"), (PAWNB, "\u265dxc3", "e5c3"), (PAWNB, "bxc3", "b2c3"),
    (PROMO, "b8=\u265b", "b7b8q"), (PROMO, "b8\u265e", "b7b8n"), (PROMO, "bxa8\u2656", "b7a8r"),
    (TWO_N, "\u2658gf3", "g1f3"), (TWO_N, "\u2658f3", "ambiguous-move"),
]

# Turkish: the real fragments of ../shared/corpus/lang/turkish/web-and-code-samples.tsv (id in
# the comment); positions are the games' own, or built to hold the fragment where the page gives
# no position (marked "built").
TR_KR = "7k/8/8/8/8/8/8/R6K w - - 0 1"  # tr04 (built: Capablanca's K+R v K, White Kh1 Ra1, Black Kh8)
TR_ROOKS = "r4rk1/8/8/8/8/8/8/6K1 b - - 0 1"  # tr06 (built)
TR_ROOKSX = "r2N1rk1/8/8/8/8/8/8/6K1 b - - 0 1"  # tr06 (built)
TR_KNIGHTS = "4k3/8/8/8/3N4/8/3N4/4K3 w - - 0 1"  # tr06 (built)
TR_KNIGHTSX = "4k3/8/8/8/3N4/5p2/3N4/4K3 w - - 0 1"  # tr06 (built)
TR_PROMO_W = "4k3/2P3P1/8/8/8/8/p2p3K/8 w - - 0 1"  # tr06 (built)
TR_PROMO_B = "4k3/2P3P1/8/8/8/8/p2p3K/8 b - - 0 1"  # tr06 (built)
TR_THREE = "4k3/8/8/N7/8/8/3N4/N3K3 w - - 0 1"  # tr07 (built)
TR_EPW = "4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 1"  # tr07 (built)
TR_EPB = "4k3/8/8/8/2pP4/8/8/4K3 b - d3 0 1"  # tr08 (built)
TR01 = START + " moves e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4"
TR02 = START + " moves"
TR03 = START + " moves e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 b2b4"
EXTRA["tr"] = [
    # tr01: 1.e4 e5 2. Af3 Ac6 3.Fb5 a6 4.Fa4 A6 5.O-O Fe7 6.Ke1 b5 ("A6" is the page's typo for Af6)
    (START, "e4", "e2e4"), (START + " moves e2e4", "e5", "e7e5"),
    (START + " moves e2e4 e7e5", "Af3", "g1f3"), (START + " moves e2e4 e7e5 g1f3", "Ac6", "b8c6"),
    (START + " moves e2e4 e7e5 g1f3 b8c6", "Fb5", "f1b5"),
    (START + " moves e2e4 e7e5 g1f3 b8c6 f1b5", "a6", "a7a6"),
    (START + " moves e2e4 e7e5 g1f3 b8c6 f1b5 a7a6", "Fa4", "b5a4"),
    (TR01, "A6", "syntax", "hamle değil: A6"), (TR01, "Af6", "g8f6"),
    (TR01 + " g8f6", "O-O", "e1g1"), (TR01 + " g8f6 e1g1", "Fe7", "f8e7"),
    (TR01 + " g8f6 e1g1 f8e7", "Ke1", "f1e1"), (TR01 + " g8f6 e1g1 f8e7 f1e1", "b5", "b7b5"),
    # tr02: 1.e4 e5 2.Af3 Ac6 3.Fc4 d6 4.Ac3 Fg4 5.Axe5 Fxd1 6.Fxf7+ Şe7 7.Ad5# (Legal's mate)
    (TR02 + " e2e4 e7e5 g1f3 b8c6 f1c4", "d6", "d7d6"),
    (TR02 + " e2e4 e7e5 g1f3 b8c6 f1c4 d7d6", "Ac3", "b1c3"),
    (TR02 + " e2e4 e7e5 g1f3 b8c6 f1c4 d7d6 b1c3", "Fg4", "c8g4"),
    (TR02 + " e2e4 e7e5 g1f3 b8c6 f1c4 d7d6 b1c3 c8g4", "Axe5", "f3e5"),
    (TR02 + " e2e4 e7e5 g1f3 b8c6 f1c4 d7d6 b1c3 c8g4 f3e5", "Fxd1", "g4d1"),
    (TR02 + " e2e4 e7e5 g1f3 b8c6 f1c4 d7d6 b1c3 c8g4 f3e5 g4d1", "Fxf7+", "c4f7"),
    (TR02 + " e2e4 e7e5 g1f3 b8c6 f1c4 d7d6 b1c3 c8g4 f3e5 g4d1 c4f7", "Şe7", "e8e7"),
    (TR02 + " e2e4 e7e5 g1f3 b8c6 f1c4 d7d6 b1c3 c8g4 f3e5 g4d1 c4f7 e8e7", "Ad5#", "c3d5"),
    (TR02 + " e2e4 e7e5 g1f3 b8c6 f1c4 d7d6 b1c3 c8g4 f3e5 g4d1 c4f7 e8e7", "Sd5", "illegal-move"),
    # tr03: Evans gambit: 4. b4 | 4 ... Fxb4 5. c3 Fa5 6. d4 exd4 7. 0-0 d3
    (TR03, "Fxb4", "c5b4"), (TR03 + " c5b4 c2c3", "Fa5", "b4a5"),
    (TR03 + " c5b4 c2c3 b4a5 d2d4", "exd4", "e5d4"), (TR03 + " c5b4 c2c3 b4a5 d2d4 e5d4", "0-0", "e1g1"),
    (TR03 + " c5b4 c2c3 b4a5 d2d4 e5d4 e1g1", "d3", "d4d3"),
    # tr04: 1. Ka7 Şg8 2. Şg2 ... 7. Kc7 Şa8 8. Şc6 Şb8 9. Şb6 Şa8 10. Kc8 mat.
    (TR_KR, "Ka7", "a1a7"), (TR_KR + " moves a1a7", "Şg8", "h8g8"), (TR_KR + " moves a1a7 h8g8", "Şg2", "h1g2"),
    (TR_KR + " moves a1a7 h8g8", "Kg2", "illegal-move"), (TR_KR + " moves a1a7 h8g8", "Sg2", "h1g2"),
    (TR_KR + " moves a1a7 h8g8", "Þg2", "h1g2"), (TR_KR + " moves a1a7 h8g8", "S\u0327g2", "h1g2"),
    (TR_KR + " moves a1a7 h8g8 h1g2 g8f8 g2f3 f8e8 f3e4 e8d8 e4d5 d8c8 d5d6 c8b8", "Kc7", "a7c7"),
    (TR_KR + " moves a1a7 h8g8 h1g2 g8f8 g2f3 f8e8 f3e4 e8d8 e4d5 d8c8 d5d6 c8b8 a7c7 b8a8 d6c6 a8b8 c6b6 b8a8",
     "Kc8#", "c7c8"),
    (TR_KR + " moves a1a7 h8g8 h1g2 g8f8 g2f3 f8e8 f3e4 e8d8 e4d5 d8c8 d5d6 c8b8 a7c7 b8a8 d6c6 a8b8 c6b6 b8a8",
     "Kc8", "c7c8"),
    # tr06: Kfd8 Kad8 A2f3 A4f3 Kfxd8 Kaxd8 A2xf3 A4xf3 g8V c8K a1A d1F
    (TR_ROOKS, "Kfd8", "f8d8"), (TR_ROOKS, "Kad8", "a8d8"),
    (TR_ROOKS, "Kd8", "ambiguous-move", "iki kale d8 karesine gidebilir: Kad8 veya Kfd8"),
    (TR_ROOKSX, "Kfxd8", "f8d8"), (TR_ROOKSX, "Kaxd8", "a8d8"), (TR_ROOKSX, "Kxd8", "ambiguous-move"),
    (TR_KNIGHTS, "A2f3", "d2f3"), (TR_KNIGHTS, "A4f3", "d4f3"), (TR_KNIGHTS, "Af3", "ambiguous-move"),
    (TR_KNIGHTS, "Adf3", "ambiguous-move"),
    (TR_KNIGHTSX, "A2xf3", "d2f3"), (TR_KNIGHTSX, "A4xf3", "d4f3"),
    (TR_PROMO_W, "g8V", "g7g8q"), (TR_PROMO_W, "c8K", "c7c8r"), (TR_PROMO_W, "g8=V+", "g7g8q"),
    (TR_PROMO_W, "c8(K)", "c7c8r"), (TR_PROMO_W, "c8A", "c7c8n"), (TR_PROMO_W, "g8F", "g7g8b"),
    (TR_PROMO_W, "g8Q", "syntax"), (TR_PROMO_W, "g8Ş", "illegal-move"),
    (TR_PROMO_B, "a1A", "a2a1n"), (TR_PROMO_B, "d1F", "d2d1b"), (TR_PROMO_B, "d1V", "d2d1q"),
    # tr07: Kad1 A5b3 Aab3 Adb35 Vxd3 exc4 dxc6 e.p. Fg3+ Ae5 ("Adb35" is a typo, "exc4" no pawn capture)
    (TR_THREE, "A5b3", "a5b3"), (TR_THREE, "A1b3", "a1b3"), (TR_THREE, "Adb3", "d2b3"),
    (TR_THREE, "Aab3", "ambiguous-move"), (TR_THREE, "Ab3", "ambiguous-move"),
    (TR_THREE, "Adb35", "syntax"),
    ("4k3/8/8/8/2p5/4P3/8/4K3 w - - 0 1", "exc4", "illegal-move"),  # built
    (TR_EPW, "dxc6 e.p.", "d5c6"), (TR_EPW, "dxc6", "d5c6"), (TR_EPW, "dc6", "d5c6"),
    # tr08: cxd3 e.p.
    (TR_EPB, "cxd3 e.p.", "c4d3"), (TR_EPB, "cxd3e.p.", "c4d3"),
    # tr12: 1.f3 e5 2.g4 Vh4# ; 1.e4 e5 2.Af3 Ac6 3.Fc4 Ac6 (the page repeats 2...Ac6: illegal)
    (START + " moves f2f3 e7e5 g2g4", "Vh4#", "d8h4"),
    (START + " moves e2e4 e7e5 g1f3 b8c6 f1c4", "Ac6", "illegal-move", "c6 karesine gidebilecek at yok"),
    # tr13: e4 c5 / Vh5 g5 / Fc4 g4 / Vxf7#
    (START + " moves e2e4 c7c5", "Vh5", "d1h5"), (START + " moves e2e4 c7c5 d1h5 g7g5", "Fc4", "f1c4"),
    (START + " moves e2e4 c7c5 d1h5 g7g5 f1c4 g5g4", "Vxf7#", "h5f7"),
    # tr14: 1.e4 e5 2.Vh5 Ac6 3.Fc4 Af6?? Vxf7#
    (START + " moves e2e4 e7e5 d1h5 b8c6 f1c4", "Af6??", "g8f6"),
    (START + " moves e2e4 e7e5 d1h5 b8c6 f1c4 g8f6", "Vxf7#", "h5f7"),
    # English and German letters are not Turkish
    (START, "Nf3", "syntax"), (START, "Sf3", "illegal-move"), (START, "Qh5", "syntax"),
    (START, "Bb5", "syntax"), (START, "Lb5", "syntax"),
]


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    for lang in LETTERS:
        rows = base_rows(lang) + [(r[0], r[1], r[2], r[3] if len(r) > 3 else "") for r in EXTRA[lang]]
        with open(os.path.join(here, lang + ".tsv"), "w", encoding="utf-8") as f:
            f.write("# %s.tsv: generated by make_tables.py (expected answers worked out by hand)\n" % lang)
            f.write("# position\ttoken\texpected\tmessage\n")
            for pos, tok, want, msg in rows:
                assert "\t" not in tok and "\n" not in tok
                f.write("%s\t%s\t%s\t%s\n" % (pos, tok, want, msg))
        print(lang, len(rows))


main()
