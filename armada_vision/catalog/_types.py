"""Frozen value types of the piece catalog (ships, squadrons, obstacles, ruler, maneuver tool).

All lengths are millimetres, all angles degrees. Ship-frame coordinates: origin at the ship token's
centre, +x towards the bow, +y towards the ship's port (left), as in ../shared/DESIGN.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

Point = tuple[float, float]
Segment = tuple[Point, Point]

SIZE_CLASSES = ("small", "medium", "large", "huge")
SIZE_ORDER = {name: i for i, name in enumerate(SIZE_CLASSES)}
DICE_COLOURS = ("red", "blue", "black")
STANDARD_HULL_ZONES = ("front", "left", "right", "rear")
HUGE_HULL_ZONES = ("front", "left", "right", "rear", "left-aux", "right-aux")
DEFENSE_TOKEN_TYPES = ("brace", "redirect", "evade", "scatter", "contain", "salvo")

# The four standard zones and the two arc lines that bound each (RRG "Hull Zone", p.8).
STANDARD_ZONE_LINES: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        "front": ("front_left", "front_right"),
        "left": ("front_left", "rear_left"),
        "right": ("front_right", "rear_right"),
        "rear": ("rear_left", "rear_right"),
    }
)


@dataclass(frozen=True)
class Dice:
    """A dice pool by colour. ``Dice(red=2, blue=1)``."""

    red: int = 0
    blue: int = 0
    black: int = 0

    def as_dict(self) -> dict[str, int]:
        return {"red": self.red, "blue": self.blue, "black": self.black}

    @property
    def total(self) -> int:
        return self.red + self.blue + self.black

    def __bool__(self) -> bool:
        return self.total > 0


@dataclass(frozen=True)
class BaseSpec:
    """Plastic base, centred on the ship pose. ``height_mm`` is the top of the base above the mat."""

    width_mm: float
    length_mm: float
    height_mm: float


@dataclass(frozen=True)
class TokenSpec:
    """Cardboard ship token. ``offset_mm`` is the token centre relative to the base centre."""

    width_mm: float
    length_mm: float
    offset_mm: Point = (0.0, 0.0)
    thickness_mm: float = 2.0


@dataclass(frozen=True)
class ShipClass:
    """One ship card and its physical pieces.

    ``speed_chart[s - 1]`` is the tuple of maximum yaw clicks per joint at speed ``s``; an empty
    tuple at index 0 is never used (speed 0 has no joints). ``max_speed == len(speed_chart)``.
    ``arc_lines`` are segments in the token frame, from the inner point to the token edge.
    ``zone_lines`` names the two arc lines that bound each hull zone.
    ``bases`` lists plastic base centres in the ship frame (one for most ships, two for huge).
    """

    id: str
    name: str
    size_class: str
    faction: str
    hull: int
    command: int
    squadron: int
    engineering: int
    defense_tokens: tuple[str, ...]
    speed_chart: tuple[tuple[int, ...], ...]
    shields: Mapping[str, int]
    armament: Mapping[str, Dice]
    anti_squadron: Dice
    base: BaseSpec
    token: TokenSpec
    arc_lines: Mapping[str, Segment]
    zone_lines: Mapping[str, tuple[str, str]]
    targeting_points: Mapping[str, Point]
    bases: tuple[Point, ...] = ((0.0, 0.0),)
    keywords: tuple[str, ...] = ()
    shield_dial_depth_mm: float = 0.0
    source: str = ""

    @property
    def hull_zones(self) -> tuple[str, ...]:
        return tuple(self.zone_lines)

    @property
    def max_speed(self) -> int:
        return len(self.speed_chart)

    @property
    def is_flotilla(self) -> bool:
        return "flotilla" in self.keywords

    @property
    def is_huge(self) -> bool:
        return self.size_class == "huge"


@dataclass(frozen=True)
class SquadronClass:
    """One squadron card and its round plastic base.

    ``keyword_values`` holds the number of a valued keyword (``counter`` 2, ``relay`` 1, ...);
    keywords without a value (``swarm``, ``bomber``) appear only in ``keywords``.
    """

    id: str
    name: str
    faction: str
    base_diameter_mm: float
    speed: int
    hull: int
    anti_squadron: Dice
    anti_ship: Dice
    keywords: tuple[str, ...] = ()
    base_height_mm: float = 5.0
    unique: bool = False
    source: str = ""
    keyword_values: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def radius_mm(self) -> float:
        return self.base_diameter_mm / 2.0


@dataclass(frozen=True)
class ObstacleClass:
    """An obstacle token: ``outline_mm`` is a polygon around its origin, its area centroid."""

    id: str
    name: str
    kind: str
    outline_mm: tuple[Point, ...]
    thickness_mm: float = 2.0
    source: str = ""


@dataclass(frozen=True)
class Ruler:
    """Range and distance band outer edges, in mm from the ruler's start (RRG pp.15-16).

    ``range_bands_mm`` maps close/medium/long to the outer edge; ``distance_bands_mm[d - 1]`` is
    the outer edge of distance ``d``. An edge belongs to the nearer band.
    """

    range_bands_mm: Mapping[str, float]
    distance_bands_mm: tuple[float, ...]
    length_mm: float
    source: str = ""

    def range_band(self, range_mm: float) -> str:
        """``close``/``medium``/``long``/``extreme`` for ``range_mm``; an edge is the nearer band."""
        for band in ("close", "medium", "long"):
            if range_mm <= self.range_bands_mm[band]:
                return band
        return "extreme"

    def distance_band(self, distance_mm: float) -> int | None:
        """Distance band 1..5 for ``distance_mm``, or ``None`` beyond distance 5."""
        for i, edge in enumerate(self.distance_bands_mm):
            if distance_mm <= edge:
                return i + 1
        return None


@dataclass(frozen=True)
class ManeuverTool:
    """Maneuver tool geometry (armada-geometry.md section 5.2).

    Each speed step is ``segment_before_joint_mm`` straight at the incoming heading, a turn of
    ``clicks * click_deg`` at the joint, then ``segment_after_joint_mm`` at the new heading.
    """

    click_deg: float
    max_clicks_per_joint: int
    segment_before_joint_mm: float
    segment_after_joint_mm: float
    width_mm: float
    max_speed: int
    source: str = ""


@dataclass(frozen=True)
class Catalog:
    """Every piece class, by id, plus the ruler and the maneuver tool."""

    ships: Mapping[str, ShipClass]
    squadrons: Mapping[str, SquadronClass]
    obstacles: Mapping[str, ObstacleClass]
    ruler: Ruler
    maneuver_tool: ManeuverTool
    roots: tuple[str, ...] = field(default=())

    def ship(self, class_id: str) -> ShipClass:
        try:
            return self.ships[class_id]
        except KeyError:
            raise KeyError(f"unknown ship class {class_id!r}") from None

    def squadron(self, class_id: str) -> SquadronClass:
        try:
            return self.squadrons[class_id]
        except KeyError:
            raise KeyError(f"unknown squadron class {class_id!r}") from None

    def obstacle(self, class_id: str) -> ObstacleClass:
        try:
            return self.obstacles[class_id]
        except KeyError:
            raise KeyError(f"unknown obstacle {class_id!r}") from None
