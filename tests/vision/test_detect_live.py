"""The live-video path (Detector.live()): unchanged pieces are reused untouched, changed ones
re-detected, hands freeze what they cover, and the tracker keeps identities through it.

Frames are rendered at 1080p (same camera, same looks, new sensor noise per frame as a video
has). Tolerances: ship centres within the issue's 2.5 mm (p95 goal), squadrons within 2.5 mm.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from armada_vision.scene import ObstaclePose, Scene, ShipPose, SquadronPose
from armada_vision.vision import synth
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.detect import BackgroundModel, Detector
from armada_vision.vision.detect.evaluate import score_scene
from armada_vision.vision.track import Tracker

CAMERA = TableCamera.looking_down((1920, 1080))
OPT = synth.RenderOptions(mat="starfield", light=0.2)
HAND_AT = (1300.0, 600.0)  # hovering over the corvette


def _scene(catalog) -> Scene:
    ships = (ShipPose("vsd", "victory-ii-star-destroyer", 1, 500.0, 250.0, 80.0),
             ShipPose("cr90", "cr90-corvette-a", 2, 1300.0, 600.0, 250.0))
    squadrons = tuple(s for s in (SquadronPose("tie", "tie-fighter-squadron", 1, 800.0, 400.0),)
                      if s.squadron_class in catalog.squadrons)
    obstacles = (ObstaclePose("st", "station", 1000.0, 200.0, 0.0),)
    return Scene(ships, squadrons, obstacles)


def _moved(scene: Scene) -> Scene:
    vsd = scene.ships[0]
    a = np.radians(vsd.heading_deg)
    return scene.with_ship(dataclasses.replace(vsd, x_mm=vsd.x_mm + 40 * np.cos(a),
                                               y_mm=vsd.y_mm + 40 * np.sin(a)))


@pytest.fixture(scope="module")
def video(catalog):
    """Frames: still, still (new noise), the VSD moved 40 mm ahead, a hand over the corvette,
    the hand gone. Returns (scenes, images, background)."""
    scene = _scene(catalog)
    moved = _moved(scene)
    plan = [(scene, OPT), (scene, OPT), (moved, OPT),
            (moved, dataclasses.replace(OPT, hands=(HAND_AT,))), (moved, OPT)]
    images = [synth.render(sc, CAMERA, catalog, o, seed=21, noise_seed=n).image
              for n, (sc, o) in enumerate(plan)]
    empty = synth.render(Scene(play_area_mm=scene.play_area_mm), CAMERA, catalog, OPT, seed=21,
                         noise_seed=99)
    return [p[0] for p in plan], images, BackgroundModel.learn(empty.image)


@pytest.fixture(scope="module")
def run(video, catalog):
    """The live detector and the tracker over the whole video: (detections, stats, scenes)."""
    _, images, bg = video
    live = Detector(catalog, CAMERA, background=bg).live()
    tracker = Tracker()
    dets, stats, scenes = [], [], []
    for n, img in enumerate(images):
        dets.append(live.detect(img))
        stats.append(live.stats)
        scenes.append(tracker.update(dets[-1], 0.1 * n)[0])
    return dets, stats, scenes


def _poses(det):
    return sorted((round(p.x_mm, 6), round(p.y_mm, 6)) for p in (*det.ships, *det.squadrons,
                                                                   *det.obstacles))


def test_the_first_frame_is_what_the_still_detector_finds(video, run, catalog):
    scenes, images, bg = video
    still = Detector(catalog, CAMERA, background=bg).detect(images[0])
    assert _poses(run[0][0]) == _poses(still)
    s = score_scene(scenes[0], run[0][0].to_scene(), catalog)
    assert (s["ship"].tp, s["ship"].fp, s["obstacle"].tp) == (2, 0, 1)


def test_a_frame_where_nothing_moved_keeps_every_pose_exactly(run):
    # Only the sensor noise differs: no re-detection, so no jitter at all (not even 0.1 mm).
    dets, stats, _ = run
    assert stats[1].skipped
    assert _poses(dets[1]) == _poses(dets[0])


def test_a_moved_ship_is_re_detected_and_the_others_are_reused(video, run, catalog):
    scenes, _, _ = video
    dets, stats, _ = run
    assert not stats[2].skipped and stats[2].searched >= 1 and stats[2].reused >= 1
    s = score_scene(scenes[2], dets[2].to_scene(), catalog)
    assert (s["ship"].tp, s["ship"].fp) == (2, 0)
    # The moved VSD within the goal. (The corvette is frame 0's measurement, reused: with this
    # frame's noise a token fit takes its miniature's straight edge for the token's far side,
    # 3.3 mm and 7 deg off; frames 1 and 2 alone give 0.2 mm. docs/detection.md, Known gaps.)
    moved = scenes[2].ships[0]
    vsd = [p for p in dets[2].ships if np.hypot(p.x_mm - moved.x_mm, p.y_mm - moved.y_mm) < 20]
    assert len(vsd) == 1 and np.hypot(vsd[0].x_mm - moved.x_mm, vsd[0].y_mm - moved.y_mm) < 2.5
    assert max(s["ship"].centre_mm) < 4.0
    # The corvette and the station did not move: the very same measurements as before.
    before, after = _poses(dets[1]), _poses(dets[2])
    cr90, station = (1300.0, 600.0), (1000.0, 200.0)
    for x, y in (cr90, station):
        def near(ps, x=x, y=y):
            return [p for p in ps if np.hypot(p[0] - x, p[1] - y) < 20]
        assert near(after) == near(before) and len(near(after)) == 1


def test_a_moved_piece_keeps_its_identity(run):
    _, _, scenes = run
    vsd0 = min(scenes[0].ships, key=lambda s: np.hypot(s.x_mm - 500, s.y_mm - 250))
    ids = {s.id for s in scenes[-1].ships}
    assert vsd0.id in ids and len(ids) == 2
    vsd = next(s for s in scenes[-1].ships if s.id == vsd0.id)
    assert np.hypot(vsd.x_mm - vsd0.x_mm, vsd.y_mm - vsd0.y_mm) == pytest.approx(40.0, abs=3.0)


def test_a_hand_freezes_the_piece_under_it_and_leaves_it_as_it_was(run):
    dets, stats, scenes = run
    assert dets[3].hands, "the hand was not seen"
    # Nothing reported under the hand, but the tracked scene still has the corvette, unmoved.
    assert all(np.hypot(s.x_mm - HAND_AT[0], s.y_mm - HAND_AT[1]) > 60 for s in dets[3].ships)
    cr90 = [s for s in scenes[3].ships if np.hypot(s.x_mm - HAND_AT[0], s.y_mm - HAND_AT[1]) < 5]
    assert len(cr90) == 1
    # The hand gone and the corvette untouched: its earlier measurement comes back unchanged.
    def at_hand(det):
        return [(p.x_mm, p.y_mm, p.heading_deg) for p in det.ships
                if np.hypot(p.x_mm - HAND_AT[0], p.y_mm - HAND_AT[1]) < 20]
    assert at_hand(dets[4]) == at_hand(dets[2]) and len(at_hand(dets[4])) == 1
    assert [s.id for s in scenes[4].ships] == [s.id for s in scenes[2].ships]


def test_a_new_camera_starts_from_scratch(video, catalog):
    _, images, bg = video
    live = Detector(catalog, CAMERA, background=bg).live()
    live.detect(images[0])
    live.camera = CAMERA  # a re-fitted table
    live.detect(images[1])
    assert not live.stats.skipped and live.stats.reused == 0


def test_a_move_looked_for_in_a_window_finds_what_the_whole_frame_does(video, run, catalog):
    # Only the VSD moved: blobs are looked for around it alone, and the pieces found are
    # the very ones the live path finds searching the whole frame.
    _, images, bg = video
    dets, stats, _ = run
    assert stats[2].windowed and stats[3].windowed  # the hand too: a window round it
    live = Detector(catalog, CAMERA, background=bg).live()
    live._window = lambda changed, extra=(): None
    whole = [live.detect(img) for img in images[:3]]
    assert not live.stats.windowed
    assert _poses(whole[2]) == _poses(dets[2])


def test_once_the_hand_is_gone_an_untouched_table_is_not_searched_again(run):
    # The hand moved nothing: the frame matches the one from before it came, so every
    # detection from then stands (even those re-measured while its shadow was about).
    dets, stats, _ = run
    assert stats[4].skipped and stats[4].searched == 0
    assert _poses(dets[4]) == _poses(dets[2])


def test_a_piece_moved_alone_is_placed_by_one_refinement_where_the_search_would(video, run,
                                                                                 catalog):
    # The VSD's blob moved 40 mm and turned nothing: its earlier pose shifted by the blob's
    # shift is refined once (no search of its size class), landing where the still
    # detector's full search of the same frame does.
    _, images, bg = video
    dets, stats, _ = run
    assert stats[2].confirmed == 1
    still = Detector(catalog, CAMERA, background=bg).detect(images[2])
    def vsd(det):
        return min(det.ships, key=lambda s: np.hypot(s.x_mm - 507.0, s.y_mm - 289.4))
    a, b = vsd(dets[2]), vsd(still)
    assert np.hypot(a.x_mm - b.x_mm, a.y_mm - b.y_mm) < 0.1
    assert abs(a.heading_deg - b.heading_deg) < 0.1


def test_a_hand_is_looked_for_in_a_window_round_it_and_the_rest_of_the_table_stands(video,
                                                                                     run):
    # The hand over the corvette: blobs are looked for round it only; it is found as a
    # hand, the corvette under it is not reported (frozen), and the pieces far from it are
    # the very measurements of the frame before.
    dets, stats, _ = run
    # (Two: the palm's blob, and the sleeve cut by the border as an arm whose hand lies on
    # along it (_arms), since the light's colour is a median over 15x15 blocks (the cluster
    # pass): the sleeve no longer joins the palm through its shadow. Both over this hand.)
    assert stats[3].windowed and 1 <= len(dets[3].hands) <= 2
    assert all(np.hypot(*(h.outline_mm.mean(axis=0) - HAND_AT)) < 350.0 for h in dets[3].hands)
    assert stats[3].frozen >= 1
    assert all(np.hypot(s.x_mm - HAND_AT[0], s.y_mm - HAND_AT[1]) > 150.0 for s in dets[3].ships)
    far = [p for p in _poses(dets[2]) if np.hypot(p[0] - HAND_AT[0], p[1] - HAND_AT[1]) > 300.0]
    assert far and set(far) <= set(_poses(dets[3]))
