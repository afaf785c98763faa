"""What the detector looks for: one plastic-base and one cardboard-token rectangle per ship size
class, one disc per squadron base diameter, all from the catalog (no ship is hard-coded)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from armada_vision.catalog import Catalog


@dataclass(frozen=True)
class RectSpec:
    """A rectangle to look for: a size class's plastic base (from the mat up to ``height_mm``),
    or its cardboard token (from ``floor_mm``, the base top, up to ``height_mm``), which is what
    shows when a black base is lost against a dark mat. ``offset_mm`` is the token centre along
    the ship's axis relative to the base centre."""

    name: str
    length_mm: float
    width_mm: float
    height_mm: float
    floor_mm: float = 0.0
    token: bool = False
    offset_mm: float = 0.0


@dataclass(frozen=True)
class DiscSpec:
    name: str
    diameter_mm: float
    height_mm: float
    floor_mm: float = 0.0



def base_specs(catalog: Catalog) -> list[RectSpec]:
    """One plastic-base size per size class (median over the catalog's ships of that class;
    huge ships stand on bases of their own listed size). RRG p.18 / armada-geometry.md 2."""
    by: dict[str, list] = {}
    for ship in catalog.ships.values():
        t = ship.token
        by.setdefault(ship.size_class, []).append(
            (ship.base.length_mm, ship.base.width_mm, ship.base.height_mm, t.length_mm,
             t.width_mm, t.thickness_mm, t.offset_mm[0]))
    out = []
    for name, sizes in by.items():
        if name == "huge":
            continue
        bl, bw, bh, tl, tw, tt, off = (float(v) for v in np.median(np.array(sizes), axis=0))
        out.append(RectSpec(name, bl, bw, bh))
        out.append(RectSpec(name, tl, tw, bh + tt, floor_mm=bh, token=True, offset_mm=off))
    return sorted(out, key=lambda s: s.length_mm * s.width_mm)


def disc_specs(catalog: Catalog) -> list[DiscSpec]:
    """The distinct squadron base diameters in the catalog (with their base heights)."""
    seen: dict[float, DiscSpec] = {}
    for sq in catalog.squadrons.values():
        d = round(sq.base_diameter_mm, 1)
        seen.setdefault(d, DiscSpec(f"{d:g}mm", float(sq.base_diameter_mm),
                                    float(sq.base_height_mm)))
    return sorted(seen.values(), key=lambda s: s.diameter_mm)


def _poly_area(pts) -> float:
    p = np.asarray(pts, dtype=np.float64)
    return 0.5 * abs(float(np.sum(p[:, 0] * np.roll(p[:, 1], -1) - np.roll(p[:, 0], -1) * p[:, 1])))
