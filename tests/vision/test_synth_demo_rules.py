"""The sample game's script agrees with the real rules: its maneuvers end where
``execute_maneuver`` says, and its shots are obstructed / blocked as ``check_scene`` says.
(Tests may import the rules; the renderer itself does not.)"""

from __future__ import annotations

import pytest

from armada_vision.vision.synth._script import demo_steps


def test_scripted_maneuvers_match_the_movement_rules(catalog):
    from armada_vision.rules.movement import execute_maneuver

    steps = demo_steps()
    moved = [(i, s) for i, s in enumerate(steps) if s.move]
    assert len(moved) >= 4
    for i, s in moved:
        r = execute_maneuver(steps[i - 1].scene, catalog, s.move["ship"], s.move["speed"], s.move["yaw"])
        want = s.events[0]["payload"]
        got = r.to_json()
        assert got["executed_speed"] == want["executed_speed"], s.key
        assert (got["x_mm"], got["y_mm"]) == pytest.approx((want["x_mm"], want["y_mm"]), abs=0.05), s.key
        assert got["heading_deg"] == pytest.approx(want["heading_deg"], abs=0.01), s.key
        assert sorted(got["overlapped_ships"]) == sorted(want["overlapped_ships"]), s.key
        assert sorted(got["damage_to"]) == sorted(want["damage_to"]), s.key
        final = s.scene.ship(s.move["ship"])
        assert (final.x_mm, final.y_mm) == pytest.approx((got["x_mm"], got["y_mm"]), abs=0.05)
    overlap = next(s for s in steps if s.key == "overlap")
    assert overlap.events[0]["payload"]["overlapped_ships"] == ["afmk2"]
    assert overlap.events[0]["payload"]["executed_speed"] < overlap.move["speed"]


def test_scripted_shots_are_obstructed_and_blocked_as_the_rules_say(catalog):
    rules = pytest.importorskip("armada_vision.rules")
    if not hasattr(rules, "check_scene"):
        pytest.skip("armada_vision.rules.check_scene has not landed yet")
    steps = [s for s in demo_steps() if s.check]
    assert {s.key for s in steps} >= {"obstructed-obstacle", "obstructed-ship", "blocked"}
    for s in steps:
        c = s.check
        found = [x.to_json() for x in rules.check_scene(s.scene, catalog, None, attacker_id=c["attacker"])]
        match = [j for j in found if j["attacking_zone"] == c["attacking_zone"]
                 and j["defender"] == c["defender"] and j["defending_zone"] == c["defending_zone"]]
        assert len(match) == 1, s.key
        j = match[0]
        assert j["in_arc"] and j["range_band"] in ("close", "medium", "long"), s.key
        for k, v in c["expect"].items():
            assert j[k] == v, (s.key, k, j[k])
