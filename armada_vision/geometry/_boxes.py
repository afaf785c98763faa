"""Axis-aligned boxes in image pixels (the live detector's windows, the window's patched layer)
and the place of a text label clear of those already placed (the window's painter and the
``analyze --debug`` picture)."""

from __future__ import annotations

import math

Box = tuple[int, int, int, int]


def merge_overlapping_boxes(boxes: list[Box]) -> list[Box]:
    """``boxes`` ``(x0, y0, x1, y1)`` px (x1, y1 exclusive), those that overlap (share a pixel)
    replaced by their common bounding box until none overlap. Order: each merged box takes the
    place of the first of its members. Boxes that only touch along an edge stay apart."""
    out = list(boxes)
    merged = True
    while merged:
        merged = False
        for i in range(len(out)):
            for j in range(i + 1, len(out)):
                a, b = out[i], out[j]
                if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]:
                    out[i] = (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))
                    del out[j]
                    merged = True
                    break
            if merged:
                break
    return out


def clear_of_labels(x: float, y: float, width: float, ascent: float, descent: float,
                    placed: list[tuple[float, float, float, float]], area_h: float,
                    pad: float = 3.0, tries: int = 3) -> tuple[float, float]:
    """The baseline origin (x, y) px, or moved down or up by whole line heights (down first,
    nearest first, at most ``tries`` lines each way, staying ``pad`` px inside ``area_h``) so
    that the text's box overlaps none of ``placed`` (boxes ``(x0, y0, x1, y1)`` px of labels
    painted before it); where every place overlaps one, the place it overlaps least (the
    nearest of equals), so that two labels never lie exactly on top of each other. The labels
    of two pieces side by side (two small ships) were printed over each other."""
    line = ascent + descent + 1.0

    def covered(yy: float) -> float:
        return sum(max(0.0, min(x + width, bx1) - max(x, bx0))
                   * max(0.0, min(yy + descent, by1) - max(yy - ascent, by0))
                   for bx0, by0, bx1, by1 in placed)

    best, best_px = (x, y), math.inf
    for k in (0, *(s * n for n in range(1, tries + 1) for s in (1, -1))):
        yy = y + k * line
        if k and (yy - ascent < pad or yy + descent > area_h - pad):
            continue
        px = covered(yy)
        if px <= 0.0:
            return x, yy
        if px < best_px:
            best, best_px = (x, yy), px
    return best
