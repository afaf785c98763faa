"""Squadrons on an obstacle token, or half on it, or against it (issue 5).

Squadrons may end their move on an obstacle (RRG "Obstacles" affect only ships). Fully on a
token, a squadron base adds nothing to the blob's outline (it lies inside the token's), so the
token's outline matches surely and no disc is looked for; half on or against it, its rim
makes a bump on the outline that the obstacle match forgives. The base itself is plain to
see: a ring of black plastic, the base's known radius outside (``r``) and the printed card it
holds inside (0.78 r, models/squadron-base.toml and the renderer's base), lighter than the
plastic, with the fighters over it. So round a matched token the frame is searched for that
ring: a matched filter (the card's annulus less the plastic's, in px) proposes centres, each
is placed on the table at the base's height on the token (the token's thickness lower when
its centre is off it: the base tilts to the mat) by the plastic's two edges, and kept when
the plastic is darker than the card on most of the ring (``MIN_DARK_ARC``).
"""

from __future__ import annotations

import math

import cv2
import numpy as np
import shapely

# The printed card's radius over the base's: the renderer's base (synth._pieces.draw_squadron).
# [uncertain] A real base's card recess is not measured yet; the plastic ring sampled at 0.89
# r and the card at 0.6 r hold for any recess from ~0.65 to 0.87 r.
CARD_RADIUS = 0.78
# A ring sample is plastic when it is at most this fraction of the card's brightness just
# inside it: black plastic over printed card (true squadron discs beside a ship 0.25-0.45,
# miniature tips 0.67-1.0: _discs.MAX_DARK, measured on the tuning seeds).
MAX_DARK = 0.55
# The disc stands when that holds on this fraction of the ring's directions (fighters stand
# over the card, and parallax carries them over one side of the ring). Tuning seeds
# 1030-1059 with contacts (bench/detection.py --contacts): true bases 0.73-1.0 (26), other
# proposals at most 0.56 (77); 1000-1029 without: at most 0.54 (219).
MIN_DARK_ARC = 0.65
# Proposals: at most this many ring filter peaks per token (each refinement ~5 ms; three
# bases on or against one token is a crowd already), and a peak must show the card this many
# grey levels lighter than the plastic (the renderer's plastic 14-34 against cards of 80-140;
# a real base's black against any print that is not black).
MAX_PROPOSALS = 3
MIN_RESPONSE = 12.0
# Centres searched within the token's outline grown by this many radii (a base against it
# lies 1 radius + a fraction of a mm out).
REACH = 1.15
# Refinement: grid steps (mm) of the centre search and the half-width (mm) of the plastic's
# edges' steps sampled on each side.
STEPS_MM = (1.0, 0.5, 0.25)
EDGE_MM = 0.8
N_DIRECTIONS = 48


def _sample(gray: np.ndarray, px: np.ndarray) -> np.ndarray:
    """Bilinear samples of ``gray`` (h, w) at ``px`` (..., 2); NaN outside."""
    h, w = gray.shape
    x, y = px[..., 0], px[..., 1]
    ok = (x >= 0) & (y >= 0) & (x < w - 1) & (y < h - 1)
    x0 = np.clip(np.floor(x).astype(int), 0, w - 2)
    y0 = np.clip(np.floor(y).astype(int), 0, h - 2)
    fx, fy = np.clip(x - x0, 0, 1), np.clip(y - y0, 0, 1)
    v = (gray[y0, x0] * (1 - fx) * (1 - fy) + gray[y0, x0 + 1] * fx * (1 - fy)
         + gray[y0 + 1, x0] * (1 - fx) * fy + gray[y0 + 1, x0 + 1] * fx * fy)
    return np.where(ok, v, np.nan)


def _ring_kernel(radius_px: float) -> np.ndarray:
    """A (2n+1, 2n+1) filter of a base of ``radius_px``: the mean over the card's annulus
    (0.3-0.62 of the base's radius, inside the card's 0.78) less the mean over the plastic's
    (0.84-0.97): how much lighter the card is than a plastic ring round it, grey levels."""
    n = int(math.ceil(radius_px)) + 1
    yy, xx = np.mgrid[-n:n + 1, -n:n + 1]
    d = np.hypot(xx, yy) / radius_px
    card = (d >= 0.3) & (d <= 0.62)
    ring = (d >= 0.84) & (d <= 0.97)
    k = card / max(card.sum(), 1) - ring / max(ring.sum(), 1)
    return k.astype(np.float32)


class _Ring:
    """Samples of one squadron base's ring round a centre (mm) at the base's top plane."""

    def __init__(self, gray, offset, to_px, radius_mm: float):
        self.gray, self.offset, self.to_px = gray, np.asarray(offset, float), to_px
        a = np.linspace(0.0, 2 * np.pi, N_DIRECTIONS, endpoint=False)
        self.u = np.stack([np.cos(a), np.sin(a)], axis=1)
        r = radius_mm
        self.radii = np.array([r + EDGE_MM, r - EDGE_MM, CARD_RADIUS * r + EDGE_MM,
                               CARD_RADIUS * r - EDGE_MM, 0.89 * r, 0.6 * r])

    def values(self, centres: np.ndarray, height_mm: float, n_radii: int = 6) -> np.ndarray:
        """(C, n_radii, N) grey levels at the first ``n_radii`` radii (the edges' four, then
        the plastic's and the card's) for each centre (C, 2) mm."""
        radii = self.radii[:n_radii]
        pts = centres[:, None, None, :] + radii[None, :, None, None] * self.u[None, None]
        px = self.to_px(pts.reshape(-1, 2), height_mm) - self.offset
        return _sample(self.gray, px.reshape(*pts.shape))

    def edge_score(self, v: np.ndarray) -> np.ndarray:
        """How sharply the plastic's two edges lie on the sampled radii: the card's step
        (lighter inside) plus the outer step's size (the mat or token outside may be darker
        or lighter than the plastic); mean over directions, grey levels (C,)."""
        outer = np.abs(v[:, 0] - v[:, 1])
        inner = v[:, 3] - v[:, 2]
        return np.nanmean(outer + inner, axis=1)  # (v: at least the first four radii)

    def dark_arc(self, v: np.ndarray) -> np.ndarray:
        """Fraction of directions where the plastic is at most ``MAX_DARK`` of the card (C,)."""
        return np.nanmean(v[:, 4] <= MAX_DARK * np.maximum(v[:, 5], 1e-3), axis=1)


def squadrons_on_token(image: np.ndarray, offset, camera, token_mm: np.ndarray,
                       thickness_mm: float, radius_mm: float, base_height_mm: float,
                       px_per_mm: float, blob_px: np.ndarray | None = None,
                       taken: list[tuple[float, float, float]] = ()) -> list[tuple]:
    """Squadron bases on, half on or against an obstacle token.

    ``image`` (h, w, 3) float32 BGR region of the frame whose top-left pixel is ``offset``;
    ``camera`` maps table mm at a height to frame px and back; ``token_mm`` (M, 2) the matched
    token's outline, table mm, ``thickness_mm`` its thickness; ``radius_mm`` and
    ``base_height_mm`` a squadron base's; ``px_per_mm`` the frame's scale; ``blob_px`` (K, 2)
    the blob's outline in frame px (a centre must lie in it: a squadron in its own blob is
    found there); ``taken`` (x, y, radius) mm of pieces found already, which no base may
    overlap (RRG "Overlapping").

    Returns ``(x_mm, y_mm, dark_arc, height_mm)`` per base found: its centre, the fraction of
    its ring seen as black plastic, and the height of its top it was placed at.
    """
    if image is None or len(token_mm) < 3:
        return []
    token = shapely.Polygon(token_mm)
    if not token.is_valid:
        token = token.buffer(0)
    reach = token.buffer(REACH * radius_mm, quad_segs=8)
    top_on = base_height_mm + thickness_mm
    to_px, to_mm = camera.table_to_image, camera.image_to_table
    gray = image.mean(axis=2) if image.ndim == 3 else image
    gray = np.ascontiguousarray(gray, np.float32)
    # Proposals: the ring filter over the reach's pixels.
    response = cv2.filter2D(gray, -1, _ring_kernel(radius_mm * px_per_mm),
                            borderType=cv2.BORDER_REPLICATE)
    mask = np.zeros(gray.shape, np.uint8)
    ring_px = to_px(np.asarray(reach.exterior.coords), top_on) - np.asarray(offset, float)
    cv2.fillPoly(mask, [np.round(ring_px).astype(np.int32)], 1)
    if blob_px is not None:
        inside = np.zeros_like(mask)
        cv2.fillPoly(inside, [np.round(np.asarray(blob_px) - offset).astype(np.int32)], 1)
        mask &= inside
    peak = response >= cv2.dilate(response, cv2.getStructuringElement(
        cv2.MORPH_ELLIPSE, (int(radius_mm * px_per_mm) | 1,) * 2))
    ys, xs = np.nonzero(peak & (mask > 0) & (response >= MIN_RESPONSE))
    if not len(xs):
        return []
    order = np.argsort(-response[ys, xs])[:MAX_PROPOSALS]
    ring = _Ring(gray, offset, to_px, radius_mm)
    out: list[tuple] = []
    starts = [to_mm(np.array([[xs[j] + offset[0], ys[j] + offset[1]]], float), top_on)[0]
              for j in order]
    for c in starts:
        c, arc, z = _fit_ring(ring, token, c, radius_mm, base_height_mm, thickness_mm)
        disc = shapely.Point(*c).buffer(radius_mm, quad_segs=8)
        if arc < MIN_DARK_ARC or disc.distance(token) > 1.0:
            continue
        if any(math.hypot(c[0] - x, c[1] - y) < radius_mm + r - 1.0
               for x, y, r in [*taken, *((q[0], q[1], radius_mm) for q in out)]):
            continue
        out.append((float(c[0]), float(c[1]), arc, z))
    return out


def ring_refit(image: np.ndarray, offset, camera, token_mm: np.ndarray, thickness_mm: float,
               radius_mm: float, base_height_mm: float, centre_mm) -> tuple | None:
    """A squadron base found beside a token by its outline (``centre_mm``), placed again by
    its ring (its outline there runs into the token's, which pulls a fit 1-3 mm towards it):
    ``(x_mm, y_mm, dark_arc, height_mm)``, or None when the ring is not seen as black plastic
    on ``MIN_DARK_ARC`` of it. Arguments as :func:`squadrons_on_token`."""
    if image is None or len(token_mm) < 3:
        return None
    token = shapely.Polygon(token_mm)
    if not token.is_valid:
        token = token.buffer(0)
    gray = image.mean(axis=2) if image.ndim == 3 else image
    ring = _Ring(np.ascontiguousarray(gray, np.float32), offset, camera.table_to_image,
                 radius_mm)
    c, arc, z = _fit_ring(ring, token, np.asarray(centre_mm, np.float64)[:2], radius_mm,
                          base_height_mm, thickness_mm)
    if arc < MIN_DARK_ARC:
        return None
    return float(c[0]), float(c[1]), arc, z


def _fit_ring(ring: _Ring, token, c: np.ndarray, radius_mm: float, base_height_mm: float,
              thickness_mm: float) -> tuple[np.ndarray, float, float]:
    """The centre near ``c`` (mm) where the plastic's edges are sharpest (grids of
    ``STEPS_MM``), its dark arc and its top's height."""
    for step in STEPS_MM:
        g = np.arange(-2, 3) * step
        cand = c[None, :] + np.stack(np.meshgrid(g, g), axis=-1).reshape(-1, 2)
        h = _tops(token, cand, radius_mm, base_height_mm, thickness_mm)
        score = np.full(len(cand), -np.inf)
        for z in np.unique(h):
            sel = h == z
            score[sel] = ring.edge_score(ring.values(cand[sel], z, 4))
        if not np.isfinite(score).any():
            break
        c = cand[int(np.nanargmax(score))]
    z = float(_tops(token, c[None], radius_mm, base_height_mm, thickness_mm)[0])
    return c, float(ring.dark_arc(ring.values(c[None], z))[0]), z


def _tops(token, centres: np.ndarray, radius_mm: float, base_height_mm: float,
          thickness_mm: float) -> np.ndarray:
    """:func:`_top_mm` of each centre (C, 2) mm, (C,)."""
    pts = shapely.points(centres)
    on = shapely.contains(token, pts)
    over = shapely.distance(token, pts) < radius_mm
    return np.where(on, base_height_mm + thickness_mm,
                    np.where(over, base_height_mm + thickness_mm / 2.0, base_height_mm))


def _top_mm(token, centre, radius_mm: float, base_height_mm: float, thickness_mm: float) -> float:
    """A squadron base's top height at ``centre``: on the token when its centre is over it,
    tilted from the token's edge to the mat (half the thickness) when only part of it is,
    else on the mat."""
    p = shapely.Point(*centre)
    if token.contains(p):
        return base_height_mm + thickness_mm
    if token.distance(p) < radius_mm:
        return base_height_mm + thickness_mm / 2.0
    return base_height_mm
