"""Snipe (RRG 1.6 "Squadron Keywords" p.21, FAQ "Squadrons"): "You can attack squadrons at
distance 2 with an anti-squadron armament of blue dice equal to X"; a squadron with snipe that
is engaged with a squadron with escort cannot snipe one that lacks escort. Distance 1 attacks
keep the squadron's own anti-squadron armament; snipe never reaches ships or distance 3.

Test squadrons: bases 20 mm wide; ``sniper`` has snipe 2 and anti-squadron 4 blue. Distance 2
ends at 124.5 mm (models/ruler.toml), distance 1 at 76.
"""

import pytest

from armada_vision.catalog import load_catalog
from armada_vision.rules import check_scene
from armada_vision.scene import Scene, ShipPose, SquadronPose


def _sq(name, keywords="[]", values=""):
    return f"""
name = "{name}"
faction = "empire"
base_diameter_mm = 20.0
speed = 3
hull = 3
anti_squadron = {{ blue = 4 }}
anti_ship = {{ red = 1 }}
keywords = {keywords}
{values}
"""


@pytest.fixture(scope="module")
def cat(tmp_path_factory):
    root = tmp_path_factory.mktemp("snipe-models")
    for sub in ("ships", "squadrons", "obstacles"):
        (root / sub).mkdir()
    sq = root / "squadrons"
    sq.joinpath("sniper.toml").write_text(_sq("Sniper", '["snipe"]', "keyword_values = { snipe = 2 }"))
    sq.joinpath("plain.toml").write_text(_sq("Plain"))
    sq.joinpath("escort.toml").write_text(_sq("Escort", '["escort"]'))
    return load_catalog(root)


def _check(cat, *pieces, attacker="s"):
    scene = Scene(tuple(p for p in pieces if isinstance(p, ShipPose)),
                  tuple(p for p in pieces if isinstance(p, SquadronPose)))
    return {c.defender: c for c in check_scene(scene, cat) if c.attacker == attacker}


@pytest.mark.parametrize("gap_mm, dband, dice, valid", [
    (70.0, 1, 4, True),      # distance 1: its own anti-squadron armament
    (100.0, 2, 2, True),     # distance 2: snipe 2
    (124.5, 2, 2, True),     # the edge belongs to distance 2
    (125.0, 3, 0, False),    # distance 3: nothing
])
def test_snipe_reaches_squadrons_at_distance_2(cat, gap_mm, dband, dice, valid):
    rows = _check(cat, SquadronPose("s", "sniper", 1, 100.0, 100.0),
                  SquadronPose("t", "plain", 2, 100.0 + 20.0 + gap_mm, 100.0))
    t = rows["t"]
    assert (t.distance_band, dict(t.dice), t.valid) == (dband, {"red": 0, "blue": dice,
                                                                 "black": 0}, valid)


def test_no_snipe_without_the_keyword(cat):
    rows = _check(cat, SquadronPose("s", "plain", 1, 100.0, 100.0),
                  SquadronPose("t", "plain", 2, 220.0, 100.0))
    assert rows["t"].distance_band == 2 and not rows["t"].valid


def test_snipe_while_engaged_but_not_past_an_escort(cat):
    """FAQ: an engaged sniper may snipe a squadron at distance 2 -- unless it is engaged with a
    squadron with escort and the target lacks escort."""
    sniper = SquadronPose("s", "sniper", 1, 100.0, 100.0)
    far = SquadronPose("t", "plain", 2, 220.0, 100.0)            # 100 mm: distance 2
    assert _check(cat, sniper, far, SquadronPose("e", "plain", 2, 100.0, 140.0))["t"].valid
    rows = _check(cat, sniper, far, SquadronPose("e", "escort", 2, 100.0, 140.0))
    assert not rows["t"].valid and rows["e"].valid
