"""The change map's statistics come from histograms; they must be the very numbers numpy's
median and percentile give (the change threshold, and so the live path's decisions, would
otherwise drift from what was measured and documented)."""

from __future__ import annotations

import numpy as np

from armada_vision.vision.detect._livebox import _hist, _median, _percentile


def test_histogram_median_and_percentile_are_numpys():
    rng = np.random.default_rng(7)
    for _ in range(300):
        h, w = (int(v) for v in rng.integers(3, 40, 2))
        img = rng.integers(0, int(rng.integers(1, 256)), (h, w, 3)).astype(np.uint8)
        mask = (rng.random((h, w)) < 0.2 + 0.8 * rng.random()).astype(np.uint8)
        if not mask.any():
            continue
        hist = _hist(img, mask)
        values = img[mask > 0]
        assert np.array_equal(np.array([_median(c) for c in hist], np.float32),
                              np.median(values.astype(np.float32), axis=0))
        for q in (10.0, 50.0, 90.0, 99.5):
            assert _percentile(hist[1], q) == np.percentile(values[:, 1], q)
