"""Per-piece diagnostics of the still detector on rendered 1080p tables (accuracy work, issue 5).

For every ship base of every seed: whether it was found, the centre error split along / across
the base, which model won (plastic base or printed token, walls seen or not), and the seen
edges' offsets from the true base outline per side (the side facing the camera's nadir, where
the wall shows, or not; long or short side), each measured on the plane that side's silhouette
lies on. Misses are put down to a cause (a fit of another size on the base, an obstacle,
squadrons or a hand found there, or no fit), false ships to what they lie on. Same scenes as
bench/detection.py (``_setup``).

With ``--pieces``: obstacles and squadrons instead, each miss and false piece put down to a
cause (``_diag_pieces``).

Run: python bench/detection_diag.py [--set tuning|heldout|fresh] [--frames N] [--first K]
[--pieces]
"""

from __future__ import annotations

import argparse
import collections
import math
import sys
from pathlib import Path

import cv2
import numpy as np
import shapely

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import _diag_pieces  # noqa: E402
from detection import MATS, _setup  # noqa: E402

from armada_vision.catalog import get_catalog  # noqa: E402
from armada_vision.vision import synth  # noqa: E402
from armada_vision.vision.detect import Detector  # noqa: E402
from armada_vision.vision.detect import _detector as D  # noqa: E402
from armada_vision.vision.detect.evaluate import ClassScore, score_scene  # noqa: E402

SETS = {"tuning": 1000, "heldout": 5000, "fresh": 7000}


def _hook():
    """Record each emitted fit with the blob it came from."""
    log = {"fits": [], "blobs": []}
    orig_explain, orig_emit = D.Detector._explain, D.Detector._emit

    def explain(self, fb, det, rng, *a, **k):
        log["fb"] = fb
        log["blobs"].append(fb)
        return orig_explain(self, fb, det, rng, *a, **k)

    def emit(self, fit, det):
        log["fits"].append((fit, log.get("fb")))
        return orig_emit(self, fit, det)

    D.Detector._explain, D.Detector._emit = explain, emit
    return log


def _local(pts, x, y, hd):
    a = math.radians(hd)
    d = pts - (x, y)
    return np.column_stack([d[:, 0] * math.cos(a) + d[:, 1] * math.sin(a),
                            -d[:, 0] * math.sin(a) + d[:, 1] * math.cos(a)])


def light_dir(seed: int, opt) -> np.ndarray:
    """The renderer's shadow direction for this seed (synth._render: same generator order)."""
    from armada_vision.vision.synth._mats import TABLE_SURFACES
    from armada_vision.vision.synth._render import _light_dir
    rng = np.random.default_rng([int(seed), 1])
    if opt.table is None:
        rng.integers(len(TABLE_SURFACES))
    return _light_dir(rng)


def side_offsets(det, fbs, ship, cls, camera, nadir, light):
    """Signed offsets (mm, outward positive) of seen edge points from the true base outline,
    per (facing, long) side: facing sides measured on z = 0, the others on the base top."""
    L, W, h = cls.base.length_mm, cls.base.width_mm, cls.base.height_mm
    a, b = L / 2, W / 2
    out = collections.defaultdict(list)
    dn = _local(np.asarray(nadir, float)[None], ship.x_mm, ship.y_mm, ship.heading_deg)[0]
    lt = _local(np.asarray(light, float)[None] + (ship.x_mm, ship.y_mm), ship.x_mm, ship.y_mm,
                ship.heading_deg)[0] / max(np.linalg.norm(light), 1e-9)
    lit = [lt[0] < 0.3, -lt[0] < 0.3, lt[1] < 0.3, -lt[1] < 0.3]
    for fb in fbs:
        px = getattr(fb, "edges_px", None)
        if px is None:
            continue
        for plane, facing_want in ((0.0, True), (h, False)):
            loc = _local(camera.image_to_table(px, plane), ship.x_mm, ship.y_mm, ship.heading_deg)
            s, t = loc[:, 0], loc[:, 1]
            for k, (val, lim, ext, elim, long_) in enumerate((
                    (s, a, t, b, False), (-s, a, t, b, False), (t, b, s, a, True),
                    (-t, b, s, a, True))):
                facing = [dn[0] > a, -dn[0] > a, dn[1] > b, -dn[1] > b][k]
                if facing != facing_want:
                    continue
                sel = (np.abs(val - lim) < 4.0) & (np.abs(ext) < elim - 3.0)
                out[(facing, long_, lit[k])] += list(val[sel] - lim)
    return out


def miss_cause(ship, cls, fits, det, feet) -> str:
    """Why a true ship was not found: a fit of another (or the same) size with its centre on
    the base, a catalog obstacle or squadrons found on it, a hand detected over it, or no fit."""
    foot = feet[ship.id]
    inside = [f for f in fits if shapely.contains_xy(foot, f.x_mm, f.y_mm)]
    if inside:
        f = inside[0]
        rel = ("smaller" if f.size_mm[0] < cls.base.length_mm - 5 else "larger"
               if f.size_mm[0] > cls.base.length_mm + 5 else "same size")
        return f"{rel} fit on it ({cls.size_class} -> {f.name})"
    if any(shapely.dwithin(foot, shapely.Point(o.x_mm, o.y_mm), 30.0) for o in det.obstacles):
        return "taken as an obstacle"
    if any(shapely.dwithin(foot, shapely.Point(q.x_mm, q.y_mm), 5.0) for q in det.squadrons):
        return "seen as squadron(s)"
    if any(shapely.dwithin(foot, shapely.Polygon(h.outline_mm).buffer(0), 30.0)
           for h in det.hands):
        return "a hand detected by it"
    return "no fit"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", choices=sorted(SETS), default="tuning")
    ap.add_argument("--frames", type=int, default=30)
    ap.add_argument("--first", type=int, default=0, help="skip this many seeds")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--pieces", action="store_true", help="obstacle and squadron causes")
    args = ap.parse_args()
    cv2.setNumThreads(1)
    catalog = get_catalog()
    if args.pieces:
        pieces(args, catalog)
        return
    log = _hook()
    totals = {k: ClassScore() for k in ("ship", "squadron", "obstacle")}
    causes = collections.Counter()
    per_mat = collections.defaultdict(lambda: collections.defaultdict(list))
    offs = collections.defaultdict(lambda: collections.defaultdict(list))
    for i in range(args.first, args.first + args.frames):
        seed = SETS[args.set] + i
        rng, camera, opt, scene, bg = _setup(catalog, i, seed)
        frame = synth.render(scene, camera, catalog, opt, seed=seed)
        detector = Detector(catalog, camera, background=bg)
        log["fits"].clear()
        log["blobs"].clear()
        det = detector.detect(frame.image)
        sc = score_scene(frame.truth.scene, det.to_scene(), catalog)
        for k, s in sc.items():
            totals[k].add(s)
        mat = MATS[i % 3]
        feet = synth.footprints(scene, catalog)
        fits = [(f, fb) for f, fb in log["fits"] if f.kind == "rect"]
        used = set()
        for ship in scene.ships:
            cls = catalog.ship(ship.ship_class)
            vis = frame.truth.pieces[ship.id].visibility
            best = min(((math.hypot(f.x_mm - ship.x_mm, f.y_mm - ship.y_mm), j)
                        for j, (f, _) in enumerate(fits)), default=(1e9, -1))
            d, j = best
            if d <= 20.0:
                used.add(j)
                f, fb = fits[j]
                loc = _local(np.array([[f.x_mm, f.y_mm]]), ship.x_mm, ship.y_mm,
                             ship.heading_deg)[0]
                kind = ("token" if f.token_offset_mm is not None else "base")
                per_mat[mat]["centre"].append(d)
                per_mat[mat]["along"].append(abs(loc[0]))
                per_mat[mat]["across"].append(abs(loc[1]))
                per_mat[mat][kind].append(d)
                if f.name != cls.size_class:
                    causes[f"size wrong ({cls.size_class}->{f.name})"] += 1
                if args.verbose:
                    print(f"  {seed} {mat} {ship.id} {cls.size_class} {kind} err {d:.2f} "
                          f"along {loc[0]:+.2f} across {loc[1]:+.2f} cov {f.coverage:.2f} "
                          f"rms {f.rms_mm:.2f} vis {vis:.2f}")
            else:
                cause = miss_cause(ship, cls, [f for f, _ in fits], det, feet)
                causes[f"miss: {mat}: {cause.split(' (')[0]}"] += 1
                print(f"  MISS {seed} {mat} {ship.id} {cls.size_class} vis {vis:.2f} "
                      f"nearest fit {d:.0f} mm; {cause}")
            for key, v in side_offsets(det, log["blobs"], ship, cls, camera,
                                       detector.nadir_mm, light_dir(seed, opt)).items():
                offs[mat][key] += v
        for j, (f, _fb) in enumerate(fits):
            if j in used:
                continue
            tsq = min((math.hypot(q.x_mm - f.x_mm, q.y_mm - f.y_mm) for q in scene.squadrons),
                      default=1e9)
            tsh = min((math.hypot(s.x_mm - f.x_mm, s.y_mm - f.y_mm) for s in scene.ships),
                      default=1e9)
            tob = min((math.hypot(o.x_mm - f.x_mm, o.y_mm - f.y_mm) for o in scene.obstacles),
                      default=1e9)
            on = [s for s in scene.ships
                  if shapely.dwithin(feet[s.id], shapely.Point(f.x_mm, f.y_mm), 5.0)]
            cause = (f"on a {catalog.ship(on[0].ship_class).size_class} ship" if on
                     else "on a ship (extra/misplaced)" if tsh < 70 else "on squadrons"
                     if tsq < 40 else "on an obstacle" if tob < 80 else "elsewhere")
            causes[f"false ship: {mat}: {cause}"] += 1
            print(f"  FALSE {seed} {mat} {f.name} {'token' if f.token_offset_mm else 'base'} "
                  f"cov {f.coverage:.2f} corners {f.corners} rms {f.rms_mm:.2f}; {cause}")
        print(f"seed {seed} {mat:9s} " + "  ".join(
            f"{k} {s.tp}/{s.tp + s.fn} fp {s.fp}" for k, s in sc.items()), flush=True)
    print()
    for k, s in totals.items():
        c = np.array(s.centre_mm or [np.nan])
        print(f"{k:9s} recall {s.recall:.3f} ({s.tp}/{s.tp + s.fn}) precision {s.precision:.3f}"
              f" centre median {np.median(c):.2f} p95 {np.percentile(c, 95):.2f} heading median"
              f" {np.median(s.heading_deg or [np.nan]):.2f} p95"
              f" {np.percentile(s.heading_deg or [np.nan], 95):.2f}")
    for mat, d in per_mat.items():
        print(f"{mat:9s} n {len(d['centre'])} centre med {np.median(d['centre']):.2f} "
              f"|along| {np.median(d['along']):.2f} |across| {np.median(d['across']):.2f} "
              f"base fits {len(d['base'])} (med {np.median(d['base'] or [np.nan]):.2f}) "
              f"token fits {len(d['token'])} (med {np.median(d['token'] or [np.nan]):.2f})")
    print("edge offsets from the true base outline, mm (outward +): median [p25 p75] n")
    for mat, d in offs.items():
        for (facing, long_, lit), v in sorted(d.items()):
            v = np.array(v)
            print(f"  {mat:9s} {'facing' if facing else 'far   '} {'long ' if long_ else 'short'}"
                  f" {'lit   ' if lit else 'shadow'}"
                  f" {np.median(v):+.2f} [{np.percentile(v, 25):+.2f} {np.percentile(v, 75):+.2f}]"
                  f" n {len(v)}")
    for k, v in sorted(causes.items()):
        print(f"  {v:3d}  {k}")


def pieces(args, catalog) -> None:
    """Obstacle and squadron outcomes by cause (``--pieces``)."""
    log = _diag_pieces.hook()
    totals = {k: ClassScore() for k in ("ship", "squadron", "obstacle")}
    causes = collections.Counter()
    for i in range(args.first, args.first + args.frames):
        seed = SETS[args.set] + i
        rng, camera, opt, scene, bg = _setup(catalog, i, seed)
        frame = synth.render(scene, camera, catalog, opt, seed=seed)
        log["blobs"].clear()
        log["matches"].clear()
        det = Detector(catalog, camera, background=bg).detect(frame.image)
        sc = score_scene(frame.truth.scene, det.to_scene(), catalog)
        for k, s in sc.items():
            totals[k].add(s)
        _diag_pieces.tally(frame.truth.scene, det, catalog, log, causes, seed, MATS[i % 3],
                           args.verbose)
        print(f"seed {seed} {MATS[i % 3]:9s} " + "  ".join(
            f"{k} {s.tp}/{s.tp + s.fn} fp {s.fp}" for k, s in sc.items()), flush=True)
    print()
    for k in ("squadron", "obstacle"):
        s = totals[k]
        print(f"{k:9s} recall {s.recall:.3f} ({s.tp}/{s.tp + s.fn}) precision {s.precision:.3f}"
              f" ({s.fp} false) centre median {np.median(s.centre_mm or [np.nan]):.2f}")
    _diag_pieces.summary(causes)


if __name__ == "__main__":
    main()
