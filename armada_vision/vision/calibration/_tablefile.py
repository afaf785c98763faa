"""The table calibration file, ``armada-table/1`` (JSON), written by ``calibrate table``.

Self-contained: it embeds the intrinsics and the layout it was fitted with, and also names the
files they came from (for the user; readers use the embedded copies)::

    {
      "format": "armada-table/1",
      "accuracy": "intrinsics" | "homography" | "manual",
      "image_size": [w, h],                    # px
      "camera_file": "camera.json" | null,     # as given on the command line
      "camera": {armada-camera/1 object} | null,
      "rvec": [3], "tvec": [3],                # table mm -> camera frame (OpenCV), with intrinsics
      "homography": [[3x3]],                   # table mm on the mat -> px, without intrinsics
      "camera_centre_mm": [x, y, z],           # optical centre in table mm (both kinds)
      "reprojection_px": float, "reprojection_mm": float | null,
      "marker_ids": [...],
      "layout_file": "calibration/layout-6x3.json" | null,
      "layout": {armada-table-layout/1 object},
      "warnings": ["..."]
    }
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np

from armada_vision.errors import InputError
from armada_vision.vision.camera import TableCamera

from ._files import (
    CAMERA_FORMAT,
    CameraIntrinsics,
    TableLayout,
    _check_format,
    _need,
    _numbers,
    camera_from_json,
    layout_from_json,
    read_json,
    write_json,
)
from ._table import HomographyCamera, TableFit

TABLE_FORMAT = "armada-table/1"
ACCURACIES = ("intrinsics", "homography", "manual")


def table_to_json(fit: TableFit, layout: TableLayout, intrinsics: CameraIntrinsics | None,
                  camera_file: str | None = None, layout_file: str | None = None) -> dict[str, Any]:
    """The ``armada-table/1`` object for ``fit`` (see the module docstring)."""
    cam = fit.camera
    out: dict[str, Any] = {
        "format": TABLE_FORMAT,
        "accuracy": fit.accuracy,
        "image_size": list(fit.image_size),
        "camera_file": camera_file,
        "camera": intrinsics.to_json() if intrinsics is not None else None,
        "camera_centre_mm": [float(v) for v in cam.centre_mm],
        "reprojection_px": float(fit.reprojection_px),
        "reprojection_mm": None if math.isnan(fit.reprojection_mm) else float(fit.reprojection_mm),
        "marker_ids": list(fit.marker_ids),
        "layout_file": layout_file,
        "layout": layout.to_json(),
        "warnings": list(fit.warnings),
    }
    if isinstance(cam, TableCamera):
        out["rvec"] = cam.rvec.tolist()
        out["tvec"] = cam.tvec.tolist()
    else:
        out["homography"] = cam.homography.tolist()
    return out


def save_table(path: str | Path, fit: TableFit, layout: TableLayout,
               intrinsics: CameraIntrinsics | None, camera_file: str | None = None,
               layout_file: str | None = None) -> None:
    """Write ``fit`` as an ``armada-table/1`` file; InputError naming ``path`` if it cannot."""
    write_json(table_to_json(fit, layout, intrinsics, camera_file, layout_file), path)


def load_table(path: str | Path) -> tuple[TableFit, TableLayout, CameraIntrinsics | None]:
    """Read an ``armada-table/1`` file: the fit, its layout and its intrinsics (or None).

    Raises InputError naming the file and field when anything is missing or malformed.
    """
    src = str(path)
    data = read_json(path)
    _check_format(data, TABLE_FORMAT, src)
    return _table_from_json(data, src)


NOT_A_TABLE = ("missing field: not a table calibration (give the file 'calibrate table' wrote; a "
               "camera file from 'calibrate camera' goes with --camera and --layout)")


def load_table_file(path: str | Path) -> tuple[TableFit, TableLayout | None, CameraIntrinsics | None]:
    """What ``--table`` reads, in ``run`` and ``analyze`` alike.

    The contract is an ``armada-table/1`` file (DESIGN.md: every JSON file carries its
    ``"format"``), read as :func:`load_table` reads it. Files made before it are a fixed camera
    pose without that format: ``camera_matrix``, ``dist_coeffs``, ``rvec``, ``tvec`` and
    ``image_size`` (px), at the top or under ``"camera"``, with an optional ``reprojection_mm``
    (an ``armada-camera/1`` file with ``rvec``/``tvec`` added, such as the sample game's
    ``camera.json``, is one). Such a pose gives a fit of accuracy ``"intrinsics"`` with no
    markers, and layout ``None`` (the caller's). InputError naming the file and field.
    """
    src = str(path)
    data = read_json(path)
    fmt = data.get("format")
    if isinstance(fmt, str) and fmt.startswith("armada-table/"):
        _check_format(data, TABLE_FORMAT, src)
        return _table_from_json(data, src)
    if fmt is not None and fmt != CAMERA_FORMAT:
        raise InputError(f"expected {TABLE_FORMAT!r}, got {fmt!r}", source=src, field="format")
    inner = data.get("camera")
    pose = inner if isinstance(inner, dict) else data
    try:
        camera = TableCamera(pose["camera_matrix"], pose.get("dist_coeffs", [0, 0, 0, 0, 0]),
                             pose["rvec"], pose["tvec"], tuple(pose["image_size"]))
    except KeyError as exc:  # a lens file from 'calibrate camera' has no table pose
        raise InputError(NOT_A_TABLE, source=src, field=str(exc.args[0])) from None
    except (TypeError, ValueError) as exc:
        raise InputError(f"not a table calibration ({exc})", source=src) from None
    rep = data.get("reprojection_mm")
    rep_mm = float(rep) if isinstance(rep, (int, float)) and not isinstance(rep, bool) else math.nan
    fit = TableFit(camera=camera, reprojection_px=0.0, reprojection_mm=rep_mm, marker_ids=[],
                   accuracy="intrinsics", image_size=tuple(int(v) for v in camera.image_size))
    return fit, None, None


def _table_from_json(data: dict[str, Any], src: str) -> tuple[TableFit, TableLayout,
                                                              CameraIntrinsics | None]:
    lay = _need(data, "layout", src)
    if not isinstance(lay, dict):
        raise InputError("expected an object", source=src, field="layout")
    layout = layout_from_json(lay, f"{src} (layout)")
    size = _numbers(_need(data, "image_size", src), (2,), src, "image_size")
    if np.any(size < 1) or np.any(size != np.round(size)):
        raise InputError("expected two positive whole numbers [w, h]", source=src, field="image_size")
    image_size = (int(size[0]), int(size[1]))
    cam_json = data.get("camera")
    intrinsics = camera_from_json(cam_json, f"{src} (camera)") if isinstance(cam_json, dict) else None
    if intrinsics is not None and intrinsics.image_size != image_size:
        raise InputError(f"{image_size[0]}x{image_size[1]} px, but the embedded camera is "
                         f"{intrinsics.image_size[0]}x{intrinsics.image_size[1]} px",
                         source=src, field="image_size")
    accuracy = data.get("accuracy", "intrinsics" if intrinsics else "homography")
    if accuracy not in ACCURACIES:
        raise InputError(f"expected one of {', '.join(ACCURACIES)}, got {accuracy!r}",
                         source=src, field="accuracy")
    rep_px = data.get("reprojection_px")
    rep_px = 0.0 if rep_px is None else float(_numbers(rep_px, (), src, "reprojection_px"))
    rep_mm = data.get("reprojection_mm")
    rep_mm = float("nan") if rep_mm is None else float(_numbers(rep_mm, (), src, "reprojection_mm"))
    ids = data.get("marker_ids", [])
    if not isinstance(ids, list) or not all(isinstance(i, int) and not isinstance(i, bool) for i in ids):
        raise InputError("expected a list of whole numbers", source=src, field="marker_ids")
    warnings = data.get("warnings", [])
    if not isinstance(warnings, list) or not all(isinstance(w, str) for w in warnings):
        raise InputError("expected a list of texts", source=src, field="warnings")
    camera: TableCamera | HomographyCamera
    if intrinsics is not None:
        rvec = _numbers(_need(data, "rvec", src), (3,), src, "rvec")
        tvec = _numbers(_need(data, "tvec", src), (3,), src, "tvec")
        camera = TableCamera(intrinsics.camera_matrix, intrinsics.dist_coeffs, rvec, tvec, image_size)
    else:
        H = _numbers(_need(data, "homography", src), (3, 3), src, "homography")
        centre = _numbers(_need(data, "camera_centre_mm", src), (3,), src, "camera_centre_mm")
        camera = HomographyCamera(H, centre, image_size)
    fit = TableFit(
        camera=camera,
        reprojection_px=rep_px,
        reprojection_mm=rep_mm,
        marker_ids=list(ids),
        accuracy=accuracy,
        image_size=image_size,
        warnings=list(warnings),
    )
    return fit, layout, intrinsics
