"""Feeds the game log: every event, the scene at that moment, and small JPEG snapshots (no Qt).

``Recorder(log)`` is the ``record`` callback of :class:`~armada_vision.ui.session.Session`. The
log is ``armada_vision.gamelog.GameLog`` (the state part); each ``append`` is its own SQLite
transaction, so a crash keeps every earlier event. Detected scene changes are logged when a
piece appears, disappears, or moves more than ``MOVE_MM`` / turns more than ``TURN_DEG``, once
the table has settled (``SETTLE_UPDATES`` scenes in a row without such a change): a ship carried
along its maneuver tool is logged where it is put down, not at every frame of the way. The
tracker's ``moved`` events are held the same way, one per piece from where it was picked up to
where it settled (:meth:`Recorder.track_event`).

Snapshots: at each activation and game start, at the first event with a frame (the start of a
recording: the calibration note of the first calibrated frame), and on detected table changes
at most once per ``SNAPSHOT_INTERVAL_S``, so a replay or export of a run where no game was
started still has a picture near every event. A table change inside that limit gets its photo
late: the first settled scene update after the limit ends (or settling, when the source ends or
the window closes) photographs the table and stores the picture with the last such change
(``GameLog.attach_snapshot``), so a replay does not end on a picture older than the table.
"""

from __future__ import annotations

import json
import math
import sys
import time
from collections.abc import Callable
from typing import Any

import cv2
import numpy as np

from armada_vision.errors import InputError
from armada_vision.scene import Scene, scene_to_dict

SNAPSHOT_EVENTS = ("ship-activated", "squadrons-activated", "game-started")
SNAPSHOT_WIDTH_PX = 640
SNAPSHOT_INTERVAL_S = 5.0  # at most one table-change snapshot per 5 s; 25-65 kB on 640x480 photos
MOVE_MM = 10.0
TURN_DEG = 5.0
SETTLE_UPDATES = 3


def jpeg_snapshot(image_bgr: np.ndarray | None, width_px: int = SNAPSHOT_WIDTH_PX,
                  quality: int = 80) -> bytes | None:
    """A small JPEG of the frame (``width_px`` wide), or ``None`` without a frame."""
    if image_bgr is None:
        return None
    h, w = image_bgr.shape[:2]
    if w > width_px:
        image_bgr = cv2.resize(image_bgr, (width_px, round(h * width_px / w)),
                               interpolation=cv2.INTER_AREA)
    ok, buf = cv2.imencode(".jpg", image_bgr, [cv2.IMWRITE_JPEG_QUALITY, quality])
    return buf.tobytes() if ok else None


def _poses(scene: Scene) -> dict[str, tuple[float, float, float]]:
    out = {s.id: (s.x_mm, s.y_mm, s.heading_deg) for s in scene.ships}
    out.update({q.id: (q.x_mm, q.y_mm, 0.0) for q in scene.squadrons})
    out.update({o.id: (o.x_mm, o.y_mm, o.heading_deg) for o in scene.obstacles})
    return out


def scene_changed(old: Scene | None, new: Scene) -> bool:
    """True when a piece appeared, vanished, moved > MOVE_MM or turned > TURN_DEG."""
    if old is None:
        return True
    a, b = _poses(old), _poses(new)
    if set(a) != set(b):
        return True
    for pid, (x, y, h) in b.items():
        x0, y0, h0 = a[pid]
        turn = abs((h - h0 + 180.0) % 360.0 - 180.0)
        if math.hypot(x - x0, y - y0) > MOVE_MM or turn > TURN_DEG:
            return True
    # class or player assignments
    return [(s.id, s.ship_class, s.player) for s in old.ships] != [
        (s.id, s.ship_class, s.player) for s in new.ships]


class Recorder:
    """Callable taking an event JSON dict; appends it to ``log`` with the current scene.

    ``frame`` returns the newest BGR frame (for snapshots), ``scene`` the current Scene.
    ``log`` may be ``None`` (nothing is stored; events are still counted in ``count``).
    ``clock`` gives seconds (monotonic) for the table-change snapshots' rate limit.

    A log that cannot be written (a full disk: ``gamelog.LogWriteError``; any ``InputError``
    of the log) stops the recording, not the game: the error is kept in :attr:`stopped`,
    printed on the terminal once, and handed to ``on_stop`` (the window shows it); later
    events are counted, not stored. Every event appended before stays in the log.
    """

    def __init__(self, log: Any, frame: Callable[[], np.ndarray | None],
                 scene: Callable[[], Scene | None],
                 clock: Callable[[], float] = time.monotonic):
        self.log, self.frame, self.scene, self.clock = log, frame, scene, clock
        self.count = 0
        self._snapshot_t: float | None = None  # when the last snapshot was stored
        self._logged_scene: Scene | None = None
        self._settling: Scene | None = None  # the scene held since ``_held`` updates
        self._held = 0
        self._moves: dict[str, dict[str, Any]] = {}  # piece id -> its move so far (unlogged)
        # (game id, seq) of the last table change logged without its photo (rate limit)
        self._unphotographed: tuple[int, int] | None = None
        self.stopped: InputError | None = None  # why recording stopped (the log failed)
        self.stored = 0  # events appended to the log
        self.on_stop: Callable[[InputError], None] | None = None
        # how the table's pieces came: "detected" by the camera, or "loaded" from a scene
        # file (`run --scene`: its log said "40 pieces detected" of pieces nobody detected)
        self.table_change = "detected"

    def _stop(self, exc: InputError) -> None:
        """Stop recording after the log refused a write (once)."""
        if self.stopped is not None:
            return
        self.stopped = exc
        how = (" To record the rest, free space and start again with a new --log FILE."
               if getattr(exc, "why", "") == "full" else
               " To record the rest, start again with a new --log FILE.")
        print(f"armada-vision: error: recording stopped: {exc}; the game goes on unrecorded "
              f"(the {self.stored} events before are in the log).{how}", file=sys.stderr)
        if self.on_stop is not None:
            self.on_stop(exc)

    def __call__(self, event: dict[str, Any]) -> None:
        self.count += 1
        if self.log is None or self.stopped is not None:
            return
        scene = self.scene()
        snap = jpeg_snapshot(self.frame()) if self._wants_snapshot(event) else None
        if snap is not None:
            self._snapshot_t = self.clock()
        scene_json = json.dumps(scene_to_dict(scene)) if scene is not None else None
        try:
            seq = self.log.append(event, snapshot_jpeg=snap, scene_json=scene_json)
        except InputError as exc:  # a full disk: stop recording, go on playing
            self._stop(exc)
            return
        self.stored += 1
        if scene is not None:
            self._logged_scene = scene
        game = getattr(self.log, "current_game", None)
        if snap is not None:
            self._unphotographed = None
        elif event.get("type") == "scene-changed" and seq is not None and game is not None:
            self._unphotographed = (game, seq)

    def _wants_snapshot(self, event: dict[str, Any]) -> bool:
        kind = event.get("type")
        if kind in SNAPSHOT_EVENTS or self._snapshot_t is None:
            return True
        return kind == "scene-changed" and self.clock() - self._snapshot_t >= SNAPSHOT_INTERVAL_S

    def photograph_late_change(self, *, now: bool = False) -> bool:
        """Store the delayed photo of the last table change logged without one, once
        ``SNAPSHOT_INTERVAL_S`` has passed since the last snapshot (``now``: at once) and the
        table shows the logged scene (no piece moved since). True when a photo was stored."""
        if self._unphotographed is None or self.log is None or self.stopped is not None:
            return False
        if not now and self.clock() - (self._snapshot_t or 0.0) < SNAPSHOT_INTERVAL_S:
            return False
        scene = self.scene()
        if scene is not None and scene_changed(self._logged_scene, scene):
            return False  # the next change is logged (and photographed) when it settles
        snap = jpeg_snapshot(self.frame())
        if snap is None:
            return False
        game, seq = self._unphotographed
        self._unphotographed = None
        self._snapshot_t = self.clock()
        try:
            return bool(self.log.attach_snapshot(game, seq, snapshot_jpeg=snap))
        except InputError as exc:
            self._stop(exc)
            return False

    def track_event(self, event: dict[str, Any]) -> None:
        """Log a tracker event (``{"type": "scene-changed", "payload": {"kind": ...}}``). A
        ``moved`` one is held until the table settles, merged with the piece's earlier moves
        (first ``from_mm``, last pose and ``t_s``); any other is logged at once, after the held
        moves. The held moves are logged in the order of their last frame, as their ``t_s``
        say: a piece moved again goes behind the pieces moved since its first move (it kept
        its first place, so "a" at 3 s was logged before "b" at 2 s)."""
        payload = event.get("payload") or {}
        if payload.get("kind") != "moved" or "id" not in payload:
            self.flush_moves()
            self(event)
            return
        held = self._moves.pop(payload["id"], None)
        if held is not None and held["payload"].get("from_mm") is not None:
            payload = {**payload, "from_mm": held["payload"]["from_mm"]}
        self._moves[payload["id"]] = {**event, "payload": payload}

    def flush_moves(self) -> None:
        """Log the held ``moved`` events (on settling, before another event, on closing)."""
        moves, self._moves = list(self._moves.values()), {}
        for event in moves:
            self(event)

    def settle(self) -> None:
        """The table is as last seen for good (the source ended, the window closes): log the
        held moves and, when it changed from the last logged one, the current scene, however
        few updates it held (a recording played once can end, or drop its last frames to the
        newest-frame capture, before ``SETTLE_UPDATES`` updates). Before any scene update (the
        camera never gave a frame) nothing is logged: "0 pieces detected" was, for a table
        nobody saw."""
        self.flush_moves()
        scene = self.scene()
        if self._settling is None:
            return  # no scene ever came (a camera that never opened): nothing was seen
        if scene is not None and scene_changed(self._logged_scene, scene):
            n = len(scene.ships) + len(scene.squadrons) + len(scene.obstacles)
            self({"type": "scene-changed", "payload": {"change": self.table_change, "pieces": n}})
        self.photograph_late_change(now=True)

    def scene_update(self, scene: Scene) -> None:
        """Log a ``scene-changed`` event when the detected scene changed noticeably from the
        last logged one and has held for ``SETTLE_UPDATES`` updates (the held moves first)."""
        if self._settling is not None and not scene_changed(self._settling, scene):
            self._held += 1
        else:
            self._settling, self._held = scene, 1
        if self._held >= SETTLE_UPDATES and self._moves:
            self.flush_moves()
        if self._held >= SETTLE_UPDATES and scene_changed(self._logged_scene, scene):
            self._logged_scene = scene
            n = len(scene.ships) + len(scene.squadrons) + len(scene.obstacles)
            self({"type": "scene-changed", "payload": {"change": self.table_change, "pieces": n}})
        elif self._held >= SETTLE_UPDATES:
            self.photograph_late_change()
