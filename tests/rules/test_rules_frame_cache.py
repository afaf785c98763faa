"""The per-pose frame cache: the same poses give the same verdicts; a moved piece is re-posed."""

import dataclasses

from armada_vision.rules import (
    check_scene,
    clear_frame_cache,
    engaged_with,
    frame_for,
    parse_ruleset,
)


def test_same_poses_reuse_the_frame_and_a_moved_piece_is_seen(box_catalog, pieces):
    rs = parse_ruleset("rrg-1.6")
    clear_frame_cache()
    a = pieces.ship("a", 500, 400)
    d = pieces.ship("d", 540 + 100 + 40, 400, player=2)       # 100 mm: close range
    first = pieces.find(check_scene(pieces.scene(a, d), box_catalog, rs), "a", "d", "front", "rear")
    assert first.range_band == "close"
    # an equal scene built anew (a new camera frame with the same poses) reuses the tables
    same = pieces.scene(pieces.ship("a", 500, 400), pieces.ship("d", 680, 400, player=2))
    assert frame_for(same, box_catalog, rs) is frame_for(pieces.scene(a, d), box_catalog, rs)
    # the defender moved to 150 mm: medium range, never the cached close verdict
    moved = pieces.scene(a, dataclasses.replace(d, x_mm=540 + 150 + 40))
    again = pieces.find(check_scene(moved, box_catalog, rs), "a", "d", "front", "rear")
    assert again.range_band == "medium" and abs(again.range_mm - 150.0) < 1e-6
    # a turned piece too: heading 180 puts d's front zone nearest, not its rear
    turned = pieces.scene(a, dataclasses.replace(d, heading_deg=180.0))
    front = pieces.find(check_scene(turned, box_catalog, rs), "a", "d", "front", "front")
    assert abs(front.range_mm - 100.0) < 1e-6


def test_the_ruleset_is_part_of_the_cache_key(box_catalog, pieces):
    # an enemy squadron between two squadrons obstructs only under the house rule
    scene = pieces.scene(pieces.sq("q1", 300, 300, player=1), pieces.sq("q2", 360, 300, player=2),
                         pieces.sq("q3", 330, 300, player=1, cls="test-sq"))
    clear_frame_cache()
    assert engaged_with(scene, box_catalog, "rrg-1.6", "q1") == ["q2"]
    assert engaged_with(scene, box_catalog, "rrg-1.6+squadrons-obstruct", "q1") == []
    assert engaged_with(scene, box_catalog, "rrg-1.6", "q1") == ["q2"]


def test_asking_again_gives_the_same_rows_in_a_list_of_its_own(box_catalog, pieces):
    scene = pieces.scene(pieces.ship("a", 500, 400), pieces.ship("d", 680, 400, player=2))
    clear_frame_cache()
    first = check_scene(scene, box_catalog, attacker_id="a")
    assert len(first) == 16                        # 4 attacking zones x 4 defending zones
    first.clear()                                  # the caller's list is the caller's
    again = check_scene(scene, box_catalog, attacker_id="a")
    assert len(again) == 16
    assert pieces.find(again, "a", "d", "front", "rear").range_mm == 100.0
    assert len(check_scene(scene, box_catalog)) == 32          # both ships attack
