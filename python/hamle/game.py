"""Games as read: tags, moves, findings, and the record the library hands over for each."""
from __future__ import annotations

import json
import re
from ctypes import byref, c_void_p
from typing import Any, Iterator, NamedTuple

from . import _lib
from ._context import Handles, locale
from ._lib import lib
from .errors import UsageError

_SIDES = {"0": "white", "1": "black"}
_RESULTS = ("", "1-0", "0-1", "1/2-1/2", "*")
FORMS = ("pgn", "fide", "san", "lan", "uci", "spoken", "fen", "epd", "json")


class Suggestion(NamedTuple):
    """A move the finding's token may have meant: its SAN (in the game's language) and UCI."""
    san: str
    uci: str


class Bridge(NamedTuple):
    """Moves the writer did not record (hamle/bridge.h): inserted before mainline ply `ply`, they make
    `replayed` more recorded plies replay (`complete`: all of them)."""
    ply: int
    move_number: int
    side: str
    replayed: int
    complete: bool
    moves: list[Suggestion]


def _pairs(s: str) -> list[Suggestion]:
    if not s:
        return []
    w = s.split(" ")
    return [Suggestion(w[i], w[i + 1]) for i in range(0, len(w) - 1, 2)]


class Finding:
    """One finding of a game: ``code`` ("illegal-move", "check-mark", ...), ``severity`` ("error" or
    "warning"), where (``line``, ``column`` in characters, ``offset`` in bytes, all of the input),
    which move (``ply`` along its line, ``move_number``, ``side`` "white"/"black" or None, ``path``
    of variation indices, ``fen`` before it), ``token`` as written, ``message`` in the language
    asked for, ``suggestions`` and, for "missing-moves", the game's ``bridges``."""

    __slots__ = ("game", "code", "severity", "line", "column", "offset", "ply", "move_number",
                 "side", "token", "message", "fen", "path", "suggestions", "bridges", "source")

    def __init__(self, raw: str, game: int, source: str, bridges: list[Bridge]) -> None:
        p = raw.split("\x1f")
        self.game = game
        self.source = source
        self.code = p[0]
        self.severity = "error" if p[1] == "2" else "warning"
        self.line = int(p[2])
        self.column = int(p[3])
        self.offset = int(p[4])
        self.ply = int(p[5])
        self.move_number = int(p[6])
        self.side = _SIDES.get(p[7])
        self.token = p[8]
        self.message = p[9]
        self.fen = p[10]
        self.path = [int(x) for x in p[11].split(".")] if p[11] else []
        self.suggestions = _pairs(p[12])
        self.bridges = bridges if self.code == "missing-moves" else []

    def __repr__(self) -> str:
        return (f"<Finding {self.source}:{self.line}:{self.column} game {self.game} "
                f"{self.severity} {self.code}: {self.message}>")

    def as_dict(self) -> dict[str, Any]:
        """The finding as a dict (suggestions as dicts), as `hamle-validate --format json` names them."""
        d = {k: getattr(self, k) for k in self.__slots__ if k != "bridges"}
        d["suggestions"] = [s._asdict() for s in self.suggestions]
        d["bridges"] = [b._asdict() for b in self.bridges]
        return d


_CLK = re.compile(r"\[%clk\s+(\d+):(\d+)(?::(\d+(?:\.\d*)?))?\s*\]")
_EVAL = re.compile(r"\[%eval\s+(#)?([+-]?\d+(?:\.\d*)?)(?:,\d+)?\s*\]")


class Move:
    """A move as played: ``san`` (in the language asked for), ``fan`` (figurines), ``uci``, ``ply``
    (1-based along its line), ``move_number``, ``side``, ``fen`` after it, ``comments`` after it and
    ``comments_before`` it, ``nags`` (numbers; a NAG above 255 as written), ``draw_offer``,
    ``variations`` (lists of Moves replacing it), and the ``clock`` ([%clk], seconds) and ``eval``
    ([%eval], pawns from White's view; ``mate`` for [%eval #N]) its comments hold."""

    __slots__ = ("san", "fan", "uci", "ply", "move_number", "side", "fen", "comments",
                 "comments_before", "nags", "draw_offer", "variations", "clock", "eval", "mate")

    def __init__(self, d: dict[str, Any], fan: dict[str, Any] | None) -> None:
        self.san = d["san"]
        self.fan = fan["san"] if fan else d["san"]
        self.uci = d["uci"]
        self.ply = d["ply"]
        self.move_number = d["move_number"]
        self.side = d["side"]
        self.fen = d.get("fen", "")
        self.comments = d.get("comments", [])
        self.comments_before = d.get("comments_before", [])
        self.nags = d.get("nags", [])
        self.draw_offer = bool(d.get("draw_offer", False))
        fv = fan.get("variations", []) if fan else []
        self.variations = [_moves(v, fv[i] if i < len(fv) else None)
                           for i, v in enumerate(d.get("variations", []))]
        self.clock = self.eval = self.mate = None
        for c in self.comments:
            m = _CLK.search(c)
            if m:
                h, mi, sec = int(m.group(1)), int(m.group(2)), m.group(3)
                self.clock = h * 3600 + mi * 60 + float(sec) if sec is not None else h * 60 + mi
            m = _EVAL.search(c)
            if m:
                if m.group(1):
                    self.mate = int(float(m.group(2)))
                else:
                    self.eval = float(m.group(2))

    def __repr__(self) -> str:
        return f"<Move {self.move_number}{'.' if self.side == 'white' else '...'} {self.san} ({self.uci})>"


def _moves(line: list[dict[str, Any]], fan: list[dict[str, Any]] | None) -> list[Move]:
    return [Move(d, fan[i] if fan and i < len(fan) else None) for i, d in enumerate(line)]


class _Replayed:
    """The game's text read and replayed again (for what the record does not carry)."""

    def __init__(self, game: "Game") -> None:
        data = game.text.encode("utf-8")
        self.h = Handles(data, from_=game.lang or "auto", lang=game._lang, name=game.source,
                         bridge=game._bridge, strict=game._strict)
        rc = lib.hamle_reader_next_reuse(self.h.reader, byref(self.h.game))
        if rc != 0:
            self.h.close()
            raise self.h.failure(rc)
        lib.hamle_replay_run(self.h.replay, self.h.game)

    def write(self, form: str, lang: str, annotator: Any = None, shape: int = 0) -> str:
        f = lib.hamle_write_format_parse(form.encode())
        if f < 0:
            raise UsageError(f"unknown form {form!r} (one of {', '.join(FORMS)})", token=form, code="usage")
        w = c_void_p()
        opts = _lib.WriterOptions(2, f, locale(lang), 0, shape, None, 0)
        if lib.hamle_writer_new(byref(w), byref(opts)) != 0:
            raise UsageError(f"cannot write {form!r}", code="usage")
        try:
            if annotator is not None:
                lib.hamle_writer_annotate(w, annotator)
            rc = lib.hamle_writer_game(w, self.h.game, self.h.replay)
            if rc != 0:
                raise MemoryError("hamle: out of memory")
            n = _lib.c_size_t()
            p = lib.hamle_writer_output(w, byref(n))
            import ctypes
            return ctypes.string_at(p, n.value).decode("utf-8", "replace")
        finally:
            lib.hamle_writer_free(w)

    def close(self) -> None:
        self.h.close()


class Game:
    """One game as read and replayed: ``tags`` (a dict in input order; ``tag_pairs`` keeps repeated
    names), ``uci`` (the mainline as replayed), ``moves`` (Move objects, with SAN, FAN, comments,
    NAGs, clocks and variations), ``result`` (the termination marker), ``final_fen``, ``findings``
    and where it is (``source``, ``index`` from 1, ``line``, ``offset``). ``text`` is the game's
    decoded text; ``to()`` writes it in any form."""

    __slots__ = ("_f", "_h", "_tags", "_uci", "_moves", "_findings", "source", "_lang", "_bridge",
                 "_strict", "_bridges")

    def __init__(self, record: str, source: str, lang: str = "en", bridge: int | str = "gaps",
                 strict: bool = False) -> None:
        self._f = record.split("\x1e")
        self._h: list[str] | None = None
        self._tags: dict[str, str] | None = None
        self._uci: list[str] | None = None
        self._moves: list[Move] | None = None
        self._findings: list[Finding] | None = None
        self._bridges: list[Bridge] | None = None
        self.source = source
        self._lang = lang
        self._bridge = bridge
        self._strict = strict

    def _head(self) -> list[str]:
        h = self._h
        if h is None:
            h = self._h = self._f[0].split(" ")
        return h

    index = property(lambda self: int(self._head()[0]), doc="The game's number in its source, from 1.")
    line = property(lambda self: int(self._head()[1]), doc="The line the game starts on.")
    offset = property(lambda self: int(self._head()[2]), doc="The byte offset the game starts at.")
    started = property(lambda self: self._head()[3] == "1",
                       doc="False when the game could not be set up (a bad FEN, a variant hamle does not play).")
    chess960 = property(lambda self: self._head()[4] == "1", doc="True for a Chess960 game.")
    plies = property(lambda self: int(self._head()[5]), doc="Mainline plies replayed.")
    errors = property(lambda self: int(self._head()[6]), doc="Error findings.")
    warnings = property(lambda self: int(self._head()[7]), doc="Warning findings.")
    result = property(lambda self: _RESULTS[int(self._head()[8])],
                      doc='The termination marker: "1-0", "0-1", "1/2-1/2", "*", or "" when none.')
    lang = property(lambda self: self._head()[9], doc='The language its moves were read in ("en", "tr", ...).')
    final_fen = property(lambda self: self._f[3], doc="FEN of the position the mainline reaches (as far as replayed).")
    text = property(lambda self: self._f[6], doc="The game's decoded text (UTF-8), tags and movetext.")

    @property
    def valid(self) -> bool:
        """True when the game has no error finding."""
        return self._head()[6] == "0"

    @property
    def tags(self) -> dict[str, str]:
        """The tags in input order (a name repeated: its first value)."""
        t = self._tags
        if t is None:
            s = self._f[1]
            it = s.split("\x1f") if s else []
            t = dict(zip(it[0::2], it[1::2]))
            if 2 * len(t) < len(it):
                t = {}
                for i in range(0, len(it), 2):
                    t.setdefault(it[i], it[i + 1])
            self._tags = t
        return t

    @property
    def tag_pairs(self) -> list[tuple[str, str]]:
        """Every tag pair in input order, repeated names too."""
        s = self._f[1]
        it = s.split("\x1f") if s else []
        return list(zip(it[0::2], it[1::2]))

    @property
    def uci(self) -> list[str]:
        """The mainline's moves as replayed, in UCI (e2e4, e7e8q; Chess960 castling king takes rook)."""
        u = self._uci
        if u is None:
            s = self._f[2]
            u = self._uci = s.split(" ") if s else []
        return u

    @property
    def bridges(self) -> list[Bridge]:
        """Moves that would bridge a gap in the record (with ``read(..., bridge=N)``)."""
        b = self._bridges
        if b is None:
            b = []
            for raw in self._f[5].split("\x1d") if self._f[5] else []:
                p = raw.split("\x1f")
                b.append(Bridge(int(p[0]), int(p[1]), _SIDES.get(p[2], ""), int(p[3]), p[4] == "1",
                                _pairs(p[5])))
            self._bridges = b
        return b

    @property
    def findings(self) -> list[Finding]:
        """The game's findings, in the order hamle-validate lists them."""
        f = self._findings
        if f is None:
            s = self._f[4]
            idx = int(self._head()[0])
            br = self.bridges
            f = self._findings = [Finding(x, idx, self.source, br) for x in s.split("\x1d")] if s else []
        return f

    @property
    def moves(self) -> list[Move]:
        """The mainline as Move objects (SAN in the language of ``read(lang=...)``), variations under
        each move. Made when first asked for (the game is read again)."""
        m = self._moves
        if m is None:
            r = _Replayed(self)
            try:
                d = json.loads(r.write("json", self._lang))
                fan = json.loads(r.write("json", "fan"))
            finally:
                r.close()
            m = self._moves = _moves(d.get("moves", []), fan.get("moves", []))
        return m

    @property
    def variations(self) -> list[list[Move]]:
        """Every variation of the mainline, in order (each a list of Moves; nested ones under their moves)."""
        return [v for mv in self.moves for v in mv.variations]

    def to(self, form: str = "pgn", lang: str = "en", *, comments: bool = True, nags: bool = True,
           variations: bool = True) -> str:
        """The game written in one of hamle-convert's forms: "pgn", "fide", "san", "lan", "uci",
        "spoken", "fen", "epd", "json", with the moves in language `lang` ("en", "tr", "de",
        "fan" for figurines, ...)."""
        shape = (0 if comments else 0x1) | (0 if nags else 0x2) | (0 if variations else 0x4)
        r = _Replayed(self)
        try:
            return r.write(form, lang, shape=shape)
        finally:
            r.close()

    def __repr__(self) -> str:
        t = self.tags
        return f"<Game {self.source}#{self.index} {t.get('White', '?')} - {t.get('Black', '?')} {self.result}>"


def records(h: Handles, what: int, batch: int) -> Iterator[str]:
    """The records of h's games, a batch of C work at a time."""
    n = _lib.c_size_t()
    while True:
        rc = lib.hamle_writer_records(h.writer, h.reader, h.replay, byref(h.game), what, batch, byref(n))
        out = h.output()
        if out:
            yield from out.split("\x1c")[:-1]
        if rc < 0 or h.exc is not None:
            raise h.failure(rc)
        if rc == _lib.ITEROVER:
            return
