"""Staying calibrated during play: re-detect the table markers every frame and keep the pose honest.

Rules (issue 4, cv-notes 2.3):

* markers that are hidden (a hand, a ship) or moved alone are ignored: the last good pose stays;
* markers are searched in small windows around where the current pose puts them (about 2-3 ms
  a frame at 1080p); the whole frame is searched when fewer than ``min_markers`` are found
  there, and every ``full_search_every`` frames while some marker is missing (a marker knocked
  out of its window): that periodic search runs in OpenCV's aruco3 mode, sized for the markers
  the pose shows (:func:`periodic_fraction`), about 4x cheaper than the default mode (3-4 ms
  instead of 12-13 ms at 1080p), and only the missing markers are taken from it;
* three or more markers displaced consistently by more than ``bump_px`` for ``confirm_frames``
  frames in a row is a camera bump: the pose is re-fitted from the current frame and reported
  (at 30 fps the default 3 frames is 0.1 s);
* fewer than ``min_markers`` visible markers freezes the pose and says so;
* a frame of another resolution is refused; a re-fit whose markers no longer fit the intrinsics
  (reprojection error above ``max_reprojection_px``) or whose camera height changed by more than
  ``max_height_change`` (a zoom looks like that to a flat target; checked with intrinsics
  only, as without them the height is an estimate and nothing depends on the zoom) is refused until
  :meth:`TableTracker.reset` is called (after recalibrating, or to accept the new position).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ._files import CameraIntrinsics, TableLayout
from ._span import span_risk
from ._table import (
    TableFit,
    aruco3_fraction,
    detect_layout_markers,
    fit_markers,
    make_detector,
    refine_corners,
)

#: tracker states, in TrackerStatus.state
STATES = ("searching", "ok", "fitted", "refitted", "moving", "frozen", "refused")

#: every status message, as English source text for translators (``str.format`` fields)
MESSAGES = {
    "size": "frame is {w}x{h} px but the calibration is for {cw}x{ch} px: set the camera back "
            "or recalibrate",
    "reprojection": "table markers no longer fit the camera intrinsics (reprojection {px:.1f} px): "
                    "zoom, focus or camera changed? recalibrate the camera",
    "reprojection-first": "table markers do not fit the camera intrinsics and the layout "
                          "(reprojection {px:.1f} px): is the layout this table's (6x3, 3x3) "
                          "and the camera file this camera's?",
    "height": "camera height or zoom changed by {percent:.0f} %: recalibrate the camera if you "
              "zoomed, else run the table calibration again",
    "searching": "only {n} table markers visible: need {need}",
    "frozen": "only {n} table markers visible: pose frozen",
    "fitted": "table found ({n} markers, {px:.2f} px, {mm:.2f} mm)",
    "moving": "markers moved {px:.1f} px: checking for a camera bump",
    "refitted": "camera moved {px:.1f} px: table re-fitted ({rep:.2f} px)",
    "ok": "pose kept",
    "ok-hidden": "pose kept; markers {hidden} hidden",
    "ok-ignored": "pose kept; markers {moved} ignored (moved alone)",
    "ok-hidden-ignored": "pose kept; markers {hidden} hidden; markers {moved} ignored (moved alone)",
    # a fit's warning (TrackerStatus.warning), beside "fitted" / "refitted" (_span.span_risk)
    "span": "the table markers found (ids: {ids}) do not span the table: its far corners may be "
            "off by up to {mm:.1f} mm; keep the other markers in view (uncovered, inside the "
            "picture)",
}


#: the periodic search's aruco3 mode keeps a marker this fraction of the smallest marker the
#: pose shows (a knocked sheet lies on the same table, seen at about the same size)
PERIODIC_MARKER_SCALE = 0.8


def periodic_fraction(predicted: dict[int, np.ndarray], image_size: tuple[int, int]) -> float:
    """aruco3's ``minMarkerLengthRatioOriginalImg`` for the periodic whole-frame search: from
    the shortest side (px) of the markers where the pose puts them (``predicted``: {id:
    corners (4, 2) px}), times :data:`PERIODIC_MARKER_SCALE` (:func:`aruco3_fraction`)."""
    side = min(float(np.min(np.linalg.norm(q - np.roll(q, 1, axis=0), axis=1)))
               for q in predicted.values())
    return aruco3_fraction(PERIODIC_MARKER_SCALE * side, image_size)


@dataclass
class TrackerStatus:
    """Result of one :meth:`TableTracker.update`.

    ``state``: ``"searching"`` (no pose yet), ``"fitted"`` (first pose), ``"ok"`` (pose kept),
    ``"moving"`` (markers moved, confirming a bump), ``"refitted"`` (bump confirmed, new pose),
    ``"frozen"`` (too few markers, last pose kept), ``"refused"`` (frame or intrinsics do not fit).
    ``fit`` is the pose in use (None before the first fit or when refused); ``visible_ids`` the
    layout markers seen in this frame; ``moved_px`` the median marker displacement (px) against
    the pose in use; ``message`` one line for the user, in English. For translation,
    ``message == template.format(**args)`` where ``template`` is one of :data:`MESSAGES`
    (English source text with ``{name}`` fields) and ``args`` its values.
    """

    state: str
    fit: TableFit | None
    visible_ids: list[int]
    message: str
    moved_px: float = 0.0
    bumped: bool = False
    hidden_ids: list[int] = field(default_factory=list)
    template: str = ""
    args: dict = field(default_factory=dict)
    # on "fitted" / "refitted" only: (template of MESSAGES, args) when the markers the fit used
    # do not span the table and its far corners may be off by WARN_MM or more, else ("", {})
    warning: tuple = ("", {})

    @property
    def camera(self):
        """The mapping in use (``table_to_image`` / ``image_to_table``), or None."""
        return self.fit.camera if self.fit is not None else None


class TableTracker:
    """Continuous table calibration from the layout's markers (see the module docstring)."""

    def __init__(self, intrinsics: CameraIntrinsics | None, layout: TableLayout, *,
                 fit: TableFit | None = None, bump_px: float = 1.5, confirm_frames: int = 3,
                 min_markers: int = 3, max_reprojection_px: float = 3.0,
                 max_height_change: float = 0.08, full_search_every: int = 15):
        layout.require_markers("table tracking")
        self.intrinsics = intrinsics
        self.layout = layout
        self.bump_px = bump_px
        self.confirm_frames = confirm_frames
        self.min_markers = min_markers
        self.max_reprojection_px = max_reprojection_px
        self.max_height_change = max_height_change
        self.full_search_every = full_search_every
        self._detector = make_detector(layout.dictionary)
        self._window_detector = make_detector(layout.dictionary, window=True)
        self._predicted: dict[int, np.ndarray] | None = None
        self._periodic_detector = None  # aruco3, sized for the fitted pose's markers
        self._since_full = 0
        self._moving = 0
        self._refused: tuple[str, dict] | None = None
        self._set_fit(fit)

    def reset(self, intrinsics: CameraIntrinsics | None = None) -> None:
        """Forget the pose (and a refusal); optionally take new intrinsics."""
        if intrinsics is not None:
            self.intrinsics = intrinsics
        self._set_fit(None)
        self._moving = 0
        self._refused = None

    def _set_fit(self, fit: TableFit | None) -> None:
        self.fit = fit
        self._predicted = None
        self._memory: dict[int, tuple] = {}  # windows whose markers were found (unchanged: reused)
        self._periodic_detector = None
        if fit is not None:
            self._predicted = {i: fit.camera.table_to_image(m.corners_mm(), 0.0)
                               for i, m in self.layout.by_id().items()}
            self._periodic_detector = make_detector(
                self.layout.dictionary, fast=True,
                min_marker_fraction=periodic_fraction(self._predicted, fit.image_size))

    def _detect(self, image_bgr: np.ndarray) -> dict[int, np.ndarray]:
        if self._predicted is None:
            return detect_layout_markers(image_bgr, self.layout, self._detector)
        found = detect_layout_markers(image_bgr, self.layout, self._window_detector,
                                      self._predicted, memory=self._memory)
        self._since_full += 1
        if len(found) < self.min_markers:  # lost: the default mode, whatever the markers' size
            self._since_full = 0
            return detect_layout_markers(image_bgr, self.layout, self._detector)
        if len(found) < len(self._predicted) and self._since_full >= self.full_search_every:
            # a marker missing from its window: hidden, or knocked out of it (then "ignored")
            self._since_full = 0
            more = detect_layout_markers(image_bgr, self.layout, self._periodic_detector)
            # aruco3 leaves a small marker's corners unrefined (0.7 px off at 640x480)
            more = refine_corners(image_bgr, {i: c for i, c in more.items() if i not in found},
                                  self.layout.dictionary)
            found = {**more, **found}  # the windows' corners where both found one
        return found

    def _status(self, state, visible, said: tuple[str, dict], **kw) -> TrackerStatus:
        fit = None if state == "refused" else self.fit
        hidden = sorted(set(self.layout.by_id()) - set(visible))
        key, args = said
        template = MESSAGES[key]
        return TrackerStatus(state, fit, sorted(visible), template.format(**args), hidden_ids=hidden,
                             template=template, args=args, **kw)

    def _check_fit(self, fit: TableFit) -> tuple[str, dict] | None:
        if fit.reprojection_px > self.max_reprojection_px:
            # never fitted yet: nothing "changed"; a wrong --layout (3x3 on a 6x3 table) or
            # another camera's file are as likely as a zoom (a breaker's 20.8 px)
            key = "reprojection" if self.fit is not None else "reprojection-first"
            return key, {"px": fit.reprojection_px}
        # Only intrinsics can be made wrong by a zoom; without them the camera height is an
        # estimate (focal length from the homography) that varies by 10-20 % between fits of a
        # camera leaning 5-8 deg, and a zoom changes no assumption of the homography fit.
        if self.fit is not None and self.intrinsics is not None:
            old = self.fit.camera.centre_mm[2]
            change = abs(fit.camera.centre_mm[2] - old) / old
            if change > self.max_height_change:
                return "height", {"percent": 100 * change}
        return None

    def _span(self, found: dict[int, np.ndarray], fit: TableFit) -> tuple[str, dict]:
        """A new fit's warning when its markers do not span the table (``_span.span_risk``:
        the far corners may be off by ``WARN_MM`` or more): (``MESSAGES["span"]``, args)."""
        risk = span_risk(found, fit, self.layout, self.intrinsics, fit.image_size)
        if risk is None:
            return "", {}
        return MESSAGES["span"], {"ids": ", ".join(map(str, risk.ids)), "mm": risk.high_mm}

    def update(self, image_bgr: np.ndarray) -> TrackerStatus:
        """Re-detect the markers in one BGR frame (H, W, 3) and return the tracker's status."""
        h, w = image_bgr.shape[:2]
        expected = (self.intrinsics.image_size if self.intrinsics is not None
                    else (self.fit.image_size if self.fit is not None else (w, h)))
        if (w, h) != tuple(expected):
            return self._status("refused", [], ("size", {"w": w, "h": h, "cw": expected[0],
                                                          "ch": expected[1]}))
        if self._refused:
            return self._status("refused", [], self._refused)
        found = self._detect(image_bgr)
        visible = list(found)
        if len(found) < self.min_markers:
            if self.fit is None:
                return self._status("searching", visible,
                                    ("searching", {"n": len(found), "need": self.min_markers}))
            return self._status("frozen", visible, ("frozen", {"n": len(found)}))
        if self.fit is None:
            fit = fit_markers(found, self.intrinsics, self.layout, (w, h))
            problem = self._check_fit(fit)
            if problem:
                self._refused = problem
                return self._status("refused", visible, problem)
            self._set_fit(fit)
            return self._status("fitted", visible, ("fitted", {
                "n": len(fit.marker_ids), "px": fit.reprojection_px, "mm": fit.reprojection_mm}),
                warning=self._span(found, fit))
        known = self.layout.by_id()
        predicted = self._predicted
        assert predicted is not None  # set with the fit
        shift = {i: float(np.linalg.norm((c - predicted[i]).mean(axis=0))) for i, c in found.items()}
        moved = [i for i, s in shift.items() if s > self.bump_px]
        median = float(np.median(list(shift.values())))
        if len(moved) >= self.min_markers and 2 * len(moved) > len(found):
            self._moving += 1
            if self._moving < self.confirm_frames:
                return self._status("moving", visible, ("moving", {"px": median}), moved_px=median)
            self._moving = 0
            steady = {i: c for i, c in found.items() if i in moved}
            fit = fit_markers(steady, self.intrinsics, self.layout, (w, h))
            problem = self._check_fit(fit)
            if problem:
                self._refused = problem
                return self._status("refused", visible, problem, moved_px=median)
            self._set_fit(fit)
            return self._status("refitted", visible,
                                ("refitted", {"px": median, "rep": fit.reprojection_px}),
                                moved_px=median, bumped=True, warning=self._span(steady, fit))
        self._moving = 0
        hidden = ", ".join(map(str, sorted(set(known) - set(visible))))
        ignored = ", ".join(map(str, sorted(moved)))
        key = "ok" + ("-hidden" if hidden else "") + ("-ignored" if ignored else "")
        return self._status("ok", visible, (key, {"hidden": hidden, "moved": ignored}),
                            moved_px=median)
