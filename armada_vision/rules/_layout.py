"""The per-fleet part of a frame: which pieces of which classes, stacked for posing (no poses).

A camera frame brings new poses of the same pieces, so this part is cached (keyed on the ids,
classes and players of the ships and squadrons and on the catalog object): building a
:class:`._frame.Frame` then only rotates and moves the stacked per-class outlines. Per-class
data (hull-zone cuts, arc outlines) comes from :func:`armada_vision.geometry.ship_local`.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

import numpy as np

from armada_vision.catalog import Catalog
from armada_vision.errors import InputError
from armada_vision.geometry import ship_local
from armada_vision.scene import Scene

from ._soa import arc_pieces_into, kernel, pose_points, ring_circles


def _dice(d) -> list[int]:
    return [d.red, d.blue, d.black]


@dataclass(frozen=True)
class _Packed:
    """A ship class's per-zone data stacked for vectorised posing (cached per class)."""

    zones: tuple[str, ...]
    pts: np.ndarray        # (P, 2) zone rings, then arc rings, then base rings, ship frame
    ring_len: np.ndarray   # (Z + Z + B,) vertices per ring, in that order
    n_bases: int
    zone_span: np.ndarray  # (Z, 2) [start, end) of each zone ring in ``pts``
    arc_span: np.ndarray   # (Z, 2) the same for each arc
    base_idx: np.ndarray   # (B, 4) indices of each base rectangle's corners in ``pts``
    tp: np.ndarray         # (Z, 2)
    rays: np.ndarray       # (Z, 2, 3, 2) origin, direction, inward normal (ship frame)
    reflex: np.ndarray     # (Z,)
    convex: np.ndarray     # (Z,) zone without a reflex corner
    ring: np.ndarray       # (Z, K, 2) closed zone rings padded with the first vertex
    dials: np.ndarray      # (D, 4, 2) shield-dial strips beside each base (D = 0 if no depth)
    dice_zone: np.ndarray  # (Z, 3)
    anti_sq: np.ndarray    # (3,)
    radius_mm: float


_PACKED: dict[int, tuple[object, _Packed]] = {}


def _packed(cls) -> _Packed:
    hit = _PACKED.get(id(cls))
    if hit is not None and hit[0] is cls:
        return hit[1]
    loc = ship_local(cls)
    zs = tuple(cls.hull_zones)
    # A huge ship is one token on two bases (RRG "Size Class"): the token between them is the
    # ship too, for obstruction and for hiding obstacles (kept as one more base rectangle).
    bases = list(loc.bases) + ([np.asarray(loc.token, dtype=float)] if len(loc.bases) > 1 else [])
    rings = [loc.zones[z] for z in zs] + [loc.arcs[z] for z in zs] + bases
    kmax = max(len(loc.zones[z]) for z in zs) + 1
    ring = np.empty((len(zs), kmax, 2))
    for i, z in enumerate(zs):
        xy = loc.zones[z]
        ring[i, : len(xy)] = xy
        ring[i, len(xy):] = xy[0]
    ring_len = np.array([len(r) for r in rings])
    ends = np.cumsum(ring_len)
    span = np.stack([ends - ring_len, ends], axis=1)
    nzs = len(zs)
    pk = _Packed(
        zones=zs,
        pts=np.vstack(rings),
        ring_len=ring_len,
        n_bases=len(bases),
        zone_span=span[:nzs],
        arc_span=span[nzs:2 * nzs],
        base_idx=span[2 * nzs:, :1] + np.arange(4)[None, :],
        tp=np.array([loc.targeting[z] for z in zs], dtype=float),
        rays=np.array([[[o, d, n] for o, d, n in loc.arc_rays[z]] for z in zs], dtype=float),
        reflex=np.array([loc.arc_reflex[z] for z in zs], dtype=bool),
        convex=np.array([loc.zone_convex[z] for z in zs], dtype=bool),
        ring=ring,
        dials=_dial_strips(cls),
        dice_zone=np.array([_dice(cls.armament[z]) for z in zs], dtype=int),
        anti_sq=np.array(_dice(cls.anti_squadron), dtype=int),
        radius_mm=loc.radius_mm,
    )
    _PACKED[id(cls)] = (cls, pk)
    return pk


def _dial_strips(cls) -> np.ndarray:
    """The shield dials and their frames beside each base side, (D, 4, 2), ship frame."""
    depth = cls.shield_dial_depth_mm
    if depth <= 0:
        return np.zeros((0, 4, 2))
    L, W = cls.base.length_mm, cls.base.width_mm
    out = []
    for bx, by in cls.bases:
        for side in (1.0, -1.0):
            y0, y1 = by + side * W / 2, by + side * (W / 2 + depth)
            out.append([[bx + L / 2, y0], [bx - L / 2, y0], [bx - L / 2, y1], [bx + L / 2, y1]])
    return np.array(out, dtype=float)


@dataclass(frozen=True)
class Layout:
    """Entities (hull zones, then squadrons) of one fleet layout; arrays are shared, read-only."""

    notes: tuple[str, ...]
    ship_ids: list[str]
    sq_ids: list[str]
    ship_at: list[int]            # index in scene.ships of each kept ship
    sq_at: list[int]              # index in scene.squadrons of each kept squadron
    Z: int                        # hull-zone entities
    zone_ship: np.ndarray         # (Z,) ship index of each zone
    pts: np.ndarray               # (P, 2) zone, arc and base rings of every ship, ship frames
    pt_ship: np.ndarray           # (P,) ship index of each point
    zone_span: np.ndarray         # (Z, 2) [start, end) of each zone ring in ``pts``
    arc_span: np.ndarray          # (Z, 2) the same for each arc
    base_idx: np.ndarray          # (B, 4) base corners in ``pts``
    base_ship: np.ndarray         # (B,)
    dials: np.ndarray | None      # (D, 4, 2) shield-dial strips, ship frames (None: none)
    dial_ship: np.ndarray | None  # (D,)
    tp: np.ndarray                # (Z, 2) targeting points, ship frames
    rays: np.ndarray              # (Z, 2, 3, 2) arc rays, ship frames
    ring: np.ndarray              # (Z, K, 2) closed zone rings padded to one length
    ship_zone_entities: list[list[int]]
    piece: list[str]              # per entity (N = Z + Q)
    zone: list[str | None]
    player: np.ndarray            # (N,) int
    is_sq: np.ndarray             # (N,) bool
    ship_idx: np.ndarray          # (N,) -1 for squadrons
    sq_idx: np.ndarray            # (N,) -1 for zones
    r: np.ndarray                 # (N,) squadron radius, 0 for zones
    bound: np.ndarray             # (N,) ship radius / squadron radius
    reflex: np.ndarray            # (N,) arc wider than 180 degrees
    convex: np.ndarray            # (N,) a convex hull zone, or a squadron
    dice_zone: np.ndarray         # (N, 3)
    dice_anti_sq: np.ndarray      # (N, 3)
    dice_anti_ship: np.ndarray    # (N, 3)
    sq_heavy: np.ndarray          # (N,) bool: a squadron with the heavy keyword
    sq_escort: np.ndarray         # (N,) bool: a squadron with the escort keyword
    sq_snipe: np.ndarray          # (N,) int: a squadron's snipe value (0: none)
    # per-fleet constants of the per-call code (built once per fleet, not per camera frame)
    piece_col: np.ndarray = None  # (N,) object: ``piece`` as an array (row columns)
    zone_col: np.ndarray = None   # (N,) object: ``zone`` as an array
    entity_index: dict = None     # piece id -> (n,) int entity indices, ascending
    zone_first: np.ndarray = None  # (S,) first entity of each ship's hull zones
    zone_count: np.ndarray = None  # (S,) number of its hull zones
    memo: dict = field(default_factory=dict)  # per-fleet answers of the callers (pair lists)


LAYOUT_CACHE_SIZE = 8
_layouts: dict[tuple, tuple[Catalog, Layout]] = {}
_layouts_lock = threading.Lock()


def fleet_layout(scene: Scene, catalog: Catalog) -> Layout:
    """The cached :class:`Layout` of ``scene``'s ships and squadrons (built on a miss).

    Raises :class:`InputError` naming ``ships[i].ship_class`` (etc.) for a class the catalog
    does not have.
    """
    key = (id(catalog), tuple((s.id, s.ship_class, s.player) for s in scene.ships),
           tuple((q.id, q.squadron_class, q.player) for q in scene.squadrons))
    with _layouts_lock:
        hit = _layouts.get(key)
    if hit is not None and hit[0] is catalog:
        return hit[1]
    layout = _build_layout(scene, catalog)
    with _layouts_lock:
        if len(_layouts) >= LAYOUT_CACHE_SIZE:
            _layouts.pop(next(iter(_layouts)))
        _layouts[key] = (catalog, layout)
    return layout


def clear_layout_cache() -> None:
    """Forget the cached fleet layouts (a benchmark of wholly new fleets calls this)."""
    with _layouts_lock:
        _layouts.clear()


def _readonly(layout: Layout) -> Layout:
    for v in vars(layout).values():
        if isinstance(v, np.ndarray):
            v.flags.writeable = False
    return layout


def _build_layout(scene: Scene, catalog: Catalog) -> Layout:
    notes, ship_at, packs = [], [], []
    for i, s in enumerate(scene.ships):
        if s.ship_class is None:
            notes.append(f"ship {s.id!r} skipped: its class is not known yet")
            continue
        if s.ship_class not in catalog.ships:
            raise InputError(f"unknown ship class {s.ship_class!r}", field=f"ships[{i}].ship_class")
        ship_at.append(i)
        packs.append(_packed(catalog.ships[s.ship_class]))
    sq_at, sq_cls = [], []
    for i, q in enumerate(scene.squadrons):
        if q.squadron_class is None:
            notes.append(f"squadron {q.id!r} skipped: its class is not known yet")
            continue
        if q.squadron_class not in catalog.squadrons:
            raise InputError(f"unknown squadron class {q.squadron_class!r}",
                             field=f"squadrons[{i}].squadron_class")
        sq_at.append(i)
        sq_cls.append(catalog.squadrons[q.squadron_class])
    ships = [scene.ships[i] for i in ship_at]
    sqs = [scene.squadrons[i] for i in sq_at]
    S, Q = len(ships), len(sqs)
    nz = [len(p.zones) for p in packs]
    Z = int(sum(nz))
    zone_ship = np.repeat(np.arange(S), nz).astype(int)
    if S:
        pts = np.concatenate([p.pts for p in packs])
        pt_ship = np.repeat(np.arange(S), [len(p.pts) for p in packs])
        start = np.concatenate([[0], np.cumsum([len(p.pts) for p in packs])[:-1]])
        zone_span = np.concatenate([p.zone_span + o for p, o in zip(packs, start)])
        arc_span = np.concatenate([p.arc_span + o for p, o in zip(packs, start)])
        base_idx = np.concatenate([p.base_idx + o for p, o in zip(packs, start)])
        base_ship = np.repeat(np.arange(S), [p.n_bases for p in packs])
        nd = [len(p.dials) for p in packs]
        dial_ship = np.repeat(np.arange(S), nd) if sum(nd) else None
        dials = np.concatenate([p.dials for p in packs]) if sum(nd) else None
        tp = np.concatenate([p.tp for p in packs])
        rays = np.concatenate([p.rays for p in packs])                       # (Z, 2, 3, 2)
        kmax = max(p.ring.shape[1] for p in packs)
        ring = np.concatenate([np.concatenate(
            [p.ring, np.repeat(p.ring[:, :1], kmax - p.ring.shape[1], axis=1)], axis=1)
            for p in packs])
        reflex = np.concatenate([p.reflex for p in packs])
        convex = np.concatenate([p.convex for p in packs])
        dice_zone = np.concatenate([p.dice_zone for p in packs])
        anti_sq_ship = np.repeat(np.array([p.anti_sq for p in packs]), nz, axis=0)
        bound_ship = np.repeat([p.radius_mm for p in packs], nz)
        first = np.concatenate([[0], np.cumsum(nz)[:-1]])
        ship_zone_entities = [list(range(a, a + n)) for a, n in zip(first, nz)]
    else:
        pts, pt_ship = np.zeros((0, 2)), np.zeros(0, dtype=int)
        zone_span = arc_span = np.zeros((0, 2), dtype=int)
        base_idx, base_ship = np.zeros((0, 4), dtype=int), np.zeros(0, dtype=int)
        dials = dial_ship = None
        tp, rays, ring = np.zeros((0, 2)), np.zeros((0, 2, 3, 2)), np.zeros((0, 2, 2))
        reflex = convex = np.zeros(0, dtype=bool)
        dice_zone = anti_sq_ship = np.zeros((0, 3), dtype=int)
        bound_ship = np.zeros(0)
        ship_zone_entities = []
    qr = np.array([c.radius_mm for c in sq_cls], dtype=float)
    piece = [s.id for s, k in zip(ships, nz) for _ in range(k)] + [q.id for q in sqs]
    zone = [z for p in packs for z in p.zones] + [None] * Q
    entity_index: dict[str, list[int]] = {}
    for k, pid in enumerate(piece):
        entity_index.setdefault(pid, []).append(k)
    return _readonly(Layout(
        notes=tuple(notes),
        ship_ids=[s.id for s in ships],
        sq_ids=[q.id for q in sqs],
        ship_at=ship_at,
        sq_at=sq_at,
        Z=Z,
        zone_ship=zone_ship,
        pts=pts,
        pt_ship=pt_ship,
        zone_span=zone_span,
        arc_span=arc_span,
        base_idx=base_idx,
        base_ship=base_ship,
        dials=dials,
        dial_ship=dial_ship,
        tp=tp,
        rays=rays,
        ring=ring,
        ship_zone_entities=ship_zone_entities,
        piece=piece,
        zone=zone,
        player=np.array([s.player for s, k in zip(ships, nz) for _ in range(k)]
                        + [q.player for q in sqs], dtype=int),
        is_sq=np.concatenate([np.zeros(Z, dtype=bool), np.ones(Q, dtype=bool)]),
        ship_idx=np.concatenate([zone_ship, -np.ones(Q, dtype=int)]),
        sq_idx=np.concatenate([-np.ones(Z, dtype=int), np.arange(Q)]),
        r=np.concatenate([np.zeros(Z), qr]),
        bound=np.concatenate([bound_ship, qr]),
        reflex=np.concatenate([reflex, np.zeros(Q, dtype=bool)]),
        convex=np.concatenate([convex, np.ones(Q, dtype=bool)]),
        dice_zone=np.concatenate([dice_zone, np.zeros((Q, 3), dtype=int)]),
        dice_anti_sq=np.concatenate(
            [anti_sq_ship,
             np.array([_dice(c.anti_squadron) for c in sq_cls], dtype=int).reshape(-1, 3)]),
        dice_anti_ship=np.concatenate(
            [np.zeros((Z, 3), dtype=int),
             np.array([_dice(c.anti_ship) for c in sq_cls], dtype=int).reshape(-1, 3)]),
        sq_heavy=np.array([False] * Z + ["heavy" in c.keywords for c in sq_cls], dtype=bool),
        sq_escort=np.array([False] * Z + ["escort" in c.keywords for c in sq_cls], dtype=bool),
        sq_snipe=np.array([0] * Z + [int(c.keyword_values.get("snipe", 0)) if "snipe" in c.keywords
                                     else 0 for c in sq_cls], dtype=int),
        piece_col=np.array(piece + [None], dtype=object)[:-1],
        zone_col=np.array(zone + [None], dtype=object)[:-1],
        entity_index={k: np.array(v, dtype=np.intp) for k, v in entity_index.items()},
        zone_first=np.array([e[0] for e in ship_zone_entities], dtype=np.intp),
        zone_count=np.array([len(e) for e in ship_zone_entities], dtype=np.intp),
    ))


@kernel
def pose_entities(pts, pt_ship, ltp, lrays, lring, zone_ship, cs, sn, pos, qc, r):
    """Rotate and move every ship's stacked outlines (``Layout``: ``pts``, ``tp``, ``rays``,
    ``ring``) by its pose (cos ``cs``, sin ``sn``, position ``pos`` per ship), and append the
    squadrons (centres ``qc``, radii the last Q of ``r``). Returns the posed point table (P, 2)
    and per entity: centre, targeting point (N, 2), rays (N, 2, 3, 2) (NaN for squadrons),
    closed ring (N, K, 2) (a squadron: its centre repeated) and the same vertex-first (K, N),
    arc pieces (starts, ends, normals (N, 3, 2); see :func:`._soa.arc_pieces_into`), a tight
    circle (centre (N, 2), radius (N,)). Same operations as rotating with numpy."""
    Z, Q = len(zone_ship), len(qc)
    N, K = Z + Q, lring.shape[1]
    table = pose_points(pts, pt_ship, cs, sn, pos)
    centre, tp = np.empty((N, 2)), np.empty((N, 2))
    rays = np.empty((N, 2, 3, 2))
    ring = np.empty((N, K, 2))
    for z in range(Z):
        s = zone_ship[z]
        c, n, px, py = cs[s], sn[s], pos[s, 0], pos[s, 1]
        centre[z, 0], centre[z, 1] = px, py
        x, y = ltp[z, 0], ltp[z, 1]
        tp[z, 0], tp[z, 1] = c * x - n * y + px, n * x + c * y + py
        for a in range(2):
            for j in range(3):
                x, y = lrays[z, a, j, 0], lrays[z, a, j, 1]
                rays[z, a, j, 0] = c * x - n * y + 0.0
                rays[z, a, j, 1] = n * x + c * y + 0.0
            rays[z, a, 0, 0] += px
            rays[z, a, 0, 1] += py
        for v in range(K):
            x, y = lring[z, v, 0], lring[z, v, 1]
            ring[z, v, 0], ring[z, v, 1] = c * x - n * y + px, n * x + c * y + py
    for q in range(Q):          # (element by element: array assignment costs compile time)
        for c in range(2):
            centre[Z + q, c] = tp[Z + q, c] = qc[q, c]
            for v in range(K):
                ring[Z + q, v, c] = qc[q, c]
            for a in range(2):
                for j in range(3):
                    rays[Z + q, a, j, c] = np.nan
    rx, ry, ecentre, ebound = ring_circles(ring, r)
    starts, ends, normals = np.empty((N, 3, 2)), np.empty((N, 3, 2)), np.empty((N, 3, 2))
    arc_pieces_into(rays, starts, ends, normals)
    return table, centre, tp, rays, ring, rx, ry, starts, ends, normals, ecentre, ebound
