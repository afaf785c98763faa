"""Fitting pieces of known size to the visible edges of a blob, in table mm.

A ship base is a rectangle of known length and width; a squadron base a circle of known
diameter. The miniature on its peg, or the fighters on a squadron's stand, hide the middle and
may overhang an edge, so poses are fitted to the *visible boundary*: hypotheses from straight
contour runs (a run is one side of the base) or from pairs of rim points, scored by how much of
the model outline a seen edge supports, then refined by robust least squares.

Parallax (cv-notes 3.4): a base is a short prism. Seen from the camera, the side wall that faces
the camera's nadir is visible, so on that side the silhouette is the wall's *bottom* edge (on the
mat, z = 0); on the other sides it is the *top* edge (z = base height). Each contour point is
therefore measured on the plane its side implies; ``contour_0`` and ``contour_h`` are the same
image points back-projected to z = 0 and to z = height.

Poses are (x_mm, y_mm, axis_deg); a rectangle's axis is its length direction, its heading up to
180 deg.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ._hypotheses import (  # noqa: F401 - re-exported: the pose hypotheses live there
    MIN_SIDE_RUN_MM,
    circle_hypotheses,
    free_runs,
    rect_hypotheses,
    side_runs,
)
from ._raster import BlobRaster

# A seen edge within this distance supports a model outline point (mm): ~1.5 px at 1080p.
SUPPORT_MM = 1.5
# Robust refinement: Tukey biweight cut-off (mm); farther points are the miniature or a neighbour.
TUKEY_MM = 2.5
# A seen right-angle corner is worth this fraction of seen outline: miniatures overhang with
# straight hull edges but rarely with a square corner where a base's corner would be.
CORNER_MERIT = 0.08
# A straight edge that runs on past a side's end says the base is longer than this one (a
# smaller class fitted into a larger base); aligned neighbours do it too, so it costs, not kills.
OVERRUN_PENALTY = 0.05


@dataclass(frozen=True)
class Fit:
    """A fitted piece: pose, the model it fitted, and how well.

    ``coverage`` is the fraction of the model outline supported by a seen edge; ``fill`` the
    fraction of its inside that is foreground; ``rms_mm`` the residual of the edges used.
    """

    kind: str  # "rect" | "circle"
    name: str  # size class or diameter label
    x_mm: float
    y_mm: float
    axis_deg: float
    coverage: float
    fill: float
    rms_mm: float
    size_mm: tuple[float, float]  # (length, width) or (diameter, diameter)
    height_mm: float
    corners: int = 0  # rectangle corners whose both sides are seen right up to the corner
    floor_mm: float = 0.0  # the bottom of the fitted outline's walls
    token_offset_mm: float | None = None  # a token fit: token centre ahead of the base centre
    overruns: int = 0  # side ends where the seen straight edge runs on past the corner
    refused: bool = False  # its seen long sides are the other model's (base / token) edges
    walls: bool | tuple = True  # walls facing the camera seen (``refine_rect``'s ``walls``)
    rim: float = float("nan")  # ``rim_inside`` of a base or token fit (NaN: not measured)

    @property
    def merit(self) -> float:
        """Fraction of the outline seen, plus ``CORNER_MERIT`` per seen corner: a right-angle
        corner of the base's size is strong evidence that a miniature's straight edge is not.
        A fraction, not a length: a larger base drawn round a smaller one and its miniature
        borrows the miniature's outline but rarely its corners."""
        return self.coverage + CORNER_MERIT * self.corners - OVERRUN_PENALTY * self.overruns

    @property
    def perimeter_mm(self) -> float:
        if self.kind == "rect":
            return 2.0 * (self.size_mm[0] + self.size_mm[1])
        return math.pi * self.size_mm[0]

    def outline_mm(self, step_mm: float = 2.0) -> np.ndarray:
        local = (_rect_samples(*self.size_mm, step_mm) if self.kind == "rect"
                 else _circle_samples(self.size_mm[0] / 2.0, step_mm))
        return _place(local, np.array([[self.x_mm, self.y_mm, self.axis_deg]]))[0]


# --------------------------------------------------------------------------- model samples


def _cached(fn):
    """``fn``'s arrays kept per arguments, read-only (the model's sample points: the same few
    sizes are placed thousands of times a frame)."""

    @lru_cache(maxsize=512)
    def kept(*args, **kwargs):
        out = fn(*args, **kwargs)
        out.flags.writeable = False
        return out

    kept.__doc__ = fn.__doc__
    return kept


@_cached
def _rect_samples(length: float, width: float, step: float = 1.0) -> np.ndarray:
    a, b = length / 2.0, width / 2.0
    ns, nt = max(int(length / step), 4), max(int(width / step), 4)
    s = np.linspace(-a, a, ns, endpoint=False) + length / ns / 2.0
    t = np.linspace(-b, b, nt, endpoint=False) + width / nt / 2.0
    return np.concatenate([
        np.column_stack([s, np.full(ns, b)]), np.column_stack([s, np.full(ns, -b)]),
        np.column_stack([np.full(nt, a), t]), np.column_stack([np.full(nt, -a), t]),
    ])


@_cached
def _corner_samples(length: float, width: float, reach: float = 6.0, n: int = 4) -> np.ndarray:
    """(4, 2n, 2) points along both sides within ``reach`` mm of each corner."""
    a, b = length / 2.0, width / 2.0
    d = np.linspace(0.5, reach, n)
    out = []
    for sx, sy in ((1, 1), (-1, 1), (-1, -1), (1, -1)):
        along = np.column_stack([sx * (a - d), np.full(n, sy * b)])
        across = np.column_stack([np.full(n, sx * a), sy * (b - d)])
        out.append(np.vstack([along, across]))
    return np.array(out)


def seen_corners(raster: BlobRaster, pose: np.ndarray, length: float, width: float) -> int:
    """How many of the rectangle's corners have both sides supported next to the corner."""
    return int(seen_corner_mask(raster, pose, length, width).sum())


def seen_corner_mask(raster: BlobRaster, pose: np.ndarray, length: float,
                     width: float) -> np.ndarray:
    """(4,) bool: which corners of the rectangle (in :func:`corner_points`' order) have both
    sides supported next to the corner (as :func:`seen_corners` counts them)."""
    pts = _place(_corner_samples(length, width).reshape(-1, 2), pose[None])[0]
    ok = (raster.distance(pts) <= SUPPORT_MM).reshape(4, -1)
    return ok.mean(axis=1) >= 0.75


def corner_points(pose: np.ndarray, length: float, width: float) -> np.ndarray:
    """The rectangle's four corners (4, 2), table mm, in :func:`_corner_samples`' order."""
    a, b = length / 2.0, width / 2.0
    local = np.array([[a, b], [-a, b], [-a, -b], [a, -b]], np.float64)
    return _place(local, np.asarray(pose, np.float64)[None])[0]


def rect_evidence(raster: BlobRaster, pose: np.ndarray, length: float,
                  width: float) -> tuple[float, float, int, int]:
    """What :func:`score` (1 mm outline steps, the interior's 4 mm grid), :func:`seen_corners`
    and :func:`overruns` say of one rectangle pose (3,), with one placement of all their
    sample points: ``(coverage, fill, corners, overruns)``, the same values."""
    outline, corner, _ = _evidence_samples(length, width)
    pts = _place(_evidence_points(length, width), pose[None])[0]
    near = raster.distance(pts) <= SUPPORT_MM
    n0, n1 = len(outline), len(outline) + len(corner)
    fill = float(raster.is_inside(_place(_rect_interior(length, width), pose[None])).mean())
    return (float(near[:n0].mean()), fill,
            int((near[n0:n1].reshape(4, -1).mean(axis=1) >= 0.75).sum()),
            int((near[n1:].reshape(8, -1).mean(axis=1) >= 0.8).sum()))


def _evidence_samples(length: float, width: float):
    return (_rect_samples(length, width, 1.0), _corner_samples(length, width).reshape(-1, 2),
            _overrun_samples(length, width))


@_cached
def _evidence_points(length: float, width: float) -> np.ndarray:
    """:func:`rect_evidence`'s sample points in one array: outline, corners, overruns."""
    return np.vstack(_evidence_samples(length, width))


def overruns(raster: BlobRaster, pose: np.ndarray, length: float, width: float) -> int:
    """Side ends (of 8) past which a seen edge continues straight for 3..12 mm."""
    pts = _place(_overrun_samples(length, width), pose[None])[0]
    ok = (raster.distance(pts) <= SUPPORT_MM).reshape(8, -1)
    return int((ok.mean(axis=1) >= 0.8).sum())


@_cached
def _overrun_samples(length: float, width: float) -> np.ndarray:
    """(80, 2) points 3..12 mm beyond each of the 8 side ends, 10 per end."""
    a, b = length / 2.0, width / 2.0
    d = np.arange(3.0, 12.01, 1.0)
    ext = []
    for sy in (1, -1):  # long sides, beyond both ends
        ext += [np.column_stack([a + d, np.full_like(d, sy * b)]),
                np.column_stack([-a - d, np.full_like(d, sy * b)])]
    for sx in (1, -1):  # short sides
        ext += [np.column_stack([np.full_like(d, sx * a), b + d]),
                np.column_stack([np.full_like(d, sx * a), -b - d])]
    return np.vstack(ext)


def rim_inside(raster: BlobRaster, pose: np.ndarray, length: float, width: float, to_px,
               image: np.ndarray, offset, step: float = 2.0) -> float:
    """Fraction of a token fit's seen long-side edge with black plastic just inside it.

    Just inside a printed token's edge is its print; just inside a plastic base's edge, its
    black rim (2.25 mm wide on the long sides, armada-geometry.md 2.2). Where a long side of
    the ``length`` x ``width`` rectangle at ``pose`` is supported by a seen edge, the frame's
    brightness 1.2 mm inside it is compared with the print's 4.5 mm inside: under 0.7 of it is
    the rim, and the seen edge is the base's, not the token's. ``to_px`` maps table mm (N, 2)
    to frame px on the token's plane; ``image`` (h, w, 3) float32 is the frame region whose
    top-left pixel is ``offset``. Returns NaN (undecided) when fewer than 8 points of the long
    sides are seen.

    The same test tells a plastic base's fit placed on the token's edges (a black rim lost
    against a dark mat, a miniature's straight edge): its seen long sides then have print or
    the miniature just inside, not the rim, and the fraction is near 0 (tuning seeds: 97 of 98
    base fits within 1.5 mm of the truth score >= 0.5, 20 of 23 off by > 2.5 mm under 0.3).
    """
    local = _rim_samples(length, width, step)
    placed = _place(local, pose[None])[0].reshape(6, -1, 2)
    seen = raster.distance(placed[[0, 3]]) <= SUPPORT_MM        # (2, n)
    if int(seen.sum()) < 8:
        return float("nan")
    rim = np.vstack([placed[1][seen[0]], placed[4][seen[1]]])
    art = np.vstack([placed[2][seen[0]], placed[5][seen[1]]])
    h, w = image.shape[:2]
    # One projection for both sets, and only the sampled pixels made grey (the region may be
    # a few hundred px square: averaging all of it cost ~10x the rest of this test).
    px = np.rint(to_px(np.vstack([rim, art])) - np.asarray(offset, np.float64)).astype(np.int64)
    ok = (px[:, 0] >= 0) & (px[:, 0] < w) & (px[:, 1] >= 0) & (px[:, 1] < h)
    v = np.full(len(px), np.nan)
    picked = image[px[ok, 1], px[ok, 0]]
    v[ok] = picked.mean(axis=1) if image.ndim == 3 else picked
    g_rim, g_art = v[:len(rim)], v[len(rim):]
    ok = np.isfinite(g_rim) & np.isfinite(g_art)
    if ok.sum() < 8:
        return float("nan")
    return float(np.mean(g_rim[ok] < 0.7 * g_art[ok]))


@_cached
def _rim_samples(length: float, width: float, step: float = 2.0) -> np.ndarray:
    """(6 n, 2) points along both long sides (6 mm short of the corners, ``step`` mm apart):
    rows of n on the edge, 1.2 mm inside it (the rim) and 4.5 mm inside (the print), for the
    +y side and then the -y side (:func:`rim_inside`)."""
    a, b = length / 2.0, width / 2.0
    s = np.arange(-a + 6.0, a - 6.0 + 1e-9, step)
    n = len(s)
    across = np.array([b, b - 1.2, b - 4.5, -b, -(b - 1.2), -(b - 4.5)])
    return np.column_stack([np.tile(s, 6), np.repeat(across, n)])


@_cached
def _rect_interior(length: float, width: float, inset: float = 2.5, step: float = 4.0):
    a, b = length / 2.0 - inset, width / 2.0 - inset
    s, t = np.meshgrid(np.arange(-a, a + 1e-9, step), np.arange(-b, b + 1e-9, step))
    return np.column_stack([s.ravel(), t.ravel()])


@_cached
def _circle_samples(r: float, step: float = 1.0) -> np.ndarray:
    n = max(int(2 * math.pi * r / step), 12)
    a = np.linspace(0, 2 * math.pi, n, endpoint=False)
    return np.column_stack([r * np.cos(a), r * np.sin(a)])


@_cached
def _circle_interior(r: float, inset: float = 2.0, step: float = 3.0) -> np.ndarray:
    g = np.arange(-r, r + 1e-9, step)
    x, y = np.meshgrid(g, g)
    keep = x * x + y * y <= (r - inset) ** 2
    return np.column_stack([x[keep], y[keep]])


def _place(local: np.ndarray, poses: np.ndarray) -> np.ndarray:
    """Local points (S, 2) placed at poses (H, 3: x, y, axis_deg) -> (H, S, 2)."""
    th = np.radians(poses[:, 2])
    c, s = np.cos(th)[:, None], np.sin(th)[:, None]
    x = poses[:, 0:1] + c * local[None, :, 0] - s * local[None, :, 1]
    y = poses[:, 1:2] + s * local[None, :, 0] + c * local[None, :, 1]
    return np.stack([x, y], axis=-1)


def score(raster: BlobRaster, outline: np.ndarray, interior: np.ndarray, poses: np.ndarray,
          support_mm: float = SUPPORT_MM):
    """``(coverage, fill)`` per pose (H,): outline fraction within ``support_mm`` of a seen
    edge, and foreground fraction of the inside."""
    if len(poses) == 0:
        return np.zeros(0), np.zeros(0)
    cov = (raster.distance(_place(outline, poses)) <= support_mm).mean(axis=1)
    fill = raster.is_inside(_place(interior, poses)).mean(axis=1)
    return cov, fill


# --------------------------------------------------------------------------- refinement


def _tukey(r: np.ndarray, c: float = TUKEY_MM) -> np.ndarray:
    w = (1.0 - (r / c) ** 2) ** 2
    return np.where(np.abs(r) < c, w, 0.0)


def refine_rect(pose, length, width, contour_0, contour_h, nadir_mm, iters: int = 12,
                walls=True):
    """Robust Gauss-Newton fit of a length x width rectangle's (x, y, axis) to contour points,
    each measured on z = 0 or z = height according to whether its side wall faces the camera.
    ``walls=False`` measures every side on the top plane: a black wall against a dark mat does
    not show, and the silhouette is the top edge all round; ``walls=(short, long)`` chooses
    per pair of sides (the short sides' walls, the long sides').

    Returns ``(pose (3,), rms_mm, used_fraction)``.
    """
    x, y, th = float(pose[0]), float(pose[1]), math.radians(pose[2])
    a, b = length / 2.0, width / 2.0
    rms, used = float("inf"), 0.0
    # Plain 1-D columns and 3 x 3 normal equations from dot products: this runs ~10^3 times a
    # frame, and numpy's per-call overhead on (N, 2) stacks dominated it.
    c0x, c0y = np.ascontiguousarray(contour_0[:, 0]), np.ascontiguousarray(contour_0[:, 1])
    chx, chy = np.ascontiguousarray(contour_h[:, 0]), np.ascontiguousarray(contour_h[:, 1])
    nx, ny = float(nadir_mm[0]), float(nadir_mm[1])
    w_short, w_long = _wall_pair(walls)
    shown = np.array([w_short, w_short, w_long, w_long])
    for it in range(iters):
        cut = TUKEY_MM if it < iters // 2 else 0.6 * TUKEY_MM
        cu, su = math.cos(th), math.sin(th)
        dhx, dhy = chx - x, chy - y
        s_h, t_h = dhx * cu + dhy * su, dhy * cu - dhx * su
        side = np.argmin(np.stack([np.abs(s_h - a), np.abs(s_h + a),
                                   np.abs(t_h - b), np.abs(t_h + b)]), axis=0)
        # Side k's outward normal: u, -u, v, -v (v = u turned +90 deg); its wall faces the
        # camera when the nadir lies beyond its midpoint.
        du, dv = (nx - x) * cu + (ny - y) * su, (ny - y) * cu - (nx - x) * su
        visible = np.array([du > a, -du > a, dv > b, -dv > b]) & shown
        vis = visible[side]
        dpx, dpy = np.where(vis, c0x, chx) - x, np.where(vis, c0y, chy) - y
        s, t = dpx * cu + dpy * su, dpy * cu - dpx * su
        sign = 1.0 - 2.0 * (side & 1)
        along_u = side < 2
        r = np.where(along_u, sign * s - a, sign * t - b)
        j0 = -sign * np.where(along_u, cu, -su)
        j1 = -sign * np.where(along_u, su, cu)
        j2 = np.where(along_u, sign * t, -sign * s)
        # Points beyond the side's extent belong to something else (a neighbour, the model).
        extent = np.where(along_u, np.abs(t) - b, np.abs(s) - a)
        w = _tukey(r, cut) * (extent < cut)
        wsum = float(w.sum())
        if wsum < 6:
            break
        w0, w1, w2 = w * j0, w * j1, w * j2
        JTJ = np.array([[w0 @ j0, w0 @ j1, w0 @ j2],
                        [w0 @ j1, w1 @ j1, w1 @ j2],
                        [w0 @ j2, w1 @ j2, w2 @ j2]]) + 1e-9 * np.eye(3)
        try:
            delta = np.linalg.solve(JTJ, -np.array([w0 @ r, w1 @ r, w2 @ r]))
        except np.linalg.LinAlgError:
            break
        x, y, th = x + float(delta[0]), y + float(delta[1]), th + float(delta[2])
        rms = math.sqrt(float((w * r) @ r) / wsum)
        used = float(np.count_nonzero(w)) / len(w)
    return np.array([x, y, math.degrees(th) % 180.0]), rms, used


def _wall_pair(walls) -> tuple[bool, bool]:
    """``refine_rect``'s ``walls`` as (short sides' walls seen, long sides')."""
    if isinstance(walls, (tuple, list)):
        return bool(walls[0]), bool(walls[1])
    return bool(walls), bool(walls)


def refine_circle(centre, radius, contour_0, contour_h, nadir_mm, iters: int = 10,
                  min_radius_frac: float = 0.65, walls: bool = True,
                  start_radius: float | None = None):
    """Robust Gauss-Newton fit of a circle to rim points, each measured on z = 0 or the top
    plane as its wall faces the camera or not. The radius may shrink to ``min_radius_frac`` of
    ``radius``: a black base rim can vanish against a dark mat, leaving the printed disc on top
    (its size is not in the catalog) as the outline; the centre is the same.
    Returns ``(centre, rms_mm, used_fraction, fitted_radius)``."""
    cx, cy = float(centre[0]), float(centre[1])
    rad = float(start_radius or radius)
    rms, used = float("inf"), 0.0
    c0x, c0y = np.ascontiguousarray(contour_0[:, 0]), np.ascontiguousarray(contour_0[:, 1])
    chx, chy = np.ascontiguousarray(contour_h[:, 0]), np.ascontiguousarray(contour_h[:, 1])
    nx, ny = float(nadir_mm[0]), float(nadir_mm[1])
    for it in range(iters):
        cut = TUKEY_MM if it < iters // 2 else 0.6 * TUKEY_MM
        dhx, dhy = chx - cx, chy - cy
        # The wall faces the camera where the outward radius points towards the nadir.
        visible = ((dhx * (nx - cx) + dhy * (ny - cy)) > 0) & walls
        dpx, dpy = np.where(visible, c0x, chx) - cx, np.where(visible, c0y, chy) - cy
        dist = np.maximum(np.hypot(dpx, dpy), 1e-9)
        r = dist - rad
        j0, j1 = -dpx / dist, -dpy / dist
        w = _tukey(r, cut)
        wsum = float(w.sum())
        if wsum < 8:
            break
        w0, w1 = w * j0, w * j1
        JTJ = np.array([[w0 @ j0, w0 @ j1, -w0.sum()],
                        [w0 @ j1, w1 @ j1, -w1.sum()],
                        [-w0.sum(), -w1.sum(), wsum]]) + 1e-6 * np.eye(3)
        try:
            delta = np.linalg.solve(JTJ, -np.array([w0 @ r, w1 @ r, -(w @ r)]))
        except np.linalg.LinAlgError:
            break
        cx, cy = cx + float(delta[0]), cy + float(delta[1])
        rad = float(np.clip(rad + delta[2], min_radius_frac * radius, 1.02 * radius))
        rms = math.sqrt(float((w * r) @ r) / wsum)
        used = float(np.count_nonzero(w)) / len(w)
    c = np.array([cx, cy])
    return c, rms, used, rad
