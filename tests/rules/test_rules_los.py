"""Line of sight and obstruction (armada-rules.md 1.1; RRG "Line of Sight" p.10, "Obstructed" p.13).

Unless said otherwise: ship ``a`` (test-box, player 1) at (500, 400) heading 0, front targeting
point (530, 400); ship ``b`` (player 2) at (680, 400) heading 180, its front edge at x = 640 facing
``a``, its front targeting point (650, 400).
"""

import pytest
from shapely.geometry import LineString

from armada_vision.geometry import hull_zone_polygons
from armada_vision.rules import check_scene


def _ab(pieces, *extra):
    return pieces.scene(pieces.ship("a", 500, 400), pieces.ship("b", 680, 400, 180, player=2),
                        *extra)


def test_los_runs_between_targeting_points(box_catalog, pieces):
    # 1.1.1
    c = pieces.find(check_scene(_ab(pieces), box_catalog), "a", "b", "front", "front")
    assert c.los_segment.tolist() == [pytest.approx([530.0, 400.0]), pytest.approx([650.0, 400.0])]
    assert c.line_of_sight and c.blocked_by_zone is None and c.valid


def test_squadron_los_from_centre_in_rrg_16_and_closest_point_in_rrg_15(box_catalog, pieces):
    # DESIGN.md rulesets / 1.1.1: the squadron at (700, 400) is 150 mm ahead of a's front edge.
    s = pieces.scene(pieces.ship("a", 500, 400), pieces.sq("s", 700, 400))
    c16 = pieces.find(check_scene(s, box_catalog, "rrg-1.6"), "a", "s", "front")
    c15 = pieces.find(check_scene(s, box_catalog, "rrg-1.5"), "a", "s", "front")
    assert c16.los_segment[1].tolist() == pytest.approx([700.0, 400.0])
    assert c15.los_segment[1].tolist() == pytest.approx([690.0, 400.0])
    assert c16.los_segment[0].tolist() == c15.los_segment[0].tolist() == pytest.approx([530.0, 400.0])


def test_squadron_los_point_changes_the_obstruction_verdict(box_catalog, pieces):
    # A rock (20 x 20) lies under squadron q, between q's centre and its base's edge facing p:
    # the centre line (1.6) crosses it, the closest-point line (1.5) stops short of it.
    s = pieces.scene(pieces.sq("p", 100, 100, player=1), pieces.sq("q", 200, 100),
                     pieces.rock("r", 205, 100))
    c16 = pieces.find(check_scene(s, box_catalog, "rrg-1.6"), "p", "q")
    c15 = pieces.find(check_scene(s, box_catalog, "rrg-1.5"), "p", "q")
    assert c16.obstructed and c16.obstructed_by == ("r",)
    assert not c15.obstructed


def test_los_through_another_hull_zone_of_the_defender_is_no_los(box_catalog, pieces):
    # 1.1.2: a's front sees b's rear only through b's front zone.
    checks = check_scene(_ab(pieces), box_catalog)
    rear = pieces.find(checks, "a", "b", "front", "rear")
    assert rear.in_arc and rear.range_band != "extreme"
    assert rear.line_of_sight is False and rear.blocked_by_zone == "front" and not rear.valid
    left = pieces.find(checks, "a", "b", "front", "left")
    assert left.line_of_sight is False and left.blocked_by_zone == "front"


def test_attack_range_line_through_another_hull_zone_is_no_los(box_catalog, pieces):
    # 1.1.2 (range line): b at (645, 535) heading 75 straddles a's front-left arc line. The LOS
    # to b's left targeting point meets no other zone of b, but the attack-range line to the
    # nearest part of b's left zone inside the arc runs 13 mm through b's rear zone.
    s = pieces.scene(pieces.ship("a", 500, 400), pieces.ship("b", 645, 535, 75, player=2))
    c = pieces.find(check_scene(s, box_catalog), "a", "b", "front", "left")
    zones = hull_zone_polygons(box_catalog.ship("test-box"), (645.0, 535.0, 75.0))
    los, rng = LineString(c.los_segment), LineString(c.range_segment)
    assert all(los.intersection(zones[z]).length < 0.01 for z in ("front", "right", "rear"))
    assert rng.intersection(zones["rear"]).length > 10.0
    assert c.in_arc and c.range_band == "medium"
    assert c.line_of_sight is False and c.blocked_by_zone == "rear" and not c.valid


def test_the_attackers_own_hull_zones_never_block(box_catalog, pieces):
    # 1.1.3: test-fan's front targeting point (510, 385) sees the squadron at (400, 445), in its
    # 307-degree front arc, only across the fan's own rear zone.
    s = pieces.scene(pieces.ship("f", 500, 400, cls="test-fan"), pieces.sq("s", 400, 445))
    c = pieces.find(check_scene(s, box_catalog), "f", "s", "front")
    own_rear = hull_zone_polygons(box_catalog.ship("test-fan"), (500.0, 400.0, 0.0))["rear"]
    assert LineString(c.los_segment).intersection(own_rear).length > 5.0
    assert c.in_arc and c.line_of_sight and c.blocked_by_zone is None and c.valid


def test_a_third_ship_obstructs_but_the_attack_stays_legal(box_catalog, pieces):
    # 1.1.4: ship c's plastic base spans x 568..612 across the LOS y = 400.
    c = pieces.find(check_scene(_ab(pieces, pieces.ship("c", 590, 400, 90, player=2)),
                                box_catalog), "a", "b", "front", "front")
    assert c.obstructed and c.obstructed_by == ("c",) and c.line_of_sight and c.valid


def test_an_obstacle_obstructs(box_catalog, pieces):
    c = pieces.find(check_scene(_ab(pieces, pieces.rock("r", 590, 400)), box_catalog),
                    "a", "b", "front", "front")
    assert c.obstructed and c.obstructed_by == ("r",) and c.valid
    assert c.dice == {"red": 1, "blue": 1, "black": 1}   # before the obstruction die is removed


def test_squadrons_do_not_obstruct_unless_the_house_rule_is_on(box_catalog, pieces):
    # 1.1.4 and the squadrons-obstruct switch (DESIGN.md rulesets)
    s = _ab(pieces, pieces.sq("s", 590, 400, player=1))
    plain = pieces.find(check_scene(s, box_catalog, "rrg-1.6"), "a", "b", "front", "front")
    house = pieces.find(check_scene(s, box_catalog, "rrg-1.6+squadrons-obstruct"),
                        "a", "b", "front", "front")
    assert not plain.obstructed and plain.obstructed_by == ()
    assert house.obstructed and house.obstructed_by == ("s",)


def test_shield_dials_do_not_obstruct(box_catalog, pieces):
    # 1.1.5: c's base starts at y = 402 (2 mm above the LOS), its 3 mm shield dials reach y = 399.
    c = pieces.find(check_scene(_ab(pieces, pieces.ship("c", 590, 424)), box_catalog),
                    "a", "b", "front", "front")
    assert not c.obstructed


@pytest.mark.parametrize(("rock_xy", "obstructed"), [
    ((650.0, 400.0), False),   # entirely under b's base (x 638..722): the LOS crosses no visible part
    ((650.0, 425.0), False),   # sticks out beside b, but the LOS crosses only the covered part
    ((636.0, 400.0), True),    # its visible strip x 626..638 lies on the LOS
])
def test_ship_on_an_obstacle_obstructs_only_over_the_visible_part(box_catalog, pieces, rock_xy,
                                                                  obstructed):
    # 1.1.6
    c = pieces.find(check_scene(_ab(pieces, pieces.rock("r", *rock_xy)), box_catalog),
                    "a", "b", "front", "front")
    assert c.obstructed is obstructed


def test_obstructed_attack_with_one_die_is_cancelled(box_catalog, pieces):
    # 1.1.9: a's rear zone has 1 blue die; removing it for the obstruction leaves none.
    s = pieces.scene(pieces.ship("a", 500, 400), pieces.ship("b", 320, 400, 0, player=2),
                     pieces.rock("r", 410, 400))
    c = pieces.find(check_scene(s, box_catalog), "a", "b", "rear", "front")
    assert c.in_arc and c.line_of_sight and c.obstructed
    assert c.dice == {"red": 0, "blue": 1, "black": 0} and not c.valid


def test_dust_field_forbids_ship_attacks_and_obstructs_squadron_attacks(box_catalog, pieces):
    # 1.1.10
    ship_attack = pieces.find(
        check_scene(_ab(pieces, pieces.rock("d", 590, 400, cls="test-dust")), box_catalog),
        "a", "b", "front", "front")
    assert not ship_attack.line_of_sight and not ship_attack.valid
    s = pieces.scene(pieces.sq("p", 540, 400, player=1), pieces.sq("q", 610, 400),
                     pieces.rock("d", 575, 400, cls="test-dust"))
    sq_attack = pieces.find(check_scene(s, box_catalog), "p", "q")
    assert sq_attack.obstructed and sq_attack.obstructed_by == ("d",) and sq_attack.valid


def test_pairs_beyond_long_range_in_arc_are_traced(box_catalog, pieces):
    # An extreme-range hull-zone pair in arc still has a LOS verdict (ignition attacks at
    # extreme range need LOS, armada-geometry.md 1.1): a's front zone ends at x 240, b (heading
    # 0) shows its rear zone from x 560: 320 mm, beyond the 304.8 mm ruler. c's base (heading
    # 90: x 398..442, y 358..442) lies across the LOS y = 400: obstructed by c.
    s = pieces.scene(pieces.ship("a", 200, 400), pieces.ship("b", 600, 400, player=2),
                     pieces.ship("c", 420, 400, 90, player=1))
    checks = check_scene(s, box_catalog)
    rear = pieces.find(checks, "a", "b", "front", "rear")
    assert rear.range_band == "extreme" and rear.distance_band is None
    assert abs(rear.range_mm - 320.0) < 1e-6
    assert rear.line_of_sight is True and rear.obstructed is True
    assert rear.obstructed_by == ("c",)
    assert dict(rear.dice) == {"red": 0, "blue": 0, "black": 0} and not rear.valid
    # to b's front targeting point (630, 400) the LOS runs through b's rear zone: no LOS (1.1.2)
    front = pieces.find(checks, "a", "b", "front", "front")
    assert front.range_band == "extreme"
    assert front.line_of_sight is False and front.blocked_by_zone is not None
    assert front.to_json()["line_of_sight"] is False


def test_pairs_beyond_long_range_out_of_arc_are_not_traced(box_catalog, pieces):
    # b far behind a's front arc: never an attack of that zone at any range; LOS is not traced
    s = pieces.scene(pieces.ship("a", 300, 400), pieces.ship("b", 1500, 400, 180, player=2))
    c = pieces.find(check_scene(s, box_catalog), "a", "b", "rear", "front")
    assert not c.in_arc
    assert c.range_band == "extreme" and c.line_of_sight is None and c.obstructed is None
    assert c.to_json()["line_of_sight"] is None and not c.valid


@pytest.mark.parametrize(("rock_x", "obstructed"), [(650.0, True), (640.0, False)])
def test_los_through_a_shield_dial_over_an_obstacle_is_obstructed(box_catalog, pieces, rock_x,
                                                                  obstructed):
    # 1.1.7 (2021 correction): b (heading 90) shows a its port side; its base spans x 658..702,
    # the 3 mm shield dials beside it x 655..658. The LOS y = 400 to b's left targeting point
    # (670, 400) crosses the dial. A rock at y 420..440 never meets the LOS, but at x 640..660
    # it lies under the dial (obstructed); at x 630..650 it does not reach the dial.
    s = pieces.scene(pieces.ship("a", 500, 400), pieces.ship("b", 680, 400, 90, player=2),
                     pieces.rock("r", rock_x, 430))
    c = pieces.find(check_scene(s, box_catalog), "a", "b", "front", "left")
    assert c.line_of_sight
    assert c.obstructed is obstructed
    assert c.obstructed_by == (("r",) if obstructed else ())


def test_los_grazing_a_third_ships_base_corner_is_obstructed_with_no_margin(box_catalog, pieces):
    """RRG p.10: LOS traced through a ship that is neither attacker nor defender is obstructed;
    touching its base corner is contact, and the verdict has no margin at all (too close to call
    at any uncertainty). ``c``'s base (84 x 44) has its corner on the LOS y = 400 when its centre
    is at y = 422; 0.1 mm farther it misses. The JSON says 0.0, not -0.0."""
    import json

    def row(cy):
        s = pieces.scene(pieces.ship("a", 300, 400), pieces.ship("d", 600, 400, 180, player=2),
                         pieces.ship("c", 450, cy, player=2))
        return pieces.find(check_scene(s, box_catalog), "a", "d", "front", "front")
    on, off = row(422.0), row(422.1)
    assert on.obstructed and on.obstructed_by == ("c",) and on.margin_mm == 0.0
    assert json.dumps(on.to_json()["margin_mm"]) == "0.0"
    assert not off.obstructed and off.margin_mm == pytest.approx(0.1)
