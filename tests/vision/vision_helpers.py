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


class LiveBlob:
    """A stand-in for a coarse blob of the live path: ``bbox`` (x, y, w, h small px), ``mask``
    (h, w) uint8 and its ``area_px``."""

    def __init__(self, bbox, mask):
        self.bbox, self.mask = bbox, mask
        self.area_px = float(np.count_nonzero(mask))


def table_box_blob(camera, factor: int, x0_mm: float, y0_mm: float, x1_mm: float,
                   y1_mm: float) -> LiveBlob:
    """A full blob in small px (the frame reduced by ``factor``) over a table rectangle (mm)
    as ``camera`` sees it at height 0."""
    px = camera.table_to_image(np.array([[x0_mm, y0_mm], [x1_mm, y1_mm]]), 0.0) / factor
    x0, y0 = np.floor(px.min(axis=0)).astype(int)
    x1, y1 = np.ceil(px.max(axis=0)).astype(int)
    return LiveBlob((x0, y0, x1 - x0, y1 - y0), np.ones((y1 - y0, x1 - x0), np.uint8))


def bench_table(catalog, seed: int, mat: str):
    """``(camera, options, scene)`` of ``bench/detection.py``'s table ``seed`` on ``mat``: its
    camera tilt and yaw, light and brightness, and its random six ships, eight squadrons and
    four obstacles, drawn from ``np.random.default_rng(seed)`` in the bench's order."""
    from armada_vision.vision import synth
    from armada_vision.vision.camera import TableCamera

    rng = np.random.default_rng(seed)
    camera = TableCamera.looking_down((1920, 1080), tilt_deg=float(rng.uniform(0, 12)),
                                      yaw_deg=float(rng.uniform(-2, 2)))
    opt = synth.RenderOptions(mat=mat, light=float(rng.uniform(0.1, 0.5)),
                              brightness=float(rng.uniform(0.8, 1.15)))
    scene = synth.random_scene(catalog, rng, n_ships=6, n_squadrons=8, n_obstacles=4)
    return camera, opt, scene
