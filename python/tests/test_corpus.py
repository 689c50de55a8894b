"""Agreement over every game of ../shared/corpus/medium: hamle.read gives the moves (UCI) and final FEN
python-chess gives wherever python-chess reads the game, and hamle.read and hamle.validate give the
findings hamle-validate --format json gives."""
import json
import os
import subprocess
import sys

import pytest

import hamle
from conftest import SHARED, hamle_bin, need_shared

KEYS = ("game", "line", "column", "offset", "ply", "code", "severity", "message")


def medium_files():
    d = SHARED / "corpus" / "medium"
    if not d.exists():
        return []
    return sorted(d.rglob("*.pgn"))


def chess_module():
    peers = SHARED / "peers" / "python-chess"
    if peers.exists() and str(peers) not in sys.path:
        sys.path.insert(0, str(peers))
    try:
        import chess.pgn
    except ImportError:
        pytest.skip("python-chess not found (../shared/peers/python-chess)")
    return chess


@pytest.fixture(scope="module")
def files():
    need_shared("corpus", "medium")
    return medium_files()


def _key(tags):
    """Tags that pair the two readers' games; ASCII alone (python-chess reads the files' 8-bit
    bytes as U+FFFD, hamle as the code page they are in)."""
    return tuple(tags.get(k, "?").encode("ascii", "ignore").decode()
                 for k in ("Event", "Date", "Round", "White", "Black"))


def _theirs(chess, path):
    """python-chess's games of path: key, UCI mainline, final FEN, whether it read it cleanly."""
    out = []
    with open(path, encoding="utf-8", errors="replace") as f:
        while True:
            g = chess.pgn.read_game(f)
            if g is None:
                return out
            board = g.board()
            uci = []
            for m in g.mainline_moves():
                uci.append(m.uci())
                board.push(m)
            out.append((_key(g.headers), uci, board.fen(), not g.errors))


def test_moves_and_final_fen_agree_with_python_chess(files):
    chess = chess_module()
    compared = unread = split = lost = games = 0
    bad = []
    blank = ("?", "????.??.??", "?", "?", "?")  # the tags python-chess gives a game without tags
    for path in files:
        theirs = _theirs(chess, path)
        ours = [(_key(g.tags), g.uci, g.final_fen, g.index) for g in hamle.read(path)]
        j = 0
        for i, (key, uci, fen, index) in enumerate(ours):
            games += 1
            if j < len(theirs) and theirs[j][0] == blank and key != blank:
                lost += 1  # python-chess took its tags as the game before's (no blank line between)
            elif j >= len(theirs) or theirs[j][0] != key:
                bad.append((path.name, index, "no python-chess game with its tags here"))
                continue
            t = theirs[j]
            j += 1
            # python-chess reads some tag sections (two blank lines after them, an empty tag) as
            # a game without moves and the movetext after them as a game of its own, without
            # tags: both left out
            if not t[1] and j < len(theirs) and theirs[j][0] == blank and key != blank and \
                    (i + 1 == len(ours) or ours[i + 1][0] != blank):
                j += 1
                split += 1
                continue
            if not t[3]:
                unread += 1
                continue
            compared += 1
            if uci != t[1] or fen != t[2]:
                bad.append((path.name, index, uci[:4], t[1][:4], fen, t[2]))
        if j != len(theirs):
            bad.append((path.name, f"python-chess reads {len(theirs) - j} more games"))
    print(f"{games} games; {compared} with the same UCI moves and final FEN as python-chess; "
          f"{unread} python-chess does not read (errors); {split} it splits in two; {lost} whose tags it "
          f"gives the game before; {len(bad)} differ")
    assert bad == [], bad[:10]
    assert games >= 13000 and compared >= 0.99 * games


def test_findings_agree_with_the_cli(files):
    total = 0
    for path in files:
        out = subprocess.run([hamle_bin("hamle-validate"), "--format", "json", "-j", "1", str(path)],
                             capture_output=True, text=True)
        assert out.returncode in (0, 1), out.stderr
        cli = [json.loads(x) for x in out.stdout.splitlines() if x.strip()]
        want = [tuple(r[k] for k in KEYS) + (r["token"] or "", [s["uci"] for s in r["suggestions"]])
                for r in cli if r.get("kind") == "finding"]
        v = hamle.validate(path)
        got = [tuple(getattr(f, k) for k in KEYS) + (f.token, [s.uci for s in f.suggestions]) for f in v]
        assert got == want, path
        read = [tuple(getattr(f, k) for k in KEYS) + (f.token, [s.uci for s in f.suggestions])
                for g in hamle.read(path) for f in g.findings]
        assert read == want, path
        assert f"{v.games} games" in out.stderr
        total += len(want)
    print(f"{len(files)} files, {total} findings, the same from hamle.validate, hamle.read and the CLI")
