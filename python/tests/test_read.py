"""hamle.read and Game: tags, moves, findings, forms, languages, inputs."""
import io
import json

import pytest

import hamle
from conftest import TESTDATA

GAME = (b'[Event "E"]\n[Site "S"]\n[Date "2024.01.02"]\n[Round "1"]\n[White "W"]\n[Black "B"]\n'
        b'[Result "1-0"]\n[Annotator "A"]\n\n'
        b'1. e4 {open [%clk 0:01:30] [%eval 0.25]} e5 $1 (1... c5 {Sicilian} 2. Nf3) 2. Qh5 Nc6\n'
        b'3. Bc4 Nf6?? 4. Qxf7# 1-0\n')


def one(data, **kw):
    games = list(hamle.read(data, **kw))
    assert len(games) == 1
    return games[0]


def test_tags_in_order_and_mainline():
    g = one(GAME)
    assert list(g.tags) == ["Event", "Site", "Date", "Round", "White", "Black", "Result", "Annotator"]
    assert g.tags["White"] == "W"
    assert g.uci == ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"]
    assert g.result == "1-0"
    assert g.final_fen == "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"
    assert g.findings == [] and g.valid and g.errors == 0 and g.warnings == 0
    assert (g.index, g.line, g.offset, g.plies, g.lang, g.chess960, g.started) == (1, 1, 0, 7, "en", False, True)
    assert g.source == "<bytes>"
    assert g.text.startswith('[Event "E"]') and "Qxf7#" in g.text
    assert "W - B" in repr(g)


def test_moves_comments_nags_clock_eval_variations():
    g = one(GAME)
    m = g.moves
    assert [x.san for x in m] == ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]
    assert [x.uci for x in m] == g.uci
    assert m[2].fan == "♕h5" and m[0].fan == "e4"
    assert (m[0].ply, m[0].move_number, m[0].side) == (1, 1, "white")
    assert (m[1].ply, m[1].move_number, m[1].side) == (2, 1, "black")
    assert m[0].comments == ["open [%clk 0:01:30] [%eval 0.25]"]
    assert m[0].clock == 90.0 and m[0].eval == 0.25 and m[0].mate is None
    assert m[1].nags == [1] and m[5].nags == [4]
    assert m[1].fen == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    var = m[1].variations
    assert len(var) == 1 and [x.san for x in var[0]] == ["c5", "Nf3"] and var[0][0].comments == ["Sicilian"]
    assert var[0][1].fan == "♘f3"
    assert g.variations == var
    assert "Move 1. e4" in repr(m[0])


def test_inputs_path_file_text_bytes(tmp_path):
    p = tmp_path / "g.pgn"
    p.write_bytes(GAME + b"\n" + GAME)
    by_path = [g.uci for g in hamle.read(str(p))]
    assert len(by_path) == 2
    assert [g.uci for g in hamle.read(p)] == by_path
    with open(p, "rb") as f:
        assert [g.uci for g in hamle.read(f)] == by_path
    with open(p, encoding="utf-8") as f:
        assert [g.uci for g in hamle.read(f)] == by_path
    assert [g.uci for g in hamle.read(io.BytesIO(p.read_bytes()))] == by_path
    assert [g.uci for g in hamle.read(bytearray(p.read_bytes()))] == by_path
    assert [g.source for g in hamle.read(str(p))] == [str(p)] * 2
    assert [g.index for g in hamle.read(p, name="x.pgn")] == [1, 2]
    assert [g.line for g in hamle.read(p)] == [1, 13]


def test_lazy_generator_and_batches(tmp_path):
    data = GAME * 1 + b"\n" + b"\n".join([GAME] * 200)
    it = hamle.read(data)
    first = next(it)
    assert first.index == 1
    it.close()
    for batch in (1, 3, 64, 1000):
        assert [g.index for g in hamle.read(data, batch=batch)] == list(range(1, 202))


def test_findings_fields_and_languages():
    data = b'[Event "E"]\n[Result "*"]\n\n1. e4 e5 2. Nf9 *\n'
    g = one(data)
    assert not g.valid and g.errors == 1
    f = [x for x in g.findings if x.code == "syntax"][0]
    assert (f.severity, f.line, f.column, f.ply, f.move_number, f.side, f.token) == \
        ("error", 4, 13, 3, 2, "white", "Nf9")
    assert f.message == "not a move: Nf9"
    assert f.fen == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    assert [s.uci for s in f.suggestions][:1] == ["g1f3"] and f.suggestions[0].san == "Nf3"
    assert f.game == 1 and f.path == [] and f.bridges == []
    assert f.as_dict()["suggestions"][0] == {"san": "Nf3", "uci": "g1f3"}
    assert "syntax" in repr(f)
    tr = one(data, lang="tr")
    ftr = [x for x in tr.findings if x.code == "syntax"][0]
    assert ftr.message != f.message and "Nf9" in ftr.message
    assert ftr.suggestions[0].uci == "g1f3"
    de = one(data, lang="de")
    assert [x for x in de.findings if x.code == "syntax"][0].message not in (f.message, ftr.message)
    missing = [x for x in g.findings if x.code == "missing-tag"][0]
    assert missing.severity == "warning" and missing.side is None and missing.move_number == 0


def test_from_language_and_detection():
    tr = b'[Event "E"]\n[Result "*"]\n\n1. e4 e5 2. Af3 Ac6 3. Fb5 a6 *\n'
    assert one(tr).uci == ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"]
    assert one(tr).lang == "tr"
    assert one(tr, from_="tr").uci == one(tr).uci
    assert not one(tr, from_="en").valid
    assert [m.san for m in one(tr, lang="tr").moves][2] == "Af3"
    assert [m.san for m in one(tr).moves][2] == "Nf3"


def test_every_form_and_language():
    g = one(GAME)
    for form in hamle.FORMS:
        out = g.to(form)
        assert out, form
    assert g.to("san") == "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#\n"
    assert g.to("uci") == " ".join(g.uci) + "\n"
    assert g.to("san", lang="de") == "e4 e5 Dh5 Sc6 Lc4 Sf6 Dxf7#\n"
    assert g.to("san", lang="fan").split()[2] == "♕h5"
    assert [x for x in g.to("fen").splitlines() if x][-1] == g.final_fen
    assert json.loads(g.to("json"))["tags"]["Annotator"] == "A"
    pgn = g.to("pgn")
    assert pgn.startswith('[Event "E"]') and "{Sicilian}" in pgn
    assert "{Sicilian}" not in g.to("pgn", comments=False)
    assert "(1..." not in g.to("pgn", variations=False)
    assert "$4" not in g.to("pgn", nags=False) and "$4" in pgn
    assert "0-0" in one(b'[Event "E"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *\n').to("fide")
    with pytest.raises(hamle.UsageError):
        g.to("docx")
    with pytest.raises(hamle.UsageError):
        g.to("pgn", lang="xx")


def test_encoding_option():
    latin1 = '[Event "E"]\n[White "Müller"]\n\n1. e4 *\n'.encode("latin1")
    assert one(latin1).tags["White"] == "Müller"
    assert one(latin1, encoding="latin1").tags["White"] == "Müller"
    assert one(latin1, encoding="auto").tags["White"] == "Müller"
    bad = one(latin1, encoding="utf-8")
    assert any(f.code == "encoding" for f in bad.findings)
    with pytest.raises(hamle.UsageError):
        one(latin1, encoding="ebcdic")


def test_chess960_and_fen_games():
    p = TESTDATA / "fuzz" / "quick" / "chess960.pgn"
    g = next(hamle.read(p))
    assert g.chess960 and g.valid and g.uci
    fen = b'[Event "E"]\n[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]\n\n1. O-O *\n'
    g = one(fen)
    assert g.uci == ["e1g1"] and g.final_fen == "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"
    bad = one(b'[Event "E"]\n[SetUp "1"]\n[FEN "8/8/8 w - - 0 1"]\n\n1. e4 *\n')
    assert not bad.started and any(f.code == "bad-fen" for f in bad.findings)


def test_clock_comments_lichess():
    g = next(hamle.read(TESTDATA / "fuzz" / "quick" / "lichess-clock-comments.pgn"))
    m = g.moves
    assert m[0].clock == 58.0 and m[0].eval == 0.30 and m[1].clock == 60.0


def test_bridges():
    data = (b'[Event "E"]\n[Site "S"]\n[Date "2024.01.02"]\n[Round "1"]\n[White "W"]\n[Black "B"]\n'
            b'[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 bxc6 5. O-O Bc5 *\n')
    skipped = data.replace(b"3. Bb5 a6 4. Bxc6", b"3. Bb5 4. Bxc6")
    g = one(skipped, bridge=2)
    assert not g.valid
    mm = [f for f in g.findings if f.code == "missing-moves"]
    assert mm and mm[0].bridges and mm[0].bridges == g.bridges
    assert all(isinstance(s.uci, str) for s in g.bridges[0].moves)
    assert one(skipped, bridge=0).bridges == []
    with pytest.raises(hamle.UsageError):
        one(skipped, bridge=9)


def test_read_file_with_many_games_agrees_with_cli_counts():
    p = TESTDATA / "replay" / "story.pgn"
    games = list(hamle.read(p))
    assert len(games) == 8
    v = hamle.validate(p).run()
    assert v.games == 8
    assert v.errors == sum(g.errors for g in games)
    assert v.warnings == sum(g.warnings for g in games)
