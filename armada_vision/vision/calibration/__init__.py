"""Calibration: camera intrinsics (ChArUco), the table's pose from printed markers, staying
calibrated during play, and the manual four-corner fallback.

Files: ``armada-camera/1``, ``armada-table-layout/1`` (DESIGN.md) and ``armada-table/1``
(:mod:`._tablefile`). Default layouts live in the repository's ``calibration/`` folder
(:data:`DEFAULT_LAYOUTS`). Everything maps through an object with
``table_to_image(pts_mm, height_mm)`` / ``image_to_table(pts_px, height_mm)``: a
:class:`~armada_vision.vision.camera.TableCamera` when intrinsics are known, else a
:class:`HomographyCamera`.
"""

from ._files import (
    DEFAULT_LAYOUTS,
    LAYOUT_DIR,
    BoardSpec,
    CameraIntrinsics,
    MarkerSpec,
    TableLayout,
    load_camera,
    load_layout,
    read_image,
    save_camera,
)
from ._intrinsics import CalibrationProgress, CharucoCalibrator, calibrate_from_images
from ._manual import manual_fit
from ._table import (
    HomographyCamera,
    TableFit,
    detect_layout_markers,
    fit_markers,
    fit_table,
    make_detector,
)
from ._tablefile import load_table, load_table_file, save_table
from ._tracker import MESSAGES as TRACKER_MESSAGES
from ._tracker import TableTracker, TrackerStatus

__all__ = [
    "BoardSpec", "CameraIntrinsics", "MarkerSpec", "TableLayout", "load_camera", "load_layout",
    "save_camera", "read_image", "CalibrationProgress", "CharucoCalibrator",
    "calibrate_from_images", "manual_fit", "HomographyCamera", "TableFit", "detect_layout_markers",
    "fit_markers", "fit_table", "make_detector", "load_table", "load_table_file", "save_table", "TableTracker",
    "TrackerStatus", "TRACKER_MESSAGES", "DEFAULT_LAYOUTS", "LAYOUT_DIR",
]
