"""Pieces on top of each other (a detector glitch, or a ship put down on another): every check
still answers, and overlapping hull zones are at range 0 (RRG p.11: the closest points coincide).

Regression: when every pair of zones was close enough to need shapely, the numpy path was
handed zero pairs and failed.
"""

from armada_vision.rules import check_scene


def test_two_fan_ships_on_one_spot_are_at_range_zero(box_catalog, pieces):
    scene = pieces.scene(pieces.ship("a", 500, 400, 0, player=1, cls="test-fan"),
                         pieces.ship("b", 500, 400, 0, player=2, cls="test-fan"))
    checks = check_scene(scene, box_catalog)
    # two zones each, both ways: 8 checks, every zone of one token overlapping every zone of
    # the other (the front zone wraps the thin rear triangle)
    assert len(checks) == 8
    assert all(c.range_mm == 0.0 and c.range_band == "close" for c in checks)
