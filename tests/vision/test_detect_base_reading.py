"""A small ship on wood whose miniature overhangs a long side: its blob (base plus overhang) is
about as wide as the base is long, so a straight run of it reads as a long or a short side about
equally well. The search refines the other reading too (``OTHER_READING``), and of the size's
base and token fits it takes the base whose long sides show the black rim (``_pick_model``)
rather than a token fit laid across the base and the miniature (fresh seed 7002's failure class:
the ship was a token fit 6.5 mm off, or no ship and a fairly matched station)."""

from __future__ import annotations

import math

import pytest

from armada_vision.scene import Scene, ShipPose
from armada_vision.vision import synth
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.detect import BackgroundModel, Detector
from armada_vision.vision.detect._fit import Fit
from armada_vision.vision.detect._judge import BASE_RIM_SURE, TOKEN_LEAD, _pick_model

CAMERA = TableCamera.looking_down((1920, 1080), tilt_deg=8.0)
GR75 = ShipPose("s", "gr-75-medium-transports", 1, 1718.5, 711.8, 124.0)


@pytest.mark.parametrize("seed", [2, 4])
def test_a_small_ship_on_wood_with_its_miniature_over_a_long_side_is_its_base(catalog, seed):
    # Before: found as a token fit across the base, 6.5 mm off on both seeds.
    opt = synth.RenderOptions(mat="wood", light=0.3)
    frame = synth.render(Scene((GR75,)), CAMERA, catalog, opt, seed=seed)
    empty = synth.render(Scene(), CAMERA, catalog, opt, seed=seed, noise_seed=7)
    det = Detector(catalog, CAMERA, background=BackgroundModel.learn(empty.image)).detect(
        frame.image)
    assert not det.obstacles and len(det.ships) == 1
    s = det.ships[0]
    assert s.size_class == "small"
    assert math.hypot(s.x_mm - GR75.x_mm, s.y_mm - GR75.y_mm) < 2.0
    assert abs((s.heading_deg - GR75.heading_deg + 90.0) % 180.0 - 90.0) < 1.0


def _fit(token: bool, merit: float, rim: float) -> Fit:
    return Fit("rect", "small", 0.0, 0.0, 0.0, merit, 1.0, 0.3, (71.0, 43.0), 5.0,
               token_offset_mm=0.0 if token else None, rim=rim)


@pytest.mark.parametrize("lead, rim, token_wins", [
    (TOKEN_LEAD - 0.02, BASE_RIM_SURE + 0.05, False),   # the rim seen, the token about as good
    (TOKEN_LEAD + 0.02, BASE_RIM_SURE + 0.05, True),    # the token sees a corner's worth more
    (0.02, BASE_RIM_SURE - 0.05, True),                 # no rim: the higher merit
    (-0.02, BASE_RIM_SURE - 0.05, False),
    (0.02, float("nan"), True),                         # rim not measured
])
def test_base_or_token_of_one_size(lead, rim, token_wins):
    base = (_fit(False, 0.6, rim), "rect", "base", None)
    tok = (_fit(True, 0.6 + lead, float("nan")), "rect", "token", None)
    best = {("rect", "small", False): base, ("rect", "small", True): tok}
    if rim >= BASE_RIM_SURE:
        best["rect", "small", "rim"] = base
    picked = _pick_model(best)
    assert list(picked) == [("rect", "small")]
    assert picked["rect", "small"][2] == ("token" if token_wins else "base")


def test_a_size_with_one_model_keeps_it():
    disc = (Fit("circle", "small", 1.0, 2.0, 0.0, 0.7, 1.0, 0.2, (41.0, 41.0), 5.0), "circle",
            "disc", None)
    assert _pick_model({("circle", "small", False): disc}) == {("circle", "small"): disc}


def test_a_base_showing_its_rim_beats_a_base_fit_without_it_that_sees_a_little_more():
    # A large base at the corner on wood: the fit 3 mm off (rim 0.49) saw 0.02 more of its
    # outline than the one within 1 mm (rim 1.0); the token fit across it led both by < 0.1.
    off = (_fit(False, 0.74, 0.49), "rect", "off", None)
    on = (_fit(False, 0.72, 1.0), "rect", "on", None)
    tok = (_fit(True, 0.81, float("nan")), "rect", "token", None)
    best = {("rect", "small", False): off, ("rect", "small", True): tok,
            ("rect", "small", "rim"): on}
    assert _pick_model(best)["rect", "small"][2] == "on"
    tok = (_fit(True, 0.72 + TOKEN_LEAD + 0.01, float("nan")), "rect", "token", None)
    best["rect", "small", True] = tok
    assert _pick_model(best)["rect", "small"][2] == "token"
