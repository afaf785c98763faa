"""Where a reduced frame differs from a reference frame beyond lighting drift and noise
(the live path's first look, :mod:`._live`). Images are (h, w, 3) BGR uint8 at the coarse
pass's 1/``factor`` size; masks (h, w) bool."""

from __future__ import annotations

import cv2
import numpy as np

from ._livebox import _hist, _median, _percentile

# A reduced-frame pixel changed when it differs from its reference by this many robust noise
# scales (the 90th percentile of the absolute difference over the table / 1.645: the median is
# 0 on quantised, averaged pixels), and at least MIN_CHANGE_LEVEL grey levels (the tail of JPEG
# noise: up to ~10 levels on 1 px in 10^5), and it has a changed neighbour: a moved edge changes
# a run of pixels, noise single ones.
CHANGE_SIGMAS = 6.0
MIN_CHANGE_LEVEL = 8.0
# Near edges (print, a miniature's outline) JPEG ringing and noise move pixels more: there the
# threshold grows by this fraction of the reference's gradient (grey levels per px), so a piece
# must have moved by ~0.3 reduced px (~1 mm at 1080p) before its edges count as changed.
TEXTURE_FRACTION = 0.3


class ChangeMap:
    """``changes = ChangeMap(factor)(small, roi, ref)``: where ``small`` differs from ``ref``,
    (h, w) bool inside ``roi`` (h, w bool). A pixel changed when it differs from the
    reference, relit by a global per-channel gain (webcam exposure drift: the ratio of the
    medians over the table), by ``CHANGE_SIGMAS`` robust noise scales plus
    ``TEXTURE_FRACTION`` of the reference's gradient, at least ``MIN_CHANGE_LEVEL``, and a
    neighbour changed too. Statistics are taken on every 4th pixel each way, from histograms
    (the medians and percentile numpy gives, without sorting). What depends on the
    reference alone is kept for the references passed as ``keep``."""

    def __init__(self, factor: int):
        # Noise is averaged over ~3 x 3 full-resolution pixels, whatever the reduction.
        self.k = max(int(round(3 / factor)), 1)
        self._aux: dict = {}  # id(reference) -> (reference, blur, edge allowance, histograms)
        self._sub = None

    def __call__(self, small: np.ndarray, roi: np.ndarray, ref: np.ndarray,
                 keep: tuple = ()) -> np.ndarray:
        mask = self._sub_mask(roi)
        _, ref, tex, ref_hist = self._aux_for(ref, mask, keep)
        if self.k > 1:
            small = cv2.blur(small, (self.k, self.k))
        gain = _gain(np.ascontiguousarray(small[::4, ::4]), mask, ref_hist)
        if gain is None:
            return np.zeros(roi.shape, bool)
        relit = cv2.transform(ref, np.diag(gain))  # uint8, saturated
        b, g, r = cv2.split(cv2.absdiff(small, relit))
        diff = cv2.max(cv2.max(b, g), r)
        scale = _percentile(_hist(diff[::4, ::4], mask)[0], 90) / 1.645
        thr = tex + max(CHANGE_SIGMAS * scale, MIN_CHANGE_LEVEL)
        hit = ((diff > thr) & roi).astype(np.uint8)
        # 3x3 sum: the pixel and at least one of its neighbours.
        both = cv2.boxFilter(hit, cv2.CV_16U, (3, 3), normalize=False) >= 2
        return both & (hit > 0)

    def _aux_for(self, ref: np.ndarray, mask: np.ndarray, keep: tuple) -> tuple:
        aux = self._aux.get(id(ref))
        if aux is None or aux[0] is not ref:
            keep = (ref, *keep)
            self._aux = {k: v for k, v in self._aux.items() if any(v[0] is r for r in keep)}
            blur = cv2.blur(ref, (self.k, self.k)) if self.k > 1 else ref
            grey = cv2.cvtColor(blur, cv2.COLOR_BGR2GRAY)
            mag = cv2.magnitude(cv2.Sobel(grey, cv2.CV_32F, 1, 0, ksize=3),
                                cv2.Sobel(grey, cv2.CV_32F, 0, 1, ksize=3)) * (1.0 / 8.0)
            tex = cv2.dilate(mag, np.ones((3, 3), np.uint8)) * TEXTURE_FRACTION
            aux = self._aux[id(ref)] = (ref, blur, tex, _hist(blur[::4, ::4], mask))
        return aux

    def _sub_mask(self, roi: np.ndarray) -> np.ndarray:
        """The play area on every 4th pixel each way, uint8 (for histograms)."""
        if self._sub is None or self._sub[0] is not roi:
            self._sub = (roi, np.ascontiguousarray(roi[::4, ::4]).astype(np.uint8))
        return self._sub[1]


def _gain(cur_sub: np.ndarray, mask: np.ndarray, ref_hist: np.ndarray):
    """Per-channel gain (3,) float32 of the subsampled frame over the reference: the ratio
    of their medians over the table (``None`` when no pixel is on it)."""
    if not ref_hist[0].any():
        return None
    med_c = np.array([_median(h) for h in _hist(cur_sub, mask)], np.float32)
    med_r = np.array([_median(h) for h in ref_hist], np.float32)
    return (med_c / np.maximum(med_r, np.float32(1.0))).astype(np.float32)
