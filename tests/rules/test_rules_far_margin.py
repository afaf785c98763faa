"""The margin of an attack beyond long range: only the attack range decides whether it may be
made (RRG p.11, "Attack range"), so its ``margin_mm`` is how far it is from long range, not how
far its line of sight is from grazing a hull zone. (A newcomer read 0.7 mm on a 432 mm shot as
"too close to call".)"""

from pathlib import Path

import pytest

from armada_vision.catalog import load_catalog
from armada_vision.rules import check_scene
from armada_vision.scene import load_scene

SKIRMISH = Path(__file__).resolve().parents[2] / "bench" / "scenes" / "skirmish.json"


@pytest.fixture(scope="module")
def rows():
    catalog = load_catalog()
    return check_scene(load_scene(SKIRMISH), catalog), catalog.ruler.range_bands_mm


def _row(rows, attacker, defender):
    return next(r for r in rows if f"{r.attacker}:{r.attacking_zone}" == attacker
                and f"{r.defender}:{r.defending_zone}" == defender)


def test_a_shot_beyond_long_range_grazing_a_hull_zone_keeps_its_range_margin(rows):
    checks, bands = rows
    long_mm = bands["long"]
    r = _row(checks, "vsd-1:front", "neb-1:right")
    # its line of sight passes 0.7 mm from the Nebulon's front zone (that was its margin)
    assert r.range_band == "extreme" and not r.valid and r.line_of_sight is False
    assert r.margin_mm == pytest.approx(r.range_mm - long_mm, abs=0.01)
    assert r.margin_mm > 120.0


def test_every_attack_beyond_long_range_is_at_most_its_range_from_long_range(rows):
    checks, bands = rows
    long_mm = bands["long"]
    far = [r for r in checks if r.range_band == "extreme"]
    assert len(far) > 100
    for r in far:
        assert 0.0 <= r.margin_mm <= r.range_mm - long_mm + 1e-6
    # the arc no longer sets it: out of the arc the range is not clipped, so it is exact
    out = [r for r in far if not r.in_arc]
    assert out
    for r in out:
        assert r.margin_mm == pytest.approx(r.range_mm - long_mm, abs=1e-6)


def test_attacks_within_long_range_still_count_every_boundary():
    catalog = load_catalog()
    checks = check_scene(load_scene(SKIRMISH.with_name("full-table.json")), catalog)
    edges = tuple(catalog.ruler.range_bands_mm.values()) + tuple(catalog.ruler.distance_bands_mm)
    near = [r for r in checks if r.range_band != "extreme" and r.in_arc]
    assert len(near) > 20
    # some in-range verdicts are set by something other than a band edge (arc, LOS, obstruction)
    assert sum(r.margin_mm + 0.05 < min(abs(r.range_mm - e) for e in edges) for r in near) > 5


def test_an_unknown_bow_beyond_long_range_keeps_the_range_margin(box_catalog, pieces):
    """Turning a far ship end for end changes which zone faces the attacker, not that the
    attack is out of range: those rows keep their margin (rules/_bow.py)."""
    from dataclasses import replace
    far = replace(pieces.ship("d", 1100, 420, player=2), bow_known=False)
    rows = check_scene(pieces.scene(pieces.ship("a", 300, 400), far), box_catalog)
    d_rows = [r for r in rows if r.defender == "d"]
    assert d_rows and all(r.range_band == "extreme" for r in d_rows)
    assert min(r.margin_mm for r in d_rows) > 300.0


def test_a_short_shallow_edge_does_not_set_the_pace_of_a_clipped_range():
    """A breaker's full-table vsd-2:right -> cr90-1:rear, 11.0 mm beyond long range, had
    margin 0.9 mm: the CR90's rear zone has a 4.7 mm edge at sine 0.082 to the arc line, and
    the margin took 11.0 x 0.082 as if the crossing could slide along it all the way. A
    crossing travels along an edge at most its length (``_slide.crossing_scale``), so the
    margin is larger; moves of 0.9 x the margin in eight directions change no verdict."""
    import dataclasses
    import math

    catalog = load_catalog()
    scene = load_scene(SKIRMISH.with_name("full-table.json"))

    def row(sc):
        return next(r for r in check_scene(sc, catalog, attacker_id="vsd-2")
                    if r.attacking_zone == "right" and r.defender == "cr90-1"
                    and r.defending_zone == "rear")

    r = row(scene)
    long_mm = catalog.ruler.range_bands_mm["long"]
    assert r.range_band == "extreme" and r.range_mm - long_mm == pytest.approx(11.0, abs=0.1)
    assert 3.0 < r.margin_mm < r.range_mm - long_mm
    cr90 = next(s for s in scene.ships if s.id == "cr90-1")
    step = 0.9 * r.margin_mm
    for k in range(8):
        t = math.radians(45.0 * k)
        moved = dataclasses.replace(cr90, x_mm=cr90.x_mm + step * math.cos(t),
                                    y_mm=cr90.y_mm + step * math.sin(t))
        got = row(dataclasses.replace(scene, ships=tuple(
            moved if s.id == "cr90-1" else s for s in scene.ships)))
        assert (got.range_band, got.valid, got.in_arc) == (r.range_band, r.valid, r.in_arc)
