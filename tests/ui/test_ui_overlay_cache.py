"""A piece that has not moved keeps its projected shapes from one overlay build to the next
(the full table's overlay is rebuilt only for what changed); what the cache gives back is
exactly what a fresh build draws (no Qt)."""

import dataclasses

import numpy as np

from armada_vision.scene import Scene, ShipPose, SquadronPose
from armada_vision.ui.overlay_model import Selection, ShapeCache, build_overlay
from armada_vision.vision.camera import TableCamera

VSD = "victory-ii-star-destroyer"


def _scene():
    return Scene(
        ships=(ShipPose("a", VSD, 1, 900.0, 300.0, 90.0), ShipPose("d", VSD, 2, 900.0, 600.0, 270.0)),
        squadrons=(SquadronPose("t", "tie-fighter-squadron", 2, 1200.0, 450.0),),
    )


def _same(a, b):
    assert [(s.layer, s.kind, s.style, s.piece_id, s.emphasis) for s in a.shapes] == \
        [(s.layer, s.kind, s.style, s.piece_id, s.emphasis) for s in b.shapes]
    for x, y in zip(a.shapes, b.shapes):
        assert len(x.parts) == len(y.parts)
        assert all(np.array_equal(u, v) for u, v in zip(x.parts, y.parts))


def _piece_shapes(ov, piece_id):
    return [s for s in ov.shapes if s.piece_id == piece_id and s.layer != "los"]


def test_a_still_piece_reuses_its_shapes_and_a_moved_one_is_drawn_where_it_went(catalog):
    cam = TableCamera.looking_down((1280, 720), tilt_deg=15.0)
    cache = ShapeCache()
    sel = Selection("a", "front")
    first = build_overlay(_scene(), catalog, cam, selection=sel, cache=cache)
    moved = _scene().with_ship(dataclasses.replace(_scene().ships[0], y_mm=340.0))
    second = build_overlay(moved, catalog, cam, selection=sel, cache=cache)
    # the defender and the squadron stood still: the very same shapes, not new ones
    for pid in ("d", "t"):
        assert all(x is y for x, y in zip(_piece_shapes(first, pid), _piece_shapes(second, pid)))
    # the attacker moved 40 mm: its base is redrawn 40 mm on (its outline's top edge moves in
    # the picture by about 40 mm's worth of pixels), and nothing is taken from the cache
    a1, a2 = (next(s for s in ov.shapes if s.piece_id == "a" and s.kind == "polygon" and s.layer == "bases")
              for ov in (first, second))
    px_per_mm = np.ptp(a1.parts[0][:, 1]) / catalog.ship(VSD).base.length_mm
    shift = a2.parts[0][:, 1].mean() - a1.parts[0][:, 1].mean()
    assert abs(abs(shift) - 40.0 * px_per_mm) < 2.0
    _same(second, build_overlay(moved, catalog, cam, selection=sel))


def test_a_new_selection_or_camera_is_never_served_stale_shapes(catalog):
    cam = TableCamera.looking_down((1280, 720), tilt_deg=15.0)
    cache = ShapeCache()
    build_overlay(_scene(), catalog, cam, selection=Selection("a", "front"), cache=cache)
    # the defender picked: its base is emphasised, as a fresh build draws it
    pick = Selection("a", "front", "d")
    picked = build_overlay(_scene(), catalog, cam, selection=pick, cache=cache)
    _same(picked, build_overlay(_scene(), catalog, cam, selection=pick))
    assert next(s for s in picked.shapes if s.piece_id == "d" and s.kind == "polygon").emphasis
    # another camera (a re-fitted table): every point projected through it
    cam2 = TableCamera.looking_down((1280, 720), tilt_deg=25.0)
    _same(build_overlay(_scene(), catalog, cam2, selection=pick, cache=cache),
          build_overlay(_scene(), catalog, cam2, selection=pick))
