"""Engaged squadrons attacking (RRG 1.6 "Engagement" p.6, "Squadron Keywords" p.21, FAQ
"Squadrons"; armada-rules.md 1.5.3): an engaged squadron must attack an engaged squadron rather
than a ship if it can; heavy engagers do not stop it attacking ships; squadrons engaged with an
escort cannot attack squadrons that lack escort; a squadron at distance 1 but behind an obstacle
is not engaged and restricts nothing.

Layout (test pieces of conftest, squadron bases 20 mm wide): the enemy ship ``d`` (player 2,
box token 80 x 40 at (500, 400)); our squadron ``A`` at (500, 460): 30 mm from the token's left
edge, distance 1; enemy squadrons 40 mm from ``A``'s centre (20 mm between the bases).
"""

import pytest

from armada_vision.catalog import load_catalog
from armada_vision.rules import check_scene, engaged_with


def _sq(name, keywords=(), anti_squadron="{ blue = 3 }"):
    kw = ", ".join(f'"{k}"' for k in keywords)
    return f"""
name = "{name}"
faction = "empire"
base_diameter_mm = 20.0
speed = 3
hull = 3
anti_squadron = {anti_squadron}
anti_ship = {{ red = 1 }}
keywords = [{kw}]
"""


@pytest.fixture(scope="module")
def cat(tmp_path_factory, pieces):
    root = tmp_path_factory.mktemp("engaged-models")
    for sub in ("ships", "squadrons", "obstacles"):
        (root / sub).mkdir()
    (root / "ships" / "test-box.toml").write_text(pieces.BOX)
    sq = root / "squadrons"
    sq.joinpath("plain.toml").write_text(_sq("Plain"))
    sq.joinpath("heavy.toml").write_text(_sq("Heavy", ["heavy"]))
    sq.joinpath("escort.toml").write_text(_sq("Escort", ["escort"]))
    sq.joinpath("heavy-escort.toml").write_text(_sq("Heavy Escort", ["escort", "heavy"]))
    sq.joinpath("no-anti-sq.toml").write_text(_sq("Bomber", ["bomber"], "{ }"))
    (root / "obstacles" / "test-rock.toml").write_text("""
name = "Rock"
kind = "asteroid"
outline_mm = [[-5.0, -10.0], [5.0, -10.0], [5.0, 10.0], [-5.0, 10.0]]
""")
    return load_catalog(root)


@pytest.fixture(scope="module")
def pieces():
    import importlib.util
    from pathlib import Path
    spec = importlib.util.spec_from_file_location(
        "rules_conftest_engaged", Path(__file__).with_name("conftest.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _scene(p, *extra, attacker="plain"):
    return p.scene(p.ship("d", 500, 400, player=2), p.sq("A", 500, 460, player=1, cls=attacker),
                   *extra)


def _row(checks, attacker, defender, zone=None):
    return [c for c in checks if c.attacker == attacker and c.defender == defender
            and c.defending_zone == zone][0]


def test_unengaged_squadron_attacks_the_ship_at_distance_1(cat, pieces):
    row = _row(check_scene(_scene(pieces), cat), "A", "d", "left")
    assert row.distance_band == 1 and row.line_of_sight and row.valid


def test_engaged_squadron_cannot_attack_a_ship(cat, pieces):
    """RRG p.6: "When a squadron attacks, it must attack an engaged squadron if possible rather
    than an enemy ship"."""
    s = _scene(pieces, pieces.sq("N", 540, 460, player=2, cls="plain"))
    checks = check_scene(s, cat)
    assert engaged_with(s, cat, None, "A") == ["N"]
    assert _row(checks, "A", "N").valid
    ship_rows = [c for c in checks if c.attacker == "A" and c.defender == "d"]
    assert ship_rows and not any(c.valid for c in ship_rows)


@pytest.mark.parametrize("gap_mm, engaged", [(75.0, True), (77.0, False)])
def test_engagement_near_the_distance_1_edge_sets_the_margin(cat, pieces, gap_mm, engaged):
    """The ship attack's verdict hangs on the engagement: its margin is how far the enemy's
    base is from the distance-1 edge (76 mm, models/ruler.toml), 1 mm either way."""
    s = _scene(pieces, pieces.sq("N", 500 + 20 + gap_mm, 460, player=2, cls="plain"))
    row = _row(check_scene(s, cat), "A", "d", "left")
    assert row.valid is not engaged
    assert row.margin_mm == pytest.approx(1.0)


def test_heavy_engagers_do_not_stop_attacks_on_ships(cat, pieces):
    """Heavy (RRG p.21): "You do not prevent engaged squadrons from attacking ships"."""
    s = _scene(pieces, pieces.sq("H", 540, 460, player=2, cls="heavy"))
    checks = check_scene(s, cat)
    assert engaged_with(s, cat, None, "A") == ["H"]
    assert _row(checks, "A", "d", "left").valid
    assert _row(checks, "A", "H").valid


def test_one_heavy_and_one_plain_engager_still_stop_attacks_on_ships(cat, pieces):
    s = _scene(pieces, pieces.sq("H", 540, 460, player=2, cls="heavy"),
               pieces.sq("N", 460, 480, player=2, cls="plain"))
    assert not _row(check_scene(s, cat), "A", "d", "left").valid


def test_squadron_behind_an_obstacle_does_not_engage_nor_restrict(cat, pieces):
    """Engagement p.6: obstructed LOS -> not engaged; FAQ: a squadron may attack another at
    distance 1 regardless of whether it is technically engaged."""
    s = _scene(pieces, pieces.sq("N", 540, 460, player=2, cls="plain"), pieces.rock("r", 520, 460))
    checks = check_scene(s, cat)
    assert engaged_with(s, cat, None, "A") == []
    assert _row(checks, "A", "d", "left").valid
    n = _row(checks, "A", "N")
    assert n.obstructed and n.valid          # 3 blue, one removed


def test_a_squadron_without_anti_squadron_dice_may_attack_ships_while_engaged(cat, pieces):
    """"if possible": with no anti-squadron dice it cannot attack the engaged squadron."""
    s = _scene(pieces, pieces.sq("N", 540, 460, player=2, cls="plain"), attacker="no-anti-sq")
    checks = check_scene(s, cat)
    assert not _row(checks, "A", "N").valid
    assert _row(checks, "A", "d", "left").valid


def test_escort_engager_forbids_attacks_on_squadrons_without_escort(cat, pieces):
    """Escort (RRG p.21): "Squadrons you are engaged with cannot attack squadrons that lack
    escort"."""
    s = _scene(pieces, pieces.sq("E", 540, 460, player=2, cls="escort"),
               pieces.sq("N", 460, 480, player=2, cls="plain"))
    checks = check_scene(s, cat)
    assert sorted(engaged_with(s, cat, None, "A")) == ["E", "N"]
    assert _row(checks, "A", "E").valid
    assert not _row(checks, "A", "N").valid
    assert not _row(checks, "A", "d", "left").valid


def test_heavy_escort_forbids_other_squadrons_even_unengaged_ones_but_not_ships(cat, pieces):
    """N sits at distance 1 behind a rock: not engaged, so A could attack it (obstructed) --
    but A is engaged with a squadron with escort, and N lacks escort."""
    s = _scene(pieces, pieces.sq("E", 540, 460, player=2, cls="heavy-escort"),
               pieces.sq("N", 460, 460, player=2, cls="plain"), pieces.rock("r", 480, 460))
    checks = check_scene(s, cat)
    assert engaged_with(s, cat, None, "A") == ["E"]
    n = _row(checks, "A", "N")
    assert n.distance_band == 1 and n.obstructed and not n.valid
    assert _row(checks, "A", "E").valid
    assert _row(checks, "A", "d", "left").valid


def test_the_rule_holds_when_one_attacker_is_asked(cat, pieces):
    s = _scene(pieces, pieces.sq("N", 540, 460, player=2, cls="plain"))
    assert not _row(check_scene(s, cat, attacker_id="A"), "A", "d", "left").valid


def test_ships_attack_engaged_squadrons(cat, pieces):
    """RRG p.2: "A ship can attack an engaged squadron"."""
    s = pieces.scene(pieces.ship("d", 500, 400, player=2), pieces.sq("A", 580, 400, player=1, cls="plain"),
                     pieces.sq("N", 600, 420, player=2, cls="plain"))
    row = _row(check_scene(s, cat), "d", "A")
    assert row.attacking_zone == "front" and row.valid
