"""Firing arc, attack range, range and distance bands, dice (armada-rules.md 1.2, 1.3).

Layouts use the test-only ``test-box`` ship (see conftest.py): at (500, 400) heading 0 its front
zone is the triangle (520,400) (540,420) (540,380), its front arc |y - 400| <= x - 520.
"""

import math

import pytest

from armada_vision.rules import check_scene

SQ_R = 10.0  # test-sq radius


def _check(catalog, pieces, *extra, ruleset=None):
    return check_scene(pieces.scene(pieces.ship("a", 500, 400), *extra), catalog, ruleset)


def test_squadron_touching_an_arc_line_is_in_both_arcs(box_catalog, pieces):
    # 1.2.2: the disc touches the extended front-left line at (600, 480) from the left side.
    n = (-1 / math.sqrt(2), 1 / math.sqrt(2))
    touching = pieces.sq("t", 600 + SQ_R * n[0], 480 + SQ_R * n[1])
    clear = pieces.sq("c", 600 + (SQ_R + 1.0) * n[0], 480 + (SQ_R + 1.0) * n[1])
    checks = _check(box_catalog, pieces, touching, clear)
    assert pieces.find(checks, "a", "t", "front").in_arc
    assert pieces.find(checks, "a", "t", "left").in_arc
    assert not pieces.find(checks, "a", "c", "front").in_arc     # 1 mm off the line: left only
    assert pieces.find(checks, "a", "c", "left").in_arc
    assert not pieces.find(checks, "a", "t", "right").in_arc
    assert not pieces.find(checks, "a", "t", "rear").in_arc


def test_not_in_arc_means_no_attack_even_at_close_range(box_catalog, pieces):
    # 1.2.4: a squadron 50 mm straight off the left side is in range but not in the front arc.
    checks = _check(box_catalog, pieces, pieces.sq("s", 500, 480))
    front = pieces.find(checks, "a", "s", "front")
    assert not front.in_arc and not front.valid
    left = pieces.find(checks, "a", "s", "left")
    assert left.in_arc and left.valid and left.range_mm == pytest.approx(50.0, abs=0.01)


def test_squadrons_have_a_360_degree_arc(box_catalog, pieces):
    # 1.2.3: a squadron behind the ship attacks its rear zone; its arc is all around.
    checks = _check(box_catalog, pieces, pieces.sq("s", 400, 400))
    c = pieces.find(checks, "s", "a", None, "rear")
    assert c.in_arc and c.valid and c.range_mm == pytest.approx(460 - 400 - SQ_R, abs=0.01)


def test_closest_point_of_the_defender_outside_the_arc_is_ignored(box_catalog, pieces):
    # 1.3.3: a big squadron (r = 30) whose centre is 20 mm outside the front arc's left line.
    # Its nearest point to the front zone's corner (540, 420) is 76.7 mm away but outside the arc;
    # the nearest part inside the arc (the cap cut off by the line, which is 0.4 mm wide) starts
    # where the line meets the circle, 82.3 mm from the corner.
    cx, cy = 600.0, 480.0 + 20.0 * math.sqrt(2)
    big = pieces.sq("big", cx, cy, cls="test-big-sq")
    c = pieces.find(_check(box_catalog, pieces, big), "a", "big", "front")
    whole = math.hypot(cx - 540, cy - 420) - 30.0
    assert whole == pytest.approx(76.74, abs=0.01)
    assert c.in_arc
    assert c.range_mm == pytest.approx(82.3, abs=0.3)
    assert c.distance_band == 2      # the ignored nearer part would have been distance 1 (76 mm)


def test_targeting_points_are_never_used_for_range(box_catalog, pieces):
    # 1.3.4: front edge to front edge is 100 mm; the targeting points are 120 mm apart.
    b = pieces.ship("b", 540 + 100 + 40, 400, 180, player=2)
    c = pieces.find(_check(box_catalog, pieces, b), "a", "b", "front", "front")
    assert c.range_mm == pytest.approx(100.0, abs=1e-6)
    assert math.dist(*c.los_segment) == pytest.approx(120.0)
    assert c.range_segment[0][0] == pytest.approx(540.0)    # from a's front edge


def test_band_edge_belongs_to_the_nearer_band_between_hull_zones(box_catalog, pieces):
    # 1.3.2: front edges exactly the close-range edge apart -> close; 0.05 mm more -> medium.
    close = box_catalog.ruler.range_bands_mm["close"]
    on = pieces.find(_check(box_catalog, pieces, pieces.ship("b", 540 + close + 40, 400, 180, 2)),
                     "a", "b", "front", "front")
    past = pieces.find(_check(box_catalog, pieces,
                              pieces.ship("b", 540 + close + 40.05, 400, 180, 2)),
                       "a", "b", "front", "front")
    assert on.range_band == "close" and on.dice == {"red": 1, "blue": 1, "black": 1}
    assert past.range_band == "medium" and past.dice == {"red": 1, "blue": 1, "black": 0}
    assert on.margin_mm == pytest.approx(0.0, abs=1e-6)


@pytest.mark.parametrize("band", ["close", "medium", "long"])
def test_range_band_edge_between_squadrons(box_catalog, pieces, band):
    edge = box_catalog.ruler.range_bands_mm[band]
    nxt = {"close": "medium", "medium": "long", "long": "extreme"}[band]
    for gap, expected in ((edge, band), (edge + 0.01, nxt)):
        s = pieces.scene(pieces.sq("p", 100, 100, player=1), pieces.sq("q", 100 + 2 * SQ_R + gap, 100))
        c = pieces.find(check_scene(s, box_catalog), "p", "q")
        assert c.range_band == expected


def test_distance_one_edge_belongs_to_distance_one(box_catalog, pieces):
    d1 = box_catalog.ruler.distance_bands_mm[0]
    for gap, band, valid in ((d1, 1, True), (d1 + 0.01, 2, False)):
        s = pieces.scene(pieces.sq("p", 100, 100, player=1), pieces.sq("q", 100 + 2 * SQ_R + gap, 100))
        c = pieces.find(check_scene(s, box_catalog), "p", "q")
        assert c.distance_band == band and c.valid is valid


def test_extreme_range_beyond_the_ruler(box_catalog, pieces):
    # 1.3.1: anything past the ruler (304.8 mm) is extreme range: no dice, no attack.
    far = box_catalog.ruler.range_bands_mm["long"] + 50.0
    c = pieces.find(_check(box_catalog, pieces, pieces.ship("b", 540 + far + 40, 400, 180, 2)),
                    "a", "b", "front", "front")
    assert c.range_band == "extreme" and c.distance_band is None
    assert c.range_mm == pytest.approx(far)
    assert c.dice == {"red": 0, "blue": 0, "black": 0} and not c.valid
    assert c.in_arc


@pytest.mark.parametrize(("gap", "band", "dice"), [
    (100.0, "close", {"red": 1, "blue": 1, "black": 1}),
    (150.0, "medium", {"red": 1, "blue": 1, "black": 0}),
    (250.0, "long", {"red": 1, "blue": 0, "black": 0}),
    (350.0, "extreme", {"red": 0, "blue": 0, "black": 0}),
])
def test_dice_by_range_band(box_catalog, pieces, gap, band, dice):
    # 1.3.9: black close only, blue up to medium, red up to long (front armament 1 red 1 blue 1 black).
    c = pieces.find(_check(box_catalog, pieces, pieces.ship("b", 540 + gap + 40, 400, 180, 2)),
                    "a", "b", "front", "front")
    assert c.range_band == band and c.dice == dice and c.valid is (band != "extreme")


def test_ship_attacking_a_squadron_uses_its_anti_squadron_dice(box_catalog, pieces):
    # test-box anti-squadron armament is 2 blue: usable at medium range, not at long.
    medium = pieces.find(_check(box_catalog, pieces, pieces.sq("s", 540 + 150 + SQ_R, 400)),
                         "a", "s", "front")
    long_ = pieces.find(_check(box_catalog, pieces, pieces.sq("s", 540 + 250 + SQ_R, 400)),
                        "a", "s", "front")
    assert medium.dice == {"red": 0, "blue": 2, "black": 0} and medium.valid
    assert long_.dice == {"red": 0, "blue": 0, "black": 0} and not long_.valid


def test_squadron_attacks_need_distance_one(box_catalog, pieces):
    # 1.3.8: anti-ship dice (1 red) at distance 1 of the hull zone, none at distance 2.
    d1 = box_catalog.ruler.distance_bands_mm[0]
    near = pieces.find(_check(box_catalog, pieces, pieces.sq("s", 540 + d1 - 1 + SQ_R, 400)),
                       "s", "a", None, "front")
    far = pieces.find(_check(box_catalog, pieces, pieces.sq("s", 540 + d1 + 1 + SQ_R, 400)),
                      "s", "a", None, "front")
    assert near.distance_band == 1 and near.dice == {"red": 1, "blue": 0, "black": 0} and near.valid
    assert far.distance_band == 2 and far.dice == {"red": 0, "blue": 0, "black": 0}
    assert not far.valid
    # and against a squadron, its anti-squadron dice (3 blue)
    s = pieces.scene(pieces.sq("p", 100, 100, player=1), pieces.sq("q", 150, 100))
    assert pieces.find(check_scene(s, box_catalog), "p", "q").dice == {"red": 0, "blue": 3, "black": 0}


def test_touching_and_overlapping_pieces_are_at_close_range_and_distance_one(box_catalog, pieces):
    # 1.3.7: a component is always at close range / distance 1 of what it lies on.
    s = pieces.scene(pieces.sq("p", 100, 100, player=1), pieces.sq("q", 105, 100))
    c = pieces.find(check_scene(s, box_catalog), "p", "q")
    assert c.range_mm == 0.0 and c.range_band == "close" and c.distance_band == 1


def test_attacks_only_between_opposing_players(box_catalog, pieces):
    checks = _check(box_catalog, pieces, pieces.sq("friend", 600, 400, player=1),
                    pieces.sq("enemy", 600, 300, player=2))
    assert not [c for c in checks if {c.attacker, c.defender} == {"a", "friend"}]
    # four zones and the friend attack the enemy; the enemy attacks four zones and the friend
    assert len(checks) == 5 + 5


def test_margin_of_a_range_measured_where_the_defender_crosses_an_arc_line(box_catalog, pieces):
    """RRG p.11: attack range ignores the defender's part outside the arc. Here ``d`` (heading
    44 deg) crosses ``a``'s front-left arc line (45 deg) at 1 deg, and the range is measured to
    that crossing: moving a piece by x slides it along the arc line by x / sin(1 deg), so the
    range moves ~57 times faster than the pieces. The margin says so: no translation of ``d``
    shorter than the margin changes the distance band (it would at the old margin, 0.55 mm)."""
    import math

    def row(dx=0.0, dy=0.0):
        s = pieces.scene(pieces.ship("a", 500, 400),
                         pieces.ship("d", 616.17 + dx, 496.17 + dy, 44.0, player=2))
        return pieces.find(check_scene(s, box_catalog, attacker_id="a"), "a", "d", "front", "left")
    r = row()
    assert r.in_arc and r.distance_band == 2 and r.range_mm == pytest.approx(96.26, abs=0.01)
    # distance 1 ends at 76 mm: 20.26 mm of range, times sin(1 deg)
    assert r.margin_mm == pytest.approx(20.26 * math.sin(math.radians(1.0)), abs=0.02)
    step = 0.95 * r.margin_mm
    for k in range(8):
        t = math.radians(45.0 * k)
        moved = row(step * math.cos(t), step * math.sin(t))
        assert (moved.range_band, moved.distance_band) == (r.range_band, r.distance_band)


def test_margin_when_the_closest_point_lies_just_inside_the_arc_by_a_shallow_edge(box_catalog,
                                                                                  pieces):
    """RRG p.11 again, the other side of the line: ``d`` (heading 44 deg) now has its corner
    0.16 mm inside ``a``'s front-left arc line (45 deg), and that corner is the closest point
    (range 57.7 mm, distance 1). Moving ``d`` 0.64 mm puts the corner outside the arc, and the
    range jumps ~26 mm along the edge running at 1 deg to the line, to where it crosses it:
    distance 2. The margin says so: the distance to the band edge times sin(1 deg)."""
    import math

    def row(dx=0.0, dy=0.0):
        s = pieces.scene(pieces.ship("a", 500, 400),
                         pieces.ship("d", 595.0699 + dx, 474.8437 + dy, 44.0, player=2))
        return pieces.find(check_scene(s, box_catalog, attacker_id="a"), "a", "d", "front", "left")
    r = row()
    assert r.in_arc and r.distance_band == 1 and r.range_mm == pytest.approx(57.71, abs=0.01)
    d1 = box_catalog.ruler.distance_bands_mm[0]
    assert r.margin_mm == pytest.approx((d1 - r.range_mm) * math.sin(math.radians(1.0)), abs=0.01)
    jumped = row(0.0, 0.64)
    assert jumped.distance_band == 2 and jumped.range_mm > r.range_mm + 20.0
    step = 0.95 * r.margin_mm
    for k in range(8):
        t = math.radians(45.0 * k)
        moved = row(step * math.cos(t), step * math.sin(t))
        assert (moved.range_band, moved.distance_band) == (r.range_band, r.distance_band)
