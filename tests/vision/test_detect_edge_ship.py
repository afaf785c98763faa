"""A large ship whose base lies on the mat's edge, its miniature over the table beyond: the blob
reaches the border and is a hand by its size alone ("weak"), and is a ship when its base or its
token shows two square corners there."""

from __future__ import annotations

import math

import pytest

from armada_vision.scene import Scene, ShipPose, SquadronPose
from armada_vision.vision import synth
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.detect import BackgroundModel, Detector

CAMERA = TableCamera.looking_down((1920, 1080))
WIDTH_MM = Scene().play_area_mm[0]
# An Imperial I's base (77.5 mm wide) along the right edge, its outer long side on it.
AT_EDGE = (WIDTH_MM - 77.5 / 2, 457.0, 90.0)


def _table(catalog, mat: str, seed: int):
    opt = synth.RenderOptions(mat=mat)
    empty = synth.render(Scene(), CAMERA, catalog, opt, seed=seed, noise_seed=7).image
    return Detector(catalog, CAMERA, background=BackgroundModel.learn(empty)), opt


@pytest.mark.parametrize("mat", ["starfield", "cloth"])
def test_a_large_ship_on_the_mats_edge_is_a_ship_not_a_hand(catalog, mat):
    det, opt = _table(catalog, mat, 2)
    ship = ShipPose("isd", "imperial-i-star-destroyer", 1, *AT_EDGE)
    scene = Scene((ship,), (SquadronPose("x", "x-wing-squadron", 1, 900.0, 400.0),))
    img = synth.render(scene, CAMERA, catalog, opt, seed=2).image
    found = det.detect(img)
    # Before: its base fitted as its token (two corners, no rim seen) was not taken as a
    # ship, and the blob was reported as a hand.
    assert not found.hands
    assert len(found.ships) == 1
    s = found.ships[0]
    assert s.size_class == "large"
    assert math.hypot(s.x_mm - AT_EDGE[0], s.y_mm - AT_EDGE[1]) < 3.0


def test_a_weak_hand_that_stays_is_searched_once_not_on_every_frame(catalog, monkeypatch):
    """A blob taken for a weak hand (forced here: no ship found in it) where a ship was put
    down on the mat's edge beside a still squadron: searched on the frame it came, then
    unchanged. Before, the squadron's margin (a kept entry restores its reference there) kept
    the reference from before the move on part of it, so it changed, and was searched, on
    every frame."""
    det, opt = _table(catalog, "starfield", 2)
    before = ShipPose("isd", "imperial-i-star-destroyer", 1, 1500.0, 600.0, 90.0)
    after = ShipPose("isd", "imperial-i-star-destroyer", 1, *AT_EDGE)
    # a squadron 6 mm from where the base comes, still: its reference margin reaches it
    beside = AT_EDGE[0] - 77.5 / 2 - 6.0 - 17.5
    sq = (SquadronPose("x", "x-wing-squadron", 1, beside, AT_EDGE[1] + 40.0),
          SquadronPose("y", "x-wing-squadron", 1, 900.0, 400.0))
    frames = [Scene((before,), sq)] * 2 + [Scene((after,), sq)] * 4
    searched = []
    monkeypatch.setattr(Detector, "_ship_not_hand", lambda self, *a: searched.append(1) or False)
    live = det.live()
    hands = []
    for n, sc in enumerate(frames):
        found = live.detect(synth.render(sc, CAMERA, catalog, opt, seed=2, noise_seed=n).image)
        hands.append(len(found.hands))
        searched.append("|")
    assert hands == [0, 0, 1, 1, 1, 1]
    assert len(found.squadrons) == 2
    assert searched == ["|", "|", 1, "|", "|", "|", "|"]
