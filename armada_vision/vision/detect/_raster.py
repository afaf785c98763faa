"""A small raster in table mm around one blob, for scoring piece hypotheses without warping the
frame: the blob's contour points (already back-projected to a height plane) are drawn into a
grid, and its distance transform tells how far any model outline point is from a seen edge.

Grid: ``MM_PER_CELL`` mm per cell, origin ``origin_mm`` at cell (0, 0)'s centre; x to the right,
y down the rows (table y).
"""

from __future__ import annotations

import cv2
import numpy as np

MM_PER_CELL = 0.5
# Distances are only ever compared with a support tolerance of at most 4 mm (``_fit``): the
# grid reaches this far (mm) beyond the contour, and a point off it is farther than any
# tolerance (inf). A chamfer distance transform on a rectangle is exact there whatever the
# margin (the shortest chamfer path between two cells stays in their bounding box), so the
# values within the grid are those of any wider grid.
MARGIN_MM = 8.0


class BlobRaster:
    """Distance-to-contour and inside-outline lookups around a blob, in table mm.

    ``contour_mm`` (N, 2): the blob's outer boundary on the piece's height plane;
    ``margin_mm``: how far beyond it distances are known (``MARGIN_MM``).
    """

    def __init__(self, contour_mm: np.ndarray, margin_mm: float = MARGIN_MM):
        lo = contour_mm.min(axis=0) - margin_mm
        hi = contour_mm.max(axis=0) + margin_mm
        self.origin_mm = lo
        w, h = np.ceil((hi - lo) / MM_PER_CELL).astype(int) + 1
        self.shape = (int(h), int(w))
        cells = self._cells(contour_mm)
        poly = np.round(cells).astype(np.int32).reshape(-1, 1, 2)
        self._poly = poly
        self._dist_mm: np.ndarray | None = None
        self.inside = np.zeros(self.shape, np.uint8)
        cv2.fillPoly(self.inside, [poly], 1)

    @property
    def dist_mm(self) -> np.ndarray:
        """Distance (mm) from each cell to the nearest contour cell, (H, W) float32; worked out
        on first use: a raster read only for what is inside (a held token's, the unexplained
        area's) never needs it (its distance transform is most of a raster's ~1-2 ms)."""
        if self._dist_mm is None:
            edges = np.zeros(self.shape, np.uint8)
            cv2.polylines(edges, [self._poly], True, 255, 1)
            self._dist_mm = cv2.distanceTransform(255 - edges, cv2.DIST_L2, 5) * MM_PER_CELL
        return self._dist_mm

    def _cells(self, pts_mm: np.ndarray) -> np.ndarray:
        return (np.asarray(pts_mm, dtype=np.float64) - self.origin_mm) / MM_PER_CELL

    def _lookup(self, grid: np.ndarray, pts_mm: np.ndarray, off_grid) -> np.ndarray:
        """``grid`` at the cell of each point (..., 2) mm; ``off_grid`` where a point is off the
        grid. Scalar arithmetic on the two columns: this runs ~10^3 times a frame."""
        p = np.asarray(pts_mm, dtype=np.float64)
        cx = np.rint((p[..., 0] - self.origin_mm[0]) * (1.0 / MM_PER_CELL)).astype(np.int64)
        cy = np.rint((p[..., 1] - self.origin_mm[1]) * (1.0 / MM_PER_CELL)).astype(np.int64)
        h, w = self.shape
        ok = (cx >= 0) & (cx < w) & (cy >= 0) & (cy < h)
        flat = np.where(ok, cy * w + cx, 0)
        return np.where(ok, grid.ravel()[flat], off_grid)

    def distance(self, pts_mm: np.ndarray) -> np.ndarray:
        """Distance (mm) from each point (..., 2) to the nearest contour point; inf off the grid."""
        return self._lookup(self.dist_mm, pts_mm, np.inf)

    def is_inside(self, pts_mm: np.ndarray) -> np.ndarray:
        """Whether each point (..., 2) lies inside the blob outline (still unexplained)."""
        return self._lookup(self.inside, pts_mm, 0) > 0

    def clear(self, polygon_mm: np.ndarray, grow_mm: float = 1.5) -> None:
        """Mark the area of an accepted piece (polygon (M, 2) mm, grown by ``grow_mm``) as
        explained, so that later hypotheses cannot claim it."""
        poly = np.round(self._cells(polygon_mm)).astype(np.int32).reshape(-1, 2)
        k = int(round(2 * grow_mm / MM_PER_CELL)) | 1
        # Drawn and grown on the polygon's own box (unclipped: a part beyond the grid still
        # grows into it), then cut to the grid.
        x0, y0 = poly.min(axis=0) - k
        x1, y1 = poly.max(axis=0) + k + 1
        m = np.zeros((int(y1 - y0), int(x1 - x0)), np.uint8)
        cv2.fillPoly(m, [(poly - (x0, y0)).astype(np.int32).reshape(-1, 1, 2)], 1)
        m = cv2.dilate(m, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
        h, w = self.shape
        gx0, gy0, gx1, gy1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
        if gx1 <= gx0 or gy1 <= gy0:
            return
        self.inside[gy0:gy1, gx0:gx1][m[gy0 - y0:gy1 - y0, gx0 - x0:gx1 - x0] > 0] = 0

    def unexplained_area_mm2(self) -> float:
        return float(self.inside.sum()) * MM_PER_CELL * MM_PER_CELL
