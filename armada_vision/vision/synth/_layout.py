"""Table-marker layouts for rendering (``armada-table-layout/1``, ../shared/DESIGN.md).

The renderer takes a layout as a dict, a path to a layout JSON file, or ``None`` for the default
built from the rule in cv-notes 2.3: DICT_4X4_50 markers of ~70 mm just outside the play area's
four corners and the two long-edge midpoints. Vision code only: no rules imports.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

from armada_vision import jsontext
from armada_vision.errors import InputError

# one source for the layout geometry: the calibration's MarkerSpec, what the table fit assumes
from armada_vision.vision.calibration._files import MarkerSpec

LAYOUT_FORMAT = "armada-table-layout/1"
DEFAULT_MARKER_MM = 70.0
# Gap between the play area's edge and the marker's own black border: the white quiet zone
# (one module, 70/6 mm) plus a few mm of paper.
DEFAULT_GAP_MM = 15.0


def default_layout(play_area_mm: tuple[float, float] = (1828.8, 914.4),
                   size_mm: float = DEFAULT_MARKER_MM, gap_mm: float = DEFAULT_GAP_MM) -> dict:
    """A layout dict: ids 0..3 at the corners (counter-clockwise from the origin), 4 and 5 at the
    midpoints of the near (y = 0) and far (y = height) long edges, all at rotation 0.

    Each marker's centre lies ``gap_mm + size_mm / 2`` outside both edges it sits beside.
    """
    w, h = play_area_mm
    d = gap_mm + size_mm / 2.0
    centres = [(-d, -d), (w + d, -d), (w + d, h + d), (-d, h + d), (w / 2.0, -d), (w / 2.0, h + d)]
    return {
        "format": LAYOUT_FORMAT,
        "play_area_mm": [float(w), float(h)],
        "dictionary": "DICT_4X4_50",
        "markers": [
            {"id": i, "size_mm": float(size_mm), "center_mm": [round(x, 3), round(y, 3)],
             "rotation_deg": 0.0}
            for i, (x, y) in enumerate(centres)
        ],
    }


def resolve_layout(layout: Any, play_area_mm: tuple[float, float]) -> dict:
    """A validated layout dict from a dict, a JSON file path, or ``None`` (the default).

    Raises :class:`InputError` naming the file and field on a malformed layout.
    """
    source = "<layout>"
    if layout is None:
        return default_layout(play_area_mm)
    if isinstance(layout, (str, Path)):
        source = str(layout)
        try:
            layout = jsontext.loads(Path(layout).read_text(encoding="utf-8-sig"))  # a BOM (Notepad) is no error
        except OSError as exc:
            raise InputError(f"cannot read: {exc.strerror}", source=source) from None
        except json.JSONDecodeError as exc:
            raise InputError(f"not valid JSON (line {exc.lineno}): {exc.msg}", source=source) from None
    if not isinstance(layout, dict):
        raise InputError("expected a layout object", source=source)
    markers = layout.get("markers")
    if not isinstance(markers, list):
        raise InputError("expected a list", source=source, field="markers")
    for i, m in enumerate(markers):
        try:
            int(m["id"])
            float(m["size_mm"])
            x, y = (float(v) for v in m["center_mm"])
            float(m.get("rotation_deg", 0.0))
        except (KeyError, TypeError, ValueError):
            raise InputError("expected {id, size_mm, center_mm: [x, y], rotation_deg}",
                             source=source, field=f"markers[{i}]") from None
    return layout


def marker_corners_mm(marker: dict) -> np.ndarray:
    """The marker's four corners on the table plane, (4, 2) mm, in OpenCV order.

    At rotation 0 the marker's top edge faces +y; corners are top-left, top-right, bottom-right,
    bottom-left as seen from above (DESIGN.md "Calibration files"), rotated counter-clockwise by
    ``rotation_deg`` about the centre.
    """
    x, y = (float(v) for v in marker["center_mm"])
    return MarkerSpec(int(marker["id"]), float(marker["size_mm"]), (x, y),
                      float(marker.get("rotation_deg", 0.0))).corners_mm()
