"""Test-only pieces with exact, hand-checkable geometry (written into a tmp models folder).

``test-box`` (small): token 80 x 40 mm centred on the pose, base 84 x 44, shield dials 3 mm a
side. Front lines from (20, 0) to the front corners (40, +-20), rear lines from (-20, 0) to the
rear corners; the centreline between (-20, 0) and (20, 0) separates left from right. So at pose
(500, 400, heading 0) the front zone is the triangle (520,400) (540,420) (540,380) and the front
arc is |y - 400| <= x - 520. Targeting points: front (30, 0), left (0, 10), right (0, -10), rear
(-30, 0).

``test-fan``: the same token cut by two lines from (0, 0) to the rear corners: a thin rear
triangle and a front zone wrapping it (front arc 307 degrees); front targeting point (10, -15).
"""

from __future__ import annotations

import pytest

from armada_vision.catalog import load_catalog
from armada_vision.scene import ObstaclePose, Scene, ShipPose, SquadronPose

BOX = """
name = "Test Box"
size_class = "small"
faction = "empire"
hull = 3
command = 1
squadron = 1
engineering = 1
defense_tokens = []
speed_chart = [[1]]
shields = { front = 1, left = 1, right = 1, rear = 1 }
anti_squadron = { blue = 2 }
shield_dial_depth_mm = 3.0

[armament]
front = { red = 1, blue = 1, black = 1 }
left = { red = 2 }
right = { red = 2 }
rear = { blue = 1 }

[base]
width_mm = 44.0
length_mm = 84.0
height_mm = 5.0

[token]
width_mm = 40.0
length_mm = 80.0

[arc_lines]
front_left = [[20.0, 0.0], [40.0, 20.0]]
front_right = [[20.0, 0.0], [40.0, -20.0]]
rear_left = [[-20.0, 0.0], [-40.0, 20.0]]
rear_right = [[-20.0, 0.0], [-40.0, -20.0]]

[targeting_points]
front = [30.0, 0.0]
left = [0.0, 10.0]
right = [0.0, -10.0]
rear = [-30.0, 0.0]
"""

FAN = """
name = "Test Fan"
size_class = "small"
faction = "empire"
hull = 3
command = 1
squadron = 1
engineering = 1
defense_tokens = []
speed_chart = [[1]]
shields = { front = 1, rear = 1 }
anti_squadron = { blue = 2 }

[armament]
front = { red = 2 }
rear = { red = 1 }

[base]
width_mm = 44.0
length_mm = 84.0
height_mm = 5.0

[token]
width_mm = 40.0
length_mm = 80.0

[arc_lines]
a = [[0.0, 0.0], [-40.0, 20.0]]
b = [[0.0, 0.0], [-40.0, -20.0]]

[zone_lines]
front = ["a", "b"]
rear = ["a", "b"]

[targeting_points]
front = [10.0, -15.0]
rear = [-30.0, 0.0]
"""


def squadron_toml(name: str, diameter: float) -> str:
    return f"""
name = "{name}"
faction = "empire"
base_diameter_mm = {diameter}
speed = 3
hull = 3
anti_squadron = {{ blue = 3 }}
anti_ship = {{ red = 1 }}
"""


def square_toml(name: str, kind: str, half_x: float, half_y: float) -> str:
    return f"""
name = "{name}"
kind = "{kind}"
outline_mm = [[{-half_x}, {-half_y}], [{half_x}, {-half_y}], [{half_x}, {half_y}], [{-half_x}, {half_y}]]
"""


@pytest.fixture(scope="session")
def box_catalog(tmp_path_factory):
    root = tmp_path_factory.mktemp("models")
    for sub in ("ships", "squadrons", "obstacles"):
        (root / sub).mkdir()
    (root / "ships" / "test-box.toml").write_text(BOX)
    (root / "ships" / "test-fan.toml").write_text(FAN)
    (root / "squadrons" / "test-sq.toml").write_text(squadron_toml("Test Squadron", 20.0))
    (root / "squadrons" / "test-big-sq.toml").write_text(squadron_toml("Big Squadron", 60.0))
    (root / "obstacles" / "test-rock.toml").write_text(square_toml("Rock", "asteroid", 10, 10))
    (root / "obstacles" / "test-dust.toml").write_text(square_toml("Dust", "dust", 10, 50))
    return load_catalog(root)


def ship(pid, x, y, heading=0.0, player=1, cls="test-box", speed=1):
    return ShipPose(pid, cls, player, float(x), float(y), float(heading) % 360.0, speed)


def sq(pid, x, y, player=2, cls="test-sq"):
    return SquadronPose(pid, cls, player, float(x), float(y))


def rock(pid, x, y, heading=0.0, cls="test-rock"):
    return ObstaclePose(pid, cls, float(x), float(y), float(heading))


def scene(*pieces):
    return Scene(
        ships=tuple(p for p in pieces if isinstance(p, ShipPose)),
        squadrons=tuple(p for p in pieces if isinstance(p, SquadronPose)),
        obstacles=tuple(p for p in pieces if isinstance(p, ObstaclePose)),
    )


def find(checks, attacker, defender, attacking_zone=None, defending_zone=None):
    hits = [c for c in checks if c.attacker == attacker and c.defender == defender
            and c.attacking_zone == attacking_zone and c.defending_zone == defending_zone]
    assert len(hits) == 1, (attacker, attacking_zone, defender, defending_zone)
    return hits[0]


@pytest.fixture
def pieces():
    """The helpers above, for tests (conftest modules are not importable by name)."""
    class P:
        pass
    p = P()
    p.ship, p.sq, p.rock, p.scene, p.find = ship, sq, rock, scene, find
    p.BOX = BOX
    return p
