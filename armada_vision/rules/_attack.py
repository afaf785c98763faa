"""Every attack check of a scene: arc, attack range, line of sight, obstruction, dice, margin.

Rules: armada-rules.md 1.1 (LOS, RRG p.10/13), 1.2 (arcs, p.6/8), 1.3 (range, p.11/15). All
pairs are computed at once with numpy (exact small-polygon geometry); shapely is only used to clip
a defender that is partly inside the attacking arc. Pairs whose closest points are beyond long
range are traced (attack range to the in-arc part, LOS, obstruction) only when a hull zone has a
defending hull zone in its arc (extreme-range ignition attacks, RRG p.9, need LOS); the others
are reported as out of range with ``line_of_sight`` / ``obstructed`` ``null`` (not traced).
"""

from __future__ import annotations

import functools
import gc
import threading
from types import MappingProxyType
from typing import NamedTuple

import numpy as np
import shapely

from armada_vision.catalog import Catalog
from armada_vision.scene import Scene

from . import _soa
from ._frame import Frame, build_frame
from ._lines import obstruction, zone_blocking
from ._npgeom import (
    clipped_range,
    inside_arc,
    pick_closest,
)
from ._ruleset import Ruleset, parse_ruleset

RANGE_BANDS = ("close", "medium", "long", "extreme")
# Touching within this distance (mm) counts as touching: floating-point slack, far below any
# camera accuracy.
TOUCH_MM = 1e-6
_DICE: dict[tuple[int, int, int], MappingProxyType] = {}
_BOOL = np.array([False, True], dtype=object)
_BANDS = np.array(RANGE_BANDS, dtype=object)
_DBANDS = np.array([1, 2, 3, 4, 5, None], dtype=object)


class AttackCheck(NamedTuple):
    """One attacker (hull zone or squadron) against one defender of the other player.

    ``to_json()`` is exactly the DESIGN.md ``check`` object. For drawing: ``los_segment`` (from
    the attacker's LOS point to the defender's) and ``range_segment`` (the closest points; ``None``
    when out of range and not traced), each a read-only numpy array [[x0, y0], [x1, y1]] in table
    mm. ``dice`` is a read-only mapping red/blue/black -> count. A dice colour has at most 7 dice.
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
    dice: MappingProxyType
    valid: bool
    margin_mm: float
    los_segment: np.ndarray | None = None
    range_segment: np.ndarray | None = None

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
    frame = frame_for(scene, catalog, rs)
    # same poses asked again (the frame is cached): the rows are immutable, so a new list of
    # the same rows is the answer
    done = frame._memo.setdefault("checks", {})
    rows = done.get(attacker_id)
    if rows is None:
        gc_on = gc.isenabled()
        gc.disable()        # ~2,000 new rows would start 3 collections of the young generation
        try:
            rows = done[attacker_id] = checks_for_frame(frame, catalog, rs, attacker_id)
        finally:
            if gc_on:
                gc.enable()
    return list(rows)


def scene_notes(scene: Scene, catalog: Catalog, ruleset: Ruleset | str | None = None) -> list[str]:
    """Human-readable notes on pieces :func:`check_scene` skips (unknown class)."""
    return list(frame_for(scene, catalog, _ruleset(ruleset)).notes)


# A live camera asks again with the same poses for many frames in a row (and the window asks
# per attacker): the posed tables of the last few scenes are kept, keyed on the poses (Scene
# equality: ids, classes, players, x/y/heading, outlines, play area), the catalog object and the
# ruleset. A Frame is never changed after it is built except for its lazily built shapely
# geometry, which is the same whoever builds it.
FRAME_CACHE_SIZE = 4
_frames: list[tuple[Scene, Catalog, Ruleset, Frame]] = []
_frames_lock = threading.Lock()


def frame_for(scene: Scene, catalog: Catalog, rs: Ruleset) -> Frame:
    """The :class:`Frame` of ``scene``: built, or the cached one of an equal scene (same poses)."""
    with _frames_lock:
        for k, (s, c, r, f) in enumerate(_frames):
            if c is catalog and r == rs and (s is scene or s == scene):
                if k:
                    _frames.insert(0, _frames.pop(k))
                return f
    f = build_frame(scene, catalog, rs)
    with _frames_lock:
        _frames.insert(0, (scene, catalog, rs, f))
        del _frames[FRAME_CACHE_SIZE:]
    return f


def clear_frame_cache() -> None:
    """Forget the cached scenes (benchmarks timing a new camera frame call this)."""
    with _frames_lock:
        _frames.clear()


def _pairs(f: Frame, attacker_id: str | None) -> tuple[np.ndarray, np.ndarray]:
    n = len(f.piece)
    att = np.ones(n, dtype=bool)
    if attacker_id is not None:
        att = np.array([p == attacker_id for p in f.piece], dtype=bool)
    mask = (f.player[:, None] != f.player[None, :]) & att[:, None]
    ai, di = np.nonzero(mask)
    return ai, di


# tuple.__new__ bound to the class: builds each row in C (no Python frame per check)
_new_check = functools.partial(tuple.__new__, AttackCheck)


def _dice(red: int, blue: int, black: int) -> MappingProxyType:
    key = (red, blue, black)
    d = _DICE.get(key)
    if d is None:
        d = _DICE[key] = MappingProxyType({"red": red, "blue": blue, "black": black})
    return d


# every pool of at most 7 dice a colour, by red * 64 + blue * 8 + black
_DICE_BY_CODE = np.array([_dice(c // 64, c // 8 % 8, c % 8) for c in range(512)] + [None],
                         dtype=object)[:-1]


def _unit(v: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    n = np.hypot(v[:, 0], v[:, 1])
    ok = n > 1e-12
    u = np.zeros_like(v)
    u[ok] = v[ok] / n[ok, None]
    return u, n


def _unordered(N: int, a: np.ndarray, b: np.ndarray):
    """Unique unordered pairs of ``a``/``b`` (entity indices): representative rows and inverse."""
    key = np.minimum(a, b) * N + np.maximum(a, b)
    _, first, inv = np.unique(key, return_index=True, return_inverse=True)
    return first, inv


def _distances(f: Frame, ai, di):
    """Closest distance of the whole pieces (P,) and closest points (P, 2) x2 (NaN where not
    computed: hull zone pairs that are far apart). Distances are symmetric: each unordered pair
    is computed once."""
    P, N = len(ai), len(f.piece)
    plain = np.empty(P)
    pa, pb = np.full((P, 2), np.nan), np.full((P, 2), np.nan)
    sa, sd = f.is_sq[ai], f.is_sq[di]
    ss = np.nonzero(sa & sd)[0]
    if len(ss):
        ca, cb = f.centre[ai[ss]], f.centre[di[ss]]
        u, n = _unit(cb - ca)
        ra, rb = f.r[ai[ss]], f.r[di[ss]]
        plain[ss] = n - ra - rb
        pa[ss] = ca + u * np.minimum(ra, n)[:, None]
        pb[ss] = cb - u * np.minimum(rb, n)[:, None]
    mixed = np.nonzero(sa != sd)[0]
    if len(mixed):
        zone_first = ~sa[mixed]
        z = np.where(zone_first, ai[mixed], di[mixed])
        q = np.where(zone_first, di[mixed], ai[mixed])
        first, inv = _unordered(N, z, q)
        c, r = f.centre[q[first]], f.r[q[first]]
        zf_ = z[first]
        qx, qy, inside = _soa.point_ring_closest(c[:, 0], c[:, 1], _soa.take(f.rx, zf_),
                                                 _soa.take(f.ry, zf_))
        near_pt = np.stack([qx, qy], axis=1)
        u, n = _unit(near_pt - c)
        d = np.where(inside, 0.0, n - r)
        disc_pt = np.where(inside[:, None], c, c + u * np.minimum(r, n)[:, None])
        zone_pt = np.where(inside[:, None], c, near_pt)
        plain[mixed] = d[inv]
        zf = zone_first[:, None]
        pa[mixed] = np.where(zf, zone_pt[inv], disc_pt[inv])
        pb[mixed] = np.where(zf, disc_pt[inv], zone_pt[inv])
    zz = np.nonzero(~sa & ~sd)[0]
    if len(zz):
        first, inv = _unordered(N, ai[zz], di[zz])
        a, b = ai[zz[first]], di[zz[first]]
        d = np.empty(len(first))
        gap = np.hypot(*(f.ecentre[a] - f.ecentre[b]).T) - f.ebound[a] - f.ebound[b]
        close = gap <= 0          # the zones' circles overlap: the polygons may intersect
        fa, fb = a[~close], b[~close]
        d[~close] = _soa.ring_distance(_soa.take(f.rx, fa), _soa.take(f.ry, fa),
                                       _soa.take(f.rx, fb), _soa.take(f.ry, fb))
        if close.any():
            d[close] = shapely.distance(f.geoms(a[close]), f.geoms(b[close]))
        plain[zz] = d[inv]
    return np.maximum(plain, 0.0), pa, pb


def _zone_closest_points(f: Frame, a: np.ndarray, b: np.ndarray):
    """:func:`ring_closest_points` of hull zones ``a`` and ``b`` (P,), each unordered pair once:
    the two vertex-to-edge searches serve (a, b) and (b, a) alike."""
    first, inv = _unordered(len(f.piece), a, b)
    lo = np.minimum(a, b)[first]
    hi = np.maximum(a, b)[first]
    lx, ly, hx, hy = (_soa.take(v, w) for w in (lo, hi) for v in (f.rx, f.ry))
    d1, *vq1 = _soa.vertex_edge_nearest(lx, ly, hx, hy)          # lo's vertices, hi's edges
    d2, *vq2 = _soa.vertex_edge_nearest(hx, hy, lx, ly)
    v1, q1 = np.stack(vq1[:2], axis=1), np.stack(vq1[2:], axis=1)
    v2, q2 = np.stack(vq2[:2], axis=1), np.stack(vq2[2:], axis=1)
    d1, v1, q1, d2, v2, q2 = d1[inv], v1[inv], q1[inv], d2[inv], v2[inv], q2[inv]
    flip = (a > b)[:, None]       # (hi, lo): hi's vertices were searched first
    pa, pb = pick_closest(np.where(flip[:, 0], d2, d1), np.where(flip, v2, v1),
                          np.where(flip, q2, q1), np.where(flip[:, 0], d1, d2),
                          np.where(flip, v1, v2), np.where(flip, q1, q2))
    return pa, pb


def _in_arc(f: Frame, ai, di, si):
    """In-arc verdict and arc distance (a lower bound far away) for ship attackers ``si``."""
    d_arc = np.zeros(len(si))
    inn = np.zeros(len(si), dtype=bool)
    covered = np.zeros(len(si), dtype=bool)
    a, d = ai[si], di[si]
    # signed distances (3, n) of the defender's circle centre past the arc's three boundaries
    sd = _soa.half_plane_depth(f.ecentre[d, 0], f.ecentre[d, 1], _soa.take(f.arc_sx, a),
                               _soa.take(f.arc_sy, a), _soa.take(f.arc_nx, a),
                               _soa.take(f.arc_ny, a))
    spine = f.arc_normals[a, 2]
    sd[2] = np.where((spine[:, 0] == 0) & (spine[:, 1] == 0), np.inf, sd[2])
    bound = f.ebound[d]
    reflex = f.reflex[a]
    out = (sd < -bound).any(0) & ~reflex
    clear_in = (sd >= bound).all(0) & ~reflex
    d_arc[out] = (-sd[:, out]).max(0) - bound[out]
    inn[clear_in] = True
    covered[clear_in] = True
    amb = np.nonzero(~out & ~clear_in & ~reflex)[0]
    if len(amb):
        aa = a[amb]
        da = d[amb]
        d_arc[amb] = _soa.arc_distance(
            _soa.take(f.rx, da), _soa.take(f.ry, da), f.r[da],
            *(_soa.take(v, aa) for v in (f.ray_ox, f.ray_oy, f.arc_sx, f.arc_sy, f.arc_ex,
                                         f.arc_ey, f.arc_nx, f.arc_ny)))
        inn[amb] = d_arc[amb] <= TOUCH_MM
        # entirely inside (convex pieces in a convex arc: every vertex / the disc inside)
        zs = ~f.is_sq[d[amb]]
        cov = np.zeros(len(amb), dtype=bool)
        az = a[amb[zs]]
        cov[zs] = inside_arc(f.ring[d[amb[zs]]], f.arc_starts[az], f.arc_normals[az]).all(1)
        cov[~zs] = (sd[:, amb[~zs]] >= f.r[d[amb[~zs]]]).all(0)
        covered[amb] = cov
    rf = np.nonzero(reflex)[0]
    if len(rf):
        d_arc[rf] = np.maximum(shapely.distance(f.arcs(a[rf]), f.cores(d[rf])) - f.r[d[rf]], 0.0)
        inn[rf] = d_arc[rf] <= TOUCH_MM
    return inn, d_arc, covered


def checks_for_frame(f: Frame, catalog: Catalog, rs: Ruleset,
                     attacker_id: str | None = None) -> list[AttackCheck]:
    """The checks of :func:`check_scene` computed on a prepared :class:`Frame` (no caching).

    Per attacker/defender pair: arc, attack range (mm, RRG p.11), bands (RRG pp.15-16), LOS and
    blocking hull zone (RRG p.10), obstruction (RRG p.13), dice and ``margin_mm``. Callers that
    ask the same poses repeatedly should use :func:`check_scene`, which memoises per frame.
    """
    ai, di = _pairs(f, attacker_id)
    P = len(ai)
    if P == 0:
        return []
    ruler = catalog.ruler
    long_mm = ruler.range_bands_mm["long"]
    sq_att, sq_def = f.is_sq[ai], f.is_sq[di]
    ship_att = ~sq_att

    plain, pa, pb = _distances(f, ai, di)

    # In arc (RRG p.6): any part of the defender within the (widened) arc; squadrons: 360 degrees.
    in_arc = np.ones(P, dtype=bool)
    d_arc = np.zeros(P)
    covered = np.ones(P, dtype=bool)
    si = np.nonzero(ship_att)[0]
    if len(si):
        in_arc[si], d_arc[si], covered[si] = _in_arc(f, ai, di, si)

    # traced: within long range, or a hull zone in the arc of a hull zone at extreme range
    near = (plain <= long_mm) | (ship_att & in_arc & ~sq_def)
    ni = np.nonzero(near)[0]
    range_mm = plain.copy()
    seg = np.stack([pa, pb], axis=1)
    zz = ni[np.isnan(seg[ni, 0, 0])]
    if len(zz):
        seg[zz, 0], seg[zz, 1] = _zone_closest_points(f, ai[zz], di[zz])
    # Attack range ignores every part of the defender outside the attacking arc (RRG p.11).
    part = ni[ship_att[ni] & in_arc[ni] & ~covered[ni]]
    wide = part[f.reflex[ai[part]] | (plain[part] <= 0.0)]
    part = part[~(f.reflex[ai[part]] | (plain[part] <= 0.0))]
    if len(part):
        a, d = ai[part], di[part]
        rng, frm, to, closest_in = clipped_range(
            f.ring[a], seg[part, 1], f.rays[a], f.ring[d], f.is_sq[d], f.centre[d], f.r[d],
            (f.arc_starts[a], f.arc_ends[a], f.arc_normals[a]))
        moved = ~closest_in & np.isfinite(rng)
        range_mm[part[moved]] = rng[moved]
        seg[part[moved], 0], seg[part[moved], 1] = frm[moved], to[moved]
    if len(wide):   # arcs wider than 180 degrees, or touching pieces: shapely
        clipped = shapely.intersection(f.geoms(di[wide]), f.arcs(ai[wide]))
        att = f.geoms(ai[wide])
        range_mm[wide] = shapely.distance(att, clipped)
        seg[wide] = shapely.get_coordinates(shapely.shortest_line(att, clipped)).reshape(-1, 2, 2)

    range_edges = np.array([ruler.range_bands_mm[b] for b in ("close", "medium", "long")])
    dist_edges = np.asarray(ruler.distance_bands_mm, dtype=float)
    band = np.searchsorted(range_edges, range_mm, side="left")        # edge -> nearer band
    dband = np.searchsorted(dist_edges, range_mm, side="left") + 1    # 6 -> beyond 5

    # Line of sight points: targeting points; squadrons by ruleset (centre or, RRG 1.5, the
    # point of the base closest to the other piece: the end of the closest-point segment).
    a_pt = f.tp[ai].copy()
    d_pt = f.tp[di].copy()
    if rs.squadron_los == "closest":
        a_pt[sq_att] = pa[sq_att]
        d_pt[sq_def] = pb[sq_def]
    los_seg = np.stack([a_pt, d_pt], axis=1)

    edges = np.concatenate([range_edges, dist_edges])[:, None]
    margin = np.abs(range_mm[None, :] - edges).min(axis=0)       # (edges, P): see _soa
    margin = np.where(ship_att, np.minimum(margin, _arc_margin(f, ai, di, in_arc, d_arc)), margin)

    # No LOS through another hull zone of the defender (LOS line or attack-range line, RRG p.10).
    brows = ni[~sq_def[ni]]
    blocked_by, block_margin = zone_blocking(f, di, brows, los_seg[brows], seg[brows], P, margin)
    margin = np.minimum(margin, block_margin)
    ob_hits, dust, ob_margin = obstruction(f, ai, di, ni, los_seg[ni], P, margin)
    margin = np.minimum(margin, ob_margin)

    los = near.copy()
    los[brows] = [b is None for b in blocked_by[brows]]
    los &= ~(dust & ship_att)           # a dust field forbids ship attacks across it
    obstructed = np.zeros(P, dtype=bool)
    obstructed[ni] = [len(h) > 0 for h in ob_hits[ni].tolist()]

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

    return _rows(f, ai, di, ni, in_arc, range_mm, band, dband, los, blocked_by, obstructed,
                 ob_hits, dice, valid, margin, los_seg, seg)


def _rows(f: Frame, ai, di, ni, in_arc, range_mm, band, dband, los, blocked_by, obstructed,
          ob_hits, dice, valid, margin, los_seg, seg) -> list[AttackCheck]:
    """Columns -> one :class:`AttackCheck` per pair (C-level zip)."""
    P = len(ai)
    piece = np.array(f.piece + [None], dtype=object)[:-1]
    zone = np.array(f.zone + [None], dtype=object)[:-1]
    los_col = np.full(P, None, dtype=object)
    los_col[ni] = _BOOL[los[ni].astype(np.intp)]
    obs_col = np.full(P, None, dtype=object)
    obs_col[ni] = _BOOL[obstructed[ni].astype(np.intp)]
    code = (dice[:, 0] * 64 + dice[:, 1] * 8 + dice[:, 2]).astype(np.intp)
    if len(code) and code.max() >= len(_DICE_BY_CODE):        # 8 red dice or more
        uniq, inv = np.unique(code, return_inverse=True)
        dice_col = np.array([_dice(int(c) // 64, int(c) // 8 % 8, int(c) % 8) for c in uniq]
                            + [None], dtype=object)[:-1][inv]
    else:
        dice_col = _DICE_BY_CODE[code]
    los_seg.flags.writeable = False
    seg.flags.writeable = False
    rng_col = np.full(P, None, dtype=object)
    rng_col[ni] = list(seg[ni])
    return list(map(_new_check, zip(
        piece[ai].tolist(), zone[ai].tolist(), piece[di].tolist(), zone[di].tolist(),
        _BOOL[in_arc.astype(np.intp)].tolist(), range_mm.tolist(), _BANDS[band].tolist(),
        _DBANDS[dband - 1].tolist(), los_col.tolist(), blocked_by.tolist(), obs_col.tolist(),
        ob_hits.tolist(), dice_col.tolist(), _BOOL[valid.astype(np.intp)].tolist(),
        margin.tolist(), list(los_seg), rng_col.tolist())))


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
        dz = di[inside[zs]]
        vx, vy = _soa.take(f.rx, dz), _soa.take(f.ry, dz)          # (V, n) vertex-first
        oz, nz = o[zs], nrm[zs]
        sd0 = _soa.half_plane_depth(vx, vy, oz[:, 0, 0], oz[:, 0, 1], nz[:, 0, 0], nz[:, 0, 1])
        sd1 = _soa.half_plane_depth(vx, vy, oz[:, 1, 0], oz[:, 1, 1], nz[:, 1, 0], nz[:, 1, 1])
        sd = np.where(f.reflex[ai[inside[zs]]], np.maximum(sd0, sd1), np.minimum(sd0, sd1))
        depth[zs] = np.nanmax(sd, axis=0)
    m[inside] = np.abs(depth)
    return m


__all__ = ["AttackCheck", "check_scene", "checks_for_frame", "clear_frame_cache", "frame_for",
           "scene_notes"]
