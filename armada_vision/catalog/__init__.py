"""The piece catalog: ship, squadron and obstacle classes, the range ruler and the maneuver tool.

Data lives in ``models/`` as TOML (one file per piece type; format in ../shared/DESIGN.md); this
package loads and validates it once. ``--models DIR`` adds or overrides classes.
"""

from ._known import closest_class_ids, require_known_classes, unknown_classes
from ._load import default_models_dir, get_catalog, load_catalog
from ._types import (
    DEFENSE_TOKEN_TYPES,
    DICE_COLOURS,
    HUGE_HULL_ZONES,
    SIZE_CLASSES,
    SIZE_ORDER,
    STANDARD_HULL_ZONES,
    BaseSpec,
    Catalog,
    Dice,
    ManeuverTool,
    ObstacleClass,
    Ruler,
    ShipClass,
    SquadronClass,
    TokenSpec,
)

__all__ = [
    "DEFENSE_TOKEN_TYPES",
    "DICE_COLOURS",
    "HUGE_HULL_ZONES",
    "SIZE_CLASSES",
    "SIZE_ORDER",
    "STANDARD_HULL_ZONES",
    "BaseSpec",
    "Catalog",
    "Dice",
    "ManeuverTool",
    "ObstacleClass",
    "Ruler",
    "ShipClass",
    "SquadronClass",
    "TokenSpec",
    "closest_class_ids",
    "default_models_dir",
    "get_catalog",
    "load_catalog",
    "require_known_classes",
    "unknown_classes",
]
