"""An obstacle in one blob with other pieces (a squadron touching it, its shadow bridging the
gap) is matched to what the pieces fitted there leave of the blob; the outline is not counted
where it runs under them. A blob with no obstacle gains none."""

from __future__ import annotations

import numpy as np
import pytest
import shapely

from armada_vision.geometry import obstacle_polygon
from armada_vision.scene import ObstaclePose, Scene, ShipPose, SquadronPose
from armada_vision.vision import synth
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.detect import BackgroundModel, Detector
from armada_vision.vision.detect._leftover import MIN_BAND, leftover_obstacle
from armada_vision.vision.detect._obstacles import band_overlap, match_obstacle
from armada_vision.vision.detect.evaluate import score_scene

CAMERA = TableCamera.looking_down((1920, 1080))


def _disc(x, y, r=15.0, n=64):
    a = np.linspace(0, 2 * np.pi, n, endpoint=False)
    return np.column_stack([x + r * np.cos(a), y + r * np.sin(a)])


def test_hidden_part_of_an_outline_does_not_count_against_its_overlap(catalog):
    ob = catalog.obstacle("debris-field-1")
    token = obstacle_polygon(ob, 600.0, 300.0, 25.0)
    # A disc 1 mm clear of the token's rightmost point: the blob of both, less the disc grown
    # by its clearing margins, loses a sliver of the token next to it.
    xmax = max(token.exterior.coords, key=lambda p: p[0])
    disc = shapely.Polygon(_disc(xmax[0] + 16.0, xmax[1]))
    hidden = disc.buffer(3.5)
    rest = token.difference(hidden)
    from armada_vision.vision.detect._obstacles import _model
    model, mc, _ = _model("debris-field-1", ob, False)
    centre = np.array(token.centroid.coords[0])
    plain_band = band_overlap(rest, model, mc, [centre], [25.0])[0]
    band = band_overlap(rest, model, mc, [centre], [25.0], hidden=hidden)[0]
    assert plain_band < 1.0 and band == pytest.approx(1.0, abs=1e-6)


@pytest.mark.parametrize("oid", ["debris-field-1", "station", "asteroid-field-2"])
def test_the_rest_of_a_blob_with_a_squadron_is_the_obstacle(catalog, oid):
    ob = catalog.obstacle(oid)
    x, y, heading = 700.0, 400.0, 40.0
    token = obstacle_polygon(ob, x, y, heading)
    xmax = max(token.exterior.coords, key=lambda p: p[0])
    disc = _disc(xmax[0] + 16.0, xmax[1])
    blob = shapely.union_all([token, shapely.Polygon(disc).buffer(1.5)]).buffer(0.6)
    contour = np.asarray(blob.exterior.coords)[:-1]
    assert match_obstacle(contour, dict(catalog.obstacles)) is None or \
        match_obstacle(contour, dict(catalog.obstacles))[5] < MIN_BAND
    m = leftover_obstacle(contour, [(disc, 1.5)], dict(catalog.obstacles), 1300.0)
    assert m is not None and m[0] == oid and not m[4]
    assert np.hypot(m[1] - x, m[2] - y) < 1.0
    # (the station is nearly round: its heading is the least well defined of the three)
    assert abs((m[3] - heading + 180) % 360 - 180) < 2.0


def test_a_blob_with_no_obstacle_leaves_no_obstacle(catalog):
    # Two touching squadrons: the rest after one is the other, which matches no outline.
    a, b = _disc(700.0, 400.0), _disc(731.0, 400.0)
    blob = shapely.union_all([shapely.Polygon(a), shapely.Polygon(b)]).buffer(1.0)
    contour = np.asarray(blob.exterior.coords)[:-1]
    assert leftover_obstacle(contour, [(a, 1.5)], dict(catalog.obstacles), 1300.0) is None


@pytest.mark.parametrize("mat", ["starfield", "cloth"])
def test_a_squadron_touching_an_obstacle_both_found(catalog, mat):
    ob = ObstaclePose("o", "debris-field-2", 900.0, 450.0, 10.0)
    token = synth.footprints(Scene(obstacles=(ob,)), catalog)["o"]
    xmax = max(token.exterior.coords, key=lambda p: p[0])
    sq = SquadronPose("q", "tie-fighter-squadron", 1, xmax[0] + 16.5, xmax[1])
    scene = Scene(squadrons=(sq,), obstacles=(ob,))
    opt = synth.RenderOptions(mat=mat)
    frame = synth.render(scene, CAMERA, catalog, opt, seed=3)
    empty = synth.render(Scene(play_area_mm=scene.play_area_mm), CAMERA, catalog, opt, seed=3,
                         noise_seed=7)
    det = Detector(catalog, CAMERA, background=BackgroundModel.learn(empty.image)).detect(
        frame.image)
    s = score_scene(frame.truth.scene, det.to_scene(), catalog)
    assert (s["obstacle"].tp, s["obstacle"].fp) == (1, 0), det
    assert (s["squadron"].tp, s["squadron"].fp) == (1, 0), det
    assert s["obstacle"].centre_mm[0] < 2.0


# A ship whose miniature overhangs its base and touches an obstacle token: the rest after the
# base is the overhang and the token joined at a neck, matching no outline whole.
SHIP_BASE = shapely.box(449.0, 368.5, 551.0, 431.5)  # a medium base at (500, 400), heading 0
# Its hull, 24 mm wide, running on 49 mm past the bow to a point.
OVERHANG = shapely.Polygon([(540.0, 388.0), (580.0, 391.0), (600.0, 400.0), (580.0, 409.0),
                            (540.0, 412.0)])


def _base_and_overhang_with(token):
    blob = shapely.union_all([SHIP_BASE, OVERHANG] + ([token] if token else [])).buffer(0.5)
    outline = np.asarray(SHIP_BASE.exterior.coords)[:-1]
    return np.asarray(blob.exterior.coords)[:-1], [(outline, 1.5)]


@pytest.mark.parametrize("oid, heading", [("asteroid-field-2", 30.0), ("debris-field-1", 100.0)])
def test_a_token_touching_a_miniatures_overhang_is_split_off_the_rest(catalog, oid, heading):
    ob = catalog.obstacle(oid)
    token = obstacle_polygon(ob, 0.0, 0.0, heading)
    x0, _, _, _ = token.bounds
    # Its leftmost point 1 mm into the hull's tip.
    left = min(token.exterior.coords, key=lambda p: p[0])
    dx, dy = 599.0 - x0, 400.0 - left[1]
    token = obstacle_polygon(ob, dx, dy, heading)
    contour, cleared = _base_and_overhang_with(token)
    m = leftover_obstacle(contour, cleared, dict(catalog.obstacles), 1300.0)
    assert m is not None and m[0] == oid and not m[4]
    assert np.hypot(m[1] - dx, m[2] - dy) < 1.0
    assert abs((m[3] - heading + 180) % 360 - 180) < 3.0


def test_a_miniatures_overhang_alone_is_no_obstacle(catalog):
    contour, cleared = _base_and_overhang_with(None)
    assert leftover_obstacle(contour, cleared, dict(catalog.obstacles), 1300.0) is None


@pytest.mark.parametrize("mat, along", [("wood", 0.92), ("wood", 0.86)])
def test_a_ship_and_the_token_its_miniature_touches_both_found(catalog, mat, along):
    # An assault frigate whose miniature runs on past its bow onto an asteroid token beside it
    # (the token's centre ~70 mm from the base's): one blob of base, hull and token.
    cam = TableCamera.looking_down((1920, 1080), tilt_deg=6.0)
    ship = ShipPose("s", "assault-frigate-mark-ii-b", 1, 1500.0, 200.0, 147.8)
    ob = ObstaclePose("o", "asteroid-field-3", 1500.0 + 75.9 * along, 200.0 + 31.6 * along,
                      133.6)
    scene = Scene(ships=(ship,), obstacles=(ob,))
    opt = synth.RenderOptions(mat=mat, light=0.4)
    frame = synth.render(scene, cam, catalog, opt, seed=4)
    empty = synth.render(Scene(), cam, catalog, opt, seed=4, noise_seed=1)
    det = Detector(catalog, cam, background=BackgroundModel.learn(empty.image)).detect(
        frame.image)
    s = score_scene(frame.truth.scene, det.to_scene(), catalog)
    assert (s["ship"].tp, s["ship"].fp) == (1, 0), det
    assert (s["obstacle"].tp, s["obstacle"].fp) == (1, 0), det  # was 0, 0: the token missed
    assert s["obstacle"].centre_mm[0] < 2.0 and s["obstacle"].heading_deg[0] < 5.0


def test_a_rest_is_taken_from_an_outline_that_crosses_itself():
    # GEOS's overlay raised on such outlines ("side location conflict", "unable to assign free
    # hole to a shell": held-out seed 5009 with a squadron half on a token, --contacts): the
    # frame's detection stopped with a traceback. The rest is that of the outline made valid.
    from armada_vision.vision.detect._leftover import _difference

    bow = shapely.Polygon([(0, 0), (10, 10), (10, 0), (0, 10)])  # (its own difference raises)
    rest = _difference(bow, shapely.box(4, -1, 6, 11))
    assert rest.area == pytest.approx(48.0)
