"""Pieces wholly outside the play area (RRG "Play Area": any part of a base outside it and the
piece is destroyed). A piece with no part of its base on the table is destroyed however the edge
is measured, or is not in play at all (a ship set aside beside the mat, seen by the camera):
``check_scene`` lists no attacks by or on it, and ``scene_notes`` says why. A piece only partly
outside keeps its rows: that edge is the players' call (``check`` notes it).

test-box: base 84 x 44 mm (token 80 x 40) centred on the pose; test-sq: 20 mm disc.
"""

import pytest

from armada_vision.rules import check_scene, scene_notes


def _pieces_in(rows):
    return {r.attacker for r in rows} | {r.defender for r in rows}


@pytest.mark.parametrize(("y", "gone"), [(-60.0, True), (10.0, False), (960.0, True),
                                         (900.0, False)])
def test_a_ship_wholly_off_the_table_has_no_attacks(box_catalog, pieces, y, gone):
    s = pieces.scene(pieces.ship("s0", 400, 400), pieces.ship("off", 600, y, 90.0, player=2),
                     pieces.sq("q", 700, 450, player=2))
    rows = check_scene(s, box_catalog)
    assert ("off" in _pieces_in(rows)) is not gone
    assert {"s0", "q"} <= _pieces_in(rows)            # the others keep their attacks
    notes = [n for n in scene_notes(s, box_catalog) if "outside the play area" in n]
    assert (notes != []) is gone
    if gone:
        assert "'off'" in notes[0] and "destroyed" in notes[0]


@pytest.mark.parametrize(("x", "gone"), [(-10.0, True), (-9.9, False)])
def test_a_squadron_touching_the_edge_from_outside_is_off_the_table(box_catalog, pieces, x,
                                                                    gone):
    s = pieces.scene(pieces.ship("s0", 100, 400), pieces.sq("q", x, 400, player=2))
    assert ("q" in _pieces_in(check_scene(s, box_catalog))) is not gone
