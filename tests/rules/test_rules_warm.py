"""The rules engine can be compiled ahead (before a window opens): the made-up warm-up table
reaches the kernels a real full table uses, and a slow first command says why it waits."""

import io
import time
from pathlib import Path

from armada_vision.cli._options import note_if_slow
from armada_vision.rules import check_scene, compile_kernels, engagements
from armada_vision.rules._warm import kernels, warm_up_scene
from armada_vision.scene import load_scene

FULL_TABLE = Path(__file__).resolve().parents[2] / "bench" / "scenes" / "full-table.json"


def _compiled() -> dict[str, int]:
    return {name: len(k.signatures) for name, k in kernels()}


def test_after_the_warm_up_a_full_table_compiles_nothing_new(catalog):
    assert compile_kernels(catalog) > 0
    before = _compiled()
    assert sum(before.values()) > 0
    scene = load_scene(FULL_TABLE)
    for ruleset in ("rrg-1.6", "rrg-1.5", "rrg-1.6+squadrons-obstruct"):
        assert check_scene(scene, catalog, ruleset)
        engagements(scene, catalog, ruleset)
    assert _compiled() == before


def test_the_warm_up_table_uses_only_catalog_classes_and_has_every_kind_of_piece(catalog):
    scene = warm_up_scene(catalog)
    assert {s.ship_class for s in scene.ships} <= set(catalog.ships)
    assert {s.squadron_class for s in scene.squadrons} <= set(catalog.squadrons)
    assert {o.obstacle for o in scene.obstacles} <= set(catalog.obstacles)
    assert {s.player for s in scene.ships} == {1, 2} == {s.player for s in scene.squadrons}
    assert len(scene.obstacles) == 2
    # the first ship can fire on the second: the kernels have real pairs to work on
    assert any(c.valid for c in check_scene(scene, catalog, None, "w1"))


def test_a_slow_step_says_why_it_waits_and_a_quick_one_says_nothing():
    out = io.StringIO()
    with note_if_slow("compiling", after_s=0.05, stream=out):
        time.sleep(0.3)
    assert out.getvalue() == "armada-vision: note: compiling\n"
    out = io.StringIO()
    with note_if_slow("compiling", after_s=0.5, stream=out):
        pass
    time.sleep(0.6)
    assert out.getvalue() == ""
