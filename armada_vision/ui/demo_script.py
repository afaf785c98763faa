"""Follows the bundled sample game's script (no Qt): per frame, the step's caption, the attack it
shows (as the window's selection) and, for a move, the maneuver preview from where it started.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from armada_vision.ui import checks as rules
from armada_vision.ui.overlay_model import Selection


@dataclass(frozen=True)
class ScriptState:
    caption: str
    selection: Selection
    maneuver: Any = None
    step: int = -1
    events: tuple[dict[str, Any], ...] = ()  # the step's game events (log-only JSON objects)
    move: tuple[int, tuple[int, ...]] | None = None  # a move step's (speed, yaw clicks per joint)


class DemoScript:
    """``steps`` and ``frame_steps`` as ``DemoSample`` has them (``frame_steps[i]``: the step
    that frame i belongs to)."""

    def __init__(self, steps: list[Any], frame_steps: list[int], catalog: Any):
        self.steps, self.frame_steps, self.catalog = steps, frame_steps, catalog
        self._moves: dict[int, Any] = {}

    def _maneuver(self, k: int) -> Any:
        if k not in self._moves:
            step, before = self.steps[k], self.steps[k - 1].scene if k > 0 else None
            res = None
            if step.move and before is not None:
                try:
                    res = rules.preview_maneuver(before, self.catalog, step.move["ship"],
                                                 int(step.move["speed"]), list(step.move["yaw"]))
                except (KeyError, ValueError):
                    res = None
            self._moves[k] = res
        return self._moves[k]

    def at(self, frame_index: int) -> ScriptState | None:
        if not 0 <= frame_index < len(self.frame_steps):
            return None
        k = self.frame_steps[frame_index]
        step = self.steps[k]
        events = tuple(dict(e) for e in getattr(step, "events", ()) or ())
        if step.check:
            c = step.check
            sel = Selection(c["attacker"], c.get("attacking_zone"), c["defender"], c.get("defending_zone"))
            return ScriptState(step.caption, sel, None, k, events)
        if step.move:
            try:
                move = (int(step.move["speed"]), tuple(int(c) for c in step.move["yaw"]))
            except (KeyError, TypeError, ValueError):
                move = None
            return ScriptState(step.caption, Selection(step.move["ship"]), self._maneuver(k), k,
                               events, move)
        return ScriptState(step.caption, Selection(), None, k, events)
