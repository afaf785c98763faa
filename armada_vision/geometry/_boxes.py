"""Axis-aligned boxes in image pixels (the live detector's windows, the window's patched layer)."""

from __future__ import annotations

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
