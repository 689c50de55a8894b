"""The binding to libhamle.so.0 (ctypes): finding the library, the C types and prototypes.

Only what the package uses is declared. Every call goes through ctypes.CDLL, which releases the
GIL for the time of the foreign call, so threads reading different inputs run in parallel.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import os
import pathlib

from ctypes import (POINTER, Structure, c_char, c_char_p, c_int, c_size_t, c_uint, c_uint16,
                    c_uint64, c_ulong, c_void_p)

SONAME = "libhamle.so.0"

OK = 0
ITEROVER = 1
ENOMEM = -2
EIO = -3
EBADFEN = -5
EUSAGE = -8
ESYNTAX = -10
EILLEGAL = -11
EAMBIGUOUS = -12

RECORD_TAGS = 0x1
RECORD_MOVES = 0x2
RECORD_TEXT = 0x4

BRIDGE_GAP_PLIES = 2  # HAMLE_BRIDGE_GAP_PLIES: the tools' search where the record shows a gap


def _candidates() -> list[str]:
    """Where the library is looked for, in order: $HAMLE_LIBRARY, a build directory of the
    checkout this package sits in (build/lib/, else the newest other build*/lib/ that is not a
    sanitizer's or fuzzer's), then the system's loader path."""
    found = []
    env = os.environ.get("HAMLE_LIBRARY")
    if env:
        found.append(env)
    here = pathlib.Path(__file__).resolve().parent
    for root in (here.parent.parent, here.parent):
        if (root / "lib" / "include" / "hamle").is_dir():
            # build/ first, then the newest other build; never a sanitized or fuzzing one (a
            # process that did not start with the sanitizer's runtime aborts loading it)
            builds = [p for p in root.glob("build*/lib/" + SONAME)
                      if not any(k in p.parent.parent.name for k in ("san", "fuzz"))]
            builds.sort(key=lambda p: (p.parent.parent.name != "build", -p.stat().st_mtime))
            found.extend(str(p) for p in builds)
    name = ctypes.util.find_library("hamle")
    if name:
        found.append(name)
    found.append(SONAME)
    return found


def _load() -> ctypes.CDLL:
    errors = []
    for path in _candidates():
        try:
            found = ctypes.CDLL(path)
            if not hasattr(found, "hamle_writer_verdicts"):  # a build older than the package
                errors.append(f"{path}: too old (no hamle_writer_verdicts)")
                continue
            return found
        except OSError as e:
            errors.append(f"{path}: {e}")
            if path == os.environ.get("HAMLE_LIBRARY"):
                break
    raise ImportError("hamle: cannot load " + SONAME + " (set HAMLE_LIBRARY to its path, or install "
                      "libhamle0): " + "; ".join(errors))


class Error(Structure):
    _fields_ = [("code", c_int), ("source", c_char_p), ("game", c_size_t), ("line", c_size_t),
                ("column", c_size_t), ("offset", c_size_t), ("ply", c_uint),
                ("token", c_char * 48), ("message", c_char * 256)]


class ReaderOptions(Structure):
    _fields_ = [("version", c_uint), ("encoding", c_int), ("flags", c_uint),
                ("max_game_bytes", c_size_t), ("max_comment_bytes", c_size_t),
                ("max_tag_bytes", c_size_t), ("max_depth", c_size_t), ("max_tokens", c_size_t),
                ("max_findings", c_size_t), ("repair", c_void_p), ("messages", c_void_p),
                ("sheet_locales", c_void_p), ("n_sheet_locales", c_size_t)]


class ReplayOptions(Structure):
    _fields_ = [("version", c_uint), ("from_", c_void_p), ("candidates", c_void_p),
                ("n_candidates", c_size_t), ("messages", c_void_p), ("flags", c_uint),
                ("max_suggestions", c_uint), ("mate_budget", c_ulong)]


class WriterOptions(Structure):
    _fields_ = [("version", c_uint), ("format", c_int), ("locale", c_void_p),
                ("line_width", c_uint), ("shape", c_uint), ("tag_order", c_void_p),
                ("n_tag_order", c_size_t)]


class AnnotateOptions(Structure):
    _fields_ = [("version", c_uint), ("flags", c_uint), ("locale", c_void_p),
                ("messages", c_void_p), ("eco", c_void_p), ("mate_budget", c_ulong)]


class AnnotEvent(Structure):  # hamle_annot_event (hamle/annotate.h): keep in step with it
    _fields_ = [("code", c_char_p), ("severity", c_int), ("ply", c_uint), ("move_number", c_uint),
                ("side", c_int), ("token", c_size_t), ("line", c_size_t), ("column", c_size_t),
                ("fen", c_char * 128), ("claim", c_int), ("automatic", c_int), ("count", c_uint),
                ("plies", c_uint * 5), ("nplies", c_uint), ("plies_number", c_uint * 5),
                ("plies_side", c_int * 5), ("plies_move", (c_char * 64) * 5), ("move", c_char * 64),
                ("result", c_int), ("board", c_int), ("message", c_char * 256)]


class UnwinResult(Structure):
    _fields_ = [("verdict", c_int), ("reason", c_int), ("nodes", c_ulong), ("line_len", c_int),
                ("line", c_uint16 * 128)]


Moves = c_uint16 * 256

lib = _load()
libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
libc.fopen.argtypes = [c_char_p, c_char_p]
libc.fopen.restype = c_void_p
libc.fclose.argtypes = [c_void_p]
libc.fclose.restype = c_int

READ_FN = ctypes.CFUNCTYPE(c_int, c_void_p, POINTER(ctypes.c_ubyte), c_size_t, POINTER(c_size_t))

_P = c_void_p
_PP = POINTER(c_void_p)
_protos = {
    "hamle_version": (c_char_p, []),
    "hamle_status_id": (c_char_p, [c_int]),
    "hamle_locale_load_builtin": (c_int, [_PP, c_char_p, POINTER(Error)]),
    "hamle_locale_load_file": (c_int, [_PP, c_char_p, POINTER(Error)]),
    "hamle_locale_free": (None, [_P]),
    "hamle_locale_tag": (c_char_p, [_P]),
    "hamle_locale_builtin_tag": (c_char_p, [c_size_t]),
    "hamle_encoding_parse": (c_int, [POINTER(c_int), c_char_p]),
    "hamle_reader_new": (c_int, [_PP, POINTER(ReaderOptions)]),
    "hamle_reader_free": (None, [_P]),
    "hamle_reader_set_input_file": (c_int, [_P, _P, c_char_p]),
    "hamle_reader_set_input_buffer": (c_int, [_P, c_char_p, c_size_t, c_char_p]),
    "hamle_reader_set_input": (c_int, [_P, READ_FN, _P, c_char_p]),
    "hamle_reader_next_reuse": (c_int, [_P, _PP]),
    "hamle_reader_error": (POINTER(Error), [_P]),
    "hamle_game_free": (None, [_P]),
    "hamle_replay_new": (c_int, [_PP, POINTER(ReplayOptions)]),
    "hamle_replay_free": (None, [_P]),
    "hamle_replay_run": (c_int, [_P, _P]),
    "hamle_replay_set_bridge": (None, [_P, c_uint, c_ulong]),
    "hamle_replay_set_bridge_gaps": (None, [_P, c_uint, c_ulong]),
    "hamle_writer_new": (c_int, [_PP, POINTER(WriterOptions)]),
    "hamle_writer_free": (None, [_P]),
    "hamle_writer_game": (c_int, [_P, _P, _P]),
    "hamle_writer_passthrough": (c_int, [_P, _P, _P]),
    "hamle_writer_output": (_P, [_P, POINTER(c_size_t)]),
    "hamle_writer_reset": (None, [_P]),
    "hamle_writer_record": (c_int, [_P, _P, _P, c_uint]),
    "hamle_writer_records": (c_int, [_P, _P, _P, _PP, c_uint, c_size_t, POINTER(c_size_t)]),
    "hamle_writer_verdicts": (c_int, [_P, _P, _P, POINTER(ReaderOptions), _PP, c_size_t,
                                      POINTER(c_size_t)]),
    "hamle_write_format_parse": (c_int, [c_char_p]),
    "hamle_writer_annotate": (None, [_P, _P]),
    "hamle_annotator_new": (c_int, [_PP, POINTER(AnnotateOptions)]),
    "hamle_annotator_free": (None, [_P]),
    "hamle_annotate_game": (c_int, [_P, _P, _P]),
    "hamle_annotate_event_count": (c_size_t, [_P]),
    "hamle_annotate_event": (POINTER(AnnotEvent), [_P, c_size_t]),
    "hamle_annotate_result": (c_int, [_P, POINTER(c_int)]),
    "hamle_result_string": (c_char_p, [c_int]),
    "hamle_position_new": (c_int, [_PP, c_char_p, POINTER(Error)]),
    "hamle_position_copy": (c_int, [_PP, _P]),
    "hamle_position_free": (None, [_P]),
    "hamle_position_fen": (c_int, [c_char_p, c_size_t, _P, c_int]),
    "hamle_position_side": (c_int, [_P]),
    "hamle_position_fullmove": (c_int, [_P]),
    "hamle_position_in_check": (c_int, [_P]),
    "hamle_position_is_chess960": (c_int, [_P]),
    "hamle_position_hash": (c_uint64, [_P]),
    "hamle_position_legal_moves": (c_int, [_P, POINTER(c_uint16)]),
    "hamle_position_play": (None, [_P, c_uint16]),
    "hamle_position_state": (c_int, [_P]),
    "hamle_state_id": (c_char_p, [c_int]),
    "hamle_move_uci": (c_int, [c_char_p, c_size_t, _P, c_uint16]),
    "hamle_san_parse": (c_int, [POINTER(c_uint16), _P, _P, c_char_p, c_size_t, _P, POINTER(Error)]),
    "hamle_san_format": (c_int, [c_char_p, c_size_t, _P, _P, c_uint16, c_int]),
    "hamle_san_form_parse": (c_int, [c_char_p]),
    "hamle_unwinnable_analyze": (c_int, [POINTER(UnwinResult), _P, c_int, c_ulong]),
    "hamle_unwin_verdict_id": (c_char_p, [c_int]),
    "hamle_unwin_reason_id": (c_char_p, [c_int]),
    "hamle_unwin_line_uci": (c_int, [c_char_p, c_size_t, _P, POINTER(UnwinResult)]),
}
for _name, (_res, _args) in _protos.items():
    _f = getattr(lib, _name)
    _f.restype = _res
    _f.argtypes = _args


def text(p: bytes | None) -> str:
    """A C string as str ("" for NULL)."""
    return p.decode("utf-8", "replace") if p else ""
