"""Ship and squadron movement with overlap resolution (RRG v1.6; pure numpy and shapely).

- :func:`execute_maneuver`: a ship's maneuver with the maneuver tool, speed chart and navigate
  checks, tool-side choice, the speed fall-back when it would overlap a ship, damage cards
  (closest ship, flotilla errata), lifted squadrons with suggested placements, obstacles
  overlapped and destruction at the play-area edge ("Ship Movement", "Overlapping").
- :func:`move_squadron`: a squadron's move checked against its speed, the pieces it would end
  on, and engagement before and after ("Squadron Movement", "Engagement"); :func:`move_blockers`
  the engaged enemies that stop a squadron moving where it stands.
- :func:`gravity_rifts_in_reach`: the gravity rifts at distance 1-2 of a ship (deployment at
  speed 0, a slower course; "Obstacles" p.12).
- :class:`PieceTable`: the other pieces prepared once, to run many maneuvers on one scene fast.
"""

from ._course import SIDES, IllegalManeuver, check_course, preferred_side
from ._maneuver import (
    OBSTACLE_AREA_TOL_MM2,
    ManeuverResult,
    execute_maneuver,
    gravity_rifts_in_reach,
)
from ._shapes import OVERLAP_TOL_MM
from ._squadron import SquadronMoveResult, move_blockers, move_squadron, squadron_max_travel_mm
from ._table import PieceTable, skipped_obstacle_notes

__all__ = [
    "OBSTACLE_AREA_TOL_MM2",
    "OVERLAP_TOL_MM",
    "SIDES",
    "IllegalManeuver",
    "ManeuverResult",
    "PieceTable",
    "SquadronMoveResult",
    "check_course",
    "execute_maneuver",
    "gravity_rifts_in_reach",
    "move_blockers",
    "move_squadron",
    "preferred_side",
    "skipped_obstacle_notes",
    "squadron_max_travel_mm",
]
