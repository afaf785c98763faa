"""Every attack check of a scene: arc, attack range, line of sight, obstruction, dice, margin.

Rules: armada-rules.md 1.1 (LOS, RRG p.10/13), 1.2 (arcs, p.6/8), 1.3 (range, p.11/15). All
pairs are computed at once with numpy and shapely 2's array functions; pairs whose closest points
are beyond long range are only reported as out of range (their LOS is not traced: ``null``).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import shapely

from armada_vision.catalog import Catalog
from armada_vision.scene import Scene

from ._frame import Frame, build_frame
from ._lines import obstruction, zone_blocking
from ._npgeom import arc_distance, ring_distance
from ._ruleset import Ruleset, parse_ruleset

RANGE_BANDS = ("close", "medium", "long", "extreme")
# Touching within this distance (mm) counts as touching: floating-point slack, far below any
# camera accuracy.
TOUCH_MM = 1e-6


@dataclass(slots=True)
class AttackCheck:
    """One attacker (hull zone or squadron) against one defender of the other player.

    ``to_json()`` is exactly the DESIGN.md ``check`` object. For drawing: ``los_segment`` (from
    the attacker's LOS point to the defender's, table mm) and ``range_segment`` (closest points,
    ``None`` when out of range and not traced).
    """

    attacker: str
    attacking_zone: str | None
    defender: str
    defending_zone: str | None
    in_arc: bool
    range_mm: float
    range_band: str
    distance_band: int | None
    line_of_sight: bool | None
    blocked_by_zone: str | None
    obstructed: bool | None
    obstructed_by: tuple[str, ...]
    dice: dict[str, int]
    valid: bool
    margin_mm: float
    los_segment: tuple[tuple[float, float], tuple[float, float]] | None = None
    range_segment: tuple[tuple[float, float], tuple[float, float]] | None = None

    def to_json(self) -> dict:
        return {
            "attacker": self.attacker,
            "attacking_zone": self.attacking_zone,
            "defender": self.defender,
            "defending_zone": self.defending_zone,
            "in_arc": self.in_arc,
            "range_mm": round(self.range_mm, 1),
            "range_band": self.range_band,
            "distance_band": self.distance_band,
            "line_of_sight": self.line_of_sight,
            "blocked_by_zone": self.blocked_by_zone,
            "obstructed": self.obstructed,
            "obstructed_by": list(self.obstructed_by),
            "dice": dict(self.dice),
            "valid": self.valid,
            "margin_mm": round(self.margin_mm, 1),
        }


def _ruleset(ruleset) -> Ruleset:
    return ruleset if isinstance(ruleset, Ruleset) else parse_ruleset(ruleset)


def check_scene(scene: Scene, catalog: Catalog, ruleset: Ruleset | str | None = None,
                attacker_id: str | None = None) -> list[AttackCheck]:
    """Every attack of one player's hull zone or squadron on the other's, in scene order.

    ``attacker_id`` limits the attackers to that piece. ``ruleset`` is a :class:`Ruleset` or a
    name (``None``: ``rrg-1.6``). Pieces whose class is ``null`` are skipped (see
    :func:`scene_notes`). Raises :class:`InputError` for a class the catalog lacks.
    """
    rs = _ruleset(ruleset)
    frame = build_frame(scene, catalog, rs)
    return checks_for_frame(frame, catalog, rs, attacker_id)


def scene_notes(scene: Scene, catalog: Catalog, ruleset: Ruleset | str | None = None) -> list[str]:
    """Human-readable notes on pieces :func:`check_scene` skips (unknown class)."""
    return build_frame(scene, catalog, _ruleset(ruleset)).notes


def _pairs(f: Frame, attacker_id: str | None) -> tuple[np.ndarray, np.ndarray]:
    n = len(f.piece)
    att = np.ones(n, dtype=bool)
    if attacker_id is not None:
        att = np.array([p == attacker_id for p in f.piece], dtype=bool)
    mask = (f.player[:, None] != f.player[None, :]) & att[:, None]
    ai, di = np.nonzero(mask)
    return ai, di


def checks_for_frame(f: Frame, catalog: Catalog, rs: Ruleset,
                     attacker_id: str | None = None) -> list[AttackCheck]:
    ai, di = _pairs(f, attacker_id)
    if len(ai) == 0:
        return []
    ruler = catalog.ruler
    long_mm = ruler.range_bands_mm["long"]
    ship_att = ~f.is_sq[ai]
    sq_att = f.is_sq[ai]
    sq_def = f.is_sq[di]

    P = len(ai)
    # Prune by distance first: pairs whose bounding circles are beyond long range need no exact
    # polygon work (numpy alone gives their distance and arc verdict).
    gap = np.hypot(*(f.centre[ai] - f.centre[di]).T) - f.bound[ai] - f.bound[di]
    near_c = gap <= long_mm
    nc, fc = np.nonzero(near_c)[0], np.nonzero(~near_c)[0]
    # Closest points of the whole pieces (discs exactly, from their centres).
    plain = np.empty(P)
    if len(nc):
        plain[nc] = shapely.distance(f.core[ai[nc]], f.core[di[nc]])
    if len(fc):
        plain[fc] = ring_distance(f.ring[ai[fc]], f.ring[di[fc]])
    plain = np.maximum(plain - f.r[ai] - f.r[di], 0.0)

    # In arc (RRG p.6): any part of the defender within the (widened) arc; squadrons: 360 degrees.
    in_arc = np.ones(P, dtype=bool)
    d_arc = np.zeros(P)
    si = np.nonzero(ship_att)[0]
    if len(si):
        reflex = f.reflex[ai[si]]
        conv, rfx = si[~reflex], si[reflex]
        if len(conv):
            d_arc[conv] = arc_distance(f.ring[di[conv]], f.r[di[conv]], f.rays[ai[conv]])
        if len(rfx):
            d_arc[rfx] = np.maximum(shapely.distance(f.arc[ai[rfx]], f.core[di[rfx]])
                                    - f.r[di[rfx]], 0.0)
        in_arc[si] = d_arc[si] <= TOUCH_MM

    near = plain <= long_mm
    range_mm = plain.copy()
    seg = np.full((P, 2, 2), np.nan)
    ni = np.nonzero(near)[0]
    cand = ni[ship_att[ni] & in_arc[ni]]
    part = cand[~shapely.covers(f.arc[ai[cand]], f.geom[di[cand]])] if len(cand) else cand
    if len(part):
        # Attack range ignores every part of the defender outside the attacking arc (RRG p.11).
        clipped = shapely.intersection(f.geom[di[part]], f.arc[ai[part]])
        range_mm[part] = shapely.distance(f.geom[ai[part]], clipped)
        seg[part] = shapely.get_coordinates(
            shapely.shortest_line(f.geom[ai[part]], clipped)).reshape(-1, 2, 2)
    whole = np.setdiff1d(ni, part, assume_unique=True)
    if len(whole):
        seg[whole] = _plain_segments(f, ai[whole], di[whole])
    range_line = np.full(P, None, dtype=object)
    range_line[ni] = shapely.linestrings(seg[ni])

    range_edges = np.array([ruler.range_bands_mm[b] for b in ("close", "medium", "long")])
    dist_edges = np.asarray(ruler.distance_bands_mm, dtype=float)
    band = np.searchsorted(range_edges, range_mm, side="left")        # edge -> nearer band
    dband = np.searchsorted(dist_edges, range_mm, side="left") + 1    # 6 -> beyond 5

    # Line of sight points: targeting points; squadrons by ruleset (centre or closest point).
    a_pt = f.tp[ai].copy()
    d_pt = f.tp[di].copy()
    if rs.squadron_los == "closest":
        _closest_squadron_points(f, ai, di, sq_att, a_pt, d_pt)
    los_line = np.full(len(ai), None, dtype=object)
    los_line[ni] = shapely.linestrings(np.stack([a_pt[ni], d_pt[ni]], axis=1))

    margin = np.min(np.abs(range_mm[:, None] - np.concatenate([range_edges, dist_edges])[None, :]),
                    axis=1)
    margin = np.where(ship_att, np.minimum(margin, _arc_margin(f, ai, di, in_arc, d_arc)), margin)

    # No LOS through another hull zone of the defender (LOS line or attack-range line, RRG p.10).
    blocked_by, block_margin = zone_blocking(f, ai, di, ni, los_line, range_line)
    margin = np.minimum(margin, block_margin)
    ob_hits, dust, ob_margin = obstruction(f, ai, di, ni, los_line)
    margin = np.minimum(margin, ob_margin)

    los = np.zeros(len(ai), dtype=bool)
    los[ni] = [b is None for b in blocked_by[ni]]
    los[ni] &= ~(dust[ni] & ship_att[ni])   # a dust field forbids ship attacks across it
    obstructed = np.zeros(len(ai), dtype=bool)
    obstructed[ni] = [len(h) > 0 for h in ob_hits[ni]]

    # Dice (RRG p.2): black close only, blue up to medium, red up to long; squadrons distance 1.
    base_dice = np.where(sq_def[:, None], f.dice_anti_sq[ai], f.dice_zone[ai])
    base_dice = np.where(sq_att[:, None], np.where(sq_def[:, None], f.dice_anti_sq[ai],
                                                   f.dice_anti_ship[ai]), base_dice)
    allowed = np.stack([band <= 2, band <= 1, band <= 0], axis=1)
    allowed = np.where(sq_att[:, None], (dband == 1)[:, None], allowed)
    dice = base_dice * allowed
    total = dice.sum(axis=1)
    # An obstructed attack loses one die; with none left it is cancelled (RRG p.13).
    valid = in_arc & los & (total > 0) & ~(obstructed & (total <= 1))

    piece, zone = f.piece, f.zone
    A, D = ai.tolist(), di.tolist()
    in_arc_l, range_l, band_l, dband_l = in_arc.tolist(), range_mm.tolist(), band.tolist(), \
        dband.tolist()
    near_l, los_l, obs_l, valid_l = near.tolist(), los.tolist(), obstructed.tolist(), valid.tolist()
    dice_l, margin_l, ap, dp = dice.tolist(), margin.tolist(), a_pt.tolist(), d_pt.tolist()
    seg_l = seg.tolist()
    blocked_l, hits_l = blocked_by.tolist(), ob_hits.tolist()
    out = []
    append = out.append
    for k in range(P):
        i, j = A[k], D[k]
        nr = near_l[k]
        red, blue, black = dice_l[k]
        sg = seg_l[k]
        append(AttackCheck(
            piece[i], zone[i], piece[j], zone[j], in_arc_l[k], range_l[k],
            RANGE_BANDS[band_l[k]], dband_l[k] if dband_l[k] <= 5 else None,
            los_l[k] if nr else None, blocked_l[k], obs_l[k] if nr else None,
            hits_l[k] if nr else (), {"red": red, "blue": blue, "black": black},
            valid_l[k], margin_l[k], (tuple(ap[k]), tuple(dp[k])),
            (tuple(sg[0]), tuple(sg[1])) if nr else None,
        ))
    return out


def _plain_segments(f: Frame, ai, di) -> np.ndarray:
    """Closest-point segments (P, 2, 2) between whole pieces; squadron ends on their circles."""
    c = shapely.get_coordinates(shapely.shortest_line(f.core[ai], f.core[di])).reshape(-1, 2, 2)
    out = c.copy()
    for end, idx in ((0, ai), (1, di)):
        sq = f.is_sq[idx]
        if not sq.any():
            continue
        centre = c[sq, end]
        v = c[sq, 1 - end] - centre
        n = np.hypot(v[:, 0], v[:, 1])
        ok = n > 1e-9
        p = centre.copy()
        p[ok] = centre[ok] + v[ok] / n[ok, None] * np.minimum(f.r[idx[sq]][ok], n[ok])[:, None]
        out[sq, end] = p
    return out


def _closest_squadron_points(f: Frame, ai, di, sq_att, a_pt, d_pt) -> None:
    """RRG 1.5: LOS at a squadron uses the point of its base closest to the other piece."""
    for idx, other, pts in ((ai, di, a_pt), (di, ai, d_pt)):
        sq = np.nonzero(f.is_sq[idx])[0]
        if not len(sq):
            continue
        line = shapely.shortest_line(f.core[idx[sq]], f.geom[other[sq]])
        q = shapely.get_coordinates(line).reshape(-1, 2, 2)[:, 1]
        centre = f.centre[idx[sq]]
        v = q - centre
        n = np.hypot(v[:, 0], v[:, 1])
        ok = n > 1e-9
        p = centre.copy()
        p[ok] = centre[ok] + v[ok] / n[ok, None] * f.r[idx[sq]][ok, None]
        pts[sq] = p


def _arc_margin(f: Frame, ai, di, in_arc, d_arc) -> np.ndarray:
    """How far the defender is from leaving (in arc) or entering (not in arc) the firing arc."""
    m = np.where(in_arc, np.inf, d_arc)
    rays = f.rays[ai]                                     # (P, 2, 3, 2)
    inside = np.nonzero(in_arc & ~f.is_sq[ai])[0]
    if not len(inside):
        return m
    o = rays[inside, :, 0]                               # (P, 2, 2)
    nrm = rays[inside, :, 2]
    # signed depth of a point inside the arc: the smaller of its distances past each arc line
    sq = f.is_sq[di[inside]]
    depth = np.empty(len(inside))
    if sq.any():
        c = f.centre[di[inside[sq]]]
        sdk = np.einsum("pkd,pkd->pk", c[:, None, :] - o[sq], nrm[sq])
        sd = np.where(f.reflex[ai[inside[sq]]], sdk.max(axis=1), sdk.min(axis=1))
        depth[sq] = sd + f.r[di[inside[sq]]]
    zs = ~sq
    if zs.any():
        v = f.verts[di[inside[zs]]]                       # (P, V, 2)
        sdk = ((v[:, :, None, :] - o[zs][:, None]) * nrm[zs][:, None]).sum(axis=-1)
        sd = np.where(f.reflex[ai[inside[zs]]][:, None], sdk.max(axis=2), sdk.min(axis=2))
        depth[zs] = np.nanmax(sd, axis=1)
    m[inside] = np.abs(depth)
    return m


__all__ = ["AttackCheck", "check_scene", "checks_for_frame", "scene_notes"]
