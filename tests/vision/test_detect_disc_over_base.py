"""A miniature's round tip over its base's end is not a squadron fitted before the base.

A disc fitted first in a blob of more than ``_discs.CROWDED`` times its area must be seen well
(or show a squadron base's black plastic) to be reported; a miniature's rounded bow past its
base can be seen well. When such a disc lies mostly inside an acceptable base fit of the same
blob (``_explain_fit.DISC_IN_BASE``), the two overlap, which pieces cannot (RRG
"Overlapping"): the base goes first and the disc is then judged beside it (``_discs``: a disc
across a base's outline is its miniature).

The table is tuning seed 1002's CR90 on wood, by the table's edge (its camera, light and
miniature, to the last digit): under noise seed 11 (its video frame 1) a disc on the hull's
tip, 0.86 of its rim seen, went before the base (merit 0.58-0.66) and was reported as a
squadron, the ship missed or found 6 mm off.
"""

from __future__ import annotations

import math

import pytest

from armada_vision.scene import Scene, ShipPose
from armada_vision.vision import synth
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.detect import BackgroundModel, Detector

SHIP = ShipPose("ship-4", "cr90-corvette-a", 2, 1139.8, 53.0, 73.8)


@pytest.fixture(scope="module")
def table(catalog):
    camera = TableCamera.looking_down((1920, 1080), tilt_deg=4.569853913797391,
                                      yaw_deg=-0.5712426493162122)
    opt = synth.RenderOptions(mat="wood", light=0.39904492682727644,
                              brightness=0.936322171686719)
    empty = synth.render(Scene(), camera, catalog, opt, seed=1002, noise_seed=1)
    det = Detector(catalog, camera, background=BackgroundModel.learn(empty.image))
    return camera, opt, det


@pytest.mark.parametrize("noise_seed", [11, 14])
def test_a_disc_over_a_base_end_is_not_a_squadron(table, catalog, noise_seed):
    camera, opt, det = table
    frame = synth.render(Scene((SHIP,)), camera, catalog, opt, seed=1002,
                         noise_seed=noise_seed)
    found = det.detect(frame.image)
    # (main reported a squadron at about (1135, 81) mm under noise seed 11: the hull's tip)
    assert found.squadrons == []
    assert len(found.ships) == 1
    ship = found.ships[0]
    assert ship.size_class == "small"
    assert math.hypot(ship.x_mm - SHIP.x_mm, ship.y_mm - SHIP.y_mm) < 2.5
    assert abs((ship.heading_deg - SHIP.heading_deg + 90.0) % 180.0 - 90.0) < 1.0
