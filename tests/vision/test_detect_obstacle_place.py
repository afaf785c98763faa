"""Obstacle outlines placed in one coordinate transform (``_obstacles._place_many``, what the
catalog match's overlap tests use) land on the very coordinates shapely's rotate and
translate give (``_place``), so a match does not move by a rounding."""

from __future__ import annotations

import numpy as np
import shapely

from armada_vision.vision.detect import _obstacles


def test_placing_many_outlines_gives_the_coordinates_of_placing_each(catalog):
    rng = np.random.default_rng(3)
    n = 0
    for oid in ("station", "asteroid-field-1", "debris-field-2", "purrgil-1"):
        for flipped in (False, True):
            model, mc, _ = _obstacles._model(oid, catalog.obstacles[oid], flipped)
            for geom in (model, *_obstacles._bands(model)):
                centres = rng.uniform(-50.0, 1900.0, (12, 2))
                headings = np.concatenate([rng.uniform(-400.0, 400.0, 8), [0.0, 90.0, 180.0, 270.0]])
                many = _obstacles._place_many(geom, mc, centres, headings)
                assert len(many) == len(headings)
                for c, h, placed in zip(centres, headings, many):
                    one = _obstacles._place(geom, mc, c, h)
                    assert placed.geom_type == one.geom_type
                    assert np.array_equal(shapely.get_coordinates(placed),
                                          shapely.get_coordinates(one))
                    n += 1
    assert n == 4 * 2 * 3 * 12


def test_the_overlap_of_an_outline_with_itself_placed_there_is_whole(catalog):
    model, mc, _ = _obstacles._model("station", catalog.obstacles["station"], False)
    blob = _obstacles._place(model, mc, (600.0, 400.0), 30.0)
    band, plain = _obstacles.band_overlap(blob, model, mc, [(600.0, 400.0), (610.0, 400.0)],
                                          [30.0, 30.0], plain=True)
    assert band[0] > 0.999 and plain[0] > 0.999
    assert band[1] < 0.95 and plain[1] < 0.95  # 10 mm off
