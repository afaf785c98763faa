"""Hull zones, firing arcs and targeting points (armada-rules.md 1.2; RRG p.6, p.8, p.10)."""

import math

import numpy as np
import pytest
import shapely
from shapely.geometry import Point, Polygon

from armada_vision.catalog import load_catalog
from armada_vision.errors import InputError
from armada_vision.geometry import (
    firing_arc,
    hull_zone_polygons,
    ship_base_polygon,
    ship_token_polygon,
    targeting_points,
)


def test_box_zones_are_the_token_cut_by_its_arc_lines(box_catalog):
    box = box_catalog.ship("test-box")
    zones = hull_zone_polygons(box, (500.0, 400.0, 0.0))
    assert set(zones) == {"front", "left", "right", "rear"}
    front = Polygon([(520, 400), (540, 420), (540, 380)])
    assert zones["front"].symmetric_difference(front).area == pytest.approx(0.0, abs=1e-6)
    # left: between the front-left line, the token's left edge, the rear-left line, the centreline
    left = Polygon([(520, 400), (540, 420), (460, 420), (480, 400)])
    assert zones["left"].symmetric_difference(left).area == pytest.approx(0.0, abs=1e-6)
    # the zones tile the cardboard token, not the plastic base (RRG "Hull Zone")
    token = ship_token_polygon(box, 500.0, 400.0, 0.0)
    assert shapely.union_all(list(zones.values())).symmetric_difference(token).area < 1e-6
    assert sum(z.area for z in zones.values()) == pytest.approx(80 * 40)
    assert ship_base_polygon(box, 500.0, 400.0, 0.0).area > token.area


def test_adjacent_zones_share_an_arc_line_and_opposite_ones_do_not(box_catalog):
    zones = hull_zone_polygons(box_catalog.ship("test-box"), (0.0, 0.0, 0.0))
    assert zones["front"].intersection(zones["left"]).length == pytest.approx(math.hypot(20, 20))
    assert zones["front"].intersection(zones["rear"]).length == 0.0
    assert zones["left"].intersection(zones["right"]).length == pytest.approx(40.0)  # centreline


def test_zone_polygons_follow_the_pose(box_catalog):
    box = box_catalog.ship("test-box")
    zones = hull_zone_polygons(box, (100.0, 200.0, 90.0))
    # heading 90: the bow points to +y, the ship's left (port) to -x
    assert zones["front"].contains(Point(100, 235))
    assert zones["left"].contains(Point(90, 200))
    tps = targeting_points(box, (100.0, 200.0, 90.0))
    assert tps["front"] == pytest.approx((100.0, 230.0))
    assert tps["left"] == pytest.approx((90.0, 200.0))


def test_firing_arc_is_the_arc_lines_extended_without_end(box_catalog):
    box = box_catalog.ship("test-box")
    arc = firing_arc(box, (500.0, 400.0, 0.0), "front")
    assert arc.contains(Point(1800, 400))
    assert arc.contains(Point(1500, 400 + 900))          # just inside the 45-degree line
    assert not arc.contains(Point(1500, 400 + 990))
    left = firing_arc(box, (500.0, 400.0, 0.0), "left")
    # the side arc runs along the centreline between the two meeting points
    assert left.contains(Point(500, 401)) and not left.contains(Point(500, 399))
    assert left.contains(Point(500, 1300))


def test_the_printed_line_belongs_to_both_neighbouring_arcs(box_catalog):
    box = box_catalog.ship("test-box")
    front = firing_arc(box, (500.0, 400.0, 0.0), "front")
    left = firing_arc(box, (500.0, 400.0, 0.0), "left")
    on_line = Point(700, 580)   # on the extended front-left line y - 400 = x - 520
    assert front.contains(on_line) and left.contains(on_line)


def test_arc_wider_than_180_degrees(box_catalog):
    fan = box_catalog.ship("test-fan")
    front = firing_arc(fan, (0.0, 0.0, 0.0), "front")
    rear = firing_arc(fan, (0.0, 0.0, 0.0), "rear")
    assert front.is_valid and rear.is_valid
    assert front.contains(Point(-500, 400)) and not front.contains(Point(-500, 0))
    assert rear.contains(Point(-500, 0)) and not rear.contains(Point(500, 0))


def test_lines_that_do_not_separate_two_targeting_points_are_an_input_error(tmp_path, pieces):
    (tmp_path / "ships").mkdir()
    broken = pieces.BOX.replace("rear_left = [[-20.0, 0.0], [-40.0, 20.0]]",
                         "rear_left = [[20.0, 0.0], [40.0, 20.0]]")
    (tmp_path / "ships" / "test-broken.toml").write_text(broken)
    catalog = load_catalog(tmp_path)
    with pytest.raises(InputError, match=r"test-broken.toml: arc_lines: .*left and rear"):
        hull_zone_polygons(catalog.ship("test-broken"), (0.0, 0.0, 0.0))


def test_every_bundled_ship_is_cut_into_its_zones(catalog):
    for cls in catalog.ships.values():
        zones = hull_zone_polygons(cls, (900.0, 450.0, 33.0))
        token = ship_token_polygon(cls, 900.0, 450.0, 33.0)
        assert set(zones) == set(cls.hull_zones), cls.id
        # the zones cover the token (within a few mm^2 where a printed line stops short)
        assert abs(sum(z.area for z in zones.values()) - token.area) < 5.0, cls.id
        tps = targeting_points(cls, (900.0, 450.0, 33.0))
        for z, poly in zones.items():
            assert poly.buffer(1e-6).contains(Point(tps[z])), (cls.id, z)
            arc = firing_arc(cls, (900.0, 450.0, 33.0), z)
            assert arc.is_valid and arc.contains(Point(tps[z])), (cls.id, z)


def test_bundled_front_arc_points_ahead_of_the_bow(catalog):
    for cls in catalog.ships.values():
        arc = firing_arc(cls, (0.0, 0.0, 0.0), "front")
        assert arc.contains(Point(1000.0, 0.0)), cls.id
        assert not arc.contains(Point(-1000.0, 0.0)), cls.id
        assert np.isclose(firing_arc(cls, (0.0, 0.0, 0.0), "left").contains(Point(0, 1000)), True)
