"""The attack check panel says why an attack that arc, range, line of sight and dice allow is
still refused: an engaged squadron attacks a squadron it is engaged with rather than a ship
(RRG 1.6 "Engagement" p.6; heavy and escort p.21)."""

from armada_vision.rules import check_scene
from armada_vision.scene import Scene, ShipPose, SquadronPose
from armada_vision.ui.checks import CheckView
from armada_vision.ui.panels import check_html

VSD = "victory-ii-star-destroyer"


def _row(catalog, *squadrons):
    """TIE fighter "t" (player 1) about 20 mm off the front of player 2's VSD "d"."""
    scene = Scene(ships=(ShipPose("d", VSD, 2, 900.0, 600.0, 270.0, 2),),
                  squadrons=(SquadronPose("t", "tie-fighter-squadron", 1, 900.0, 500.0),
                             *squadrons))
    rows = [c for c in check_scene(scene, catalog, "rrg-1.6", "t") if c.defender == "d"]
    assert rows, "the TIE should have a row against the VSD"
    return max(rows, key=lambda c: (c.in_arc, c.line_of_sight is True, -c.range_mm))


def test_an_engaged_squadron_is_told_why_it_cannot_attack_the_ship(catalog):
    # an X-wing (no heavy) 40 mm from the TIE's centre: bases ~10 mm apart, distance 1
    row = _row(catalog, SquadronPose("x", "x-wing-squadron", 2, 940.0, 500.0))
    assert row.in_arc and row.line_of_sight and sum(row.dice.values()) > 0
    assert row.valid is False
    text = check_html(CheckView.from_check(row), 2.0)
    assert "no: engaged (RRG p.6; heavy and escort p.21)" in text


def test_without_the_engager_the_same_attack_is_possible(catalog):
    row = _row(catalog)
    assert row.valid is True
    text = check_html(CheckView.from_check(row), 2.0)
    assert "engaged" not in text
    assert "<b>Attack possible</b></td><td>yes" in text


def test_an_attack_out_of_range_is_a_plain_no():
    d = {"attacker": "t", "attacking_zone": None, "defender": "d", "defending_zone": "front",
         "in_arc": True, "range_mm": 150.0, "range_band": "medium", "distance_band": 2,
         "line_of_sight": True, "obstructed": False, "obstructed_by": [], "dice": {},
         "valid": False, "margin_mm": 20.0}
    text = check_html(CheckView(d), 2.0)
    assert "<b>Attack possible</b></td><td>no</td>" in text


def test_an_obstructed_attack_says_how_many_dice_are_left():
    # The pool is shown as gathered; obstruction then removes one die of the attacker's choice
    # (RRG "Obstructed"): "4 red" alone read as four dice rolled.
    row = {"attacker": "isd", "attacking_zone": "front", "defender": "cr90",
           "defending_zone": "front", "in_arc": True, "range_mm": 198.5, "range_band": "long",
           "line_of_sight": True, "obstructed": True, "obstructed_by": ["ast2"],
           "dice": {"red": 4}, "valid": True, "margin_mm": 11.5}
    text = check_html(CheckView.from_check(row), 2.0)
    assert "4 red (obstructed: the attacker removes one of them, 3 left)" in text
    row = {**row, "obstructed": False, "obstructed_by": []}
    assert "removes" not in check_html(CheckView.from_check(row), 2.0)
