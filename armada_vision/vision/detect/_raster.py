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


class BlobRaster:
    """Distance-to-contour and inside-outline lookups around a blob, in table mm.

    ``contour_mm`` (N, 2): the blob's outer boundary on the piece's height plane.
    """

    def __init__(self, contour_mm: np.ndarray, margin_mm: float = 30.0):
        lo = contour_mm.min(axis=0) - margin_mm
        hi = contour_mm.max(axis=0) + margin_mm
        self.origin_mm = lo
        w, h = np.ceil((hi - lo) / MM_PER_CELL).astype(int) + 1
        self.shape = (int(h), int(w))
        cells = self._cells(contour_mm)
        poly = np.round(cells).astype(np.int32).reshape(-1, 1, 2)
        edges = np.zeros(self.shape, np.uint8)
        cv2.polylines(edges, [poly], True, 255, 1)
        self.dist_mm = cv2.distanceTransform(255 - edges, cv2.DIST_L2, 5) * MM_PER_CELL
        self.inside = np.zeros(self.shape, np.uint8)
        cv2.fillPoly(self.inside, [poly], 1)

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
        poly = np.round(self._cells(polygon_mm)).astype(np.int32).reshape(-1, 1, 2)
        m = np.zeros(self.shape, np.uint8)
        cv2.fillPoly(m, [poly], 1)
        k = int(round(2 * grow_mm / MM_PER_CELL)) | 1
        m = cv2.dilate(m, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
        self.inside[m > 0] = 0

    def unexplained_area_mm2(self) -> float:
        return float(self.inside.sum()) * MM_PER_CELL * MM_PER_CELL
