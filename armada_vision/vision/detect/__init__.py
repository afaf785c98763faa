"""Detection: from a calibrated frame to pieces in table mm (ship bases, squadron discs,
obstacles, hands). Vision imports no rules; each piece is measured on its own height plane
(cv-notes 3.4) by transforming points, never by warping whole frames (cv-notes 3.6).

``Detector(catalog, camera, background=...)`` with ``.detect(image_bgr) -> Detections``
(``.to_scene()`` gives the Scene with confidence, size class and bow); ``.live()`` gives a
``LiveDetector`` for video that re-detects only what changed since the last frame; a roster
file names the bases (``load_roster``; format in ``_roster.py``).
"""

from ._background import BackgroundModel, estimate_noise
from ._blobs import Blob, clean_mask, find_blobs
from ._comparejit import compile_kernels
from ._detector import Detector, FramePass, base_specs, disc_specs
from ._live import LiveDetector, LiveStats
from ._roster import Roster, RosterShip, RosterSquadron, find_tags, load_roster, roster_from_dict
from ._types import (
    Detections,
    HandDetection,
    ObstacleDetection,
    ShipDetection,
    SquadronDetection,
)

__all__ = [
    "compile_kernels",
    "BackgroundModel",
    "Blob",
    "Detections",
    "Detector",
    "FramePass",
    "HandDetection",
    "LiveDetector",
    "LiveStats",
    "ObstacleDetection",
    "Roster",
    "RosterShip",
    "RosterSquadron",
    "ShipDetection",
    "SquadronDetection",
    "base_specs",
    "clean_mask",
    "disc_specs",
    "estimate_noise",
    "find_blobs",
    "find_tags",
    "load_roster",
    "roster_from_dict",
]
