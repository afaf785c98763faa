"""Detection on rendered tables with known answers (armada_vision.vision.synth).

Each frame is rendered through a C920-like camera at 1080p with miniatures on pegs that hide
the middle of the bases and overhang them, fighters over the squadron discs, shadows, noise and
JPEG; the background is the same camera's empty table. Tolerances come from the goals of
issue 5 (1080p, calibrated): ship centres within 2.5 mm (the goal's 95th percentile), squadrons
with a median under 1.5 mm, obstacles under 2 mm. Where the detector does not reach a goal yet
the test is marked xfail with the reason, and a looser bound that it must keep meanwhile is
asserted separately (bench/detection.py prints the full figures).
"""

from __future__ import annotations

import numpy as np
import pytest

from armada_vision.scene import ObstaclePose, Scene, ShipPose, SquadronPose
from armada_vision.vision import synth
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.detect import BackgroundModel, Detector
from armada_vision.vision.detect.evaluate import score_scene

CAMERA = TableCamera.looking_down((1920, 1080))


def _render(scene, catalog, mat, seed, **opt):
    o = synth.RenderOptions(mat=mat, **opt)
    frame = synth.render(scene, CAMERA, catalog, o, seed=seed)
    empty_opt = synth.RenderOptions(mat=mat, **{k: v for k, v in opt.items() if k != "hands"})
    empty = synth.render(Scene(play_area_mm=scene.play_area_mm), CAMERA, catalog, empty_opt,
                         seed=seed, noise_seed=7)
    return frame, BackgroundModel.learn(empty.image)


def _table(catalog):
    ships = (
        ShipPose("vsd", "victory-ii-star-destroyer", 1, 420.0, 230.0, 72.0),
        ShipPose("cr90", "cr90-corvette-a", 2, 1300.0, 640.0, 251.0),
        ShipPose("isd", "imperial-ii-star-destroyer", 1, 900.0, 300.0, 128.0),
    )
    squadrons = (
        SquadronPose("tie", "tie-fighter-squadron", 1, 620.0, 420.0),
        SquadronPose("x", "x-wing-squadron", 2, 1100.0, 520.0),
    )
    obstacles = (ObstaclePose("a1", "asteroid-field-1", 1500.0, 300.0, 40.0),
                 ObstaclePose("st", "station", 700.0, 720.0, 0.0))
    known = [s for s in squadrons if s.squadron_class in catalog.squadrons]
    return Scene(ships, tuple(known), obstacles)


# Goals the detector does not reach yet on a mat, by test. Strict: when the detector improves,
# the expected failure turns into a real failure, and the entry must go (so a test that passes
# is never hidden behind an xfail that cannot fail).
# (The dark asteroid token on the dark cloth, ~15 % of it matching the mat, was found 2-3 deg
# off until its outline was taken on its own edges rather than its soft shadow's.)
PIECE_GOAL_MISSES: dict[str, str] = {}
def _expect_miss(request, misses, mat):
    if mat in misses:
        request.applymarker(pytest.mark.xfail(reason=misses[mat], strict=True))


@pytest.fixture(scope="module", params=["cloth", "starfield"])
def table_frame(request, catalog):
    scene = _table(catalog)
    frame, bg = _render(scene, catalog, request.param, seed=11)
    det = Detector(catalog, CAMERA, background=bg).detect(frame.image)
    return request.param, frame, det


def test_every_ship_is_found_once_with_its_size_class(table_frame, catalog):
    mat, frame, det = table_frame
    s = score_scene(frame.truth.scene, det.to_scene(), catalog)
    assert (s["ship"].fn, s["ship"].fp) == (0, 0), mat
    assert s["ship"].size_ok == 3


def test_every_squadron_and_obstacle_is_found_once(table_frame, catalog):
    mat, frame, det = table_frame
    s = score_scene(frame.truth.scene, det.to_scene(), catalog)
    for kind in ("squadron", "obstacle"):
        assert (s[kind].fn, s[kind].fp) == (0, 0), f"{mat}: {kind} missed {s[kind].fn}"
    assert s["obstacle"].size_ok == 2  # the right outline, not flipped


def test_ship_centres_and_headings_within_the_goal(table_frame, catalog):
    mat, frame, det = table_frame
    sc = score_scene(frame.truth.scene, det.to_scene(), catalog)["ship"]
    assert max(sc.centre_mm) < 2.5, (mat, sc.centre_mm)
    assert max(sc.heading_deg) < 2.0, (mat, sc.heading_deg)


def test_ship_centres_and_headings_keep_their_present_bound(table_frame, catalog):
    # Looser than the goal (above): a base taken for its token, or the wrong size class, is
    # off by more than 4 mm; a wrong axis by more than 2.5 deg (the large base on the dark
    # blue cloth, whose black rim shows little contrast there, is 2.2 deg off; held-out p95
    # 1.1 deg, bench/detection_diag.py).
    mat, frame, det = table_frame
    sc = score_scene(frame.truth.scene, det.to_scene(), catalog)["ship"]
    assert max(sc.centre_mm) < 4.0, (mat, sc.centre_mm)
    assert max(sc.heading_deg) < 2.5, (mat, sc.heading_deg)


def test_squadron_and_obstacle_centres_within_the_goal(table_frame, catalog, request):
    mat, frame, det = table_frame
    _expect_miss(request, PIECE_GOAL_MISSES, mat)
    s = score_scene(frame.truth.scene, det.to_scene(), catalog)
    assert np.median(s["squadron"].centre_mm) < 1.5 and max(s["squadron"].centre_mm) < 3.0, (
        mat, s["squadron"].centre_mm)
    assert max(s["obstacle"].centre_mm) < 2.0, (mat, s["obstacle"].centre_mm)
    assert max(s["obstacle"].heading_deg) < 2.0, (mat, s["obstacle"].heading_deg)


def test_two_touching_bases_are_two_bases(catalog):
    # Two small bases side by side, long sides touching (43 mm apart centre to centre).
    scene = Scene((ShipPose("a", "cr90-corvette-a", 1, 800.0, 400.0, 90.0),
                   ShipPose("b", "cr90-corvette-b", 1, 843.0, 400.0, 90.0)))
    frame, bg = _render(scene, catalog, "cloth", seed=3)
    det = Detector(catalog, CAMERA, background=bg).detect(frame.image)
    sc = score_scene(frame.truth.scene, det.to_scene(), catalog)["ship"]
    assert (sc.tp, sc.fp) == (2, 0)
    # Neither is placed over the other: each within a rim's width of its place.
    assert max(sc.centre_mm) < 3.0


def test_two_touching_bases_are_placed_within_the_goal(catalog):
    # On the dark cloth the black rim of the outer long side shows little contrast: a base fit
    # there took the token's edge (2.25 mm in) for the base's (2.35 mm across) until its edge
    # polarity (print inside, not the rim) sent it to the token fit.
    scene = Scene((ShipPose("a", "cr90-corvette-a", 1, 800.0, 400.0, 90.0),
                   ShipPose("b", "cr90-corvette-b", 1, 843.0, 400.0, 90.0)))
    frame, bg = _render(scene, catalog, "cloth", seed=3)
    det = Detector(catalog, CAMERA, background=bg).detect(frame.image)
    sc = score_scene(frame.truth.scene, det.to_scene(), catalog)["ship"]
    assert max(sc.centre_mm) < 2.5 and np.median(sc.centre_mm) < 1.0


def test_a_hand_is_reported_and_nothing_is_invented_under_it(catalog):
    scene = _table(catalog)
    frame, bg = _render(scene, catalog, "cloth", seed=5, hands=((900.0, 300.0),))
    det = Detector(catalog, CAMERA, background=bg).detect(frame.image)
    assert det.hands, "the hand over the table was not reported"
    # Pieces well clear of the hand (100 mm from where it hovers) must be seen; pieces under or
    # next to it may be hidden, but none may be invented.
    visible = {p.id for p in (*scene.ships, *scene.squadrons, *scene.obstacles)
               if np.hypot(p.x_mm - 900.0, p.y_mm - 300.0) > 100.0}
    s = score_scene(frame.truth.scene, det.to_scene(), catalog, visible=visible)
    # Nothing invented at or near the hand: every detection within 150 mm of it is a real piece.
    truth = [*scene.ships, *scene.squadrons, *scene.obstacles]
    for p in (*det.ships, *det.squadrons, *det.obstacles):
        if np.hypot(p.x_mm - 900.0, p.y_mm - 300.0) < 150.0:
            assert min(np.hypot(t.x_mm - p.x_mm, t.y_mm - p.y_mm) for t in truth) < 20.0, p
    # pieces away from the hand are still found
    assert s["ship"].tp >= 2
