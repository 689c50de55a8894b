"""Locales (loaded once per process and shared: they are immutable), inputs and the C handles of one
reading (reader, replay, writer), freed together."""
from __future__ import annotations

import ctypes
import io
import os
import threading
from ctypes import byref, c_int, c_size_t, c_void_p
from typing import Any, BinaryIO, Union

from . import _lib
from ._lib import lib
from .errors import EncodingError, InputError, UsageError

Source = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview, BinaryIO, Any]

_locales: dict[str, int] = {}
_lock = threading.RLock()
_all: list[int] = []
_all_array: Any = None


def locale(tag: str) -> int:
    """The shipped locale tagged `tag` ("en", "tr", "de", "fan", ...), loaded once."""
    p = _locales.get(tag)
    if p is not None:
        return p
    with _lock:
        p = _locales.get(tag)
        if p is None:
            out = c_void_p()
            err = _lib.Error()
            if lib.hamle_locale_load_builtin(byref(out), tag.encode(), byref(err)) != 0:
                raise UsageError(f"unknown language {tag!r}: {_lib.text(err.message)}",
                                 token=tag, code="usage")
            p = _locales[tag] = out.value
        return p


def locale_tags() -> list[str]:
    """The tags of the shipped locales."""
    tags = []
    i = 0
    while True:
        t = lib.hamle_locale_builtin_tag(i)
        if not t:
            return tags
        tags.append(t.decode())
        i += 1


def all_locales() -> tuple[Any, int]:
    """Every shipped locale, as a C array (for detection and the typed scoresheets)."""
    global _all_array
    with _lock:
        if _all_array is None:
            ptrs = [locale(t) for t in locale_tags()]
            _all.extend(ptrs)
            _all_array = (c_void_p * len(ptrs))(*ptrs)
        return _all_array, len(_all)


def encoding_value(name: str | None) -> int:
    if name is None or name == "auto":
        return 0
    v = c_int()
    if lib.hamle_encoding_parse(byref(v), name.encode()) != 0:
        raise UsageError(f"unknown encoding {name!r} (auto, utf-8, cp1254, iso-8859-9, latin1, cp1252)",
                         token=name, code="usage")
    return v.value


SNIFF = 8192


def check_text(data: bytes, source: str) -> None:
    """Raises EncodingError at the first NUL byte of the input's first bytes: a binary file."""
    z = data.find(b"\0", 0, SNIFF)
    if z < 0:
        return
    line = data.count(b"\n", 0, z) + 1
    start = data.rfind(b"\n", 0, z) + 1
    column = len(data[start:z].decode("utf-8", "replace")) + 1
    raise EncodingError("the input is not text (a NUL byte; a binary file?)", source=source,
                        line=line, column=column, offset=z, token="\\0", code="encoding")


class Handles:
    """A reader over one input, with the replay and the writer of its games."""

    def __init__(self, source: Source, *, from_: str = "auto", lang: str = "en",
                 encoding: str | None = None, bridge: int | str = "gaps", strict: bool = False,
                 suggestions: bool = True, name: str | None = None) -> None:
        self.reader = c_void_p()
        self.replay = c_void_p()
        self.writer = c_void_p()
        self.game = c_void_p()
        self.file = None
        self._keep: list[Any] = []
        self.exc: BaseException | None = None
        cands, ncands = all_locales()
        messages = locale(lang)
        self.ropts = _lib.ReaderOptions(3, encoding_value(encoding), 0, 0, 0, 0, 0, 0, 0, None,
                                        messages, ctypes.cast(cands, c_void_p), ncands)
        popts = _lib.ReplayOptions(1, None if from_ in (None, "auto") else locale(from_),
                                   ctypes.cast(cands, c_void_p), ncands, messages,
                                   (0x1 if strict else 0) | (0 if suggestions else 0x4), 0, 0)
        wopts = _lib.WriterOptions(2, 4, None, 0, 0, None, 0)
        try:
            if lib.hamle_reader_new(byref(self.reader), byref(self.ropts)) != 0:
                raise MemoryError("hamle: cannot make a reader")
            if lib.hamle_replay_new(byref(self.replay), byref(popts)) != 0:
                raise MemoryError("hamle: cannot make a replay")
            if bridge == "gaps":
                lib.hamle_replay_set_bridge_gaps(self.replay, _lib.BRIDGE_GAP_PLIES, 0)
            elif isinstance(bridge, int) and not isinstance(bridge, bool) and 0 <= bridge <= 8:
                if bridge:
                    lib.hamle_replay_set_bridge(self.replay, bridge, 0)
            else:
                raise UsageError(f"bridge must be 'gaps' or 0 to 8, not {bridge!r}", token=str(bridge),
                                 code="usage")
            if lib.hamle_writer_new(byref(self.writer), byref(wopts)) != 0:
                raise MemoryError("hamle: cannot make a writer")
            self.source = self._set_input(source, name)
        except BaseException:
            self.close()
            raise

    def _set_input(self, source: Source, name: str | None) -> str:
        if isinstance(source, (bytes, bytearray, memoryview)):
            data = bytes(source)
            label = name or "<bytes>"
            check_text(data, label)
            self._keep.append(data)
            lib.hamle_reader_set_input_buffer(self.reader, data, len(data), label.encode())
            return label
        if isinstance(source, (str, os.PathLike)):
            path = os.fsencode(source)
            label = name or os.fsdecode(path)
            with open(path, "rb") as f:  # OSError as Python raises it for a path it cannot open
                check_text(f.read(SNIFF), label)
            fp = _lib.libc.fopen(path, b"rb")
            if not fp:
                e = ctypes.get_errno()
                raise InputError(f"cannot open: {os.strerror(e)}", source=label, code="io")
            self.file = fp
            lib.hamle_reader_set_input_file(self.reader, fp, label.encode())
            return label
        if hasattr(source, "read"):
            label = name or str(getattr(source, "name", "<file>"))
            if getattr(source, "closed", False):
                raise InputError("I/O operation on a closed file", source=label, code="io")
            first = [True]
            self.delivered = [0, 1]  # bytes and lines handed to the reader: where a failure is

            def fill(_payload: Any, buf: Any, size: int, got: Any) -> int:
                try:
                    data = source.read(size)
                    if isinstance(data, str):
                        data = data.encode("utf-8")
                    if first[0]:
                        first[0] = False
                        check_text(data, label)
                    n = len(data)
                    if n > size:
                        raise InputError("the file object returned more bytes than asked", source=label)
                    ctypes.memmove(buf, data, n)
                    self.delivered[0] += n
                    self.delivered[1] += data.count(b"\n")
                    got[0] = n
                    return 0
                except BaseException as e:  # handed back to the caller after the C call
                    self.exc = e
                    return -1

            cb = _lib.READ_FN(fill)
            self._keep.append(cb)
            lib.hamle_reader_set_input(self.reader, cb, None, label.encode())
            return label
        raise TypeError(f"hamle: cannot read a {type(source).__name__} (a path, bytes or a binary file)")

    def failure(self, rc: int) -> BaseException:
        """The exception for a failed reader call."""
        if self.exc is not None:
            e, self.exc = self.exc, None
            if isinstance(e, (InputError, KeyboardInterrupt, SystemExit)):
                return e
            offset, line = getattr(self, "delivered", (0, 0))
            msg = "I/O operation on a closed file" if isinstance(e, ValueError) and "closed file" in str(e) \
                else f"reading failed: {e}"
            wrapped = InputError(msg, source=self.source, line=line, offset=offset, code="io")
            wrapped.__cause__ = e
            return wrapped
        if rc == _lib.ENOMEM:
            return MemoryError("hamle: out of memory")
        err = lib.hamle_reader_error(self.reader)
        if err:
            e = err.contents
            return InputError(_lib.text(e.message) or "read error", source=self.source, line=e.line,
                              column=e.column, offset=e.offset, code=_lib.text(lib.hamle_status_id(rc)))
        return InputError("read error", source=self.source, code="io")

    def output(self) -> str:
        n = c_size_t()
        p = lib.hamle_writer_output(self.writer, byref(n))
        s = ctypes.string_at(p, n.value).decode("utf-8", "replace") if n.value else ""
        lib.hamle_writer_reset(self.writer)
        return s

    def close(self) -> None:
        lib.hamle_game_free(self.game)
        self.game = c_void_p()
        lib.hamle_writer_free(self.writer)
        self.writer = c_void_p()
        lib.hamle_replay_free(self.replay)
        self.replay = c_void_p()
        lib.hamle_reader_free(self.reader)
        self.reader = c_void_p()
        if self.file:
            _lib.libc.fclose(self.file)
            self.file = None
        self._keep.clear()

    def __del__(self) -> None:
        self.close()


def is_stream(x: Any) -> bool:
    return isinstance(x, io.IOBase) or hasattr(x, "read")
