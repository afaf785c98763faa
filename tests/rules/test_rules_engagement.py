"""Squadron engagement (armada-rules.md 1.5.2; RRG "Engagement", p.6)."""

import pytest

from armada_vision.rules import engaged_with, engagements

R = 10.0  # test-sq radius


def test_enemy_squadrons_at_distance_one_are_engaged(box_catalog, pieces):
    d1 = box_catalog.ruler.distance_bands_mm[0]
    s = pieces.scene(pieces.sq("p", 100, 100, player=1), pieces.sq("q", 100 + 2 * R + d1, 100),
                     pieces.sq("far", 100, 100 + 2 * R + d1 + 0.5))
    assert engaged_with(s, box_catalog, None, "p") == ["q"]       # the edge is distance 1
    assert engaged_with(s, box_catalog, None, "q") == ["p"]
    assert engaged_with(s, box_catalog, None, "far") == []


def test_friendly_squadrons_and_ships_never_engage(box_catalog, pieces):
    s = pieces.scene(pieces.sq("p", 100, 100, player=1), pieces.sq("mate", 140, 100, player=1),
                     pieces.ship("enemy-ship", 100, 160, player=2))
    assert engagements(s, box_catalog) == {"p": [], "mate": []}


def test_squadrons_at_distance_one_across_a_ship_are_not_engaged(box_catalog, pieces):
    # The ship's base (x 123..167) lies between p's edge (110) and q's edge (180): gap 70 mm.
    s = pieces.scene(pieces.sq("p", 100, 300, player=1), pieces.sq("q", 190, 300),
                     pieces.ship("wall", 145, 300, 90, player=1))
    assert engaged_with(s, box_catalog, "rrg-1.6", "p") == []


def test_an_obstacle_between_breaks_engagement(box_catalog, pieces):
    s = pieces.scene(pieces.sq("p", 100, 300, player=1), pieces.sq("q", 160, 300),
                     pieces.rock("r", 130, 300))
    assert engaged_with(s, box_catalog, None, "p") == []


def test_a_squadron_between_breaks_engagement_only_under_the_house_rule(box_catalog, pieces):
    s = pieces.scene(pieces.sq("p", 100, 300, player=1), pieces.sq("q", 170, 300),
                     pieces.sq("mid", 135, 300, player=1))
    assert engaged_with(s, box_catalog, "rrg-1.6", "p") == ["q"]
    assert engaged_with(s, box_catalog, "rrg-1.6+squadrons-obstruct", "p") == []


def test_los_point_rule_applies_to_engagement(box_catalog, pieces):
    # A rock under q's base: crossed by the centre line (1.6), not by the closest-point line (1.5).
    s = pieces.scene(pieces.sq("p", 100, 100, player=1), pieces.sq("q", 160, 100),
                     pieces.rock("r", 165, 100))
    assert engaged_with(s, box_catalog, "rrg-1.6", "p") == []
    assert engaged_with(s, box_catalog, "rrg-1.5", "p") == ["q"]


def test_unknown_squadron_id_is_a_key_error(box_catalog, pieces):
    with pytest.raises(KeyError):
        engaged_with(pieces.scene(pieces.sq("p", 0, 0)), box_catalog, None, "nope")
