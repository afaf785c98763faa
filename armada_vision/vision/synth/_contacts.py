"""Contacts that players make every game and random scenes almost never do (issue 5): squadrons
on and against obstacle tokens, and two large ships side by side.

``random_scene`` keeps every footprint 2 mm from the others; these scenes move a few of its
pieces into contact, so the rest of the table (its light, mat, other pieces) stays the same.
Squadrons may be placed and move onto obstacles (RRG "Obstacles": only ships overlapping them
are affected, and "Squadron Movement": a squadron may end on an obstacle).
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np
from shapely.geometry import Point, Polygon, box

from armada_vision.catalog import Catalog
from armada_vision.geometry import ship_base_polygon, squadron_disc
from armada_vision.scene import Scene

from ._random import footprints

# Squadron contacts, in the order the scene's first squadrons take them: how far the base's
# centre lies outside the token's outline, in squadron radii. -1.2: the whole base on the token
# (its centre at least 1.2 radii in); 0: its centre on the outline (half on); 1.0 + 0.3 mm: its
# rim 0.3 mm from the token (touching, as a player's hand leaves it).
FULLY_ON, HALF_ON, TOUCHING = "fully on", "half on", "touching"
SQUADRON_CONTACTS = (FULLY_ON, HALF_ON, TOUCHING)
TOUCH_GAP_MM = 0.3  # a hand-placed touching gap; 0 would be exact contact (the renderer's edges blur 1-2 px)
SIDE_GAP_MM = 0.5   # two ship bases pushed together side by side
TRIES = 400


def _free(poly: Polygon, others: list[Polygon], area: Polygon, gap_mm: float = 2.0) -> bool:
    return area.contains(poly) and not any(poly.distance(o) < gap_mm for o in others)


def squadron_contact_point(token: Polygon, radius_mm: float, contact: str,
                           rng: np.random.Generator) -> tuple[float, float] | None:
    """A squadron centre (x_mm, y_mm) making ``contact`` with ``token`` (a table-mm polygon), or
    None when the token cannot hold it (a base fully on a token narrower than the disc)."""
    if contact == FULLY_ON:
        inner = token.buffer(-radius_mm - 1.0)
        if inner.is_empty:
            return None
        # a random point of the inner region: the token's own point where the disc fits
        minx, miny, maxx, maxy = inner.bounds
        for _ in range(TRIES):
            p = Point(rng.uniform(minx, maxx), rng.uniform(miny, maxy))
            if inner.contains(p):
                return p.x, p.y
        return None
    ring = token.exterior if contact == HALF_ON else token.buffer(
        radius_mm + TOUCH_GAP_MM, quad_segs=16).exterior
    p = ring.interpolate(float(rng.uniform(0.0, ring.length)))
    return p.x, p.y


def with_contacts(scene: Scene, catalog: Catalog, rng: np.random.Generator,
                  large_pair: bool = True) -> tuple[Scene, dict[str, str]]:
    """``scene`` with its first squadrons moved fully on, half on and touching its first
    obstacles (one each, in that order), and (``large_pair``) its first two ships turned into
    large ships side by side, their bases' long sides ``SIDE_GAP_MM`` apart.

    A piece is moved only where its footprint stays in the play area and 2 mm from every other
    piece (other than the token it contacts); one that finds no such place keeps its pose.

    Returns the new scene and, per moved piece id, its contact ("fully on", "half on",
    "touching", "side by side").
    """
    area = box(0.0, 0.0, *scene.play_area_mm)
    feet = footprints(scene, catalog)
    contacts: dict[str, str] = {}
    ships = list(scene.ships)
    if large_pair and len(ships) >= 2:
        large = sorted(c for c in catalog.ships if catalog.ship(c).size_class == "large")
        if large:
            a, b = (catalog.ship(large[int(rng.integers(len(large)))]) for _ in range(2))
            others = [p for k, p in feet.items() if k not in (ships[0].id, ships[1].id)]
            for _ in range(TRIES):
                x = float(rng.uniform(0.0, scene.play_area_mm[0]))
                y = float(rng.uniform(0.0, scene.play_area_mm[1]))
                h = float(rng.uniform(0.0, 360.0))
                # b beside a's port side, facing the same way or the other (ships pass)
                side = (a.base.width_mm + b.base.width_mm) / 2.0 + SIDE_GAP_MM
                hb = h if rng.random() < 0.5 else (h + 180.0) % 360.0
                along = float(rng.uniform(-0.3, 0.3)) * a.base.length_mm
                t = math.radians(h)
                xb = x - side * math.sin(t) + along * math.cos(t)
                yb = y + side * math.cos(t) + along * math.sin(t)
                pa = ship_base_polygon(a, x, y, h)
                pb = ship_base_polygon(b, xb, yb, hb)
                if _free(pa, others, area) and _free(pb, others, area):
                    ships[0] = dataclasses.replace(ships[0], ship_class=a.id, x_mm=x, y_mm=y,
                                                   heading_deg=round(h, 3), speed=1)
                    ships[1] = dataclasses.replace(ships[1], ship_class=b.id, x_mm=xb, y_mm=yb,
                                                   heading_deg=round(hb, 3), speed=1)
                    feet[ships[0].id], feet[ships[1].id] = pa, pb
                    contacts[ships[0].id] = contacts[ships[1].id] = "side by side"
                    break
    squadrons = list(scene.squadrons)
    for k, (sq, ob, contact) in enumerate(zip(squadrons, scene.obstacles, SQUADRON_CONTACTS)):
        cls = catalog.squadron(sq.squadron_class)
        token = feet[ob.id]
        others = [p for pid, p in feet.items() if pid not in (sq.id, ob.id)]
        for _ in range(TRIES):
            c = squadron_contact_point(token, cls.radius_mm, contact, rng)
            if c is None:
                break
            disc = squadron_disc(cls, *c)
            if _free(disc, others, area):
                squadrons[k] = dataclasses.replace(sq, x_mm=c[0], y_mm=c[1])
                feet[sq.id] = disc
                contacts[sq.id] = contact
                break
    return dataclasses.replace(scene, ships=tuple(ships), squadrons=tuple(squadrons)), contacts


__all__ = ["SQUADRON_CONTACTS", "squadron_contact_point", "with_contacts"]
