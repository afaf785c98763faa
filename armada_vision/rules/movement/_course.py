"""Determine Course: speed chart and navigate checks, the maneuver tool's path and the final pose.

RRG v1.6 "Ship Movement" p.17, "Speed Chart" pp.19-20, "Yaw" p.22, "Commands" (navigate) p.3;
tool geometry from ``models/maneuver-tool.toml`` (armada-geometry.md section 5.2).

Tool model (armada-geometry.md 5.2, source S3): the tool's centreline starts at the *anchor*, on
the front edge of the plastic base and ``base width / 2 + tool width / 2`` to the side where the
tool is inserted. Each speed step is ``segment_before_joint_mm`` straight at the incoming heading,
a turn of ``clicks * click_deg`` at the joint (positive = towards the ship's port, i.e.
counter-clockwise seen from above), then ``segment_after_joint_mm`` at the new heading. The ship is
placed with its anchor on the end of the step of its speed, heading along the last piece, on the
same side of the tool. Huge ships use their rear base's front notches (RRG "Huge Ships").
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from armada_vision.catalog import ManeuverTool, ShipClass
from armada_vision.errors import InputError, RuleViolation

SIDES = ("left", "right")  # the ship's own port / starboard side, where the tool is inserted
NAVIGATE = (None, "dial", "token", "dial+token")


class IllegalManeuver(RuleViolation, InputError):
    """A maneuver the rules do not allow (speed, yaw, navigate); the message gives the reason.

    ``IllegalManeuver(template, page=None, **args)`` like :class:`~armada_vision.errors.RuleViolation`
    (so the window can translate it), and an :class:`~armada_vision.errors.InputError` (so the CLI
    prints it in one line).
    """


def _fmt(values: Sequence[int]) -> str:
    return "[" + ", ".join(str(int(v)) for v in values) + "]"


def check_course(ship: ShipClass, tool: ManeuverTool, speed: int, yaw_clicks: Sequence[int], *,
                 navigate: str | None = None, dial_speed: int | None = None,
                 course_speed: int | None = None, piece_id: str | None = None) -> tuple[int, ...]:
    """Validate a course against the ship's speed chart; return the yaw clicks as a tuple.

    Parameters
    ----------
    ship, tool : the ship class (its ``speed_chart``) and the maneuver tool.
    speed : speed executed, 0..``ship.max_speed`` (speed 0 is always allowed, RRG "Speed").
    yaw_clicks : one signed value per joint (``len == speed``), positive towards the ship's port.
    navigate : ``None``, ``"dial"``, ``"token"`` or ``"dial+token"`` (RRG "Commands": the dial
        changes speed by one and/or adds one click to one joint, never past
        ``tool.max_clicks_per_joint``; the token changes speed by one; both may be combined).
    dial_speed : speed dial before the navigate command; needed only to check a navigate speed
        change (``|speed - dial_speed|`` at most 1, or 2 with dial and token).
    course_speed : the speed the course is clicked for when an effect changes the speed
        temporarily during Determine Course (a gravity rift, RRG p.12: ``speed - 1``, at least
        0); ``yaw_clicks`` then has ``course_speed`` values checked against that speed's chart
        column (RRG "Speed", p.19). Default ``speed``.
    piece_id : the moving ship's id in the scene, named in the messages before its class
        (``"vsd-1 (victory-ii-star-destroyer)"``): the id is what the user typed.

    Without ``navigate`` the scene's dial is not compared: ``speed`` is taken as the dial for this
    maneuver (a camera Scene rarely knows the dial; the game state judges dial changes).

    Raises
    ------
    IllegalManeuver : one line naming the ship's speed chart, e.g. ``victory-ii-star-destroyer
        speed chart allows at speed 2 yaw up to [0, 1], got [1, 1]``.
    """
    name = f"{piece_id} ({ship.id})" if piece_id is not None and piece_id != ship.id else ship.id
    if navigate not in NAVIGATE:
        raise IllegalManeuver("navigate must be one of dial, token, dial+token, got {navigate}",
                              navigate=repr(navigate))
    chart_max = min(ship.max_speed, tool.max_speed)
    if not 0 <= speed <= chart_max:
        raise IllegalManeuver("{ship} speed chart allows speed 0..{max_speed}, got {speed}",
                              ship=name, max_speed=chart_max, speed=speed)
    if navigate and dial_speed is not None:
        step = 2 if navigate == "dial+token" else 1
        if abs(speed - dial_speed) > step:
            raise IllegalManeuver(
                "navigate {navigate} changes speed by at most {step}: dial {dial}, got speed {speed}",
                navigate=navigate, step=step, dial=dial_speed, speed=speed)
    yaw = tuple(int(v) for v in yaw_clicks)
    if course_speed is not None and course_speed != speed:
        if not 0 <= course_speed <= chart_max:
            raise IllegalManeuver("{ship} speed chart allows speed 0..{max_speed}, got {speed}",
                                  ship=name, max_speed=chart_max, speed=course_speed)
        speed = course_speed
    if yaw and speed == 0:  # "needs 0 yaw values (one per joint)" otherwise
        raise IllegalManeuver("{ship} at speed 0 does not move: give no yaw values, got {yaw}",
                              ship=name, yaw=_fmt(yaw))
    if len(yaw) != speed and speed == 1:  # "1 yaw values" otherwise
        raise IllegalManeuver("{ship} at speed 1 needs one yaw value, got {yaw}",
                              ship=name, yaw=_fmt(yaw))
    if len(yaw) != speed:
        raise IllegalManeuver(
            "{ship} at speed {speed} needs {speed} yaw values (one per joint), got {yaw}",
            ship=name, speed=speed, yaw=_fmt(yaw))
    if speed == 0:
        return yaw
    allowed = ship.speed_chart[speed - 1]
    excess = [abs(v) - a for v, a in zip(yaw, allowed)]
    over = [i for i, e in enumerate(excess) if e > 0]
    dial = navigate in ("dial", "dial+token")
    ok = not over or (
        dial and len(over) == 1 and excess[over[0]] == 1
        and abs(yaw[over[0]]) <= tool.max_clicks_per_joint
    )
    if not ok:
        if dial:
            raise IllegalManeuver(
                "{ship} speed chart allows at speed {speed} yaw up to {allowed} "
                "(navigate dial: +1 click on one joint), got {yaw}",
                ship=name, speed=speed, allowed=_fmt(allowed), yaw=_fmt(yaw))
        raise IllegalManeuver("{ship} speed chart allows at speed {speed} yaw up to {allowed}, got {yaw}",
                              ship=name, speed=speed, allowed=_fmt(allowed), yaw=_fmt(yaw))
    return yaw


def tool_base(ship: ShipClass) -> tuple[float, float]:
    """Centre (ship frame) of the base the tool is inserted into: the rearmost for huge ships."""
    return min(ship.bases, key=lambda b: b[0]) if ship.is_huge else ship.bases[0]


def anchor_local(ship: ShipClass, tool: ManeuverTool, side: str) -> tuple[float, float]:
    """The tool's start point in the ship frame: front edge of the (rear) base, beside it."""
    bx, by = tool_base(ship)
    sign = 1.0 if side == "left" else -1.0
    return (bx + ship.base.length_mm / 2.0,
            by + sign * (ship.base.width_mm / 2.0 + tool.width_mm / 2.0))


def course_points(tool: ManeuverTool, yaw: Sequence[int], x0: float, y0: float,
                  heading_deg: float) -> tuple[list[tuple[float, float]], list[float]]:
    """The tool's centreline from the anchor, and the heading after each joint.

    Returns ``points`` = [anchor, joint 1, ..., joint n, end of step n] (n = ``len(yaw)``) in
    table mm, and ``headings_deg[k]`` = heading after joint k + 1. The end of step k < n lies on
    the straight piece from joint k to joint k + 1, ``segment_after_joint_mm`` past joint k.
    """
    pts = [(x0, y0)]
    heads = []
    h = heading_deg
    x, y = x0, y0
    before, after = tool.segment_before_joint_mm, tool.segment_after_joint_mm
    for clicks in yaw:
        a = math.radians(h)
        x += before * math.cos(a)
        y += before * math.sin(a)
        pts.append((x, y))
        h += clicks * tool.click_deg
        heads.append(h)
        a = math.radians(h)
        x += after * math.cos(a)
        y += after * math.sin(a)
    pts.append((x, y))
    return pts, heads


def step_end(tool: ManeuverTool, points: Sequence[tuple[float, float]], headings: list[float],
             speed: int) -> tuple[float, float, float]:
    """End point (x, y) and heading of speed step ``speed`` (>= 1) on a computed course."""
    jx, jy = points[speed]
    h = headings[speed - 1]
    a = math.radians(h)
    return (jx + tool.segment_after_joint_mm * math.cos(a),
            jy + tool.segment_after_joint_mm * math.sin(a), h)


def pose_from_anchor(anchor: tuple[float, float], ax: float, ay: float,
                     heading_deg: float) -> tuple[float, float, float]:
    """Ship pose (x, y, heading in [0, 360)) whose anchor point lands on (ax, ay)."""
    a = math.radians(heading_deg)
    c, s = math.cos(a), math.sin(a)
    lx, ly = anchor
    return ax - (c * lx - s * ly), ay - (s * lx + c * ly), heading_deg % 360.0


def anchor_on_table(anchor: tuple[float, float], x: float, y: float,
                    heading_deg: float) -> tuple[float, float]:
    a = math.radians(heading_deg)
    c, s = math.cos(a), math.sin(a)
    return x + c * anchor[0] - s * anchor[1], y + s * anchor[0] + c * anchor[1]


def preferred_side(yaw: Sequence[int]) -> str:
    """Default tool side: towards the turn, so that the ship ends on the turn's outside.

    The turn is the sign of the total yaw, else of the last non-zero click; a straight course
    takes ``"left"``. Inserting the tool on the inside of the turn is the side that does not
    make the ship's rear swing over the tool.
    """
    total = sum(yaw)
    if total == 0:
        total = next((v for v in reversed(yaw) if v), 0)
    return "right" if total < 0 else "left"
