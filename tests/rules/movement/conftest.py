"""Test-only piece classes with round numbers, loaded over the bundled catalog."""

import pytest

from armada_vision.catalog import load_catalog
from armada_vision.scene import ObstaclePose, Scene, ShipPose, SquadronPose


def _ship_toml(name, *, width, length, chart, keywords=(), size="medium", bases=None,
               dial_depth=0.0):
    hw = width / 2 - 2
    lines = [
        f'name = "{name}"', f'size_class = "{size}"', 'faction = "empire"', "hull = 5",
        "command = 2", "squadron = 1", "engineering = 2", 'defense_tokens = ["brace"]',
        f"speed_chart = {chart}", "shields = { front = 1, left = 1, right = 1, rear = 1 }",
        f"keywords = {list(keywords)!r}".replace("'", '"'),
        f"shield_dial_depth_mm = {dial_depth}",
    ]
    if bases:
        lines.append(f"bases = {bases}")
    lines += [
        "[armament]", "front = { red = 1 }",
        "[base]", f"width_mm = {width}", f"length_mm = {length}", "height_mm = 5.0",
        "[token]", f"width_mm = {width - 4}", f"length_mm = {length - 1}",
        "[arc_lines]",
        f"front_left = [[0.0, 0.0], [10.0, {hw}]]", f"front_right = [[0.0, 0.0], [10.0, -{hw}]]",
        f"rear_left = [[0.0, 0.0], [-10.0, {hw}]]", f"rear_right = [[0.0, 0.0], [-10.0, -{hw}]]",
        "[targeting_points]", "front = [20.0, 0.0]", "left = [0.0, 10.0]",
        "right = [0.0, -10.0]", "rear = [-20.0, 0.0]",
    ]
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="session")
def mcat(tmp_path_factory):
    """Bundled catalog plus: test-medium (60 x 100, chart 1 / 1-1 / 0-1-2), test-flotilla
    (40 x 70, flotilla), test-small (30 x 50), test-dials (60 x 100 with 3 mm shield dials a side), test-huge (two
    70 x 120 bases 250 mm apart), test-squadron (30 mm, speed 3, no keywords), test-heavy,
    test-grit, test-intel, and test-rock (a 40 x 40 mm square obstacle)."""
    root = tmp_path_factory.mktemp("models")
    (root / "ships").mkdir()
    (root / "squadrons").mkdir()
    (root / "obstacles").mkdir()
    ships = root / "ships"
    ships.joinpath("test-medium.toml").write_text(
        _ship_toml("Test Medium", width=60.0, length=100.0, chart="[[1], [1, 1], [0, 1, 2]]"))
    ships.joinpath("test-flotilla.toml").write_text(
        _ship_toml("Test Flotilla", width=40.0, length=70.0, chart="[[2], [1, 2]]",
                   keywords=("flotilla",), size="small"))
    ships.joinpath("test-small.toml").write_text(
        _ship_toml("Test Small", width=30.0, length=50.0, chart="[[2], [1, 1]]", size="small"))
    ships.joinpath("test-dials.toml").write_text(
        _ship_toml("Test Dials", width=60.0, length=100.0, chart="[[1], [1, 1]]", dial_depth=3.0))
    ships.joinpath("test-huge.toml").write_text(
        _ship_toml("Test Huge", width=70.0, length=120.0, chart="[[1], [1, 1]]", size="huge",
                   bases="[[125.0, 0.0], [-125.0, 0.0]]"))
    for name, kw in (("test-squadron", "[]"), ("test-heavy", '["heavy"]'),
                     ("test-grit", '["grit"]'), ("test-intel", '["intel"]')):
        (root / "squadrons" / f"{name}.toml").write_text(
            f'name = "{name}"\nfaction = "empire"\nbase_diameter_mm = 30.0\nspeed = 3\n'
            f"hull = 3\nkeywords = {kw}\n")
    (root / "obstacles" / "test-rock.toml").write_text(
        'name = "Test Rock"\nkind = "asteroid"\n'
        "outline_mm = [[-20.0, -20.0], [20.0, -20.0], [20.0, 20.0], [-20.0, 20.0]]\n")
    return load_catalog(root)


def ship(pid, cls="test-medium", x=500.0, y=400.0, heading=0.0, player=1, speed=2):
    return ShipPose(pid, cls, player, x, y, heading, speed)


def squad(pid, x, y, player=2, cls="test-squadron"):
    return SquadronPose(pid, cls, player, x, y)


def rock(pid, x, y):
    return ObstaclePose(pid, "test-rock", x, y, 0.0)


@pytest.fixture
def build():
    """``build(ships=[...], squadrons=[...], obstacles=[...])`` -> Scene on a 6' x 3' area."""
    def _build(ships=(), squadrons=(), obstacles=(), area=(1828.8, 914.4)):
        return Scene(tuple(ships), tuple(squadrons), tuple(obstacles), area)
    return _build


@pytest.fixture
def pieces():
    """The piece constructors: ``pieces.ship``, ``pieces.squad``, ``pieces.rock``."""
    class P:
        pass
    p = P()
    p.ship, p.squad, p.rock = ship, squad, rock
    return p
