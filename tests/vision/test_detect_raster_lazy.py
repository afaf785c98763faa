"""A blob raster read only for what is inside it (a held token's, the unexplained area) works
out no distances; once read, they are those of the contour drawn and transformed at once."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest
import shapely

from armada_vision.vision.detect._raster import MM_PER_CELL, BlobRaster


def test_a_raster_works_its_distances_out_only_when_they_are_read():
    ring = shapely.Point(40.0, 30.0).buffer(18.0, quad_segs=32)
    contour = np.asarray(ring.exterior.coords)[:-1]
    ras = BlobRaster(contour)
    assert ras.is_inside(np.array([[40.0, 30.0], [70.0, 30.0]])).tolist() == [True, False]
    ras.clear(np.array([[35.0, 25.0], [45.0, 25.0], [45.0, 35.0], [35.0, 35.0]]))
    assert 0.0 < ras.unexplained_area_mm2() < math.pi * 18.0 ** 2
    assert ras._dist_mm is None  # nothing above needed a distance
    # The distances, once read, are those of the contour drawn and transformed at once.
    edges = np.zeros(ras.shape, np.uint8)
    cells = np.round((contour - ras.origin_mm) / MM_PER_CELL).astype(np.int32)
    cv2.polylines(edges, [cells.reshape(-1, 1, 2)], True, 255, 1)
    want = cv2.distanceTransform(255 - edges, cv2.DIST_L2, 5) * MM_PER_CELL
    d = ras.distance(np.array([[40.0, 30.0], [58.0, 30.0], [40.0, 50.0]]))
    assert np.array_equal(ras.dist_mm, want)
    assert d[0] == pytest.approx(18.0, abs=0.6) and d[1] < 0.6 and d[2] == pytest.approx(2.0,
                                                                                         abs=0.6)
