"""Overlay shapes and the projector that turns table mm into image px (no Qt).

Shapes are built with their points in table mm on each piece's height plane; the projector
projects all points of a frame in one call (``Projector.resolve``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import shapely
from shapely.geometry import LineString, Polygon, box

from armada_vision.i18n import local_args

STEP_MM = 10.0
VIEW_MARGIN_MM = 150.0  # labels and pieces are kept to the play area plus this margin
_a = np.linspace(0.0, 2.0 * np.pi, 32, endpoint=False)
_UNIT_CIRCLE = np.column_stack([np.cos(_a), np.sin(_a)])


@dataclass(frozen=True)
class Label:
    """A translatable text (English source, context ``Overlay``) with ``str.format`` args."""

    text: str
    args: tuple[tuple[str, Any], ...] = ()

    def format(self, translated: str | None = None, decimal_point: str = ".") -> str:
        """The text (``translated``, else the English source) with its args; numbers written
        with ``decimal_point`` (``","`` in German and Czech)."""
        return (translated or self.text).format(**local_args(dict(self.args), decimal_point))


@dataclass(slots=True)
class Shape:
    """Something to draw, in image px.

    ``kind``: ``"polygon"`` (``parts`` are rings; several rings fill even-odd, so holes work),
    ``"polyline"`` (each part an open line), ``"dot"`` (``parts[0]`` is (1, 2), the centre) or
    ``"text"`` (``parts[0]`` is the anchor, ``label`` the text). ``style`` picks the painter's
    colours; ``emphasis`` draws thicker (selected or highlighted pieces).
    """

    layer: str
    kind: str
    parts: tuple[Any, ...]  # image px (N, 2) arrays; table-mm _Pts while being built
    style: str
    piece_id: str | None = None
    label: Label | None = None
    emphasis: bool = False
    offset_px: tuple[float, float] = (0.0, 0.0)  # added after projection (label placement)
    box_px: Any = None  # (x0, y0, x1, y1) image px once the view has measured it (legend placing)


@dataclass(frozen=True)
class Selection:
    """What the user picked: attacker ship/squadron (and hull zone) and defender."""

    attacker_id: str | None = None
    zone: str | None = None
    defender_id: str | None = None
    defender_zone: str | None = None


@dataclass
class Overlay:
    shapes: list[Shape] = field(default_factory=list)
    legend: list[str] = field(default_factory=list)  # styles present, in LEGEND order
    play_area_px: Any = None  # the play area's corners (4, 2) image px, or None

    def add(self, shape: Shape | None) -> None:
        if shape is not None:
            self.shapes.append(shape)


class _Pts:
    """Table points (N, 2) mm with their heights (N,) mm, waiting to be projected."""

    __slots__ = ("mm", "h")

    def __init__(self, mm: np.ndarray, h: np.ndarray):
        self.mm, self.h = mm, h

    def __len__(self) -> int:
        return len(self.mm)


_BOXES: dict[tuple[float, float], tuple[Polygon, Polygon]] = {}


def _boxes(play_area_mm: tuple[float, float]) -> tuple[Polygon, Polygon]:
    """(view, table): the play area plus ``VIEW_MARGIN_MM``, and the play area itself, as
    shapely boxes in table mm, made once per play area (two boxes cost ~0.1 ms a frame)."""
    w, h = (float(v) for v in play_area_mm)
    hit = _BOXES.get((w, h))
    if hit is None:
        if len(_BOXES) > 16:
            _BOXES.clear()
        hit = _BOXES[(w, h)] = (box(-VIEW_MARGIN_MM, -VIEW_MARGIN_MM, w + VIEW_MARGIN_MM, h + VIEW_MARGIN_MM),
                                box(0.0, 0.0, w, h))
    return hit


class Projector:
    """Table mm on height planes -> image px, all points of a frame in one projection call.

    Shapes are built with :class:`_Pts` parts; :meth:`resolve` projects every part at once
    (``projectPoints`` has a fixed cost per call that would dominate hundreds of small calls).
    Lines are densified to ``STEP_MM`` only when the lens has distortion: through a pinhole a
    straight table line stays straight in the picture.
    """

    def __init__(self, camera: Any, play_area_mm: tuple[float, float]):
        self.camera = camera
        dist = getattr(camera, "dist_coeffs", None)
        self.densify = dist is not None and bool(np.any(np.abs(np.asarray(dist)) > 1e-9))
        self.view, self.table = _boxes(play_area_mm)  # arcs and bands end at the table's edge

    def points(self, pts_mm: Any, height_mm: float | Any) -> _Pts:
        pts = np.asarray(pts_mm, dtype=np.float64).reshape(-1, 2)
        if isinstance(height_mm, (int, float)):
            return _Pts(pts, np.full(len(pts), float(height_mm)))
        return _Pts(pts, np.asarray(height_mm, dtype=np.float64).reshape(len(pts)))

    def circle(self, x_mm: float, y_mm: float, radius_mm: float, height_mm: float) -> _Pts:
        """A circle as a 32-gon (within 0.5 % of the radius: invisible at display size)."""
        return self.points(_UNIT_CIRCLE * radius_mm + (x_mm, y_mm), height_mm)

    def rings(self, geom: Any, height_mm: float, clip: bool = False) -> tuple[_Pts, ...]:
        """Exterior and interior rings of a (multi)polygon; () if empty."""
        if clip:
            geom = geom.intersection(self.view)
        if geom.is_empty:
            return ()
        if self.densify:
            geom = shapely.segmentize(geom, STEP_MM)
        out = []
        for poly in getattr(geom, "geoms", [geom]):
            if not isinstance(poly, Polygon) or poly.is_empty:
                continue
            out.append(self.points(np.asarray(poly.exterior.coords)[:-1], height_mm))
            out.extend(self.points(np.asarray(r.coords)[:-1], height_mm) for r in poly.interiors)
        return tuple(out)

    def line(self, pts_mm: Any, height_mm: float) -> _Pts:
        pts = np.asarray(pts_mm, dtype=np.float64).reshape(-1, 2)
        if self.densify:
            pts = np.asarray(shapely.segmentize(LineString(pts), STEP_MM).coords)
        return self.points(pts, height_mm)

    def resolve(self, shapes: list[Shape]) -> list[Shape]:
        """The shapes with every :class:`_Pts` part replaced by image px (N, 2). Shapes that
        came projected from a :class:`ShapeCache` are passed over (most of a full table)."""
        todo = [s for s in shapes if any(isinstance(p, _Pts) for p in s.parts)]
        parts = [p for s in todo for p in s.parts if isinstance(p, _Pts)]
        if not parts:
            return shapes
        mm = np.concatenate([p.mm for p in parts])
        hs = np.concatenate([p.h for p in parts])
        px = np.asarray(self.camera.table_to_image(mm, hs), dtype=np.float64).reshape(-1, 2)
        ends = np.cumsum([len(p) for p in parts]).tolist()
        it = iter([px[a:b] for a, b in zip([0, *ends[:-1]], ends)])  # slices: np.split costs more
        for s in todo:
            new = tuple(next(it) if isinstance(p, _Pts) else p for p in s.parts)
            if s.offset_px != (0.0, 0.0):
                new = tuple(a + np.asarray(s.offset_px) for a in new)
                s.offset_px = (0.0, 0.0)
            s.parts = new
        return shapes


class ShapeCache:
    """Each piece's projected shapes, reused while its pose and looks stay the same.

    On a full table most pieces stand still while one moves; rebuilding only the moved one
    (and what depends on the selection: arc, bands, lines of sight) keeps the overlay cheap.
    Entries are dropped when the camera or the catalog changes (identity), or all at once
    when there are more than ``max_entries`` (a moving piece leaves one per pose).
    """

    def __init__(self, max_entries: int = 4096):
        self.max_entries = max_entries
        self._camera: Any = None
        self._catalog: Any = None
        self._shapes: dict[Any, list[Shape]] = {}
        self._values: dict[Any, Any] = {}  # other results that depend only on the camera

    def begin(self, camera: Any, catalog: Any) -> None:
        """Start a build for ``camera`` and ``catalog``."""
        if camera is not self._camera or catalog is not self._catalog or \
                len(self._shapes) > self.max_entries:
            self._shapes.clear()
            self._values.clear()
            self._camera, self._catalog = camera, catalog

    def value(self, key: Any, make: Any) -> Any:
        """``make()``, kept under ``key`` until the camera or the catalog changes."""
        if key not in self._values:
            self._values[key] = make()
        return self._values[key]

    def add(self, ov: Overlay, key: Any, build: Any) -> None:
        """Append the shapes cached under ``key`` to ``ov``, else those ``build()`` appends
        (projected by the build's ``Projector.resolve``, in place), and keep them."""
        hit = self._shapes.get(key)
        if hit is not None:
            ov.shapes.extend(hit)
            return
        start = len(ov.shapes)
        build()
        self._shapes[key] = ov.shapes[start:]
