"""Determine Course and Move Ship (RRG v1.6 "Ship Movement" p.17, "Speed Chart", "Yaw",
"Commands": navigate; armada-geometry.md 5.2 for the tool)."""

import math

import pytest
import shapely

from armada_vision.rules.movement import IllegalManeuver, execute_maneuver


def _advance(result, x0=500.0, y0=400.0):
    return math.hypot(result.final_pose.x_mm - x0, result.final_pose.y_mm - y0)


def test_straight_speed_1_advances_exactly_one_tool_step(mcat, build, pieces):
    tool = mcat.maneuver_tool
    step = tool.segment_before_joint_mm + tool.segment_after_joint_mm
    assert step == pytest.approx(68.40)  # S3: 46.13 before the joint + 22.27 after it
    r = execute_maneuver(build([pieces.ship("a", heading=90.0)]), mcat, "a", 1, [0])
    assert r.final_pose.x_mm == pytest.approx(500.0, abs=1e-9)
    assert r.final_pose.y_mm == pytest.approx(400.0 + step, abs=1e-9)
    assert r.final_pose.heading_deg == pytest.approx(90.0)
    assert r.executed_speed == 1


def test_straight_speed_3_advances_three_tool_steps(mcat, build, pieces):
    r = execute_maneuver(build([pieces.ship("a")]), mcat, "a", 3, [0, 0, 0])
    assert _advance(r) == pytest.approx(3 * 68.40, abs=1e-6)


@pytest.mark.parametrize(("yaw", "heading"), [([1], 22.5), ([-1], 337.5), ([1, 1], 45.0),
                                              ([-1, -1], 315.0), ([0, 1, 2], 67.5),
                                              ([0, -1, 2], 22.5)])
def test_yaw_turns_the_final_heading_by_clicks_times_22_5_degrees(mcat, build, pieces, yaw,
                                                                   heading):
    r = execute_maneuver(build([pieces.ship("a")]), mcat, "a", len(yaw), yaw)
    assert r.final_pose.heading_deg == pytest.approx(heading)


def test_ship_is_placed_with_its_notch_on_the_speed_joint_on_the_same_side(mcat, build, pieces):
    # Tool on the port side: its centreline runs 30 + 15.25/2 mm left of the ship's axis from
    # the base's front edge; after one click to port the ship's port-front notch point sits on
    # the end of the step, the base turned 22.5 degrees (geometry.md 5.2).
    r = execute_maneuver(build([pieces.ship("a")]), mcat, "a", 1, [1])
    assert r.side == "left"
    assert r.tool_path_mm[0] == pytest.approx((550.0, 437.625))
    a = math.radians(22.5)
    end = (550.0 + 46.13 + 22.27 * math.cos(a), 437.625 + 22.27 * math.sin(a))
    assert r.tool_path_mm[-1] == pytest.approx(end)
    notch = (r.final_pose.x_mm + 50.0 * math.cos(a) - 37.625 * math.sin(a),
             r.final_pose.y_mm + 50.0 * math.sin(a) + 37.625 * math.cos(a))
    assert notch == pytest.approx(end)


def test_ship_overlapping_the_tool_uses_the_other_side(mcat, build, pieces):
    # Turning to port with the tool in the starboard notches swings the ship over the tool.
    r = execute_maneuver(build([pieces.ship("a")]), mcat, "a", 1, [1], side="right")
    assert r.side == "left"
    assert not r.tool_overlap
    r = execute_maneuver(build([pieces.ship("a")]), mcat, "a", 1, [-1], side="left")
    assert r.side == "right"


def test_owner_chooses_the_side_when_neither_overlaps(mcat, build, pieces):
    left = execute_maneuver(build([pieces.ship("a")]), mcat, "a", 2, [0, 0], side="left")
    right = execute_maneuver(build([pieces.ship("a")]), mcat, "a", 2, [0, 0], side="right")
    assert (left.side, right.side) == ("left", "right")
    assert left.final_pose.x_mm == pytest.approx(right.final_pose.x_mm)
    # the tool lies beside the ship's port or starboard side
    assert left.tool_path_mm[0][1] == pytest.approx(437.625)
    assert right.tool_path_mm[0][1] == pytest.approx(362.375)


def test_tool_polygon_is_the_tool_width_along_its_path_and_only_touches_the_ship(mcat, build,
                                                                               pieces):
    r = execute_maneuver(build([pieces.ship("a")]), mcat, "a", 2, [0, 0])
    assert r.tool_polygon.area == pytest.approx(15.25 * 2 * 68.40, rel=1e-6)
    final_base = shapely.box(586.8, 370.0, 686.8, 430.0)  # 500 + 2 * 68.4 = 636.8 +- 50
    assert r.tool_polygon.distance(final_base) == pytest.approx(0.0, abs=1e-9)
    assert r.tool_polygon.intersection(final_base).area < 1e-6


def test_speed_zero_stays_in_place_and_is_still_a_maneuver(mcat, build, pieces):
    r = execute_maneuver(build([pieces.ship("a", heading=30.0)]), mcat, "a", 0, [])
    assert (r.final_pose.x_mm, r.final_pose.y_mm, r.final_pose.heading_deg) == (500, 400, 30)
    assert r.executed_speed == 0 and r.side is None and r.tool_polygon is None


def test_speed_chart_refuses_an_illegal_yaw_and_names_the_chart(catalog):
    from armada_vision.scene import Scene, ShipPose

    scene = Scene((ShipPose("vsd", "victory-ii-star-destroyer", 1, 500.0, 400.0, 0.0, 2),))
    with pytest.raises(IllegalManeuver) as info:
        execute_maneuver(scene, catalog, "vsd", 2, [1, 1])
    assert str(info.value) == (  # the id the user gave, and the class whose chart it is
        "vsd (victory-ii-star-destroyer) speed chart allows at speed 2 yaw up to [0, 1], got [1, 1]")


def test_speed_above_the_chart_and_wrong_joint_count_are_refused(mcat, build, pieces):
    scene = build([pieces.ship("a")])
    with pytest.raises(IllegalManeuver, match=r"^a \(test-medium\) speed chart allows speed 0\.\.3, got 4$"):
        execute_maneuver(scene, mcat, "a", 4, [0, 0, 0, 0])
    with pytest.raises(IllegalManeuver, match="needs 2 yaw values"):
        execute_maneuver(scene, mcat, "a", 2, [1])


def test_navigate_dial_adds_one_click_to_one_joint_never_past_two(mcat, build, pieces):
    scene = build([pieces.ship("a", speed=3)])  # chart at speed 3: 0-1-2
    r = execute_maneuver(scene, mcat, "a", 3, [1, 1, 2], navigate="dial")
    assert r.final_pose.heading_deg == pytest.approx(90.0)
    with pytest.raises(IllegalManeuver, match="up to"):
        execute_maneuver(scene, mcat, "a", 3, [1, 2, 2], navigate="dial")  # two joints
    with pytest.raises(IllegalManeuver, match="up to"):
        execute_maneuver(scene, mcat, "a", 3, [0, 1, 3], navigate="dial")  # past II
    with pytest.raises(IllegalManeuver, match="up to"):
        execute_maneuver(scene, mcat, "a", 3, [1, 1, 2], navigate="token")  # token: speed only


def test_navigate_changes_speed_by_one_and_never_above_the_chart(mcat, build, pieces):
    scene = build([pieces.ship("a", speed=2)])
    assert execute_maneuver(scene, mcat, "a", 3, [0, 0, 0], navigate="token").executed_speed == 3
    assert execute_maneuver(scene, mcat, "a", 1, [0], navigate="dial").executed_speed == 1
    with pytest.raises(IllegalManeuver, match="at most 1"):
        execute_maneuver(scene, mcat, "a", 0, [], navigate="token")
    assert execute_maneuver(scene, mcat, "a", 0, [], navigate="dial+token").executed_speed == 0
    fast = build([pieces.ship("a", speed=3)])
    with pytest.raises(IllegalManeuver, match="allows speed 0..3"):
        execute_maneuver(fast, mcat, "a", 4, [0, 0, 0, 0], navigate="dial")


def test_huge_ship_inserts_the_tool_at_its_rear_base(mcat, build, pieces):
    # test-huge: two 70 x 120 bases centred 125 mm ahead of and behind the token centre.
    r = execute_maneuver(build([pieces.ship("h", "test-huge", x=700.0)]), mcat, "h", 1, [0])
    assert r.tool_path_mm[0] == pytest.approx((700.0 - 125.0 + 60.0, 400.0 + 35.0 + 7.625))
    assert r.final_pose.x_mm == pytest.approx(700.0 + 68.40)


def test_a_wrong_joint_count_at_speed_1_says_one_yaw_value(mcat, build, pieces):
    # it said "needs 1 yaw values (one per joint)"
    scene = build([pieces.ship("a")])
    with pytest.raises(IllegalManeuver) as info:
        execute_maneuver(scene, mcat, "a", 1, [0, 0])
    assert str(info.value) == "a (test-medium) at speed 1 needs one yaw value, got [0, 0]"
