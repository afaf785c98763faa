"""Engagement verdicts carry their margin (DESIGN.md: "every measured verdict carries its
margin"). RRG v1.6 "Engagement" p.6: "While a squadron is at distance 1 of one or more enemy
squadrons, it is engaged with all of those enemy squadrons ... If line of sight between two
squadrons is obstructed, those squadrons are not engaged". The margin is how far a piece must
move to flip that: the bases' distance from the distance-1 line ("Range and Distance" p.15: the
line belongs to distance 1), and at distance 1 how far the line of sight is from touching an
obstructer (or, obstructed, how deep the deepest obstructer lies across it).

test-sq: 20 mm discs (R = 10); test-rock: 20 x 20 mm square.
"""

import pytest

from armada_vision.rules import engagement_checks, engagements

R = 10.0


def _one(rows, a, b):
    got = [e for e in rows if (e.squadron, e.enemy) == (a, b)]
    assert len(got) == 1
    return got[0]


@pytest.mark.parametrize(("gap_extra", "engaged"), [(-3.0, True), (0.0, True), (0.5, False),
                                                    (4.0, False)])
def test_engagement_margin_is_the_distance_from_the_distance_1_line(box_catalog, pieces,
                                                                    gap_extra, engaged):
    d1 = box_catalog.ruler.distance_bands_mm[0]
    s = pieces.scene(pieces.sq("p", 100, 100, player=1),
                     pieces.sq("q", 100 + 2 * R + d1 + gap_extra, 100))
    rows = engagement_checks(s, box_catalog)
    e = _one(rows, "p", "q")
    assert e.engaged is engaged
    assert e.distance_mm == pytest.approx(d1 + gap_extra)
    assert e.margin_mm == pytest.approx(abs(gap_extra))
    assert _one(rows, "q", "p").engaged is engaged
    assert engagements(s, box_catalog)["p"] == (["q"] if engaged else [])


def test_a_rock_beside_the_line_limits_the_margin_of_an_engagement(box_catalog, pieces):
    # centres 60 mm apart on y = 300 (bases 40 mm apart: distance 1, 36 mm inside the line);
    # the rock's edge is 7 mm from the centre line (1.6 traces LOS centre to centre).
    s = pieces.scene(pieces.sq("p", 100, 300, player=1), pieces.sq("q", 160, 300),
                     pieces.rock("r", 130, 317))
    e = _one(engagement_checks(s, box_catalog), "p", "q")
    assert e.engaged is True and e.obstructed_by == ()
    assert e.margin_mm == pytest.approx(7.0)


def test_an_obstructed_pair_has_the_crossing_depth_as_margin(box_catalog, pieces):
    # the rock reaches 4 mm past the centre line: moving it (or a squadron) 4 mm clears it
    s = pieces.scene(pieces.sq("p", 100, 300, player=1), pieces.sq("q", 160, 300),
                     pieces.rock("r", 130, 306))
    e = _one(engagement_checks(s, box_catalog), "p", "q")
    assert e.engaged is False and e.obstructed_by == ("r",)
    assert e.margin_mm == pytest.approx(4.0)
    assert engagements(s, box_catalog)["p"] == []


def test_engagement_rows_cover_enemy_pairs_only_and_serialise(box_catalog, pieces):
    s = pieces.scene(pieces.sq("p", 100, 100, player=1), pieces.sq("mate", 140, 100, player=1),
                     pieces.sq("q", 100, 700))
    rows = engagement_checks(s, box_catalog)
    assert {(e.squadron, e.enemy) for e in rows} == {("p", "q"), ("q", "p"), ("mate", "q"),
                                                     ("q", "mate")}
    j = _one(rows, "p", "q").to_json()
    d1 = box_catalog.ruler.distance_bands_mm[0]
    assert j["engaged"] is False and j["margin_mm"] == pytest.approx(580.0 - d1)
    assert set(j) == {"squadron", "enemy", "distance_mm", "engaged", "obstructed_by", "margin_mm"}
