"""Overlapping after a maneuver (RRG v1.6 "Overlapping" p.14, "Play Area", "Obstacles",
Flotillas errata). The mover is test-medium (60 x 100 mm) at (500, 400) heading 0, so its base
spans x 450..550 at speed 0, 518.4..618.4 at speed 1 and 586.8..686.8 at speed 2 (one tool
step is 68.4 mm), y 370..430."""

import math

import pytest

from armada_vision.rules.movement import execute_maneuver


def test_blocked_at_speed_2_and_at_speed_1_ends_at_speed_0_card_to_the_closest(mcat, build,
                                                                                pieces):
    a = pieces.ship("a", x=670.0, player=2)                  # base x 620..720: speed 2 only
    b = pieces.ship("b", "test-small", x=570.0, y=445.0, heading=90.0, player=2)
    # b: x 555..585, y 420..470: overlaps the speed-1 base, 5 mm from the speed-0 base
    r = execute_maneuver(build([pieces.ship("m"), a, b]), mcat, "m", 2, [0, 0])
    assert r.executed_speed == 0
    assert (r.final_pose.x_mm, r.final_pose.y_mm) == (500.0, 400.0)
    assert r.final_pose.speed == 2  # the speed dial is unchanged
    assert r.overlapped_ships == ("a", "b")
    assert r.damage_to == ("m", "b")  # b is 5 mm away at the final position, a 70 mm


def test_blocked_only_at_speed_2_finishes_at_speed_1(mcat, build, pieces):
    a = pieces.ship("a", x=670.0, player=2)
    r = execute_maneuver(build([pieces.ship("m"), a]), mcat, "m", 2, [0, 0])
    assert r.executed_speed == 1
    assert r.final_pose.x_mm == pytest.approx(568.4)
    assert r.damage_to == ("m", "a")


def test_touching_is_not_overlapping(mcat, build, pieces):
    touching = pieces.ship("a", x=686.8 + 50.0, player=2)    # rear edge on the front edge
    r = execute_maneuver(build([pieces.ship("m"), touching]), mcat, "m", 2, [0, 0])
    assert r.executed_speed == 2 and r.overlapped_ships == () and r.damage_to == ()
    into = pieces.ship("a", x=686.8 + 50.0 - 0.01, player=2)  # 0.01 mm into it
    r = execute_maneuver(build([pieces.ship("m"), into]), mcat, "m", 2, [0, 0])
    assert r.executed_speed == 1 and r.overlapped_ships == ("a",)


@pytest.mark.parametrize(("mover", "other", "cards"), [
    ("test-flotilla", "test-medium", ("m",)),     # flotilla overlapping a ship: only itself
    ("test-medium", "test-flotilla", ("o",)),     # ship overlapping a flotilla: only the flotilla
    ("test-flotilla", "test-flotilla", ("m", "o")),
    ("test-medium", "test-medium", ("m", "o")),
])
def test_flotilla_takes_the_card_alone_unless_both_are_flotillas(mcat, build, pieces, mover,
                                                                 other, cards):
    m = pieces.ship("m", mover, speed=1)
    length = mcat.ship(mover).base.length_mm
    front = 500.0 + length / 2 + 68.4                       # mover's front edge at speed 1
    o_len = mcat.ship(other).base.length_mm
    o = pieces.ship("o", other, x=front + o_len / 2 - 5.0, player=2)  # 5 mm into it
    r = execute_maneuver(build([m, o]), mcat, "m", 1, [0])
    assert r.executed_speed == 0
    assert r.damage_to == cards


def test_shield_dials_count_as_base_for_overlapping(mcat, build, pieces):
    # test-dials has 3 mm of dial frame each side: base y 370..430, with dials 367..433.
    beside = pieces.ship("o", x=568.4, y=431.5 + 30.0, player=2)  # plain base 1.5 mm away
    plain = execute_maneuver(build([pieces.ship("m", speed=1), beside]), mcat, "m", 1, [0])
    assert plain.executed_speed == 1 and plain.overlapped_ships == ()
    dials = execute_maneuver(build([pieces.ship("m", "test-dials", speed=1), beside]), mcat,
                             "m", 1, [0])
    assert dials.overlapped_ships == ("o",)


def test_ship_ending_on_two_squadrons_gets_both_placed_touching_it(mcat, build, pieces):
    q1, q2 = pieces.squad("q1", 560.0, 400.0), pieces.squad("q2", 600.0, 425.0)
    stays = pieces.squad("q3", 568.4, 430.0 + 15.0)   # touching the final base: not lifted
    scene = build([pieces.ship("m", speed=1)], [q1, q2, stays])
    r = execute_maneuver(scene, mcat, "m", 1, [0])
    assert r.executed_speed == 1  # squadrons do not stop a ship
    assert r.displaced_squadrons == ("q1", "q2")
    spots = r.displaced_squadron_placements
    assert set(spots) == {"q1", "q2"}
    placed = [spots["q1"], spots["q2"], (568.4, 445.0)]
    for x, y in placed[:2]:
        # touching the moved base (x 518.4..618.4, y 370..430): distance to it = radius 15
        dx = max(518.4 - x, 0.0, x - 618.4)
        dy = max(370.0 - y, 0.0, y - 430.0)
        assert math.hypot(dx, dy) == pytest.approx(15.0, abs=1e-6)
        assert 15.0 <= x <= 1828.8 - 15.0 and 15.0 <= y <= 914.4 - 15.0
    for i in range(3):
        for j in range(i + 1, 3):
            d = math.dist(placed[i], placed[j])
            assert d >= 30.0 - 1e-6, (placed[i], placed[j])
    after = r.apply(scene)
    assert after.squadron("q1").x_mm == spots["q1"][0]


def test_crowded_squadrons_are_placed_touching_a_squadron_that_touches_the_ship(mcat, build,
                                                                                pieces):
    # Three ships touch the moved base's top, bottom and front sides, leaving only its 60 mm
    # rear side free: at most three 30 mm squadrons touch the ship, the rest chain on them.
    walls = [pieces.ship("top", x=568.4, y=460.0, player=2),
             pieces.ship("bottom", x=568.4, y=340.0, player=2),
             pieces.ship("front", x=648.4, y=400.0, heading=90.0, player=2)]
    lifted = [pieces.squad(f"q{k}", 533.4 + 30.0 * (k % 3), 385.0 + 30.0 * (k // 3))
              for k in range(5)]
    r = execute_maneuver(build([pieces.ship("m", speed=1), *walls], lifted), mcat, "m", 1, [0])
    assert r.executed_speed == 1 and r.overlapped_ships == ()
    assert len(r.displaced_squadrons) == 5
    spots = list(r.displaced_squadron_placements.values())
    assert len(spots) == 5 and r.unplaced_squadrons == ()

    def gap(p):  # distance from a squadron's edge to the moved base x 518.4..618.4, y 370..430
        dx = max(518.4 - p[0], 0.0, p[0] - 618.4)
        dy = max(370.0 - p[1], 0.0, p[1] - 430.0)
        return math.hypot(dx, dy) - 15.0

    touching = [p for p in spots if abs(gap(p)) < 1e-6]
    chained = [p for p in spots if abs(gap(p)) >= 1e-6]
    assert 2 <= len(touching) <= 3 and chained
    for p in chained:
        assert any(abs(math.dist(p, t) - 30.0) < 1e-6 for t in touching)
    for i, p in enumerate(spots):
        assert gap(p) >= -1e-6
        assert all(math.dist(p, q) >= 30.0 - 1e-6 for q in spots[i + 1:])
        for w in walls:  # no squadron on a wall ship (all 100 x 60 bases)
            hl, hw = (50.0, 30.0) if w.heading_deg == 0 else (30.0, 50.0)
            dx = max(abs(p[0] - w.x_mm) - hl, 0.0)
            dy = max(abs(p[1] - w.y_mm) - hw, 0.0)
            assert math.hypot(dx, dy) >= 15.0 - 1e-6


def test_base_partly_outside_the_play_area_is_destroyed(mcat, build, pieces):
    out = execute_maneuver(build([pieces.ship("m", x=110.0, heading=180.0)]), mcat, "m", 1, [0])
    assert out.final_pose.x_mm == pytest.approx(41.6)   # base x -8.4..91.6
    assert out.destroyed
    edge = execute_maneuver(build([pieces.ship("m", x=118.4, heading=180.0)]), mcat, "m", 1, [0])
    assert not edge.destroyed                              # rear edge exactly on x = 0


def test_obstacles_overlapped_are_each_listed_touching_is_not(mcat, build, pieces):
    rocks = [pieces.rock("r1", 600.0, 400.0), pieces.rock("r2", 530.0, 440.0),
             pieces.rock("r3", 638.4, 400.0)]            # r3 touches the front edge only
    r = execute_maneuver(build([pieces.ship("m", speed=1)], obstacles=rocks), mcat, "m", 1, [0])
    assert r.obstacles_overlapped == ("r1", "r2")


def test_speed_zero_maneuver_resolves_the_obstacle_under_the_ship(mcat, build, pieces):
    r = execute_maneuver(build([pieces.ship("m", speed=0)], obstacles=[pieces.rock("r", 500, 400)]),
                         mcat, "m", 0, [])
    assert r.obstacles_overlapped == ("r",)


def test_reduced_speed_keeps_the_tool_and_places_the_ship_at_the_lower_joint(mcat, build,
                                                                             pieces):
    # Blocked at speed 2 on a 1-1 course: the tool stays as set (two steps long) and the ship
    # is placed on the joint for speed 1, heading 22.5 degrees, its notch on the step's end.
    full = execute_maneuver(build([pieces.ship("m")]), mcat, "m", 2, [1, 1])
    h = math.radians(full.final_pose.heading_deg)  # 45 degrees; 60 mm further along it
    blocker = pieces.ship("a", x=full.final_pose.x_mm + 60 * math.cos(h),
                          y=full.final_pose.y_mm + 60 * math.sin(h), heading=45.0, player=2)
    r = execute_maneuver(build([pieces.ship("m"), blocker]), mcat, "m", 2, [1, 1])
    assert r.executed_speed == 1
    assert r.final_pose.heading_deg == pytest.approx(22.5)
    assert len(r.tool_path_mm) == 4 and r.tool_path_mm == full.tool_path_mm
    a = math.radians(22.5)
    joint1 = r.tool_path_mm[1]
    step1_end = (joint1[0] + 22.27 * math.cos(a), joint1[1] + 22.27 * math.sin(a))
    notch = (r.final_pose.x_mm + 50.0 * math.cos(a) - 37.625 * math.sin(a),
             r.final_pose.y_mm + 50.0 * math.sin(a) + 37.625 * math.cos(a))
    assert notch == pytest.approx(step1_end)


def test_only_the_final_position_matters_not_what_lies_under_the_path(mcat, build, pieces):
    # A ship sitting across the path between start and end is ignored (RRG "Ship Movement").
    across = pieces.ship("a", x=620.0, y=400.0, heading=90.0, player=2)  # x 590..650
    r = execute_maneuver(build([pieces.ship("m", speed=3), across]), mcat, "m", 3, [0, 0, 0])
    # final base x 655.2..755.2 is past it: 500 + 3 * 68.4 = 705.2
    assert r.executed_speed == 3 and r.overlapped_ships == ()


def test_the_tool_may_hang_off_the_play_area(mcat, build, pieces):
    # Heading +y along the left edge: the port-side tool lies at x < 0, the ship stays inside.
    m = pieces.ship("m", x=32.0, y=300.0, heading=90.0, speed=1)
    r = execute_maneuver(build([m]), mcat, "m", 1, [0], side="left")
    assert r.side == "left" and r.tool_path_mm[0][0] < 0.0
    assert not r.destroyed and r.final_pose.y_mm == pytest.approx(368.4)


def test_squadron_with_no_legal_spot_is_reported_unplaced(mcat, build, pieces):
    # A 125 x 80 mm play area around the 100 x 60 base leaves no room for a 30 mm squadron.
    m = pieces.ship("m", x=62.5 - 68.4, y=40.0, speed=1)
    r = execute_maneuver(build([m], [pieces.squad("q", 60.0, 40.0)], area=(125.0, 80.0)), mcat,
                         "m", 1, [0])
    assert r.displaced_squadrons == ("q",)
    assert r.displaced_squadron_placements == {} and r.unplaced_squadrons == ("q",)
    assert r.to_json()["unplaced_squadrons"] == ["q"]


def test_lifted_squadron_may_be_placed_on_an_obstacle(mcat, build, pieces):
    # The spot nearest where it stood is on a rock beside the ship: allowed, and not resolved.
    q = pieces.squad("q", 568.4, 420.0)
    rock = pieces.rock("r", 568.4, 460.0)                   # y 440..480, beside the base's top
    r = execute_maneuver(build([pieces.ship("m", speed=1)], [q], [rock]), mcat, "m", 1, [0])
    assert r.displaced_squadron_placements["q"] == pytest.approx((568.4, 445.0))
    assert r.obstacles_overlapped == ()                     # the ship itself only touches nothing


def test_a_detected_ship_of_unknown_class_still_blocks_by_its_size_class(mcat, build, pieces):
    from armada_vision.scene import ShipPose

    unknown = ShipPose("d", None, 2, 636.8, 400.0, 0.0, size_class="medium")
    r = execute_maneuver(build([pieces.ship("m"), unknown]), mcat, "m", 2, [0, 0])
    assert r.overlapped_ships == ("d",) and r.executed_speed < 2
