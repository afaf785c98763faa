"""Synthetic overhead frames of any Scene, with exact ground truth (tests, benchmark, demo).

Vision code: imports the catalog, the Scene, piece outlines and the camera model, never the rules.
"""

from ._cameras import C920_DIST, random_camera
from ._contacts import SQUADRON_CONTACTS, squadron_contact_point, with_contacts
from ._layout import default_layout, marker_corners_mm, resolve_layout
from ._random import footprints, random_scene
from ._render import PieceTruth, Rendered, RenderOptions, Truth, render
from ._video import frames_between, interpolate, render_video

__all__ = [
    "C920_DIST",
    "SQUADRON_CONTACTS",
    "PieceTruth",
    "RenderOptions",
    "Rendered",
    "Truth",
    "default_layout",
    "footprints",
    "frames_between",
    "interpolate",
    "marker_corners_mm",
    "random_camera",
    "random_scene",
    "render",
    "render_video",
    "resolve_layout",
    "squadron_contact_point",
    "with_contacts",
]
