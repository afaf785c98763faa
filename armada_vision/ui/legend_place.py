"""Where the overlay legend goes: never over a calibration marker (no Qt; widget px).

The markers sit around the table, outside the play area; the legend box used to sit at the
picture's top-left corner, right over one of them. Now, in order of preference:

1. a letterbox band of the widget (above/below or beside the picture) big enough for the box:
   it then covers nothing of the picture;
2. a place *inside* the projected play area (markers are outside it): its corners, or a quarter,
   half or three quarters along one of its edges (a full table left every corner with a
   ship under it in the demo), the one whose box covers the fewest drawn pieces, corners
   first among equals;
3. without a play area (no camera yet), the picture's top-left corner as before.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

import numpy as np

MARGIN_PX = 8.0
Rect = tuple[float, float, float, float]  # x, y, width, height (widget px)
# insets (across, down) px tried from a corner of the play area, the smallest first
_STEPS = [MARGIN_PX * k for k in range(1, 33)]
INSETS = sorted(((ix, iy) for ix in _STEPS for iy in _STEPS), key=lambda t: (t[0] + t[1], t))


def _inside(poly: np.ndarray, pts: np.ndarray) -> bool:
    """Every point of ``pts`` (N, 2) inside the convex polygon ``poly`` (M, 2), either winding."""
    edges = np.roll(poly, -1, axis=0) - poly
    rel = pts[:, None, :] - poly[None, :, :]
    cross = edges[None, :, 0] * rel[:, :, 1] - edges[None, :, 1] * rel[:, :, 0]
    return bool(np.all(cross >= 0) or np.all(cross <= 0))


def _corners(r: Rect) -> np.ndarray:
    x, y, w, h = r
    return np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], dtype=np.float64)


def _covered(r: Rect, boxes: np.ndarray) -> int:
    """How many of ``boxes`` (K, 4) x, y, w, h the rectangle ``r`` overlaps (open edges:
    boxes that only touch do not count)."""
    bx, by, bw, bh = boxes.T
    return int(np.count_nonzero((r[0] < bx + bw) & (bx < r[0] + r[2]) & (r[1] < by + bh) & (by < r[1] + r[3])))


def _in_play_area(size: tuple[float, float], quad: np.ndarray) -> list[tuple[Rect, bool]]:
    """(box, is a corner) for boxes of ``size`` in each corner of the play area ``quad`` (4, 2), then at a quarter, half
    and three quarters along each edge, pushed inwards (across and down separately, as little
    as possible) until the whole box is inside: perspective slants the edges. Kept per size
    and play area (the search tried up to ~1000 insets per place at every new overlay, ~0.3
    ms; both change only with the camera or the legend)."""
    return list(_in_play_area_cached((float(size[0]), float(size[1])),
                                     tuple(map(float, np.asarray(quad, dtype=np.float64).ravel()))))


@lru_cache(maxsize=64)
def _in_play_area_cached(size: tuple[float, float],
                         quad_flat: tuple[float, ...]) -> tuple[tuple[Rect, bool], ...]:
    quad = np.asarray(quad_flat, dtype=np.float64).reshape(4, 2)
    w, h = size
    centre = quad.mean(axis=0)
    out = []
    for q in quad:
        sx = 1.0 if centre[0] > q[0] else -1.0  # towards the centre
        sy = 1.0 if centre[1] > q[1] else -1.0
        for ix, iy in INSETS:
            x = q[0] + sx * ix - (w if sx < 0 else 0.0)
            y = q[1] + sy * iy - (h if sy < 0 else 0.0)
            r = (float(x), float(y), w, h)
            if _inside(quad, _corners(r)):
                out.append((r, True))
                break
    for a, b in zip(quad, np.roll(quad, -1, axis=0)):
        for t in (0.25, 0.5, 0.75):
            q = a + t * (b - a)
            inward = centre - q
            for step in _STEPS:  # from the edge's point towards the centre, box centred there
                cx, cy = q + inward * min(1.0, step / max(float(np.hypot(*inward)), 1e-9))
                r = (float(cx - w / 2), float(cy - h / 2), w, h)
                if _inside(quad, _corners(r)):
                    out.append((r, False))
                    break
    return tuple(out)


def legend_rect(size: tuple[float, float], widget: tuple[float, float], picture: Rect,
                play_area: np.ndarray | None = None, busy: Iterable[Rect] = (),
                prefer: Rect | None = None) -> Rect:
    """The legend box (x, y, w, h) in widget px: :func:`place_legend`'s place."""
    return place_legend(size, widget, picture, play_area, busy, prefer)[0]


def place_legend(size: tuple[float, float], widget: tuple[float, float], picture: Rect,
                 play_area: np.ndarray | None = None, busy: Iterable[Rect] = (),
                 prefer: Rect | None = None) -> tuple[Rect, int]:
    """The legend box (x, y, w, h) in widget px for a legend of ``size`` (w, h) px, and how
    many of ``busy`` it covers there (0 in a letterbox band or without a play area).

    ``widget`` is the widget's (width, height); ``picture`` the rectangle the camera picture
    fills in it; ``play_area`` the play area's four corners (4, 2) in widget px (or ``None``);
    ``busy`` rectangles (a list or a (K, 4) array) of drawn pieces the legend should rather not
    cover; ``prefer`` the last place, kept while no other place covers fewer pieces (no
    jumping between equals).
    """
    w, h = size
    ww, wh = widget
    px, py, pw, ph = picture
    m = MARGIN_PX
    bands: Sequence[Rect | None] = (
        (px + m, (py - h) / 2, w, h) if py >= h + 2 * m else None,                       # above
        (px + m, py + ph + (wh - py - ph - h) / 2, w, h) if wh - py - ph >= h + 2 * m else None,
        ((px - w) / 2, py + m, w, h) if px >= w + 2 * m else None,                       # left
        (px + pw + (ww - px - pw - w) / 2, py + m, w, h) if ww - px - pw >= w + 2 * m else None,
    )
    for band in bands:
        if band is not None and band[1] + h <= wh and band[0] + w <= ww:
            return band, 0
    if play_area is not None and len(play_area) == 4 and np.all(np.isfinite(play_area)):
        boxes = np.asarray(busy if isinstance(busy, np.ndarray) else list(busy),
                           dtype=np.float64).reshape(-1, 4)  # x, y, w, h
        options = _in_play_area(size, np.asarray(play_area, dtype=np.float64))
        if options:
            def rank(option: tuple[Rect, bool]) -> tuple[float, float, int, float]:
                r, corner = option
                near = 0.0 if prefer is None else abs(r[0] - prefer[0]) + abs(r[1] - prefer[1])
                # fewest pieces covered; then the last place; then a corner, the one nearest
                # top left
                return (_covered(r, boxes), near, int(not corner), r[0] + r[1])

            best = min(options, key=rank)[0]
            return best, _covered(best, boxes)
    return (px + m, py + m, w, h), 0
