"""The still pieces' kept layer is patched, not painted again, when a few shapes come or go:
the boxes they were (or are) painted in are cleared and what reaches into them painted
again. Whatever changes (a piece moving or coming to rest, the selection, the layers shown),
the patched layer must be the very picture a full repaint gives: a stale outline left
behind, or a neighbour's edge cut off, fails these tests."""

import random
import sys
from pathlib import Path

import numpy as np

from armada_vision.scene import Scene, ShipPose, SquadronPose
from armada_vision.ui import overlay_layers
from armada_vision.ui.app import application
from armada_vision.ui.overlay_layers import OverlayLayers
from armada_vision.ui.overlay_model import LAYERS, Selection, Shape, ShapeCache, build_overlay
from armada_vision.ui.painter import _runs
from armada_vision.vision.camera import TableCamera

sys.path.insert(0, str(Path(__file__).parent))
from ui_helpers import image_pixels as _pixels  # noqa: E402

VSD = "victory-ii-star-destroyer"
W, H = 640, 360
SCALE = W / 1280
SEL_A = Selection("a", "front")


def _scene(t_x=1200.0, x_x=500.0, d_y=600.0):
    # the squadrons sit close to the ships, so their boxes reach into the ships' and back
    return Scene(
        ships=(ShipPose("a", VSD, 1, 900.0, 300.0, 90.0), ShipPose("d", VSD, 2, 900.0, d_y, 270.0)),
        squadrons=(SquadronPose("t", "tie-fighter-squadron", 2, t_x, 450.0),
                   SquadronPose("x", "x-wing-squadron", 1, x_x, 400.0),
                   SquadronPose("y", "x-wing-squadron", 1, 980.0, 420.0)),
    )


def _fresh(layer):
    """The kept layer's shapes painted whole into a new layer (the full repaint)."""
    return overlay_layers._Layer().get(layer.shapes, layer.key, W, H, SCALE, 0.0, 0.0)


class _Painter:
    def __init__(self, catalog):
        self.app = application("en")
        self.cam = TableCamera.looking_down((1280, 720), tilt_deg=15.0)
        self.catalog = catalog
        self.cache, self.layers = ShapeCache(), OverlayLayers()

    def paint(self, scene, sel=SEL_A, layers=LAYERS):
        ov = build_overlay(scene, self.catalog, self.cam, selection=sel, cache=self.cache, layers=layers)
        img = self.layers.paint(ov, W, H, SCALE, 0.0, 0.0)
        still = self.layers._still
        if still.image is not None and still.shapes:  # from the second overlay on
            assert np.array_equal(_pixels(still.image), _pixels(_fresh(still)))
        # (the composed overlay is compared with painting everything at once in
        # test_ui_overlay_layers, on pieces that do not overlap; these do, on purpose)
        assert img is not None
        return ov


def test_a_squadron_that_moves_and_comes_to_rest_is_patched_in_and_out_exactly(catalog):
    p = _Painter(catalog)
    for _ in range(3):
        p.paint(_scene())   # the third makes the still layer (the same in two overlays running)
    before = p.layers._still.patches
    for t_x in (1190.0, 1180.0, 1180.0, 1180.0):    # moves, moves, rests, rests
        p.paint(_scene(t_x=t_x))
    assert p.layers._still.patches - before == 2    # left, came back
    assert "t" in {s.piece_id for s in p.layers._still.shapes}
    p.paint(_scene(t_x=1170.0))                     # and moves again
    assert p.layers._still.patches - before == 3
    assert "t" not in {s.piece_id for s in p.layers._still.shapes}


def test_a_ship_coming_to_rest_beside_a_squadron_is_painted_under_its_ring_as_in_a_full_repaint(catalog):
    # "d" moves next to squadron "y", whose distance-1 ring crosses its base: in a full
    # repaint the ring (squadron_rings) lies over the base (bases); patched in later, the
    # base must still go under the ring
    p = _Painter(catalog)
    for d_y in (600.0, 600.0, 560.0, 520.0, 520.0, 520.0):
        p.paint(_scene(d_y=d_y))
    assert "d" in {s.piece_id for s in p.layers._still.shapes}


def test_a_new_selection_or_fewer_layers_shown_leave_nothing_stale(catalog):
    p = _Painter(catalog)
    for _ in range(3):
        p.paint(_scene())
    ov = p.paint(_scene(), Selection("d", "front"))       # "a" loses its emphasis, "d" gains it
    assert any(s.piece_id == "d" and s.emphasis for s in ov.shapes)
    p.paint(_scene(), Selection("d", "front"))
    fewer = [n for n in LAYERS if n != "squadron_rings"]
    for _ in range(3):  # all shapes new at the first (the layers are in the pieces' keys)
        ov = p.paint(_scene(), Selection("d", "front"), fewer)
    assert not any(s.layer == "squadron_rings" for s in ov.shapes)
    assert p.layers._still.shapes and \
        not any(s.layer == "squadron_rings" for s in p.layers._still.shapes)
    p.paint(_scene(), Selection("d", "front"))            # and back again


def test_a_big_change_is_painted_again_in_full():
    # more than PATCH_MAX_SHARE of the layer changed: no patch, and still the right picture
    app = application("en")
    layer = overlay_layers._Layer()
    key = (W, H, 1.0, 0.0, 0.0)

    def bases(x0):
        return [Shape("bases", "polygon", (np.array([[x, 40.0], [x + 50.0, 40.0], [x + 50.0, 300.0],
                                                      [x, 300.0]]),), "p1") for x in range(int(x0), 600, 70)]

    layer.get(bases(10.0), key, W, H, 1.0, 0.0, 0.0)
    moved = bases(40.0)
    img = layer.get(moved, key, W, H, 1.0, 0.0, 0.0)
    assert layer.patches == 0
    assert np.array_equal(_pixels(img), _pixels(overlay_layers._Layer().get(moved, key, W, H, 1.0, 0.0, 0.0)))
    assert app is not None


def test_any_subset_of_shapes_is_painted_in_the_order_it_has_among_all():
    rng = random.Random(7)
    styles = ["p1", "p2", "zone", "target", "ring", "highlight", "los-out", "text"]
    layers = ["bases", "hull_zones", "targeting_points", "squadron_rings", "los", "labels", "other"]
    kinds = ["polygon", "polyline", "dot", "text"]
    shapes = [Shape(rng.choice(layers), rng.choice(kinds), (np.zeros((2, 2)),), rng.choice(styles),
                    emphasis=rng.random() < 0.3) for _ in range(60)]

    def order(items):
        return [id(items[i]) for run in _runs(items) for i in run]

    whole = order(shapes)
    for _ in range(20):
        subset = [s for s in shapes if rng.random() < 0.4]
        keep = {id(s) for s in subset}
        assert order(subset) == [k for k in whole if k in keep]


def test_a_ship_reported_at_a_new_pose_every_other_frame_stays_out_of_the_still_layer(catalog):
    # the tracker keeps a slowly moving ship's pose until it has moved enough: the same pose
    # twice, then a new one. Joining the still layer at the first repeat patched it in and
    # out at every step
    p = _Painter(catalog)
    for _ in range(3):
        p.paint(_scene())
    before = p.layers._still.patches
    for d_y in (600.0, 596.0, 596.0, 592.0, 592.0, 588.0, 588.0):
        p.paint(_scene(d_y=d_y))
    assert "d" not in {s.piece_id for s in p.layers._still.shapes}
    assert p.layers._still.patches - before == 1   # left once, when it first moved
