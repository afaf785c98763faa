"""The rules core: attack checks, engagement and rulesets (pure: numpy and shapely, no Qt/OpenCV).

Rules follow ../shared/reference/armada-rules.md (RRG v1.6 by default); output shapes follow
../shared/DESIGN.md (the ``check`` object).
"""

from ._attack import (
    AttackCheck,
    check_scene,
    checks_for_frame,
    clear_frame_cache,
    frame_for,
    scene_notes,
)
from ._engage import Engagement, engaged_with, engagement_checks, engagements
from ._ruleset import DEFAULT_RULESET, HOUSE_RULES, Ruleset, parse_ruleset
from ._setup import SetupCheck, setup_area, setup_checks
from ._warm import compile_kernels

__all__ = [
    "DEFAULT_RULESET",
    "HOUSE_RULES",
    "AttackCheck",
    "Engagement",
    "Ruleset",
    "SetupCheck",
    "check_scene",
    "checks_for_frame",
    "clear_frame_cache",
    "compile_kernels",
    "engaged_with",
    "engagement_checks",
    "engagements",
    "frame_for",
    "parse_ruleset",
    "scene_notes",
    "setup_area",
    "setup_checks",
]
