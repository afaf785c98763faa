"""Varied synthetic cameras over the table, for benchmarks and tests."""

from __future__ import annotations

import numpy as np

from armada_vision.scene import PLAY_AREA_6X3_MM
from armada_vision.vision.camera import TableCamera

# A published C920 calibration at 1920 x 1080 (cv-notes 2.3): HFOV 67.3 deg.
C920_DIST = (0.057, -0.203, -0.0014, 0.0004, 0.159)


def random_camera(rng: np.random.Generator, image_size: tuple[int, int] = (1920, 1080),
                  play_area_mm: tuple[float, float] = PLAY_AREA_6X3_MM) -> TableCamera:
    """A C920-like camera over the play area with a random lens and pose.

    Horizontal field of view 60-75 deg, distortion the C920's scaled by 0-1.5, tilt towards
    player 1 0-8 deg, yaw -3..3 deg, margin around the play area 160-200 mm plus 10 mm per
    degree of tilt (so the default table markers stay in view).
    """
    dist = np.asarray(C920_DIST) * rng.uniform(0.0, 1.5)
    tilt = float(rng.uniform(0.0, 8.0))
    return TableCamera.looking_down(
        image_size, play_area_mm, hfov_deg=float(rng.uniform(60.0, 75.0)),
        margin_mm=float(rng.uniform(160.0, 200.0)) + 10.0 * tilt, tilt_deg=tilt,
        yaw_deg=float(rng.uniform(-3.0, 3.0)), dist_coeffs=dist)
