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

from ._bow import bow_notes, flag_bow_guesses
from ._engaged_attacks import engagement_limits, snipe_attacks
from ._frame import Frame, build_frame
from ._lines import obstruction, zone_blocking
from ._npgeom import _chord_range
from ._offtable import drop_off_table, off_table_ids, off_table_notes
from ._overlap import flag_overlaps, overlap_notes, overlapping_pairs
from ._pairgeom import _arc_margin, _distances, _in_arc
from ._ruleset import Ruleset, parse_ruleset
from ._slide import crossing_scale, range_slide_scale
from ._soa import kernel

RANGE_BANDS = ("close", "medium", "long", "extreme")
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
            "range_mm": round(self.range_mm, 1) + 0.0,     # + 0.0: never "-0.0"
            "range_band": self.range_band,
            "distance_band": self.distance_band,
            "line_of_sight": self.line_of_sight,
            "blocked_by_zone": self.blocked_by_zone,
            "obstructed": self.obstructed,
            "obstructed_by": list(self.obstructed_by),
            "dice": dict(self.dice),
            "valid": self.valid,
            "margin_mm": round(self.margin_mm, 1) + 0.0,
        }


def _ruleset(ruleset) -> Ruleset:
    return ruleset if isinstance(ruleset, Ruleset) else parse_ruleset(ruleset)


def check_scene(scene: Scene, catalog: Catalog, ruleset: Ruleset | str | None = None,
                attacker_id: str | None = None) -> list[AttackCheck]:
    """Every attack of one player's hull zone or squadron on the other's, in scene order.

    ``attacker_id`` limits the attackers to that piece. ``ruleset`` is a :class:`Ruleset` or a
    name (``None``: ``rrg-1.6``). Pieces whose class is ``null`` are skipped, and so are
    attacks by or on a piece wholly outside the play area (see :func:`scene_notes`). Raises :class:`InputError` for a class the catalog lacks.
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
            rows = checks_for_frame(frame, catalog, rs, attacker_id)
            rows = flag_bow_guesses(scene, catalog, rs, rows,
                                    lambda f: checks_for_frame(f, catalog, rs, attacker_id))
            rows = flag_overlaps(rows, overlapping_pairs(frame, scene, catalog))
            rows = done[attacker_id] = drop_off_table(rows, _off_table(frame, scene, catalog))
        finally:
            if gc_on:
                gc.enable()
    return list(rows)


def scene_notes(scene: Scene, catalog: Catalog, ruleset: Ruleset | str | None = None) -> list[str]:
    """Human-readable notes on pieces :func:`check_scene` skips (unknown class) or cannot
    place for sure (a ship whose bow is not known, pieces whose bases overlap), and pieces
    wholly outside the play area (destroyed, RRG "Play Area": their attacks are dropped)."""
    frame = frame_for(scene, catalog, _ruleset(ruleset))
    return (list(frame.notes) + bow_notes(scene)
            + overlap_notes(overlapping_pairs(frame, scene, catalog))
            + off_table_notes(_off_table(frame, scene, catalog)))


def _off_table(frame: Frame, scene: Scene, catalog: Catalog) -> frozenset[str]:
    """:func:`off_table_ids`, cached on the frame (its poses and play area)."""
    memo = frame._memo
    if "off_table" not in memo:
        memo["off_table"] = off_table_ids(scene, catalog)
    return memo["off_table"]


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
    """Attacker and defender entity indices of every pair asked (read-only; the same for every
    frame of a fleet, so kept with the fleet layout)."""
    key = ("pairs", attacker_id)
    hit = f.fleet_memo.get(key)
    if hit is None:
        hit = f.fleet_memo[key] = _new_pairs(f, attacker_id)
        for v in hit:
            v.flags.writeable = False
    return hit


def _new_pairs(f: Frame, attacker_id: str | None) -> tuple[np.ndarray, np.ndarray]:
    n = len(f.piece)
    if attacker_id is not None:
        own = f.entity_index.get(attacker_id)
        if own is None:
            return np.zeros(0, dtype=np.intp), np.zeros(0, dtype=np.intp)
        if (f.player[own] == f.player[own[0]]).all():
            # one piece, one player: the rows of the mask below, row by row (same order)
            foes = np.nonzero(f.player != f.player[own[0]])[0]
            return np.repeat(own, len(foes)), np.tile(foes, len(own))
    att = np.ones(n, dtype=bool)
    if attacker_id is not None:
        att = np.array([p == attacker_id for p in f.piece], dtype=bool)
    mask = (f.player[:, None] != f.player[None, :]) & att[:, None]
    ai, di = np.nonzero(mask)
    # nonzero's arrays are strided views of one (P, 2) array: contiguous copies, so that the
    # compiled kernels see the one array layout they were compiled for (a second layout would
    # compile every stage kernel again, seconds of CPU the first time)
    return np.ascontiguousarray(ai), np.ascontiguousarray(di)


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

    # one attacking player (one attacker asked): no pair comes back reversed, so the per
    # unordered pair sharing of the distance kernels needs no sort
    one_way = bool((f.player[ai] == f.player[ai[0]]).all())
    plain, pa, pb = _distances(f, ai, di, one_way)

    # In arc (RRG p.6): any part of the defender within the (widened) arc; squadrons: 360 degrees.
    in_arc, d_arc, covered = _in_arc(f, ai, di)

    # traced: within long range, or a hull zone in the arc of a hull zone at extreme range
    near = (plain <= long_mm) | (ship_att & in_arc & ~sq_def)
    ni = np.nonzero(near)[0]
    range_mm = plain.copy()
    seg = np.stack([pa, pb], axis=1)
    # Attack range ignores every part of the defender outside the attacking arc (RRG p.11).
    # The compiled chord search needs convex zones and arcs; the rest go to shapely.
    part = ni[ship_att[ni] & in_arc[ni] & ~covered[ni]]
    exact = (f.reflex[ai[part]] | (plain[part] <= 0.0) | ~f.convex[ai[part]]
             | ~f.convex[di[part]])
    wide = part[exact]
    part = part[~exact]
    if len(part):
        a, d = ai[part], di[part]
        rng, frm, to, closest_in = _chord_range(
            seg[part, 1], f.rx, f.ry, a, f.arc_sx, f.arc_sy, f.arc_ex, f.arc_ey, f.arc_nx,
            f.arc_ny, a, f.rx, f.ry, d, f.is_sq, f.centre, f.r)
        moved = ~closest_in & np.isfinite(rng)
        range_mm[part[moved]] = rng[moved]
        seg[part[moved], 0], seg[part[moved], 1] = frm[moved], to[moved]
    if len(wide):   # arcs wider than 180 degrees, touching pieces, non-convex zones: shapely
        clipped = shapely.intersection(f.geoms(di[wide]), f.arcs(ai[wide]))
        att = f.geoms(ai[wide])
        range_mm[wide] = shapely.distance(att, clipped)
        seg[wide] = shapely.get_coordinates(shapely.shortest_line(att, clipped)).reshape(-1, 2, 2)

    range_edges = np.array([ruler.range_bands_mm[b] for b in ("close", "medium", "long")])
    dist_edges = np.asarray(ruler.distance_bands_mm, dtype=float)
    # clipped pairs whose closest point is where the defender crosses an arc line: the range
    # moves faster than the pieces there (see range_slide_scale)
    clipped = np.concatenate([part[moved], wide]) if len(part) else wide

    # Line of sight points: targeting points; squadrons by ruleset (centre or, RRG 1.5, the
    # point of the base closest to the other piece: the end of the closest-point segment).
    a_pt = f.tp[ai].copy()
    d_pt = f.tp[di].copy()
    if rs.squadron_los == "closest":
        a_pt[sq_att] = pa[sq_att]
        d_pt[sq_def] = pb[sq_def]
    los_seg = np.stack([a_pt, d_pt], axis=1)

    band, dband, margin = _bands(range_mm, range_edges, dist_edges,
                                 _arc_margin(f, ai, di, in_arc, d_arc), ship_att)
    edges = np.concatenate([range_edges, dist_edges])
    # how far the attack range alone is from a band edge (the margin of an attack beyond long
    # range, whose other verdicts decide nothing: see the end)
    range_margin = np.abs(range_mm[:, None] - edges[None, :]).min(axis=1)
    if len(clipped):
        scale = range_slide_scale(f, ai[clipped], di[clipped], seg[clipped, 1])
        to_edge = range_margin[clipped]
        margin[clipped] = np.minimum(margin[clipped], to_edge * scale)
        range_margin[clipped] = np.minimum(to_edge, to_edge * scale)
    # a hull zone in the arc near an arc line: crossings slide faster than the pieces
    near_line = ni[ship_att[ni] & in_arc[ni] & ~sq_def[ni] & ~f.reflex[ai[ni]]]
    if len(near_line):
        to_edge = np.abs(range_mm[near_line, None] - edges[None, :]).min(axis=1)
        reach = np.minimum(to_edge, margin[near_line])
        scale = crossing_scale(f, ai[near_line], di[near_line], reach, to_edge)
        margin[near_line] = np.minimum(margin[near_line], to_edge * scale)
        range_margin[near_line] = np.minimum(range_margin[near_line], to_edge * scale)

    # A defending zone that is not convex can lie in the arc in several pieces: the range jumps
    # when the nearest piece vanishes or a nearer one appears (a corner crossing an arc line).
    odd = wide[~f.convex[di[wide]]]
    if len(odd):
        pieces = _pieces_margin(f, ai[odd], di[odd])
        margin[odd] = np.minimum(margin[odd], pieces)
        range_margin[odd] = np.minimum(range_margin[odd], pieces)

    # No LOS through another hull zone of the defender (LOS line or attack-range line, RRG p.10).
    brows = ni[~sq_def[ni]]
    blocked_by, blocked, block_margin = zone_blocking(f, di, brows, los_seg, seg, P, margin)
    margin = np.minimum(margin, block_margin)
    ob_hits, obstructed, dust, ob_margin = obstruction(f, ai, di, ni, los_seg[ni], P, margin)
    margin = np.minimum(margin, ob_margin)

    los = near & ~blocked
    los &= ~(dust & ship_att)           # a dust field forbids ship attacks across it
    # Dice (RRG p.2): black close only, blue up to medium, red up to long; squadrons distance 1.
    # An obstructed attack loses one die; with none left it is cancelled (RRG p.13).
    code, valid = _dice_valid(ai, di, f.is_sq, f.dice_zone, f.dice_anti_sq, f.dice_anti_ship,
                              band, dband, in_arc, los, obstructed)
    # Snipe: squadrons at distance 2 with X blue dice (RRG p.21).
    code, valid = snipe_attacks(f, ai, di, dband, los, obstructed, code, valid)
    # Engaged squadrons attack engaged squadrons, not ships; escort (RRG p.6, p.21).
    valid, margin = engagement_limits(f, ai, di, dband, obstructed, valid, range_mm, ob_margin,
                                      margin, float(dist_edges[0]))
    # Beyond long range no attack may be made whatever its arc, LOS or obstruction (RRG p.11):
    # only the attack range decides, so the margin is how far it is from long range. (Its LOS
    # is still traced for a hull zone in the arc: an ignition attack would need it, RRG p.9.)
    far = band == len(range_edges)
    margin[far] = range_margin[far]

    return _rows(f, ai, di, ni, in_arc, range_mm, band, dband, los, blocked_by, obstructed,
                 ob_hits, code, valid, margin, los_seg, seg)


def _pieces_margin(f: Frame, a: np.ndarray, d: np.ndarray) -> np.ndarray:
    """How far (mm) the part of defender ``d`` inside the arc of ``a`` is from gaining or losing
    a piece, for zones that are not convex (RRG p.11: the range is measured to that part). A
    piece appears or vanishes only when a corner of the defender crosses an arc line or an
    arc's corner crosses the defender's outline: the smallest of those distances (a lower
    bound, whichever piece is nearest)."""
    out = np.empty(len(a))
    for k, (arc, zone, ak) in enumerate(zip(f.arcs(a), f.geoms(d), a.tolist())):
        corners = shapely.points(f.rays[ak, :, 0])
        verts = shapely.points(shapely.get_coordinates(zone))
        out[k] = min(float(shapely.distance(verts, arc.exterior).min()),
                     float(shapely.distance(corners, zone.exterior).min()))
    return out


@kernel
def _bands(range_mm, range_edges, dist_edges, arc_m, ship_att):
    """Range band (0 close .. 3 extreme) and distance band (1..5, 6 beyond) of each attack
    range, the edge belonging to the nearer band (RRG pp.15-16); the margin: distance to the
    nearest band edge, or to the arc (``arc_m``) for ship attackers when nearer."""
    P = len(range_mm)
    band, dband, margin = np.empty(P, np.intp), np.empty(P, np.intp), np.empty(P)
    for k in range(P):
        x = range_mm[k]
        i = 0
        while i < len(range_edges) and not range_edges[i] >= x:
            i += 1
        j = 0
        while j < len(dist_edges) and not dist_edges[j] >= x:
            j += 1
        band[k], dband[k] = i, j + 1
        m = np.inf
        for e in range_edges:
            m = min(m, abs(x - e))
        for e in dist_edges:
            m = min(m, abs(x - e))
        margin[k] = min(m, arc_m[k]) if ship_att[k] else m
    return band, dband, margin


@kernel
def _dice_valid(ai, di, is_sq, dice_zone, anti_sq, anti_ship, band, dband, in_arc, los,
                obstructed):
    """Dice code (red * 64 + blue * 8 + black) of the pool usable at the band (RRG p.2: black
    close only, blue up to medium, red up to long; squadrons at distance 1), and ``valid``: in
    arc, LOS, and a die left after an obstructed attack loses one (RRG p.13)."""
    P = len(ai)
    code, valid = np.empty(P, np.intp), np.empty(P, np.bool_)
    for k in range(P):
        a, d = ai[k], di[k]
        if is_sq[a]:
            src = anti_sq if is_sq[d] else anti_ship
            ok0 = ok1 = ok2 = dband[k] == 1
        else:
            src = anti_sq if is_sq[d] else dice_zone
            ok0, ok1, ok2 = band[k] <= 2, band[k] <= 1, band[k] <= 0
        red = src[a, 0] if ok0 else 0
        blue = src[a, 1] if ok1 else 0
        black = src[a, 2] if ok2 else 0
        total = red + blue + black
        valid[k] = in_arc[k] and los[k] and total > 0 and not (obstructed[k] and total <= 1)
        code[k] = red * 64 + blue * 8 + black
    return code, valid


def _rows(f: Frame, ai, di, ni, in_arc, range_mm, band, dband, los, blocked_by, obstructed,
          ob_hits, code, valid, margin, los_seg, seg) -> list[AttackCheck]:
    """Columns -> one :class:`AttackCheck` per pair (C-level zip)."""
    P = len(ai)
    piece, zone = f.piece_col, f.zone_col
    los_col = np.full(P, None, dtype=object)
    los_col[ni] = _BOOL[los[ni].astype(np.intp)]
    obs_col = np.full(P, None, dtype=object)
    obs_col[ni] = _BOOL[obstructed[ni].astype(np.intp)]
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
        in_arc.tolist(), range_mm.tolist(), _BANDS[band].tolist(),
        _DBANDS[dband - 1].tolist(), los_col.tolist(), blocked_by.tolist(), obs_col.tolist(),
        ob_hits.tolist(), dice_col.tolist(), valid.tolist(),
        margin.tolist(), list(los_seg), rng_col.tolist())))


__all__ = ["AttackCheck", "check_scene", "checks_for_frame", "clear_frame_cache", "frame_for",
           "scene_notes"]
