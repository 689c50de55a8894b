"""hamle.Position: FEN, legal moves, moves in any language, Polyglot keys, state, winnability."""
import pytest

import hamle

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def test_start_position():
    p = hamle.Position()
    assert p.fen == START
    assert hamle.Position(START) == p
    assert p.turn == "white" and p.fullmove == 1 and not p.in_check and p.state == "playing"
    assert len(p.legal_moves) == 20 and "g1f3" in p.legal_moves
    assert p.polyglot_key == 0x463B96181691FC9C  # the Polyglot book format's published key
    assert repr(p) == f"Position({START!r})"


def test_push_in_any_language():
    p = hamle.Position()
    assert p.push("e4") == "e2e4"
    assert p.push("e7e5") == "e7e5"  # UCI
    assert p.push("Af3", from_="tr") == "g1f3"  # Turkish knight
    assert p.push("Sc6", from_="de") == "b8c6"  # German knight, given
    assert p.push("Lb5") == "f1b5"  # German bishop, detected
    assert p.push("♞f6") == "g8f6"  # figurine
    assert p.push("0-0") == "e1g1"  # FIDE style castling
    assert p.fen == "r1bqkb1r/pppp1ppp/2n2n2/1B2p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4"
    # the Polyglot key of a known position (after 1. e4 d5 2. e5 f5, published in the format's spec)
    q = hamle.Position()
    for t in ("e4", "d5", "e5", "f5"):
        q.push(t)
    assert q.polyglot_key == 0x22A48B5A8E47FF78


def test_push_errors_have_codes():
    p = hamle.Position()
    with pytest.raises(hamle.MoveError) as e:
        p.push("Nf9")
    assert e.value.code == "syntax" and e.value.token == "Nf9"
    with pytest.raises(hamle.MoveError) as e:
        p.push("Qh5", from_="en")
    assert e.value.code == "illegal-move" and "h5" in e.value.message
    q = hamle.Position("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1")
    with pytest.raises(hamle.MoveError) as e:
        q.push("Nd2", from_="en")
    assert e.value.code == "ambiguous-move"
    assert p.fen == START  # nothing played
    with pytest.raises(hamle.UsageError):
        p.push("e4", from_="xx")


def test_san_forms_and_copy():
    p = hamle.Position()
    assert p.san("g1f3") == "Nf3"
    assert p.san("g1f3", lang="tr") == "Af3"
    assert p.san("g1f3", lang="fan") == "♘f3"
    assert p.san("g1f3", form="lan") == "Ng1-f3"
    assert p.san("Nf3", form="uci") == "g1f3"
    assert p.san("e4", lang="de", form="spoken")
    with pytest.raises(hamle.UsageError):
        p.san("e4", form="morse")
    c = p.copy()
    c.push("e4")
    assert p.fen == START and c.fen != START and c.turn == "black"


def test_states_and_winnable():
    mate = hamle.Position("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")
    assert mate.state == "checkmate" and mate.in_check and mate.legal_moves == []
    assert hamle.Position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").state == "stalemate"
    dead = hamle.Position("8/8/4k3/8/8/3K4/8/8 w - - 0 1")
    assert dead.state == "dead-position"
    w = dead.winnable("white")
    assert w.verdict == "cannot-mate" and w.reason == "material" and not w
    kq = hamle.Position("8/8/4k3/8/8/3K4/3Q4/8 w - - 0 1")
    w = kq.winnable("white")
    assert w and w.verdict == "can-mate" and w.line
    replay = kq.copy()
    for m in w.line:
        replay.push(m)
    assert replay.state == "checkmate"
    assert not kq.winnable("black")
    assert kq.winnable().verdict == "can-mate"  # the side to move
    with pytest.raises(hamle.UsageError):
        kq.winnable("red")


@pytest.mark.parametrize("fen", ["", "8/8/8 w - - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
                                 "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                                 "8/8/8/8/8/8/8/8 w - - 0 1"])
def test_bad_fen_raises_with_position(fen):
    with pytest.raises(hamle.FenError) as e:
        hamle.Position(fen)
    assert isinstance(e.value, ValueError) and isinstance(e.value, hamle.Error)
    assert e.value.message and e.value.code == "bad-fen" and e.value.line == 1
    assert "<fen>:1:" in str(e.value) and e.value.column >= 1


def test_bad_fen_column_names_the_field():
    with pytest.raises(hamle.FenError) as e:
        hamle.Position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1")
    assert e.value.column == 45 and e.value.message.startswith("side to move")
    with pytest.raises(hamle.FenError) as e:
        hamle.Position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1")
    assert e.value.column == 52
    with pytest.raises(hamle.FenError) as e:
        hamle.Position("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    assert e.value.column == 1
