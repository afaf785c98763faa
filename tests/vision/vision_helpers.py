"""Helpers shared by the detector's tests (no tests here)."""

from __future__ import annotations

import numpy as np


def rect_outline(cx: float, cy: float, length: float, width: float,
                 step: float = 0.5) -> np.ndarray:
    """Points (N, 2) every ``step`` along an axis-aligned rectangle of ``length`` x ``width``
    centred at (cx, cy), in order around it (units as given, mm or px)."""
    a, b = length / 2.0, width / 2.0
    s = np.arange(-a, a, step)
    t = np.arange(-b, b, step)
    return np.vstack([np.column_stack([cx + s, np.full_like(s, cy - b)]),
                      np.column_stack([np.full_like(t, cx + a), cy + t]),
                      np.column_stack([cx - s, np.full_like(s, cy + b)]),
                      np.column_stack([np.full_like(t, cx - a), cy - t])])
