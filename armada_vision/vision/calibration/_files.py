"""Calibration files: the camera file (``armada-camera/1``), the table layout
(``armada-table-layout/1``) and their validation (formats in ../shared/DESIGN.md).

Every problem raises :class:`armada_vision.errors.InputError` naming the file and the field; no
``KeyError`` or ``TypeError`` escapes to the user.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from armada_vision import jsontext
from armada_vision.errors import InputError
from armada_vision.scene import MAX_COORD_MM, MAX_TURN_DEG

CAMERA_FORMAT = "armada-camera/1"
LAYOUT_FORMAT = "armada-table-layout/1"

#: a layout's dictionary when it lists no markers and names none (the bundled layouts' one)
LAYOUT_DEFAULT_DICTIONARY = "DICT_4X4_50"

#: the bundled layouts (the repository's ``calibration/`` folder), by short name
LAYOUT_DIR = Path(__file__).resolve().parents[3] / "calibration"
DEFAULT_LAYOUTS = {
    "6x3": LAYOUT_DIR / "layout-6x3.json",
    "3x3": LAYOUT_DIR / "layout-3x3.json",
}


@dataclass(frozen=True)
class BoardSpec:
    """A ChArUco board: ``squares`` (columns, rows), square and marker side in mm, dictionary name.

    The default is the board that ``armada-vision markers`` prints: 5 x 7 squares of 30 mm with
    22 mm markers (150 x 210 mm, fits A4 and Letter inside printer margins, with room for the
    printed instructions), DICT_6X6_250. Odd column and row counts make the pattern the same
    under OpenCV's old and new ChArUco layouts (cv-notes 2.2, ``setLegacyPattern``).
    """

    squares: tuple[int, int] = (5, 7)
    square_mm: float = 30.0
    marker_mm: float = 22.0
    dictionary: str = "DICT_6X6_250"
    legacy_pattern: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "squares": list(self.squares), "square_mm": self.square_mm,
            "marker_mm": self.marker_mm, "dictionary": self.dictionary,
            "legacy_pattern": self.legacy_pattern,
        }

    def cv_board(self) -> cv2.aruco.CharucoBoard:
        """The OpenCV board, in mm units."""
        board = cv2.aruco.CharucoBoard(
            tuple(self.squares), float(self.square_mm), float(self.marker_mm),
            aruco_dictionary(self.dictionary),
        )
        board.setLegacyPattern(bool(self.legacy_pattern))
        return board


@dataclass
class CameraIntrinsics:
    """A calibrated camera: ``camera_matrix`` (3, 3), ``dist_coeffs`` (k,) in OpenCV order,
    ``image_size`` (width, height) px, ``rms_px`` the calibration's RMS reprojection error.

    ``source`` names the file it came from (for error messages), or is None.
    """

    camera_matrix: np.ndarray
    dist_coeffs: np.ndarray
    image_size: tuple[int, int]
    rms_px: float = float("nan")
    board: dict[str, Any] = field(default_factory=dict)
    source: str | None = None

    def __post_init__(self) -> None:
        self.camera_matrix = np.asarray(self.camera_matrix, dtype=np.float64).reshape(3, 3)
        self.dist_coeffs = np.asarray(self.dist_coeffs, dtype=np.float64).ravel()
        self.image_size = (int(self.image_size[0]), int(self.image_size[1]))

    def check_frame(self, image_size: tuple[int, int], frame: str = "frame") -> None:
        """Raise InputError unless a frame of ``image_size`` (w, h) matches the calibration."""
        w, h = int(image_size[0]), int(image_size[1])
        if (w, h) != self.image_size:
            cw, ch = self.image_size
            raise InputError(
                f"camera calibrated at {cw}x{ch} px but {frame} is {w}x{h} px; "
                "recalibrate the camera at this resolution",
                source=self.source or "camera", field="image_size",
            )

    def to_json(self) -> dict[str, Any]:
        return {
            "format": CAMERA_FORMAT,
            "image_size": list(self.image_size),
            "camera_matrix": self.camera_matrix.tolist(),
            "dist_coeffs": self.dist_coeffs.tolist(),
            "rms_px": None if math.isnan(self.rms_px) else float(self.rms_px),
            "board": dict(self.board),
        }


@dataclass(frozen=True)
class MarkerSpec:
    """One table marker lying flat: ``id``, black-square side ``size_mm``, ``center_mm`` (x, y),
    ``rotation_deg`` (0: its top edge faces +y, counter-clockwise positive seen from above)."""

    id: int
    size_mm: float
    center_mm: tuple[float, float]
    rotation_deg: float = 0.0

    def corners_mm(self) -> np.ndarray:
        """Corners (4, 2) in table mm, OpenCV order: top-left, top-right, bottom-right,
        bottom-left as seen from above (DESIGN.md)."""
        s = self.size_mm / 2.0
        local = np.array([[-s, s], [s, s], [s, -s], [-s, -s]])
        a = math.radians(self.rotation_deg)
        rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
        return local @ rot.T + np.asarray(self.center_mm, dtype=np.float64)


@dataclass(frozen=True)
class TableLayout:
    """Where the table markers lie: ``play_area_mm`` (w, h), an ArUco ``dictionary`` name and the
    ``markers``. ``source`` names the file for error messages. ``markers`` may be empty: a
    layout that only gives the play area's size, for ``calibrate table --corners``; its file
    may then leave out ``dictionary`` (``LAYOUT_DEFAULT_DICTIONARY``)."""

    play_area_mm: tuple[float, float]
    dictionary: str
    markers: tuple[MarkerSpec, ...]
    source: str | None = None

    def by_id(self) -> dict[int, MarkerSpec]:
        return {m.id: m for m in self.markers}

    def require_markers(self, what: str) -> None:
        """InputError naming the layout file when it lists no markers; ``what`` is what needed
        them (e.g. ``"the table fit"``)."""
        if not self.markers:
            raise InputError(f"no markers listed, so {what} has nothing to find: give the play "
                             "area's corners instead (calibrate table --corners)",
                             source=self.source, field="markers")

    def to_json(self) -> dict[str, Any]:
        return {
            "format": LAYOUT_FORMAT,
            "play_area_mm": list(self.play_area_mm),
            "dictionary": self.dictionary,
            "markers": [
                {"id": m.id, "size_mm": m.size_mm, "center_mm": list(m.center_mm),
                 "rotation_deg": m.rotation_deg}
                for m in self.markers
            ],
        }


def aruco_dictionary(name: str, source: str | None = None) -> cv2.aruco.Dictionary:
    """The predefined OpenCV dictionary called ``name`` (e.g. ``"DICT_4X4_50"``); InputError if unknown."""
    if not isinstance(name, str) or not name.startswith("DICT_") or not hasattr(cv2.aruco, name):
        raise InputError(
            f"unknown ArUco dictionary {name!r} (expected an OpenCV name such as DICT_4X4_50)",
            source=source, field="dictionary",
        )
    return cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, name))


def read_json(path: str | Path) -> dict[str, Any]:
    """A JSON object from ``path``; InputError when missing, unreadable or not an object."""
    p = Path(path)
    try:
        data = jsontext.loads(p.read_text(encoding="utf-8-sig"))  # a BOM (Notepad) is no error
    except FileNotFoundError:
        raise InputError("file not found", source=str(p)) from None
    except IsADirectoryError:
        raise InputError("is a folder, not a file", source=str(p)) from None
    except UnicodeDecodeError as exc:
        raise InputError(jsontext.not_text(p, exc), source=str(p)) from None
    except OSError as exc:
        raise InputError(f"cannot read file ({exc.strerror or exc.__class__.__name__})",
                         source=str(p)) from None
    except json.JSONDecodeError as exc:
        raise InputError(f"not valid JSON (line {exc.lineno}: {exc.msg})", source=str(p)) from None
    if not isinstance(data, dict):
        raise InputError("expected a JSON object", source=str(p))
    return data


def _need(data: dict, key: str, source: str, prefix: str = "") -> Any:
    if key not in data:
        raise InputError("missing field", source=source, field=prefix + key)
    return data[key]


def _numbers(value: Any, shape: tuple[int, ...] | None, source: str, name: str) -> np.ndarray:
    try:
        arr = np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError):
        raise InputError("expected numbers", source=source, field=name) from None
    if shape is not None and arr.shape != shape:
        want = "x".join(str(s) for s in shape)
        raise InputError(f"expected {want} numbers, got shape {arr.shape}", source=source, field=name)
    if not np.all(np.isfinite(arr)):
        raise InputError("expected finite numbers", source=source, field=name)
    return arr


def _check_format(data: dict, expected: str, source: str) -> None:
    """InputError naming ``source`` unless ``data["format"]`` is ``expected``; a missing one
    says which format was expected (a file of another kind, or hand-written)."""
    if "format" not in data:
        raise InputError(f"missing field (expected {expected!r})", source=source, field="format")
    fmt = data["format"]
    if fmt != expected:
        raise InputError(f"expected {expected!r}, got {fmt!r}", source=source, field="format")


def camera_from_json(data: dict[str, Any], source: str) -> CameraIntrinsics:
    """Validate an ``armada-camera/1`` object (see :func:`load_camera`)."""
    _check_format(data, CAMERA_FORMAT, source)
    size = _numbers(_need(data, "image_size", source), (2,), source, "image_size")
    if np.any(size < 1) or np.any(size != np.round(size)):
        raise InputError("expected two positive whole numbers [w, h]", source=source, field="image_size")
    K = _numbers(_need(data, "camera_matrix", source), (3, 3), source, "camera_matrix")
    if K[0, 0] <= 0 or K[1, 1] <= 0:
        raise InputError("focal lengths must be positive", source=source, field="camera_matrix")
    if not (0.0 <= K[0, 2] <= size[0] and 0.0 <= K[1, 2] <= size[1]):  # a typo, or a lens file
        # of another resolution edited by hand: every millimetre would be skewed
        raise InputError(f"the principal point ({K[0, 2]:g}, {K[1, 2]:g}) px is outside the "
                         f"{int(size[0])}x{int(size[1])} px picture", source=source,
                         field="camera_matrix")
    dist = _numbers(_need(data, "dist_coeffs", source), None, source, "dist_coeffs").ravel()
    if len(dist) not in (4, 5, 8, 12, 14):
        raise InputError(f"expected 4, 5, 8, 12 or 14 numbers, got {len(dist)}",
                         source=source, field="dist_coeffs")
    rms = data.get("rms_px", float("nan"))
    rms = float(_numbers(rms, (), source, "rms_px")) if rms is not None else float("nan")
    if rms < 0:
        raise InputError(f"expected an error of 0 px or more, got {rms:g}", source=source,
                         field="rms_px")
    board = data.get("board")
    if board is None:  # a synthetic camera (the demo's, synth --camera-out) has no board
        board = {}
    if not isinstance(board, dict):
        raise InputError("expected an object", source=source, field="board")
    return CameraIntrinsics(K, dist, (int(size[0]), int(size[1])), rms, board, source)


def load_camera(path: str | Path) -> CameraIntrinsics:
    """Read a camera file (``armada-camera/1``, DESIGN.md "Calibration files").

    Returns CameraIntrinsics with ``source`` set to the path. Raises InputError naming the file
    and field when the file is missing, not JSON, or a field is missing or malformed.
    """
    return camera_from_json(read_json(path), str(path))


def write_json(data: dict[str, Any], path: str | Path) -> None:
    """Write ``data`` as indented JSON; InputError naming ``path`` when it cannot be written.

    Written beside ``path`` and renamed over it: a full disk or a kill while writing leaves an
    earlier file at ``path`` whole (it was left truncated: a lens calibration lost)."""
    out = Path(path)
    tmp = out.with_name(out.name + ".tmp")
    try:
        tmp.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        tmp.replace(out)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise InputError(f"cannot write the file ({exc.strerror or exc.__class__.__name__})",
                         source=str(path)) from None


def save_camera(intrinsics: CameraIntrinsics, path: str | Path) -> None:
    """Write ``intrinsics`` as an ``armada-camera/1`` JSON file; InputError if it cannot."""
    write_json(intrinsics.to_json(), path)


def layout_from_json(data: dict[str, Any], source: str) -> TableLayout:
    """Validate an ``armada-table-layout/1`` object (see :func:`load_layout`)."""
    _check_format(data, LAYOUT_FORMAT, source)
    area = _numbers(_need(data, "play_area_mm", source), (2,), source, "play_area_mm")
    if np.any(area <= 0) or np.any(area > MAX_COORD_MM):
        raise InputError(f"expected two positive lengths [w, h] of at most {MAX_COORD_MM:.0f} mm",
                         source=source, field="play_area_mm")
    raw = _need(data, "markers", source)
    if not isinstance(raw, list):  # may be empty: a play area for calibrate table --corners
        raise InputError("expected a list (empty for a table calibrated with --corners)",
                         source=source, field="markers")
    if raw or "dictionary" in data:
        dictionary = _need(data, "dictionary", source)
    else:  # no markers to read: the dictionary is not needed (written back as the default)
        dictionary = LAYOUT_DEFAULT_DICTIONARY
    n_ids = aruco_dictionary(dictionary, source).bytesList.shape[0]
    markers, seen = [], set()
    for i, m in enumerate(raw):
        where = f"markers[{i}]."
        if not isinstance(m, dict):
            raise InputError("expected an object", source=source, field=f"markers[{i}]")
        mid = _need(m, "id", source, where)
        if not isinstance(mid, int) or isinstance(mid, bool) or mid < 0:
            raise InputError("expected a whole number >= 0", source=source, field=where + "id")
        if mid >= n_ids:
            raise InputError(f"id {mid} is not in {dictionary} (ids 0-{n_ids - 1})",
                             source=source, field=where + "id")
        if mid in seen:
            raise InputError(f"marker id {mid} appears twice", source=source, field=where + "id")
        seen.add(mid)
        size = float(_numbers(_need(m, "size_mm", source, where), (), source, where + "size_mm"))
        if not 0 < size <= MAX_COORD_MM:
            raise InputError(f"expected a positive length of at most {MAX_COORD_MM:.0f} mm",
                             source=source, field=where + "size_mm")
        centre = _numbers(_need(m, "center_mm", source, where), (2,), source, where + "center_mm")
        if np.any(np.abs(centre) > MAX_COORD_MM):
            raise InputError(f"expected a position on the table, within {MAX_COORD_MM:.0f} mm of "
                             "its corner", source=source, field=where + "center_mm")
        rot = float(_numbers(m.get("rotation_deg", 0.0), (), source, where + "rotation_deg"))
        if abs(rot) > MAX_TURN_DEG:  # 1e300 % 360 is a number too; quoted as written
            raise InputError(f"{m['rotation_deg']!r} deg is not a rotation (expected -{MAX_TURN_DEG:.0f}.."
                             f"{MAX_TURN_DEG:.0f})", source=source, field=where + "rotation_deg")
        for other in markers:  # their black squares' inscribed circles meet: they overlap
            if math.dist(other.center_mm, centre) < (other.size_mm + size) / 2.0:
                raise InputError(f"overlaps marker {other.id} (centres "
                                 f"{math.dist(other.center_mm, centre):.0f} mm apart, sides "
                                 f"{other.size_mm:g} and {size:g} mm)", source=source,
                                 field=where + "center_mm")
        markers.append(MarkerSpec(mid, size, (float(centre[0]), float(centre[1])), rot))
    return TableLayout((float(area[0]), float(area[1])), dictionary, tuple(markers), source)


def load_layout(path: str | Path) -> TableLayout:
    """Read a table layout (``armada-table-layout/1``, DESIGN.md "Calibration files").

    ``"6x3"`` and ``"3x3"`` (when no such file exists) name the bundled layouts.

    Raises InputError naming the file and field for a missing file, bad JSON, a missing or
    malformed field, an unknown dictionary or a duplicate marker id.
    """
    if str(path).lower() in DEFAULT_LAYOUTS and not Path(path).exists():  # "6X3" too
        path = DEFAULT_LAYOUTS[str(path).lower()]
    bare = Path(path).name == str(path) and not Path(path).suffix  # "9x9", not "dir/x.json"
    if bare and not Path(path).exists():
        raise InputError(f"no layout file of that name, and the bundled layouts are "
                         f"{' and '.join(sorted(DEFAULT_LAYOUTS))}", source=str(path))
    return layout_from_json(read_json(path), str(path))


def read_image(path: str | Path, field: str | None = None) -> np.ndarray:
    """A BGR image (H, W, 3) uint8 from ``path``; InputError when missing or undecodable,
    naming the file and ``field`` (the option that gave it, e.g. ``"--background"``)."""
    p = Path(path)
    if p.is_dir():
        raise InputError("is a folder, not an image", source=str(p), field=field)
    if not p.is_file():
        raise InputError("image not found", source=str(p), field=field)
    data = np.fromfile(str(p), dtype=np.uint8)
    img = cv2.imdecode(data, cv2.IMREAD_COLOR) if data.size else None
    if img is None:
        raise InputError("not a readable image (unknown format or damaged)", source=str(p),
                         field=field)
    return img
