"""A large ship sliding along its own long axis (a straight maneuver filmed frame by frame)
is followed by the live path, and where it stops it is placed where the still detector would.

Its blob keeps most of its pixels from one frame to the next (an Imperial II base moving 8 mm
a frame overlaps its last blob by ~0.9), but a refinement from the old pose cannot follow a
rectangle along its long axis: once, the demo's Imperial II stayed 22 mm short for good.
Tolerance: the issue's 2.5 mm (ship centre p95 goal).
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from armada_vision.vision import synth
from armada_vision.vision.detect import Detector
from armada_vision.vision.synth._layout import default_layout
from armada_vision.vision.synth._script import demo_steps
from armada_vision.vision.synth._video import interpolate
from armada_vision.vision.synth.demo import DEMO_SEED, demo_camera

CAMERA = demo_camera()  # 1280 x 720, tilted 4 deg: the bundled sample's camera
OPT = synth.RenderOptions(mat="starfield", light=0.3, noise_sigma=2.0, jpeg_quality=None)
STEP_MM, STEPS = 8.55, 8  # the sample's speed-1 move: 68.4 mm in 8 frames


@pytest.fixture(scope="module")
def slide(catalog):
    """The bundled sample's fifth step: the Imperial II's speed-1 move among the other pieces,
    rendered as the sample's video is (its camera, looks and table markers, frames through
    MJPEG), two still frames before and after."""
    steps = demo_steps()
    before, after = steps[3].scene, steps[4].scene
    scenes = [before] * 2 + [interpolate(before, after, k / STEPS) for k in range(1, STEPS + 1)]
    scenes += [after] * 2
    layout = default_layout()
    live = Detector(catalog, CAMERA).live()  # no empty table learned, as `run` without --background
    poses, found = [], []
    for n, sc in enumerate(scenes):
        img = synth.render(sc, CAMERA, catalog, OPT, layout, DEMO_SEED, noise_seed=n).image
        ok, jpg = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 95])
        ships = live.detect(cv2.imdecode(jpg, cv2.IMREAD_COLOR)).ships
        isd = next(p for p in sc.ships if p.id == "isd")
        near = [(s.x_mm, s.y_mm) for s in ships if abs(s.x_mm - isd.x_mm) < 60 and s.y_mm < 300]
        poses.append(isd)
        found.append(near)
    return poses, found


def test_every_frame_of_the_slide_places_the_ship_within_the_goal(slide):
    poses, found = slide
    for n, (truth, seen) in enumerate(zip(poses, found)):
        assert len(seen) == 1, f"frame {n}: {len(seen)} ships"
        err = float(np.hypot(seen[0][0] - truth.x_mm, seen[0][1] - truth.y_mm))
        assert err < 2.5, f"frame {n}: {err:.1f} mm from where the ship is"


def test_where_it_stops_it_stays(slide):
    poses, found = slide
    assert found[-1] == found[-2]
    assert abs(found[-1][0][1] - poses[-1].y_mm) < 2.5
