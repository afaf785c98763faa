"""The compiled refits (_fitjit) are the numpy reference refits (_fit) made faster: the same
pose from the same contour, and both recover a known base or disc from its noisy outline."""

from __future__ import annotations

import math

import numpy as np
import pytest

from armada_vision.vision.detect import _fit, _fitjit

NADIR = np.array([900.0, 450.0])


def _rect_outline(x, y, deg, length, width, n=240):
    """Points along a length x width rectangle's outline (N, 2) mm."""
    t = np.linspace(0.0, 1.0, n, endpoint=False)
    per = 2 * (length + width)
    s = t * per
    a, b = length / 2, width / 2
    pts = np.empty((n, 2))
    for i, d in enumerate(s):
        if d < length:
            pts[i] = (-a + d, -b)
        elif d < length + width:
            pts[i] = (a, -b + d - length)
        elif d < 2 * length + width:
            pts[i] = (a - (d - length - width), b)
        else:
            pts[i] = (-a, b - (d - 2 * length - width))
    c, s_ = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    return pts @ np.array([[c, s_], [-s_, c]]) + (x, y)


@pytest.mark.parametrize("walls", [True, False, (True, False), (False, True)])
def test_the_compiled_rectangle_refit_is_the_reference_one(walls):
    rng = np.random.default_rng(3)
    for _ in range(20):
        x, y, deg = rng.uniform(100, 1700), rng.uniform(100, 800), rng.uniform(0, 180)
        top = _rect_outline(x, y, deg, 70.0, 43.0) + rng.normal(0, 0.3, (240, 2))
        foot = top + rng.normal(0, 0.5, (240, 2))
        keep = rng.random(240) > 0.3  # a miniature hides part of the outline
        start = (x + rng.normal(0, 2), y + rng.normal(0, 2), deg + rng.normal(0, 2))
        ref = _fit.refine_rect(start, 70.0, 43.0, foot[keep], top[keep], NADIR, walls=walls)
        jit = _fitjit.refine_rect(start, 70.0, 43.0, foot[keep], top[keep], NADIR, walls=walls)
        assert np.allclose(ref[0], jit[0], atol=1e-6)
        assert ref[1] == pytest.approx(jit[1], abs=1e-9) and ref[2] == jit[2]


def test_the_compiled_rectangle_refit_finds_the_base():
    rng = np.random.default_rng(4)
    top = _rect_outline(600.0, 300.0, 30.0, 70.0, 43.0) + rng.normal(0, 0.2, (240, 2))
    pose, rms, used = _fitjit.refine_rect((603.0, 298.0, 32.0), 70.0, 43.0, top, top, NADIR,
                                          walls=False)
    assert math.hypot(pose[0] - 600.0, pose[1] - 300.0) < 0.1 and abs(pose[2] - 30.0) < 0.2
    assert rms < 0.3 and used > 0.95


def test_the_compiled_circle_refit_is_the_reference_one_and_finds_the_disc():
    rng = np.random.default_rng(5)
    for _ in range(20):
        cx, cy, r = rng.uniform(100, 1700), rng.uniform(100, 800), 17.5
        a = rng.uniform(0, 2 * math.pi, 150)
        top = np.column_stack([cx + r * np.cos(a), cy + r * np.sin(a)]) + rng.normal(0, 0.3,
                                                                                     (150, 2))
        foot = top + rng.normal(0, 0.4, (150, 2))
        start = (cx + rng.normal(0, 1.5), cy + rng.normal(0, 1.5))
        ref = _fit.refine_circle(start, r, foot, top, NADIR)
        jit = _fitjit.refine_circle(start, r, foot, top, NADIR)
        assert np.allclose(ref[0], jit[0], atol=1e-6) and ref[3] == pytest.approx(jit[3], abs=1e-6)
        assert ref[1] == pytest.approx(jit[1], abs=1e-9) and ref[2] == jit[2]
        assert math.hypot(jit[0][0] - cx, jit[0][1] - cy) < 0.5


_WARM_PROBE = """
import json
import numpy as np
from armada_vision.vision.detect import _fitjit, compile_kernels
assert compile_kernels() == 5
count = lambda: [len(_fitjit._refine_rect.signatures), len(_fitjit._refine_circle.signatures)]
before = count()
# the detector's own kinds of input: float32 contours from OpenCV, numpy scalars, other sizes
pts = (np.random.default_rng(1).normal(size=(300, 2)) * 30 + 500).astype(np.float32)
_fitjit.refine_rect(np.array([500.0, 500.0, 10.0]), np.float64(70.0), 43.0, pts, pts[::2],
                    np.array([900, 450]), walls=False)
_fitjit.refine_circle(np.array([500.0, 500.0]), 12.5, pts, pts, (900.0, 450.0), walls=True)
print(json.dumps({"before": before, "after": count()}))
"""


def test_the_warm_up_compiles_every_refit_the_detector_calls():
    # a fresh process: in this one the tests above have compiled the refits already
    import json
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", _WARM_PROBE], capture_output=True, text=True,
                         timeout=600, check=True).stdout
    res = json.loads(out.strip().splitlines()[-1])
    assert res["before"] == [1, 1]
    assert res["after"] == res["before"]
