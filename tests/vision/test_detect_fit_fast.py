"""The batched scoring of base fits (_fit) gives what the one-at-a-time code gave, value for
value: ``rect_evidence`` against ``score`` / ``seen_corners`` / ``overruns``, and
``side_runs`` / ``rect_hypotheses`` against the plain loops they replaced (kept here as the
reference), on noisy outlines of bases with a bite taken out (a miniature's overhang)."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from armada_vision.vision.detect._fit import (
    MIN_SIDE_RUN_MM,
    _rect_interior,
    _rect_samples,
    overruns,
    rect_evidence,
    rect_hypotheses,
    score,
    seen_corners,
    side_runs,
)
from armada_vision.vision.detect._hypotheses import _corner
from armada_vision.vision.detect._raster import BlobRaster


def _outline(rng, length=102.0, width=63.0, bite=True):
    """A base's outline (N, 2) mm at a random pose, 0.5 mm steps, 0.2 mm noise, and a
    miniature's round overhang over one side."""
    a, b = length / 2, width / 2
    per = []
    for (x0, y0), (x1, y1) in (((-a, -b), (a, -b)), ((a, -b), (a, b)), ((a, b), (-a, b)),
                               ((-a, b), (-a, -b))):
        n = int(math.hypot(x1 - x0, y1 - y0) / 0.5)
        t = np.linspace(0, 1, n, endpoint=False)[:, None]
        per.append(np.column_stack([x0 + (x1 - x0) * t[:, 0], y0 + (y1 - y0) * t[:, 0]]))
    pts = np.vstack(per)
    if bite:  # a bulge over the +y side
        on = (pts[:, 1] > b - 0.1) & (np.abs(pts[:, 0] - 10) < 25)
        pts[on, 1] += 12 * np.sqrt(np.clip(1 - ((pts[on, 0] - 10) / 25) ** 2, 0, 1))
    th = rng.uniform(0, 2 * math.pi)
    c, s = math.cos(th), math.sin(th)
    pts = pts @ np.array([[c, s], [-s, c]]) + rng.uniform(200, 800, 2)
    return pts + rng.normal(0, 0.2, pts.shape), th


def _side_runs_reference(contour_mm):
    pts = contour_mm.astype(np.float32).reshape(-1, 1, 2)
    runs = []
    for eps in (1.2, 2.5, 4.0):
        v = cv2.approxPolyDP(pts, eps, True).reshape(-1, 2).astype(np.float64)
        runs += [(v[i], v[(i + 1) % len(v)]) for i in range(len(v))]
    runs = [r for r in runs if np.linalg.norm(r[1] - r[0]) >= MIN_SIDE_RUN_MM]
    runs.sort(key=lambda r: -np.linalg.norm(r[1] - r[0]))
    return runs


def _rect_hypotheses_reference(runs, raster, length, width):
    a, b = length / 2.0, width / 2.0
    out = []
    for p, q in runs:
        L = float(np.linalg.norm(q - p))
        d = (q - p) / L
        n = np.array([-d[1], d[0]])
        mid = (p + q) / 2.0
        if not raster.is_inside(mid + 2.0 * n) and raster.is_inside(mid - 2.0 * n):
            n = -n
        ang = math.degrees(math.atan2(d[1], d[0]))
        for along, across, axis in ((a, b, ang), (b, a, ang + 90.0)):
            base = mid + n * across
            for off in {0.0, along - L / 2.0, L / 2.0 - along}:
                c = base + d * off
                out.append((c[0], c[1], axis % 180.0))
    for i in range(len(runs)):
        for j in range(i + 1, len(runs)):
            corner = _corner(runs[i], runs[j])
            if corner is None:
                continue
            k, di, dj = corner
            for si, sj in ((length, width), (width, length)):
                c = k + di * si / 2.0 + dj * sj / 2.0
                axis = math.degrees(math.atan2(di[1], di[0])) if si == length else math.degrees(
                    math.atan2(dj[1], dj[0]))
                out.append((c[0], c[1], axis % 180.0))
    return np.array(out, dtype=np.float64).reshape(-1, 3)


@pytest.mark.parametrize("seed", range(6))
def test_runs_and_hypotheses_are_the_plain_loops(seed):
    rng = np.random.default_rng(seed)
    pts, _ = _outline(rng, bite=seed % 2 == 0)
    raster = BlobRaster(pts)
    runs = side_runs(pts)
    ref = _side_runs_reference(pts)
    assert len(runs) == len(ref) >= 4
    for (p, q), (rp, rq) in zip(runs, ref):
        assert np.array_equal(p, rp) and np.array_equal(q, rq)
    for length, width in ((102.0, 63.0), (71.0, 43.0), (129.0, 77.5)):
        got = rect_hypotheses(runs[:12], raster, length, width)
        want = _rect_hypotheses_reference(ref[:12], raster, length, width)
        assert got.shape == want.shape and len(got) > 24  # corners found too
        assert np.array_equal(got, want)


def test_no_runs_give_no_hypotheses():
    raster = BlobRaster(_outline(np.random.default_rng(1))[0])
    assert rect_hypotheses([], raster, 102.0, 63.0).shape == (0, 3)
    assert side_runs(np.zeros((3, 2))) == []


@pytest.mark.parametrize("seed", range(4))
def test_evidence_is_score_corners_and_overruns(seed):
    rng = np.random.default_rng(100 + seed)
    pts, th = _outline(rng)
    raster = BlobRaster(pts)
    centre = pts.mean(axis=0)
    seen = set()
    for k in range(60):
        # around the true pose (most sides seen) and farther off (few)
        spread = 0.5 if k < 30 else 6.0
        pose = np.array([*(centre + rng.normal(0, spread, 2)),
                         math.degrees(th) % 180 + rng.normal(0, spread)])
        for length, width in ((102.0, 63.0), (71.0, 43.0)):
            cov, fill, corners, over = rect_evidence(raster, pose, length, width)
            c2, f2 = score(raster, _rect_samples(length, width, 1.0),
                           _rect_interior(length, width), pose[None])
            assert cov == float(c2[0]) and fill == float(f2[0])
            assert corners == seen_corners(raster, pose, length, width)
            assert over == overruns(raster, pose, length, width)
            seen.add((round(cov, 1), corners))
    assert len(seen) > 5  # poses seen well and badly, with and without corners


def test_cached_samples_are_read_only_and_shared():
    a = _rect_samples(102.0, 63.0, 1.0)
    assert a is _rect_samples(102.0, 63.0, 1.0)
    with pytest.raises(ValueError):
        a[0, 0] = 1.0


def test_every_sample_set_of_a_base_size_is_kept():
    from armada_vision.vision.detect import _fit

    for name in ("_rect_samples", "_rect_interior", "_corner_samples", "_overrun_samples",
                 "_rim_samples", "_evidence_points"):
        fn = getattr(_fit, name)
        assert fn(102.0, 63.0) is fn(102.0, 63.0), name
