"""Coarse-to-fine foreground: find blobs on a downscaled frame, then cut each blob's region out
of the full-resolution frame and segment it there. Whole-frame arithmetic runs on 1/16 of the
pixels; full resolution is spent only around pieces (cv-notes 3.6).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from ._background import BackgroundModel, _as_float, compare, threshold
from ._blobs import Blob, clean_mask, find_blobs, thin_dark
from ._darktoken import dark_candidates


@dataclass
class FineBlob:
    """A blob segmented at full resolution: ``blob`` in full-frame px, ``distance`` the colour
    distance image of its region (for sub-pixel edges), whose top-left corner is ``offset``;
    ``image`` the same region of the (slightly blurred) frame, float32 BGR (edge polarity);
    ``token_distance`` the colour distance less what a cast shadow can do
    (:func:`shadowless_distance`: an obstacle token's own edges)."""

    blob: Blob
    distance: np.ndarray
    offset: tuple[int, int]
    image: np.ndarray | None = None
    token_distance: np.ndarray | None = None


def coarse_pass(image_bgr: np.ndarray, bg: BackgroundModel, roi: np.ndarray, factor: int,
                open_px: int, min_area_px: float, small: np.ndarray | None = None,
                roi_small: np.ndarray | None = None):
    """Blobs of the frame at 1/``factor`` size. Returns ``(small_image, blobs, gains, roi_small,
    scale)`` with blob coordinates in small px (``scale``: the residual scale measured, grey
    levels, see :func:`compare`); ``small`` is the frame already reduced (INTER_AREA),
    ``roi_small`` the searched area already reduced (:func:`reduce_roi`)."""
    h, w = image_bgr.shape[:2]
    if small is None:
        small = reduce(image_bgr, factor)
    bgs = bg.downscaled(factor)
    fs = _as_float(small, "frame")
    gains = bgs.illumination(fs)
    score, alpha, _, scale = compare(fs, bgs.mean_bgr, bgs.texture, gains, bgs.noise_sigma,
                                     spread=bgs.spread, distance=False)
    mask = threshold(score, alpha, bgs.dark_ratio, bgs.bright_ratio)
    roi_s = reduce_roi(roi, factor) if roi_small is None else roi_small
    mask = cv2.bitwise_and(mask, roi_s)
    mask = clean_mask(mask, max(open_px // factor, 1))
    return small, find_blobs(mask, min_area_px / factor ** 2), gains, roi_s, scale


def coarse_window(image_bgr: np.ndarray, bg: BackgroundModel, roi: np.ndarray, factor: int,
                  open_px: int, min_area_px: float, small: np.ndarray,
                  windows: list[tuple[int, int, int, int]], clear_px: int,
                  scale: float | None = None, near_side: list | None = None, cut=None,
                  roi_small: np.ndarray | None = None):
    """:func:`coarse_pass` restricted to ``windows`` (disjoint (x, y, w, h) small px): the
    blobs inside them. The illumination gains are measured on a crop around each window
    (the whole frame's there, bit for bit: :meth:`BackgroundModel.illumination_box`; they
    are 1 elsewhere); the residual scale is ``scale`` (grey levels, from an earlier frame:
    measured over the whole table it barely moves while pieces stand still) or, if ``None``,
    measured on every other pixel of the whole frame (which needs the whole frame's gains:
    the blobs are then the whole frame's). Returns what :func:`coarse_pass` does, or ``None``
    when a blob comes within ``clear_px`` of a window side inside the frame (it may reach
    outside: the caller grows the window there or runs the whole frame; the boxes of such
    blobs, (x, y, w, h) small px, are appended to ``near_side`` when given). A blob at a side
    for which ``cut(box)`` (its box, small px) is true is left out instead: a still piece
    the window cut, which the caller keeps as it was. ``roi_small``: the searched area
    already reduced (:func:`reduce_roi`)."""
    bgs = bg.downscaled(factor)
    spread = bgs.spread
    roi_s = reduce_roi(roi, factor) if roi_small is None else roi_small
    H, W = roi_s.shape[:2]
    crops = [bgs.illumination_box(win) for win in windows] if scale is not None else [None]
    if any(c is None for c in crops):
        fs = _as_float(small, "frame")
        gains = bgs.illumination(fs)
        every = np.s_[::2, ::2]
        _, _, _, scale = compare(
            np.ascontiguousarray(fs[every]), np.ascontiguousarray(bgs.mean_bgr[every]),
            np.ascontiguousarray(bgs.texture[every]), np.ascontiguousarray(gains[every]),
            bgs.noise_sigma, scale_from=np.ones(fs[every].shape[:2], bool),
            spread=None if spread is None else np.ascontiguousarray(spread[every]),
            distance=False)
        parts = [fs[y:y + hh, x:x + ww] for x, y, ww, hh in windows]
    else:
        gains = np.ones((H, W, 3), np.float32)
        parts = []
        for (x, y, ww, hh), (cx, cy, cw, ch) in zip(windows, crops):
            fc = _blurred_crop(small, (cx, cy, cw, ch))
            gains[y:y + hh, x:x + ww] = bgs.illumination(fc, at=(cx, cy))[
                y - cy:y - cy + hh, x - cx:x - cx + ww]
            parts.append(fc[y - cy:y - cy + hh, x - cx:x - cx + ww])
    out = []
    for (x, y, ww, hh), fw in zip(windows, parts):
        win = np.s_[y:y + hh, x:x + ww]
        score, alpha, _, _ = compare(fw, bgs.mean_bgr[win], bgs.texture[win], gains[win],
                                     bgs.noise_sigma, scale=scale,
                                     spread=None if spread is None else spread[win],
                                     distance=False)
        mask = cv2.bitwise_and(threshold(score, alpha, bgs.dark_ratio, bgs.bright_ratio),
                               roi_s[win])
        mask = clean_mask(mask, max(open_px // factor, 1))
        for b in find_blobs(mask, min_area_px / factor ** 2):
            bx, by, bw, bh = b.bbox
            gx, gy = bx + x, by + y
            if ((x > 0 and bx < clear_px) or (y > 0 and by < clear_px)
                    or (x + ww < W and bx + bw > ww - clear_px)
                    or (y + hh < H and by + bh > hh - clear_px)):
                if cut is not None and cut((gx, gy, bw, bh)):
                    continue
                if near_side is None:
                    return None
                near_side.append((gx, gy, bw, bh))
                continue
            edge = gx <= 2 or gy <= 2 or gx + bw >= W - 2 or gy + bh >= H - 2
            out.append(Blob(b.contour_px + (x, y), b.area_px, (gx, gy, bw, bh), edge, b.mask))
    if near_side:
        return None
    out.sort(key=lambda b: -b.area_px)
    return small, out, gains, roi_s, scale


def reduce_roi(roi: np.ndarray, factor: int) -> np.ndarray:
    """The searched area (H, W) uint8 at 1/``factor`` size (nearest pixel)."""
    h, w = roi.shape[:2]
    return cv2.resize(roi, (w // factor, h // factor), interpolation=cv2.INTER_NEAREST)


def _blurred_crop(image: np.ndarray, box: tuple[int, int, int, int]) -> np.ndarray:
    """``_as_float`` of the whole image, cut to ``box`` (x, y, w, h px), computed on the box
    and a few pixels around it only (the blur's reach)."""
    x, y, w, h = box
    H, W = image.shape[:2]
    m = 4
    x0, y0, x1, y1 = max(x - m, 0), max(y - m, 0), min(x + w + m, W), min(y + h + m, H)
    f = _as_float(np.ascontiguousarray(image[y0:y1, x0:x1]), "frame")
    return f[y - y0:y - y0 + h, x - x0:x - x0 + w]


def reduce(image_bgr: np.ndarray, factor: int) -> np.ndarray:
    """The frame at 1/``factor`` size (pixel-area averaging, ``INTER_AREA``), (H // factor,
    W // factor, 3).

    At an odd integer factor that divides both sides the mean of each ``factor`` x ``factor``
    block, rounded, is the box filter's value at the block's corner: OpenCV's ``INTER_AREA``
    has no vectorised path for 3 (2.8 ms at 1080p, every live frame), the box filter gives the
    same bytes in 1.3 ms (an odd block's mean is never half-way between two levels; even
    factors round ties differently and have a fast ``INTER_AREA`` of their own). The block
    corners are picked by ``INTER_NEAREST`` (source pixel ``factor * x``, the same bytes as
    ``box[::factor, ::factor]``): 0.2 ms where numpy's strided copy took 0.9 (1080p, one core)."""
    h, w = image_bgr.shape[:2]
    if factor > 1 and factor % 2 and h % factor == 0 and w % factor == 0:
        box = cv2.boxFilter(image_bgr, -1, (factor, factor), anchor=(0, 0),
                            borderType=cv2.BORDER_REPLICATE)
        return cv2.resize(box, (w // factor, h // factor), interpolation=cv2.INTER_NEAREST)
    return cv2.resize(image_bgr, (w // factor, h // factor), interpolation=cv2.INTER_AREA)


def fine_blobs(image_bgr: np.ndarray, bg: BackgroundModel, roi: np.ndarray, coarse: Blob,
               gains_small: np.ndarray, factor: int, open_px: int, min_area_px: float,
               margin_px: int = 12, dark: list | None = None,
               others: list | None = None) -> list[FineBlob]:
    """The full-resolution blobs inside one coarse blob's region. ``dark``: when given, the
    candidate tokens of the mat's hue there (:func:`._darktoken.dark_candidates`, among the
    coarse blobs ``others``) are appended to it as :class:`FineBlob`."""
    H, W = image_bgr.shape[:2]
    x, y, w, h = coarse.bbox
    x0, y0 = max(x * factor - margin_px, 0), max(y * factor - margin_px, 0)
    x1, y1 = min((x + w) * factor + margin_px, W), min((y + h) * factor + margin_px, H)
    f = _as_float(np.ascontiguousarray(image_bgr[y0:y1, x0:x1]), "frame")
    gs = gains_small[y0 // factor:-(-y1 // factor), x0 // factor:-(-x1 // factor)]
    sy, sx = y0 // factor * factor, x0 // factor * factor
    g_full = cv2.resize(gs, (gs.shape[1] * factor, gs.shape[0] * factor),
                        interpolation=cv2.INTER_LINEAR)
    g = g_full[y0 - sy:y0 - sy + (y1 - y0), x0 - sx:x0 - sx + (x1 - x0)]
    if g.shape[:2] != f.shape[:2]:  # at the image's right/bottom edge
        g = cv2.resize(g_full, (x1 - x0, y1 - y0), interpolation=cv2.INTER_LINEAR)
    # The coarse blob, at full size, marks the piece; the rest of the region is mat, whose
    # residual sets the noise scale here.
    cm = np.zeros((y1 - y0, x1 - x0), np.uint8)
    up = cv2.resize(coarse.mask, (w * factor, h * factor), interpolation=cv2.INTER_NEAREST)
    ox, oy = x * factor - x0, y * factor - y0
    cm[max(oy, 0):oy + up.shape[0], max(ox, 0):ox + up.shape[1]] = up[
        max(-oy, 0):max(-oy, 0) + cm.shape[0] - max(oy, 0),
        max(-ox, 0):max(-ox, 0) + cm.shape[1] - max(ox, 0)]
    grown = cv2.dilate(cm, np.ones((2 * factor + 1, 2 * factor + 1), np.uint8))
    score, alpha, dist, _ = compare(f, bg.mean_bgr[y0:y1, x0:x1], bg.texture[y0:y1, x0:x1], g,
                                    bg.noise_sigma, scale_from=grown == 0,
                                    spread=None if bg.spread is None else bg.spread[y0:y1, x0:x1])
    mask = threshold(score, alpha, bg.dark_ratio, bg.bright_ratio)
    relit = g * bg.mean_bgr[y0:y1, x0:x1]
    # A black rim or wall 1-2 px wide, which the blur above lifts out of the dark test: with
    # it the base's outline closes and clean_mask fills a print of the mat's hue inside it.
    mask = cv2.bitwise_or(mask, thin_dark(image_bgr[y0:y1, x0:x1], relit,
                                          bg.texture[y0:y1, x0:x1], bg.noise_sigma,
                                          bg.dark_ratio))
    mask = cv2.bitwise_and(mask, roi[y0:y1, x0:x1])
    mask = clean_mask(mask, open_px)
    out = []
    token = None
    for b in find_blobs(mask, min_area_px):
        if not _overlaps(b, grown):
            continue  # a neighbour reaching into this region: found from its own blob
        bx, by, bw, bh = b.bbox
        gb = (bx + x0, by + y0, bw, bh)
        edge = gb[0] <= 2 or gb[1] <= 2 or gb[0] + bw >= W - 2 or gb[1] + bh >= H - 2
        blob = Blob(b.contour_px + (x0, y0), b.area_px, gb, edge, b.mask)
        if token is None:
            token = shadowless_distance(f, relit, alpha, bg.dark_ratio)
        out.append(FineBlob(blob, dist, (x0, y0), f, token))
    if dark is not None:
        for b in dark_candidates(alpha, mask, roi[y0:y1, x0:x1], open_px, min_area_px,
                                 (x0, y0), coarse, others or [coarse], factor):
            dark.append(FineBlob(b, dist, (x0, y0), f))
    return out


def shadowless_distance(f: np.ndarray, relit: np.ndarray, alpha: np.ndarray,
                        dark_ratio: float) -> np.ndarray:
    """Colour distance (h, w) float32, grey levels, of the blurred frame ``f`` from the relit
    background ``relit`` (both (h, w, 3) float32) darkened as a cast shadow would darken it:
    by the pixel's own brightness ratio ``alpha`` (h, w), down to ``dark_ratio`` at most (the
    darkest shadow the foreground test allows for). A shadow on the mat scores ~0 (only its
    colour change counts), a token's print its difference in colour plus any darkening past
    ``dark_ratio``, a lighter one its whole difference. The soft shadow round an obstacle
    token (2-3 px on the rendered cloth and wood) made the plain distance's steepest fall
    lie at the shadow's outer edge: blob outlines 1.5-3.6 mm outside the token there."""
    shade = np.clip(alpha, dark_ratio, 1.0)[..., None]
    diff = f - shade * relit
    return np.sqrt(cv2.transform(diff * diff, np.ones((1, 3), np.float32)))


def _overlaps(b: Blob, grown: np.ndarray) -> bool:
    x, y, w, h = b.bbox
    return bool((grown[y:y + h, x:x + w][b.mask > 0] > 0).mean() > 0.5)
