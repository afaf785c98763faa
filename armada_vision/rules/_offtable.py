"""Pieces wholly outside the play area: no attacks for them.

"If any part of a base is outside the play area, the ship/squadron is destroyed" (RRG "Play
Area"; armada-rules.md 1.4 rule 8). A piece only partly outside is left to the players (the
camera's margin decides that edge, and ``check`` notes it): its attacks are still listed. A
piece with no part of its base inside is destroyed however the edge is measured (or is not on
the table at all: a ship set aside beside the mat), so attacks by it or on it are dropped.
"""

from __future__ import annotations

import numpy as np
from shapely.geometry import box

from armada_vision.catalog import Catalog
from armada_vision.geometry import ship_base_local, ship_base_polygon, squadron_disc
from armada_vision.scene import Scene


def off_table_ids(scene: Scene, catalog: Catalog) -> frozenset[str]:
    """Ids of ships and squadrons of known class whose base has no area inside the
    ``scene.play_area_mm`` rectangle (corner at (0, 0), mm). Pieces of unknown class are
    skipped (they have no base to place)."""
    w, h = scene.play_area_mm
    table = box(0.0, 0.0, w, h)
    out = set()
    for s in scene.ships:
        if s.ship_class:
            cls = catalog.ship(s.ship_class)
            reach = max(float(np.hypot(*np.asarray(r, dtype=float).T).max())
                        for r in ship_base_local(cls))
            if reach <= s.x_mm <= w - reach and reach <= s.y_mm <= h - reach:
                continue             # wholly inside: most pieces, no polygon built
            if not ship_base_polygon(cls, s.x_mm, s.y_mm, s.heading_deg).intersection(
                    table).area > 0.0:
                out.add(s.id)
    for q in scene.squadrons:
        if q.squadron_class:
            disc = squadron_disc(catalog.squadron(q.squadron_class), q.x_mm, q.y_mm)
            if not disc.intersection(table).area > 0.0:
                out.add(q.id)
    return frozenset(out)


def off_table_notes(ids: frozenset[str]) -> list[str]:
    return [f"{pid!r} is wholly outside the play area: destroyed (RRG \"Play Area\"), no "
            "attacks listed for it" for pid in sorted(ids)]


def drop_off_table(rows: list, ids: frozenset[str]) -> list:
    """``rows`` without the checks whose attacker or defender is in ``ids``."""
    if not ids:
        return rows
    return [r for r in rows if r.attacker not in ids and r.defender not in ids]
