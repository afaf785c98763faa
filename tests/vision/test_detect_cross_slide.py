"""A base fit seen by fewer than two square corners is slid across its axis too
(``_explain_fit.PieceFitter._slide``, ``CROSS_CORNERS``): nothing else fixes which long edge
is its own. A Munificent on the mat's right edge on the starfield (tuning 1015's, its hull
over the border): its token was laid on the hull's far edge and the border beyond, 8-11 mm
off across, the card's own straight long side left outside the fit. Rendered here alone
under other cameras (the looks of tuning seeds 1016 and 1024)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from armada_vision.scene import Scene, ShipPose
from armada_vision.vision import synth
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.detect import BackgroundModel, Detector
from armada_vision.vision.detect import _explain_fit as fit_mod

MUNIFICENT = ShipPose("m", "munificent-class-comms-frigate", 1, 1787.0, 259.0, 92.0)


def _table(catalog, camera_seed: int, mat: str):
    rng = np.random.default_rng(camera_seed)
    camera = TableCamera.looking_down((1920, 1080), tilt_deg=float(rng.uniform(0, 12)),
                                      yaw_deg=float(rng.uniform(-2, 2)))
    opt = synth.RenderOptions(mat=mat, light=0.3)
    empty = synth.render(Scene(), camera, catalog, opt, seed=3, noise_seed=99).image
    img = synth.render(Scene((MUNIFICENT,)), camera, catalog, opt, seed=3, noise_seed=5).image
    return Detector(catalog, camera, background=BackgroundModel.learn(empty)), img


def _error_mm(found) -> float:
    return min((math.hypot(s.x_mm - MUNIFICENT.x_mm, s.y_mm - MUNIFICENT.y_mm)
                for s in found.ships), default=math.inf)


@pytest.mark.parametrize("camera_seed", [1016, 1024])
def test_a_token_on_the_mat_edge_is_placed_on_its_own_long_side(catalog, camera_seed):
    detector, img = _table(catalog, camera_seed, "starfield")
    found = detector.detect(img)
    assert len(found.ships) == 1
    assert found.ships[0].size_class == "medium"
    assert _error_mm(found) < 2.0  # before: 11.2 and 10.6 mm across, on the hull's edge


def test_without_the_cross_slide_it_stays_on_the_hull_edge(catalog, monkeypatch):
    detector, img = _table(catalog, 1016, "starfield")
    monkeypatch.setattr(fit_mod, "CROSS_CORNERS", 0)
    assert _error_mm(detector.detect(img)) > 8.0


def test_a_base_seen_by_its_corners_on_wood_stays_where_it_was(catalog):
    # Its rim and corners show on wood: the cross slide does not move it (0.4 mm before).
    detector, img = _table(catalog, 1016, "wood")
    assert _error_mm(detector.detect(img)) < 1.0
