"""Geometry of pieces in table mm, and pixel boxes (shapely 2 and numpy; no Qt, no OpenCV)."""

from ._pieces import (
    obstacle_polygon,
    pose_matrix,
    ship_base_local,
    ship_base_polygon,
    ship_token_local,
    ship_token_polygon,
    squadron_disc,
    to_table,
)
from ._zones import (
    ARC_LINE_HALF_WIDTH_MM,
    ShipLocal,
    clear_pose_cache,
    firing_arc,
    hull_zone_polygons,
    pose_xyh,
    ship_local,
    targeting_points,
)

__all__ = [
    "ARC_LINE_HALF_WIDTH_MM",
    "ShipLocal",
    "clear_pose_cache",
    "firing_arc",
    "hull_zone_polygons",
    "obstacle_polygon",
    "pose_matrix",
    "pose_xyh",
    "ship_base_local",
    "ship_base_polygon",
    "ship_local",
    "ship_token_local",
    "ship_token_polygon",
    "squadron_disc",
    "targeting_points",
    "to_table",
]
