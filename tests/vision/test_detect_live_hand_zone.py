"""Live path, a piece whose blob a hand's zone took in (within ``HAND_REACH_MM`` of the hand, or
merged with it by a finger or its shadow): reported as it was measured before the hand came when
only the hand's shadow changed it (``_liveplan.still_pieces``), left to the tracker (frozen, not
reported) when the hand is over it. Before: never reported (held-out 5001's Venator and 5009's
Imperial II, fresh 7001's Munificents, missed in hand frames that did not touch them)."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from shapely.geometry import Polygon

from armada_vision.scene import Scene, ShipPose, SquadronPose
from armada_vision.vision import synth
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.detect import BackgroundModel, Detector
from armada_vision.vision.detect._liveplan import _shadow_only

CAMERA = TableCamera.looking_down((1920, 1080))
SHIP = ShipPose("cr90", "cr90-corvette-a", 1, 700.0, 450.0, 0.0)
SCENE = Scene((SHIP,), (SquadronPose("tie", "tie-fighter-squadron", 1, 700.0, 530.0),), ())


@pytest.fixture(scope="module")
def frames(catalog):
    """The ship and a squadron on the cloth; then a hand 75 mm beside the ship's centre (its
    fingers 10-20 mm from the base, its shadow on it); then a hand over the ship."""
    opt = synth.RenderOptions(mat="cloth", light=0.4)
    out = [synth.render(SCENE, CAMERA, catalog, dataclasses.replace(opt, hands=h), seed=51,
                        noise_seed=n)
           for n, h in enumerate(((), ((625.0, 450.0),), ((700.0, 380.0),)))]
    empty = synth.render(Scene(), CAMERA, catalog, opt, seed=51, noise_seed=9).image
    return out, BackgroundModel.learn(empty)


def _touches(frame) -> bool:
    ship = Polygon(frame.truth.pieces[SHIP.id].outline_px)
    return any(ship.intersects(Polygon(h)) for h in frame.truth.hands_px)


def test_a_ship_the_hands_zone_took_in_is_reported_as_it_was(frames, catalog):
    out, bg = frames
    assert not _touches(out[1])
    live = Detector(catalog, CAMERA, background=bg).live()
    first = live.detect(out[0].image)
    assert len(first.ships) == 1 and abs(first.ships[0].x_mm - 700.0) < 2.0
    now = live.detect(out[1].image)
    assert len(now.hands) == 1 and live.stats.frozen == 1  # its blob is the hand's now
    assert now.ships == first.ships  # before: no ship (frozen, not reported)
    assert now.squadrons == first.squadrons


def test_a_ship_under_the_hand_is_left_to_the_tracker(frames, catalog):
    out, bg = frames
    assert _touches(out[2])
    live = Detector(catalog, CAMERA, background=bg).live()
    first = live.detect(out[0].image)
    now = live.detect(out[2].image)
    assert len(now.hands) == 1 and live.stats.frozen == 1
    assert now.ships == [] and now.squadrons == first.squadrons


def test_a_shadow_dims_every_channel_alike_a_hand_brings_another_colour():
    ref = np.full((20, 20, 3), (60, 120, 90), np.uint8)
    poly = np.array([[2, 2], [17, 2], [17, 17], [2, 17]])
    changed = np.zeros((20, 20), bool)
    changed[5:15, 5:15] = True
    dim = ref.copy()
    dim[5:15, 5:15] = (ref[5:15, 5:15] * 0.65).astype(np.uint8)
    assert _shadow_only(changed, dim, ref, poly)
    skin = dim.copy()
    skin[5:15, 5:11] = (120, 150, 210)  # skin over 0.6 of what changed
    assert not _shadow_only(changed, skin, ref, poly)
    bright = ref.copy()
    bright[5:15, 5:15] = np.minimum(ref[5:15, 5:15].astype(int) * 2, 255)  # lit, not shaded
    assert not _shadow_only(changed, bright, ref, poly)
    assert _shadow_only(np.zeros((20, 20), bool), skin, ref, poly)  # nothing changed
