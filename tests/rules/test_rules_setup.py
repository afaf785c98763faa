"""Setup placement (RRG v1.6 "Setup" p.16, "Deployment Zone", "Setup Area", scout p.21;
armada-rules.md 1.8). Bundled ruler: distance 1 = 76, 2 = 124.5, 3 = 185, 5 = 304.8 mm. On a
6' x 3' table the setup area is x 304.8..1524. test-rock is a 20 x 20 mm square, test-box's
base 84 x 44 mm, test-sq a 20 mm disc."""

import pytest

from armada_vision.catalog import load_catalog
from armada_vision.rules import setup_area, setup_checks


def _rows(checks, piece, rule):
    hits = [c for c in checks if c.piece == piece and c.rule == rule]
    assert len(hits) == 1, (piece, rule, checks)
    return hits[0]


@pytest.mark.parametrize(("gap", "ok"), [(0.5, True), (0.0, False), (-0.5, False)])
def test_obstacles_beyond_distance_3_of_the_edges(box_catalog, pieces, gap, ok):
    # "beyond": exactly on the distance-3 line is still at distance 3 (RRG p.15)
    s = pieces.scene(pieces.rock("r", 900.0, 185.0 + 10.0 + gap))
    row = _rows(setup_checks(s, box_catalog), "r", "obstacle-beyond-distance-3-of-edges")
    assert row.ok is ok
    assert row.distance_mm == pytest.approx(185.0 + gap)
    assert row.margin_mm == pytest.approx(abs(gap))


@pytest.mark.parametrize(("gap", "ok"), [(76.3, True), (75.7, False)])
def test_obstacles_beyond_distance_1_of_each_other(box_catalog, pieces, gap, ok):
    s = pieces.scene(pieces.rock("r1", 800.0, 450.0), pieces.rock("r2", 820.0 + gap, 450.0))
    checks = setup_checks(s, box_catalog)
    for r in ("r1", "r2"):
        row = _rows(checks, r, "obstacle-beyond-distance-1-of-obstacles")
        assert row.ok is ok and row.margin_mm == pytest.approx(0.3)


def test_obstacles_inside_the_setup_area(box_catalog, pieces):
    assert setup_area((1828.8, 914.4)) == (304.8, 0.0, 1524.0, 914.4)
    assert setup_area((914.4, 914.4)) == (0.0, 0.0, 914.4, 914.4)     # 3' x 3': all of it
    s = pieces.scene(pieces.rock("in", 304.8 + 10.2, 450.0), pieces.rock("out", 1524.0 - 9.8, 450.0))
    checks = setup_checks(s, box_catalog)
    assert _rows(checks, "in", "obstacle-in-setup-area").ok
    out = _rows(checks, "out", "obstacle-in-setup-area")
    assert not out.ok and out.margin_mm == pytest.approx(0.2)


@pytest.mark.parametrize(("y", "ok"), [(142.5, True), (143.0, True), (143.5, False)])
def test_ships_within_their_deployment_zone(box_catalog, pieces, y, ok):
    # heading 90: the base reaches y + 42; "within distance 1-3" includes the line (y 143)
    p1 = pieces.ship("a", 900.0, y, heading=90.0, player=1)
    p2 = pieces.ship("b", 700.0, 914.4 - y, heading=270.0, player=2)
    checks = setup_checks(pieces.scene(p1, p2), box_catalog)
    for sid in ("a", "b"):
        row = _rows(checks, sid, "ship-in-deployment-zone")
        assert row.ok is ok and row.margin_mm == pytest.approx(abs(143.0 - y))
        assert _rows(checks, sid, "in-setup-area").ok


@pytest.mark.parametrize(("gap", "ok"), [(114.0, True), (115.0, False)])
def test_squadrons_within_distance_2_of_a_friendly_ship(box_catalog, pieces, gap, ok):
    # the box's base spans y 78..122 at (900, 100); the disc's far edge at 122 + gap + 10
    s = pieces.scene(pieces.ship("a", 900.0, 100.0, player=1),
                     pieces.ship("e", 900.0, 800.0, player=2),
                     pieces.sq("q", 900.0, 122.0 + gap, player=1))
    row = _rows(setup_checks(s, box_catalog), "q", "squadron-within-distance-2-of-friendly-ship")
    assert row.ok is ok and row.margin_mm == pytest.approx(0.5)


def test_a_scout_deploys_beyond_distance_5_of_enemies(tmp_path, pieces):
    for sub in ("ships", "squadrons", "obstacles"):
        (tmp_path / sub).mkdir()
    (tmp_path / "ships" / "test-box.toml").write_text(pieces.BOX)
    (tmp_path / "squadrons" / "test-scout.toml").write_text(
        'name = "Scout"\nfaction = "empire"\nbase_diameter_mm = 20.0\nspeed = 3\nhull = 3\n'
        'keywords = ["scout"]\nanti_squadron = { blue = 1 }\nanti_ship = { blue = 1 }\n')
    cat = load_catalog(tmp_path)
    enemy = pieces.ship("e", 900.0, 800.0, player=2)            # base y 778..822
    near = pieces.sq("n", 900.0, 778.0 - 10.0 - 304.5, player=1, cls="test-scout")
    far = pieces.sq("f", 900.0, 778.0 - 10.0 - 305.1, player=1, cls="test-scout")
    checks = setup_checks(pieces.scene(enemy, near, far), cat)
    assert not _rows(checks, "n", "scout-beyond-distance-5-of-enemies").ok
    row = _rows(checks, "f", "scout-beyond-distance-5-of-enemies")
    assert row.ok and row.margin_mm == pytest.approx(0.3)
    assert not [c for c in checks if c.rule == "squadron-within-distance-2-of-friendly-ship"]


def test_a_squadron_whose_player_has_no_ship_breaks_the_friendly_ship_rule(box_catalog, pieces):
    # "within distance 1-2 of a friendly ship" (RRG p.16) cannot be met without one: the rule
    # was left out (no row at all, so the squadron looked legally placed)
    s = pieces.scene(pieces.ship("e", 900.0, 800.0, player=2),
                     pieces.sq("q", 900.0, 150.0, player=1))
    row = _rows(setup_checks(s, box_catalog), "q", "squadron-within-distance-2-of-friendly-ship")
    assert row.ok is False and row.distance_mm == float("inf")
    assert row.to_json() == {"piece": "q", "rule": "squadron-within-distance-2-of-friendly-ship",
                             "ok": False, "distance_mm": None, "margin_mm": None}


def test_a_friendly_ship_of_no_known_class_leaves_the_squadron_rule_unchecked(box_catalog, pieces):
    import dataclasses

    unknown = dataclasses.replace(pieces.ship("a", 900.0, 100.0, player=1), ship_class=None)
    s = pieces.scene(unknown, pieces.sq("q", 900.0, 150.0, player=1))
    checks = setup_checks(s, box_catalog)
    assert not [c for c in checks if c.rule == "squadron-within-distance-2-of-friendly-ship"]
