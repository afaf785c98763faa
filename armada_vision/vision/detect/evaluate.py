"""Scoring detections against a known Scene (rendered truth): matches and errors per class.

A detection matches the nearest unmatched true piece of its kind within ``gate_mm``. Ship
heading errors are taken modulo 180 deg when the detection does not claim to know the bow.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from armada_vision.scene import Scene


@dataclass
class ClassScore:
    """Counts and errors of one piece kind: true positives, misses, false alarms, and per match
    the centre error (mm) and heading error (deg). ``missed`` and ``false`` hold the true pieces
    not found and the detections matching none (scene pieces, table mm) of the scene scored,
    ``off`` the matches ``(true, found, centre error mm)`` farther off than ``score_scene``'s
    ``off_mm`` (found, but not where the piece is)."""

    tp: int = 0
    fn: int = 0
    fp: int = 0
    centre_mm: list[float] = field(default_factory=list)
    heading_deg: list[float] = field(default_factory=list)
    size_ok: int = 0
    missed: list = field(default_factory=list)
    false: list = field(default_factory=list)
    off: list = field(default_factory=list)

    def add(self, other: ClassScore) -> None:
        self.tp += other.tp
        self.fn += other.fn
        self.fp += other.fp
        self.size_ok += other.size_ok
        self.centre_mm += other.centre_mm
        self.heading_deg += other.heading_deg
        self.missed += other.missed
        self.false += other.false
        self.off += other.off

    @property
    def recall(self) -> float:
        return self.tp / max(self.tp + self.fn, 1)

    @property
    def precision(self) -> float:
        return self.tp / max(self.tp + self.fp, 1)


def _heading_error(a: float, b: float, period: float) -> float:
    d = (a - b) % period
    return min(d, period - d)


def _match(truth, found, gate_mm):
    pairs = sorted(
        (math.hypot(t.x_mm - f.x_mm, t.y_mm - f.y_mm), i, j)
        for i, t in enumerate(truth) for j, f in enumerate(found))
    ti, fj, out = set(), set(), []
    for d, i, j in pairs:
        if d > gate_mm:
            break
        if i in ti or j in fj:
            continue
        ti.add(i)
        fj.add(j)
        out.append((truth[i], found[j], d))
    return out, len(truth) - len(out), len(found) - len(out)


def match_ids(truth: Scene, found: Scene, gate_mm: float = 20.0) -> dict[str, str]:
    """Which found piece is which true one: true id -> found id, per kind, the nearest pairs
    within ``gate_mm`` (table mm) first (as :func:`score_scene` matches them)."""
    out = {}
    for kind in ("ships", "squadrons", "obstacles"):
        for t, f, _d in _match(list(getattr(truth, kind)), list(getattr(found, kind)),
                               gate_mm)[0]:
            out[t.id] = f.id
    return out


def score_scene(truth: Scene, found: Scene, catalog, gate_mm: float = 20.0,
                visible: set[str] | None = None,
                off_mm: float = 5.0) -> dict[str, ClassScore]:
    """Per kind (``ship``, ``squadron``, ``obstacle``) scores of ``found`` against ``truth``.
    Matches whose centres lie over ``off_mm`` apart are listed in ``off`` too (5 mm: twice the
    ships' goal for the 95th percentile of the centre error, bench/detection.py).

    ``visible`` (ids) limits the truth to pieces that could be seen (not under a hand); a
    detection matching a hidden piece is then neither a hit nor a false alarm.
    """
    def keep(ps):
        return [p for p in ps if visible is None or p.id in visible]

    out = {}
    for kind, t_list, f_list in (("ship", keep(truth.ships), found.ships),
                                 ("squadron", keep(truth.squadrons), found.squadrons),
                                 ("obstacle", keep(truth.obstacles), found.obstacles)):
        sc = ClassScore()
        matches, sc.fn, sc.fp = _match(t_list, list(f_list), gate_mm)
        sc.missed = [t for t in t_list if all(t is not m[0] for m in matches)]
        sc.false = [f for f in f_list if all(f is not m[1] for m in matches)]
        if visible is not None:
            hidden = [p for p in getattr(truth, kind + "s") if p.id not in visible]
            near = _match(hidden, sc.false, gate_mm)[0]
            sc.fp -= len(near)
            sc.false = [f for f in sc.false if all(f is not m[1] for m in near)]
        sc.tp = len(matches)
        for t, f, d in matches:
            sc.centre_mm.append(d)
            if d > off_mm:
                sc.off.append((t, f, d))
            if kind == "ship":
                period = 360.0 if f.bow_known else 180.0
                sc.heading_deg.append(_heading_error(f.heading_deg, t.heading_deg, period))
                size = catalog.ship(t.ship_class).size_class
                sc.size_ok += int((f.size_class or size) == size)
            elif kind == "obstacle":
                sc.heading_deg.append(_heading_error(f.heading_deg, t.heading_deg, 360.0))
                sc.size_ok += int(f.obstacle == t.obstacle and f.flipped == t.flipped)
        out[kind] = sc
    return out
