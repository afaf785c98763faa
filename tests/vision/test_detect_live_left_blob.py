"""Live path, a piece that left a blob it was merged into: a squadron put against an asteroid
token (one blob) and then carried on past it. The token's blob is unchanged in its own box
afterwards, but the squadron's old spot on the earlier blob changed: before, that blob counted
as still and kept both pieces, so the squadron stayed where it had been put down for a moment
(a ghost, and its real spot a new piece: the demo's TIE with every third frame processed)."""

from __future__ import annotations

import math

import pytest

from armada_vision.scene import ObstaclePose, Scene, SquadronPose
from armada_vision.vision import synth
from armada_vision.vision.detect import BackgroundModel, Detector
from armada_vision.vision.synth.demo import DEMO_RENDER, demo_camera
from armada_vision.vision.track import Tracker

CAMERA = demo_camera()  # 720p, tilted: the TIE's rim clear of the token's box there
ROCK = ObstaclePose("ast", "asteroid-field-1", 770.0, 380.0, 20.0)
# The demo's TIE at its start, against the token (its rim 3 mm off the token's edge), and past it.
PLACES = ((770.0, 250.0), (765.5, 341.5), (761.0, 433.0), (756.5, 524.5))


@pytest.fixture(scope="module")
def frames(catalog):
    opt = DEMO_RENDER
    out = [synth.render(Scene((), (SquadronPose("tie", "tie-fighter-squadron", 1, x, y),),
                              (ROCK,)), CAMERA, catalog, opt, seed=7, noise_seed=n).image
           for n, (x, y) in enumerate(PLACES)]
    empty = synth.render(Scene(), CAMERA, catalog, opt, seed=7, noise_seed=99).image
    return out, BackgroundModel.learn(empty)


def test_a_squadron_that_left_the_tokens_blob_is_not_kept_there(frames, catalog):
    out, bg = frames
    live = Detector(catalog, CAMERA, background=bg).live()
    tracker = Tracker()
    for i, image in enumerate(out):
        det = live.detect(image)
        assert len(det.obstacles) == 1, i
        assert [(round(q.x_mm), round(q.y_mm)) for q in det.squadrons if
                math.hypot(q.x_mm - PLACES[i][0], q.y_mm - PLACES[i][1]) > 3.0] == [], i
        assert len(det.squadrons) == 1, i
        scene, _ = tracker.update(det, i * 0.25)
    assert len(scene.squadrons) == 1
    assert math.hypot(scene.squadrons[0].x_mm - PLACES[-1][0],
                      scene.squadrons[0].y_mm - PLACES[-1][1]) < 3.0
