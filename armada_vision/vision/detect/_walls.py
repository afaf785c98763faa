"""Whether a plastic base's side walls that face the camera show in the frame, side by side.

A ship base is a black plastic prism (armada-geometry.md 2.2). On the sides that face the
camera's nadir the camera also sees the side wall, between the base's foot on the mat and its
top edge: a band as wide as the base's height times the parallax there (0-3 px at 1080p,
cv-notes 3.4). Whether that band belongs to the silhouette depends on the mat beside it. On a
mat brighter than black plastic (wood, a light cloth) the wall is the darkest thing at the
edge, and the outline is its foot; on a mat as dark as the plastic (the starfield, a dark
cloth) the wall is lost in it, and the outline is the top edge, with something lighter (the
rim's top, the token, a miniature) just inside it.

:meth:`~._explain_fit.PieceFitter._refine` fits "all facing walls seen" and "all unseen" and
keeps the better; where the miniature hides the side opposite a facing one, both fit the rest
equally well and the tie is settled by noise, an error of the whole wall's parallax width.
:func:`walls_shown` reads each facing side's polarity in the frame instead: with the base placed
so that the side's foot is the seen edge, the wall's middle lies just inside that edge and the
mat just outside it. The wall is seen there when the mat is not darker than what lies inside.
"""

from __future__ import annotations

import numpy as np

from ._fit import SUPPORT_MM, _place

# A facing side's wall shows when the mat just outside its seen edge is at least this bright
# relative to the frame just inside it (at the wall's mid-height). Tuning seeds 1000-1027,
# base fits whose facing side decided the centre by more than 0.3 mm: the wall seen at ratios
# 1.06-5.6, unseen at 0.40 and 0.61 (a light rim top, token or miniature edge on a dark mat;
# and once at 1.02, a wall 0.8 px wide: 0.45 mm either way); 0.7-1.0 chose the same. The
# held-out and fresh seeds' unseen sides, looked at afterwards: 0.23-0.62.
WALL_SEEN_RATIO = 0.8
# The mat is read this far outside the side's foot (mm): past the blur of the edge (1 px),
# within the base's contact shadow like the wall itself.
MAT_OUT_MM = 2.5
# At least this many samples (1 mm apart, away from the corners) of the side must be seen.
MIN_SAMPLES = 5


def walls_shown(pose, length: float, width: float, height_mm: float, floor_mm: float,
                nadir_mm, raster, to_px, image: np.ndarray, offset) -> tuple:
    """``(short, long)``: whether the wall of the facing short side and of the facing long side
    shows in the frame (bool), or ``None`` where it cannot be told (no side of that pair faces
    the camera's nadir, or fewer than ``MIN_SAMPLES`` points of its foot lie on a seen edge).

    ``pose`` (3,): x, y mm, axis deg of a ``length`` x ``width`` base fitted with its facing
    walls seen (each facing side's foot on the outline); ``raster``: the blob's outline, each
    point on the plane its wall implies (``BlobRaster``); ``to_px(points_mm, height_mm)``:
    table mm (N, 2) to frame px; ``image`` (h, w, 3) float32: the frame region whose top-left
    pixel is ``offset``.
    """
    a, b = length / 2.0, width / 2.0
    x, y, axis = (float(v) for v in pose)
    th = np.radians(axis)
    cu, su = np.cos(th), np.sin(th)
    nx, ny = float(nadir_mm[0]) - x, float(nadir_mm[1]) - y
    du, dv = nx * cu + ny * su, ny * cu - nx * su
    out: list = [None, None]
    mid = floor_mm + (height_mm - floor_mm) / 2.0
    for long_side, (lim, sign) in ((False, (a, 1.0 if du > a else -1.0 if -du > a else 0.0)),
                                   (True, (b, 1.0 if dv > b else -1.0 if -dv > b else 0.0))):
        if sign == 0.0:
            continue
        reach = (a if long_side else b) - (6.0 if long_side else 4.0)
        s = np.arange(-reach, reach + 1e-9, 1.0)
        if long_side:
            foot = np.column_stack([s, np.full_like(s, sign * lim)])
            mat = np.column_stack([s, np.full_like(s, sign * (lim + MAT_OUT_MM))])
        else:
            foot = np.column_stack([np.full_like(s, sign * lim), s])
            mat = np.column_stack([np.full_like(s, sign * (lim + MAT_OUT_MM)), s])
        placed = _place(np.vstack([foot, mat]), np.array([[x, y, axis]]))[0]
        foot, mat = placed[:len(s)], placed[len(s):]
        seen = raster.distance(foot) <= SUPPORT_MM
        if int(seen.sum()) < MIN_SAMPLES:
            continue
        g_wall = _grey(image, to_px(foot[seen], mid) - offset)
        g_mat = _grey(image, to_px(mat[seen], floor_mm) - offset)
        ok = np.isfinite(g_wall) & np.isfinite(g_mat)
        if int(ok.sum()) < MIN_SAMPLES:
            continue
        out[long_side] = bool(np.median(g_mat[ok]) >= WALL_SEEN_RATIO * np.median(g_wall[ok]))
    return out[0], out[1]


def _grey(image: np.ndarray, px: np.ndarray) -> np.ndarray:
    """The mean of the channels at the nearest pixel of each point (N, 2) px of ``image``;
    NaN outside it."""
    h, w = image.shape[:2]
    q = np.rint(np.asarray(px, np.float64)).astype(np.int64)
    ok = (q[:, 0] >= 0) & (q[:, 0] < w) & (q[:, 1] >= 0) & (q[:, 1] < h)
    v = np.full(len(q), np.nan)
    picked = image[q[ok, 1], q[ok, 0]]
    v[ok] = picked.mean(axis=1) if image.ndim == 3 else picked
    return v
