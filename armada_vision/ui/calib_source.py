"""Calibration for the live window, through the calibration part's files (no Qt).

``--camera camera.json --layout LAYOUT``: intrinsics plus the table markers, re-fitted on every
frame by ``armada_vision.vision.calibration.TableTracker`` (the agreed API).
``--table table.json``: a fixed fit written by ``calibrate table`` (read with the calibration
part's ``load_table`` when it has one, else from the file's ``camera_matrix``, ``dist_coeffs``,
``rvec``, ``tvec``, ``image_size`` keys).
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

from armada_vision import jsontext
from armada_vision.errors import InputError
from armada_vision.ui.pipeline import Calibration
from armada_vision.vision.camera import TableCamera


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


def _camera_from_dict(d: dict[str, Any], source: str) -> TableCamera:
    try:
        return TableCamera(d["camera_matrix"], d.get("dist_coeffs", [0, 0, 0, 0, 0]), d["rvec"],
                           d["tvec"], tuple(d["image_size"]))
    except KeyError as exc:  # a lens file from 'calibrate camera' has no table pose
        raise InputError("missing field: not a table calibration (give the file 'calibrate "
                         "table' wrote; a camera file from 'calibrate camera' goes with --camera "
                         "and --layout)", source=source, field=str(exc.args[0])) from None
    except (TypeError, ValueError) as exc:
        raise InputError(f"not a table calibration ({exc})", source=source) from None


def load_table_calibration(path: str) -> tuple[Calibration, Any]:
    """The calibration saved in ``path`` and a tracker that keeps it fitted (or ``None``).

    An ``armada-table/1`` file (``calibrate table``) is read by the calibration part: a fit from
    markers is tracked on from there (``TableTracker(..., fit=fit)``); a manual four-corner fit
    stays fixed ("manual corners: lower accuracy"). A file with bare ``camera_matrix``,
    ``dist_coeffs``, ``rvec``, ``tvec``, ``image_size`` keys is a fixed TableCamera.
    """
    p = Path(path)
    try:
        data = jsontext.loads(p.read_text(encoding="utf-8-sig"))  # a BOM (Notepad) is no error
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", source=str(p)) from None
    except UnicodeDecodeError as exc:
        raise InputError(f"not a UTF-8 text file (byte {exc.start})", source=str(p)) from None
    except json.JSONDecodeError as exc:
        raise InputError(f"not valid JSON (line {exc.lineno})", source=str(p)) from None
    if not isinstance(data, dict):
        raise InputError("expected a JSON object", source=str(p))
    if str(data.get("format", "")).startswith("armada-table/"):
        mod = _calibration_module()
        fit, layout, intrinsics = mod.load_table(p)
        if fit.accuracy == "manual":
            return Calibration(fit.camera, "manual", fit.reprojection_mm), None
        tracker = mod.TableTracker(intrinsics, layout, fit=fit)
        return Calibration(fit.camera, "markers", fit.reprojection_mm), tracker
    inner = data.get("camera")
    cam = _camera_from_dict(inner if isinstance(inner, dict) else data, str(p))
    rep = data.get("reprojection_mm")
    return Calibration(cam, "markers", float(rep) if isinstance(rep, (int, float)) else None), None
