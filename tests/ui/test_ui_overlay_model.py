"""Overlay shapes land where the pieces are, on each piece's height plane (no Qt)."""

import numpy as np
from shapely.geometry import Point, Polygon

from armada_vision.scene import Scene, ShipPose, SquadronPose
from armada_vision.ui.checks import CheckView
from armada_vision.ui.overlay_model import Selection, build_overlay
from armada_vision.vision.camera import TableCamera

VSD = "victory-ii-star-destroyer"


def _scene():
    return Scene(
        ships=(ShipPose("a", VSD, 1, 900.0, 300.0, 90.0), ShipPose("d", VSD, 2, 900.0, 600.0, 270.0)),
        squadrons=(SquadronPose("t", "tie-fighter-squadron", 2, 1200.0, 450.0),),
    )


def _camera():
    return TableCamera.looking_down((1280, 720), tilt_deg=15.0)


def _shapes(ov, style):
    return [s for s in ov.shapes if s.style == style]


def test_front_arc_covers_the_table_ahead_of_the_bow_not_behind(catalog):
    cam = _camera()
    ov = build_overlay(_scene(), catalog, cam, selection=Selection("a", "front"))
    arc = _shapes(ov, "arc")
    assert len(arc) == 1
    poly = Polygon(arc[0].parts[0])
    h = catalog.ship(VSD).base.height_mm + catalog.ship(VSD).token.thickness_mm
    ahead = cam.table_to_image([[900.0, 300.0 + 51.0 + 150.0]], h)[0]
    behind = cam.table_to_image([[900.0, 300.0 - 51.0 - 150.0]], h)[0]
    assert poly.contains(Point(ahead))
    assert not poly.contains(Point(behind))
    # the three range bands are there, in the dice colours' legend order
    assert [s.style for s in ov.shapes if s.layer == "range_bands"] == ["band-close", "band-medium", "band-long"]
    assert {"band-close", "band-medium", "band-long"} <= set(ov.legend)


def test_base_outline_is_projected_on_the_base_top_plane(catalog):
    cam = _camera()
    ov = build_overlay(_scene(), catalog, cam, layers={"bases"})
    base = next(s for s in ov.shapes if s.piece_id == "a" and s.kind == "polygon")
    cls = catalog.ship(VSD)
    hw, hl = cls.base.width_mm / 2, cls.base.length_mm / 2
    corners = np.array([[900 - hw, 300 - hl], [900 + hw, 300 - hl], [900 + hw, 300 + hl], [900 - hw, 300 + hl]])
    on_top = cam.table_to_image(corners, cls.base.height_mm)
    on_mat = cam.table_to_image(corners, 0.0)
    ring = base.parts[0]
    # every projected corner of the base top is a vertex of the drawn outline (within 0.01 px),
    # and the mat-plane projection would be visibly off (tilted camera: parallax)
    for c in on_top:
        assert np.min(np.linalg.norm(ring - c, axis=1)) < 0.01
    assert max(np.min(np.linalg.norm(ring - c, axis=1)) for c in on_mat) > 0.3


def _check(margin_mm):
    return CheckView({"attacker": "a", "attacking_zone": "front", "defender": "d",
                      "defending_zone": "front", "in_arc": True, "range_mm": 196.0,
                      "range_band": "long", "distance_band": 4, "line_of_sight": True,
                      "blocked_by_zone": None, "obstructed": False, "obstructed_by": [],
                      "dice": {"red": 3, "blue": 0, "black": 0}, "valid": True,
                      "margin_mm": margin_mm})


def test_too_close_to_call_only_when_margin_is_below_the_uncertainty(catalog):
    cam, sel = _camera(), Selection("a", "front")
    near = build_overlay(_scene(), catalog, cam, selection=sel, checks=[_check(1.2)], uncertainty_mm=2.0)
    labels = [s.label.format() for s in near.shapes if s.kind == "text"]
    assert "too close to call (1.2 mm)" in labels
    clear = build_overlay(_scene(), catalog, cam, selection=sel, checks=[_check(3.5)], uncertainty_mm=2.0)
    assert not _shapes(clear, "uncertain")
    exact = build_overlay(_scene(), catalog, cam, selection=sel, checks=[_check(1.2)], uncertainty_mm=0.0)
    assert not _shapes(exact, "uncertain")     # a scene from JSON has no measurement error


def test_los_line_coloured_by_verdict_and_blocking_zone_highlighted(catalog):
    blocked = _check(10.0)
    blocked.data.update(line_of_sight=False, blocked_by_zone="left")
    ov = build_overlay(_scene(), catalog, _camera(), selection=Selection("a", "front", "d"),
                       checks=[blocked])
    assert len(_shapes(ov, "los-blocked")) == 1
    assert [s.piece_id for s in _shapes(ov, "blocking-zone")] == ["d"]


def test_engaged_squadrons_are_joined_without_any_selection(catalog):
    from armada_vision.ui.session import Session

    # two enemy TIE squadrons 20 mm apart (bases of 30 mm): well inside distance 1 (76 mm),
    # so they are engaged (RRG "Engagement"); a third one 400 mm away is not
    scene = Scene(squadrons=(SquadronPose("t1", "tie-fighter-squadron", 1, 600.0, 450.0),
                             SquadronPose("t2", "tie-fighter-squadron", 2, 650.0, 450.0),
                             SquadronPose("t3", "tie-fighter-squadron", 2, 1050.0, 450.0)))
    session = Session(catalog)
    session.set_detected(scene)
    ov = session.overlay(_camera())
    assert len([s for s in ov.shapes if s.style == "engaged"]) == 1
    rings = {s.piece_id: s.style for s in ov.shapes if s.layer == "squadron_rings" and s.piece_id}
    assert rings == {"t1": "ring-engaged", "t2": "ring-engaged", "t3": "ring"}


def test_too_close_to_call_is_one_label_per_defender_with_its_smallest_margin(catalog):
    # the lines to two hull zones of the same defender meet near it: one label, the 1.5 mm one
    # (two labels were printed on top of each other, unreadable)
    front, left = _check(1.8), _check(1.5)
    left.data.update(defending_zone="left")
    ov = build_overlay(_scene(), catalog, _camera(), selection=Selection("a", "front"),
                       checks=[front, left], uncertainty_mm=2.0)
    labels = [s.label.format() for s in ov.shapes if s.kind == "text" and s.style == "uncertain"]
    assert labels == ["too close to call (1.5 mm)"]
    assert len([s for s in _shapes(ov, "uncertain") if s.kind == "dot"]) == 2


def test_a_picked_defender_zone_is_labelled_by_its_own_margin_not_its_other_zones(catalog):
    # the panel shows the front -> front check (clear by 11.5 mm); the line to the defender's left
    # zone is 1.5 mm from a boundary, but labelling the picked shot "too close" contradicts the panel
    front, left = _check(11.5), _check(1.5)
    left.data.update(defending_zone="left")
    ov = build_overlay(_scene(), catalog, _camera(), selection=Selection("a", "front", "d", "front"),
                       checks=[front, left], uncertainty_mm=2.0)
    assert not [s for s in ov.shapes if s.kind == "text" and s.style == "uncertain"]
    front.data.update(margin_mm=0.8)
    ov = build_overlay(_scene(), catalog, _camera(), selection=Selection("a", "front", "d", "front"),
                       checks=[front, left], uncertainty_mm=2.0)
    labels = [s.label.format() for s in ov.shapes if s.kind == "text" and s.style == "uncertain"]
    assert labels == ["too close to call (0.8 mm)"]
