"""A huge ship's six hull zones (armada-rules.md 1.2.1): test-only class, hand-checkable."""

import pytest
import shapely
from shapely.geometry import Point

from armada_vision.catalog import load_catalog
from armada_vision.geometry import firing_arc, hull_zone_polygons
from armada_vision.rules import check_scene
from armada_vision.scene import Scene, ShipPose, SquadronPose

# Token 200 x 40 on two bases; front lines from (80, 0), the auxiliary lines straight out
# from (-40, 0), rear lines from (-80, 0): the centreline from -80 to 80 separates port and
# starboard.
HUGE = """
name = "Test Huge"
size_class = "huge"
faction = "empire"
hull = 20
command = 4
squadron = 4
engineering = 8
defense_tokens = ["brace"]
speed_chart = [[0]]
shields = { front = 5, left = 4, right = 4, rear = 3, left-aux = 3, right-aux = 3 }
anti_squadron = { blue = 2 }
bases = [[-50.0, 0.0], [50.0, 0.0]]

[armament]
front = { red = 4 }
left = { red = 3 }
right = { red = 3 }
rear = { red = 2 }
left-aux = { red = 1, blue = 1 }
right-aux = { red = 1, blue = 1 }

[base]
width_mm = 44.0
length_mm = 90.0
height_mm = 5.0

[token]
width_mm = 40.0
length_mm = 200.0

[arc_lines]
front_left = [[80.0, 0.0], [100.0, 20.0]]
front_right = [[80.0, 0.0], [100.0, -20.0]]
left_aux = [[-40.0, 0.0], [-40.0, 20.0]]
right_aux = [[-40.0, 0.0], [-40.0, -20.0]]
rear_left = [[-80.0, 0.0], [-100.0, 20.0]]
rear_right = [[-80.0, 0.0], [-100.0, -20.0]]

[zone_lines]
front = ["front_left", "front_right"]
left = ["front_left", "left_aux"]
right = ["front_right", "right_aux"]
left-aux = ["left_aux", "rear_left"]
right-aux = ["right_aux", "rear_right"]
rear = ["rear_left", "rear_right"]

[targeting_points]
front = [90.0, 0.0]
left = [20.0, 10.0]
right = [20.0, -10.0]
left-aux = [-60.0, 10.0]
right-aux = [-60.0, -10.0]
rear = [-90.0, 0.0]
"""


@pytest.fixture(scope="module")
def huge_catalog(tmp_path_factory):
    root = tmp_path_factory.mktemp("huge")
    (root / "ships").mkdir()
    (root / "ships" / "test-huge.toml").write_text(HUGE)
    return load_catalog(root)


def test_six_zones_tile_the_token(huge_catalog):
    zones = hull_zone_polygons(huge_catalog.ship("test-huge"), (0.0, 0.0, 0.0))
    assert set(zones) == {"front", "left", "right", "rear", "left-aux", "right-aux"}
    assert sum(z.area for z in zones.values()) == pytest.approx(200 * 40)
    # left: from the front-left line back to the auxiliary line, above the centreline
    left = shapely.Polygon([(80, 0), (100, 20), (-40, 20), (-40, 0)])
    assert zones["left"].symmetric_difference(left).area == pytest.approx(0.0, abs=1e-6)
    # the auxiliary zones are adjacent to their side zone and to the rear zone
    assert zones["left-aux"].intersection(zones["left"]).length == pytest.approx(20.0)
    assert zones["left-aux"].intersection(zones["rear"]).length > 0
    assert zones["left-aux"].intersection(zones["right-aux"]).length == pytest.approx(40.0)


def test_auxiliary_arc_and_attack(huge_catalog):
    ship = huge_catalog.ship("test-huge")
    aux = firing_arc(ship, (500.0, 400.0, 0.0), "left-aux")
    left = firing_arc(ship, (500.0, 400.0, 0.0), "left")
    assert aux.contains(Point(440, 460)) and not left.contains(Point(440, 460))
    s = Scene((ShipPose("h", "test-huge", 1, 500.0, 400.0, 0.0),),
              (SquadronPose("s", "tie-fighter-squadron", 2, 440.0, 460.0),))
    checks = {(c.attacking_zone, c.defender): c for c in check_scene(s, huge_catalog)
              if c.attacker == "h"}
    assert len(checks) == 6
    c = checks[("left-aux", "s")]
    # a ship attacking a squadron rolls its anti-squadron armament (2 blue at close range)
    assert c.in_arc and c.valid and dict(c.dice) == {"red": 0, "blue": 2, "black": 0}
    assert not checks[("left", "s")].in_arc


def test_los_through_a_huge_ships_token_between_its_bases_is_obstructed(huge_catalog):
    """A huge ship is one ship token on two bases (RRG "Huge Ship", "Size Class"); a LOS through
    a ship that is neither attacker nor defender is obstructed (RRG "Line of Sight" p.10) -- the
    token counts between the bases too. Here the bases span x 405..495 and 505..595 and the
    token 400..600 (y 380..420); the squadrons' LOS runs along x = 500, in the gap."""
    def scene(x):
        return Scene((ShipPose("h", "test-huge", 1, 500.0, 400.0, 0.0),),
                     (SquadronPose("a", "tie-fighter-squadron", 1, x, 330.0),
                      SquadronPose("d", "tie-fighter-squadron", 2, x, 470.0)))
    row = [c for c in check_scene(scene(500.0), huge_catalog) if c.attacker == "a"][0]
    assert row.obstructed and row.obstructed_by == ("h",)
    # beside the token (x = 610) nothing is in the way
    row = [c for c in check_scene(scene(610.0), huge_catalog) if c.attacker == "a"][0]
    assert row.obstructed is False
