"""The compiled per-pixel arithmetic of the foreground test (_comparejit) gives what the numpy
reference gives: the same score, brightness scale, colour distance and residual scale, and the
same illumination gains; and the detector's warm-up compiles every kernel it calls."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from armada_vision.scene import Scene, ShipPose, SquadronPose
from armada_vision.vision import synth
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.detect import BackgroundModel, _comparejit
from armada_vision.vision.detect._background import _as_float, compare, compare_numpy

CAMERA = TableCamera.looking_down((1920, 1080), tilt_deg=4.0)


@pytest.fixture(scope="module")
def frame(catalog):
    opt = synth.RenderOptions(mat="wood", light=0.35, hands=((900.0, 450.0),))
    scene = Scene((ShipPose("cr90", "cr90-corvette-a", 1, 600.0, 450.0, 30.0),),
                  (SquadronPose("tie", "tie-fighter-squadron", 2, 1200.0, 300.0),), ())
    img = synth.render(scene, CAMERA, catalog, opt, seed=43, noise_seed=1).image
    empty = synth.render(Scene(play_area_mm=scene.play_area_mm), CAMERA, catalog,
                         synth.RenderOptions(mat="wood", light=0.35), seed=43, noise_seed=2).image
    return img, BackgroundModel.learn(empty)


@pytest.mark.parametrize("with_spread", [False, True])
@pytest.mark.parametrize("distance", [False, True])
def test_compiled_compare_is_the_numpy_reference(frame, with_spread, distance):
    img, bg = frame
    f = _as_float(cv2.resize(img, (640, 360), interpolation=cv2.INTER_AREA), "frame")
    model = bg.downscaled(3)
    gains = model.illumination(f)
    spread = (np.random.default_rng(0).uniform(1.0, 2.0, f.shape[:2]).astype(np.float32)
              if with_spread else None)
    got = compare(f, model.mean_bgr, model.texture, gains, model.noise_sigma, spread=spread,
                  distance=distance)
    ref = compare_numpy(f, model.mean_bgr, model.texture, gains, model.noise_sigma,
                        spread=spread, distance=distance)
    assert got[3] == pytest.approx(ref[3], rel=1e-6)
    for a, b in zip(got[:3], ref[:3]):
        if b is None:
            assert a is None
            continue
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-4)
    assert ref[0].max() > 20.0  # the hand and the pieces are in it: not a flat comparison


def test_compiled_illumination_planes_are_numpys(frame):
    img, bg = frame
    f = _as_float(img, "frame")
    planes = _comparejit.ratio_planes(f, bg.mean_bgr, 0, 0)
    ratio = f / np.maximum(bg.mean_bgr, 4.0)
    for c in range(3):
        np.testing.assert_array_equal(
            planes[c], np.clip(ratio[..., c] * 64.0, 0, 255).astype(np.uint8))


_WARM_PROBE = """
import json
import numpy as np
from armada_vision.vision.detect import BackgroundModel, _comparejit, compile_kernels
from armada_vision.vision.detect._background import _as_float, compare
assert compile_kernels() == 5
kernels = (_comparejit.distortion, _comparejit.scaled, _comparejit.ratio_planes)
before = [len(k.signatures) for k in kernels]
img = (np.random.default_rng(1).uniform(0, 255, (120, 160, 3))).astype(np.uint8)
bg = BackgroundModel.learn(img)
f = _as_float(img, "frame")
g = bg.illumination(f)
g2 = bg.illumination(f[10:50, 20:80], at=(20, 10))
compare(f[10:50, 20:80], bg.mean_bgr[10:50, 20:80], bg.texture[10:50, 20:80], g2, 1.0,
        scale=2.0, distance=True)
compare(f, bg.mean_bgr, bg.texture, g, 1.0, spread=np.ones((120, 160)), distance=False)
print(json.dumps({"before": before, "after": [len(k.signatures) for k in kernels]}))
"""


def test_the_warm_up_compiles_every_kernel_the_comparison_calls():
    # a fresh process: in this one the tests above have compiled the kernels already
    import json
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", _WARM_PROBE], capture_output=True, text=True,
                         timeout=600, check=True).stdout
    res = json.loads(out.strip().splitlines()[-1])
    assert res["before"] == [1, 1, 1]
    assert res["after"] == res["before"]
