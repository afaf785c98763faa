"""Hull zones that are not convex (armada-rules.md 1.2.1, 1.3.3, 1.1.2; RRG p.8, p.10, p.11).

The test-fan's front zone is its token with a triangular notch cut from the rear edge (the rear
zone, apex at the token centre). Community ships added with ``--models`` can have such zones;
the compiled kernels assume convex zones, so these pairs must come out as shapely measures them.
Unless said otherwise: test-box ``a`` (player 1) at (500, 400) heading 0, its right zone the strip
y 380..400 between x = 460 and 540, its right arc the part of y < 400 with x + y <= 920 and
x - y >= 80 (the lines through (520, 400) and (480, 400), widened by 0.2 mm).
"""

import math

import pytest
from shapely.geometry import LineString, Point

from armada_vision.geometry import firing_arc, hull_zone_polygons
from armada_vision.geometry._zones import is_convex, ship_local
from armada_vision.rules import check_scene


def test_the_fan_front_zone_is_flagged_not_convex_and_the_box_zones_convex(box_catalog):
    fan = ship_local(box_catalog.ship("test-fan"))
    box = ship_local(box_catalog.ship("test-box"))
    assert fan.zone_convex == {"front": False, "rear": True}
    assert all(box.zone_convex.values())
    # a square with one corner pushed in; a triangle with a straight (collinear) corner
    assert not is_convex([[0, 0], [10, 0], [5, 5], [10, 10], [0, 10]])
    assert is_convex([[0, 0], [5, 0], [10, 0], [0, 10]])


def test_range_to_a_notched_zone_is_measured_to_its_part_inside_the_arc(box_catalog, pieces):
    # RRG p.11: attack range to the part of the defending zone inside the attacking arc. Fan
    # ``f`` at (650, 300) heading 90: token x 630..670, y 260..340, rear notch (650, 300)
    # (630, 260) (670, 260). Its front zone's nearest corner (630, 340) is 98.5 mm from a's right
    # zone but outside the right arc (x + y = 970 > 920); inside the arc the front zone is the
    # sliver (630, 260) (630, 290) (640, 280) between the arc line and the notch, whose nearest
    # point (630, 290) lies 90 * sqrt(2) = 127.3 mm from a's corner (540, 380): medium range,
    # not close (the convex-zone kernel clipped the arc line by the notch's half-planes, found
    # nothing, and kept 98.5 mm).
    s = pieces.scene(pieces.ship("a", 500, 400), pieces.ship("f", 650, 300, 90, player=2,
                                                            cls="test-fan"))
    c = pieces.find(check_scene(s, box_catalog), "a", "f", "right", "front")
    right = hull_zone_polygons(box_catalog.ship("test-box"), (500.0, 400.0, 0.0))["right"]
    front = hull_zone_polygons(box_catalog.ship("test-fan"), (650.0, 300.0, 90.0))["front"]
    arc = firing_arc(box_catalog.ship("test-box"), (500.0, 400.0, 0.0), "right")
    assert right.distance(front) == pytest.approx(math.hypot(90, 40), abs=1e-6)
    assert c.in_arc
    assert c.range_mm == pytest.approx(right.distance(front.intersection(arc)), abs=1e-6)
    assert c.range_mm == pytest.approx(90 * math.sqrt(2), abs=0.3)     # arc lines widened 0.2
    assert c.range_band == "medium"
    assert c.range_segment[0].tolist() == pytest.approx([540.0, 380.0], abs=1e-6)
    assert c.range_segment[1].tolist() == pytest.approx([630.0, 290.0], abs=0.3)


def test_los_through_a_wing_of_a_notched_zone_is_no_los(box_catalog, pieces):
    # RRG p.10: no LOS through another hull zone of the defender. Fan ``f`` at (600, 400)
    # heading 0: rear notch (600, 400) (560, 420) (560, 380), rear targeting point (570, 400).
    # a at (570, 500) heading 270 looks down x = 570 from its front targeting point (570, 470):
    # the line crosses the fan's front zone from y = 420 to y = 415 (the notch's edge) before
    # reaching the rear zone. That wing is outside the half-planes of the notch's edges, so the
    # convex-zone clipping saw no crossing and gave LOS.
    s = pieces.scene(pieces.ship("a", 570, 500, 270), pieces.ship("f", 600, 400, 0, player=2,
                                                                 cls="test-fan"))
    c = pieces.find(check_scene(s, box_catalog), "a", "f", "front", "rear")
    front = hull_zone_polygons(box_catalog.ship("test-fan"), (600.0, 400.0, 0.0))["front"]
    assert c.los_segment.tolist() == [pytest.approx([570.0, 470.0]), pytest.approx([570.0, 400.0])]
    assert LineString(c.los_segment).intersection(front).length == pytest.approx(5.0, abs=1e-6)
    assert c.in_arc and c.range_band == "close"
    assert c.line_of_sight is False and c.blocked_by_zone == "front" and not c.valid
    # the margin is a lower bound of how far the line must move to leave the wing: the middle
    # of the crossing, (570, 417.5), is 2.5 mm below the top edge and 2.5 / hypot(1, 1/2) =
    # 2.24 mm from the notch's edge (slope 1/2)
    assert c.margin_mm == pytest.approx(2.5 / math.hypot(1.0, 0.5), abs=1e-6)


def test_los_into_the_notch_from_behind_is_not_blocked(box_catalog, pieces):
    # The beside case: a at (400, 400) heading 0 looks along y = 400 from (430, 400) into the
    # notch through the fan's rear edge (x = 560) and never enters the front zone; the attack
    # range line (120 mm, from a's front edge x = 440 to the rear edge) ends where the front
    # zone's corner is at most: touching is not passing through (RRG p.10).
    s = pieces.scene(pieces.ship("a", 400, 400), pieces.ship("f", 600, 400, 0, player=2,
                                                            cls="test-fan"))
    c = pieces.find(check_scene(s, box_catalog), "a", "f", "front", "rear")
    assert c.range_mm == pytest.approx(120.0, abs=1e-6) and c.range_band == "close"
    assert c.line_of_sight is True and c.blocked_by_zone is None and c.valid


def test_margin_covers_a_wing_leaving_the_arc(box_catalog, pieces):
    # DESIGN.md honesty, RRG p.11: the fan ``f`` at (600, 440) heading 330 lies in a's left arc
    # in more than one piece; the nearest one (27.4 mm away) is a wing of the front zone. Moved
    # 6 mm towards 300 degrees that wing leaves the arc: the range jumps to 61.9 mm, and the
    # range line then crosses the fan's rear zone (no LOS). The margin was 15.7 mm (bands and
    # arc only); it is now the nearest distance of a corner of the zone from an arc line (or of
    # an arc's corner from the zone's outline), 5.4 mm: below the 6 mm that flips the verdict.
    def row(x, y):
        s = pieces.scene(pieces.ship("a", 500, 400),
                         pieces.ship("f", x, y, 330, player=2, cls="test-fan"))
        return pieces.find(check_scene(s, box_catalog), "a", "f", "left", "front")

    c = row(600.0, 440.0)
    assert c.range_mm == pytest.approx(27.39, abs=0.01) and c.line_of_sight is True
    front = hull_zone_polygons(box_catalog.ship("test-fan"), (600.0, 440.0, 330.0))["front"]
    arc = firing_arc(box_catalog.ship("test-box"), (500.0, 400.0, 0.0), "left")
    ring = list(arc.exterior.coords)
    corners = [ring[0], ring[-2]]       # the arc's two ray origins (its outline starts at one)
    nearest = min([arc.exterior.distance(Point(v)) for v in front.exterior.coords]
                  + [front.exterior.distance(Point(p)) for p in corners])
    assert c.margin_mm == pytest.approx(nearest, abs=0.01)
    assert c.margin_mm == pytest.approx(5.38, abs=0.01)
    moved = row(600.0 + 6.0 * math.cos(math.radians(300)), 440.0 + 6.0 * math.sin(math.radians(300)))
    assert moved.range_mm == pytest.approx(61.95, abs=0.01)
    assert moved.line_of_sight is False and moved.blocked_by_zone == "rear"
