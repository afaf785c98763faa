"""A hand on a mat of its own colour (wood): the palm and fingers vanish into the background
and only the sleeve is left, cut by the searched area's border to less than a base. It is a
hand because its arm goes on outside the searched area (``_arms``), and the pieces where its
hand must be are frozen, not searched (issue 5: held-out seed 5008's passing hand was searched
as pieces, 75-170 ms a frame)."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from armada_vision.scene import Scene, ShipPose
from armada_vision.vision import synth
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.detect import BackgroundModel, Detector
from armada_vision.vision.detect._arms import arm_outside
from armada_vision.vision.detect._blobs import find_blobs

CAMERA = TableCamera.looking_down((1920, 1080))
SHIP = ShipPose("s", "mc80-command-cruiser", 1, 740.0, 720.0, 90.0)
OPT = synth.RenderOptions(mat="wood", light=0.4, brightness=1.03)


@pytest.fixture(scope="module")
def video(catalog):
    """Still, a hand over the ship (its skin the wood's colour: render seed 6), the hand gone."""
    scene = Scene((SHIP,))
    hand = dataclasses.replace(OPT, hands=((SHIP.x_mm, SHIP.y_mm),))
    frames = [synth.render(scene, CAMERA, catalog, o, seed=6, noise_seed=n).image
              for n, o in enumerate((OPT, hand, OPT))]
    empty = synth.render(Scene(), CAMERA, catalog, OPT, seed=6, noise_seed=5).image
    return frames, BackgroundModel.learn(empty)


def test_the_sleeve_alone_is_smaller_than_a_base_but_goes_on_past_the_border(video, catalog):
    frames, bg = video
    d = Detector(catalog, CAMERA, background=bg)
    fr = d.prepare(frames[1])
    f = fr.factor
    bgs = bg.downscaled(f)
    sleeve = [cb for cb in fr.coarse if cb.area_px < d.max_base_mm2 * (d.px_per_mm / f) ** 2
              and arm_outside(cb, fr.small, bgs.mean_bgr, fr.roi_small, d.px_per_mm / f)
              is not None]
    assert len(sleeve) == 1, "one blob, smaller than a large base, whose arm goes on outside"
    assert fr.hands == sleeve, "it is the hand"
    # The hand reported reaches the ship under the palm, ~190 mm from the sleeve's end.
    assert len(fr.det.hands) == 1 and fr.det.hands[0].area_px > 3 * sleeve[0].area_px * f * f
    # The still table's blobs have no arm: nothing past the border differs from the mat.
    still = d.prepare(frames[0])
    assert not still.hands
    assert all(arm_outside(cb, still.small, bgs.mean_bgr, still.roi_small, d.px_per_mm / f)
               is None for cb in still.coarse)


def test_the_ship_under_the_hand_is_frozen_not_searched_and_comes_back_as_it_was(video, catalog):
    frames, bg = video
    live = Detector(catalog, CAMERA, background=bg).live()
    first = live.detect(frames[0])
    assert len(first.ships) == 1
    hand = live.detect(frames[1])
    assert hand.hands and not hand.ships, "the ship under the hand is left to the tracker"
    assert live.stats.frozen == 1 and live.stats.searched == 0
    gone = live.detect(frames[2])
    assert not gone.hands and live.stats.searched == 0
    assert [(s.x_mm, s.y_mm, s.heading_deg) for s in gone.ships] == \
        [(s.x_mm, s.y_mm, s.heading_deg) for s in first.ships]


def test_an_arm_goes_on_past_the_border_a_miniature_does_not():
    # A 20 x 20 px blob at the searched area's border (row 10) at 0.3 px/mm: ARM_BEYOND_MM is
    # 18 px past it, the frame's edge 10 px.
    roi = np.zeros((60, 80), np.uint8)
    roi[10:, :] = 255
    mask = np.zeros((60, 80), np.uint8)
    mask[10:30, 30:50] = 255
    blob = find_blobs(mask, 10)[0]
    bg = np.full((60, 80, 3), 100.0, np.float32)
    frame = np.full((60, 80, 3), 100, np.uint8)
    frame[10:30, 30:50] = 30
    assert arm_outside(blob, frame, bg, roi, 0.3) is None  # nothing outside
    frame[6:10, 32:48] = 30  # a miniature overhanging by 4 px (13 mm)
    assert arm_outside(blob, frame, bg, roi, 0.3) is None
    frame[0:10, 32:48] = 30  # a sleeve going on to the frame's edge
    arm = arm_outside(blob, frame, bg, roi, 0.3)
    assert arm is not None and len(arm) == 10 * 16
    frame[0:10, 32:48] = 80  # the same, 20 grey levels off the mat: under ARM_LEVELS
    assert arm_outside(blob, frame, bg, roi, 0.3) is None
