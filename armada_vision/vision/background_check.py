"""Holding an empty table learned earlier against what the camera sees now (no Qt).

A saved empty table (``vision.empty_table``) or ``run --background`` is of the camera as it
stood then: once the camera is moved, turned or zoomed, every edge of the mat is off by the
move and the foreground test, which allows 0.7 px of misregistration, sees pieces everywhere.
:class:`BackgroundCheck` aligns the first frames with the empty table (:func:`picture_offset_px`)
and refuses it when they are off by more than :data:`STALE_SHIFT_PX`; the window then says so
(``NOTES["moved"]`` / ``["mismatch"]``) and detection estimates the mat from the frames.
"""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np

from armada_vision.vision.detect import BackgroundModel
from armada_vision.vision.empty_table import NOTES

# An empty table off the camera's picture by more than this (px, the largest displacement over
# the picture) is refused: the foreground test allows 0.7 px of misregistration (_background),
# and on rendered 1080p tables (tuning seeds 1000-1002, the empty table shifted) 1 px lost
# nothing, 2-3 px a ship of 6 on wood or cloth, 5-10 px 1-2 ships, squadrons and false hands.
STALE_SHIFT_PX = 1.5
# Below this correlation of the aligned pictures (their fine structure) the offset is not
# trusted: a full rendered table scored 0.83-0.93 against its empty table, the real overhead
# webcam frames 0.49-0.91 (pieces, moved gantry shadows); a hand over much of the table lower.
MIN_ALIGN_CORRELATION = 0.45
CHECK_FRAMES = 15  # frames to wait for a trusted offset before refusing as "mismatch"
_ALIGN_WIDTHS_PX = (200, 400)


def _fine_structure(image: np.ndarray, width: int) -> np.ndarray:
    """Log brightness at ``width`` px wide less its 6 px blur: the picture's fine structure
    (mat texture, marker and line edges), without the light's smooth changes (a shadow is an
    offset of the log)."""
    grey = image if image.ndim == 2 else cv2.cvtColor(np.asarray(image, np.float32),
                                                      cv2.COLOR_BGR2GRAY)
    h, w = grey.shape[:2]
    small = cv2.resize(np.asarray(grey, np.float32), (width, max(int(round(h * width / w)), 8)),
                       interpolation=cv2.INTER_AREA)
    log = np.log(small + 8.0)
    return cv2.GaussianBlur(log, (0, 0), 1.0) - cv2.GaussianBlur(log, (0, 0), 6.0)


def picture_offset_px(background_bgr: np.ndarray, frame_bgr: np.ndarray) -> tuple[float, float]:
    """How far the camera's picture ``frame_bgr`` is moved and turned against the empty table
    ``background_bgr`` (both (H, W, 3), any dtype): the largest displacement (px, full size)
    of the picture's corners under the Euclidean alignment (OpenCV's ECC, coarse to fine at
    200 and 400 px wide, on :func:`_fine_structure`, so light and shadows do not count),
    and the correlation of the aligned pictures (1 = the same). ``(nan, 0.0)`` when the
    alignment fails. Measured: a shift of a rendered 1080p empty table to 0.05 px with a full
    table on it; 30-80 ms of CPU a call at 640x480-1920x1440."""
    H, W = frame_bgr.shape[:2]
    warp = np.eye(2, 3, dtype=np.float32)
    cc, prev = 0.0, None
    crit = (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, 50, 1e-4)
    for width in _ALIGN_WIDTHS_PX:
        width = min(width, W)
        if prev is not None:
            warp[:, 2] *= width / prev
        try:
            cc, warp = cv2.findTransformECC(_fine_structure(background_bgr, width),
                                            _fine_structure(frame_bgr, width), warp,
                                            cv2.MOTION_EUCLIDEAN, crit, None, 3)
        except cv2.error:
            return float("nan"), 0.0
        prev = width
    scale = W / prev
    corners = np.array([[0, 0], [W, 0], [W, H], [0, H]], np.float32) / scale
    moved = corners @ warp[:, :2].T + warp[:, 2] - corners
    return float(np.linalg.norm(moved, axis=1).max() * scale), float(cc)


class BackgroundCheck:
    """Holds an empty table (``BackgroundModel``) against the camera's first frames: feed
    frames to :meth:`update` until it says ``"fits"`` or refuses (``"moved"``: offset over
    :data:`STALE_SHIFT_PX`; ``"mismatch"``: no trusted offset in :data:`CHECK_FRAMES` frames).
    ``key``/``args`` then name the note in :data:`NOTES`."""

    def __init__(self, model: BackgroundModel):
        self.model = model
        self.frames = 0
        self.key = ""
        self.args: dict[str, Any] = {}
        self.shift_px = float("nan")
        self.correlation = 0.0

    def update(self, frame_bgr: np.ndarray) -> str:
        """``""`` while undecided, else ``"fits"``, ``"moved"`` or ``"mismatch"``."""
        if self.key:
            return self.key
        self.frames += 1
        if frame_bgr.shape[:2] != self.model.shape:
            self.key = "mismatch"
            return self.key
        shift, cc = picture_offset_px(self.model.mean_bgr, frame_bgr)
        self.shift_px, self.correlation = shift, cc
        if np.isfinite(shift) and cc >= MIN_ALIGN_CORRELATION:
            self.key = "fits" if shift <= STALE_SHIFT_PX else "moved"
            self.args = {"shift": shift}
        elif self.frames >= CHECK_FRAMES:
            self.key = "mismatch"
        return self.key

    @property
    def note(self) -> str:
        return NOTES[self.key].format(**self.args) if self.key in NOTES else ""
