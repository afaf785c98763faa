"""Per-frame pipeline without Qt: calibration tracking -> detection -> tracking -> Scene.

Each stage is optional so the window stays usable while a part is missing: without a detector
the demo's ground-truth scene stands in for the detected one (the status bar says so); without a
calibration there are no overlays, only the picture. Stage latencies are kept for the status bar
and ``bench/pipeline.py``.
"""

from __future__ import annotations

import importlib
import math
import time
from dataclasses import dataclass, field
from typing import Any

from armada_vision.scene import Scene
from armada_vision.ui.capture import Frame


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 - the name pylupdate6 finds
    return text


SCENE_DETECTED = QT_TRANSLATE_NOOP("Pipeline", "detected")
SCENE_TRUTH = QT_TRANSLATE_NOOP("Pipeline", "sample's ground truth")
SCENE_TRUTH_NO_DETECTOR = QT_TRANSLATE_NOOP("Pipeline", "sample's ground truth (detection not installed)")
SCENE_NONE = QT_TRANSLATE_NOOP("Pipeline", "no detection")
SCENE_FIXED = QT_TRANSLATE_NOOP("Pipeline", "loaded scene")
CALIB_NONE = QT_TRANSLATE_NOOP("Pipeline", "no calibration")
CALIB_MANUAL = QT_TRANSLATE_NOOP("Pipeline", "manual corners: lower accuracy")
CALIB_EXACT = QT_TRANSLATE_NOOP("Pipeline", "exact (synthetic camera)")
CALIB_MM = QT_TRANSLATE_NOOP("Pipeline", "reprojection {mm:.2f} mm")
CALIB_MARKERS = QT_TRANSLATE_NOOP("Pipeline", "table markers")
CALIB_LOST = QT_TRANSLATE_NOOP("Pipeline", "table markers not found")


@dataclass
class Calibration:
    """The current camera-over-table and how good it is. ``kind`` is ``none``, ``exact``,
    ``markers`` (with ``reprojection_mm``), ``manual`` or ``lost``."""

    camera: Any = None
    kind: str = "none"
    reprojection_mm: float | None = None

    def describe(self) -> tuple[str, dict[str, Any]]:
        """(English source text in context ``Pipeline``, format args) for the status bar."""
        if self.kind == "exact":
            return CALIB_EXACT, {}
        if self.kind == "markers":  # a replayed log may not say how well they fitted
            if self.reprojection_mm is None or not math.isfinite(self.reprojection_mm):
                return CALIB_MARKERS, {}
            return CALIB_MM, {"mm": self.reprojection_mm}
        if self.kind == "manual":
            return CALIB_MANUAL, {}
        if self.kind == "lost":
            return CALIB_LOST, {}
        return CALIB_NONE, {}


@dataclass
class Result:
    """One processed frame: the scene, how it was obtained, the calibration in use, the stage
    latencies, the scene tracker's events and the table tracker's message (template, args)."""

    scene: Scene | None
    scene_kind: str  # one of the SCENE_* texts
    calibration: Calibration
    stage_ms: dict[str, float] = field(default_factory=dict)
    track_events: list[Any] = field(default_factory=list)
    tracker_message: tuple[str, dict[str, Any]] = ("", {})
    # set on the frame where the empty table was refused: (``vision.empty_table`` note, args)
    background_note: tuple[str, dict[str, Any]] = ("", {})
    # set on the frame where the table was fitted from markers that do not span it (the
    # table tracker's ``TrackerStatus.warning``: template, args)
    calibration_note: tuple[str, dict[str, Any]] = ("", {})


def _optional(module: str, name: str) -> Any | None:
    try:
        return getattr(importlib.import_module(module), name, None)
    except ImportError:
        return None


class Pipeline:
    """Turns frames into scenes.

    ``tracker`` (calibration) has ``.update(image) -> status`` with ``.camera`` and
    ``.reprojection_mm``; ``detector`` has ``.detect(image) -> Detections`` (``.to_scene()``);
    ``scene_tracker`` has ``.update(detections, t_s) -> (Scene, events)``. ``fixed_scene`` (a
    Scene loaded from JSON) replaces detection entirely.
    """

    def __init__(self, catalog: Any, calibration: Calibration, *, tracker: Any = None,
                 detector: Any = None, scene_tracker: Any = None, use_truth: bool = True,
                 fixed_scene: Scene | None = None):
        self.catalog = catalog
        self.calibration = calibration
        self.tracker = tracker
        self.detector = detector
        self.scene_tracker = scene_tracker
        self.use_truth = use_truth
        self.fixed_scene = fixed_scene
        self.tracker_message: tuple[str, dict[str, Any]] = ("", {})  # (template, args)
        self.calibration_note: tuple[str, dict[str, Any]] = ("", {})  # a new fit's warning
        self.track_events: list[Any] = []  # the scene tracker's events of the last frame
        self._have_detector: bool | None = None
        # camera -> (detector, scene tracker), built once the table tracker first fits the table
        self._make_detector: Any = None
        self._roster: Any = None
        self._new_background: tuple[Any] | None = None  # (model,) for the next frame
        # the empty table given at start, held against the first frames (and again after a
        # camera bump) until it fits or is refused (vision.empty_table.BackgroundCheck)
        self._background_check: Any = None
        self.background_note: tuple[str, dict[str, Any]] = ("", {})

    @classmethod
    def with_available_detector(cls, catalog: Any, calibration: Calibration, *, roster: Any = None,
                                play_area_mm: tuple[float, float] = (1828.8, 914.4),
                                background: Any = None, **kw: Any) -> Pipeline:
        """A pipeline using the detection part when it is installed and a camera is known.

        ``roster`` (the detection part's ``Roster``) names bases by tag or size class;
        ``background`` (its ``BackgroundModel``) is the empty table learned beforehand. Frames
        go through the detector's live path (``Detector.live()``): only what changed since the
        last frame is detected again."""
        det_cls = _optional("armada_vision.vision.detect", "Detector")
        trk_cls = _optional("armada_vision.vision.track", "Tracker")

        def make(camera: Any) -> tuple[Any, Any]:
            try:
                det = det_cls(catalog, camera, play_area_mm=play_area_mm, roster=roster,
                              background=background)
                if hasattr(det, "live"):
                    det = det.live()
                trk = trk_cls(roster, play_area_mm=play_area_mm) if trk_cls is not None else None
                return det, trk
            except Exception:  # noqa: BLE001 - a missing or changed part must not stop the window
                return None, None

        pipeline = cls(catalog, calibration, **kw)
        if background is not None:
            pipeline.check_background(background)
        if det_cls is not None:
            if calibration.camera is not None:
                pipeline.detector, pipeline.scene_tracker = make(calibration.camera)
            else:  # `run --camera --layout`: the table is found in the first frames
                pipeline._make_detector = make
        return pipeline

    def set_roster(self, roster: Any) -> None:
        """Give detection and tracking the fleets on the table (e.g. from imported lists)."""
        self._roster = roster  # also for a detector built later
        for part in (self.detector, self.scene_tracker):
            if part is not None and hasattr(part, "roster"):
                part.roster = roster

    def set_background(self, model: Any) -> None:
        """Give the detector a new empty-table model (the detection part's
        ``BackgroundModel``; ``None``: estimate it from the frames again). Safe from any
        thread: it takes effect before the next frame is processed, which is then detected
        from scratch."""
        self._new_background = (model,)

    def check_background(self, model: Any) -> None:
        """Hold ``model`` (an empty table learned earlier: ``run --background`` or the saved
        one) against the next frames; when the camera's picture is off it (moved, turned, or
        another view), detection drops it and estimates the mat from the frames instead, and
        that frame's ``Result.background_note`` says why."""
        check_cls = _optional("armada_vision.vision.background_check", "BackgroundCheck")
        self._background_check = check_cls(model) if check_cls is not None else None

    def _hold_background(self, frame: Frame) -> tuple[str, dict[str, Any]]:
        check = self._background_check
        if check is None or self.detector is None or self.fixed_scene is not None:
            return "", {}
        if getattr(self.detector, "background", None) is not check.model:
            self._background_check = None  # replaced meanwhile (Table > Learn the empty table)
            return "", {}
        verdict = check.update(frame.image)
        if not verdict:
            return "", {}
        self._background_check = None
        if verdict == "fits":
            return "", {}
        self.detector.background = None
        from armada_vision.vision.empty_table import NOTES

        return NOTES[verdict], dict(check.args)

    def process(self, frame: Frame) -> Result:
        """Run the stages on ``frame`` (any thread; one thread at a time)."""
        self.track_events = []
        result = self._process(frame)
        result.track_events = list(self.track_events)
        result.tracker_message = self.tracker_message
        result.background_note = self.background_note
        result.calibration_note = self.calibration_note
        return result

    def _process(self, frame: Frame) -> Result:
        ms: dict[str, float] = {}
        t = time.perf_counter()
        self.calibration_note = ("", {})
        if self.tracker is not None:
            status = self.tracker.update(frame.image)
            template, args = getattr(status, "warning", None) or ("", {})
            if template:
                self.calibration_note = (template, dict(args))
            fit = getattr(status, "fit", None)
            self.tracker_message = (getattr(status, "template", "") or getattr(status, "message", ""),
                                    dict(getattr(status, "args", {}) or {}))
            if fit is not None:
                kind = "manual" if getattr(fit, "accuracy", "") == "manual" else "markers"
                self.calibration = Calibration(fit.camera, kind, getattr(fit, "reprojection_mm", None))
                if self.detector is None and self._make_detector is not None:
                    self.detector, self.scene_tracker = self._make_detector(fit.camera)
                    self._make_detector = None
                    if self._roster is not None:
                        self.set_roster(self._roster)
                if self.detector is not None and getattr(self.detector, "camera", None) is not fit.camera:
                    self.detector.camera = fit.camera  # a re-fitted table
                    if getattr(status, "bumped", False) and getattr(self.detector, "background", None) is not None:
                        self.check_background(self.detector.background)  # a bumped camera
            else:
                self.calibration = Calibration(None, "lost" if self.calibration.camera else "none")
        ms["calibration"] = (time.perf_counter() - t) * 1e3
        if self._new_background is not None and self.detector is not None:
            (self.detector.background,), self._new_background = self._new_background, None
        t = time.perf_counter()  # the empty table's check counts as detection
        self.background_note = self._hold_background(frame)
        if self.fixed_scene is not None:
            return Result(self.fixed_scene, SCENE_FIXED, self.calibration, ms)
        if self.detector is not None and self.calibration.camera is not None:
            dets = self.detector.detect(frame.image)
            ms["detection"] = (time.perf_counter() - t) * 1e3
            t = time.perf_counter()
            if self.scene_tracker is not None:
                scene, self.track_events = self.scene_tracker.update(dets, frame.t_s)
            else:
                scene = dets.to_scene()
            ms["tracking"] = (time.perf_counter() - t) * 1e3
            return Result(scene, SCENE_DETECTED, self.calibration, ms)
        if self.use_truth and frame.truth is not None:
            if self._have_detector is None:
                self._have_detector = _optional("armada_vision.vision.detect", "Detector") is not None
            return Result(frame.truth, SCENE_TRUTH if self._have_detector else SCENE_TRUTH_NO_DETECTOR,
                          self.calibration, ms)
        return Result(None, SCENE_NONE, self.calibration, ms)
