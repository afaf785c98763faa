"""The bundled benchmark/demo scenes are legal Armada layouts (RRG v1.6 setup p.16, p.12-14)."""

from collections import Counter
from pathlib import Path

import pytest
from shapely.geometry import box

from armada_vision.geometry import obstacle_polygon, ship_base_polygon, squadron_disc
from armada_vision.scene import load_scene

SCENES = Path(__file__).resolve().parents[1] / "bench" / "scenes"
FT_MM = 304.8


def _footprints(scene, catalog):
    out = {}
    for s in scene.ships:
        out[s.id] = ship_base_polygon(catalog.ships[s.ship_class], s.x_mm, s.y_mm, s.heading_deg,
                                      with_shield_dials=True)
    for q in scene.squadrons:
        out[q.id] = squadron_disc(catalog.squadrons[q.squadron_class], q.x_mm, q.y_mm)
    for o in scene.obstacles:
        out[o.id] = obstacle_polygon(catalog.obstacles[o.obstacle], o.x_mm, o.y_mm, o.heading_deg,
                                     o.flipped)
    return out


@pytest.fixture(scope="module", params=["full-table", "skirmish"])
def scene(request):
    return load_scene(SCENES / f"{request.param}.json")


def test_full_table_has_the_benchmark_piece_counts(catalog):
    sc = load_scene(SCENES / "full-table.json")
    assert sc.play_area_mm == pytest.approx((6 * FT_MM, 3 * FT_MM))
    assert Counter(s.player for s in sc.ships) == {1: 5, 2: 5}
    assert len(sc.squadrons) == 24
    # a standard game uses the core set: 3 asteroid fields, 2 debris fields, 1 station (p.12)
    kinds = Counter(catalog.obstacles[o.obstacle].kind for o in sc.obstacles)
    assert kinds == {"asteroid": 3, "debris": 2, "station": 1}


def test_skirmish_is_a_small_3x3_game():
    sc = load_scene(SCENES / "skirmish.json")
    assert sc.play_area_mm == pytest.approx((3 * FT_MM, 3 * FT_MM))
    assert 2 <= len(sc.ships) <= 4 and len(sc.squadrons) <= 8


def test_every_piece_is_a_catalog_class(scene, catalog):
    assert all(s.ship_class in catalog.ships for s in scene.ships)
    assert all(q.squadron_class in catalog.squadrons for q in scene.squadrons)
    assert all(o.obstacle in catalog.obstacles for o in scene.obstacles)


def test_everything_inside_the_play_area_and_nothing_overlaps(scene, catalog):
    # p.14: a base partly outside the play area is destroyed; touching is not overlapping
    polys = _footprints(scene, catalog)
    area = box(0, 0, *scene.play_area_mm)
    assert [pid for pid, p in polys.items() if not area.contains(p)] == []
    ids = sorted(polys)
    overlaps = [(a, b) for i, a in enumerate(ids) for b in ids[i + 1:]
                if polys[a].intersection(polys[b]).area > 1e-6]
    assert overlaps == []


def test_obstacles_follow_the_setup_rules(scene, catalog):
    # p.16: inside the setup area, beyond distance 3 of every edge, beyond distance 1 of each other
    w, h = scene.play_area_mm
    d1, d3 = catalog.ruler.distance_bands_mm[0], catalog.ruler.distance_bands_mm[2]
    margin = FT_MM if w > 3 * FT_MM + 1 else 0.0
    setup = box(margin, 0, w - margin, h)
    polys = {o.id: obstacle_polygon(catalog.obstacles[o.obstacle], o.x_mm, o.y_mm, o.heading_deg,
                                     o.flipped) for o in scene.obstacles}
    for oid, p in polys.items():
        assert setup.contains(p), oid
        x0, y0, x1, y1 = p.bounds
        assert min(x0, y0, w - x1, h - y1) > d3, oid
    ids = sorted(polys)
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            assert polys[a].distance(polys[b]) > d1, (a, b)


def test_fleets_face_each_other(scene):
    # player 1 sits at y = 0 and faces +y (90 deg); player 2 faces -y (270 deg)
    for s in scene.ships:
        facing = 90.0 if s.player == 1 else 270.0
        off = abs((s.heading_deg - facing + 180.0) % 360.0 - 180.0)
        assert off <= 45.0, s.id
