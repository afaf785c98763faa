"""Camera intrinsics from a ChArUco board (OpenCV class API: ``CharucoDetector``, cv-notes 2.2).

:class:`CharucoCalibrator` collects views and calibrates. Stills (a folder of images) are all
used; live or video frames are taken only when the board is still (its corners moved less than
``still_px`` since the previous frame) and the view is new (position, size or tilt differs from
every view taken), and a progress callback reports image coverage and tilt variety.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from armada_vision.errors import InputError

from ._files import BoardSpec, CameraIntrinsics, read_image

IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp", ".tif", ".tiff", ".webp")
COVERAGE_GRID = (6, 4)  # image cells (columns, rows) for the coverage figure


@dataclass
class BoardView:
    """ChArUco detection in one image: ``corners`` (N, 2) px, ``ids`` (N,), markers decoded."""

    corners: np.ndarray
    ids: np.ndarray
    n_markers: int
    image_size: tuple[int, int]
    mirrored: bool = False  # no marker decoded, but some do in the left-right flipped picture

    @property
    def n_corners(self) -> int:
        return len(self.ids)


@dataclass
class CalibrationProgress:
    """After each frame: ``accepted`` and why (``reason``), views taken, image ``coverage``
    (0..1 of a 6 x 4 grid touched by corners), ``tilt_span_deg`` (largest angle between two
    views' board normals) and whether that is ``enough`` to calibrate well. ``stills``: the
    views come from photos (:meth:`CharucoCalibrator.add_image`), each usable one taken, so
    ``target_views`` is no count to wait for."""

    accepted: bool
    reason: str
    views: int
    target_views: int
    coverage: float
    tilt_span_deg: float
    enough: bool
    stills: bool = False

    def line(self) -> str:
        """One line for a console progress print: ``views n/target`` from a video or webcam,
        ``views n`` from photos (every usable one is used, however many)."""
        mark = "+" if self.accepted else "."
        done = "  enough views" if self.enough else ""
        views = f"{self.views}" if self.stills else f"{self.views}/{self.target_views}"
        return (f"{mark} views {views}  coverage {self.coverage:4.0%}  "
                f"tilt variety {self.tilt_span_deg:4.1f} deg  ({self.reason}){done}")


class CharucoCalibrator:
    """Collects ChArUco views and computes the intrinsics (see the module docstring).

    ``progress`` is called with a CalibrationProgress after every frame or image.
    """

    def __init__(self, board: BoardSpec | None = None, *, min_corners: int = 6,
                 min_views: int = 4, target_views: int = 15, still_px: float = 1.0,
                 progress: Callable[[CalibrationProgress], None] | None = None):
        self.board = board or BoardSpec()
        self._cv_board = self.board.cv_board()
        params = cv2.aruco.CharucoParameters()
        params.tryRefineMarkers = True
        self._detector = cv2.aruco.CharucoDetector(self._cv_board, params)
        self.min_corners = min_corners
        self.min_views = min_views
        self.target_views = target_views
        self.still_px = still_px
        self.progress = progress
        self.views: list[BoardView] = []
        self.image_size: tuple[int, int] | None = None
        self._normals: list[np.ndarray] = []
        self._descr: list[np.ndarray] = []
        self._previous: BoardView | None = None
        self._cells: set[tuple[int, int]] = set()
        self._mirrored = 0  # pictures where the board read only when flipped

    # -- detection -------------------------------------------------------------------------
    def detect(self, image_bgr: np.ndarray) -> BoardView:
        """Find the board's markers and ChArUco corners in one BGR or grey image.

        When no marker decodes, the flipped picture is tried too (a webcam in mirror mode, or a
        selfie photo): ``mirrored`` is then set, and the view stays unusable.
        """
        grey = image_bgr if image_bgr.ndim == 2 else cv2.cvtColor(image_bgr, cv2.COLOR_BGR2GRAY)
        cc, ci, _, mi = self._detector.detectBoard(grey)
        n_markers = 0 if mi is None else len(mi)
        size = (grey.shape[1], grey.shape[0])
        if ci is None or len(ci) == 0:
            mirrored = False
            if n_markers == 0:
                flipped = self._detector.detectBoard(cv2.flip(grey, 1))[3]
                mirrored = flipped is not None and len(flipped) >= 2
            return BoardView(np.zeros((0, 2)), np.zeros(0, dtype=int), n_markers, size, mirrored)
        return BoardView(cc.reshape(-1, 2).astype(np.float64), ci.ravel().astype(int), n_markers, size)

    def why_unusable(self, view: BoardView) -> str | None:
        """Why a view cannot be used for calibration, or None."""
        if view.mirrored:
            return ("the picture is mirrored (the board reads only when flipped): turn off the "
                    "camera's mirror mode")
        if view.n_markers == 0:
            return (f"no board marker decoded (board {self.board.squares[0]}x{self.board.squares[1]}, "
                    f"{self.board.dictionary}: check --board and --dictionary)")
        if view.n_corners < self.min_corners:
            return f"only {view.n_corners} ChArUco corners found (need {self.min_corners})"
        if self._cv_board.checkCharucoCornersCollinear(view.ids.reshape(-1, 1).astype(np.int32)):
            return "the corners found lie on one line"
        return None

    def _match(self, view: BoardView) -> tuple[np.ndarray, np.ndarray]:
        # an (N, 1, 2) float32 array is what OpenCV wants; the stubs only list sequences
        return self._cv_board.matchImagePoints(  # type: ignore[call-overload]
            view.corners.reshape(-1, 1, 2).astype(np.float32), view.ids.reshape(-1, 1).astype(np.int32))

    # -- view selection --------------------------------------------------------------------
    def _geometry(self, view: BoardView) -> tuple[np.ndarray, np.ndarray]:
        """A descriptor (centre x, centre y, scale) and the board normal in the camera frame."""
        obj, img = self._match(view)
        w, h = view.image_size
        f = 0.9 * w  # a rough lens; only the tilt's size matters here
        K = np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1.0]])
        ok, rvec, _ = cv2.solvePnP(obj, img, K, None, flags=cv2.SOLVEPNP_IPPE)
        normal = cv2.Rodrigues(rvec)[0][:, 2] if ok else np.array([0.0, 0.0, 1.0])
        hull = cv2.convexHull(view.corners.astype(np.float32))
        scale = math.sqrt(max(cv2.contourArea(hull), 1.0)) / w
        centre = view.corners.mean(axis=0) / np.array([w, h])
        return np.array([centre[0], centre[1], scale]), normal

    def _is_new(self, descr: np.ndarray, normal: np.ndarray) -> bool:
        for d, n in zip(self._descr, self._normals):
            angle = math.degrees(math.acos(min(1.0, abs(float(n @ normal)))))
            if np.linalg.norm(d[:2] - descr[:2]) < 0.08 and abs(d[2] - descr[2]) < 0.15 * d[2] and angle < 8:
                return False
        return True

    def _take(self, view: BoardView) -> None:
        descr, normal = self._geometry(view)
        self.views.append(view)
        self._descr.append(descr)
        self._normals.append(normal)
        w, h = view.image_size
        gx, gy = COVERAGE_GRID
        for x, y in view.corners:
            self._cells.add((min(int(x / w * gx), gx - 1), min(int(y / h * gy), gy - 1)))

    def _check_size(self, view: BoardView, name: str) -> None:
        if self.image_size is None:
            self.image_size = view.image_size
        elif view.image_size != self.image_size:
            w, h = self.image_size
            raise InputError(f"image is {view.image_size[0]}x{view.image_size[1]} px but the "
                             f"earlier views are {w}x{h} px", source=name)

    def _report(self, accepted: bool, reason: str, stills: bool = False) -> CalibrationProgress:
        coverage = len(self._cells) / (COVERAGE_GRID[0] * COVERAGE_GRID[1])
        span = 0.0
        for i, a in enumerate(self._normals):
            for b in self._normals[i + 1:]:
                span = max(span, math.degrees(math.acos(min(1.0, abs(float(a @ b))))))
        enough = len(self.views) >= self.target_views and coverage >= 0.6 and span >= 20.0
        p = CalibrationProgress(accepted, reason, len(self.views), self.target_views, coverage,
                                span, enough, stills)
        if self.progress is not None:
            self.progress(p)
        return p

    def add_image(self, image_bgr: np.ndarray, name: str = "image") -> CalibrationProgress:
        """Use one still image (every usable still is taken)."""
        view = self.detect(image_bgr)
        self._check_size(view, name)
        problem = self.why_unusable(view)
        self._mirrored += view.mirrored
        if problem:
            return self._report(False, f"{name}: {problem}", stills=True)
        self._take(view)
        return self._report(True, f"{name}: {view.n_corners} corners", stills=True)

    def add_frame(self, image_bgr: np.ndarray, name: str = "frame") -> CalibrationProgress:
        """Offer one live or video frame: taken only when the board is still and the view new."""
        view = self.detect(image_bgr)
        self._check_size(view, name)
        previous, self._previous = self._previous, view
        problem = self.why_unusable(view)
        self._mirrored += view.mirrored
        if problem:
            return self._report(False, problem)
        if previous is None or previous.n_corners == 0:
            return self._report(False, "hold the board still")
        common, a, b = np.intersect1d(view.ids, previous.ids, return_indices=True)
        if len(common) < self.min_corners:
            return self._report(False, "hold the board still")
        motion = float(np.median(np.linalg.norm(view.corners[a] - previous.corners[b], axis=1)))
        if motion > self.still_px:
            return self._report(False, f"board moving ({motion:.1f} px)")
        descr, normal = self._geometry(view)
        if not self._is_new(descr, normal):
            return self._report(False, "view like one already taken: move or tilt the board")
        self._take(view)
        return self._report(True, f"view taken, {view.n_corners} corners")

    # -- calibration -----------------------------------------------------------------------
    def calibrate(self, source: str = "calibration") -> CameraIntrinsics:
        """Intrinsics from the views taken (cv2.calibrateCamera, 5 distortion coefficients).

        Raises InputError (naming ``source``) with the reason when fewer than ``min_views``
        usable views were gathered.
        """
        if len(self.views) < self.min_views:
            mirrored = (f" ({self._mirrored} mirrored: turn off the camera's mirror mode)"
                        if self._mirrored else "")
            raise InputError(
                f"the board was found in {len(self.views)} usable view(s){mirrored}; need at least "
                f"{self.min_views} with {self.min_corners}+ corners each, at different tilts",
                source=source)
        assert self.image_size is not None  # set by the first view
        obj, img = [], []
        for v in self.views:
            o, i = self._match(v)
            obj.append(o.astype(np.float32))
            img.append(i.astype(np.float32))
        rms, K, dist, _, _ = cv2.calibrateCamera(obj, img, self.image_size, None, None)
        board = self.board.to_json() | {"views": len(self.views)}
        return CameraIntrinsics(K, dist.ravel(), self.image_size, float(rms), board, None)


def image_files(folder: str | Path) -> list[Path]:
    """The image files in ``folder``, sorted by name; InputError when there are none."""
    p = Path(folder)
    files = sorted(f for f in p.iterdir() if f.suffix.lower() in IMAGE_SUFFIXES)
    if not files:
        raise InputError(f"no images ({', '.join(IMAGE_SUFFIXES)}) in the folder", source=str(p))
    return files


def calibrate_from_images(paths: Iterable[str | Path], board: BoardSpec | None = None,
                          progress: Callable[[CalibrationProgress], None] | None = None,
                          **kwargs) -> CameraIntrinsics:
    """Intrinsics from still images of the board (all usable ones are used).

    Raises InputError naming an unreadable image, or the reason when too few views are usable.
    """
    cal = CharucoCalibrator(board, progress=progress, **kwargs)
    for path in paths:
        cal.add_image(read_image(path), name=str(path))
    return cal.calibrate()
