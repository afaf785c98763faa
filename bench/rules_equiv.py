"""Guard for speed work on the rules core: every verdict of many scenes, dumped and compared.

    python bench/rules_equiv.py --dump before.pkl       # answers of the current code
    python bench/rules_equiv.py --compare before.pkl    # same scenes, answers must match

Scenes: bench/scenes/*.json under four rulesets; random legal tables of the bundled catalog
(``random_scene``); random tables of the bundled plus the test pieces of tests/rules (a box ship
with shield dials, a ship with a 307-degree arc, a huge ship with two bases, a dust field) with
overlaps allowed (pieces touching, obstacles under ships), so the rare branches run too. The
scenes themselves are stored in the dump, so ``--compare`` asks exactly the same questions.

Compared per check: every field; verdicts, ids, bands, dice exactly; ``range_mm``,
``margin_mm`` and the two drawn segments within ``--tol`` mm (default 1e-6). Also per scene:
one ship's and one squadron's own checks (``attacker_id``) and squadron engagement.
Prints the number of scenes, checks and differences; exit status 1 on any difference.
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import pickle
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from armada_vision.catalog import get_catalog, load_catalog  # noqa: E402
from armada_vision.geometry import clear_pose_cache  # noqa: E402
from armada_vision.rules import check_scene, clear_frame_cache, engagements  # noqa: E402
from armada_vision.scene import (  # noqa: E402
    ObstaclePose,
    Scene,
    ShipPose,
    SquadronPose,
    load_scene,
    scene_from_dict,
    scene_to_dict,
)
from armada_vision.vision.synth import random_scene  # noqa: E402

RULESETS = ("rrg-1.6", "rrg-1.5", "rrg-1.6+squadrons-obstruct", "rrg-1.5+squadrons-obstruct")
FLOATS = ("range_mm", "margin_mm")


def _module(path: Path):
    spec = importlib.util.spec_from_file_location(path.stem + "_equiv", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_catalog(root: Path):
    """Bundled classes plus the hand-checkable test pieces of tests/rules (written to ``root``)."""
    conf = _module(REPO / "tests" / "rules" / "conftest.py")
    huge = _module(REPO / "tests" / "rules" / "test_rules_huge.py")
    for sub in ("ships", "squadrons", "obstacles"):
        (root / sub).mkdir(exist_ok=True)
    (root / "ships" / "test-box.toml").write_text(conf.BOX)
    (root / "ships" / "test-fan.toml").write_text(conf.FAN)
    (root / "ships" / "test-huge.toml").write_text(huge.HUGE)
    (root / "squadrons" / "test-big-sq.toml").write_text(conf.squadron_toml("Big Squadron", 60.0))
    (root / "obstacles" / "test-dust.toml").write_text(conf.square_toml("Dust", "dust", 10, 50))
    return load_catalog(root)


def raw_scene(catalog, rng: np.random.Generator, area=(900.0, 600.0)) -> Scene:
    """Random poses on a small area, overlaps allowed (touching pieces, obstacles under ships)."""
    ships = [ShipPose(f"s{i}", str(rng.choice(sorted(catalog.ships))), 1 + i % 2,
                      float(rng.uniform(0, area[0])), float(rng.uniform(0, area[1])),
                      float(rng.uniform(0, 360)))
             for i in range(int(rng.integers(2, 7)))]
    sqs = [SquadronPose(f"q{i}", str(rng.choice(sorted(catalog.squadrons))), 1 + i % 2,
                        float(rng.uniform(0, area[0])), float(rng.uniform(0, area[1])))
           for i in range(int(rng.integers(0, 9)))]
    obs = [ObstaclePose(f"o{i}", str(rng.choice(sorted(catalog.obstacles))),
                        float(rng.uniform(0, area[0])), float(rng.uniform(0, area[1])),
                        float(rng.uniform(0, 360)), bool(rng.random() < 0.3))
           for i in range(int(rng.integers(0, 5)))]
    return Scene(tuple(ships), tuple(sqs), tuple(obs), area)


def scenes(n_random: int, seed: int):
    """(name, scene, catalog key, ruleset) tuples; catalog key "bundled" or "test"."""
    out = []
    for path in sorted((REPO / "bench" / "scenes").glob("*.json")):
        for rs in RULESETS:
            out.append((f"{path.name}/{rs}", load_scene(path), "bundled", rs))
    rng = np.random.default_rng(seed)
    bundled = get_catalog()
    with tempfile.TemporaryDirectory() as tmp:
        test = test_catalog(Path(tmp))
    for k in range(n_random):
        rs = RULESETS[k % len(RULESETS)]
        kind = k % 3
        if kind == 0:
            s = random_scene(bundled, rng, n_ships=int(rng.integers(2, 9)),
                             n_squadrons=int(rng.integers(0, 17)), n_obstacles=int(rng.integers(0, 7)))
            out.append((f"legal-{k}/{rs}", s, "bundled", rs))
        else:
            out.append((f"raw-{k}/{rs}", raw_scene(test, rng), "test", rs))
    return out


def _row(c) -> tuple:
    seg = lambda s: None if s is None else np.asarray(s, dtype=float).tolist()  # noqa: E731
    return (c.attacker, c.attacking_zone, c.defender, c.defending_zone, c.in_arc, c.range_mm,
            c.range_band, c.distance_band, c.line_of_sight, c.blocked_by_zone, c.obstructed,
            tuple(c.obstructed_by), dict(c.dice), c.valid, c.margin_mm,
            seg(c.los_segment), seg(c.range_segment))


NAMES = ("attacker", "attacking_zone", "defender", "defending_zone", "in_arc", "range_mm",
         "range_band", "distance_band", "line_of_sight", "blocked_by_zone", "obstructed",
         "obstructed_by", "dice", "valid", "margin_mm", "los_segment", "range_segment")


def answers(scene: Scene, catalog, rs: str) -> dict:
    clear_pose_cache()
    clear_frame_cache()
    out = {"all": [_row(c) for c in check_scene(scene, catalog, rs)]}
    clear_frame_cache()
    for pick in (scene.ships[:1], scene.squadrons[-1:]):
        for p in pick:
            out[p.id] = [_row(c) for c in check_scene(scene, catalog, rs, attacker_id=p.id)]
    clear_frame_cache()
    out["engaged"] = engagements(scene, catalog, rs)
    return out


def _close(a, b, tol: float) -> bool:
    if a is None or b is None:
        return a is b
    if isinstance(a, list):
        return np.allclose(np.asarray(a), np.asarray(b), rtol=0.0, atol=tol, equal_nan=True)
    if math.isinf(a) or math.isinf(b):
        return a == b
    return abs(a - b) <= tol


def diff_rows(name: str, old: list, new: list, tol: float) -> list[str]:
    if len(old) != len(new):
        return [f"{name}: {len(old)} checks before, {len(new)} now"]
    out = []
    for r0, r1 in zip(old, new):
        for k, (a, b) in enumerate(zip(r0, r1)):
            field = NAMES[k]
            same = _close(a, b, tol) if field in FLOATS or field.endswith("segment") else a == b
            if not same:
                out.append(f"{name}: {r0[0]}/{r0[1]} -> {r0[2]}/{r0[3]} {field}: {a!r} -> {b!r}")
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    g = p.add_mutually_exclusive_group(required=True)
    g.add_argument("--dump", metavar="FILE")
    g.add_argument("--compare", metavar="FILE")
    p.add_argument("--random", type=int, default=200, help="random scenes (with --dump)")
    p.add_argument("--seed", type=int, default=2)
    p.add_argument("--tol", type=float, default=1e-6, help="mm, for ranges, margins, segments")
    args = p.parse_args(argv)
    bundled = get_catalog()
    with tempfile.TemporaryDirectory() as tmp:
        cats = {"bundled": bundled, "test": test_catalog(Path(tmp))}
        if args.dump:
            items = scenes(args.random, args.seed)
            t0 = time.process_time()
            data = [(name, scene_to_dict(s), ck, rs, answers(s, cats[ck], rs))
                    for name, s, ck, rs in items]
            Path(args.dump).write_bytes(pickle.dumps(data))
            n = sum(len(d[4]["all"]) for d in data)
            print(f"dumped {len(data)} scenes, {n} checks ({time.process_time() - t0:.1f} s CPU)")
            return 0
        data = pickle.loads(Path(args.compare).read_bytes())
        problems, n = [], 0
        t0 = time.process_time()
        for name, sd, ck, rs, old in data:
            new = answers(scene_from_dict(sd), cats[ck], rs)
            for key in old:
                if key == "engaged":
                    if old[key] != new[key]:
                        problems.append(f"{name}: engagements differ")
                    continue
                n += len(old[key])
                problems += diff_rows(f"{name}[{key}]", old[key], new[key], args.tol)
    for line in problems[:40]:
        print(line)
    print(f"compared {len(data)} scenes, {n} checks ({time.process_time() - t0:.1f} s CPU): "
          f"{len(problems)} differences")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
