"""Pieces whose bases overlap: impossible on a table (RRG "Overlapping", p.14: a ship cannot end
overlapping a ship, "a squadron cannot be placed so that it would overlap another squadron or
ship"; Setup FAQ: "Can a ship be placed so that it overlaps another ship? No."). A camera scene
can still show it (a detection error), and then closest points, range lines and the hull zones a
line passes through are not what any table could show: a 1 degree turn of the whole table flipped
"no line of sight" with a claimed margin of 20 mm. Such pairs are reported (``scene_notes``) and
their rows get ``margin_mm`` 0: too close to call. Touching is not overlapping (FAQ, Movement).

test-box: base 84 x 44 mm (token 80 x 40) centred on the pose; test-sq: 20 mm disc.
"""

import math

import pytest

from armada_vision.rules import check_scene, scene_notes
from armada_vision.scene import Scene, ShipPose, SquadronPose


def _rows(checks, a, b):
    return [c for c in checks if {c.attacker, c.defender} == {a, b}]


@pytest.mark.parametrize(("x1", "overlap"), [(484.0, False), (483.99, True)])
def test_ships_whose_bases_overlap_get_margin_0_and_a_note(box_catalog, pieces, x1, overlap):
    s = pieces.scene(pieces.ship("s0", 400, 400), pieces.ship("s1", x1, 400, 180.0, player=2))
    rows = _rows(check_scene(s, box_catalog), "s0", "s1")
    assert len(rows) == 32
    notes = [n for n in scene_notes(s, box_catalog) if "overlap" in n]
    if overlap:
        assert all(r.margin_mm == 0.0 for r in rows)
        assert notes and "'s0'" in notes[0] and "'s1'" in notes[0]
    else:                      # bases touching: front to front at range 0, a legal table
        assert max(r.margin_mm for r in rows) > 1.0
        assert notes == []


@pytest.mark.parametrize(("y", "overlap"), [(432.0, False), (431.99, True)])
def test_a_squadron_on_a_ship_base_gets_margin_0(box_catalog, pieces, y, overlap):
    s = pieces.scene(pieces.ship("s0", 400, 400), pieces.sq("q", 400, y))
    rows = _rows(check_scene(s, box_catalog), "s0", "q")
    assert len(rows) == 8
    assert all(r.margin_mm == 0.0 for r in rows) is overlap
    assert any("overlap" in n for n in scene_notes(s, box_catalog)) is overlap


def test_overlapping_pair_does_not_touch_the_margins_of_other_pairs(box_catalog, pieces):
    s = pieces.scene(pieces.ship("s0", 400, 400), pieces.ship("s1", 470, 400, player=2),
                     pieces.sq("q", 400, 600))
    checks = check_scene(s, box_catalog)
    assert all(r.margin_mm == 0.0 for r in _rows(checks, "s0", "s1"))
    assert min(r.margin_mm for r in _rows(checks, "s0", "q")) > 1.0


def test_rotated_overlapping_ships_never_claim_a_margin(box_catalog):
    # The property test's example: s1's right zone overlaps s0's front zone.
    def scene(turn):
        c, sn = math.cos(math.radians(turn)), math.sin(math.radians(turn))
        return Scene((ShipPose("s0", "test-box", 1, 400.0, 400.0, turn),
                      ShipPose("s1", "test-box", 2, 436.0 * c - 421.0 * sn,
                               436.0 * sn + 421.0 * c, turn)))
    for turn in (0.0, 1.0):
        r = [c for c in check_scene(scene(turn), box_catalog)
             if (c.attacker, c.attacking_zone, c.defending_zone) == ("s1", "right", "front")]
        assert len(r) == 1 and r[0].margin_mm == 0.0


def test_overlapping_squadrons_get_margin_0(box_catalog):
    s = Scene((), (SquadronPose("a", "test-sq", 1, 400.0, 400.0),
                   SquadronPose("b", "test-sq", 2, 419.0, 400.0)))
    assert [r.margin_mm for r in check_scene(s, box_catalog)] == [0.0, 0.0]
    apart = Scene((), (SquadronPose("a", "test-sq", 1, 400.0, 400.0),
                       SquadronPose("b", "test-sq", 2, 420.0, 400.0)))
    assert min(r.margin_mm for r in check_scene(apart, box_catalog)) > 1.0
