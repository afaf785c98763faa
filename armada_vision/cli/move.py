"""`armada-vision move SCENE.json --ship ID --speed N --yaw 0,1,... --json`: one maneuver.

Prints the DESIGN.md ``move`` object plus ``speed``, ``yaw``, ``side``, ``tool_overlap``,
``squadron_placements``, ``unplaced_squadrons``, ``tool_path_mm`` and ``margin_mm`` (the
readable form ends with the margin).
An illegal speed or yaw is one line naming the ship's speed chart.
"""

from __future__ import annotations

import json
import sys

from armada_vision.errors import InputError


def _yaw(text: str) -> list[int]:
    text = text.strip()
    if not text:
        return []
    try:
        return [int(v) for v in text.split(",")]
    except ValueError:
        raise InputError(f"expected comma-separated whole numbers (clicks per joint), got {text!r}",
                         field="--yaw") from None


def _speed_notes(scene, args) -> list[str]:
    """A speed other than the scene's speed dial without ``--navigate``: a ship changes speed
    only by a navigate command (RRG "Commands": dial or token one step, both two); the scene's
    dial may just be out of date, so this is a note, not a refusal. Speed 0 is what a scene
    without a dial says (``analyze`` writes it, the field's default), so it gets no note."""
    pose = next((s for s in scene.ships if s.id == args.ship), None)
    if pose is None or args.navigate or args.speed == pose.speed or pose.speed == 0:
        return []
    step = abs(args.speed - pose.speed)
    need = "--navigate dial or token" if step == 1 else "--navigate dial+token" if step == 2 \
        else "more than a navigate command gives (two steps at most)"
    return [f"--speed {args.speed}: the scene's speed dial for {args.ship!r} is {pose.speed}; "
            f"changing it by {step} needs {need} (RRG \"Commands\", Navigate); moved at "
            f"{args.speed} as asked"]


def add_parser(sub, common) -> None:
    p = sub.add_parser(
        "move", parents=[common],
        help="execute a ship maneuver with overlap resolution",
        description="Move one ship with the maneuver tool and resolve overlaps (RRG 'Ship "
        "Movement', 'Overlapping'). Yaw: one value per joint, in clicks, positive towards the "
        "ship's port (counter-clockwise seen from above).",
    )
    p.add_argument("scene", metavar="SCENE.json", help="armada-scene/1 file")
    p.add_argument("--ship", required=True, metavar="ID", help="id of the moving ship")
    p.add_argument("--speed", required=True, type=int, metavar="N", help="the maneuver's speed (the speed dial, after any navigate); a gravity rift "
                   "at distance 1-2 lowers it by one for this move (yaw then for the lower speed)")
    p.add_argument("--yaw", default="", metavar="0,1,...",
                   help="clicks per joint, e.g. 0,1 (empty at speed 0)")
    p.add_argument("--navigate", choices=["dial", "token", "dial+token"],
                   help="navigate command spent: allows a speed change of one from the scene's "
                   "speed dial, and with dial one more click on one joint")
    p.add_argument("--side", choices=["left", "right"],
                   help="side to insert the tool when both are legal (default: inside of the turn)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(func=run)


def run(args) -> int:
    from armada_vision.catalog import get_catalog, require_known_classes
    from armada_vision.rules.movement import execute_maneuver, skipped_obstacle_notes
    from armada_vision.scene import load_scene, misspelt_fields

    catalog = get_catalog(args.models)
    scene = load_scene(args.scene)
    require_known_classes(scene, catalog, args.scene)
    for note in [*(f"{args.scene}: {n}" for n in misspelt_fields(scene)),
                 *skipped_obstacle_notes(scene)]:  # the notes `check` prints for the same scene
        print(f"armada-vision: note: {note}", file=sys.stderr)
    result = execute_maneuver(scene, catalog, args.ship, args.speed, _yaw(args.yaw),
                              side=args.side, navigate=args.navigate)
    data = result.to_json()
    for note in _speed_notes(scene, args):
        print(f"armada-vision: note: {note}", file=sys.stderr)
    if args.side and data["side"] is None:
        print(f"armada-vision: note: --side {args.side}: a speed-0 maneuver inserts no tool",
              file=sys.stderr)
    if args.side and data["side"] and data["side"] != args.side:  # RRG p.17, not the user's
        print(f"armada-vision: note: --side {args.side}: the tool went on the {data['side']}: "
              f"on the {args.side} the ship would overlap the maneuver tool (RRG \"Ship "
              "Movement\", p.17)", file=sys.stderr)
    if args.json:
        json.dump(data, sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0
    print(f"{data['ship']}: speed {data['executed_speed']} (asked {data['speed']}), "
          f"tool {data['side'] or '-'}, ends at x={data['x_mm']:.1f} y={data['y_mm']:.1f} mm "
          f"heading {data['heading_deg']:.1f} deg")
    for key, label in (("overlapped_ships", "overlapped ships"), ("damage_to", "damage card to"),
                       ("displaced_squadrons", "squadrons lifted"),
                       ("obstacles_overlapped", "obstacles overlapped")):
        if data[key]:
            print(f"  {label}: {', '.join(data[key])}")
    if data["gravity_rifts"]:
        print(f"  gravity rift at distance 1-2 ({', '.join(data['gravity_rifts'])}): "
              f"speed {data['speed']} reduced by one for this maneuver")
    if data["on_gravity_rift"]:
        print("  ends on a gravity rift: speed dial set to 0")
    for sid, spot in data["squadron_placements"].items():
        print(f"  place {sid}: x={spot[0]:.1f} y={spot[1]:.1f} mm")
    for sid in data["unplaced_squadrons"]:
        print(f"  place {sid}: no legal spot found, players decide")
    if data["destroyed"]:
        print("  DESTROYED: part of the base is outside the play area")
    print(margin_line(data.get("margin_mm")))
    return 0


def margin_line(margin_mm: float | None) -> str:
    """The maneuver's ``margin_mm`` (DESIGN.md honesty: how far the nearest deciding outline is
    from changing any verdict of this move; ``None``: nothing decides) as one readable line."""
    if margin_mm is None:
        return "  margin: none (no outline near enough to change this result)"
    return f"  margin: {margin_mm:.1f} mm (moving a piece by less changes none of the above)"
