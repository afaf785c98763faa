"""Per-cause tally of obstacle and squadron misses and false pieces (``detection_diag.py
--pieces``).

For every true obstacle: found with the right outline (and side), found with another outline,
or missed; a miss is put down to what the detector saw there: no blob, several fragments, one
blob shared with other pieces, or one blob of its own whose best catalog match was the right
outline in the right place but scored under the thresholds, another outline, or none (area off).
For every true squadron missed: alone in its blob, or sharing it with an obstacle or a ship. False
obstacles and squadrons: on an obstacle, on a ship, next to a squadron, elsewhere.
"""

from __future__ import annotations

import collections
import math

import numpy as np
import shapely
from shapely.geometry import Point, Polygon

from armada_vision.vision import synth
from armada_vision.vision.detect import _explain as E
from armada_vision.vision.detect import _explain_match as M
from armada_vision.vision.detect.evaluate import _match


def hook():
    """Record each explained blob's outline (mm, obstacle top plane) and its obstacle match."""
    log = {"blobs": [], "matches": {}}
    orig_explain, orig_match = E.BlobExplainer._explain, M.match_obstacle

    def explain(self, fb, det, rng, *a, **k):
        top = max((o.thickness_mm for o in self.catalog.obstacles.values()), default=2.0)
        poly = Polygon(self._contours(fb, top)[1]).buffer(0)
        log["blobs"].append((fb, poly))
        log["current"] = id(fb)
        return orig_explain(self, fb, det, rng, *a, **k)

    def match(contour, obstacles, *a, **k):
        m = orig_match(contour, obstacles, *a, **k)
        log["matches"][log.get("current")] = m
        return m

    E.BlobExplainer._explain = explain
    M.match_obstacle = match
    return log


def _kind_of(pid: str) -> str:
    return "ship" if pid.startswith("ship") else "squadron" if pid.startswith("sq") else "obstacle"


def tally(scene, det, catalog, log, causes: collections.Counter, seed: int, mat: str,
          verbose: bool = False) -> None:
    """Add this frame's obstacle and squadron outcomes to ``causes``."""
    feet = synth.footprints(scene, catalog)
    blobs = [(fb, poly) for fb, poly in log["blobs"] if not poly.is_empty]

    def shared(poly, pid):
        """Kinds of the other true pieces a blob covers (> 30 mm2 of their footprint)."""
        return sorted({_kind_of(q) for q, f in feet.items()
                       if q != pid and poly.intersection(f).area > 30.0})

    found = det.to_scene()
    matches, _, _ = _match(list(scene.obstacles), list(found.obstacles), 20.0)
    hit = {t.id: f for t, f, _ in matches}
    for ob in scene.obstacles:
        foot = feet[ob.id]
        tag = f"{seed} {mat} {ob.id} {ob.obstacle}{' flipped' if ob.flipped else ''}"
        if ob.id in hit:
            f = hit[ob.id]
            if f.obstacle != ob.obstacle:
                key = "obstacle found, other outline"
            elif f.flipped != ob.flipped:
                key = "obstacle found, wrong side"
            else:
                key = "obstacle found"
            causes[key] += 1
            if key != "obstacle found":
                print(f"  OBST {tag}: {key} ({f.obstacle})")
            continue
        over = [(fb, poly, poly.intersection(foot).area / foot.area) for fb, poly in blobs]
        over = [o for o in over if o[2] > 0.05]
        if not over:
            cause = "not segmented"
        elif len(over) > 1 and max(o[2] for o in over) < 0.85:
            cause = f"fragments ({len(over)} blobs, largest {max(o[2] for o in over):.2f})"
        else:
            fb, poly, cov = max(over, key=lambda o: o[2])
            others = shared(poly, ob.id)
            m = log["matches"].get(id(fb), "skipped")
            if others:
                cause = "blob shared with " + "+".join(others)
            elif m == "skipped":
                cause = "blob too small to match"
            elif m is None:
                cause = f"no outline of its area (blob/token {poly.area / foot.area:.2f})"
            else:
                oid, x, y, hd, flipped, band, _, plain = m
                near = math.hypot(x - ob.x_mm, y - ob.y_mm) < 5.0
                if oid == ob.obstacle and near:
                    cause = "right outline under threshold"
                else:
                    cause = "matched another outline"
                tag += f" band {band:.3f} plain {plain:.3f} ({oid}{' F' if flipped else ''})"
        short = cause.split(" (")[0]
        causes[f"obstacle miss: {mat}: {short}"] += 1
        print(f"  OBST MISS {tag}: {cause}")
    for f in found.obstacles:
        if any(f is h for h in hit.values()):
            continue
        where = _where(Point(f.x_mm, f.y_mm), scene, feet, 10.0)
        causes[f"false obstacle: {mat}: {where}"] += 1
        print(f"  OBST FALSE {seed} {mat} {f.obstacle} at ({f.x_mm:.0f}, {f.y_mm:.0f}): {where}")
    sq_matches, _, _ = _match(list(scene.squadrons), list(found.squadrons), 20.0)
    sq_hit = {t.id for t, _, _ in sq_matches}
    for q in scene.squadrons:
        if q.id in sq_hit:
            causes["squadron found"] += 1
            continue
        foot = feet[q.id]
        over = [(poly, poly.intersection(foot).area / foot.area) for _, poly in blobs]
        over = [o for o in over if o[1] > 0.2]
        if not over:
            cause = "not segmented"
        else:
            poly = max(over, key=lambda o: o[1])[0]
            others = shared(poly, q.id)
            cause = "blob shared with " + "+".join(others) if others else "alone in its blob"
        causes[f"squadron miss: {mat}: {cause}"] += 1
        print(f"  SQ MISS {seed} {mat} {q.id}: {cause}")
    matched = {id(f) for _, f, _ in sq_matches}
    for f in found.squadrons:
        if id(f) in matched:
            continue
        where = _where(Point(f.x_mm, f.y_mm), scene, feet, 15.0)
        causes[f"false squadron: {mat}: {where}"] += 1
        print(f"  SQ FALSE {seed} {mat} at ({f.x_mm:.0f}, {f.y_mm:.0f}): {where}")


def _where(pt: Point, scene, feet, grow_mm: float) -> str:
    """Which true piece's footprint (grown by ``grow_mm``) a false detection lies on."""
    for kind, pieces in (("on an obstacle", scene.obstacles), ("on a ship", scene.ships),
                         ("by a squadron", scene.squadrons)):
        if any(shapely.dwithin(feet[p.id], pt, grow_mm) for p in pieces):
            return kind
    return "elsewhere"


def summary(causes: collections.Counter) -> None:
    ob = [k for k in causes if k.split(":")[0].split()[-1] == "obstacle"
          or k.startswith("obstacle")]
    sq = [k for k in causes if k not in ob]
    for group in (ob, sq):
        for k in sorted(group):
            print(f"  {causes[k]:3d}  {k}")
    n = np.array([causes[k] for k in ob if k.startswith("obstacle")]).sum()
    print(f"  obstacles in truth: {n}")
