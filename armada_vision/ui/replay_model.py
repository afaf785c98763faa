"""Stepping through a recorded game (no Qt): what the window showed at each logged event.

For event ``i`` of a game in a ``GameLog``: the scene stored at or before it, the selection of
the last attack check looked at, the game events applied so far (honouring the window's undo
notes), the last calibration note (the camera) and the last JPEG snapshot.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from armada_vision.errors import InputError
from armada_vision.gamelog import GameFold
from armada_vision.scene import Scene, scene_from_dict
from armada_vision.ui.overlay_model import Selection
from armada_vision.vision.camera import TableCamera

CALIBRATION_NOTE = "calibration"


def camera_to_json(camera: Any) -> dict[str, Any] | None:
    """A TableCamera as JSON (``None`` for other camera objects)."""
    if not isinstance(camera, TableCamera):
        return None
    return {"camera_matrix": camera.camera_matrix.tolist(), "dist_coeffs": camera.dist_coeffs.tolist(),
            "rvec": camera.rvec.tolist(), "tvec": camera.tvec.tolist(),
            "image_size": list(camera.image_size)}


def camera_from_json(d: dict[str, Any]) -> TableCamera:
    return TableCamera(d["camera_matrix"], d["dist_coeffs"], d["rvec"], d["tvec"], tuple(d["image_size"]))


def scaled_camera(camera: TableCamera, image_size: tuple[int, int]) -> TableCamera:
    """The same camera for a picture resized to ``image_size`` (the log's small snapshots)."""
    sx, sy = image_size[0] / camera.image_size[0], image_size[1] / camera.image_size[1]
    k = camera.camera_matrix.copy()
    k[0] *= sx
    k[1] *= sy
    return TableCamera(k, camera.dist_coeffs, camera.rvec, camera.tvec, image_size)


@dataclass
class ReplayStep:
    seq: int
    data: dict[str, Any]
    scene: Scene | None
    selection: Selection
    game_events: list[Any]
    camera: TableCamera | None
    snapshot: np.ndarray | None
    game_state: Any = None  # the game state after this event (names defense tokens by kind)
    problem: str | None = None  # why a damaged part of the log (scene, camera) is not shown
    # why the game refused this event (a RuleViolation or InputError): a log written before
    # that rule was checked; the event is shown, the state goes on without it
    refused: Exception | None = None
    # what this event, applied, cut short (``game.cut_off_warning``, a ``Reason``): e.g. the
    # activation of squadrons a squadron command activated, ended before they attacked (p.3)
    warning: Any = None
    # how the recording window was calibrated (``ui.pipeline.Calibration.kind``: exact for the
    # sample game, markers, manual) and the table fit's error then, when the log says
    calibration_kind: str = "markers"
    reprojection_mm: float | None = None
    # the event the picture was taken at (snapshots are rate-limited: often an earlier one)
    snapshot_seq: int | None = None


#: the replay keeps what it folded every this many events (``ReplayModel`` keyframes): a step
#: replays at most this many events from the keyframe before it, not the whole game (a
#: 20,331-event log took 1.0-1.3 s a step near its end; ``bench/gamelog.py --replay``)
KEYFRAME_EVERY = 200


@dataclass
class _Folded:
    """What the replay has folded through the first ``count`` events: the game, the last check
    looked at, the last calibration and the damaged calibrations met."""

    fold: GameFold
    selection: Selection
    camera: TableCamera | None
    calib_kind: str
    reprojection_mm: float | None
    problems: list[str]
    count: int = 0

    def copy(self) -> _Folded:
        return _Folded(self.fold.copy(), self.selection, self.camera, self.calib_kind,
                       self.reprojection_mm, list(self.problems), self.count)


class ReplayModel:
    """All events of one game in ``log`` (``game_id`` default: the latest game).

    ``keyframe_every``: events between the kept states (:data:`KEYFRAME_EVERY`); they are made
    as steps pass them, in memory only, and a step starts from the last one before it."""

    def __init__(self, log: Any, game_id: int | None = None, *,
                 keyframe_every: int = KEYFRAME_EVERY):
        self.log = log
        self.game_id = game_id if game_id is not None else log.latest_game()
        self.events = log.events(self.game_id)
        self.keyframe_every = max(1, int(keyframe_every))
        # keyframes[k]: folded through the first k * keyframe_every events
        self._keyframes = [_Folded(GameFold(strict=False), Selection(), None, "markers", None, [])]

    def _folded_through(self, i: int) -> _Folded:
        """The events ``0..i`` folded, from the last keyframe at or before them."""
        n = self.keyframe_every
        k = min((i + 1) // n, len(self._keyframes) - 1)
        run = self._keyframes[k].copy()
        while run.count < i + 1:
            self._fold_one(run)
            if run.count % n == 0 and run.count // n == len(self._keyframes):
                self._keyframes.append(run.copy())
        return run

    def _fold_one(self, run: _Folded) -> None:
        e = self.events[run.count]
        run.count += 1
        d = dict(e.data)
        kind = d.get("type")
        payload = d.get("payload")
        payload = payload if isinstance(payload, dict) else {}
        if kind == "check-viewed":
            run.selection = Selection(*(v if isinstance(v, str) else None for v in (
                payload.get("attacker"), payload.get("attacking_zone"),
                payload.get("defender"), payload.get("defending_zone"))))
        elif kind == "note" and d.get("text") == CALIBRATION_NOTE and payload.get("camera"):
            try:
                run.camera = camera_from_json(payload["camera"])
                run.calib_kind, run.reprojection_mm = _calibration_quality(payload)
            except (KeyError, TypeError, ValueError, cv2.error):
                where = f"{getattr(self.log, 'path', 'game log')}: game {self.game_id} event {e.seq}"
                run.problems.append(f"{where}: the calibration of event {e.seq} is damaged; "
                                    "pieces are drawn on a plain table")
        run.fold.add(d, source=f"log event {e.seq}", damaged=e.damaged)

    def __len__(self) -> int:
        return len(self.events)

    def step(self, i: int) -> ReplayStep:
        """What the window showed right after event ``i`` (0-based)."""
        ev = self.events[i]
        where = f"{getattr(self.log, 'path', 'game log')}: game {self.game_id} event {ev.seq}"
        problems: list[str] = []
        scene = None
        try:  # a damaged scene shows the event without pieces rather than ending the replay
            scene_json = self.log.scene_at(self.game_id, ev.seq)
            scene = scene_from_dict(scene_json, where) if scene_json else None
        except InputError as exc:
            scene = Scene()  # no pieces rather than the previous event's
            problems.append(str(exc))
        run = self._folded_through(i)
        problems += run.problems
        fold, selection, camera = run.fold, run.selection, run.camera
        calib_kind, reprojection_mm = run.calib_kind, run.reprojection_mm
        game_events = fold.game_events
        found = self.log.snapshot_with_seq(self.game_id, ev.seq)
        image, snap_seq = None, None
        if found is not None and found[1]:
            image = cv2.imdecode(np.frombuffer(found[1], np.uint8), cv2.IMREAD_COLOR)
            snap_seq = found[0] if image is not None else None
        if camera is not None and image is not None:
            camera = scaled_camera(camera, (image.shape[1], image.shape[0]))
        return ReplayStep(ev.seq, dict(ev.data), scene, selection, game_events, camera, image,
                          fold.state, "; ".join(problems) or None, fold.refused.get(i),
                          calibration_kind=calib_kind, reprojection_mm=reprojection_mm,
                          warning=fold.warnings.get(i), snapshot_seq=snap_seq)

    def index_of(self, seq: int) -> int | None:
        """The 0-based position of the event ``seq`` in this game, or ``None``."""
        return next((i for i, e in enumerate(self.events) if e.seq == seq), None)


def _calibration_quality(payload: dict[str, Any]) -> tuple[str, float | None]:
    """(kind, reprojection_mm or None) of a calibration note's payload; a kind the window does
    not write (a damaged or older log) is taken as table markers, of unknown quality."""
    kind = payload.get("kind")
    kind = kind if kind in ("exact", "markers", "manual") else "markers"
    mm = payload.get("reprojection_mm")
    ok = isinstance(mm, (int, float)) and not isinstance(mm, bool) and math.isfinite(mm) and mm >= 0
    return kind, float(mm) if ok else None
