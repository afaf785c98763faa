"""What the detector found in one frame, in table mm, before identities are assigned.

``heading_deg`` of a ship base is known only up to 180 deg from its outline; ``bow_known`` says
whether something (a tag on the token, the roster) settled which end is the bow.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from armada_vision.scene import ObstaclePose, Scene, ShipPose, SquadronPose


@dataclass(frozen=True)
class ShipDetection:
    """A plastic ship base: centre (``x_mm``, ``y_mm``), ``heading_deg`` in [0, 360), its size
    class (``small``..``huge``) and, when known, ``ship_class``/``player``/``piece_id``.

    ``rms_mm`` is the fit residual of the visible base edges, ``coverage`` the fraction of the
    outline that was seen (the rest hidden by the miniature or a neighbour).
    """

    x_mm: float
    y_mm: float
    heading_deg: float
    size_class: str
    confidence: float
    bow_known: bool = False
    ship_class: str | None = None
    player: int | None = None
    piece_id: str | None = None
    tag_id: int | None = None
    rms_mm: float = 0.0
    coverage: float = 0.0


@dataclass(frozen=True)
class SquadronDetection:
    """A round squadron base: centre in mm, ``diameter_mm`` of the catalog size that fitted."""

    x_mm: float
    y_mm: float
    diameter_mm: float
    confidence: float
    squadron_class: str | None = None
    player: int | None = None
    piece_id: str | None = None
    rms_mm: float = 0.0
    coverage: float = 0.0


@dataclass(frozen=True)
class ObstacleDetection:
    """An obstacle token matched to the catalog outline ``obstacle``; pose as in DESIGN.md (the
    outline's area centroid, turned by ``heading_deg``, mirrored first when ``flipped``)."""

    obstacle: str
    x_mm: float
    y_mm: float
    heading_deg: float
    flipped: bool
    confidence: float
    outline_mm: tuple[tuple[float, float], ...] = ()
    piece_id: str | None = None


@dataclass(frozen=True)
class HandDetection:
    """A hand or arm over the table: its outline in image px (N, 2) and on the mat in mm (N, 2).

    Pieces under it may be hidden or moving; tracking freezes them instead of deleting them.
    """

    outline_px: np.ndarray
    outline_mm: np.ndarray
    area_px: float

    def covers(self, x_mm: float, y_mm: float, margin_mm: float = 0.0) -> bool:
        """Whether the point (mm) lies under the hand's outline grown by ``margin_mm``."""
        from shapely.geometry import Point, Polygon

        poly = Polygon(self.outline_mm)
        if not poly.is_valid:
            poly = poly.buffer(0)
        return bool(poly.buffer(margin_mm).contains(Point(x_mm, y_mm)))


@dataclass
class Detections:
    """Every piece found in one frame (table mm), and the hands over the table."""

    ships: list[ShipDetection] = field(default_factory=list)
    squadrons: list[SquadronDetection] = field(default_factory=list)
    obstacles: list[ObstacleDetection] = field(default_factory=list)
    hands: list[HandDetection] = field(default_factory=list)
    play_area_mm: tuple[float, float] = (1828.8, 914.4)
    image_size: tuple[int, int] = (0, 0)

    @property
    def hand_present(self) -> bool:
        return bool(self.hands)

    def to_scene(self) -> Scene:
        """The detections as a Scene (``armada-scene/1``) with confidence, size class and bow.

        Pieces without an identity get ids ``ship-1``, ``squadron-1``, ... in detection order;
        unknown players are reported as player 1 with ``"player_known": false``.
        """
        ships = []
        for i, s in enumerate(self.ships, 1):
            extra = {} if s.player is not None else {"player_known": False}
            if s.tag_id is not None:
                extra["tag_id"] = s.tag_id
            ships.append(ShipPose(
                id=s.piece_id or f"ship-{i}", ship_class=s.ship_class, player=s.player or 1,
                x_mm=round(s.x_mm, 2), y_mm=round(s.y_mm, 2),
                heading_deg=round(s.heading_deg % 360.0, 2), size_class=s.size_class,
                bow_known=s.bow_known, confidence=round(s.confidence, 3), extra=extra))
        squadrons = []
        for i, q in enumerate(self.squadrons, 1):
            extra = {} if q.player is not None else {"player_known": False}
            extra["diameter_mm"] = q.diameter_mm
            squadrons.append(SquadronPose(
                id=q.piece_id or f"squadron-{i}", squadron_class=q.squadron_class,
                player=q.player or 1, x_mm=round(q.x_mm, 2), y_mm=round(q.y_mm, 2),
                confidence=round(q.confidence, 3), extra=extra))
        obstacles = [
            ObstaclePose(
                id=o.piece_id or f"obstacle-{i}", obstacle=o.obstacle, x_mm=round(o.x_mm, 2),
                y_mm=round(o.y_mm, 2), heading_deg=round(o.heading_deg % 360.0, 2),
                flipped=o.flipped, confidence=round(o.confidence, 3),
                outline_mm=tuple((round(x, 1), round(y, 1)) for x, y in o.outline_mm) or None)
            for i, o in enumerate(self.obstacles, 1)
        ]
        extra = {"hands": len(self.hands)} if self.hands else {}
        return Scene(tuple(ships), tuple(squadrons), tuple(obstacles), self.play_area_mm, extra)
