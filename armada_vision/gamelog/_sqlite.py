"""The game log's SQLite plumbing: errors named for the user, the checkpoint thread, the WAL.

Kept apart from ``_log.py`` (the log's reading and writing) to keep both short.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from pathlib import Path
from typing import Any

from armada_vision.errors import InputError


def file_in_the_way(path: str | os.PathLike) -> Path | None:
    """The nearest existing ancestor folder of ``path`` when it is not a folder (a regular
    file where ``path`` needs a folder: ``mkdir`` then says only "File exists" or "Not a
    directory"); ``None`` when the nearest existing ancestor is a folder."""
    for parent in Path(path).expanduser().absolute().parents:
        try:
            if parent.exists():
                return None if parent.is_dir() else parent
        except OSError:
            return None
    return None


def _json_text(value: Any, what: str) -> str:
    if isinstance(value, (bytes, str)):
        try:
            value = json.loads(value)
        except json.JSONDecodeError as exc:
            raise InputError(f"{what} is not JSON ({exc.msg})") from None
    try:
        return json.dumps(value, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise InputError(f"{what} cannot be stored as JSON ({exc})") from None


def _meta(text: Any) -> dict[str, Any]:
    """A game's ``meta`` column as a dict; damaged (not a JSON object) reads as ``{}``: it only
    describes the game, and its events stay readable."""
    try:
        value = json.loads(text or "{}")
    except (json.JSONDecodeError, TypeError):
        return {}
    return value if isinstance(value, dict) else {}


def _wal_mode(path: Path) -> bool:
    """Whether ``path`` is an SQLite file in WAL mode (its header's write version, byte 18, is
    2); False for a missing, short or other file."""
    try:
        with open(path, "rb") as f:
            head = f.read(20)
    except OSError:
        return False
    return len(head) == 20 and head.startswith(b"SQLite format 3\x00") and head[18] == 2


class _Checkpointer:
    """Runs ``PRAGMA wal_checkpoint(PASSIVE)`` on a thread and a connection of its own when
    asked (:meth:`request`): copies the committed WAL frames into the log file without stalling
    the appending thread, and never waits for a reader. The thread lives only while there is a
    checkpoint to do (a log left open, as tests leave them, keeps no thread). A checkpoint that
    fails (a full disk: the next append says so) is tried again at the next request."""

    def __init__(self, path: Path):
        self.path = path
        self._cond = threading.Condition()
        self._asked = self._done = 0
        self._running = False

    def request(self) -> None:
        with self._cond:
            self._asked += 1
            if not self._running:
                self._running = True
                threading.Thread(target=self._run, name="gamelog-checkpoint",
                                 daemon=True).start()

    def wait(self, timeout_s: float) -> bool:
        """Wait until the checkpoints asked for so far are done; False on timeout."""
        with self._cond:
            target = self._asked
            return self._cond.wait_for(lambda: self._done >= target, timeout_s)

    def _run(self) -> None:
        db = None
        try:
            while True:
                with self._cond:
                    if self._done >= self._asked:
                        break
                    target = self._asked
                try:
                    if db is None:
                        db = sqlite3.connect(str(self.path), isolation_level=None,
                                             check_same_thread=False, timeout=10.0)
                    db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
                except sqlite3.Error:
                    pass
                with self._cond:
                    self._done = target
                    self._cond.notify_all()
        finally:
            if db is not None:
                db.close()  # before the thread counts as gone: close() waits for this
            with self._cond:
                if self._asked > self._done:  # asked while closing: go on in a new thread
                    threading.Thread(target=self._run, name="gamelog-checkpoint",
                                     daemon=True).start()
                else:
                    self._running = False
                self._cond.notify_all()

    def close(self) -> None:
        """Wait for the checkpoint in progress (its connection closes before the log's)."""
        self.wait(30.0)
        with self._cond:
            self._cond.wait_for(lambda: not self._running, 30.0)


class LogWriteError(InputError):
    """The game log cannot be written: the disk is full (``why == "full"``, SQLite's
    SQLITE_FULL "database or disk is full"), the file or its folder is read-only
    (``"readonly"``) or the disk failed (``"io"``). The file is not damaged: every event
    appended before is in it."""

    def __init__(self, message: str, *, why: str, source: str | None = None):
        super().__init__(message, source=source)
        self.why = why


def _write_failure(exc: sqlite3.DatabaseError) -> tuple[str, str] | None:
    """(why, message) when ``exc`` says the log cannot be written rather than is damaged."""
    code = getattr(exc, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    if primary == sqlite3.SQLITE_FULL or "database or disk is full" in str(exc):
        return "full", "the disk is full"
    if primary == sqlite3.SQLITE_READONLY:
        return "readonly", "the game log cannot be written (read-only)"
    if primary == sqlite3.SQLITE_IOERR:
        return "io", f"the game log cannot be written ({exc})"
    return None


class _DbErrors:
    """Turn SQLite errors into one-line InputErrors naming the file: a file that cannot be
    written (a full disk, read-only) as :class:`LogWriteError`, others as a damaged log."""

    def __init__(self, path: Path):
        self.path = path

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind, exc, tb) -> None:
        if exc is not None and isinstance(exc, sqlite3.DatabaseError):
            failure = _write_failure(exc)
            if failure is not None:
                raise LogWriteError(failure[1], why=failure[0], source=str(self.path)) from None
            raise InputError(f"damaged game log ({exc})", source=str(self.path)) from None
