"""Manual fallback: four clicked play-area corners instead of printed markers (lower accuracy)."""

from __future__ import annotations

import numpy as np

from armada_vision.errors import InputError

from ._files import CameraIntrinsics
from ._table import TableFit, fit_points

MANUAL_WARNING = (
    "manual calibration from four clicked corners: lower accuracy (a click is worth a few mm), "
    "raised planes approximated from an estimated camera height; print the table markers "
    "for better results"
)


def manual_fit(corners_px: np.ndarray, play_area_mm: tuple[float, float],
               image_size: tuple[int, int], intrinsics: CameraIntrinsics | None = None) -> TableFit:
    """Table pose from the play area's four corners clicked in the image.

    ``corners_px`` (4, 2) px, in the table-frame order (0, 0), (w, 0), (w, h), (0, h) with
    ``play_area_mm`` = (w, h): player 1's left corner first, then player 1's right, then the
    far corners (counter-clockwise seen from above).

    Without ``intrinsics`` the result is a homography for the mat; other heights use a camera
    centre from a focal length estimated from the four points, or an assumed 67.3 deg lens when
    the view is too straight-on to tell (see HomographyCamera) -- so parallax correction is
    approximate. With intrinsics it is a TableCamera (solvePnP on the four points). Either way
    ``accuracy`` is ``"manual"`` and a warning says so.

    Raises InputError when the points are not four distinct, convex, non-degenerate corners,
    or run the wrong way round (the mirror image of the table).
    """
    img = np.asarray(corners_px, dtype=np.float64)
    if img.shape != (4, 2) or not np.all(np.isfinite(img)):
        raise InputError(f"expected 4 clicked corners (x, y), got shape {img.shape}", field="corners")
    w, h = play_area_mm
    obj = np.array([[0.0, 0.0], [w, 0.0], [w, h], [0.0, h]])
    edges = np.roll(img, -1, axis=0) - img
    cross = edges[:, 0] * np.roll(edges, -1, axis=0)[:, 1] - edges[:, 1] * np.roll(edges, -1, axis=0)[:, 0]
    if np.any(np.abs(cross) < 1.0) or not (np.all(cross > 0) or np.all(cross < 0)):
        raise InputError("the 4 corners must form a convex quadrilateral, clicked in order "
                         "around the play area", field="corners")
    # Seen from any camera above the table, the corners in table order (counter-clockwise from
    # above) run clockwise in the image, whose y axis points down: negative cross products.
    # The other way round the mapping would be the table's mirror image.
    if np.all(cross > 0):
        raise InputError("the corners were clicked clockwise (or the picture is mirrored): click "
                         "player 1's left corner, then player 1's right, then on round "
                         "counter-clockwise as seen from above", field="corners")
    camera = fit_points(obj, img, intrinsics, image_size)
    err_px = np.linalg.norm(camera.table_to_image(obj, 0.0) - img, axis=1)
    return TableFit(
        camera=camera,
        reprojection_px=float(np.sqrt(np.mean(err_px ** 2))),
        reprojection_mm=float("nan"),
        marker_ids=[],
        accuracy="manual",
        image_size=(int(image_size[0]), int(image_size[1])),
        warnings=[MANUAL_WARNING],
    )
