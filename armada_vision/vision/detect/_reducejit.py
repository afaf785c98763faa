"""The frame at 1/``factor`` size by pixel-area averaging, compiled: what
``cv2.resize(image, (W // factor, H // factor), interpolation=cv2.INTER_AREA)`` gives, bit for
bit, for a frame whose sides are multiples of ``factor``.

Every live frame is reduced before anything else (the change map compares the reduced frame
with its reference). OpenCV's integer-factor area path has vector code for a factor of 2 only;
at 3 (1080p) it reads the 9 pixels of each block through an offset table, ~3.5-4 ms a 1080p
frame on this machine, where this kernel's column sums and table lookup take ~0.8 ms.

OpenCV's integer-factor path maps each block's sum alone to the output (``sum * (1 / f^2)``
rounded, or ``(sum + 2) >> 2`` at 2): the table of that map is read off ``cv2.resize`` itself
(:func:`area_table`), so the kernel gives what the installed OpenCV gives.
"""

from __future__ import annotations

import cv2
import numpy as np

from armada_vision._jit import kernel

_TABLES: dict[int, np.ndarray] = {}


def area_table(factor: int) -> np.ndarray:
    """``cv2.resize``'s INTER_AREA output (uint8) for each sum 0 .. ``factor**2 * 255`` of a
    ``factor`` x ``factor`` block, ((factor**2 * 255 + 1),) uint8: measured on a one-row image
    holding one block of each sum."""
    table = _TABLES.get(factor)
    if table is None:
        n, k = factor * factor * 255 + 1, factor * factor
        q, r = np.divmod(np.arange(n), k)
        blocks = q[:, None] + (np.arange(k)[None, :] < r[:, None])  # (n, k): sum s each
        img = blocks.reshape(n, factor, factor).transpose(1, 0, 2).reshape(factor, n * factor)
        table = _TABLES[factor] = np.ascontiguousarray(cv2.resize(
            img.astype(np.uint8), (n, 1), interpolation=cv2.INTER_AREA)[0])
    return table


@kernel
def _reduce(img, factor, table):
    """(H, W, C) uint8 with H, W multiples of ``factor`` -> (H / f, W / f, C) uint8: each
    block's sum looked up in ``table`` (:func:`area_table`)."""
    H, W, C = img.shape
    h, w = H // factor, W // factor
    flat = img.reshape(H, W * C)
    out = np.empty((h, w * C), np.uint8)
    cols = np.empty(W * C, np.uint16)  # sums over a block's rows, per full-size column
    for y in range(h):
        for i in range(W * C):
            cols[i] = 0
        for dy in range(factor):
            src = flat[factor * y + dy]
            for i in range(W * C):
                cols[i] += np.uint16(src[i])
        row = out[y]
        for x in range(w):
            b = factor * C * x
            for c in range(C):
                s = 0
                for dx in range(factor):
                    s += cols[b + C * dx + c]
                row[C * x + c] = table[s]
    return out.reshape(h, w, C)


def reduce_area(image: np.ndarray, factor: int) -> np.ndarray:
    """``image`` (H, W, C) uint8 at 1/``factor`` size as ``cv2.resize(..., INTER_AREA)`` gives
    it, (H // factor, W // factor, C) uint8: compiled where both sides are multiples of a
    ``factor`` from 3 to 16 (at 2 OpenCV's own code is as fast), by OpenCV otherwise."""
    img = np.asarray(image)
    H, W = img.shape[:2]
    if (img.ndim == 3 and img.dtype == np.uint8 and 3 <= factor <= 16
            and H % factor == 0 and W % factor == 0):
        return _reduce(np.ascontiguousarray(img), int(factor), area_table(int(factor)))
    return cv2.resize(img, (W // factor, H // factor), interpolation=cv2.INTER_AREA)
