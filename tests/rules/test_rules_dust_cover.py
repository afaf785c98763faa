"""Dust fields partly under ships (RRG 1.6 "Obstacles", Dust Field, p.12; armada-rules.md
1.1.10): a ship cannot attack with a LOS across a dust field -- also across the part under a
third ship ("that obstacle is overlapped by a ship that is not the attacker or defender and the
traced line of sight does not pass over a visible portion of that obstacle, the ship cannot
perform that attack"), while the part under the defender does not count when the LOS misses
the visible part.

Test pieces (tests/rules/conftest.py): box ships, token 80 x 40, base 84 x 44; the dust field
``test-dust`` is 20 x 100 mm. The attacker ``a`` at (300, 400) faces +x; its front targeting
point is (330, 400); the LOS runs along y = 400.
"""

from armada_vision.rules import check_scene
from armada_vision.scene import ObstaclePose


def _dust(x=450.0):
    return ObstaclePose("dust", "test-dust", x, 400.0, 0.0)


def test_dust_under_a_third_ship_still_forbids_the_attack(box_catalog, pieces):
    """``c`` (heading 90: base x 428..472, y 358..442) covers the dust (x 440..460) where the
    LOS crosses it; the dust shows only above and below the base."""
    s = pieces.scene(pieces.ship("a", 300, 400), pieces.ship("d", 600, 400, 180, player=2),
                     pieces.ship("c", 450, 400, 90, player=2), _dust())
    row = pieces.find(check_scene(s, box_catalog), "a", "d", "front", "front")
    assert row.in_arc and row.range_band == "long"
    assert row.line_of_sight is False and not row.valid
    assert "dust" in row.obstructed_by and "c" in row.obstructed_by


def test_dust_under_the_third_ship_obstructs_a_squadron_attack(box_catalog, pieces):
    s = pieces.scene(pieces.sq("q", 420, 400, player=1), pieces.ship("c", 450, 400, 90, player=2),
                     pieces.sq("t", 480, 400, player=2), _dust())
    row = pieces.find(check_scene(s, box_catalog), "q", "t")
    assert row.line_of_sight and row.obstructed and row.valid
    assert set(row.obstructed_by) == {"c", "dust"}


def test_dust_under_the_defender_does_not_count_where_it_is_hidden(box_catalog, pieces):
    """``d`` (heading 90, base x 433..477) covers the dust where the LOS to its left targeting
    point (445, 400) crosses it: the attack is allowed, unobstructed."""
    s = pieces.scene(pieces.ship("a", 300, 400), pieces.ship("d", 455, 400, 90, player=2),
                     _dust())
    row = pieces.find(check_scene(s, box_catalog), "a", "d", "front", "left")
    assert row.line_of_sight is True and row.obstructed is False and row.valid


def test_dust_under_the_third_ship_beside_the_line_is_no_obstruction(box_catalog, pieces):
    """The dust field turned across ``c`` (x 400..500, y 420..440), 20 mm off the line: only
    ``c`` obstructs."""
    s = pieces.scene(pieces.ship("a", 300, 400), pieces.ship("d", 600, 400, 180, player=2),
                     pieces.ship("c", 450, 400, 90, player=2),
                     ObstaclePose("dust", "test-dust", 450.0, 430.0, 90.0))
    row = pieces.find(check_scene(s, box_catalog), "a", "d", "front", "front")
    assert row.line_of_sight is True and row.obstructed_by == ("c",)


def test_los_through_the_defenders_shield_dial_over_dust_forbids_the_attack(box_catalog, pieces):
    """The box has 3 mm shield dials along its long sides. ``d`` at (600, 400), heading 0: its
    port dial is the strip y 422..425, x 558..642; the dust field (turned, x 602..702,
    y 423..443) lies under that dial's far end. The LOS from ``a``'s front (600, 490) to ``d``'s
    left targeting point (600, 410) passes through the dial, 2 mm beside the dust itself:
    through a shield dial over a dust field the attack cannot be performed (RRG p.12; with an
    asteroid it would be obstructed, rules 1.1.7)."""
    s = pieces.scene(pieces.ship("a", 600, 520, 270), pieces.ship("d", 600, 400, player=2),
                     ObstaclePose("dust", "test-dust", 652.0, 433.0, 90.0))
    row = pieces.find(check_scene(s, box_catalog), "a", "d", "front", "left")
    assert row.in_arc and row.range_band == "close"
    assert row.obstructed_by == ("dust",) and row.line_of_sight is False
