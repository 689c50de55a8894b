"""hamle.validate against hamle-validate --format json; hamle.annotate; threads over files."""
import concurrent.futures
import json
import subprocess

import pytest

import hamle
from conftest import TESTDATA, hamle_bin

FILES = sorted(TESTDATA.glob("replay/*.pgn")) + sorted(TESTDATA.glob("fuzz/quick/*.pgn")) + \
    sorted(TESTDATA.glob("suggest/*.pgn")) + sorted(TESTDATA.glob("convert/*.pgn"))

KEYS = ("game", "line", "column", "offset", "ply", "code", "severity", "message", "token",
        "move_number", "side", "path")


def cli_findings(path, *args):
    out = subprocess.run([hamle_bin("hamle-validate"), "--format", "json", "-j", "1", *args, str(path)],
                         capture_output=True, text=True)
    assert out.returncode in (0, 1), out.stderr
    rows = [json.loads(x) for x in out.stdout.splitlines() if x.strip()]
    summary = out.stderr
    return [r for r in rows if r.get("kind") == "finding"], summary


def as_cli(f):
    d = f.as_dict()
    d["token"] = d["token"] or None
    d["move_number"] = d["move_number"] or None
    d["fen"] = d["fen"] or None
    d["suggestions"] = [{"san": s.san, "uci": s.uci} for s in f.suggestions]
    return {k: d[k] for k in KEYS + ("fen", "suggestions")}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_validate_and_read_agree_with_cli(path):
    cli, summary = cli_findings(path)
    want = [{k: r[k] for k in KEYS + ("fen", "suggestions")} for r in cli]
    v = hamle.validate(path)
    got = [as_cli(f) for f in v]
    assert got == want
    assert f"{v.games} game" in summary
    from_read = [as_cli(f) for g in hamle.read(path) for f in g.findings]
    assert from_read == want


def test_validate_counts_languages_and_strict():
    p = TESTDATA / "suggest" / "real-typos.pgn"
    v = hamle.validate(p).run()
    assert v.games > 0 and v.invalid > 0 and v.valid == v.games - v.invalid
    assert sum(v.codes.values()) == v.errors + v.warnings
    s = v.summary()
    assert s["games"] == v.games and s["codes"] == v.codes and s["source"] == str(p)
    assert "games" in repr(v)
    tr = [f.message for f in hamle.validate(p, lang="tr")]
    en = [f.message for f in hamle.validate(p)]
    assert len(tr) == len(en) and tr != en
    cli_tr, _ = cli_findings(p, "--lang", "tr")
    assert [r["message"] for r in cli_tr] == tr
    marks = TESTDATA / "fuzz" / "quick" / "wrong-check-marks.pgn"
    strict = hamle.validate(marks, strict=True).run()
    cli_strict, _ = cli_findings(marks, "--strict")
    assert strict.errors + strict.warnings == len(cli_strict)
    nosug = list(hamle.validate(p, suggestions=False))
    cli_nosug, _ = cli_findings(p, "--no-suggest")
    assert all(f.suggestions == [] for f in nosug) and len(nosug) == len(cli_nosug)


def test_threads_over_files_give_the_sequential_results():
    files = FILES * 3

    def work(p):
        return [(g.index, tuple(g.uci), g.final_fen, len(g.findings)) for g in hamle.read(p)], \
            hamle.validate(p).summary()

    seq = [work(p) for p in files]
    with concurrent.futures.ThreadPoolExecutor(4) as ex:
        par = list(ex.map(work, files))
    assert par == seq


def test_annotate_events():
    data = (b'[Event "E"]\n[Site "S"]\n[Date "2024.01.02"]\n[Round "1"]\n[White "W"]\n[Black "B"]\n'
            b'[Result "1/2-1/2"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2\n')
    g = next(hamle.read(data))
    a = hamle.annotate(g)
    codes = [e.code for e in a.events]
    assert "threefold-repetition" in codes
    by_move, board = [e for e in a.events if e.code == "threefold-repetition"]
    assert (by_move.ply, by_move.claim, by_move.move) == (7, "by-move", "Ng8")
    assert board.ply == 8 and board.count == 3 and board.plies == [0, 4] and board.claim == "board"
    assert board.message and board.side == "black" and board.line == 9
    assert "{" in a.pgn and a.written_result == "1/2-1/2"
    mate = next(hamle.read(b'[Event "E"]\n[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n'))
    a = hamle.annotate(mate, what=("end", "result", "fix_result"))
    assert [e.code for e in a.events] == ["checkmate", "result-mismatch"]
    assert a.board_result == "0-1" and a.written_result == "1-0"
    assert a.events[1].severity == "warning" and a.events[0].side == "black"
    assert "0-1" in a.pgn.splitlines()[-1] or "0-1" in a.pgn
    tr = hamle.annotate(mate, lang="tr")
    assert tr.events[0].message != a.events[0].message
    assert json.loads(hamle.annotate(mate, form="json").pgn)["annotations"]
    with pytest.raises(hamle.UsageError):
        hamle.annotate(mate, what=("everything",))


def test_module_facts():
    assert hamle.library_version().count(".") == 2
    assert {"en", "tr", "de", "fan"} <= set(hamle.languages())
    assert hamle.__version__
