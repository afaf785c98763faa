"""Every verdict of a maneuver carries its margin (DESIGN.md "Accuracy, honesty": a camera
verdict near a boundary must say so). The mover is test-medium (60 x 100 mm) at (500, 400)
heading 0: at speed 2 straight its base spans x 586.8..686.8, y 370..430 (one tool step is
68.4 mm), as in test_movement_overlap.py."""

import math

import pytest

from armada_vision.rules.movement import execute_maneuver, move_squadron


@pytest.mark.parametrize("gap", [0.3, -0.3])
def test_a_ship_just_clear_of_or_just_into_the_final_position(mcat, build, pieces, gap):
    # RRG p.14: touching is not overlapping; 0.3 mm either way decides the executed speed
    other = pieces.ship("a", x=686.8 + 50.0 + gap, player=2)
    r = execute_maneuver(build([pieces.ship("m"), other]), mcat, "m", 2, [0, 0])
    assert r.executed_speed == (2 if gap > 0 else 1)
    assert r.margin_mm == pytest.approx(0.3, abs=1e-6)
    assert r.to_json()["margin_mm"] == 0.3


@pytest.mark.parametrize(("x", "destroyed"), [(118.9, False), (117.9, True)])
def test_the_play_area_edge(mcat, build, pieces, x, destroyed):
    # heading 180 at speed 1: the rear edge ends at x - 118.4 (p.14: any part outside)
    r = execute_maneuver(build([pieces.ship("m", x=x, heading=180.0)]), mcat, "m", 1, [0])
    assert r.destroyed is destroyed
    assert r.margin_mm == pytest.approx(0.5, abs=1e-6)


def test_an_obstacle_near_the_base_and_one_just_under_it(mcat, build, pieces):
    near = pieces.rock("r", 686.8 + 20.0 + 0.4, 400.0)         # 0.4 mm beyond the front edge
    r = execute_maneuver(build([pieces.ship("m")], obstacles=[near]), mcat, "m", 2, [0, 0])
    assert r.obstacles_overlapped == () and r.margin_mm == pytest.approx(0.4, abs=1e-6)
    under = pieces.rock("r", 686.8 + 20.0 - 0.4, 400.0)        # 0.4 mm under it
    r = execute_maneuver(build([pieces.ship("m")], obstacles=[under]), mcat, "m", 2, [0, 0])
    assert r.obstacles_overlapped == ("r",)
    assert 0.0 < r.margin_mm <= 0.4 + 1e-6       # the shared strip's inscribed radius, 0.2


def test_a_squadron_near_the_final_base(mcat, build, pieces):
    sq = pieces.squad("q", 686.8 + 15.0 + 0.6, 400.0)           # 30 mm disc, 0.6 mm clear
    r = execute_maneuver(build([pieces.ship("m")], [sq]), mcat, "m", 2, [0, 0])
    assert r.displaced_squadrons == () and r.margin_mm == pytest.approx(0.6, abs=1e-6)


def test_the_closest_overlapped_ship_tie(mcat, build, pieces):
    # both block speed 2 (base x 586.8..686.8, y 370..430); at speed 1 (x 518.4..618.4) b is
    # 5 mm and c 6 mm from the front edge, so b takes the card: 0.5 mm from a tie
    b = pieces.ship("b", "test-small", x=618.4 + 5.0 + 15.0, y=440.0, heading=90.0, player=2)
    c = pieces.ship("c", "test-small", x=618.4 + 6.0 + 15.0, y=360.0, heading=90.0, player=2)
    r = execute_maneuver(build([pieces.ship("m"), b, c]), mcat, "m", 2, [0, 0])
    assert r.executed_speed == 1 and r.damage_to == ("m", "b")
    assert r.margin_mm == pytest.approx(0.5, abs=1e-6)


def test_far_from_everything(mcat, build, pieces):
    r = execute_maneuver(build([pieces.ship("m")]), mcat, "m", 2, [0, 0])
    assert r.margin_mm > 100.0 and math.isfinite(r.margin_mm)


# Squadron moves: test-squadron has a 30 mm base and speed 3 (centre travel up to 185 mm).


@pytest.mark.parametrize(("travel", "legal"), [(184.7, True), (185.3, False)])
def test_a_squadron_move_near_its_speeds_reach(mcat, build, pieces, travel, legal):
    scene = build(squadrons=[pieces.squad("q", 300.0, 300.0)])
    r = move_squadron(scene, mcat, "q", 300.0 + travel, 300.0)
    assert r.legal is legal
    assert r.margin_mm == pytest.approx(0.3, abs=1e-6)
    assert r.to_json()["margin_mm"] == 0.3


@pytest.mark.parametrize(("gap", "legal"), [(0.4, True), (-0.4, False)])
def test_a_squadron_ending_beside_a_ship(mcat, build, pieces, gap, legal):
    # the ship's base spans x 350..450 (test-medium at 400): the disc's edge 0.4 mm from it
    scene = build([pieces.ship("s", x=400.0, y=300.0)], [pieces.squad("q", 250.0, 300.0)])
    r = move_squadron(scene, mcat, "q", 350.0 - 15.0 - gap, 300.0)
    assert r.legal is legal
    assert r.margin_mm == pytest.approx(0.4, abs=1e-6)


def test_a_squadron_ending_just_within_distance_1_of_an_enemy(mcat, build, pieces):
    d1 = mcat.ruler.distance_bands_mm[0]
    enemy = pieces.squad("e", 600.0, 300.0, player=1)
    scene = build(squadrons=[pieces.squad("q", 400.0, 300.0), enemy])
    r = move_squadron(scene, mcat, "q", 600.0 - 30.0 - d1 + 0.25, 300.0)
    assert r.legal and r.engaged_with == ("e",)
    assert r.margin_mm == pytest.approx(0.25, abs=1e-3)
