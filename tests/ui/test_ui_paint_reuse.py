"""What the painter may reuse from the last overlay without the picture changing: the arc
and range bands while they lie within a display pixel of where they were painted, and the
legend's place per play area."""

import sys
from pathlib import Path

import numpy as np

from armada_vision.scene import Scene, ShipPose
from armada_vision.ui import overlay_layers
from armada_vision.ui.app import application
from armada_vision.ui.legend_place import legend_rect
from armada_vision.ui.overlay_layers import UNDER_TOLERANCE_PX, OverlayLayers, same_look
from armada_vision.ui.overlay_model import Selection, Shape, ShapeCache, build_overlay
from armada_vision.vision.camera import TableCamera

sys.path.insert(0, str(Path(__file__).parent))
from ui_helpers import image_pixels as _pixels  # noqa: E402
from ui_helpers import paint_direct  # noqa: E402

VSD = "victory-ii-star-destroyer"
W, H = 640, 360
SQUARE = np.array([[0.0, 0.0], [100.0, 0.0], [100.0, 100.0], [0.0, 100.0]])


def _band(ring, style="band-long"):
    return Shape("range_bands", "polygon", (np.asarray(ring, dtype=np.float64),), style)


def test_a_band_moved_less_than_the_tolerance_looks_the_same_and_one_moved_more_does_not():
    assert same_look(_band(SQUARE), _band(SQUARE + (0.6, -0.6)), 1.0)
    assert not same_look(_band(SQUARE), _band(SQUARE + (1.5, 0.0)), 1.0)
    assert not same_look(_band(SQUARE), _band(SQUARE, "band-close"), 1.0)   # other dice colours


def test_a_band_that_gained_a_vertex_on_its_outline_looks_the_same():
    # clipped at the table's edge, a band gains and loses vertices as its ship moves: an extra
    # vertex in the middle of an edge changes nothing drawn
    more = np.insert(SQUARE, 1, [50.0, 0.3], axis=0)
    assert same_look(_band(SQUARE), _band(more), 1.0)
    assert same_look(_band(more), _band(SQUARE), 1.0)
    dented = np.insert(SQUARE, 1, [50.0, 4.0], axis=0)   # a 4 px dent is drawn
    assert not same_look(_band(SQUARE), _band(dented), 1.0)
    assert not same_look(_band(dented), _band(SQUARE), 1.0)


def _scene(x_mm):
    return Scene(ships=(ShipPose("a", VSD, 1, x_mm, 300.0, 90.0),
                        ShipPose("d", VSD, 2, 900.0, 600.0, 270.0)))


def _direct(ov, scale):
    return paint_direct(ov, scale, W, H)


def test_the_bands_are_painted_again_only_when_the_ship_moved_more_than_a_display_pixel(catalog, monkeypatch):
    app = application("en")
    cam = TableCamera.looking_down((1280, 720), tilt_deg=15.0)
    scale = W / 1280
    px_per_mm = np.hypot(*np.subtract(*cam.table_to_image([[900.0, 300.0], [901.0, 300.0]], 7.0)))
    cache, layers, sel = ShapeCache(), OverlayLayers(), Selection("a", "front")
    layers.paint(build_overlay(_scene(900.0), catalog, cam, selection=sel, cache=cache), W, H, scale, 0.0, 0.0)
    painted = []
    real = overlay_layers.paint_overlay
    monkeypatch.setattr(overlay_layers, "paint_overlay",
                        lambda p, ov, *a: (painted.extend(ov.shapes), real(p, ov, *a)))
    # a quarter of a display pixel: the bands' image is kept
    nudge_mm = 0.25 * UNDER_TOLERANCE_PX / (px_per_mm * scale)
    nudged = build_overlay(_scene(900.0 + nudge_mm), catalog, cam, selection=sel, cache=cache)
    img = layers.paint(nudged, W, H, scale, 0.0, 0.0)
    assert not [s for s in painted if s.layer in overlay_layers.UNDER]
    assert any(s.piece_id == "a" and s.layer == "bases" for s in painted)  # the ship itself is new
    # kept bands: a quarter pixel off at most, so the picture differs only along their edges
    diff = (np.abs(_pixels(img) - _pixels(_direct(nudged, scale))) > 2).reshape(H, W, 4).any(axis=2)
    assert diff.mean() < 0.01
    # three display pixels: painted again, and the picture is the full repaint's
    painted.clear()
    moved = build_overlay(_scene(900.0 + 12 * nudge_mm), catalog, cam, selection=sel, cache=cache)
    img = layers.paint(moved, W, H, scale, 0.0, 0.0)
    assert {s.style for s in painted if s.layer in overlay_layers.UNDER} >= {"band-close", "band-long", "arc"}
    assert np.abs(_pixels(img) - _pixels(_direct(moved, scale))).max() <= 2
    assert app is not None


def test_the_legend_place_is_worked_out_for_each_play_area():
    # kept per play area: a second table seen from elsewhere gets its own corner, not the first's
    a = np.array([[100.0, 120.0], [900.0, 110.0], [920.0, 560.0], [80.0, 570.0]])
    b = a + (40.0, 30.0)
    ra = legend_rect((250, 60), (1000, 600), (0, 0, 1000, 600), a)
    rb = legend_rect((250, 60), (1000, 600), (0, 0, 1000, 600), b)
    assert ra == legend_rect((250, 60), (1000, 600), (0, 0, 1000, 600), a)
    assert rb[0] >= b[0, 0] and rb[1] >= b[1, 1] and (rb[0], rb[1]) != (ra[0], ra[1])
    # busy pieces as an array or as a list: the same answer
    ship = (110.0, 125.0, 60.0, 100.0)
    assert legend_rect((250, 60), (1000, 600), (0, 0, 1000, 600), a, [ship]) == \
        legend_rect((250, 60), (1000, 600), (0, 0, 1000, 600), a, np.array([ship]))
