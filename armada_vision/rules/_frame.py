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
from armada_vision.geometry import ship_local, to_table
from armada_vision.geometry._pieces import DISC_QUAD_SEGS
from armada_vision.scene import Scene

from ._ruleset import Ruleset

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
    geom: np.ndarray = None          # (N,) Polygon: zone / squadron disc
    core: np.ndarray = None          # (N,) zone Polygon / squadron centre Point
    r: np.ndarray = None             # (N,) 0 for zones, base radius for squadrons
    centre: np.ndarray = None        # (N, 2) pose centre (ship pose / squadron centre)
    bound: np.ndarray = None         # (N,) radius around centre holding the whole entity
    tp: np.ndarray = None            # (N, 2) targeting point / squadron centre
    arc: np.ndarray = None           # (N,) arc Polygon or None
    rays: np.ndarray = None          # (N, 2, 3, 2): per ray origin, direction, inward normal
    reflex: np.ndarray = None        # (N,) arc wider than 180 degrees
    verts: np.ndarray = None         # (N, V, 2) zone vertices, NaN padded
    dice_zone: np.ndarray = None     # (N, 3) red/blue/black armament of the zone
    dice_anti_sq: np.ndarray = None  # (N, 3) anti-squadron armament (ship's, or squadron's)
    dice_anti_ship: np.ndarray = None  # (N, 3) squadron anti-ship armament
    ship_ids: list[str] = field(default_factory=list)
    ship_zone_entities: list[list[int]] = field(default_factory=list)
    sq_ids: list[str] = field(default_factory=list)
    # obstructers: obstacles (visible part), ship bases, squadron discs
    ob_geom: np.ndarray = None
    ob_id: list[str] = field(default_factory=list)
    ob_kind: list[str] = field(default_factory=list)   # "obstacle" | "dust" | "ship" | "squadron"
    ob_ship: np.ndarray = None       # (M,) ship index of a base, else -1
    ob_sq: np.ndarray = None         # (M,) squadron index of a disc, else -1
    ob_tree: shapely.STRtree | None = None
    ob_verts: np.ndarray = None      # (M, V, 2) obstructer vertices, NaN padded
    notes: list[str] = field(default_factory=list)


def _dice(d) -> list[int]:
    return [d.red, d.blue, d.black]


def build_frame(scene: Scene, catalog: Catalog, ruleset: Ruleset) -> Frame:
    """Tables for ``scene``. Unknown-class pieces (``null`` class) are skipped with a note.

    Raises :class:`InputError` naming ``ships[i].ship_class`` (etc.) for a class the catalog
    does not have.
    """
    f = Frame()
    player, is_sq, ship_idx, sq_idx = [], [], [], []
    geom, core, r, centre, bound, tp, arc, rays, verts = [], [], [], [], [], [], [], [], []
    d_zone, d_asq, d_aship = [], [], []
    reflex = []
    base_geoms = []
    for i, s in enumerate(scene.ships):
        if s.ship_class is None:
            f.notes.append(f"ship {s.id!r} skipped: its class is not known yet")
            continue
        if s.ship_class not in catalog.ships:
            raise InputError(f"unknown ship class {s.ship_class!r}", field=f"ships[{i}].ship_class")
        cls = catalog.ships[s.ship_class]
        loc = ship_local(cls)
        k = len(f.ship_ids)
        f.ship_ids.append(s.id)
        xyh = (s.x_mm, s.y_mm, s.heading_deg)
        c = np.array([s.x_mm, s.y_mm])
        zone_polys = [shapely.polygons(to_table(loc.zones[z], *xyh)) for z in cls.hull_zones]
        arcs = [shapely.polygons(to_table(loc.arcs[z], *xyh)) for z in cls.hull_zones]
        base = [shapely.polygons(to_table(b, *xyh)) for b in loc.bases]
        base_geoms.append(base[0] if len(base) == 1 else shapely.union_all(base))
        a = np.radians(s.heading_deg)
        R = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
        ents = []
        for zi, z in enumerate(cls.hull_zones):
            ents.append(len(player))
            f.piece.append(s.id)
            f.zone.append(z)
            player.append(s.player)
            is_sq.append(False)
            ship_idx.append(k)
            sq_idx.append(-1)
            geom.append(zone_polys[zi])
            core.append(zone_polys[zi])
            r.append(0.0)
            centre.append(c)
            bound.append(loc.radius_mm)
            tp.append(to_table(loc.targeting[z], *xyh)[0])
            arc.append(arcs[zi])
            ray_rows = []
            for o, d, nrm in loc.arc_rays[z]:
                ray_rows.append([to_table(o, *xyh)[0], R @ d, R @ nrm])
            rays.append(np.array(ray_rows))
            reflex.append(loc.arc_reflex[z])
            verts.append(to_table(loc.zones[z], *xyh))
            d_zone.append(_dice(cls.armament[z]))
            d_asq.append(_dice(cls.anti_squadron))
            d_aship.append([0, 0, 0])
        f.ship_zone_entities.append(ents)
    sq_geoms = []
    for i, q in enumerate(scene.squadrons):
        if q.squadron_class is None:
            f.notes.append(f"squadron {q.id!r} skipped: its class is not known yet")
            continue
        if q.squadron_class not in catalog.squadrons:
            raise InputError(f"unknown squadron class {q.squadron_class!r}",
                             field=f"squadrons[{i}].squadron_class")
        cls = catalog.squadrons[q.squadron_class]
        k = len(f.sq_ids)
        f.sq_ids.append(q.id)
        c = np.array([q.x_mm, q.y_mm])
        pt = shapely.points(c)
        disc = shapely.buffer(pt, cls.radius_mm, quad_segs=DISC_QUAD_SEGS)
        sq_geoms.append(disc)
        f.piece.append(q.id)
        f.zone.append(None)
        player.append(q.player)
        is_sq.append(True)
        ship_idx.append(-1)
        sq_idx.append(k)
        geom.append(disc)
        core.append(pt)
        r.append(cls.radius_mm)
        centre.append(c)
        bound.append(cls.radius_mm)
        tp.append(c)
        arc.append(None)
        rays.append(np.full((2, 3, 2), np.nan))
        reflex.append(False)
        verts.append(np.full((1, 2), np.nan))
        d_zone.append([0, 0, 0])
        d_asq.append(_dice(cls.anti_squadron))
        d_aship.append(_dice(cls.anti_ship))
    n = len(player)
    f.player = np.array(player, dtype=int)
    f.is_sq = np.array(is_sq, dtype=bool)
    f.ship_idx = np.array(ship_idx, dtype=int)
    f.sq_idx = np.array(sq_idx, dtype=int)
    f.geom = np.array(geom, dtype=object) if n else np.empty(0, dtype=object)
    f.core = np.array(core, dtype=object) if n else np.empty(0, dtype=object)
    f.r = np.array(r, dtype=float)
    f.centre = np.array(centre, dtype=float).reshape(-1, 2)
    f.bound = np.array(bound, dtype=float)
    f.tp = np.array(tp, dtype=float).reshape(-1, 2)
    f.arc = np.array(arc + [None], dtype=object)[:-1]
    f.rays = np.array(rays, dtype=float).reshape(-1, 2, 3, 2)
    f.reflex = np.array(reflex, dtype=bool)
    vmax = max((len(v) for v in verts), default=1)
    f.verts = np.full((n, vmax, 2), np.nan)
    for i, v in enumerate(verts):
        f.verts[i, : len(v)] = v
    f.dice_zone = np.array(d_zone, dtype=int).reshape(-1, 3)
    f.dice_anti_sq = np.array(d_asq, dtype=int).reshape(-1, 3)
    f.dice_anti_ship = np.array(d_aship, dtype=int).reshape(-1, 3)
    _obstructers(f, scene, catalog, ruleset, base_geoms, sq_geoms)
    return f


def _obstructers(f: Frame, scene: Scene, catalog: Catalog, ruleset: Ruleset, base_geoms,
                 sq_geoms) -> None:
    """Obstacles (their part not covered by a ship, RRG p.13), ship bases, squadrons (house rule)."""
    from armada_vision.geometry import obstacle_polygon

    geoms, ship_of, sq_of = [], [], []
    all_bases = shapely.union_all(base_geoms) if base_geoms else None
    for i, o in enumerate(scene.obstacles):
        if o.outline_mm is not None and len(o.outline_mm) >= 3:
            poly = shapely.make_valid(shapely.polygons(np.asarray(o.outline_mm, dtype=float)))
            kind = catalog.obstacles[o.obstacle].kind if o.obstacle in catalog.obstacles else ""
        elif o.obstacle is None:
            f.notes.append(f"obstacle {o.id!r} skipped: neither its kind nor its outline is known")
            continue
        elif o.obstacle not in catalog.obstacles:
            raise InputError(f"unknown obstacle {o.obstacle!r}", field=f"obstacles[{i}].obstacle")
        else:
            cls = catalog.obstacles[o.obstacle]
            kind = cls.kind
            poly = obstacle_polygon(cls, o.x_mm, o.y_mm, o.heading_deg, o.flipped)
        # A ship sitting on an obstacle hides the part under it (RRG p.13, armada-rules.md 1.1.6).
        if all_bases is not None and shapely.intersects(poly, all_bases):
            poly = shapely.difference(poly, all_bases)
        if poly.is_empty:
            continue
        geoms.append(poly)
        f.ob_id.append(o.id)
        f.ob_kind.append("dust" if kind in DUST_KINDS else "obstacle")
        ship_of.append(-1)
        sq_of.append(-1)
    for k, b in enumerate(base_geoms):
        geoms.append(b)
        f.ob_id.append(f.ship_ids[k])
        f.ob_kind.append("ship")
        ship_of.append(k)
        sq_of.append(-1)
    if ruleset.squadrons_obstruct:
        for k, d in enumerate(sq_geoms):
            geoms.append(d)
            f.ob_id.append(f.sq_ids[k])
            f.ob_kind.append("squadron")
            ship_of.append(-1)
            sq_of.append(k)
    f.ob_geom = np.array(geoms + [None], dtype=object)[:-1]
    f.ob_ship = np.array(ship_of, dtype=int)
    f.ob_sq = np.array(sq_of, dtype=int)
    f.ob_tree = shapely.STRtree(f.ob_geom) if geoms else None
    from ._lines import pad_vertices

    f.ob_verts = pad_vertices(f.ob_geom) if geoms else np.zeros((0, 1, 2))
