"""A ship whose bow the camera could not tell (``bow_known: false``, DESIGN.md detector output):
its hull zones may be the other way round, so a verdict that changes with the bow at the other
end is a guess, not a measurement. Such rows get ``margin_mm`` 0 (too close to call at any
uncertainty); rows whose verdicts are the same either way keep their margin."""

from dataclasses import replace

from armada_vision.rules import check_scene, scene_notes


def _scene(pieces, bow_known):
    d = replace(pieces.ship("d", 500, 400, player=2), bow_known=bow_known)
    return pieces.scene(pieces.ship("a", 300, 400), d, pieces.ship("e", 300, 600, player=2))


def test_verdicts_that_depend_on_an_unknown_bow_have_no_margin(box_catalog, pieces):
    known = check_scene(_scene(pieces, True), box_catalog)
    unknown = check_scene(_scene(pieces, False), box_catalog)
    # a's front attacks d's rear (the zone facing it): close range, LOS; with d's bow at the
    # other end d's rear would be 60 mm farther, behind its front zone
    k, u = (pieces.find(c, "a", "d", "front", "rear") for c in (known, unknown))
    assert k.valid and k.range_band == "close" and k.margin_mm > 1.0
    assert u.valid and u.range_band == "close" and u.margin_mm == 0.0
    # rows without d (e's bow is known; d's base is the same either way) keep their margins
    for zone in ("front", "left", "right", "rear"):
        k, u = (pieces.find(c, "a", "e", zone, "right") for c in (known, unknown))
        assert u.margin_mm == k.margin_mm > 0.0


def test_d_attacking_with_an_unknown_bow(box_catalog, pieces):
    """Which of d's zones faces a is a guess too: its rear (bow +x) or its front (bow -x)."""
    unknown = check_scene(_scene(pieces, False), box_catalog)
    for zone in ("front", "rear"):
        assert pieces.find(unknown, "d", "a", zone, "front").margin_mm == 0.0


def test_the_note_names_the_ship(box_catalog, pieces):
    assert any("'d'" in n and "bow" in n for n in scene_notes(_scene(pieces, False), box_catalog))
    assert not any("bow" in n for n in scene_notes(_scene(pieces, True), box_catalog))
