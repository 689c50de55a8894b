"""Bad input raises the documented exception, with its position."""
import io

import pytest

import hamle

GOOD = b'[Event "E"]\n[Result "*"]\n\n1. e4 e5 *\n'


def test_bytes_that_are_not_text():
    data = b'[Event "E"]\n[White "x\x00y"]\n\n1. e4 *\n'
    with pytest.raises(hamle.EncodingError) as e:
        hamle.read(data)
    assert (e.value.line, e.value.column, e.value.offset) == (2, 10, 21)
    assert isinstance(e.value, hamle.InputError) and isinstance(e.value, ValueError)
    assert str(e.value).startswith("<bytes>:2:10: ")
    png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"
    with pytest.raises(hamle.EncodingError) as e:
        hamle.validate(png)
    assert (e.value.line, e.value.column) == (3, 1)


def test_binary_file_and_file_object(tmp_path):
    p = tmp_path / "x.pgn.gz"
    p.write_bytes(b"\x1f\x8b\x08\x00\x00\x00\x00\x00")
    with pytest.raises(hamle.EncodingError) as e:
        list(hamle.read(p))
    assert e.value.source == str(p) and e.value.line == 1 and e.value.column == 4
    with pytest.raises(hamle.EncodingError):
        list(hamle.read(io.BytesIO(b"abc\x00")))


def test_closed_file(tmp_path):
    p = tmp_path / "g.pgn"
    p.write_bytes(GOOD)
    f = open(p, "rb")
    f.close()
    with pytest.raises(hamle.InputError) as e:
        hamle.read(f)
    assert "closed" in str(e.value) and e.value.source == str(p)


def test_file_closed_while_reading(tmp_path):
    p = tmp_path / "g.pgn"
    p.write_bytes(b"\n".join([GOOD] * 5000))
    f = open(p, "rb")
    it = hamle.read(f, batch=1)
    next(it)
    f.close()
    with pytest.raises(hamle.InputError) as e:
        list(it)
    assert "closed" in str(e.value) and e.value.line > 1 and e.value.offset > 0


def test_file_object_that_fails():
    class Broken(io.RawIOBase):
        def readable(self):
            return True

        def read(self, n=-1):
            raise OSError(5, "Input/output error")

    with pytest.raises(hamle.InputError) as e:
        list(hamle.read(Broken()))
    assert isinstance(e.value.__cause__, OSError)


def test_missing_path_and_wrong_type(tmp_path):
    with pytest.raises(FileNotFoundError):
        hamle.read(tmp_path / "none.pgn")
    with pytest.raises(TypeError):
        hamle.read(42)


def test_broken_file_findings_and_raise(tmp_path):
    broken = GOOD + b'\n[Event "F"]\n[Result "*"]\n\n1. e4 e5 2. Ke3 *\n\n[Event "G"\n\n1. d4 *\n'
    games = list(hamle.read(broken))
    assert [g.valid for g in games] == [True, False, False]
    f = games[1].findings[-1]
    assert (f.code, f.line, f.column, f.token) == ("illegal-move", 9, 13, "Ke3")
    with pytest.raises(hamle.GameError) as e:
        list(hamle.read(broken, errors="raise"))
    assert (e.value.code, e.value.line, e.value.column, e.value.token) == ("illegal-move", 9, 13, "Ke3")
    assert e.value.finding.game == 2 and e.value.finding.suggestions[0].uci == "e1e2"
    assert str(e.value).startswith("<bytes>:9:13: illegal-move: ")
    cut = tmp_path / "cut.pgn"
    cut.write_bytes(GOOD + b'\n[Event "F"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 {unclosed')
    last = list(hamle.read(cut))[-1]
    assert {f.code for f in last.findings} >= {"truncated"} and not last.valid
    with pytest.raises(hamle.GameError) as e:
        list(hamle.read(cut, errors="raise"))
    assert e.value.line == 9 and e.value.source == str(cut)
    with pytest.raises(hamle.UsageError):
        hamle.read(GOOD, errors="ignore")


def test_undecodable_game_under_raise():
    data = b'[Event "E"]\n[White "M\xfcller"]\n\n1. e4 *\n'
    with pytest.raises(hamle.EncodingError) as e:
        list(hamle.read(data, encoding="utf-8", errors="raise"))
    assert (e.value.line, e.value.column) == (2, 10) and e.value.code == "encoding"


def test_unknown_language_and_encoding():
    with pytest.raises(hamle.UsageError):
        hamle.read(GOOD, lang="klingon")
    with pytest.raises(hamle.UsageError):
        hamle.read(GOOD, from_="klingon")
    with pytest.raises(hamle.UsageError):
        hamle.validate(GOOD, encoding="utf-9")
