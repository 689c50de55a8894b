"""Positions: FEN in and out, legal moves, moves in any language, Polyglot keys, winnability."""
from __future__ import annotations

import ctypes
from ctypes import byref, c_uint16, c_void_p
from typing import NamedTuple

from . import _lib
from ._context import locale, locale_tags
from ._lib import lib
from .errors import FenError, MoveError, UsageError

_FORMS = {"san": 0, "fide": 1, "lan": 2, "uci": 3, "spoken": 4}
_CODES = {_lib.ESYNTAX: "syntax", _lib.EILLEGAL: "illegal-move", _lib.EAMBIGUOUS: "ambiguous-move"}


_FIELDS = (("board", 0), ("side to move field missing", 1), ("side", 1), ("castling field missing", 2),
           ("castling", 2), ("en passant field missing", 3), ("en passant", 3),
           ("full-move number missing", 5), ("half-move", 4), ("full-move", 5), ("more than", 6))


def _fen_column(fen: str, message: str) -> int:
    """The column (1-based) where the FEN field that the library's message names starts; the
    column after the text for a field that is missing."""
    field = next((i for p, i in _FIELDS if message.startswith(p)), 0)
    col, i = 0, 0
    while i < field:
        nxt = fen.find(" ", col)
        if nxt < 0:
            return len(fen) + 1
        col = nxt + 1
        while col < len(fen) and fen[col] == " ":
            col += 1
        i += 1
    return col + 1


class Winnable(NamedTuple):
    """Whether a side can still checkmate (FIDE 5.2.2, 6.9): ``verdict`` "can-mate", "cannot-mate"
    or "undecided"; ``reason`` ("helpmate", "material", "blockade", "search", "game-over",
    "budget"); ``line``, a helpmate as UCI moves when it can; ``nodes`` searched."""
    verdict: str
    reason: str
    line: list[str]
    nodes: int

    def __bool__(self) -> bool:
        return self.verdict == "can-mate"


class Position:
    """A chess position. ``Position()`` is the standard start; ``Position(fen)`` reads FEN, X-FEN or
    Shredder-FEN (raises FenError with the field at fault)."""

    __slots__ = ("_p",)

    def __init__(self, fen: str | None = None) -> None:
        self._p = c_void_p()
        err = _lib.Error()
        rc = lib.hamle_position_new(byref(self._p), fen.encode() if fen is not None else None, byref(err))
        if rc != 0:
            self._p = c_void_p()
            msg = _lib.text(err.message) or "bad FEN"
            raise FenError(msg, source="<fen>", line=1, column=err.column or _fen_column(fen or "", msg),
                           token=_lib.text(err.token), code="bad-fen")

    def __del__(self) -> None:
        if getattr(self, "_p", None):
            lib.hamle_position_free(self._p)
            self._p = c_void_p()

    def copy(self) -> "Position":
        """An independent copy."""
        q = Position.__new__(Position)
        q._p = c_void_p()
        if lib.hamle_position_copy(byref(q._p), self._p) != 0:
            raise MemoryError("hamle: out of memory")
        return q

    @property
    def fen(self) -> str:
        """The FEN (X-FEN castling letters; Shredder-FEN for Chess960)."""
        buf = ctypes.create_string_buffer(128)
        lib.hamle_position_fen(buf, 128, self._p, 1 if lib.hamle_position_is_chess960(self._p) else 0)
        return buf.value.decode()

    @property
    def turn(self) -> str:
        """"white" or "black": the side to move."""
        return "black" if lib.hamle_position_side(self._p) else "white"

    @property
    def fullmove(self) -> int:
        return int(lib.hamle_position_fullmove(self._p))

    @property
    def in_check(self) -> bool:
        return bool(lib.hamle_position_in_check(self._p))

    @property
    def state(self) -> str:
        """"playing", "checkmate", "stalemate" or "dead-position"."""
        return _lib.text(lib.hamle_state_id(lib.hamle_position_state(self._p)))

    @property
    def polyglot_key(self) -> int:
        """The Polyglot book hash of the position (64-bit)."""
        return int(lib.hamle_position_hash(self._p))

    def _legal(self) -> list[int]:
        arr = _lib.Moves()
        n = lib.hamle_position_legal_moves(self._p, arr)
        return list(arr[:n])

    def _uci(self, m: int) -> str:
        buf = ctypes.create_string_buffer(8)
        lib.hamle_move_uci(buf, 8, self._p, m)
        return buf.value.decode()

    @property
    def legal_moves(self) -> list[str]:
        """The legal moves, in UCI."""
        return [self._uci(m) for m in self._legal()]

    def san(self, move: str, lang: str = "en", form: str = "san") -> str:
        """A legal move (UCI or any notation push() reads) written in `form` ("san", "fide", "lan",
        "uci", "spoken") with the letters of language `lang` ("fan": figurines)."""
        f = _FORMS.get(form)
        if f is None:
            raise UsageError(f"unknown form {form!r} (san, fide, lan, uci, spoken)", token=form, code="usage")
        m = self._parse(move, "auto")
        buf = ctypes.create_string_buffer(512)
        n = lib.hamle_san_format(buf, 512, self._p, locale(lang), m, f)
        if n < 0:
            raise MoveError(f"cannot write {move!r}", token=move, code="usage")
        return buf.value.decode()

    def _parse(self, token: str, from_: str) -> int:
        data = token.encode()
        tags = locale_tags() if from_ in (None, "auto") else [from_]
        if from_ in (None, "auto"):
            tags = ["en"] + [t for t in tags if t != "en"]
        first = None
        for tag in tags:
            m = c_uint16()
            err = _lib.Error()
            rc = lib.hamle_san_parse(byref(m), self._p, locale(tag), data, len(data), None, byref(err))
            if rc == 0:
                return int(m.value)
            if first is None:
                first = (rc, err)
        assert first is not None
        rc, err = first
        raise MoveError(_lib.text(err.message) or "not a move", source="<move>", line=1,
                        column=err.column or 1, token=token, code=_CODES.get(rc, "syntax"))

    def push(self, token: str, from_: str = "auto") -> str:
        """Plays one move written as people write it -- SAN, FIDE style, long algebraic, UCI,
        figurines -- in language `from_` ("auto": English, then every shipped language). Returns the
        move in UCI; raises MoveError (code "syntax", "illegal-move" or "ambiguous-move")."""
        m = self._parse(token, from_)
        uci = self._uci(m)
        lib.hamle_position_play(self._p, m)
        return uci

    def winnable(self, side: str | None = None, budget: int = 0) -> Winnable:
        """Can `side` ("white", "black"; None: the side to move) still checkmate by some series of
        legal moves? `budget`: nodes searched at most (0: the library's default). The result is
        true when it can."""
        if side is None:
            side = self.turn
        if side not in ("white", "black"):
            raise UsageError(f"side must be 'white' or 'black', not {side!r}", token=str(side), code="usage")
        r = _lib.UnwinResult()
        if lib.hamle_unwinnable_analyze(byref(r), self._p, 1 if side == "black" else 0, budget) != 0:
            raise MemoryError("hamle: out of memory")
        buf = ctypes.create_string_buffer(2048)
        lib.hamle_unwin_line_uci(buf, 2048, self._p, byref(r))
        line = buf.value.decode().split()
        return Winnable(_lib.text(lib.hamle_unwin_verdict_id(r.verdict)),
                        _lib.text(lib.hamle_unwin_reason_id(r.reason)), line, int(r.nodes))

    def __repr__(self) -> str:
        return f"Position({self.fen!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and self.fen == other.fen

    __hash__ = None  # type: ignore[assignment]
