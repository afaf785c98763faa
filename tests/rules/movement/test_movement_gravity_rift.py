"""Gravity rift (RRG v1.6 "Obstacles", p.12): "When a ship at distance 1-2 of a gravity rift
resolves the 'Determine Course' step, its speed is temporarily reduced by one to a minimum of
speed '0' until the end of that maneuver", and "When a ship overlaps a gravity rift, its speed
dial must be reduced to '0'".

The mover is test-medium (60 x 100 mm) at (500, 400) heading 0: its base spans y 370..430. The
bundled rift's outline has a straight top edge at y = +49.7 mm (x -12.2..13.9), so a rift at
(500, 370 - 49.7 - gap) lies ``gap`` mm below the base. Distance 2 ends at 124.5 mm
(models/ruler.toml); the line belongs to distance 2 (RRG "Range and Distance", p.15).
"""

import json

import pytest

from armada_vision import game
from armada_vision.cli import main
from armada_vision.rules.movement import IllegalManeuver, execute_maneuver, gravity_rifts_in_reach
from armada_vision.scene import ObstaclePose
from armada_vision.ui.game_model import setup_events

D2_MM = 124.5
RIFT_TOP_MM = 49.7


def rift_below(gap_mm, oid="rift"):
    return ObstaclePose(oid, "gravity-rift", 500.0, 370.0 - RIFT_TOP_MM - gap_mm, 0.0)


@pytest.mark.parametrize(("gap_mm", "executed"), [
    (D2_MM, 1),          # exactly on the distance-2 line: at distance 2, speed 2 -> 1
    (D2_MM + 0.1, 2),    # just beyond distance 2: no effect
    (10.0, 1),           # distance 1
])
def test_gravity_rift_at_distance_1_2_reduces_the_speed_by_one_for_the_maneuver(
        mcat, build, pieces, gap_mm, executed):
    scene = build([pieces.ship("m", speed=2)], obstacles=[rift_below(gap_mm)])
    r = execute_maneuver(scene, mcat, "m", 2, [0, 0])
    assert r.executed_speed == executed
    assert r.final_pose.x_mm == pytest.approx(500.0 + 68.4 * executed)
    assert r.gravity_rifts == (("rift",) if executed == 1 else ())
    assert r.final_pose.speed == 2          # temporary: the speed dial is unchanged


def test_gravity_rift_reduced_course_uses_the_chart_of_the_reduced_speed(mcat, build, pieces):
    # test-medium chart: speed 1 = [1], speed 2 = [1, 1], speed 3 = [0, 1, 2]. At dial 3 the
    # ship moves at speed 2, so the course is clicked for speed 2: yaw [1, 1] is legal
    # (it is not at speed 3, whose first joint is "-").
    scene = build([pieces.ship("m", speed=3)], obstacles=[rift_below(50.0)])
    r = execute_maneuver(scene, mcat, "m", 3, [1, 1])
    assert r.executed_speed == 2 and r.yaw_clicks == (1, 1)
    assert r.final_pose.heading_deg == pytest.approx(45.0)
    with pytest.raises(IllegalManeuver, match="speed 2"):
        execute_maneuver(scene, mcat, "m", 3, [0, 2])     # speed-2 chart allows [1, 1]


def test_gravity_rift_yaw_for_the_dial_speed_drops_the_joint_beyond_the_reduced_speed(
        mcat, build, pieces):
    # "players ignore the segments of the tool that are beyond the final joint" (Maneuver Tool)
    scene = build([pieces.ship("m", speed=2)], obstacles=[rift_below(50.0)])
    r = execute_maneuver(scene, mcat, "m", 2, [0, 1])
    assert r.executed_speed == 1 and r.yaw_clicks == (0,)
    assert r.final_pose.heading_deg == pytest.approx(0.0)


def test_gravity_rift_reduction_stops_at_speed_0(mcat, build, pieces):
    scene = build([pieces.ship("m", speed=1)], obstacles=[rift_below(20.0)])
    r = execute_maneuver(scene, mcat, "m", 1, [0])
    assert r.executed_speed == 0
    assert (r.final_pose.x_mm, r.final_pose.y_mm) == (500.0, 400.0)
    r0 = execute_maneuver(scene, mcat, "m", 0, [])
    assert r0.executed_speed == 0


def test_ship_ending_on_a_gravity_rift_sets_its_speed_dial_to_0(mcat, build, pieces):
    # Speed 3 straight: the front edge goes from x 550 to 755.2. The rift's left-most point
    # (x -49.8) starts 124.6 mm ahead (beyond distance 2: no reduction) and is overlapped at
    # the end; moved 80.7 mm further it is 0.1 mm clear of the final base.
    def run(cx):
        rift = ObstaclePose("rift", "gravity-rift", cx, 400.0, 0.0)
        return execute_maneuver(build([pieces.ship("m", speed=3)], obstacles=[rift]), mcat,
                                "m", 3, [0, 0, 0])
    on = run(550.0 + D2_MM + 0.1 + 49.8)
    assert on.executed_speed == 3 and on.gravity_rifts == ()
    assert on.obstacles_overlapped == ("rift",)
    assert on.final_pose.speed == 0 and on.to_json()["speed_dial"] == 0
    assert on.on_gravity_rift and on.to_json()["on_gravity_rift"] is True
    off = run(755.2 + 0.1 + 49.8)
    assert off.executed_speed == 3 and off.obstacles_overlapped == ()
    assert off.final_pose.speed == 3 and off.to_json()["speed_dial"] == 3
    assert not off.on_gravity_rift and off.to_json()["on_gravity_rift"] is False


def test_move_cli_reports_the_gravity_rift(tmp_path, capsys):
    path = tmp_path / "scene.json"
    path.write_text(json.dumps({
        "format": "armada-scene/1", "play_area_mm": [1828.8, 914.4],
        "ships": [{"id": "vsd-1", "ship_class": "victory-ii-star-destroyer", "player": 1,
                   "x_mm": 420.0, "y_mm": 300.0, "heading_deg": 90.0, "speed": 2}],
        "obstacles": [{"id": "rift-1", "obstacle": "gravity-rift", "x_mm": 300.0,
                       "y_mm": 300.0, "heading_deg": 0.0}],
    }))
    rc = main(["move", str(path), "--ship", "vsd-1", "--speed", "2", "--yaw", "0,1", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert rc == 0
    assert out["executed_speed"] == 1 and out["gravity_rifts"] == ["rift-1"]
    assert out["speed"] == 2 and out["speed_dial"] == 2


@pytest.mark.parametrize(("gap_mm", "near"), [(D2_MM, True), (D2_MM + 0.1, False), (10.0, True)])
def test_gravity_rifts_in_reach_measures_distance_1_2_from_the_base(mcat, build, pieces, gap_mm,
                                                                     near):
    # RRG p.12 (deployment at speed 0, a slower course) and p.15 (the line belongs to distance 2)
    scene = build([pieces.ship("m", speed=2)], obstacles=[rift_below(gap_mm)])
    assert gravity_rifts_in_reach(scene, mcat, "m") == (("rift",) if near else ())


@pytest.mark.parametrize(("gap_mm", "speed", "rift"), [(D2_MM, 0, True), (D2_MM + 0.1, 2, False)])
def test_the_window_deploys_a_ship_beside_a_gravity_rift_at_speed_0(mcat, build, pieces, gap_mm,
                                                                   speed, rift):
    # RRG p.12: "When a ship deploys at distance 1-2 of a gravity rift, its speed dial must be
    # set to speed '0'"; the window's setup used to deploy it at the scene's speed (>= 1), which
    # the game then accepted, and refused a later legal 0.
    scene = build([pieces.ship("m", speed=2)], obstacles=[rift_below(gap_mm)])
    added = [e for e in setup_events(scene, mcat) if isinstance(e, game.ShipAdded)]
    assert [(e.ship, e.speed, e.gravity_rift) for e in added] == [("m", speed, rift)]
    state = game.replay(setup_events(scene, mcat))
    assert state.ship("m").speed == speed and state.ship("m").deployed_at_gravity_rift is rift


def test_move_cli_says_ends_on_a_gravity_rift_only_when_it_does(tmp_path, capsys):
    # A scene without a speed dial (ShipPose.speed 0, as a camera gives it) made the CLI print
    # "ends on a gravity rift" after any move: it read a speed dial of 0 as the rift's doing.
    def run(rift_y):
        path = tmp_path / "scene.json"
        path.write_text(json.dumps({
            "format": "armada-scene/1", "play_area_mm": [1828.8, 914.4],
            "ships": [{"id": "vsd-1", "ship_class": "victory-ii-star-destroyer", "player": 1,
                       "x_mm": 420.0, "y_mm": 180.0, "heading_deg": 0.0}],
            "obstacles": [{"id": "rift-1", "obstacle": "gravity-rift", "x_mm": 652.0,
                           "y_mm": rift_y, "heading_deg": 0.0}],
        }))
        assert main(["move", str(path), "--ship", "vsd-1", "--speed", "2", "--yaw", "0,0"]) == 0
        return capsys.readouterr().out
    # the VSD's base (102 mm long) ends with its front edge at x 607.8; the rift's left edge
    # (x 602.2) is 131.2 mm from the base where it starts: beyond distance 2
    assert "ends on a gravity rift" not in run(800.0)       # far away
    out = run(180.0)                                        # under the final base
    assert "ends on a gravity rift" in out and "distance 1-2" not in out
