"""The rules engine can be compiled ahead (before a window opens): the made-up warm-up table
reaches the kernels a real full table uses, and a slow first command says why it waits."""

import io
import json
import subprocess
import sys
import time
from pathlib import Path

from armada_vision.cli._options import note_if_compiling
from armada_vision.rules import check_scene
from armada_vision.rules._warm import warm_up_scene

FULL_TABLE = Path(__file__).resolve().parents[2] / "bench" / "scenes" / "full-table.json"


_PROBE = """
import json, sys
from armada_vision.catalog import get_catalog
from armada_vision.rules import check_scene, compile_kernels, engagements
from armada_vision.rules._warm import kernels
from armada_vision.scene import load_scene

def compiled():
    return {name: len(k.signatures) for name, k in kernels()}

catalog = get_catalog()
compile_kernels(catalog)
before = compiled()
scene = load_scene(sys.argv[1])
for ruleset in ("rrg-1.6", "rrg-1.5", "rrg-1.6+squadrons-obstruct"):
    assert check_scene(scene, catalog, ruleset)
    # one attacker at a time, as the window asks for the selected ship or squadron
    for attacker in (scene.ships[0].id, scene.ships[-1].id, scene.squadrons[0].id):
        assert check_scene(scene, catalog, ruleset, attacker)
    engagements(scene, catalog, ruleset)
after = compiled()
print(json.dumps({"before": before, "new": {k: after[k] - before.get(k, 0) for k in after
                                             if after[k] != before.get(k, 0)}}))
"""


def test_after_the_warm_up_a_full_table_compiles_nothing_new():
    # a fresh process: in this one, earlier tests have compiled whatever they used
    out = subprocess.run([sys.executable, "-c", _PROBE, str(FULL_TABLE)], capture_output=True,
                         text=True, timeout=600, check=True).stdout
    res = json.loads(out.strip().splitlines()[-1])
    assert sum(res["before"].values()) >= 10          # the stage kernels were compiled (or loaded)
    assert res["new"] == {}


def test_the_warm_up_table_uses_only_catalog_classes_and_has_every_kind_of_piece(catalog):
    scene = warm_up_scene(catalog)
    assert {s.ship_class for s in scene.ships} <= set(catalog.ships)
    assert {s.squadron_class for s in scene.squadrons} <= set(catalog.squadrons)
    assert {o.obstacle for o in scene.obstacles} <= set(catalog.obstacles)
    assert {s.player for s in scene.ships} == {1, 2} == {s.player for s in scene.squadrons}
    assert len(scene.obstacles) == 2
    # the first ship can fire on the second: the kernels have real pairs to work on
    assert any(c.valid for c in check_scene(scene, catalog, None, "w1"))


def test_compiling_a_kernel_says_why_it_waits_and_a_slow_cached_step_says_nothing():
    from numba import njit

    def twice(x):
        return 2 * x

    fresh = njit(cache=False)(twice)  # never compiled: the block compiles it
    out = io.StringIO()
    with note_if_compiling("compiling", stream=out):
        assert fresh(21) == 42
        assert njit(cache=False)(lambda x: x + 1)(1) == 2  # a second compile: still one note
    assert out.getvalue() == "armada-vision: note: compiling\n"
    # Already compiled (as a cached kernel would be): slow for another reason (a busy
    # machine), it is no compile and says nothing.
    out = io.StringIO()
    with note_if_compiling("compiling", stream=out):
        assert fresh(4) == 8
        time.sleep(0.2)
    assert out.getvalue() == ""
