"""hamle: chess notation for Python, over the hamle C library (libhamle.so.0).

    import hamle
    for game in hamle.read("games.pgn"):
        print(game.tags["White"], game.uci[:4], game.final_fen, game.findings)
    report = hamle.validate("games.pgn")
    for finding in report:
        print(finding)
    print(report.games, report.errors)

Every chess fact comes from the library: reading, replaying, writing, the positions' rules. The
C calls release the GIL, so threads reading different files run in parallel.
"""
from __future__ import annotations

from ctypes import byref, c_int, c_void_p
from typing import Any, Iterator, NamedTuple

from . import _lib
from ._context import Handles, Source, locale, locale_tags
from ._lib import lib
from .errors import (EncodingError, Error, FenError, GameError, InputError, MoveError,
                     UsageError)
from .game import FORMS, Bridge, Finding, Game, Move, Suggestion, _Replayed, records
from .position import Position, Winnable

__all__ = ["read", "validate", "annotate", "Validation", "Annotation", "Event", "Game", "Move",
           "Finding", "Suggestion", "Bridge", "Position", "Winnable", "Error", "InputError",
           "EncodingError", "GameError", "FenError", "MoveError", "UsageError", "FORMS",
           "languages", "library_version", "__version__"]

__version__ = "0.1.0"


def library_version() -> str:
    """The version of the libhamle loaded ("MAJOR.MINOR.PATCH")."""
    return _lib.text(lib.hamle_version())


def languages() -> list[str]:
    """The tags of the shipped languages ("de", "en", "fan", "tr", ...)."""
    return locale_tags()


def read(source: Source, from_: str = "auto", encoding: str | None = None, *, lang: str = "en",
         errors: str = "findings", bridge: int | str = "gaps", strict: bool = False, batch: int = 64,
         name: str | None = None) -> Iterator[Game]:
    """Yields the games of `source` (a path, bytes, or a binary or text file object), one at a time,
    in flat memory whatever the input's size.

    from_: the language of the moves ("auto": detected per game; "en", "tr", "de", ...).
    encoding: None or "auto" (UTF-8, else per game Windows-1254 or -1252), "utf-8", "cp1254",
    "iso-8859-9", "latin1", "cp1252". lang: the language of the findings' messages and of the
    Moves' SAN. errors: "findings" (a game's problems are its findings) or "raise" (the first
    game with an error finding raises GameError, at its position). bridge: moves the writer did
    not record (hamle/bridge.h): "gaps" (as the tools: up to 2 plies where the record shows a
    gap), N (up to N plies, 1 to 8, at any illegal move) or 0 (no search). strict: also
    missing check and capture marks. batch: games read by one C call. name: the input's name in
    the findings.

    Raises InputError (a closed file, a read failure), EncodingError (the input is not text: a
    NUL byte in its first 8 KiB), OSError (a path that cannot be opened), UsageError (an unknown
    language or encoding)."""
    if errors not in ("findings", "raise"):
        raise UsageError(f"errors must be 'findings' or 'raise', not {errors!r}", token=errors, code="usage")
    h = Handles(source, from_=from_, lang=lang, encoding=encoding, bridge=bridge, strict=strict, name=name)
    return _games(h, lang, bridge, strict, errors == "raise", batch)


def _games(h: Handles, lang: str, bridge: int | str, strict: bool, raising: bool, batch: int) -> Iterator[Game]:
    src = h.source
    what = _lib.RECORD_TAGS | _lib.RECORD_MOVES | _lib.RECORD_TEXT
    try:
        for rec in records(h, what, batch):
            g = Game(rec, src, lang, bridge, strict)
            if raising and not g.valid:
                first = next(f for f in g.findings if f.severity == "error")
                cls = EncodingError if first.code == "encoding" else GameError
                if cls is GameError:
                    raise GameError(first, src)
                raise EncodingError(first.message, source=src, line=first.line, column=first.column,
                                    offset=first.offset, token=first.token, code=first.code)
            yield g
    finally:
        h.close()


class Validation:
    """What ``hamle.validate`` found. Iterating yields the findings (Finding objects, each with its
    ``game`` number) as the input is read; the counts are complete once iteration ends (``run()``
    reads to the end and returns the Validation): ``games``, ``valid``, ``invalid`` (games with an
    error), ``with_warnings``, ``errors`` and ``warnings`` (findings), ``codes`` (findings by code)."""

    def __init__(self, h: Handles, batch: int, keep: bool) -> None:
        self._h: Handles | None = h
        self._batch = batch
        self.source = h.source
        self.games = self.invalid = self.with_warnings = self.errors = self.warnings = 0
        self.codes: dict[str, int] = {}
        self._iter = self._findings()
        self._done = False

    @property
    def valid(self) -> int:
        return self.games - self.invalid

    def _findings(self) -> Iterator[Finding]:
        h = self._h
        assert h is not None
        n = _lib.c_size_t()
        src = self.source
        try:
            while True:
                rc = lib.hamle_writer_verdicts(h.writer, h.reader, h.replay, byref(h.ropts),
                                               byref(h.game), self._batch, byref(n))
                self.games += n.value
                out = h.output()
                for rec in out.split("\x1c")[:-1] if out else ():
                    g = Game(rec, src)
                    e, w = g.errors, g.warnings
                    self.errors += e
                    self.warnings += w
                    self.invalid += e > 0
                    self.with_warnings += w > 0
                    for f in g.findings:
                        self.codes[f.code] = self.codes.get(f.code, 0) + 1
                        yield f
                if rc < 0 or h.exc is not None:
                    raise h.failure(rc)
                if rc == _lib.ITEROVER:
                    break
        finally:
            self._done = True
            self._h = None
            h.close()

    def __iter__(self) -> Iterator[Finding]:
        return self._iter

    def run(self) -> "Validation":
        """Reads the rest of the input (its findings counted, not kept) and returns self."""
        for _ in self._iter:
            pass
        return self

    def summary(self) -> dict[str, Any]:
        """The counts (after run()), as a dict: a small picklable value, e.g. for Dask."""
        self.run()
        return {"source": self.source, "games": self.games, "valid": self.valid, "invalid": self.invalid,
                "with_warnings": self.with_warnings, "errors": self.errors, "warnings": self.warnings,
                "codes": dict(self.codes)}

    def __repr__(self) -> str:
        state = "" if self._done else " (reading)"
        return f"<Validation {self.source}: {self.games} games, {self.invalid} with errors{state}>"


def validate(source: Source, from_: str = "auto", encoding: str | None = None, *, lang: str = "en",
             strict: bool = False, suggestions: bool = True, bridge: int | str = "gaps",
             batch: int = 1024, name: str | None = None) -> Validation:
    """Checks every game of `source` as ``hamle-validate`` does (plain clean games on the library's
    quick lane, never turned into Python objects) and returns a Validation: iterate it for the
    findings, or call ``run()`` / ``summary()`` for the counts. Arguments and exceptions as read()."""
    h = Handles(source, from_=from_, lang=lang, encoding=encoding, strict=strict,
                suggestions=suggestions, bridge=bridge, name=name)
    return Validation(h, batch, True)


class Event(NamedTuple):
    """What the Laws of Chess say about a game at one ply (hamle/annotate.h): ``code``
    ("checkmate", "threefold-repetition", "fifty-move-rule", "result-mismatch", ...),
    ``severity`` ("warning" or "note"), ``ply``, ``move_number``, ``side``, ``line``,
    ``column``, ``fen`` after the ply, ``claim`` ("board", "by-move" or ""), ``automatic``,
    ``count``, ``plies`` of earlier occurrences, ``move`` to write first for a claim by move,
    ``result`` written and ``board`` result, ``message``."""
    code: str
    severity: str
    ply: int
    move_number: int
    side: str | None
    line: int
    column: int
    fen: str
    claim: str
    automatic: bool
    count: int
    plies: list[int]
    move: str
    result: str
    board: str
    message: str


class Annotation(NamedTuple):
    """``events`` (Event), ``board_result`` (what the board decides, "" when nothing), the
    ``written_result`` and the game written as ``pgn`` with the comments and tags for the events."""
    events: list[Event]
    board_result: str
    written_result: str
    pgn: str


_ANNOTATE = {"end": 0x1, "claims": 0x2, "claim_moves": 0x4, "automatic": 0x8, "flag": 0x10,
             "result": 0x20, "fix_result": 0x40, "plycount": 0x80, "fen": 0x100, "fen_end": 0x200,
             "zobrist": 0x400, "emt": 0x800, "clocks": 0x1000, "marks": 0x4000}
_DEFAULT = ("end", "claims", "claim_moves", "automatic", "flag", "result", "clocks", "marks")


def annotate(game: Game, what: tuple[str, ...] | list[str] = _DEFAULT, lang: str = "en",
             form: str = "pgn") -> Annotation:
    """What the Laws of Chess (at the game's Date) say about `game`: checkmate, stalemate, dead
    position, threefold and fivefold repetition, the 50- and 75-move rules, flag fall (6.9),
    results that contradict the board, clocks running backwards. `what` picks them (names:
    end, claims, claim_moves, automatic, flag, result, fix_result, plycount, fen, fen_end,
    zobrist, emt, clocks, marks); `lang` the comments' language; `form` "pgn", "fide" or "json"."""
    flags = 0
    for w in what:
        if w not in _ANNOTATE:
            raise UsageError(f"unknown annotation {w!r} ({', '.join(_ANNOTATE)})", token=w, code="usage")
        flags |= _ANNOTATE[w]
    loc = locale(lang)
    opts = _lib.AnnotateOptions(1, flags, loc, loc, None, 0)
    a = c_void_p()
    if lib.hamle_annotator_new(byref(a), byref(opts)) != 0:
        raise UsageError("cannot make an annotator", code="usage")
    r = _Replayed(game)
    try:
        if lib.hamle_annotate_game(a, r.h.game, r.h.replay) != 0:
            raise MemoryError("hamle: out of memory")
        events = []
        claims = {0: "", 1: "board", 2: "by-move"}
        res = lambda v: _lib.text(lib.hamle_result_string(v))  # noqa: E731
        for i in range(lib.hamle_annotate_event_count(a)):
            e = lib.hamle_annotate_event(a, i).contents
            events.append(Event(_lib.text(e.code), "warning" if e.severity == 1 else "note", e.ply,
                                e.move_number, {0: "white", 1: "black"}.get(e.side), e.line, e.column,
                                _lib.text(e.fen), claims.get(e.claim, ""), bool(e.automatic), e.count,
                                list(e.plies[:e.nplies]), _lib.text(e.move), res(e.result), res(e.board),
                                _lib.text(e.message)))
        written = c_int()
        board = lib.hamle_annotate_result(a, byref(written))
        text = r.write(form, lang, annotator=a)
        return Annotation(events, res(board), res(written.value), text)
    finally:
        r.close()
        lib.hamle_annotator_free(a)
