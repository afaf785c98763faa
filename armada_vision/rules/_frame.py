"""Per-frame tables of every attacker/defender ("entity": a hull zone or a squadron) and obstructer.

Built once per scene (a new camera frame) from per-class geometry cached in
:mod:`armada_vision.geometry`; everything here is numpy arrays and shapely geometry arrays so the
attack checks can run vectorised over all pairs.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import shapely

from armada_vision.catalog import Catalog
from armada_vision.errors import InputError
from armada_vision.geometry._pieces import DISC_QUAD_SEGS
from armada_vision.scene import Scene

from ._layout import fleet_layout, pose_entities
from ._ruleset import Ruleset
from ._soa import pose_points, ring_circles, xy

DUST_KINDS = ("dust-field", "dust_field", "dust")


@dataclass
class Frame:
    """Entities (hull zones and squadrons) and obstructers of one scene, as parallel arrays."""

    piece: list[str] = field(default_factory=list)      # piece id per entity
    zone: list[str | None] = field(default_factory=list)
    player: np.ndarray = None        # (N,) int
    is_sq: np.ndarray = None         # (N,) bool
    ship_idx: np.ndarray = None      # (N,) index into ship_ids, -1 for squadrons
    sq_idx: np.ndarray = None        # (N,) index into sq_ids, -1 for zones
    r: np.ndarray = None             # (N,) 0 for zones, base radius for squadrons
    centre: np.ndarray = None        # (N, 2) pose centre (ship pose / squadron centre)
    bound: np.ndarray = None         # (N,) radius around centre holding the whole entity
    ecentre: np.ndarray = None       # (N, 2) and ebound (N,): a tight circle around the entity
    ebound: np.ndarray = None        #   itself (a hull zone, not its whole ship)
    tp: np.ndarray = None            # (N, 2) targeting point / squadron centre
    rays: np.ndarray = None          # (N, 2, 3, 2): per ray origin, direction, inward normal
    reflex: np.ndarray = None        # (N,) arc wider than 180 degrees
    convex: np.ndarray = None        # (N,) False for a hull zone with a reflex corner: the
    #                                  kernels that assume convex zones leave it to shapely
    arc_starts: np.ndarray = None    # (N, 3, 2) arc boundary pieces (ray A, ray B, spine):
    arc_ends: np.ndarray = None      #   starts, ends and inward normals (see _npgeom.arc_pieces)
    arc_normals: np.ndarray = None
    arc_sx: np.ndarray = None        # (3, N) the starts and normals vertex-first (see _soa)
    arc_sy: np.ndarray = None
    arc_nx: np.ndarray = None
    arc_ny: np.ndarray = None
    arc_ex: np.ndarray = None        # (3, N) the ends, and (2, N) the ray origins, the same way
    arc_ey: np.ndarray = None
    ray_ox: np.ndarray = None
    ray_oy: np.ndarray = None
    verts: np.ndarray = None         # (N, K, 2) = ring
    ring: np.ndarray = None          # (N, K, 2) closed zone ring padded with its first vertex;
    #                                  a squadron's centre repeated
    rx: np.ndarray = None            # (K, N) and ry: the same rings vertex-first (see _soa)
    ry: np.ndarray = None
    nv: np.ndarray = None            # (N,) ring length K of every entity (for the kernels)
    dice_zone: np.ndarray = None     # (N, 3) red/blue/black armament of the zone
    dice_anti_sq: np.ndarray = None  # (N, 3) anti-squadron armament (ship's, or squadron's)
    dice_anti_ship: np.ndarray = None  # (N, 3) squadron anti-ship armament
    sq_heavy: np.ndarray = None      # (N,) squadron keywords heavy / escort (engaged attacks)
    sq_escort: np.ndarray = None
    sq_snipe: np.ndarray = None      # (N,) snipe value of squadrons (0: none)
    ship_ids: list[str] = field(default_factory=list)
    ship_zone_entities: list[list[int]] = field(default_factory=list)
    sq_ids: list[str] = field(default_factory=list)
    # obstructers: obstacles (visible part), ship bases, squadron discs
    ob_geom: np.ndarray = None       # (M,) shapely geometry where not simple, else None
    ob_id: list[str] = field(default_factory=list)
    ob_kind: list[str] = field(default_factory=list)   # "obstacle" | "dust" | "ship" | "squadron"
    ob_ship: np.ndarray = None       # (M,) ship index of a base, else -1
    ob_sq: np.ndarray = None         # (M,) squadron index of a disc, else -1
    ob_ring: np.ndarray = None       # (M, L, 2) closed rings (a squadron: its centre), padded
    ob_rx: np.ndarray = None         # (L, M) and ob_ry: the same vertex-first (see _soa)
    ob_ry: np.ndarray = None
    ob_simple: np.ndarray = None     # (M,) ring usable (else use ob_geom, e.g. partly covered)
    ob_len: np.ndarray = None        # (M,) vertices of the closed ring before its padding
    ob_r: np.ndarray = None          # (M,) disc radius for squadrons, else 0
    ob_centre: np.ndarray = None     # (M, 2) and ob_bound (M,): a circle holding the piece
    ob_bound: np.ndarray = None
    notes: list[str] = field(default_factory=list)
    table: np.ndarray = None         # every posed ship point; outlines are spans of it
    zone_span: np.ndarray = None     # (Z, 2) [start, end) of each hull-zone outline in ``table``
    arc_span: np.ndarray = None      # (Z, 2) the same for each firing-arc outline
    base_rings: np.ndarray = None    # (B, 4, 2) plastic base rectangles (two for a huge ship)
    base_ship: np.ndarray = None     # (B,) ship index of each base
    dial_rings: np.ndarray = None    # (D, 5, 2) shield-dial strips (closed rings), if measured
    dial_ship: np.ndarray = None     # (D,) their ship index
    dial_obstacles: list = field(default_factory=list)   # per dial: obstructer indices under it
    # dust fields under ships: (dust id, ship index, the part under that ship's base); a ship
    # attack across the part under a third ship is impossible all the same (RRG p.12)
    dust_cover: list = field(default_factory=list)
    piece_col: np.ndarray = None     # (N,) object arrays of ``piece`` and ``zone``
    zone_col: np.ndarray = None
    entity_index: dict = None        # piece id -> (n,) its entity indices, ascending
    zone_first: np.ndarray = None    # (S,) first entity of each ship's hull zones, and
    zone_count: np.ndarray = None    # (S,) their number (see ship_zone_entities)
    fleet_memo: dict = None          # the fleet layout's memo (same for every frame of a fleet)
    _memo: dict = field(default_factory=dict)

    # Shapely geometry is only needed for a few pairs (a defender partly inside an arc, ships
    # touching, wide arcs); it is built on demand and kept for the frame.
    def _lazy(self, kind: str, idx: np.ndarray, build) -> np.ndarray:
        memo = self._memo.setdefault(kind, {})
        out = np.empty(len(idx), dtype=object)
        for k, i in enumerate(np.asarray(idx).tolist()):
            g = memo.get(i)
            if g is None:
                g = memo[i] = build(i)
            out[k] = g
        return out

    def geoms(self, idx) -> np.ndarray:
        """Shapely outlines: hull-zone polygons, squadron discs (128-gons)."""
        def build(i):
            if self.is_sq[i]:
                return shapely.polygons(self.centre[i] + self.r[i] * _UNIT_DISC)
            a, b = self.zone_span[i]
            return shapely.polygons(self.table[a:b])
        return self._lazy("geom", idx, build)

    def cores(self, idx) -> np.ndarray:
        """Hull-zone polygons; squadron centres as points (distances then minus the radius)."""
        def build(i):
            if self.is_sq[i]:
                return shapely.points(self.centre[i])
            return self.geoms([i])[0]
        return self._lazy("core", idx, build)

    def arcs(self, idx) -> np.ndarray:
        """Firing-arc polygons of hull-zone entities."""
        def build(i):
            a, b = self.arc_span[i]
            return shapely.polygons(self.table[a:b])
        return self._lazy("arc", idx, build)

    def base_geom(self, k: int):
        """Ship ``k``'s plastic base (union of bases for huge ships)."""
        def build(i):
            polys = shapely.polygons(self.base_rings[self.base_ship == i])
            return polys[0] if len(polys) == 1 else shapely.union_all(polys)
        return self._lazy("base", [k], build)[0]


_UNIT_DISC = np.array([[np.cos(a), np.sin(a)] for a in
                       np.linspace(0.0, 2 * np.pi, 4 * DISC_QUAD_SEGS + 1)[:-1]])


def build_frame(scene: Scene, catalog: Catalog, ruleset: Ruleset) -> Frame:
    """Tables for ``scene``. Unknown-class pieces (``null`` class) are skipped with a note.

    The per-fleet part (which pieces of which classes; see :func:`fleet_layout`) is cached,
    only the poses are new. Raises :class:`InputError` naming ``ships[i].ship_class`` (etc.)
    for a class the catalog does not have.
    """
    L = fleet_layout(scene, catalog)
    f = Frame()
    f.notes = list(L.notes)
    f.ship_ids, f.sq_ids = L.ship_ids, L.sq_ids
    ships = [scene.ships[i] for i in L.ship_at]
    sqs = [scene.squadrons[i] for i in L.sq_at]
    zone_ship = L.zone_ship

    # ---- ships: every zone, arc and base ring of every ship posed in one go
    ang = np.radians([s.heading_deg for s in ships]) if ships else np.zeros(0)
    cs, sn = np.cos(ang), np.sin(ang)
    pos = np.array([[s.x_mm, s.y_mm] for s in ships], dtype=float).reshape(-1, 2)
    if ships:
        f.zone_span, f.arc_span = L.zone_span, L.arc_span
        f.base_ship = L.base_ship
        if L.dial_ship is not None:
            dial_ship = L.dial_ship
            dials = pose_points(L.dials.reshape(-1, 2), np.repeat(dial_ship, 4), cs, sn,
                                pos).reshape(-1, 4, 2)
            f.dial_rings = np.concatenate([dials, dials[:, :1]], axis=1)
            f.dial_ship = dial_ship
        f.ship_zone_entities = L.ship_zone_entities

    # ---- squadrons: discs (a centre and a radius); every entity posed in one compiled call
    qc = np.array([[q.x_mm, q.y_mm] for q in sqs], dtype=float).reshape(-1, 2)
    (table, f.centre, f.tp, f.rays, f.ring, f.rx, f.ry, f.arc_starts, f.arc_ends, f.arc_normals,
     f.ecentre, f.ebound) = pose_entities(L.pts, L.pt_ship, L.tp, L.rays, L.ring, zone_ship, cs,
                                          sn, pos, qc, L.r)
    if ships:
        f.table = table
        f.base_rings = table[L.base_idx]                                    # (B, 4, 2)

    f.piece, f.zone, f.player, f.is_sq = L.piece, L.zone, L.player, L.is_sq
    f.piece_col, f.zone_col, f.entity_index = L.piece_col, L.zone_col, L.entity_index
    f.zone_first, f.zone_count = L.zone_first, L.zone_count
    f.fleet_memo = L.memo
    f.ship_idx, f.sq_idx, f.r, f.bound, f.reflex = L.ship_idx, L.sq_idx, L.r, L.bound, L.reflex
    f.convex = L.convex
    f.dice_zone, f.dice_anti_sq, f.dice_anti_ship = L.dice_zone, L.dice_anti_sq, L.dice_anti_ship
    f.sq_heavy, f.sq_escort, f.sq_snipe = L.sq_heavy, L.sq_escort, L.sq_snipe
    f.verts = f.ring
    f.nv = np.full(len(f.ring), f.ring.shape[1], dtype=np.intp)
    f.arc_sx, f.arc_sy = xy(f.arc_starts)
    f.arc_nx, f.arc_ny = xy(f.arc_normals)
    f.arc_ex, f.arc_ey = xy(f.arc_ends)
    f.ray_ox, f.ray_oy = xy(f.rays[:, :, 0])
    _obstructers(f, scene, catalog, ruleset)
    return f


_OUTLINES: dict[int, tuple[object, np.ndarray, float]] = {}


def _outline(cls) -> tuple[np.ndarray, float]:
    hit = _OUTLINES.get(id(cls))
    if hit is None or hit[0] is not cls:
        pts = np.asarray(cls.outline_mm, dtype=float)
        hit = _OUTLINES[id(cls)] = (cls, pts, float(np.hypot(pts[:, 0], pts[:, 1]).max()))
    return hit[1], hit[2]


def _obstructers(f: Frame, scene: Scene, catalog: Catalog, ruleset: Ruleset) -> None:
    """Obstacles (their part not covered by a ship, RRG p.13), ship bases, squadrons (house rule).

    Simple polygons are kept as numpy rings; an obstacle partly covered by a ship (or a
    detector outline that is not a simple polygon) keeps its shapely geometry instead.
    """
    rings, geoms, simple, ship_of, sq_of, disc_r = [], [], [], [], [], []
    br = f.base_rings if f.base_rings is not None else np.zeros((0, 4, 2))
    # a circle around each base (only a prefilter: the bases an obstacle may touch)
    base_c, base_b = ring_circles(np.ascontiguousarray(br), np.zeros(len(br)))[2:]
    # every obstacle's outline posed at once: (index, kind, points or None, local outline, bound)
    todo, locals_, poses = [], [], []
    for i, o in enumerate(scene.obstacles):
        if o.outline_mm is not None and len(o.outline_mm) >= 3:
            pts = np.asarray(o.outline_mm, dtype=float)
            kind = catalog.obstacles[o.obstacle].kind if o.obstacle in catalog.obstacles else ""
            c = pts.mean(axis=0)
            todo.append((o, kind, pts, c, float(np.hypot(*(pts - c).T).max())))
        elif o.obstacle is None:
            f.notes.append(f"obstacle {o.id!r} skipped: neither its kind nor its outline is known")
        elif o.obstacle not in catalog.obstacles:
            raise InputError(f"unknown obstacle {o.obstacle!r}", field=f"obstacles[{i}].obstacle")
        else:
            cls = catalog.obstacles[o.obstacle]
            local, bound = _outline(cls)
            locals_.append(local * np.array([1.0, -1.0]) if o.flipped else local)
            poses.append((o.heading_deg, o.x_mm, o.y_mm))
            todo.append((o, cls.kind, None, np.array([o.x_mm, o.y_mm]), bound))
    if locals_:
        ang, ox, oy = np.array(poses, dtype=float).T
        a = np.radians(ang)
        n_pts = [len(p) for p in locals_]
        at = np.repeat(np.arange(len(locals_)), n_pts)
        posed = pose_points(np.concatenate(locals_), at, np.cos(a), np.sin(a),
                            np.stack([ox, oy], axis=1))
        ends = np.cumsum(n_pts).tolist()
        posed = [posed[e - n:e] for e, n in zip(ends, n_pts)]
    if todo and len(base_c):
        centres = np.array([t[3] for t in todo])
        bounds = np.array([t[4] for t in todo])
        near = np.hypot(base_c[None, :, 0] - centres[:, None, 0],
                        base_c[None, :, 1] - centres[:, None, 1]) < base_b[None] + bounds[:, None]
    k = 0
    for t, (o, kind, pts, _c, _bound) in enumerate(todo):
        if pts is None:
            pts, k = posed[k], k + 1
        hidden = np.nonzero(near[t])[0] if len(base_c) else []
        poly = None
        is_simple = True
        if len(hidden) or o.outline_mm is not None:
            poly = shapely.polygons(pts)
            if not poly.is_valid:
                poly = shapely.make_valid(poly)
                is_simple = False
            # A ship sitting on an obstacle hides the part under it (RRG p.13, rules 1.1.6).
            over = list(shapely.polygons(br[hidden]))
            keep = [j for j, b in zip(hidden, over) if shapely.intersects(poly, b)]
            over = [b for b in over if shapely.intersects(poly, b)]
            if over and kind in DUST_KINDS:
                for j, b in zip(keep, over):
                    part = shapely.intersection(poly, b)
                    if part.area > 1e-9:
                        f.dust_cover.append((o.id, int(f.base_ship[j]), part))
            if over:
                poly = shapely.difference(poly, shapely.union_all(over))
                is_simple = False
            if poly.is_empty:
                continue
        rings.append(pts if is_simple else np.zeros((1, 2)))
        geoms.append(None if is_simple else poly)
        simple.append(is_simple)
        f.ob_id.append(o.id)
        f.ob_kind.append("dust" if kind in DUST_KINDS else "obstacle")
        ship_of.append(-1)
        sq_of.append(-1)
        disc_r.append(0.0)
    # ship bases (a huge ship has two, one obstructer each) and, by house rule, squadrons:
    # appended as whole arrays
    n_ob, nb = len(rings), len(br)
    base_ship = f.base_ship.tolist() if nb else []
    sq = np.nonzero(f.is_sq)[0] if ruleset.squadrons_obstruct else np.zeros(0, dtype=int)
    nq = len(sq)
    f.ob_id += [f.ship_ids[k] for k in base_ship] + [f.sq_ids[k] for k in range(nq)]
    f.ob_kind += ["ship"] * nb + ["squadron"] * nq
    geoms += [None] * (nb + nq)
    simple += [True] * (nb + nq)
    ship_of += base_ship + [-1] * nq
    sq_of += [-1] * nb + list(range(nq))
    disc_r += [0.0] * nb + f.r[sq].tolist()
    L = max([len(r) for r in rings] + [4] * (nb > 0) + [1]) + 1
    R = np.empty((n_ob + nb + nq, L, 2))
    for m, r in enumerate(rings):
        R[m, : len(r)] = r
        R[m, len(r):] = r[0]
    if nb:
        R[n_ob:n_ob + nb, :4] = br
        R[n_ob:n_ob + nb, 4:] = br[:, :1]
    R[n_ob + nb:] = f.centre[sq][:, None, :]
    f.ob_ring = R
    f.ob_len = np.array([len(r) + 1 for r in rings] + [5] * nb + [2] * nq, dtype=np.intp)
    f.ob_geom = np.array(geoms + [None], dtype=object)[:-1]
    f.ob_simple = np.array(simple, dtype=bool)
    f.ob_r = np.array(disc_r, dtype=float)
    f.ob_ship = np.array(ship_of, dtype=int)
    f.ob_sq = np.array(sq_of, dtype=int)
    # 2021 correction (rules 1.1.7): obstacles under a shield dial
    if f.dial_rings is not None:
        for ring in f.dial_rings:
            dial = shapely.polygons(ring)
            f.dial_obstacles.append([
                m for m in range(len(f.ob_id)) if f.ob_kind[m] in ("obstacle", "dust")
                and shapely.intersects(dial, geoms[m] if geoms[m] is not None
                                       else shapely.polygons(rings[m]))])
    # a circle around each: bounding-box centre, farthest vertex (padding repeats a vertex)
    f.ob_rx, f.ob_ry, f.ob_centre, f.ob_bound = ring_circles(f.ob_ring, f.ob_r)
    for m in np.nonzero(~f.ob_simple)[0]:
        x0, y0, x1, y1 = geoms[m].bounds
        f.ob_centre[m] = ((x0 + x1) / 2, (y0 + y1) / 2)
        f.ob_bound[m] = np.hypot(x1 - x0, y1 - y0) / 2
