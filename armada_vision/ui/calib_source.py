"""Calibration for the live window, through the calibration part's files (no Qt).

``--camera camera.json --layout LAYOUT``: intrinsics plus the table markers, re-fitted on every
frame by ``armada_vision.vision.calibration.TableTracker`` (the agreed API).
``--table table.json``: a fit written by ``calibrate table`` (``armada-table/1``), or the older
bare camera pose (``load_table_file`` in the calibration part, shared with ``analyze``).
"""

from __future__ import annotations

import importlib
import math
from typing import Any

from armada_vision.errors import InputError
from armada_vision.ui.pipeline import Calibration


def _calibration_module() -> Any:
    try:
        return importlib.import_module("armada_vision.vision.calibration")
    except ImportError:
        raise InputError("the calibration part is not installed", field="--camera") from None


def tracker_from_files(camera_path: str, layout_path: str) -> Any:
    """A ``TableTracker`` for the intrinsics and layout files (InputError naming a bad file)."""
    mod = _calibration_module()
    tracker_cls = getattr(mod, "TableTracker", None)
    if tracker_cls is None:
        raise InputError("this version has no continuous table tracking; use --table", field="--layout")
    return tracker_cls(mod.load_camera(camera_path), mod.load_layout(layout_path))


def load_table_calibration(path: str) -> tuple[Calibration, Any]:
    """The calibration saved in ``path`` and a tracker that keeps it fitted (or ``None``).

    Read by the calibration part's ``load_table_file``, as ``analyze --table`` reads it: an
    ``armada-table/1`` file (``calibrate table``) fitted from markers is tracked on from there
    (``TableTracker(..., fit=fit)``); a manual four-corner fit stays fixed ("manual corners:
    lower accuracy"); the older form, a bare camera pose without "format", is a fixed
    TableCamera.
    """
    mod = _calibration_module()
    fit, layout, intrinsics = mod.load_table_file(path)
    if layout is None:  # the older form: a fixed camera pose without "format"
        rep = fit.reprojection_mm
        return Calibration(fit.camera, "markers", None if math.isnan(rep) else rep), None
    if fit.accuracy == "manual":
        return Calibration(fit.camera, "manual", fit.reprojection_mm), None
    tracker = mod.TableTracker(intrinsics, layout, fit=fit)
    return Calibration(fit.camera, "markers", fit.reprojection_mm), tracker
