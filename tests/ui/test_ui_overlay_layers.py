"""A moving piece repaints only itself: the pieces that did not change keep their painted
layer, and the picture is the one a full repaint gives (pieces do not overlap, so painting
the still ones first changes nothing)."""


import sys
from pathlib import Path

import numpy as np

from armada_vision.scene import Scene, ShipPose, SquadronPose
from armada_vision.ui import overlay_layers
from armada_vision.ui.app import application
from armada_vision.ui.overlay_layers import OverlayLayers
from armada_vision.ui.overlay_model import Selection, ShapeCache, build_overlay
from armada_vision.vision.camera import TableCamera

sys.path.insert(0, str(Path(__file__).parent))
from ui_helpers import image_pixels as _pixels  # noqa: E402
from ui_helpers import paint_direct  # noqa: E402

VSD = "victory-ii-star-destroyer"
W, H = 640, 360


def _scene(y_mm=300.0):
    return Scene(
        ships=(ShipPose("a", VSD, 1, 900.0, y_mm, 90.0), ShipPose("d", VSD, 2, 900.0, 600.0, 270.0)),
        squadrons=(SquadronPose("t", "tie-fighter-squadron", 2, 1200.0, 450.0),
                   SquadronPose("x", "x-wing-squadron", 1, 500.0, 400.0)),
    )


def _direct(ov, scale):
    return paint_direct(ov, scale, W, H)


def test_only_the_moved_ship_arc_and_lines_are_painted_again_and_the_picture_is_the_same(catalog, monkeypatch):
    app = application("en")
    cam = TableCamera.looking_down((1280, 720), tilt_deg=15.0)
    scale = W / 1280
    cache, layers, sel = ShapeCache(), OverlayLayers(), Selection("a", "front")
    # the first overlay is all new; at the third the still layer is made (a piece joins it
    # once its shapes are the same in two overlays running)
    for y in (300.0, 310.0, 315.0):
        layers.paint(build_overlay(_scene(y), catalog, cam, selection=sel, cache=cache), W, H, scale, 0.0, 0.0)
    painted = []
    real = overlay_layers.paint_overlay
    monkeypatch.setattr(overlay_layers, "paint_overlay",
                        lambda p, ov, *a: (painted.extend(ov.shapes), real(p, ov, *a)))
    moved = build_overlay(_scene(330.0), catalog, cam, selection=sel, cache=cache)
    img = layers.paint(moved, W, H, scale, 0.0, 0.0)
    # the defender and both squadrons stood still: none of their shapes painted again
    assert {s.piece_id for s in painted if s.layer in overlay_layers.PIECES} <= {"a", None}
    assert any(s.piece_id == "a" and s.layer == "bases" for s in painted)
    # the same picture as painting everything at once (within 2 levels: blending order)
    diff = np.abs(_pixels(img) - _pixels(_direct(moved, scale)))
    assert diff.max() <= 2
    assert app is not None


def test_a_piece_that_comes_to_rest_joins_the_still_layer_and_the_picture_stays_right(catalog):
    app = application("en")
    cam = TableCamera.looking_down((1280, 720), tilt_deg=15.0)
    scale = W / 1280
    cache, layers, sel = ShapeCache(), OverlayLayers(), Selection("a", "front", "d")
    for y in (300.0, 320.0, 340.0, 340.0, 340.0):
        ov = build_overlay(_scene(y), catalog, cam, selection=sel, cache=cache)
        img = layers.paint(ov, W, H, scale, 0.0, 0.0)
        assert np.abs(_pixels(img) - _pixels(_direct(ov, scale))).max() <= 2
    under, still, over = overlay_layers.split_shapes(ov.shapes, ov.shapes)
    assert {s.piece_id for s in still} == {"a", "d", "t", "x"}
    assert app is not None


def test_a_layer_painted_again_leaves_nothing_of_its_last_shapes():
    # Only the box the last shapes were painted in is cleared before painting again: a band,
    # a thick outline and a dot painted at the left, then at the right, leave the left clear,
    # and each time the picture is the one a full repaint gives.
    from armada_vision.ui.overlay_model import Overlay, Shape

    app = application("en")

    def shapes(x0):
        ring = np.array([[x0, 40.0], [x0 + 120.0, 40.0], [x0 + 120.0, 200.0], [x0, 200.0]])
        return [Shape("range_bands", "polygon", (ring,), "band-medium"),
                Shape("bases", "polygon", (ring + 30.0,), "blocking-zone", emphasis=True),
                Shape("targeting_points", "dot", (np.array([[x0 + 2.0, 300.0]]),), "target")]

    layer = overlay_layers._Layer()
    key = (W, H, 1.0, 0.0, 0.0)
    for x0 in (30.0, 420.0):
        img = layer.get(shapes(x0), key, W, H, 1.0, 0.0, 0.0)
        px = _pixels(img)
        assert np.abs(px - _pixels(paint_direct(Overlay(shapes(x0)), 1.0, W, H))).max() == 0
    alpha = px.reshape(H, W, 4)[..., 3]
    assert alpha[:, :400].max() == 0 and alpha[:, 400:].max() == 255
    r = layer.rect  # the dot (radius 3 px, pen 1 px) and the 4.8 px outline lie inside the box
    assert (r.left(), r.top()) == (408, 28) and (r.right() + 1, r.bottom() + 1) == (582, 312)
    assert app is not None
