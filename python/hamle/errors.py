"""The exceptions of the hamle package. Every one is a hamle.Error and carries where the problem is:
``source`` (the input's name), ``line`` and ``column`` (1-based; 0 when not applicable), ``offset``
(bytes) and ``token`` (the text at fault, "" when none)."""
from __future__ import annotations


class Error(Exception):
    """Base class of the package's exceptions."""

    def __init__(self, message: str, *, source: str = "", line: int = 0, column: int = 0,
                 offset: int = 0, token: str = "", code: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.source = source
        self.line = line
        self.column = column
        self.offset = offset
        self.token = token
        self.code = code

    def __str__(self) -> str:
        where = ""
        if self.source or self.line:
            where = f"{self.source or '<input>'}:{self.line}:{self.column}: "
        return where + self.message


class InputError(Error, ValueError):
    """The input cannot be read: a closed file, a file object that fails, an I/O error, a path that
    names no readable file (also an OSError's errno in ``errno`` when there was one)."""

    errno: int | None = None


class EncodingError(InputError):
    """The bytes are not text (a NUL byte: a binary file), or a game's bytes could not be decoded
    under ``errors="raise"``."""


class GameError(Error, ValueError):
    """A game has an error finding and ``errors="raise"`` was asked for. ``finding`` is it; the
    position attributes are its."""

    def __init__(self, finding, source: str = "") -> None:  # type: ignore[no-untyped-def]
        super().__init__(f"{finding.code}: {finding.message}", source=source, line=finding.line,
                         column=finding.column, offset=finding.offset, token=finding.token,
                         code=finding.code)
        self.finding = finding


class FenError(Error, ValueError):
    """A FEN that does not parse, or an impossible position (``column``: where in the FEN, when known)."""


class MoveError(Error, ValueError):
    """A move that cannot be played: ``code`` is "syntax" (not a move), "illegal-move" (no legal move
    fits) or "ambiguous-move" (several do)."""


class UsageError(Error, ValueError):
    """An argument the library refuses: an unknown language, encoding, output form or option."""
