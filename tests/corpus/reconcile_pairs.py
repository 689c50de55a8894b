#!/usr/bin/env python3
"""reconcile_pairs.py: hamle-reconcile over pairs of sheets built from real games.

Usage: reconcile_pairs.py gen EN.jsonl TR.jsonl DE.jsonl LEGAL_UCI LEGAL_TR LEGAL_DE OUTDIR
       reconcile_pairs.py check OUTDIR AGREED.san FINDINGS.jsonl

The same game (hamle-convert --to json in English, Turkish and German) is written twice: sheet A
in Turkish PGN, sheet B in German (PGN, or a typed scoresheet for every other pair), each pair
tagged Pair, with one injected difference of a kind:
  missing  B lacks a whole move mid-game (its numbers skip it), or stops recording (8.4)
  shift    B lacks a half-move, writes the next moves in the wrong column (rows numbered as
           written), then lacks another half-move, which puts them back in their columns
  legal    one sheet (A or B) has another legal move at one ply
  illegal  one sheet (A or B) has a slip at one ply that no legal move fits
  result   B's result differs
'gen' writes a.pgn, b.pgn, b.txt and pairs.json (what each pair expects). It runs three times:
first it writes the FENs whose legal moves it needs (fens.txt; the LEGAL_* files are hamle-move
--legal --batch's answers in UCI, Turkish and German), then the slips it wants checked
(slips_tr.txt, slips_de.txt: hamle-move --batch answers them in slips_*.out), then the pairs.
'check' writes undecided.txt (per undecided pair: the FEN, the other legal move and the rest of
the game, for the caller to replay on that line) and compares hamle-reconcile's findings (JSON Lines) and agreed games (--to san, in English,
one line per pair in A's order) with what each pair expects, prints the figures and exits 1 when
a divergence is missed or misplaced, or an agreed game differs from the original where the
sheets allow it."""
import json, os, random, sys

KINDS = ["missing", "shift", "legal", "illegal", "result"]
PER_KIND = 120
RESULTS_OTHER = {"1-0": "0-1", "0-1": "1-0", "1/2-1/2": "1-0"}


def load(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def fen_before(g, p):
    return g["moves"][p - 1]["fen"] if p else "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def candidates(en, tr, de):
    """Games usable for a pair: read without findings in the three languages, 30 plies or more,
    a result, the standard start."""
    out = []
    for e, t, d in zip(en, tr, de):
        if e["status"] != "ok" or t["status"] != "ok" or d["status"] != "ok" or e["findings"]:
            continue
        if "FEN" in e["tags"] or len(e["moves"]) < 30 or e["result"] not in RESULTS_OTHER:
            continue
        if not (len(e["moves"]) == len(t["moves"]) == len(d["moves"])):
            continue
        out.append((e, t, d))
    return out


def plan(games):
    """(kind, game, parameters) for each pair; deterministic."""
    rnd = random.Random(14)
    pairs = []
    for i, (e, t, d) in enumerate(games):
        kind = KINDS[i % len(KINDS)]
        if sum(1 for p in pairs if p["kind"] == kind) >= PER_KIND:
            continue
        n = len(e["moves"])
        p = {"kind": kind, "game": i, "n": n}
        if kind == "missing":
            if rnd.random() < 0.5:
                p["tail"] = rnd.randrange(n // 2, n - 1)
            else:
                p["drop"] = 2 * rnd.randrange(5, (n - 6) // 2)  # White's ply (0-based, even)
        elif kind == "shift":
            p1 = rnd.randrange(10, n - 20)
            p["drops"] = [p1, p1 + rnd.randrange(3, 10)]
        elif kind in ("legal", "illegal"):
            p["ply"] = rnd.randrange(8, n - 1)
            p["sheet"] = "ab"[i // len(KINDS) % 2]
        pairs.append(p)
    return pairs


def bare(san):
    """A move without its check and mate marks: hamle reads a move whose mark is missing as the
    move (so Nxf6+ Nxf6 with one of them missing may lack either: both readings fit)."""
    return san.rstrip("+#")


def first_diff(a, b, start=0, shift=0):
    """The first index i >= start where b[i - shift] is not a[i] (len(b) + shift when b ends)."""
    i = start
    while i < len(a):
        if i - shift >= len(b) or bare(a[i]) != bare(b[i - shift]):
            return i
        i += 1
    return i


def movetext_numbered(sans, start_ply=0):
    """Standard numbering: a number before each White move (and before a Black move that
    follows a gap, given as None entries that are left out)."""
    out, gap = [], True
    for k, s in enumerate(sans):
        ply = start_ply + k
        if s is None:
            gap = True
            continue
        if ply % 2 == 0:
            out.append("%d. %s" % (ply // 2 + 1, s))
        elif gap:
            out.append("%d... %s" % (ply // 2 + 1, s))
        else:
            out.append(s)
        gap = False
    return out


def rows(sans):
    """Rows as a player writes them into the printed grid: cell c is row c // 2 + 1."""
    lines = []
    for c in range(0, len(sans), 2):
        lines.append("%d. %s" % (c // 2 + 1, " ".join(sans[c:c + 2])))
    return lines


def pgn(tags, moves, result):
    head = "".join('[%s "%s"]\n' % (k, v.replace("\\", "\\\\").replace('"', '\\"')) for k, v in tags)
    body, line = [], ""
    for w in moves + [result]:
        if len(line) + len(w) + 1 > 79:
            body.append(line)
            line = w
        else:
            line = (line + " " + w) if line else w
    body.append(line)
    return head + "\n" + "\n".join(body) + "\n\n"


def sheet(pair_id, white, black, lines, result):
    de_result = {"1-0": "1:0", "0-1": "0:1", "1/2-1/2": "½-½"}.get(result, result)
    return "Weiß: %s\nSchwarz: %s\nPair: %d\n\n%s\nErgebnis: %s\n\n" % (white, black, pair_id, "\n".join(lines), de_result)


def gen(args):
    en, tr, de = load(args[0]), load(args[1]), load(args[2])
    out = args[6]
    games = candidates(en, tr, de)
    pairs = plan(games)
    fens = [fen_before(games[p["game"]][0], p["ply"]) for p in pairs if "ply" in p]
    if not os.path.exists(args[3]):
        with open(os.path.join(out, "fens.txt"), "w") as f:
            f.write("\n".join(fens) + "\n")
        return 0
    legal = {}
    for path, lang in ((args[3], "uci"), (args[4], "tr"), (args[5], "de")):
        with open(path, encoding="utf-8") as f:
            legal[lang] = [line.rstrip("\n").split("\t") for line in f]
    slips_ok = {}
    for lang in ("tr", "de"):
        q, r = os.path.join(out, "slips_%s.txt" % lang), os.path.join(out, "slips_%s.out" % lang)
        if os.path.exists(r):
            with open(q, encoding="utf-8") as f, open(r, encoding="utf-8") as g:
                for a, b in zip(f, g):
                    slips_ok[lang + "\t" + a.rstrip("\n")] = b.startswith("error:")
    a_text, b_pgn, b_txt, expect, slips = [], [], [], [], []
    k = 0
    for p in pairs:
        e, t, d = games[p["game"]]
        orig = [m["san"] for m in e["moves"]]
        sa = [m["san"] for m in t["moves"]]
        sb = [m["san"] for m in d["moves"]]
        ea, eb = list(orig), list(orig)  # the sheets in English, as the aligner sees them
        res_a = res_b = e["result"]
        want = []
        b_lines = None
        if p["kind"] == "missing":
            if "tail" in p:
                sb = sb[:p["tail"]]
                eb = eb[:p["tail"]]
                want.append(("move-missing", first_diff(ea, eb) + 1))
            else:
                q = p["drop"]
                sb = sb[:q] + [None, None] + sb[q + 2:]
                eb = eb[:q] + eb[q + 2:]
                want.append(("move-missing", first_diff(ea, eb) + 1))
        elif p["kind"] == "shift":
            q1, q2 = p["drops"]
            keep = [i for i in range(len(sb)) if i not in (q1, q2)]
            b_lines = rows([sb[i] for i in keep])
            eb = [orig[i] for i in keep]
            f1 = first_diff(ea, eb)
            f2 = first_diff(ea, eb, f1 + 1, 1)
            want.append(("column-shift", f1 + 1))
            want.append(("move-missing", f2 + 1))
        elif p["kind"] in ("legal", "illegal"):
            q = p["ply"]
            fen = fen_before(e, q)
            line = fens.index(fen)
            lang = "tr" if p["sheet"] == "a" else "de"
            sans = sa if p["sheet"] == "a" else sb
            if p["kind"] == "legal":
                uci = legal["uci"][line]
                alts = [j for j, u in enumerate(uci) if u and u != e["moves"][q]["uci"]]
                if not alts:
                    continue
                j = alts[(p["game"] * 7) % len(alts)]
                alt = legal[lang][line][j]
                sans[q] = alt
                want.append(("sheets-differ", q + 1))
                p["alt"] = [fen, uci[j]]
            else:
                tok = sans[q]
                digits = [i for i, c in enumerate(tok) if c in "12345678"]
                if not digits:
                    continue
                i = digits[-1]
                found = None
                for r in "12345678":
                    if r == tok[i]:
                        continue
                    cand = tok[:i] + r + tok[i + 1:]
                    key = "%s\t%s\t%s" % (lang, fen, cand)
                    if key not in slips_ok:
                        slips.append(key)
                    elif slips_ok[key]:
                        found = cand
                        break
                if not found:
                    continue
                sans[q] = found
                p["slip"] = found
                want.append(("sheets-differ", q + 1))
            (ea if p["sheet"] == "a" else eb)[q] = "?"  # differs from every move
        elif p["kind"] == "result":
            res_b = RESULTS_OTHER[e["result"]]
            want.append(("result-differs", len(orig) + 1))
        k += 1
        tags = [("Event", e["tags"].get("Event", "?")), ("White", e["tags"].get("White", "?")),
                ("Black", e["tags"].get("Black", "?")), ("Pair", str(k)), ("Result", res_a)]
        a_text.append(pgn(tags, movetext_numbered(sa), res_a))
        typed = k % 2 == 0
        if b_lines is None:
            b_lines = movetext_numbered(sb)
            if typed:
                b_lines = rows_from_numbered(b_lines)
        if typed:
            b_txt.append(sheet(k, tags[1][1], tags[2][1], b_lines, res_b))
            where = ("b.txt", len(b_txt))
        else:
            b_pgn.append(pgn(tags[:4] + [("Result", res_b)], b_lines, res_b))
            where = ("b.pgn", len(b_pgn))
        expect.append({"pair": k, "kind": p["kind"], "want": want, "orig": orig, "b": where,
                       "sheet": p.get("sheet", "b"), "result": e["result"], "alt": p.get("alt")})
    if slips:
        for lang in ("tr", "de"):
            with open(os.path.join(out, "slips_%s.txt" % lang), "w", encoding="utf-8") as f:
                f.write("".join(key.split("\t", 1)[1] + "\n" for key in slips if key.startswith(lang + "\t")))
        return 0
    with open(os.path.join(out, "a.pgn"), "w", encoding="utf-8") as f:
        f.write("".join(a_text))
    with open(os.path.join(out, "b.pgn"), "w", encoding="utf-8") as f:
        f.write("".join(b_pgn))
    with open(os.path.join(out, "b.txt"), "w", encoding="utf-8") as f:
        f.write("".join(b_txt))
    with open(os.path.join(out, "pairs.json"), "w", encoding="utf-8") as f:
        json.dump(expect, f)
    return 0


def rows_from_numbered(words):
    """Typed-sheet rows from numbered words: a row per move number."""
    lines = []
    for w in words:
        if w[0].isdigit():
            lines.append(w)
        else:
            lines[-1] += " " + w
    return lines


def check(args):
    out, agreed_path, findings_path = args
    with open(os.path.join(out, "pairs.json"), encoding="utf-8") as f:
        pairs = json.load(f)
    with open(agreed_path, encoding="utf-8") as f:
        agreed = [line.rstrip("\n").split() for line in f]
    found = {}
    index_b = {tuple(p["b"]): p["pair"] for p in pairs}
    with open(findings_path, encoding="utf-8") as f:
        for line in f:
            if not line.startswith("{"):
                continue
            d = json.loads(line)
            src = os.path.basename(d["source"])
            pair = d["game"] if src == "a.pgn" else index_b.get((src, d["game"]))
            found.setdefault(pair, []).append(d)
    stats = {k: {"pairs": 0, "at_move": 0, "exact": 0, "equal": 0, "undecided": 0} for k in KINDS}
    bad, undecided = [], []
    if len(agreed) != len(pairs):
        bad.append("%d agreed games for %d pairs" % (len(agreed), len(pairs)))
    for i, p in enumerate(pairs):
        s = stats[p["kind"]]
        s["pairs"] += 1
        got = found.get(p["pair"], [])
        codes = [(d["code"], d["ply"]) for d in got]
        want = [tuple(w) for w in p["want"]]
        if all(w in codes for w in want):
            s["at_move"] += 1
        else:
            bad.append("pair %d (%s): want %s, found %s" % (p["pair"], p["kind"], want, codes))
        if sorted(codes) == sorted(want):
            s["exact"] += 1
        moves = agreed[i] if i < len(agreed) else []
        stops = [d for d in got if d["stops"]]
        if p["kind"] == "legal" and stops:
            s["undecided"] += 1
            q = want[0][1] - 1
            undecided.append("%s\t%s %s\n" % (p["alt"][0], p["alt"][1], " ".join(p["orig"][q + 1:])))
            if moves != p["orig"][:q] or stops[0]["ply"] != q + 1:
                bad.append("pair %d (legal, undecided): agreed %d plies, want the %d before ply %d" %
                           (p["pair"], len(moves), q, q + 1))
        elif moves == p["orig"]:
            s["equal"] += 1
        else:
            k = first_diff(p["orig"], moves)
            bad.append("pair %d (%s): the agreed game differs from the original at ply %d" % (p["pair"], p["kind"], k + 1))
    total = {k: sum(s[k] for s in stats.values()) for k in stats["missing"]}
    print("kind      pairs  found-at-move  exactly-these  agreed=original  undecided(stops at the last agreed move)")
    for k, s in list(stats.items()) + [("all", total)]:
        print("%-8s %6d %14d %14d %16d %10d" % (k, s["pairs"], s["at_move"], s["exact"], s["equal"], s["undecided"]))
    with open(os.path.join(out, "undecided.txt"), "w", encoding="utf-8") as f:
        f.write("".join(undecided))
    for b in bad[:20]:
        print("FAIL: " + b, file=sys.stderr)
    if total["pairs"] < 500:
        print("FAIL: only %d pairs" % total["pairs"], file=sys.stderr)
        return 1
    return 1 if bad else 0


if __name__ == "__main__":
    cmd = sys.argv[1]
    sys.exit(gen(sys.argv[2:]) if cmd == "gen" else check(sys.argv[2:]))
