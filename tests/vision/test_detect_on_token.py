"""Squadrons on and against obstacle tokens (issue 5): squadrons may end on an obstacle (RRG
"Obstacles" affect only ships), so a base fully on a token, half on one and against one are
all met every game. Before the ring search (_on_token) the first two were missed on all three
mats: the token's outline matched surely and nothing was looked for inside or across it."""

from __future__ import annotations

import math

import numpy as np
import pytest

from armada_vision.scene import ObstaclePose, Scene, ShipPose, SquadronPose
from armada_vision.vision import synth
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.detect import BackgroundModel, Detector
from armada_vision.vision.detect._on_token import _top_mm
from armada_vision.vision.detect.evaluate import score_scene

CAMERA = TableCamera.looking_down((1920, 1080), tilt_deg=6.0)


def _contact_scene(catalog) -> Scene:
    """Three tokens across the table, a squadron fully on the first (a gravity rift: room for
    a base), half on the second, against the third, and a ship apart."""
    obstacles = (ObstaclePose("obs-1", "gravity-rift", 500.0, 300.0, 25.0),
                 ObstaclePose("obs-2", "debris-field-1", 1000.0, 600.0, 140.0),
                 ObstaclePose("obs-3", "asteroid-field-3", 1400.0, 320.0, 300.0, flipped=True))
    feet = synth.footprints(Scene(obstacles=obstacles), catalog)
    rng = np.random.default_rng(3)
    r = catalog.squadron("x-wing-squadron").radius_mm
    cells = []
    for ob, contact in zip(obstacles, synth.SQUADRON_CONTACTS):
        cells.append(synth.squadron_contact_point(feet[ob.id], r, contact, rng))
    squadrons = tuple(SquadronPose(f"sq-{k + 1}", cls, 1 + k % 2, x, y) for k, ((x, y), cls) in
                      enumerate(zip(cells, ("x-wing-squadron", "tie-fighter-squadron",
                                            "a-wing-squadron"))))
    ships = (ShipPose("ship-1", "victory-ii-star-destroyer", 1, 800.0, 250.0, 70.0, 1),)
    return Scene(ships, squadrons, obstacles)


@pytest.mark.parametrize("mat", ["starfield", "cloth", "wood"])
def test_squadrons_on_half_on_and_against_a_token_are_found_where_they_stand(catalog, mat):
    scene = _contact_scene(catalog)
    opt = synth.RenderOptions(mat=mat, light=0.3)
    frame = synth.render(scene, CAMERA, catalog, opt, seed=11)
    empty = synth.render(Scene(play_area_mm=scene.play_area_mm), CAMERA, catalog, opt, seed=11,
                         noise_seed=5)
    det = Detector(catalog, CAMERA, background=BackgroundModel.learn(empty.image)).detect(
        frame.image)
    s = score_scene(frame.truth.scene, det.to_scene(), catalog)
    assert (s["squadron"].tp, s["squadron"].fn, s["squadron"].fp) == (3, 0, 0), det.squadrons
    assert max(s["squadron"].centre_mm) < 1.5, s["squadron"].centre_mm
    assert (s["obstacle"].tp, s["obstacle"].fp) == (3, 0)
    assert (s["ship"].tp, s["ship"].fp) == (1, 0)


def test_a_base_on_a_token_stands_on_it_and_a_base_across_its_edge_tilts():
    # The height its ring is measured at: base 5 mm + token 2 mm on it, half the token's
    # thickness lower across its edge, the mat beside it.
    import shapely

    token = shapely.box(0.0, 0.0, 100.0, 60.0)
    assert _top_mm(token, (50.0, 30.0), 15.0, 5.0, 2.0) == 7.0
    assert _top_mm(token, (100.0 + 5.0, 30.0), 15.0, 5.0, 2.0) == 6.0
    assert _top_mm(token, (100.0 + 15.3, 30.0), 15.0, 5.0, 2.0) == 5.0
    assert math.isclose(_top_mm(token, (99.0, 30.0), 15.0, 5.0, 2.0), 7.0)


def test_the_renderer_stands_a_squadron_on_a_token(catalog):
    # The truth's height of a squadron base on a token is its top on the token.
    scene = _contact_scene(catalog)
    frame = synth.render(scene, CAMERA, catalog, synth.RenderOptions(minis=False), seed=1)
    base = catalog.squadron("x-wing-squadron").base_height_mm
    heights = [frame.truth.pieces[f"sq-{k}"].height_mm for k in (1, 2, 3)]
    assert heights[0] == base + 2.0 and heights[2] == base
    assert heights[1] in (base + 1.0, base + 2.0)  # its centre on the outline: tilted or on it


def _half_on(catalog, mat, obstacle, heading_deg, flipped, k):
    """A token at (900, 400) mm with an X-wing half on it (``synth.squadron_contact_point``,
    rng ``k``), rendered on ``mat``, and a detector with that mat's empty table learned."""
    ob = ObstaclePose("obs-1", obstacle, 900.0, 400.0, heading_deg, flipped)
    feet = synth.footprints(Scene(obstacles=(ob,)), catalog)
    x, y = synth.squadron_contact_point(feet["obs-1"], 15.0, "half on",
                                        np.random.default_rng(k))
    scene = Scene((), (SquadronPose("sq-1", "x-wing-squadron", 1, x, y),), (ob,))
    opt = synth.RenderOptions(mat=mat, light=0.3)
    frame = synth.render(scene, CAMERA, catalog, opt, seed=k)
    empty = synth.render(Scene(play_area_mm=scene.play_area_mm), CAMERA, catalog, opt, seed=k,
                         noise_seed=5)
    return frame, Detector(catalog, CAMERA, background=BackgroundModel.learn(empty.image))


HALF_ON = pytest.mark.parametrize("mat, obstacle, heading_deg, flipped, k", [
    ("cloth", "purrgil-2", 20.0, False, 1),
    ("starfield", "exogorth-1", 60.0, True, 3),
])


@HALF_ON
def test_a_token_with_a_squadron_half_on_it_is_placed_by_the_rest_of_its_outline(
        catalog, mat, obstacle, heading_deg, flipped, k):
    # The base bends the token's outline: matched on it, these tokens were placed 6.9 and
    # 2.4 mm off (the first taken for a dust field); placed again by the token's outline and
    # the base's footprint together, within 1 mm. (An asteroid field 2 on wood at 200 deg,
    # squadron rng 2, was 5.2 -> 0.7 mm before main's noise pass, 3.6 mm and turned after it:
    # left, see detection.md.)
    frame, detector = _half_on(catalog, mat, obstacle, heading_deg, flipped, k)
    det = detector.detect(frame.image)
    s = score_scene(frame.truth.scene, det.to_scene(), catalog)
    assert s["squadron"].tp == 1 and s["squadron"].centre_mm[0] < 0.5
    assert s["obstacle"].tp == 1 and s["obstacle"].centre_mm[0] < 1.0, s["obstacle"].centre_mm
    assert det.obstacles[0].obstacle == obstacle


@pytest.mark.parametrize("mat", ["starfield", "cloth", "wood"])
def test_no_squadron_is_read_into_a_tokens_print(catalog, mat):
    # Every catalog token, front and back, alone: the ring search round each finds nothing
    # (its print's dark spots are not a ring of plastic round a lighter card).
    ids = sorted(catalog.obstacles)
    obstacles = tuple(ObstaclePose(f"obs-{k}", oid, 160.0 + 200.0 * (k % 8),
                                   230.0 + 450.0 * (k // 8), 37.0 * k, flipped)
                      for k, (oid, flipped) in enumerate(
                          [(o, False) for o in ids] + [(o, True) for o in ids][:3]))
    scene = Scene((), (), obstacles)
    opt = synth.RenderOptions(mat=mat, light=0.3)
    frame = synth.render(scene, CAMERA, catalog, opt, seed=4)
    empty = synth.render(Scene(play_area_mm=scene.play_area_mm), CAMERA, catalog, opt, seed=4,
                         noise_seed=5)
    det = Detector(catalog, CAMERA, background=BackgroundModel.learn(empty.image)).detect(
        frame.image)
    assert not det.squadrons, det.squadrons
    assert len(det.obstacles) >= len(obstacles) - 2


@HALF_ON
def test_a_token_placed_again_by_a_base_across_it_is_placed_where_it_is_reported(
        catalog, mat, obstacle, heading_deg, flipped, k):
    # The live path finds a held obstacle's detection by the pose it was placed at; a token
    # placed again with a base across it kept its first pose among the pieces placed, and the
    # next changed frame of that blob stopped the live path (StopIteration, unseen seed 9027).
    from armada_vision.vision.detect import Detections
    from armada_vision.vision.detect._pass import fine_blobs

    frame, det = _half_on(catalog, mat, obstacle, heading_deg, flipped, k)
    fr = det.prepare(frame.image)
    fbs = [fb for cb in fr.piece_blobs() for fb in fine_blobs(
        fr.image, fr.bg, fr.roi, cb, fr.gains, fr.factor, det._open_px(), fr.min_area_px)]
    out = Detections()
    placed = [p for fb in fbs for p in det._explain(fb, out, np.random.default_rng(0))]
    tokens = [p for p in placed if p[0] == "obstacle"]
    assert len(tokens) == len(out.obstacles) == 1
    o = out.obstacles[0]
    assert tokens[0][1] == (o.obstacle, o.flipped)
    assert (tokens[0][2][0], tokens[0][2][1]) == (o.x_mm, o.y_mm)


@pytest.mark.parametrize("mat, obstacle, heading_deg, flipped, contact", [
    ("cloth", "asteroid-field-1", 240.0, False, "half on"),
    ("starfield", "debris-field-1", 140.0, True, "on"),
])
def test_a_held_token_a_squadron_is_put_on_keeps_its_pose(catalog, mat, obstacle, heading_deg,
                                                          flipped, contact):
    # Cardboard does not move when a base is put on or against it: the live path keeps a held
    # token's pose (fresh 7002's moved frame matched it again, ~2/3 of 300 ms) and only its
    # confidence falls, to its unhidden one times the seen fraction of its outline.
    ob = ObstaclePose("obs-1", obstacle, 900.0, 400.0, heading_deg, flipped)
    feet = synth.footprints(Scene(obstacles=(ob,)), catalog)
    x, y = synth.squadron_contact_point(feet["obs-1"], 15.0, contact, np.random.default_rng(2))
    opt = synth.RenderOptions(mat=mat, light=0.3)
    frames = [synth.render(Scene((), (SquadronPose("sq-1", "x-wing-squadron", 1, sx, sy),),
                                 (ob,)), CAMERA, catalog, opt, seed=4, noise_seed=n)
              for n, (sx, sy) in enumerate([(300.0, 700.0), (x, y)])]
    empty = synth.render(Scene(), CAMERA, catalog, opt, seed=4, noise_seed=5)
    live = Detector(catalog, CAMERA, background=BackgroundModel.learn(empty.image)).live()
    before = live.detect(frames[0].image)
    after = live.detect(frames[1].image)
    assert len(before.obstacles) == len(after.obstacles) == 1
    o0, o1 = before.obstacles[0], after.obstacles[0]
    assert (o1.obstacle, o1.flipped, o1.x_mm, o1.y_mm, o1.heading_deg) == (
        o0.obstacle, o0.flipped, o0.x_mm, o0.y_mm, o0.heading_deg)
    assert math.hypot(o1.x_mm - ob.x_mm, o1.y_mm - ob.y_mm) < 1.5
    assert 0.3 * o0.confidence < o1.confidence < 0.97 * o0.confidence
    assert len(after.squadrons) == 1
    assert math.hypot(after.squadrons[0].x_mm - x, after.squadrons[0].y_mm - y) < 1.5
