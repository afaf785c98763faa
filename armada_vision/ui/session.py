"""What the window shows and what the user did, without Qt: the controller behind the widgets.

Holds the detected scene (from the detector, or the demo's ground truth), the user's corrections
on top of it (class and player assigned to a base, a flipped bow, a moved or deleted piece), the
selection (attacker ship + hull zone, defender), the rules core's checks for that selection, a
maneuver preview, and an undo history. Every action is also an event for the game log
(``record``); the log itself is optional.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from armada_vision.scene import Scene
from armada_vision.ui import checks as rules
from armada_vision.ui.hit import Hit
from armada_vision.ui.overlay_model import LAYERS, Overlay, Selection, ShapeCache, build_overlay


@dataclass
class _Snapshot:
    corrections: dict[str, dict[str, Any]]
    game_events: int


def apply_corrections(scene: Scene, corrections: dict[str, dict[str, Any]]) -> Scene:
    """``scene`` with the user's per-piece corrections applied (pure).

    A correction may set ``ship_class`` / ``squadron_class``, ``player``, ``flipped`` (the bow
    is the other end: heading + 180), ``x_mm``/``y_mm`` (dragged), or ``deleted``.
    """
    if not corrections:
        return scene

    def fix(piece: Any, class_key: str) -> Any:
        c = corrections.get(piece.id)
        if not c:
            return piece
        if c.get("deleted"):
            return None
        changes: dict[str, Any] = {}
        for key in (class_key, "player", "x_mm", "y_mm"):
            if key in c and hasattr(piece, key):
                changes[key] = c[key]
        if c.get("flipped") and hasattr(piece, "heading_deg"):
            changes["heading_deg"] = (piece.heading_deg + 180.0) % 360.0
        if class_key == "ship_class" and "ship_class" in c:
            changes["bow_known"] = True
        return replace(piece, **changes) if changes else piece

    ships = tuple(p for p in (fix(s, "ship_class") for s in scene.ships) if p is not None)
    sqs = tuple(p for p in (fix(q, "squadron_class") for q in scene.squadrons) if p is not None)
    obs = tuple(p for p in (fix(o, "obstacle") for o in scene.obstacles) if p is not None)
    return replace(scene, ships=ships, squadrons=sqs, obstacles=obs)


class Session:
    """The window's state. ``record`` receives every event as a JSON dict (for the game log)."""

    def __init__(self, catalog: Any, ruleset_name: str = "rrg-1.6", *,
                 uncertainty_mm: float = 2.0, record: Callable[[dict], None] | None = None):
        self.catalog = catalog
        self.ruleset_name = ruleset_name
        self.ruleset = rules.parse_ruleset(ruleset_name)
        self.uncertainty_mm = uncertainty_mm
        self.record = record or (lambda event: None)
        self.detected = Scene()
        self.corrections: dict[str, dict[str, Any]] = {}
        self.selection = Selection()
        self.layers: set[str] = set(LAYERS)
        self.maneuver: tuple[int, list[int]] | None = None  # (speed, yaw clicks per joint)
        self.maneuver_error = ""
        self.script_maneuver: Any = None
        self.game: Any = None  # armada_vision.ui.game_panel.GameModel, when the state part is there
        self._history: list[_Snapshot] = []
        self._scene: Scene | None = None
        self._checks_key: Any = None
        self._checks: list[rules.CheckView] = []
        self._engaged: dict[str, list[str]] = {}
        self._engage_margins: dict[tuple[str, str], float] = {}   # sorted enemy pair -> mm
        self._engaged_for: tuple[Scene, str] | None = None  # the scene and ruleset it holds for
        self._overlay: tuple[Any, Overlay] | None = None
        self._setup: tuple[Scene | None, list[Any]] = (None, [])
        self._shape_cache = ShapeCache()  # pieces that did not move keep their shapes

    # ------------------------------------------------------------------ scene
    @property
    def scene(self) -> Scene:
        if self._scene is None:
            self._scene = apply_corrections(self.detected, self.corrections)
        return self._scene

    def set_detected(self, scene: Scene) -> None:
        if scene != self.detected or scene.play_area_mm != self.detected.play_area_mm:
            self.detected = scene
            self._scene = None

    def _invalidate(self) -> None:
        self._scene = None
        self._checks_key = None

    # ------------------------------------------------------------------ selection and checks
    def click(self, hit: Hit | None, *, as_defender: bool = False) -> str:
        """Select from a click: the first click (or a click on a piece of the attacker's side)
        picks the attacker and hull zone; a click on an opposing piece picks the defender.
        Returns ``"attacker"``, ``"defender"`` or ``"none"`` (click on empty table clears)."""
        if hit is None or hit.kind == "obstacle":
            self.selection = Selection()
            return "none"
        att = self.selection.attacker_id
        player = self._player(hit.piece_id)
        if att and (as_defender or (player is not None and player != self._player(att))):
            self.selection = replace(self.selection, defender_id=hit.piece_id,
                                     defender_zone=hit.zone if hit.kind == "ship" else None)
            check = self.selected_check()
            if check is not None:
                self.record({"type": "check-viewed", "payload": check.data})
            return "defender"
        self.selection = Selection(hit.piece_id, hit.zone if hit.kind == "ship" else None)
        return "attacker"

    def _player(self, piece_id: str) -> int | None:
        for s in self.scene.ships:
            if s.id == piece_id:
                return s.player
        for q in self.scene.squadrons:
            if q.id == piece_id:
                return q.player
        return None

    def checks(self) -> list[rules.CheckView]:
        """The rules core's checks from the selected attacker (cached per scene + selection);
        squadron engagement is worked out with them, for the whole table."""
        att = self.selection.attacker_id
        if att and self._player(att) is None:
            att = None
        key = (self.scene, att, self.ruleset_name)
        if key != self._checks_key:
            last = self._engaged_for
            try:
                if last is not None and last[1] == self.ruleset_name and \
                        rules.engagement_unchanged(last[0], self.scene, self.catalog):
                    # only ships away from every squadron changed (the selected one moving)
                    self._checks = rules.run_checks(self.scene, self.catalog, self.ruleset, att) \
                        if att else []
                else:
                    self._checks, self._engaged, self._engage_margins = \
                        rules.checks_and_engagements(self.scene, self.catalog, self.ruleset, att)
                self._engaged_for = (self.scene, self.ruleset_name)
            except (KeyError, ValueError):  # e.g. a class the catalog lacks
                self._checks, self._engaged, self._engaged_for = [], {}, None
                self._engage_margins = {}
            self._checks_key = key
        return self._checks

    def selected_check(self) -> rules.CheckView | None:
        """The check between the selected attacker zone and defender (zone); for a defender ship
        without a chosen zone, the best valid one (most dice), else the first."""
        sel = self.selection
        if not sel.defender_id:
            return None
        found = [c for c in self.checks()
                 if c.get("defender") == sel.defender_id
                 and (sel.zone is None or c.get("attacking_zone") in (None, sel.zone))]
        exact = [c for c in found if sel.defender_zone and c.get("defending_zone") == sel.defender_zone]
        pool = exact or found
        if not pool:
            return None
        return max(pool, key=lambda c: (bool(c.data.get("valid")),
                                        sum((c.data.get("dice") or {}).values())))

    def maneuver_result(self) -> Any | None:
        if self.script_maneuver is not None:  # the demo's scripted move, from where it started
            return self.script_maneuver
        if self.maneuver is None or not self.selection.attacker_id:
            return None
        speed, yaws = self.maneuver
        self.maneuver_error = ""
        try:
            return rules.preview_maneuver(self.scene, self.catalog, self.selection.attacker_id,
                                          speed, yaws)
        except (KeyError, ValueError) as exc:  # IllegalManeuver is an InputError (ValueError)
            # an IllegalManeuver is kept whole so that the window can show it translated
            self.maneuver_error = exc if hasattr(exc, "template") else str(exc)
            return None

    def squadron_move_event(self, squadron_id: str) -> Any | None:
        """``game.SquadronMoved`` for ``squadron_id`` moving from where it stands now (the
        players click Move, then move it): the engaged enemies that stop it moving, measured on
        the scene on show (RRG "Engagement" p.6; heavy and grit, p.21). A pair whose engagement
        is too close to call (its margin under ``uncertainty_mm``) is left to the players: not
        in ``engaged_with``, named in the payload's ``too_close_to_call``. ``None`` when the
        scene has no such squadron with a known class."""
        from armada_vision import game  # noqa: PLC0415 - the window wires the state part in

        q = next((q for q in self.scene.squadrons if q.id == squadron_id), None)
        if q is None or q.squadron_class is None:
            return None
        try:
            blockers = rules.move_blockers(self.scene, self.catalog, self.ruleset, squadron_id)
        except (KeyError, ValueError):   # a class the catalog lacks (InputError)
            return None
        self.checks()   # the engagement margins of this scene
        close = [b for b in blockers if self._engage_margins.get(
            (min(squadron_id, b), max(squadron_id, b)), float("inf")) < self.uncertainty_mm]
        sure = tuple(b for b in blockers if b not in close)
        return game.squadron_move_event({
            "squadron": squadron_id, "x_mm": round(q.x_mm, 1), "y_mm": round(q.y_mm, 1),
            "blocked_by": list(sure), "too_close_to_call": close})

    def setup_rows(self) -> list[Any]:
        """The setup checks of the scene on show (``rules.setup_checks``, RRG p.16), computed
        once per scene."""
        scene = self.scene
        if self._setup[0] is not scene:
            self._setup = (scene, rules.setup_rows(scene, self.catalog))
        return self._setup[1]

    def obstacle_kinds(self) -> dict[str, str]:
        """Scene obstacle id -> catalog kind (``asteroid``, ``gravity-rift``, ...) of the known
        ones: what ``game.maneuver_events`` needs to apply their effects (RRG p.12)."""
        cat = self.catalog
        return {o.id: cat.obstacles[o.obstacle].kind for o in self.scene.obstacles
                if o.obstacle in cat.obstacles}

    def overlay(self, camera: Any) -> Overlay:
        """The overlay for ``camera``; the same object while nothing it shows has changed, so
        the view can keep its painted layer (cv-notes 5.2: cache static layers)."""
        checks = self.checks()
        key = (self.scene, self.selection, self.ruleset_name, frozenset(self.layers),
               self.uncertainty_mm, id(camera), self.maneuver, self._checks_key,
               id(self.script_maneuver))
        if self._overlay is None or self._overlay[0] != key:
            ov = build_overlay(self.scene, self.catalog, camera, selection=self.selection,
                               checks=checks, maneuver=self.maneuver_result(),
                               engaged=self._engaged, engage_margins=self._engage_margins,
                               uncertainty_mm=self.uncertainty_mm,
                               layers=self.layers, cache=self._shape_cache)
            self._overlay = (key, ov)
        return self._overlay[1]

    # ------------------------------------------------------------------ corrections
    def _push(self) -> None:
        n = len(self.game.events) if self.game is not None else 0
        self._history.append(_Snapshot(copy.deepcopy(self.corrections), n))

    def _correct(self, piece_id: str, what: str, **changes: Any) -> None:
        self._push()
        self.corrections.setdefault(piece_id, {}).update(changes)
        self._invalidate()
        self.record({"type": "scene-changed", "payload": {"piece": piece_id, "change": what,
                                                          **changes}})

    def assign(self, piece_id: str, class_id: str, player: int) -> None:
        """Give a detected base its class and player (the user's word beats the detector's)."""
        kind = "squadron_class" if class_id in self.catalog.squadrons else "ship_class"
        self._correct(piece_id, "assigned", **{kind: class_id, "player": int(player)})

    def flip(self, piece_id: str) -> None:
        """The bow is the other end of the base."""
        flipped = not self.corrections.get(piece_id, {}).get("flipped", False)
        self._correct(piece_id, "flipped", flipped=flipped)

    def move_piece(self, piece_id: str, x_mm: float, y_mm: float) -> None:
        self._correct(piece_id, "moved", x_mm=float(x_mm), y_mm=float(y_mm))

    def delete_piece(self, piece_id: str) -> None:
        self._correct(piece_id, "deleted", deleted=True)
        if piece_id in (self.selection.attacker_id, self.selection.defender_id):
            self.selection = Selection()

    # ------------------------------------------------------------------ game events and undo
    def game_event(self, event: Any) -> None:
        """Apply a game-state event (raises the state part's ``RuleViolation`` if illegal)."""
        if self.game is None:
            raise RuntimeError("game state is not available")
        snap = _Snapshot(copy.deepcopy(self.corrections), len(self.game.events))
        self.game.apply(event)  # raises before anything changes
        self._history.append(snap)
        self.record(event.to_json() if hasattr(event, "to_json") else dict(event))

    def can_undo(self) -> bool:
        return bool(self._history)

    def undo(self) -> bool:
        """Take back the last correction or game event. Returns False when there is none."""
        if not self._history:
            return False
        snap = self._history.pop()
        self.corrections = snap.corrections
        payload: dict[str, Any] = {"undo": "correction"}
        if self.game is not None and snap.game_events < len(self.game.events):
            undone = self.game.events[snap.game_events]
            self.game.truncate(snap.game_events)
            payload = {"undo": "game-event", "event": undone.type}
        self._invalidate()
        # a log reader (gamelog.GameFold) takes back the last game event of that type
        self.record({"type": "note", "text": "undo", "payload": payload})
        return True
