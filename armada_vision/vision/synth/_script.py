"""The bundled sample game's script: a short first round on a 6' x 3' table.

Each step is the table after it, the game events it illustrates (JSON objects in the
``armada_vision.game`` event format, log-only types), and a caption. Poses of moved ships are the
results of the real maneuver rules (``armada_vision.rules.movement.execute_maneuver``), written
in here as numbers because vision code imports no rules; ``tests/vision/test_synth_demo_rules.py``
re-runs the maneuvers and the attack checks and fails if the script and the rules disagree.

Layout (table mm; player 1, the Empire, at the near edge y = 0; player 2, the Rebels, far edge):

- obstructed by an obstacle: ``isd`` front -> ``cr90`` front through asteroid field ``ast2``;
- obstructed by a ship: ``glad`` front -> ``afmk2`` front with the ``raider`` in between;
- no line of sight: ``vsd`` front -> ``neb`` rear, the line crosses ``neb``'s front hull zone;
- overlap: ``raider`` at speed 3 would end on ``afmk2``; it stops at speed 2 and both take a
  facedown damage card (RRG "Overlapping").
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from armada_vision.scene import ObstaclePose, Scene, ShipPose, SquadronPose


@dataclass(frozen=True)
class DemoStep:
    """One step of the sample game.

    ``scene``: the table when the step ends; ``events``: game events (JSON objects, types from
    ``armada_vision.game``: ``note``, ``maneuver-executed``, ``check-viewed``); ``check``: the
    attack the step shows (attacker, attacking_zone, defender, defending_zone) and the verdict
    expected (``expect``), or ``None``; ``move_frames``/``hold_frames``: frames moving from the
    previous step's table, then frames holding still.
    """

    key: str
    caption: str
    scene: Scene
    events: tuple[dict[str, Any], ...]
    move_frames: int = 0
    hold_frames: int = 8
    check: dict[str, Any] | None = None
    move: dict[str, Any] | None = field(default=None)


def _ship(i, c, p, x, y, h, speed):
    return ShipPose(i, c, p, float(x), float(y), float(h), speed)


def _setup() -> Scene:
    ships = (
        _ship("isd", "imperial-ii-star-destroyer", 1, 900, 130, 90, 1),
        _ship("vsd", "victory-ii-star-destroyer", 1, 520, 150, 90, 2),
        _ship("glad", "gladiator-i-star-destroyer", 1, 1300, 160, 90, 2),
        _ship("raider", "raider-i-class-corvette", 1, 1310, 300, 90, 3),
        _ship("neb", "nebulon-b-escort-frigate", 2, 560, 620, 270, 2),
        _ship("cr90", "cr90-corvette-a", 2, 980, 700, 270, 3),
        _ship("afmk2", "assault-frigate-mark-ii-a", 2, 1330, 530, 270, 2),
        _ship("mc80", "mc80-assault-cruiser", 2, 230, 780, 270, 1),
    )
    sq = [("tie-1", "tie-fighter-squadron", 1, 680, 250), ("tie-2", "tie-fighter-squadron", 1, 725, 235),
          ("tie-3", "tie-fighter-squadron", 1, 770, 250), ("int-1", "tie-interceptor-squadron", 1, 1090, 230),
          ("bomber-1", "tie-bomber-squadron", 1, 1150, 160), ("bomber-2", "tie-bomber-squadron", 1, 1195, 160),
          ("x-1", "x-wing-squadron", 2, 740, 760), ("x-2", "x-wing-squadron", 2, 785, 775),
          ("x-3", "x-wing-squadron", 2, 830, 760), ("y-1", "y-wing-squadron", 2, 1150, 800),
          ("y-2", "y-wing-squadron", 2, 1195, 800), ("a-1", "a-wing-squadron", 2, 400, 660)]
    obstacles = (
        ObstaclePose("ast1", "asteroid-field-1", 770.0, 380.0, 20.0),
        ObstaclePose("ast2", "asteroid-field-2", 946.0, 372.0, 0.0),
        ObstaclePose("ast3", "asteroid-field-3", 330.0, 450.0, 45.0),
        ObstaclePose("deb1", "debris-field-1", 1550.0, 420.0, 10.0),
        ObstaclePose("deb2", "debris-field-2", 1100.0, 600.0, 0.0, True),
        ObstaclePose("station", "station", 1650.0, 700.0, 0.0),
    )
    return Scene(ships, tuple(SquadronPose(i, c, p, float(x), float(y)) for i, c, p, x, y in sq), obstacles)


def _moved(scene: Scene, ship_id: str, x: float, y: float, h: float) -> Scene:
    return scene.with_ship(replace(scene.ship(ship_id), x_mm=x, y_mm=y, heading_deg=h))


def _squadrons_moved(scene: Scene, moves: dict[str, tuple[float, float]]) -> Scene:
    return replace(scene, squadrons=tuple(
        replace(s, x_mm=moves[s.id][0], y_mm=moves[s.id][1]) if s.id in moves else s
        for s in scene.squadrons))


def _note(text: str, **payload) -> dict[str, Any]:
    return {"type": "note", "text": text, "payload": payload}


def _maneuver(ship: str, speed: int, yaw: list[int], executed: int, x: float, y: float, h: float,
              overlapped=(), damage_to=()) -> dict[str, Any]:
    """A ``maneuver-executed`` event whose payload is the DESIGN.md ``move`` object (subset)."""
    return {"type": "maneuver-executed", "ship": ship, "payload": {
        "ship": ship, "speed": speed, "yaw": yaw, "executed_speed": executed, "x_mm": x, "y_mm": y,
        "heading_deg": h, "overlapped_ships": list(overlapped), "damage_to": list(damage_to),
        "displaced_squadrons": [], "obstacles_overlapped": [], "destroyed": False}}


def _check(attacker, azone, defender, dzone, **expect) -> dict[str, Any]:
    return {"attacker": attacker, "attacking_zone": azone, "defender": defender,
            "defending_zone": dzone, "expect": expect}


def demo_steps() -> list[DemoStep]:
    """The sample game, in order (see the module docstring for what each step shows)."""
    steps: list[DemoStep] = []
    sc = _setup()
    steps.append(DemoStep("setup", "Deployment: the Empire (near edge) faces the Rebels across six obstacles.",
                          sc, ({"type": "note", "text": "setup", "payload": {"ruleset": "rrg-1.6"}},),
                          0, 14))

    def move_step(key, caption, ship, speed, yaw, executed, x, y, h, frames, hold, **kw):
        nonlocal sc
        sc = _moved(sc, ship, x, y, h)
        ev = _maneuver(ship, speed, yaw, executed, x, y, h, **kw)
        steps.append(DemoStep(key, caption, sc, (ev,), frames, hold,
                              move={"ship": ship, "speed": speed, "yaw": yaw}))

    move_step("move-vsd", "Victory II: speed 2, straight ahead.", "vsd", 2, [0, 0], 2,
              520.0, 286.8, 90.0, 10, 4)
    move_step("move-neb", "Nebulon-B: speed 2, one click to port on the second joint.", "neb", 2, [0, 1], 2,
              557.154, 471.047, 292.5, 10, 4)
    sc = _squadrons_moved(sc, {"tie-1": (640.0, 520.0), "tie-2": (700.0, 540.0), "tie-3": (755.0, 555.0),
                               "x-1": (690.0, 600.0), "x-2": (745.0, 620.0), "x-3": (800.0, 610.0)})
    steps.append(DemoStep("squadrons", "Squadrons close in: the TIE fighters engage the X-wings.", sc,
                          (_note("squadrons moved", squadrons=["tie-1", "tie-2", "tie-3", "x-1", "x-2", "x-3"]),),
                          10, 4))
    move_step("move-isd", "Imperial II: speed 1, straight ahead.", "isd", 1, [0], 1,
              900.0, 198.4, 90.0, 8, 3)
    move_step("move-cr90", "CR90: speed 3, straight ahead.", "cr90", 3, [0, 0, 0], 3,
              980.0, 494.8, 270.0, 10, 3)
    checks = [
        ("obstructed-obstacle",
         "Imperial II front at the CR90: the line of sight crosses an asteroid field - obstructed.",
         _check("isd", "front", "cr90", "front", line_of_sight=True, obstructed=True, obstructed_by=["ast2"])),
        ("obstructed-ship",
         "Gladiator front at the Assault Frigate: the Raider is in the way - obstructed.",
         _check("glad", "front", "afmk2", "front", line_of_sight=True, obstructed=True,
                obstructed_by=["raider"])),
        ("blocked",
         "Victory II front at the Nebulon-B's rear: the line crosses its front hull zone - no line of sight.",
         _check("vsd", "front", "neb", "rear", line_of_sight=False, blocked_by_zone="front")),
    ]
    for key, caption, chk in checks:
        ev = {"type": "check-viewed", "payload": {k: v for k, v in chk.items() if k != "expect"}}
        steps.append(DemoStep(key, caption, sc, (ev,), 0, 14, check=chk))
    move_step("overlap", "Raider: speed 3 would end on the Assault Frigate, so it stops at speed 2; "
              "both ships take a facedown damage card.", "raider", 3, [0, 0, 0], 2,
              1310.0, 436.8, 90.0, 12, 14, overlapped=("afmk2",), damage_to=("raider", "afmk2"))
    steps.append(DemoStep("end", "End of the sample round.", sc, (_note("end"),), 0, 8))
    return steps
