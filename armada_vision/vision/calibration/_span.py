"""Whether the table markers a fit used span the table: a fit from markers along one edge
holds at that edge and is extrapolated across the table (a newcomer's three markers on player
1's edge reported 0.30 px, 0.50 mm, yet the far corners were ~2 mm off the six-marker fit).

The far corners' uncertainty is estimated by refitting with the marker corners moved by the
fit's own noise (its RMS reprojection error, at least ``MIN_NOISE_PX``, split over x and y),
``TRIALS`` times with a fixed seed: the median and the 90th percentile of the largest move of
a corner of the extrapolated edge (table mm). On that newcomer's picture (ids 0, 1, 4 of 6x3,
1280x720, 0.30 px): median 2.4 mm, 90 % 5.8 mm, against 2.2-2.3 mm measured off the
six-marker fit of the same camera.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

#: the markers' centres must spread over at least this fraction of the play area's width and
#: of its depth (6x3: any two opposite markers span over 100 %; three on one long edge span
#: 0 % of the depth; the four of the left half, 0, 3, 4 and 5, 53 % of the width)
MIN_SPAN_FRACTION = 0.75
TRIALS = 64
MIN_NOISE_PX = 0.2  # corner noise below this is taken as this (sub-pixel corners, measured)
#: no warning when the extrapolated corners' 90th percentile is below this (mm): the
#: measurement uncertainty at 1080p the window and README name (about 2 mm)
WARN_MM = 2.0


def _edges(w: float, h: float) -> dict[str, tuple[str, list[int]]]:
    """Edge key -> (name, indices of its corners in ``[(0, 0), (w, 0), (w, h), (0, h)]``)."""
    return {"near": ("player 1's edge (y 0 mm)", [0, 1]),
            "far": (f"player 2's edge (y {h:.0f} mm)", [2, 3]),
            "left": ("the short edge at x 0 mm", [0, 3]),
            "right": (f"the short edge at x {w:.0f} mm", [1, 2])}


@dataclass(frozen=True)
class SpanRisk:
    """How far a fit from markers that do not span the table may be off at its far corners."""

    ids: tuple[int, ...]     # the markers the fit used
    edges: tuple[str, ...]   # the extrapolated edges: "near", "far", "left", "right"
    typical_mm: float        # median of the refits' largest corner move (table mm)
    high_mm: float           # its 90th percentile (mm)
    noise_px: float          # the corner noise the refits used (px)

    def names(self, w_mm: float, h_mm: float) -> str:
        """The extrapolated edges in words (English), e.g. "player 2's edge (y 914 mm)"."""
        edges = _edges(w_mm, h_mm)
        return " and ".join(edges[e][0] for e in self.edges)


def span_risk(found: dict[int, np.ndarray], fit, layout, intrinsics,
              image_size: tuple[int, int], *, seed: int = 0) -> SpanRisk | None:
    """The risk of a fit from the markers ``fit.marker_ids`` (corners ``found`` {id: (4, 2)
    px}) that do not span the table (:data:`MIN_SPAN_FRACTION`): which edges are extrapolated
    and how far their corners may be off (see the module's docstring); ``None`` when they span
    it or when the corners are off by less than :data:`WARN_MM` (90th percentile). Costs
    :data:`TRIALS` refits (tens of ms) when the markers do not span the table, nothing else."""
    from ._table import fit_points

    known = layout.by_id()
    ids = list(fit.marker_ids)
    if not ids:
        return None
    w, h = layout.play_area_mm
    c = np.array([known[i].center_mm for i in ids], dtype=np.float64)
    edges = _edges(w, h)
    far: list[str] = []
    if np.ptp(c[:, 1]) < MIN_SPAN_FRACTION * h:
        far.append("far" if c[:, 1].mean() < h / 2 else "near")
    if np.ptp(c[:, 0]) < MIN_SPAN_FRACTION * w:
        far.append("right" if c[:, 0].mean() < w / 2 else "left")
    if not far:
        return None
    corners = np.array([[0.0, 0.0], [w, 0.0], [w, h], [0.0, h]])
    which = sorted({k for e in far for k in edges[e][1]})
    obj = np.concatenate([known[i].corners_mm() for i in ids])
    img = np.concatenate([np.asarray(found[i], dtype=np.float64) for i in ids])
    rms_px = max(float(fit.reprojection_px), MIN_NOISE_PX)
    rng = np.random.default_rng(seed)
    worst = []
    for _ in range(TRIALS):
        noisy = img + rng.normal(0.0, rms_px / np.sqrt(2.0), img.shape)
        cam = fit_points(obj, noisy, intrinsics, image_size)
        moved = fit.camera.image_to_table(cam.table_to_image(corners[which], 0.0), 0.0)
        worst.append(float(np.max(np.linalg.norm(moved - corners[which], axis=1))))
    typical, high = np.percentile(worst, [50, 90])
    if high < WARN_MM:
        return None
    return SpanRisk(tuple(sorted(ids)), tuple(far), float(typical), float(high), rms_px)


def span_warning(found: dict[int, np.ndarray], fit, layout, intrinsics,
                 image_size: tuple[int, int], *, seed: int = 0) -> str | None:
    """One line for the user when the markers ``fit.marker_ids`` do not span the table
    (:func:`span_risk`): which edge is extrapolated and how far its corners may be off;
    ``None`` when they span it or the corners hold within :data:`WARN_MM`."""
    risk = span_risk(found, fit, layout, intrinsics, image_size, seed=seed)
    if risk is None:
        return None
    return (f"the table markers found (ids: {', '.join(map(str, risk.ids))}) do not span "
            f"the table: {risk.names(*layout.play_area_mm)} is extrapolated from them, its "
            f"corners off by about {risk.typical_mm:.1f} mm, up to {risk.high_mm:.1f} mm "
            f"(refits with the fit's {risk.noise_px:.2f} px noise; the RMS reported holds "
            "near the markers only): keep the other markers in view (uncovered, inside the "
            "picture)")
