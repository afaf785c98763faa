"""A token printed in a darker shade of the mat's own hue (``_darktoken``).

Held-out seed 5004's brown asteroid field on the tan cloth (its camera, light and pose to the
last digit, alone on the table): brightness ratio ~0.40 against the mat, just over the dark
ratio 0.35, and no colour difference, so only its darkest print spots were foreground; the
token was missed (and one spot taken for a squadron on the full table). The region darker
than ``TOKEN_DARK_RATIO`` joined to those spots matches its outline (band 1.0, plain 0.92).
"""

from __future__ import annotations

import math

import pytest

from armada_vision.scene import ObstaclePose, Scene
from armada_vision.vision import synth
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.detect import BackgroundModel, Detector, _darktoken

TOKEN = ObstaclePose("obs-2", "asteroid-field-1", 330.6215079708479, 77.95139603909507, 138.127)


@pytest.fixture(scope="module")
def dark_token(catalog):
    camera = TableCamera.looking_down((1920, 1080), tilt_deg=1.004031389954902,
                                      yaw_deg=-0.09694730148477015)
    opt = synth.RenderOptions(mat="cloth", light=0.16265266466924733,
                              brightness=1.0230833816984932)
    frame = synth.render(Scene(obstacles=(TOKEN,)), camera, catalog, opt, seed=5004)
    empty = synth.render(Scene(), camera, catalog, opt, seed=5004, noise_seed=1)
    return camera, frame, BackgroundModel.learn(empty.image)


def _check(det):
    assert det.ships == [] and det.squadrons == []
    (found,) = det.obstacles
    assert found.obstacle == "asteroid-field-1" and not found.flipped
    assert math.hypot(found.x_mm - TOKEN.x_mm, found.y_mm - TOKEN.y_mm) < 1.5
    assert abs((found.heading_deg - TOKEN.heading_deg + 180.0) % 360.0 - 180.0) < 1.5


def test_a_token_of_the_mats_hue_is_found_whole(catalog, dark_token):
    camera, frame, bg = dark_token
    _check(Detector(catalog, camera, background=bg).detect(frame.image))


def test_the_live_path_finds_it_too(catalog, dark_token):
    camera, frame, bg = dark_token
    live = Detector(catalog, camera, background=bg).live()
    _check(live.detect(frame.image))
    _check(live.detect(frame.image))  # a still frame: the same


def test_without_the_dark_candidates_it_was_lost(catalog, dark_token, monkeypatch):
    camera, frame, bg = dark_token
    monkeypatch.setattr(_darktoken, "TOKEN_DARK_RATIO", bg.dark_ratio)
    det = Detector(catalog, camera, background=bg).detect(frame.image)
    assert det.obstacles == []
