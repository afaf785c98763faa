"""Geometry of pieces in table mm (shapely 2 and numpy; no Qt, no OpenCV)."""

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

__all__ = [
    "obstacle_polygon",
    "pose_matrix",
    "ship_base_local",
    "ship_base_polygon",
    "ship_token_local",
    "ship_token_polygon",
    "squadron_disc",
    "to_table",
]
