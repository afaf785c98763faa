"""Manual fallback: four clicked play-area corners instead of printed markers (lower accuracy)."""

from __future__ import annotations

import cv2
import numpy as np

from armada_vision.errors import InputError

from ._files import CameraIntrinsics
from ._table import TableFit, _default_matrix, _pnp, fit_points, focal_from_homography

MANUAL_WARNING = (
    "manual calibration from four clicked corners: lower accuracy (a click is worth a few mm), "
    "raised planes approximated from an estimated camera height; print the table markers "
    "for better results"
)


#: corners that a camera looking at a flat play area of the layout's size cannot have made, by
#: more than this fraction of the picture's diagonal (RMS), are warned about. Four corners of the
#: right size fit any view to < 0.2 px (rendered 640x480 and 1080p, 0-40 deg tilt, with lens
#: distortion); the 3' x 3' layout clicked on a 6' x 3' table 70-320 px, and on the real
#: overhead webcam board (1.53 : 1) the 3' x 3' layout 64-65 px and the 6' x 3' one 37-38 px of
#: its 800 px diagonal (as does a camera file of another camera: 64 px). A click is a few px.
SHAPE_WARN_FRACTION = 0.02


def shape_misfit_px(corners_px: np.ndarray, play_area_mm: tuple[float, float],
                    image_size: tuple[int, int], intrinsics: CameraIntrinsics | None = None) -> float:
    """RMS distance (px) between the four clicked corners (table order, as in
    :func:`manual_fit`) and where one pinhole camera puts a ``play_area_mm`` rectangle fitted to
    them: with ``intrinsics`` through its lens, else with the focal length the corners imply
    (or a 67.3 deg lens when the view is too straight-on to tell). ``nan`` when the pose cannot
    be solved. Large when the play area's shape is not the one clicked (the wrong ``--layout``)
    or the camera file is of another camera."""
    img = np.asarray(corners_px, dtype=np.float64).reshape(4, 2)
    w, h = play_area_mm
    obj = np.array([[0.0, 0.0], [w, 0.0], [w, h], [0.0, h]])
    if intrinsics is not None:
        K, dist = intrinsics.camera_matrix, intrinsics.dist_coeffs
    else:
        H, _ = cv2.findHomography(obj, img, 0)
        if H is None:
            return float("nan")
        K, dist = _default_matrix(image_size, focal_from_homography(H, image_size)), np.zeros(5)
    try:
        rvec, tvec = _pnp(obj, img, K, dist)
    except (ValueError, cv2.error):
        return float("nan")
    proj = cv2.projectPoints(np.column_stack([obj, np.zeros(4)]), rvec, tvec, K, dist)[0]
    return float(np.sqrt(np.mean(np.sum((proj.reshape(4, 2) - img) ** 2, axis=1))))


def manual_fit(corners_px: np.ndarray, play_area_mm: tuple[float, float],
               image_size: tuple[int, int], intrinsics: CameraIntrinsics | None = None,
               field: str = "corners") -> TableFit:
    """Table pose from the play area's four corners as seen in the image.

    ``corners_px`` (4, 2) px, in the table-frame order (0, 0), (w, 0), (w, h), (0, h) with
    ``play_area_mm`` = (w, h): player 1's left corner first, then player 1's right, then the
    far corners (counter-clockwise seen from above).

    Without ``intrinsics`` the result is a homography for the mat; other heights use a camera
    centre from a focal length estimated from the four points, or an assumed 67.3 deg lens when
    the view is too straight-on to tell (see HomographyCamera) -- so parallax correction is
    approximate. With intrinsics it is a TableCamera (solvePnP on the four points). Either way
    ``accuracy`` is ``"manual"`` and a warning says so.

    A warning is added when no camera could see a ``play_area_mm`` rectangle as those corners
    (:func:`shape_misfit_px` over :data:`SHAPE_WARN_FRACTION` of the diagonal).

    Raises InputError naming ``field`` (the option that gave them, e.g. ``"--corners"``) when the
    points are not four distinct, convex, non-degenerate corners, or run the wrong way round
    (the mirror image of the table).
    """
    img = np.asarray(corners_px, dtype=np.float64)
    if img.shape != (4, 2) or not np.all(np.isfinite(img)):
        raise InputError(f"expected 4 corners (x, y), got shape {img.shape}", field=field)
    w, h = play_area_mm
    obj = np.array([[0.0, 0.0], [w, 0.0], [w, h], [0.0, h]])
    edges = np.roll(img, -1, axis=0) - img
    cross = edges[:, 0] * np.roll(edges, -1, axis=0)[:, 1] - edges[:, 1] * np.roll(edges, -1, axis=0)[:, 0]
    if np.any(np.abs(cross) < 1.0) or not (np.all(cross > 0) or np.all(cross < 0)):
        raise InputError("the 4 corners must form a convex quadrilateral, given in order "
                         "around the play area", field=field)
    # Seen from any camera above the table, the corners in table order (counter-clockwise from
    # above) run clockwise in the image, whose y axis points down: negative cross products.
    # The other way round the mapping would be the table's mirror image.
    if np.all(cross > 0):
        raise InputError("the corners run clockwise in the picture (or it is mirrored): give "
                         "player 1's left corner, then player 1's right, then the other two, "
                         "going counter-clockwise as seen from above", field=field)
    camera = fit_points(obj, img, intrinsics, image_size)
    err_px = np.linalg.norm(camera.table_to_image(obj, 0.0) - img, axis=1)
    warnings = [MANUAL_WARNING]
    misfit = shape_misfit_px(img, (w, h), image_size, intrinsics)
    if misfit > SHAPE_WARN_FRACTION * float(np.hypot(*image_size)):
        warnings.append(
            f"the 4 corners do not look like a {w:g} x {h:g} mm play area seen by one camera "
            f"(off by {misfit:.0f} px RMS): distances will be stretched; check that --layout "
            "gives this table's play area" + (" and that --camera is this camera's lens file"
                                              if intrinsics is not None else ""))
    return TableFit(
        camera=camera,
        reprojection_px=float(np.sqrt(np.mean(err_px ** 2))),
        reprojection_mm=float("nan"),
        marker_ids=[],
        accuracy="manual",
        image_size=(int(image_size[0]), int(image_size[1])),
        warnings=warnings,
    )
