"""The game log: one SQLite file, one row per game, one row per event (``armada-gamelog/1``).

Each ``append`` is its own transaction in WAL mode with ``synchronous=FULL``, so a process
killed mid-game (or a power cut after the call returned) keeps every event appended before.
Events are stored as their JSON (``Event.to_json()``), with an optional Scene JSON and an
optional small JPEG snapshot of the table.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from armada_vision.errors import InputError

from ._sqlite import (
    _Checkpointer,
    _DbErrors,
    _json_text,
    _meta,
    _wal_mode,
    _write_failure,
    file_in_the_way,
)

LOG_FORMAT = "armada-gamelog/1"
#: an append has the WAL checkpointed into the log file itself (so the ``.sqlite`` alone, copied
#: during play or after a ``kill -9``, holds the game so far) after every game event (the
#: players' actions: at most a few a second) and otherwise when this long has passed since the
#: last checkpoint (scene changes, notes, checks looked at). The checkpoint runs on a thread of
#: its own (8-9 ms an append at load 11 on the appending thread, the window's: ``bench/gamelog.py``).
CHECKPOINT_INTERVAL_S = 10.0
#: event types that are not game events: checkpointed only by the interval
_NOT_GAME_EVENTS = frozenset({"scene-changed", "check-viewed", "note"})

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created_at REAL NOT NULL,
    title TEXT NOT NULL DEFAULT '',
    meta TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE IF NOT EXISTS events (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    t REAL NOT NULL,
    type TEXT NOT NULL,
    payload TEXT NOT NULL,
    scene TEXT,
    snapshot BLOB,
    PRIMARY KEY (game_id, seq)
);
"""


def default_log_path() -> Path:
    """``$XDG_DATA_HOME/armada-vision/games.sqlite``, by default
    ``~/.local/share/armada-vision/games.sqlite``."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(
        os.path.expanduser("~"), ".local", "share"
    )
    return Path(base) / "armada-vision" / "games.sqlite"


def _later_format(found: Any) -> bool:
    """Whether ``found`` is a later version of :data:`LOG_FORMAT` (``armada-gamelog/2``)."""
    name, _, version = LOG_FORMAT.rpartition("/")
    m = re.fullmatch(re.escape(name) + r"/([0-9]{1,6})", found) if isinstance(found, str) else None
    return bool(m) and int(m.group(1)) > int(version)


@dataclass(frozen=True)
class LoggedEvent:
    """One stored event: ``seq`` (1, 2, ... within its game), ``t`` (Unix seconds), ``data``
    (the event's JSON object), and whether a scene and a snapshot were stored with it.

    ``damaged``: why the stored payload cannot be read (not JSON, not an object), else
    ``None``; ``data`` is then only ``{"type": ...}`` from the row's type column, and every
    reader folds it as refused (``GameFold.add(..., damaged=...)``): the rest of the game
    replays."""

    game_id: int
    seq: int
    t: float
    type: str
    data: Mapping[str, Any]
    has_scene: bool
    has_snapshot: bool
    damaged: str | None = None

    def event(self):
        """The :class:`armada_vision.game.Event` (``InputError`` if it is not a game event)."""
        from armada_vision.game import event_from_json

        if self.damaged is not None:
            raise InputError(self.damaged)

        return event_from_json(self.data, source=f"game {self.game_id} event {self.seq}")


@dataclass(frozen=True)
class GameInfo:
    """One game of the log: id, creation time (Unix s), title, event count, last event time."""

    id: int
    created_at: float
    title: str
    meta: Mapping[str, Any]
    event_count: int
    last_t: float | None


class GameLog:
    """An SQLite game log at ``path`` (default :func:`default_log_path`).

    ``create=False`` refuses a missing file (for readers such as ``export``). A file that is
    not SQLite, or SQLite without our ``meta`` table, raises a one-line ``InputError``. Safe to
    share between threads (one connection behind a lock). Use as a context manager or
    ``close()`` it.
    """

    def __init__(self, path: str | os.PathLike | None = None, *, create: bool = True):
        self.path = Path(path) if path is not None else default_log_path()
        self._lock = threading.Lock()
        self.current_game: int | None = None
        self._pending_game: tuple[str, dict[str, Any]] | None = None
        self._create = create
        self._checkpoint_t: float | None = None  # monotonic s of the last checkpoint
        self._checkpointer: _Checkpointer | None = None  # started by the first append
        # whether the file is in WAL mode (header byte 18 is 2) with no -wal beside it: opening
        # it makes an empty one, so this is looked at first (see _wal_hint)
        self._wal_missing = _wal_mode(self.path) and not Path(f"{self.path}-wal").exists()
        if not self.path.exists():
            if not create:
                raise InputError("no such game log", source=str(self.path))
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                blocker = file_in_the_way(self.path)
                why = (f"{blocker} is a file, not a folder" if blocker is not None
                       else exc.strerror)
                raise InputError(
                    f"cannot create the game log's folder ({why})", source=str(self.path)
                ) from None
        elif self.path.is_dir():
            raise InputError("is a folder, not a game log", source=str(self.path))
        # A reader of a log on read-only media (a CD, a read-only share) cannot make SQLite's
        # WAL index beside it: it reads the file as immutable instead.
        self.read_only = not create and self.path.exists() and not (
            os.access(self.path, os.W_OK) and os.access(self.path.parent, os.W_OK))
        if self.read_only and Path(f"{self.path}-wal").exists():
            raise InputError("the game was not closed cleanly and its last events are in the "
                             "-wal file beside it, in a folder that cannot be written: copy "
                             "both files to a writable folder to read them", source=str(self.path))
        try:
            if self.read_only:
                uri = self.path.resolve().as_uri() + "?mode=ro&immutable=1"
                self._db = sqlite3.connect(uri, uri=True, isolation_level=None,
                                           check_same_thread=False, timeout=10.0)
            else:
                self._db = sqlite3.connect(
                    str(self.path), isolation_level=None, check_same_thread=False, timeout=10.0
                )
        except sqlite3.Error as exc:
            raise InputError(f"cannot open game log ({exc})", source=str(self.path)) from None
        try:
            self._open()
        except sqlite3.DatabaseError as exc:
            self._db.close()
            raise InputError(
                f"not a readable armada-vision game log ({exc}){self._wal_hint()}",
                source=str(self.path),
            ) from None
        except InputError:
            self._db.close()
            raise

    def _open(self) -> None:
        tables = {
            r[0] for r in self._db.execute("SELECT name FROM sqlite_master WHERE type='table'")
        }
        if tables and "meta" not in tables:
            raise InputError(
                f"an SQLite file but not an armada-vision game log (tables: {', '.join(sorted(tables))})",
                source=str(self.path),
            )
        if "meta" in tables:
            row = self._db.execute("SELECT value FROM meta WHERE key='format'").fetchone()
            if row is None or row[0] != LOG_FORMAT:
                found = row[0] if row else "none"
                if _later_format(found):
                    raise InputError(
                        f"written by a newer armada-vision (format {found}; this one reads "
                        f"{LOG_FORMAT}): update armada-vision to read it", source=str(self.path))
                raise InputError(
                    f"not an armada-vision game log (format {found}, expected {LOG_FORMAT})",
                    source=str(self.path),
                )
        if not tables and not self._create:
            # A reader (replay, export) must not turn an empty or wrong file into a log.
            raise InputError("an empty file, not an armada-vision game log" + self._wal_hint(),
                             source=str(self.path))
        if self.read_only:
            return
        if tables and self._create:
            self._check_writable()
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        if not tables:
            self._db.execute("BEGIN IMMEDIATE")
            for stmt in _SCHEMA.split(";"):
                if stmt.strip():
                    self._db.execute(stmt)
            self._db.execute("INSERT OR IGNORE INTO meta VALUES ('format', ?)", (LOG_FORMAT,))
            self._db.execute("COMMIT")

    def _check_writable(self) -> None:
        """Refuse, at once, a log to record in that can be read but not written (a read-only
        file, ``chattr +i``, a read-only folder): SQLite opens it read-only without a word and
        the first event failed. A write that is rolled back (nothing changes)."""
        try:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute("INSERT OR REPLACE INTO meta VALUES ('format', ?)", (LOG_FORMAT,))
            finally:
                self._rollback()
        except sqlite3.DatabaseError as exc:
            failure = _write_failure(exc)
            if failure is None or failure[0] == "io":
                raise
            why = ("the disk is full" if failure[0] == "full" else
                   "the file or its folder is read-only")
            raise InputError(f"the game log can be read but not written ({why}): record in "
                             "another file with --log FILE, or play without recording with "
                             "--no-log", source=str(self.path)) from None

    # -- writing ------------------------------------------------------------------------------
    def new_game(self, title: str = "", meta: Mapping[str, Any] | None = None) -> int:
        """Start a game row; it becomes :attr:`current_game`. Returns its id."""
        with self._lock, self._guard():
            cur = self._db.execute(
                "INSERT INTO games (created_at, title, meta) VALUES (?, ?, ?)",
                (time.time(), title, _json_text(dict(meta or {}), "game meta")),
            )
            game_id = int(cur.lastrowid or 0)
        self.current_game = game_id
        self._pending_game = None
        return game_id

    def game_on_first_event(self, title: str = "", meta: Mapping[str, Any] | None = None) -> None:
        """Start a game row (as :meth:`new_game`) only when the first event is appended, so a
        window that records nothing (its camera never came up, it was closed at once) leaves
        no empty game in the log. Until then :attr:`current_game` is ``None``."""
        _json_text(dict(meta or {}), "game meta")  # refuse bad meta now, not at the event
        self.current_game = None
        self._pending_game = (title, dict(meta or {}))

    def append(
        self,
        event_json: Any,
        snapshot_jpeg: bytes | None = None,
        scene_json: Any = None,
        *,
        game_id: int | None = None,
        t: float | None = None,
    ) -> int:
        """Store one event in its own committed transaction; returns its sequence number.

        ``event_json``: an ``Event``, its JSON object, or JSON text (must have a string
        ``type``). ``scene_json``: a ``Scene``, its JSON object or text. ``snapshot_jpeg``:
        JPEG bytes. Goes to ``game_id``, else :attr:`current_game`, else a new game.
        """
        if hasattr(event_json, "to_json"):
            event_json = event_json.to_json()
        payload = _json_text(event_json, "event")
        data = json.loads(payload)
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            raise InputError("an event is a JSON object with a string 'type'")
        scene_text = None
        if scene_json is not None:
            if not isinstance(scene_json, (Mapping, str, bytes)):
                from armada_vision.scene import scene_to_dict

                scene_json = scene_to_dict(scene_json)
            scene_text = _json_text(scene_json, "scene")
        if snapshot_jpeg is not None and not isinstance(
            snapshot_jpeg, (bytes, bytearray, memoryview)
        ):
            raise InputError(f"a snapshot is JPEG bytes, got {type(snapshot_jpeg).__name__}")
        if game_id is None:
            game_id = (self.current_game if self.current_game is not None
                       else self.new_game(*(self._pending_game or ("", None))))
        with self._lock, self._guard():
            self._db.execute("BEGIN IMMEDIATE")
            try:
                if (
                    self._db.execute("SELECT 1 FROM games WHERE id=?", (game_id,)).fetchone()
                    is None
                ):
                    raise InputError(f"no game {game_id} in this log", source=str(self.path))
                (seq,) = self._db.execute(
                    "SELECT COALESCE(MAX(seq), 0) + 1 FROM events WHERE game_id=?", (game_id,)
                ).fetchone()
                self._db.execute(
                    "INSERT INTO events (game_id, seq, t, type, payload, scene, snapshot) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (
                        game_id,
                        seq,
                        time.time() if t is None else float(t),
                        data["type"],
                        payload,
                        scene_text,
                        None if snapshot_jpeg is None else sqlite3.Binary(bytes(snapshot_jpeg)),
                    ),
                )
                self._db.execute("COMMIT")
            except BaseException:
                # SQLite may have rolled back itself (a full disk, SQLITE_FULL): a ROLLBACK then
                # fails with "no transaction is active" and hid the real error
                self._rollback()
                raise
            self._checkpoint_after(data["type"])
        return int(seq)

    def _checkpoint_after(self, kind: str) -> None:
        """Have the WAL copied into the log file after an append (see
        :data:`CHECKPOINT_INTERVAL_S`), on the checkpoint thread."""
        now = time.monotonic()
        if (kind in _NOT_GAME_EVENTS and self._checkpoint_t is not None
                and now - self._checkpoint_t < CHECKPOINT_INTERVAL_S):
            return
        self._checkpoint_t = now
        if self._checkpointer is None:
            self._checkpointer = _Checkpointer(self.path)
        self._checkpointer.request()

    def wait_checkpoint(self, timeout_s: float = 10.0) -> bool:
        """Wait until the checkpoints asked for so far are done (tests, benches). True when
        they are (or none was asked for)."""
        return self._checkpointer is None or self._checkpointer.wait(timeout_s)

    def _rollback(self) -> None:
        if self._db.in_transaction:
            try:
                self._db.execute("ROLLBACK")
            except sqlite3.Error:
                pass

    def attach_snapshot(self, a: int, b: int | None = None, *, snapshot_jpeg: bytes) -> bool:
        """Store ``snapshot_jpeg`` with an event stored without one (a photo taken after it,
        while nothing else was logged: the recorder's delayed table-change snapshot). Arguments
        as :meth:`scene_at`. Returns ``False`` (and stores nothing) when that event does not
        exist or already has a snapshot; its own committed transaction."""
        if not isinstance(snapshot_jpeg, (bytes, bytearray, memoryview)):
            raise InputError(f"a snapshot is JPEG bytes, got {type(snapshot_jpeg).__name__}")
        gid, seq = self._game_seq(a, b)
        with self._lock, self._guard():
            cur = self._db.execute(
                "UPDATE events SET snapshot=? WHERE game_id=? AND seq=? AND snapshot IS NULL",
                (sqlite3.Binary(bytes(snapshot_jpeg)), gid, seq),
            )
        return cur.rowcount == 1

    # -- reading ------------------------------------------------------------------------------
    def games(self) -> list[GameInfo]:
        """Every game in the log, oldest first."""
        with self._lock, self._guard():
            rows = self._db.execute(
                "SELECT g.id, g.created_at, g.title, g.meta, COUNT(e.seq), MAX(e.t) "
                "FROM games g LEFT JOIN events e ON e.game_id = g.id GROUP BY g.id ORDER BY g.id"
            ).fetchall()
        return [GameInfo(r[0], r[1], r[2], _meta(r[3]), r[4], r[5]) for r in rows]

    def latest_game(self) -> int | None:
        """Id of the most recently created game, or ``None`` for an empty log."""
        with self._lock, self._guard():
            row = self._db.execute("SELECT MAX(id) FROM games").fetchone()
        return None if row[0] is None else int(row[0])

    def _game(self, game_id: int | None) -> int:
        if game_id is None:
            game_id = self.current_game if self.current_game is not None else self.latest_game()
        if game_id is None:
            raise InputError("the game log holds no game" + self._wal_hint(),
                             source=str(self.path))
        return int(game_id)

    def _wal_hint(self) -> str:
        """For a log read without its events: while a game is recorded (and after a crash) its
        newest events are in ``NAME-wal`` beside the log, until the next checkpoint; a copy of
        the ``.sqlite`` alone lacks them. ``""`` unless the file is in WAL mode and had no
        ``-wal`` beside it when opened."""
        if not self._wal_missing:
            return ""
        return (f" (if it was copied from where a game was being recorded or crashed, its "
                f"events may be in the '{self.path.name}-wal' file beside the original: copy "
                "both)")

    def events(self, game_id: int | None = None) -> list[LoggedEvent]:
        """The events of ``game_id`` (default: the current, else the latest game), in order."""
        gid = self._game(game_id)
        with self._lock, self._guard():
            rows = self._db.execute(
                "SELECT seq, t, type, payload, scene IS NOT NULL, snapshot IS NOT NULL "
                "FROM events WHERE game_id=? ORDER BY seq",
                (gid,),
            ).fetchall()
        out = []
        for seq, t, kind, payload, has_scene, has_snap in rows:
            damaged = None
            try:
                data = json.loads(payload)
            except (json.JSONDecodeError, TypeError):
                data, damaged = None, "is not JSON"
            if damaged is None and not isinstance(data, dict):
                damaged = f"is not a JSON object (got {type(data).__name__})"
            if damaged is not None:  # skipped and marked by every reader; the rest replays
                data = {"type": str(kind)}
                damaged = f"game {gid} event {seq} is damaged: its payload {damaged}"
            out.append(LoggedEvent(gid, seq, t, kind, data, bool(has_scene), bool(has_snap),
                                   damaged))
        return out

    def _game_seq(self, a: int, b: int | None) -> tuple[int, int]:
        return (self._game(None), int(a)) if b is None else (int(a), int(b))

    def scene_at(self, a: int, b: int | None = None) -> dict[str, Any] | None:
        """The Scene JSON in effect at an event: the last one stored at or before it.

        ``scene_at(seq)`` reads the current (else latest) game; ``scene_at(game_id, seq)`` a
        given one. ``None`` when no scene was stored up to there. Parse it with
        ``armada_vision.scene.scene_from_dict``.
        """
        gid, seq = self._game_seq(a, b)
        with self._lock, self._guard():
            row = self._db.execute(
                "SELECT scene, seq FROM events WHERE game_id=? AND seq<=? AND scene IS NOT NULL "
                "ORDER BY seq DESC LIMIT 1",
                (gid, seq),
            ).fetchone()
        if row is None:
            return None
        try:
            scene = json.loads(row[0])
        except (json.JSONDecodeError, TypeError):
            scene = None
        if not isinstance(scene, dict):
            raise InputError(f"game {gid} event {row[1]}: the stored scene is not a JSON object",
                             source=str(self.path))
        return scene

    def snapshot(self, a: int, b: int | None = None, *, exact: bool = False) -> bytes | None:
        """The JPEG snapshot at an event: the last stored at or before it (``exact``: only one
        stored with that very event). Arguments as :meth:`scene_at`."""
        found = self.snapshot_with_seq(a, b, exact=exact)
        return None if found is None else found[1]

    def snapshot_with_seq(self, a: int, b: int | None = None, *,
                          exact: bool = False) -> tuple[int, bytes] | None:
        """:meth:`snapshot` with the ``seq`` of the event it was stored with (snapshots are
        rate-limited, so an event's picture may be an earlier event's), or ``None``."""
        gid, seq = self._game_seq(a, b)
        op = "=" if exact else "<="
        with self._lock, self._guard():
            row = self._db.execute(
                f"SELECT seq, snapshot FROM events WHERE game_id=? AND seq{op}? AND snapshot IS "
                "NOT NULL ORDER BY seq DESC LIMIT 1",
                (gid, seq),
            ).fetchone()
        return None if row is None else (int(row[0]), bytes(row[1]))

    def fold(self, game_id: int | None = None, upto_seq: int | None = None):
        """The game of the stored events (through ``upto_seq`` if given) as the replay window
        and the HTML export show it: a ``GameFold(strict=False)`` honouring the window's undo
        notes (``gamelog._fold``). An event the rules refuse now (a log written before the rule
        was checked) or a malformed one changes nothing and the game goes on; ``refused`` says
        which and why, ``warnings`` what an applied event cut short, both by the event's
        ``seq``. The strict check is where events are made: the window applies each through
        ``game.GameHistory`` before it is appended."""
        from ._fold import GameFold

        fold = GameFold(strict=False)
        for e in self.events(game_id):
            if upto_seq is None or e.seq <= upto_seq:
                fold.add(e.data, source=f"{self.path}: game {e.game_id} event {e.seq}",
                         key=e.seq, damaged=e.damaged)
        return fold

    def state(self, game_id: int | None = None, upto_seq: int | None = None):
        """The game state of the stored events (through ``upto_seq`` if given): ``fold(...)
        .state``, the state the replay window and the export show; ``fold()`` reports the
        events it did not apply. Raises ``InputError`` only for an unreadable log."""
        return self.fold(game_id, upto_seq).state

    # -- plumbing -----------------------------------------------------------------------------
    def _guard(self):
        return _DbErrors(self.path)

    def close(self) -> None:
        """Close the log. Its checkpoint thread's connection closes first: SQLite moves the
        WAL into the file and removes ``-wal`` and ``-shm`` when the last connection closes."""
        if self._checkpointer is not None:
            self._checkpointer.close()
        with self._lock:
            self._db.close()

    def __enter__(self) -> GameLog:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
