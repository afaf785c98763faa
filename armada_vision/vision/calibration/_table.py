"""The table's pose from its printed markers: detection, fit and the two camera models.

With intrinsics the fit is a full :class:`TableCamera` (solvePnP on every visible marker corner,
distortion corrected). Without them it is a :class:`HomographyCamera`: a homography for the mat
plus an estimated camera centre for the parallax of raised planes, marked lower accuracy.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import cv2
import numpy as np

from armada_vision.errors import InputError
from armada_vision.vision.camera import TableCamera

from ._files import CameraIntrinsics, TableLayout, aruco_dictionary

#: assumed horizontal field of view when nothing better is known (C920-class webcam, cv-notes 2.3)
DEFAULT_HFOV_DEG = 67.3

#: a fit whose markers reproject worse than both of these is refused by :func:`fit_table`: the
#: layout is the wrong one (the 3' x 3' layout on a 6' x 3' table gives 17-20 mm, 8-30 px at
#: 480p-1080p) or sheets lie far from where it says. Right layouts measured at most 6.7 mm /
#: 2.3 px (640x480 without intrinsics, 3x a C920's distortion); 1 px is ~3.5 mm at 480p.
MAX_FIT_MM = 8.0
MAX_FIT_PX = 4.0

NO_INTRINSICS_WARNING = (
    "no camera intrinsics: lens distortion is not corrected and the table mapping may be off by "
    "several mm towards the edges (cv-notes 2.4); run 'armada-vision calibrate camera' first"
)


class HomographyCamera:
    """Image <-> table mapping from a mat-plane homography and an estimated camera centre.

    ``homography`` (3, 3) maps table mm on the mat (z = 0) to image px. ``centre_mm`` (3,) is the
    camera's optical centre in table mm; a point at height z lies on the viewing ray through the
    camera centre, so it maps like the mat point where that ray meets the mat:
    ``q = c_xy + (p - c_xy) * c_z / (c_z - z)``. This is exact for a distortion-free pinhole
    camera with the right centre; the centre comes from an assumed or estimated focal length,
    so raised planes are approximate (about 1 % of the height-induced shift per 1 % of error in
    the camera height). Same mapping API as :class:`TableCamera`.
    """

    def __init__(self, homography: np.ndarray, centre_mm: np.ndarray, image_size: tuple[int, int]):
        self.homography = np.asarray(homography, dtype=np.float64).reshape(3, 3)
        self.homography = self.homography / self.homography[2, 2]
        self._inv = np.linalg.inv(self.homography)
        self.centre_mm = np.asarray(centre_mm, dtype=np.float64).reshape(3)
        self.image_size = (int(image_size[0]), int(image_size[1]))

    def _lift(self, pts: np.ndarray, height_mm, down: bool) -> np.ndarray:
        z = np.broadcast_to(np.asarray(height_mm, dtype=np.float64), (len(pts),))[:, None]
        c, cz = self.centre_mm[:2], self.centre_mm[2]
        f = cz / (cz - z) if down else (cz - z) / cz
        return c + (pts - c) * f

    def table_to_image(self, points_mm: np.ndarray, height_mm: float | np.ndarray = 0.0) -> np.ndarray:
        """Table points (N, 2) mm at ``height_mm`` (scalar or (N,)) -> pixels (N, 2)."""
        pts = np.asarray(points_mm, dtype=np.float64).reshape(-1, 2)
        if len(pts) == 0:
            return np.zeros((0, 2))
        mat = self._lift(pts, height_mm, down=True)
        return cv2.perspectiveTransform(mat.reshape(-1, 1, 2), self.homography).reshape(-1, 2)

    def image_to_table(self, points_px: np.ndarray, height_mm: float | np.ndarray = 0.0) -> np.ndarray:
        """Pixels (N, 2) -> table points (N, 2) mm on the plane ``height_mm`` above the mat."""
        px = np.asarray(points_px, dtype=np.float64).reshape(-1, 2)
        if len(px) == 0:
            return np.zeros((0, 2))
        mat = cv2.perspectiveTransform(px.reshape(-1, 1, 2), self._inv).reshape(-1, 2)
        return self._lift(mat, height_mm, down=False)


@dataclass
class TableFit:
    """The table's pose in one frame.

    ``camera`` maps both ways at any height (a TableCamera with intrinsics, else a
    HomographyCamera); ``reprojection_px`` is the RMS distance (px) between detected and projected
    marker corners, ``reprojection_mm`` the RMS distance (mm, on the mat) between the detected
    corners mapped onto the table and the layout's corners; ``marker_ids`` the markers used;
    ``accuracy`` is ``"intrinsics"``, ``"homography"`` (no intrinsics) or ``"manual"`` (four
    clicked corners); ``warnings`` are one-line texts for the user.
    """

    camera: TableCamera | HomographyCamera
    reprojection_px: float
    reprojection_mm: float
    marker_ids: list[int]
    accuracy: str
    image_size: tuple[int, int]
    warnings: list[str] = field(default_factory=list)
    observed_px: dict[int, np.ndarray] = field(default_factory=dict, repr=False)


def make_detector(dictionary: str, *, fast: bool = False, min_marker_fraction: float = 0.015,
                  window: bool = False) -> cv2.aruco.ArucoDetector:
    """An ArucoDetector for table markers with sub-pixel corner refinement (cv-notes 2.4).

    ``fast`` turns on OpenCV's aruco3 mode: candidates are searched on a copy scaled by
    ``fxfy = S / (S + long_side * min_marker_fraction)`` with ``S = minSideLengthCanonicalImg``
    = 16, and candidates shorter than S px there are dropped. Measured on rendered 720p/1080p
    tables, markers were lost erratically once their side fell below about 1.5 S / fxfy, so use
    :func:`aruco3_fraction` to pick ``min_marker_fraction`` from the expected marker size (it
    keeps the smallest marker about 2 S px long in the scaled copy). For continuous tracking,
    searching small regions around the markers' expected positions is faster still
    (:func:`detect_layout_markers` ``predicted``).

    ``window`` tunes it for such a region (the marker fills most of it): one adaptive-threshold
    window of 23 px and contours shorter than 0.8x the region's size ignored; 0.2 ms a region
    instead of 2-3 ms with the defaults (measured, 150 px region, one core).
    """
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    # The sub-pixel window follows the marker's module size (OpenCV's default 0.3 of a module
    # is 1-2 px on a small marker and barely moves the corner); see CORNER_WINDOW_MODULES.
    params.relativeCornerRefinmentWinSize = CORNER_WINDOW_MODULES
    params.cornerRefinementWinSize = MAX_CORNER_WINDOW_PX
    params.cornerRefinementMaxIterations = 50
    params.cornerRefinementMinAccuracy = 0.01
    if window:
        params.minMarkerPerimeterRate = 0.8
        params.adaptiveThreshWinSizeMin = 23
        params.adaptiveThreshWinSizeMax = 23
    if fast:
        params.useAruco3Detection = True
        params.minMarkerLengthRatioOriginalImg = float(min_marker_fraction)
        params.minSideLengthCanonicalImg = 16
    return cv2.aruco.ArucoDetector(aruco_dictionary(dictionary), params)


#: half-width of the sub-pixel corner window, in marker modules. The window must stay on the
#: marker's own corner (its black border is one module wide, the white quiet zone outside):
#: measured on rendered 640x480 tables through the strong lens of the real ChArUco photos, a
#: half-window of 0.4-0.6 module took the table error from 1.00 / 1.55 mm (median / worst, the
#: aruco3 pass) or 0.45 / 1.40 mm (default pass, OpenCV's 0.3 module) to 0.12 / 0.38 mm, 0.8
#: module 0.14 / 0.52 mm, a fixed 5-6 px (over a module) 0.9-1.2 / 3.6-5.3 mm; on the real
#: ChArUco photos (3 px modules) marker corners against the chessboard pose 0.77 -> 0.61 px
#: median, 1.54 -> 1.18 px p95. At 1080p (12 px modules) 0.25 -> 0.16 px.
CORNER_WINDOW_MODULES = 0.6
#: ... and at most this many px (OpenCV's ``cornerRefinementWinSize`` caps it).
MAX_CORNER_WINDOW_PX = 10


def refine_corners(image_bgr: np.ndarray, found: dict[int, np.ndarray],
                   dictionary: str) -> dict[int, np.ndarray]:
    """``found`` ({id: corners (4, 2) px}) refined by ``cv2.cornerSubPix`` on the full image
    with a window of :data:`CORNER_WINDOW_MODULES` of each marker's module size. aruco3 mode
    leaves corners found at a small size as they were (its refinement parameters had no
    effect at 640x480: corners 0.70 px median off, table 1.00 mm median)."""
    if not found:
        return found
    grey = _grey(image_bgr)
    modules = aruco_dictionary(dictionary).markerSize + 2
    crit = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_COUNT, 50, 0.01)
    out = {}
    for i, quad in found.items():
        q = np.asarray(quad, dtype=np.float64).reshape(4, 2)
        side_px = float(np.mean(np.linalg.norm(q - np.roll(q, 1, axis=0), axis=1)))
        half = int(min(max(round(CORNER_WINDOW_MODULES * side_px / modules), 2),
                       MAX_CORNER_WINDOW_PX))
        pts = np.ascontiguousarray(q.reshape(-1, 1, 2), dtype=np.float32)
        cv2.cornerSubPix(grey, pts, (half, half), (-1, -1), crit)
        out[i] = pts.reshape(4, 2).astype(np.float64)
    return out


def aruco3_fraction(min_marker_px: float, image_size: tuple[int, int], canonical_px: int = 16) -> float:
    """``minMarkerLengthRatioOriginalImg`` that keeps a ``min_marker_px`` marker about
    2 x ``canonical_px`` long in aruco3's scaled copy (0 = no scaling when markers are small)."""
    return max(0.0, 0.5 * (min_marker_px - canonical_px) / max(image_size))


def expected_marker_px(layout: TableLayout, image_size: tuple[int, int]) -> float:
    """A cautious guess of the smallest marker side (px) when the layout fills the image's
    width: 0.8x the average scale, for perspective and a camera a little too high."""
    corners = np.concatenate([m.corners_mm() for m in layout.markers])
    extent_mm = float(np.ptp(corners[:, 0])) * 1.1
    return 0.8 * min(m.size_mm for m in layout.markers) * image_size[0] / extent_mm


def _grey(image: np.ndarray) -> np.ndarray:
    return image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)


def _collect(corners, ids, known, offset, found: dict, dup: set) -> None:
    if ids is None:
        return
    for c, i in zip(corners, ids.ravel()):
        i = int(i)
        if i not in known:
            continue
        if i in found:
            dup.add(i)
        found[i] = np.asarray(c, dtype=np.float64).reshape(4, 2) + offset


def detect_layout_markers(image_bgr: np.ndarray, layout: TableLayout,
                          detector: cv2.aruco.ArucoDetector | None = None,
                          predicted: dict[int, np.ndarray] | None = None,
                          margin: float = 0.45,
                          memory: dict[int, tuple] | None = None) -> dict[int, np.ndarray]:
    """Detect the layout's markers; returns {id: corners (4, 2) px} for ids in the layout only.

    With ``predicted`` ({id: expected corners (4, 2) px}) only a window around each expected
    marker is searched (the marker's box grown by ``margin`` of its size a side): about 2-3 ms CPU at
    1080p instead of 12-13 ms for the whole frame (bench); ``detector`` should then be made with
    ``window=True``. A marker id found twice is dropped.

    ``memory`` (a dict the caller keeps between frames, with ``predicted``) remembers each
    window where its marker was found; a window whose picture has not changed since (see
    :func:`window_unchanged`) gives the corners found then without searching again (~0.02 ms
    instead of ~0.5 ms a window: on a still table the markers never move).
    """
    known = layout.by_id()
    found: dict[int, np.ndarray] = {}
    dup: set[int] = set()
    if min(image_bgr.shape[:2]) < MIN_IMAGE_SIDE_PX:
        return found  # no room for markers (OpenCV 5 asserts on images under about 16 px)
    if predicted is None:
        det = detector or make_detector(layout.dictionary)
        corners, ids, _ = det.detectMarkers(_grey(image_bgr))
        _collect(corners, ids, known, 0.0, found, dup)
    else:
        det = detector or make_detector(layout.dictionary, window=True)
        h, w = image_bgr.shape[:2]
        for i, quad in predicted.items():
            lo, hi = quad.min(axis=0), quad.max(axis=0)
            pad = margin * float(np.max(hi - lo)) + 8.0
            x0, y0 = np.floor(np.maximum(lo - pad, 0)).astype(int)
            x1, y1 = np.ceil(np.minimum(hi + pad, [w - 1, h - 1])).astype(int)
            if x1 - x0 < 8 or y1 - y0 < 8:
                continue
            window = _grey(image_bgr[y0:y1 + 1, x0:x1 + 1])
            last = memory.get(i) if memory is not None else None
            if last is not None and last[0] == (x0, y0, x1, y1) and window_unchanged(window, last[1]):
                found[i] = last[2]
                continue
            grey = window
            # Measured: a marker a few px off the window's centre was missed in about half of
            # the windows (OpenCV 5, 720p and 1080p renders) unless the window is framed by a
            # flat border of its own median grey; with it, none in 486 (shifts up to 12 px).
            b = WINDOW_BORDER_PX
            window = cv2.copyMakeBorder(window, b, b, b, b, cv2.BORDER_CONSTANT,
                                        value=float(np.median(window)))
            corners, ids, _ = det.detectMarkers(window)
            sub: dict[int, np.ndarray] = {}
            _collect(corners, ids, {i}, np.array([x0 - b, y0 - b], dtype=np.float64), sub, dup)
            found.update(sub)
            if memory is not None:
                if i in sub and i not in dup:
                    memory[i] = ((x0, y0, x1, y1), grey, sub[i])
                else:
                    memory.pop(i, None)
    for i in dup:
        found.pop(i, None)
    return found


#: a window counts as changed when more than ``WINDOW_CHANGED_FRACTION`` of its pixels differ
#: by more than ``WINDOW_CHANGE_GREY`` grey levels from when its marker was found. Measured on
#: rendered 1080p video (noise sigma 2, JPEG 90, 135x140 px windows): still frames at most 4 px
#: of ~19,900 over 24 levels; the frame shifted 0.1 px: at most 8; 0.2 px: 158-306; 0.5 px:
#: 324-509. So a marker moved by 0.2 px or more (or a hand, a shadow, an exposure change) is
#: searched again; the tracker compares with the frame of the last search, so a slow drift adds up.
WINDOW_CHANGE_GREY = 24
WINDOW_CHANGED_FRACTION = 0.0025


def window_unchanged(grey: np.ndarray, reference: np.ndarray) -> bool:
    """Whether two grey windows (H, W) uint8 show the same picture up to sensor noise."""
    if grey.shape != reference.shape:
        return False
    d = cv2.absdiff(grey, reference)
    over = cv2.countNonZero(cv2.threshold(d, WINDOW_CHANGE_GREY, 255, cv2.THRESH_BINARY)[1])
    return over <= WINDOW_CHANGED_FRACTION * d.size


#: flat border (px) added around each search window (see detect_layout_markers)
WINDOW_BORDER_PX = 12
# A frame with a side shorter than this cannot show three readable markers (a 4x4 marker with
# its border spans 6 cells of at least 4 px); it is treated as showing none.
MIN_IMAGE_SIDE_PX = 32


def _default_matrix(image_size: tuple[int, int], focal_px: float | None = None) -> np.ndarray:
    w, h = image_size
    f = focal_px or (w / 2.0) / math.tan(math.radians(DEFAULT_HFOV_DEG) / 2.0)
    return np.array([[f, 0, w / 2.0], [0, f, h / 2.0], [0, 0, 1.0]])


def focal_from_homography(H: np.ndarray, image_size: tuple[int, int],
                          min_tilt_deg: float = 5.0) -> float | None:
    """Focal length (px) implied by a plane homography, assuming square pixels, no skew and the
    principal point at the image centre.

    With ``H ~ K [r1 r2 t]``, ``r1 . r2 = 0`` and ``|r1| = |r2|`` are two linear equations in
    ``1 / f**2``, solved together by least squares (either alone is degenerate for some views:
    the first when the camera is tilted about one table axis). Returns None when the plane is
    tilted less than ``min_tilt_deg`` from the image plane (a straight-down view does not show
    the focal length) or the field of view would be outside 25..130 deg.
    """
    w, h = image_size
    T = np.array([[1, 0, -w / 2.0], [0, 1, -h / 2.0], [0, 0, 1.0]])
    G = T @ np.asarray(H, dtype=np.float64)
    G = G / np.linalg.norm(G[:, 0])
    (a1, b1, c1), (a2, b2, c2) = G[:, 0], G[:, 1]
    A = np.array([a1 * a2 + b1 * b2, a1 * a1 + b1 * b1 - a2 * a2 - b2 * b2])
    C = np.array([c1 * c2, c1 * c1 - c2 * c2])
    if float(A @ A) < 1e-30:
        return None
    inv_f2 = -float(A @ C) / float(A @ A)
    if inv_f2 <= 0:
        return None
    f = 1.0 / math.sqrt(inv_f2)
    r1 = np.array([a1 / f, b1 / f, c1])
    r2 = np.array([a2 / f, b2 / f, c2])
    normal = np.cross(r1 / np.linalg.norm(r1), r2 / np.linalg.norm(r2))
    tilt = math.degrees(math.acos(min(1.0, abs(normal[2]) / np.linalg.norm(normal))))
    hfov = 2 * math.degrees(math.atan(w / 2.0 / f))
    if tilt < min_tilt_deg or not 25.0 <= hfov <= 130.0:
        return None
    return f


def _pnp(obj: np.ndarray, img: np.ndarray, K: np.ndarray, dist: np.ndarray):
    obj3 = np.column_stack([obj, np.zeros(len(obj))]).astype(np.float64)

    def good(ok, rvec, tvec) -> bool:
        return bool(ok) and bool(np.all(np.isfinite(rvec)) and np.all(np.isfinite(tvec)))

    ok, rvec, tvec = cv2.solvePnP(obj3, img, K, dist, flags=cv2.SOLVEPNP_IPPE)
    # IPPE reports success with a NaN pose on some exact views (a 914 mm square's four
    # corners seen from a 25 deg tilt at 1080p: the manual fit's camera centre was NaN)
    if not good(ok, rvec, tvec):
        ok, rvec, tvec = cv2.solvePnP(obj3, img, K, dist, flags=cv2.SOLVEPNP_ITERATIVE)
    if not good(ok, rvec, tvec):
        raise ValueError("solvePnP failed")
    refined = cv2.solvePnPRefineLM(obj3, img, K, dist, rvec.copy(), tvec.copy())
    if good(True, *refined):
        rvec, tvec = refined
    return rvec.ravel(), tvec.ravel()


def fit_points(obj_mm: np.ndarray, img_px: np.ndarray, intrinsics: CameraIntrinsics | None,
               image_size: tuple[int, int]) -> TableCamera | HomographyCamera:
    """Camera from table points on the mat ``obj_mm`` (N, 2) and their pixels ``img_px`` (N, 2).

    With ``intrinsics``: solvePnP (IPPE, then Levenberg-Marquardt), N >= 4. Without: a
    least-squares homography (N >= 4) plus a camera centre from solvePnP with a focal length
    estimated from the homography (or a 67.3 deg field of view when that is ill-conditioned).
    """
    obj = np.asarray(obj_mm, dtype=np.float64).reshape(-1, 2)
    img = np.asarray(img_px, dtype=np.float64).reshape(-1, 2)
    if intrinsics is not None:
        try:
            rvec, tvec = _pnp(obj, img, intrinsics.camera_matrix, intrinsics.dist_coeffs)
        except (ValueError, cv2.error):  # a hand-edited lens file (dist_coeffs 1e200): cv2.error
            raise InputError("no camera pose maps the table onto these points with this lens: "
                             "check camera_matrix and dist_coeffs, or calibrate the camera "
                             "again", source=intrinsics.source) from None
        return TableCamera(intrinsics.camera_matrix, intrinsics.dist_coeffs, rvec, tvec, image_size)
    H, _ = cv2.findHomography(obj, img, 0)
    if H is None:
        raise ValueError("homography failed")
    K = _default_matrix(image_size, focal_from_homography(H, image_size))
    rvec, tvec = _pnp(obj, img, K, np.zeros(5))
    R = cv2.Rodrigues(rvec)[0]
    return HomographyCamera(H, -R.T @ tvec, image_size)


def _errors(camera, obj: np.ndarray, img: np.ndarray) -> tuple[np.ndarray, float]:
    """Per-point reprojection error (px) and the RMS table error (mm) on the mat."""
    proj = camera.table_to_image(obj, 0.0)
    err_px = np.linalg.norm(proj - img, axis=1)
    back = camera.image_to_table(img, 0.0)
    err_mm = float(np.sqrt(np.nanmean(np.sum((back - obj) ** 2, axis=1))))
    return err_px, err_mm


def _per_marker_px(camera, known, found, ids) -> np.ndarray:
    """RMS reprojection error (px) of each marker in ``ids`` under ``camera``."""
    return np.array([
        float(np.sqrt(np.mean(np.sum(
            (camera.table_to_image(known[i].corners_mm(), 0.0) - found[i]) ** 2, axis=1))))
        for i in ids])


def _fit_ids(found, known, ids, intrinsics, image_size):
    obj = np.concatenate([known[i].corners_mm() for i in ids])
    img = np.concatenate([found[i] for i in ids])
    camera = fit_points(obj, img, intrinsics, image_size)
    return camera, obj, img


def fit_markers(found: dict[int, np.ndarray], intrinsics: CameraIntrinsics | None,
                layout: TableLayout, image_size: tuple[int, int]) -> TableFit:
    """Fit the table pose to detected markers {id: corners (4, 2) px} (at least one marker).

    A sheet laid in the wrong place is left out: while more than three markers remain and one
    reprojects worse than 3 px, each marker is checked against a fit of all the others, and the
    one that disagrees most (over 3 px and over 4x the others' median) is dropped.
    """
    known = layout.by_id()
    ids = sorted(found)
    while True:
        camera, obj, img = _fit_ids(found, known, ids, intrinsics, image_size)
        if len(ids) <= 3 or _per_marker_px(camera, known, found, ids).max() <= 3.0:
            break
        worst, worst_score = None, 0.0
        for i in ids:
            rest = [k for k in ids if k != i]
            cam_k, _, _ = _fit_ids(found, known, rest, intrinsics, image_size)
            own = _per_marker_px(cam_k, known, found, [i])[0]
            others = float(np.median(_per_marker_px(cam_k, known, found, rest)))
            score = own / max(others, 0.25)
            if own > 3.0 and score > 4.0 and score > worst_score:
                worst, worst_score = i, score
        if worst is None:
            break
        ids = [k for k in ids if k != worst]
    err_px, err_mm = _errors(camera, obj, img)
    warnings = [] if intrinsics is not None else [NO_INTRINSICS_WARNING]
    return TableFit(
        camera=camera,
        reprojection_px=float(np.sqrt(np.mean(err_px ** 2))),
        reprojection_mm=err_mm,
        marker_ids=ids,
        accuracy="intrinsics" if intrinsics is not None else "homography",
        image_size=image_size,
        warnings=warnings,
        observed_px={i: found[i] for i in ids},
    )


def fit_table(image_bgr: np.ndarray, intrinsics: CameraIntrinsics | None, layout: TableLayout,
              *, frame: str = "frame", detector: cv2.aruco.ArucoDetector | None = None,
              min_markers: int = 3, max_fit_mm: float = MAX_FIT_MM,
              max_fit_px: float = MAX_FIT_PX) -> TableFit:
    """The table's pose in one BGR image (H, W, 3) from the layout's printed markers.

    Detects the markers with sub-pixel corners, first in aruco3 fast mode tuned to the marker
    size expected when the layout fills the picture, and again in the default mode when that
    missed any; then fits every visible marker corner: solvePnP with ``intrinsics``, else a
    homography with a warning (see TableFit). ``detector`` replaces both passes.

    Raises InputError (naming ``frame``) when the image size differs from the intrinsics' (the
    camera file is for another resolution) or fewer than ``min_markers`` layout markers are found
    (saying so when they are found in the mirrored picture: a webcam in mirror mode), and when
    the markers found do not fit the layout (RMS error above ``max_fit_mm`` on the table and
    ``max_fit_px`` in the image: the wrong layout, or sheets far from their places); naming the
    layout when it lists no markers.
    """
    layout.require_markers("the table fit")
    if image_bgr is None or getattr(image_bgr, "ndim", 0) not in (2, 3) or image_bgr.size == 0:
        raise InputError("not an image", source=frame)
    h, w = image_bgr.shape[:2]
    if intrinsics is not None:
        intrinsics.check_frame((w, h), frame)
    if detector is not None:
        found = detect_layout_markers(image_bgr, layout, detector)
    else:
        fraction = aruco3_fraction(expected_marker_px(layout, (w, h)), (w, h))
        found = refine_corners(image_bgr, detect_layout_markers(
            image_bgr, layout, make_detector(layout.dictionary, fast=True,
                                             min_marker_fraction=fraction)), layout.dictionary)
        if len(found) < len(layout.markers):
            again = detect_layout_markers(image_bgr, layout)
            if len(again) > len(found):
                found = again
    if len(found) < min_markers:
        if len(detect_layout_markers(cv2.flip(image_bgr, 1), layout)) >= min_markers:
            raise InputError("the picture is mirrored (the table markers read only when flipped): "
                             "turn off the camera's mirror mode", source=frame)
        ids = ", ".join(str(i) for i in sorted(found)) or "none"
        raise InputError(
            f"found {len(found)} of the layout's {len(layout.markers)} table markers (ids: {ids}); "
            f"need at least {min_markers} ({layout.dictionary}, layout {layout.source or 'given'})",
            source=frame,
        )
    fit = fit_markers(found, intrinsics, layout, (w, h))
    from ._span import span_warning  # imports this module

    spread = span_warning(found, fit, layout, intrinsics, (w, h))
    if spread:
        fit.warnings.append(spread)
    if fit.reprojection_mm > max_fit_mm and fit.reprojection_px > max_fit_px:
        ids = ", ".join(str(i) for i in fit.marker_ids)
        raise InputError(
            f"the table markers found (ids: {ids}) do not fit the layout "
            f"{layout.source or 'given'} (RMS {fit.reprojection_mm:.0f} mm, "
            f"{fit.reprojection_px:.0f} px): wrong --layout, or sheets not where it says",
            source=frame)
    return fit
