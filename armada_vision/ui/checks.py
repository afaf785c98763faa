"""The window's view of attack checks: the rules core's answers plus the geometry to draw them.

No Qt. ``run_checks`` calls ``armada_vision.rules.check_scene`` (the agreed API) and wraps each
``AttackCheck`` in a :class:`CheckView` holding the DESIGN.md ``check`` fields and the LOS
segment in table mm. When the rules core is not installed, ``rules_available()`` is False and
``run_checks`` returns nothing; the window says so in its status bar.
"""

from __future__ import annotations

import importlib
from typing import Any

import numpy as np

VERDICTS = ("clear", "obstructed", "blocked", "out")


def _rules() -> Any | None:
    try:
        mod = importlib.import_module("armada_vision.rules")
    except ImportError:
        return None
    return mod if hasattr(mod, "check_scene") else None


def rules_available() -> bool:
    return _rules() is not None


def parse_ruleset(name: str) -> Any:
    """The rules core's Ruleset for ``name``, or the name itself when rules are missing."""
    mod = _rules()
    fn = getattr(mod, "parse_ruleset", None) if mod is not None else None
    return fn(name) if fn is not None else name


def _segment(obj: Any, *names: str) -> np.ndarray | None:
    for name in names:
        v = getattr(obj, name, None)
        if v is None:
            continue
        # the rules core's own segments: already (2, 2) float64 (a list of rows cost ~20 us)
        if isinstance(v, np.ndarray) and v.shape == (2, 2) and v.dtype == np.float64:
            return v
        coords = getattr(v, "coords", v)  # a shapely LineString or a pair of points
        try:
            arr = np.asarray(list(coords), dtype=np.float64).reshape(-1, 2)
        except (TypeError, ValueError):
            continue
        if len(arr) >= 2:
            return arr[[0, -1]]
    return None


_UNSET: Any = object()
# the fields that name a check's pieces: read off the rules core's check without building the
# whole ``check`` object (``to_json``), so the checks of the other hull zones cost nothing
KEYS = ("attacker", "attacking_zone", "defender", "defending_zone")
# and those a line of sight is drawn from (verdict, margin): the same values as in ``check``
# (the two lengths rounded to 0.1 mm as ``to_json`` does), without building it for each line
RAW_KEYS = frozenset(KEYS + ("in_arc", "range_band", "line_of_sight", "obstructed"))
ROUNDED_KEYS = frozenset({"margin_mm", "range_mm"})


class CheckView:
    """One attacker zone -> defender zone check as the window shows it.

    ``data`` is the DESIGN.md ``check`` object; ``los_mm`` the line-of-sight segment (2, 2) in
    table mm (or ``None``: the painter then joins the targeting points); ``range_segment_mm``
    the measured range segment when the rules core gives one. Made from the rules core's
    check (``raw``), ``data`` and the segments are built when first asked for: the window
    shows the checks of one hull zone of the 4 it gets (building all 128 of a full table's
    ship took ~0.8 ms at each change); :meth:`get` reads the pieces' ids (``KEYS``) without.
    """

    __slots__ = ("_data", "_los", "_range", "raw")

    def __init__(self, data: dict[str, Any] | None = None, los_mm: Any = _UNSET,
                 range_segment_mm: Any = _UNSET, raw: Any = None):
        if data is None and raw is None:
            raise TypeError("CheckView needs data or a raw check")
        self._data = dict(data) if data is not None else None
        self._los = None if los_mm is _UNSET and raw is None else los_mm
        self._range = None if range_segment_mm is _UNSET and raw is None else range_segment_mm
        self.raw = raw

    @classmethod
    def from_check(cls, check: Any) -> CheckView:
        return cls(raw=check)

    @property
    def data(self) -> dict[str, Any]:
        if self._data is None:
            raw = self.raw
            self._data = dict(raw.to_json() if hasattr(raw, "to_json") else raw)
        return self._data

    @property
    def los_mm(self) -> np.ndarray | None:
        if self._los is _UNSET:
            self._los = _segment(self.raw, "los_segment", "los_segment_mm", "los", "line_of_sight_segment")
        return self._los

    @property
    def range_segment_mm(self) -> np.ndarray | None:
        if self._range is _UNSET:
            self._range = _segment(self.raw, "range_segment", "range_segment_mm")
        return self._range

    def get(self, key: str, default: Any = None) -> Any:
        """``data.get(key, default)``; the pieces' ids, verdict fields and margin (``RAW_KEYS``,
        ``ROUNDED_KEYS``) without building ``data``."""
        if self._data is None and (key in RAW_KEYS or key in ROUNDED_KEYS):
            v = getattr(self.raw, key, _UNSET)
            if v is not _UNSET:
                return round(v, 1) + 0.0 if key in ROUNDED_KEYS and v is not None else v
        return self.data.get(key, default)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_") or name == "raw":
            raise AttributeError(name)
        data = self.data
        if name in data:
            return data[name]
        raise AttributeError(name)

    def __repr__(self) -> str:
        return f"CheckView({self.data!r})"

    @property
    def verdict(self) -> str:
        """``out`` (not in arc or beyond long range), ``blocked``, ``obstructed`` or ``clear``."""
        if not self.get("in_arc", True) or self.get("range_band") in (None, "extreme"):
            return "out"
        if self.get("line_of_sight") is False:
            return "blocked"
        if self.get("obstructed"):
            return "obstructed"
        return "clear"

    def too_close_to_call(self, uncertainty_mm: float) -> bool:
        m = self.get("margin_mm")
        return m is not None and uncertainty_mm > 0 and float(m) < uncertainty_mm


def run_checks(scene: Any, catalog: Any, ruleset: Any, attacker_id: str | None) -> list[CheckView]:
    """Every check from ``attacker_id`` (all attackers when ``None``); [] without rules core."""
    mod = _rules()
    if mod is None:
        return []
    return [CheckView.from_check(c) for c in mod.check_scene(scene, catalog, ruleset, attacker_id)]


def engagements(scene: Any, catalog: Any, ruleset: Any) -> dict[str, list[str]]:
    """Squadron id -> enemy squadron ids engaged with it (RRG "Engagement"); {} without rules."""
    mod = _rules()
    if mod is None:
        return {}
    every = getattr(mod, "engagements", None)
    if every is not None:
        return {k: list(v) for k, v in every(scene, catalog, ruleset).items() if v}
    fn = getattr(mod, "engaged_with", None)
    if fn is None:
        return {}
    out = {}
    for sq in scene.squadrons:
        if sq.squadron_class is None:
            continue
        ids = list(fn(scene, catalog, ruleset, sq.id))
        if ids:
            out[sq.id] = ids
    return out


ENGAGEMENT_MARGIN_MM = 25.0  # beyond a base's outline: shield dials, rounding


_LINES: list[tuple[Any, Any, Any]] = []  # the last (squadrons, catalog, lines) of _engaging_lines


def _engaging_lines(squadrons: tuple, catalog: Any) -> Any:
    """The centre-to-centre lines (shapely LineStrings) between every two enemy squadrons
    at distance 1 of each other (or ``None``: no such pair), kept for the last squadrons
    seen: while a ship moves they stay the same (the pairs and lines took ~0.3 ms a frame)."""
    if _LINES and _LINES[0][1] is catalog and _LINES[0][0] == squadrons:
        return _LINES[0][2]
    xy = np.array([[q.x_mm, q.y_mm] for q in squadrons], dtype=np.float64).reshape(-1, 2)
    r = np.array([catalog.squadrons[q.squadron_class].radius_mm if q.squadron_class in catalog.squadrons
                  else 0.0 for q in squadrons])
    player = np.array([q.player for q in squadrons])
    gap = np.hypot(*(xy[:, None, :] - xy[None, :, :]).transpose(2, 0, 1)) - r[:, None] - r[None, :]
    i, j = np.nonzero(np.triu((gap <= catalog.ruler.distance_bands_mm[0] + 1.0)
                              & (player[:, None] != player[None, :]), 1))
    pairs = np.stack([xy[i], xy[j]], axis=1)  # (K, 2, 2) centre to centre
    lines = None
    if len(pairs):
        import shapely

        lines = shapely.linestrings(pairs)
    _LINES[:] = [(squadrons, catalog, lines)]
    return lines


def engagement_unchanged(before: Any, after: Any, catalog: Any) -> bool:
    """Whether squadron engagement in ``after`` is what it was in ``before``, known without
    asking the rules core: the squadrons, obstacles and play area are the same, and no ship
    that moved, came or went comes (before or after) within ``ENGAGEMENT_MARGIN_MM`` of the
    line between the centres of two enemy squadrons at distance 1 of each other (RRG
    "Engagement", p.6: engaged at distance 1 unless the line of sight is obstructed by an
    obstacle or a ship; both rulesets' lines of sight between two discs, centre to centre or
    closest points, lie on that line). False when unsure (a ship of unknown class)."""
    if before.squadrons != after.squadrons or before.obstacles != after.obstacles or \
            before.play_area_mm != after.play_area_mm:
        return False
    old = {s.id: s for s in before.ships}
    new = {s.id: s for s in after.ships}
    changed = [s for sid, s in old.items() if new.get(sid) != s] + \
        [s for sid, s in new.items() if old.get(sid) != s]
    if not changed:
        return True
    lines = _engaging_lines(after.squadrons, catalog)
    if lines is None:
        return True
    import shapely

    from armada_vision.geometry import ship_base_polygon

    for s in changed:
        cls = catalog.ships.get(s.ship_class) if s.ship_class else None
        if cls is None:
            return False
        base = ship_base_polygon(cls, s.x_mm, s.y_mm, s.heading_deg)
        if float(np.min(shapely.distance(base, lines))) <= ENGAGEMENT_MARGIN_MM:
            return False
    return True


def preview_maneuver(scene: Any, catalog: Any, ship_id: str, speed: int,
                     yaw_clicks: list[int]) -> Any | None:
    """``execute_maneuver`` result, or ``None`` when the movement module is not installed."""
    try:
        movement = importlib.import_module("armada_vision.rules.movement")
    except ImportError:
        return None
    fn = getattr(movement, "execute_maneuver", None)
    if fn is None:
        return None
    # a what-if preview: the dial is taken to show the speed asked for
    return fn(scene, catalog, ship_id, speed, list(yaw_clicks), dial_speed=speed)


def move_blockers(scene: Any, catalog: Any, ruleset: Any, squadron_id: str) -> tuple[str, ...]:
    """``rules.movement.move_blockers``: the engaged enemies that stop the squadron moving where
    it stands (RRG p.6); ``()`` without the movement module."""
    try:
        movement = importlib.import_module("armada_vision.rules.movement")
    except ImportError:
        return ()
    fn = getattr(movement, "move_blockers", None)
    return tuple(fn(scene, catalog, squadron_id, ruleset=ruleset)) if fn is not None else ()


def setup_rows(scene: Any, catalog: Any) -> list[Any]:
    """``rules.setup_checks`` of ``scene`` (RRG p.16: every setup rule of every piece, with its
    distance and margin), or ``[]`` when the rules core is missing or a class is unknown."""
    mod = _rules()
    fn = getattr(mod, "setup_checks", None) if mod is not None else None
    if fn is None:
        return []
    try:
        return list(fn(scene, catalog))
    except (KeyError, ValueError):
        return []


def engagement_margins(scene: Any, catalog: Any, ruleset: Any) -> dict[tuple[str, str], float]:
    """(squadron id, enemy id), sorted -> how far (mm) a piece must move to flip whether the two
    are engaged (``rules.engagement_checks``: the distance-1 line, and at distance 1 the line of
    sight's clearance from obstructers; RRG "Engagement", p.6). {} without the rules core."""
    mod = _rules()
    fn = getattr(mod, "engagement_checks", None) if mod is not None else None
    out: dict[tuple[str, str], float] = {}
    for e in fn(scene, catalog, ruleset) if fn is not None else ():
        key = (min(e.squadron, e.enemy), max(e.squadron, e.enemy))
        out[key] = min(out.get(key, float("inf")), float(e.margin_mm))
    return out


def checks_and_engagements(scene: Any, catalog: Any, ruleset: Any, attacker_id: str | None
                           ) -> tuple[list[CheckView], dict[str, list[str]],
                                      dict[tuple[str, str], float]]:
    """``run_checks``, ``engagements`` and ``engagement_margins`` for one scene. All go through
    the rules core's public calls, which share one prepared frame per scene (``rules.frame_for``:
    built once, and reused while the poses stay the same, as they do for a still table)."""
    views = run_checks(scene, catalog, ruleset, attacker_id) if attacker_id else []
    return views, engagements(scene, catalog, ruleset), engagement_margins(scene, catalog, ruleset)
