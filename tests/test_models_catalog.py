"""The bundled piece catalog (models/): it loads, it is complete, and every ship is physically sane.

Reference numbers are from ../shared/reference/armada-geometry.md (section ids in comments).
"""

import math
import re

import pytest
from shapely.geometry import Point, Polygon, box

from armada_vision.catalog import load_catalog
from armada_vision.catalog._load import BUILTIN_MODELS

# geometry.md 5.3: consensus speed charts (yaw clicks per joint, speed 1..4).
SPEED_CHARTS_5_3 = {
    "victory-i-star-destroyer": [[1], [0, 1]],
    "victory-ii-star-destroyer": [[1], [0, 1]],
    "imperial-i-star-destroyer": [[1], [1, 1], [0, 1, 1]],
    "imperial-ii-star-destroyer": [[1], [1, 1], [0, 1, 1]],
    "gladiator-i-star-destroyer": [[2], [1, 1], [0, 1, 1]],
    "gladiator-ii-star-destroyer": [[2], [1, 1], [0, 1, 1]],
    "raider-i-class-corvette": [[2], [2, 2], [0, 1, 1], [0, 1, 1, 1]],
    "cr90-corvette-a": [[2], [1, 2], [0, 1, 2], [0, 1, 1, 2]],
    "cr90-corvette-b": [[2], [1, 2], [0, 1, 2], [0, 1, 1, 2]],
    "nebulon-b-escort-frigate": [[1], [1, 1], [0, 1, 2]],
    "nebulon-b-support-refit": [[1], [1, 1], [0, 1, 2]],
    "assault-frigate-mark-ii-a": [[1], [1, 1], [0, 1, 1]],
    "assault-frigate-mark-ii-b": [[1], [1, 1], [0, 1, 1]],
    "mc80-command-cruiser": [[1], [1, 1]],
    "gr-75-medium-transports": [[2], [1, 2], [0, 1, 2]],
    "hammerhead-torpedo-corvette": [[2], [2, 1], [1, 1, 0]],
    "modified-pelta-class-assault-ship": [[2], [1, 1]],
    "pelta-class-medical-frigate": [[2], [1, 1]],
    "venator-i-class-star-destroyer": [[1], [1, 1], [0, 1, 0]],
    "acclamator-i-class-assault-ship": [[1], [1, 0], [0, 1, 0]],
    "munificent-class-comms-frigate": [[1], [1, 2]],
    "recusant-class-light-destroyer": [[1], [1, 1], [0, 2, 1]],
    "hardcell-class-transport": [[2], [1, 1], [1, 1, 0]],
    "hardcell-class-battle-refit": [[2], [1, 1], [1, 1, 0]],
}

# geometry.md 4.4 (S7 TTS ruler.obj): front origin x, full front arc, rear origin x, full rear arc.
ARCS_4_4 = {
    "victory-ii-star-destroyer": (3.4, 100.6, 3.4, 82.6),
    "imperial-i-star-destroyer": (-15.2, 83.8, -15.2, 97.2),
    "gladiator-i-star-destroyer": (1.7, 66.3, 1.7, 63.5),
    "raider-i-class-corvette": (-5.1, 68.0, -5.1, 90.2),
    "cr90-corvette-a": (-7.4, 81.8, -7.4, 79.9),
    "nebulon-b-escort-frigate": (-0.3, 54.8, -0.3, 53.8),
    "assault-frigate-mark-ii-a": (3.7, 65.4, 3.7, 71.4),
    "hammerhead-torpedo-corvette": (-5.7, 90.2, -5.7, 62.7),
    "modified-pelta-class-assault-ship": (-7.1, 82.4, -7.1, 64.4),
    "mc80-command-cruiser": (0.1, 58.5, 0.1, 58.2),
    "acclamator-i-class-assault-ship": (-0.8, 98.4, -8.8, 107.8),
    "venator-i-class-star-destroyer": (-19.1, 71.7, -19.1, 93.9),
    "hardcell-class-transport": (2.1, 85.2, -3.6, 84.0),
    "munificent-class-comms-frigate": (-1.2, 43.7, -1.2, 56.6),
    "recusant-class-light-destroyer": (34.1, 145.8, -30.5, 121.9),
}

CORE_SHIPS = (
    "victory-i-star-destroyer", "victory-ii-star-destroyer", "imperial-i-star-destroyer",
    "imperial-ii-star-destroyer", "gladiator-i-star-destroyer", "cr90-corvette-a", "cr90-corvette-b",
    "nebulon-b-escort-frigate", "nebulon-b-support-refit", "assault-frigate-mark-ii-a",
    "assault-frigate-mark-ii-b", "mc80-command-cruiser", "gr-75-medium-transports",
)

# geometry.md 3.2, S6 measured real sizes (long x short side of the minimum-area box, mm).
OBSTACLE_SIZES_3_2 = {
    "station": (88.6, 83.8),
    "asteroid-field-1": (68.5, 28.4),
    "asteroid-field-2": (54.6, 39.6),
    "asteroid-field-3": (60.5, 58.4),
    "debris-field-1": (84.2, 55.4),
    "debris-field-2": (68.8, 67.2),
    "dust-field-1": (132.8, 38.8),
    "dust-field-2": (131.4, 39.1),
    "gravity-rift": (99.5, 99.4),
    "exogorth-1": (57.8, 40.8),
    "exogorth-2": (56.4, 38.6),
    "purrgil-1": (105.8, 41.9),
    "purrgil-2": (105.6, 37.7),
}
OBSTACLE_KINDS = {"station", "asteroid", "debris", "dust", "gravity-rift", "exogorth", "purrgil"}


@pytest.fixture(scope="module")
def cat():
    return load_catalog()


def test_catalog_has_core_ships_and_enough_classes(cat):
    assert set(CORE_SHIPS) <= set(cat.ships)
    assert len(cat.ships) >= 16
    assert {s.faction for s in cat.ships.values()} == {"empire", "rebel", "republic", "separatist"}
    for faction in ("republic", "separatist"):
        assert sum(s.faction == faction for s in cat.ships.values()) >= 2
    assert len(cat.squadrons) >= 12
    assert set(OBSTACLE_SIZES_3_2) <= set(cat.obstacles)


def test_class_ids_are_kebab_case_card_names(cat):
    for cid, ship in cat.ships.items():
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", cid)
        # the id is the card name in kebab-case (ignoring a "-class" the id may drop)
        words = re.sub(r"[^a-z0-9]+", "-", ship.name.lower()).strip("-")
        assert cid in (words, words.replace("-class-", "-")), (cid, ship.name)


def test_gr75_is_a_flotilla_and_others_are_not(cat):
    assert cat.ships["gr-75-medium-transports"].is_flotilla
    assert not cat.ships["victory-ii-star-destroyer"].is_flotilla


@pytest.mark.parametrize("cid", sorted(SPEED_CHARTS_5_3))
def test_speed_chart_matches_geometry_5_3(cat, cid):
    chart = [list(row) for row in cat.ships[cid].speed_chart]
    assert chart == SPEED_CHARTS_5_3[cid]


@pytest.mark.parametrize("cid", sorted(ARCS_4_4))
def test_arc_lines_reproduce_the_tts_arc_table(cat, cid):
    """The full arc angle between the two printed lines and their meeting point (geometry.md 4.4)."""
    ship = cat.ships[cid]
    front_x, front_deg, rear_x, rear_deg = ARCS_4_4[cid]
    (fi, fe), (ri, re_) = ship.arc_lines["front_left"], ship.arc_lines["rear_left"]
    assert fi == pytest.approx((front_x, 0.0), abs=0.05)
    assert ri == pytest.approx((rear_x, 0.0), abs=0.05)
    assert 2 * math.degrees(math.atan2(fe[1], fe[0] - fi[0])) == pytest.approx(front_deg, abs=0.1)
    assert 2 * math.degrees(math.atan2(re_[1], ri[0] - re_[0])) == pytest.approx(rear_deg, abs=0.1)


def test_every_speed_chart_is_legal(cat):
    # RRG "Yaw" p.22: a joint has at most II (2 clicks); the tool has 4 speeds.
    for ship in cat.ships.values():
        assert 1 <= ship.max_speed <= 4
        for s, row in enumerate(ship.speed_chart, start=1):
            assert len(row) == s and all(0 <= v <= 2 for v in row), ship.id


def _token_box(ship):
    (ox, oy) = ship.token.offset_mm
    hl, hw = ship.token.length_mm / 2, ship.token.width_mm / 2
    return box(ox - hl, oy - hw, ox + hl, oy + hw)


def test_token_lies_inside_the_base(cat):
    for ship in cat.ships.values():
        base = box(-ship.base.length_mm / 2, -ship.base.width_mm / 2,
                   ship.base.length_mm / 2, ship.base.width_mm / 2)
        assert base.buffer(1e-6).contains(_token_box(ship)), ship.id


def test_arc_lines_start_inside_the_token_and_end_on_its_edge(cat):
    for ship in cat.ships.values():
        hl, hw = ship.token.length_mm / 2, ship.token.width_mm / 2
        token = box(-hl, -hw, hl, hw)  # arc lines are in the token frame
        for name, (inner, edge) in ship.arc_lines.items():
            assert token.contains(Point(inner)), (ship.id, name)
            assert token.exterior.distance(Point(edge)) <= 0.5, (ship.id, name, edge)


def test_arc_lines_are_mirror_symmetric(cat):
    for ship in cat.ships.values():
        for side in ("front", "rear"):
            (a0, a1), (b0, b1) = ship.arc_lines[f"{side}_left"], ship.arc_lines[f"{side}_right"]
            assert a0 == pytest.approx((b0[0], -b0[1]), abs=0.01)
            assert a1 == pytest.approx((b1[0], -b1[1]), abs=0.01)
            assert a1[1] > 0  # "left" is the ship's port side, +y


def _cross(seg, p):
    (x0, y0), (x1, y1) = seg
    return (x1 - x0) * (p[1] - y0) - (y1 - y0) * (p[0] - x0)


def test_targeting_point_lies_in_its_own_hull_zone_wedge(cat):
    # RRG "Line of Sight" p.10: each hull zone's yellow dot is printed inside that zone.
    for ship in cat.ships.values():
        al, tp = ship.arc_lines, ship.targeting_points
        hl, hw = ship.token.length_mm / 2, ship.token.width_mm / 2
        for zone, p in tp.items():
            assert abs(p[0]) < hl and abs(p[1]) < hw, (ship.id, zone)
        assert _cross(al["front_left"], tp["front"]) < 0 < _cross(al["front_right"], tp["front"]), ship.id
        assert _cross(al["rear_left"], tp["left"]) < 0 < _cross(al["front_left"], tp["left"]), ship.id
        assert _cross(al["front_right"], tp["right"]) < 0 < _cross(al["rear_right"], tp["right"]), ship.id
        assert _cross(al["rear_right"], tp["rear"]) < 0 < _cross(al["rear_left"], tp["rear"]), ship.id


def test_every_ship_card_has_a_few_dice_and_shields(cat):
    for ship in cat.ships.values():
        assert ship.hull >= 3 and ship.command >= 1
        assert sum(ship.shields.values()) >= 4, ship.id
        assert ship.defense_tokens, ship.id
        if not ship.is_flotilla:
            assert ship.armament["front"], ship.id


def test_squadrons_share_one_base_size_and_sane_stats(cat):
    diameters = {sq.base_diameter_mm for sq in cat.squadrons.values()}
    assert len(diameters) == 1
    (d,) = diameters
    assert 25.0 <= d <= 34.0  # geometry.md 2.4: sources range from 25.4 to 34
    for sq in cat.squadrons.values():
        assert 1 <= sq.speed <= 5 and 3 <= sq.hull <= 8, sq.id
        assert sq.anti_squadron, sq.id


def _min_box(poly: Polygon) -> tuple[float, float]:
    c = list(poly.minimum_rotated_rectangle.exterior.coords)
    a, b = math.dist(c[0], c[1]), math.dist(c[1], c[2])
    return max(a, b), min(a, b)


@pytest.mark.parametrize("oid", sorted(OBSTACLE_SIZES_3_2))
def test_obstacle_size_matches_the_measured_token(cat, oid):
    ob = cat.obstacles[oid]
    poly = Polygon(ob.outline_mm)
    assert poly.is_valid and 8 <= len(ob.outline_mm) <= 20
    long_mm, short_mm = _min_box(poly)
    want_long, want_short = OBSTACLE_SIZES_3_2[oid]
    assert long_mm == pytest.approx(want_long, rel=0.06)
    assert short_mm == pytest.approx(want_short, rel=0.06)
    assert ob.kind in OBSTACLE_KINDS
    # the pose origin is the area centroid (DESIGN.md)
    assert poly.centroid.distance(Point(0, 0)) < 1e-6


def test_every_model_file_cites_its_sources():
    for path in sorted((BUILTIN_MODELS / "ships").glob("*.toml")):
        text = path.read_text()
        assert re.search(r"\bS\d+\b", text), path.name
        for line in text.splitlines():
            if re.match(r"\s*(width_mm|speed_chart)\s*=", line):
                assert "#" in line, (path.name, line)
    for folder in ("squadrons", "obstacles"):
        for path in sorted((BUILTIN_MODELS / folder).glob("*.toml")):
            text = path.read_text()
            assert re.search(r"\bS\d+\b|/", text), path.name


def test_valued_squadron_keywords_carry_their_number(cat):
    # card text: TIE Interceptor "Counter 2", Lambda shuttle "Relay 2", X-wing has no valued keyword
    assert cat.squadrons["tie-interceptor-squadron"].keyword_values["counter"] == 2
    assert cat.squadrons["lambda-class-shuttle"].keyword_values["relay"] == 2
    assert dict(cat.squadrons["x-wing-squadron"].keyword_values) == {}
    for sq in cat.squadrons.values():
        assert set(sq.keyword_values) <= set(sq.keywords), sq.id
