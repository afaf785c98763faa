"""A shareable, self-contained HTML report of one logged game (``armada-vision export``).

One file: inline CSS, snapshots as inline base64 JPEG, every text escaped. Round and phase
headings come from replaying the game events; events the game reducer does not know (or
refuses) are still listed as they were stored.
"""

from __future__ import annotations

import base64
import datetime as _dt
import html
import json
from collections.abc import Mapping
from typing import Any

from ._log import GameLog, LoggedEvent

_CSS = """
body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
h1{font-size:1.5rem} h2{margin-top:2rem;border-bottom:1px solid #ccc} h3{color:#555}
ol{list-style:none;padding:0} li{padding:.3rem 0;border-bottom:1px solid #eee}
.t{color:#888;font-size:.8rem;margin-right:.6rem;font-variant-numeric:tabular-nums}
.k{font-weight:600;margin-right:.4rem} .seq{color:#aaa;font-size:.8rem;margin-right:.4rem}
img{max-width:100%;display:block;margin:.4rem 0;border:1px solid #ccc}
table{border-collapse:collapse;font-size:.85rem} td,th{border:1px solid #ddd;padding:.2rem .4rem;text-align:left}
details pre{white-space:pre-wrap;font-size:.75rem;background:#f6f6f6;padding:.4rem}
"""

_PHASE_TITLES = {
    "setup": "Setup",
    "command": "Command Phase",
    "ship": "Ship Phase",
    "squadron": "Squadron Phase",
    "status": "Status Phase",
    "ended": "End of the game",
}


def describe_event(data: Mapping[str, Any]) -> str:
    """A one-line English description of a stored event's JSON (for lists and reports)."""
    kind = str(data.get("type", "?"))
    g = data.get

    def d(key: str) -> str:
        return str(g(key))

    texts = {
        "game-started": lambda: (
            f"Game started; player {d('first_player')} has the initiative, "
            f"{d('rounds')} rounds ({d('ruleset')})"
        ),
        "ship-added": lambda: (
            f"Player {d('player')} deploys {d('ship')} ({d('ship_class')}), speed {d('speed')}"
        ),
        "squadron-added": lambda: (
            f"Player {d('player')} deploys {d('squadron')} ({d('squadron_class')})"
        ),
        "phase-advanced": lambda: "Next phase",
        "ship-activated": lambda: f"{d('ship')} activates",
        "activation-ended": lambda: f"{d('ship')} ends its activation",
        "passed": lambda: f"Player {d('player')} spends a pass token",
        "squadrons-activated": lambda: (
            "Squadrons activate: " + ", ".join(map(str, g("squadrons") or []))
        ),
        "speed-changed": lambda: f"{d('ship')} changes speed to {d('speed')}",
        "attack-declared": lambda: (
            f"{d('attacker')}"
            + (f" ({d('attacking_zone')})" if g("attacking_zone") else "")
            + f" attacks {d('defender')}"
            + (f" ({d('defending_zone')})" if g("defending_zone") else "")
            + (f" at {d('range_band')} range" if g("range_band") else "")
            + (f" at distance {d('distance_band')}" if g("distance_band") else "")
        ),
        "accuracy-spent": lambda: f"Accuracy locks defense token #{d('token')}",
        "defense-token-spent": lambda: (
            f"{d('ship')} spends defense token #{d('token')}"
            + (f", redirecting to {d('redirect_zone')}" if g("redirect_zone") else "")
            + (" (one more die; token discarded)" if g("evade_extra") else "")
        ),
        "attack-ended": lambda: "Attack resolved",
        "damage-dealt": lambda: (
            f"{d('target')} takes "
            + ", ".join(
                p
                for p in (
                    f"{g('shields')} shield(s) on {d('zone')}" if g("shields") else "",
                    f"{g('facedown')} facedown card(s)" if g("facedown") else "",
                    f"{g('faceup')} faceup card(s)" if g("faceup") else "",
                    f"{g('hull_points')} damage" if g("hull_points") else "",
                )
                if p
            )
        ),
        "destroyed": lambda: (
            f"{d('target')} is destroyed" + (f" ({d('reason')})" if g("reason") else "")
        ),
        "dials-assigned": lambda: f"{d('ship')} gets {len(g('commands') or [])} command dial(s)",
        "dial-converted": lambda: f"{d('ship')} converts its dial into a token",
        "command-token-gained": lambda: f"{d('ship')} gains a {d('command')} token",
        "command-token-discarded": lambda: f"{d('ship')} discards a {d('command')} token",
        "command-resolved": lambda: (
            f"{d('ship')} resolves {d('command')} ("
            + " + ".join(
                p for p in ("dial" if g("dial") else "", "token" if g("token") else "") if p
            )
            + ")"
        ),
        "repair-spent": lambda: (
            f"{d('ship')} repairs: {d('action')}"
            + (f" {d('zone')}" if g("zone") else "")
            + (f" -> {d('to_zone')}" if g("to_zone") else "")
        ),
        "scene-changed": lambda: "Table changed",
        "check-viewed": lambda: _check_text(g("payload") or {}),
        "maneuver-executed": lambda: _move_text(d("ship"), g("payload") or {}),
        "note": lambda: f"Note: {d('text')}",
    }
    try:
        return texts[kind]() if kind in texts else kind
    except Exception:  # a malformed stored event is still listed by its type
        return kind


def _check_text(c: Mapping[str, Any]) -> str:
    """``Check: vsd-1 front -> cr90-1 left: medium range (150.2 mm), obstructed``."""
    if not c.get("attacker"):
        return "Attack check viewed"
    a = " ".join(str(x) for x in (c.get("attacker"), c.get("attacking_zone")) if x)
    d = " ".join(str(x) for x in (c.get("defender"), c.get("defending_zone")) if x)
    verdict = []
    if c.get("in_arc") is False:
        verdict.append("not in arc")
    if c.get("range_band"):
        rng = f"{c['range_band']} range"
        if isinstance(c.get("range_mm"), (int, float)):
            rng += f" ({c['range_mm']:.1f} mm)"
        verdict.append(rng)
    if c.get("line_of_sight") is False:
        verdict.append(f"no line of sight (blocked by {c.get('blocked_by_zone')})")
    if c.get("obstructed"):
        verdict.append("obstructed by " + ", ".join(map(str, c.get("obstructed_by") or [])))
    if "valid" in c:
        verdict.append("valid" if c["valid"] else "not a valid attack")
    return f"Check: {a} -> {d}" + (": " + ", ".join(verdict) if verdict else "")


def _move_text(ship: str, m: Mapping[str, Any]) -> str:
    """``vsd-1 moves at speed 2 (yaw 0, 1); overlaps cr90-1 ...``."""
    text = f"{ship} executes a maneuver"
    if "speed" in m or "executed_speed" in m:
        text = f"{ship} moves at speed {m.get('speed', m.get('executed_speed'))}"
        if m.get("yaw"):
            text += " (yaw " + ", ".join(map(str, m["yaw"])) + ")"
        if m.get("executed_speed") is not None and m.get("executed_speed") != m.get("speed"):
            text += f", executed at speed {m['executed_speed']}"
    if m.get("overlapped_ships"):
        text += "; overlaps " + ", ".join(map(str, m["overlapped_ships"]))
    if m.get("displaced_squadrons"):
        text += "; squadrons displaced: " + ", ".join(map(str, m["displaced_squadrons"]))
    if m.get("obstacles_overlapped"):
        text += "; on obstacle " + ", ".join(map(str, m["obstacles_overlapped"]))
    if m.get("destroyed"):
        text += "; destroyed (outside the play area)"
    return text


def _when(t: float | None) -> str:
    if t is None:
        return ""
    return _dt.datetime.fromtimestamp(t, _dt.UTC).strftime("%H:%M:%S")


def _headings(events: list[LoggedEvent]) -> tuple[list[tuple[int, str] | None], Any]:
    """Per event, ``(round, phase)`` after it when the round or phase changed, else ``None``;
    and the final game state (undo notes honoured, events the reducer refuses skipped)."""
    from ._fold import GameFold

    fold = GameFold(strict=False)
    out: list[tuple[int, str] | None] = []
    last = (fold.state.round, fold.state.phase)
    for e in events:
        fold.add(e.data)
        now = (fold.state.round, fold.state.phase)
        out.append(now if now != last else None)
        last = now
    return out, fold.state


def _final_state_table(state: Any) -> str:
    """A table of every ship at the end: hull, shields, defense and command tokens."""
    if not state.ships:
        return ""
    rows = [
        "<h2>Final state</h2>",
        f"<p>Round {state.round}, {html.escape(_PHASE_TITLES.get(state.phase, state.phase))}.</p>",
        "<table><tr><th>ship</th><th>player</th><th>hull</th><th>shields</th>"
        "<th>defense tokens</th><th>command tokens</th></tr>",
    ]
    for s in state.ships:
        hull = "destroyed" if s.destroyed else f"{s.hull_remaining}/{s.hull}"
        shields = ", ".join(f"{z} {v}/{s.max_shields[z]}" for z, v in s.shields.items())
        tokens = ", ".join(f"{t.kind} ({t.state})" for t in s.defense_tokens)
        cells = (
            s.id,
            f"{s.ship_class}",
            str(s.player),
            hull,
            shields,
            tokens,
            ", ".join(s.command_tokens) or "—",
        )
        rows.append(
            "<tr><td>"
            + html.escape(cells[0])
            + f"<br><small>{html.escape(cells[1])}</small></td>"
            + "".join(f"<td>{html.escape(c)}</td>" for c in cells[2:])
            + "</tr>"
        )
    rows.append("</table>")
    return "\n".join(rows)


def render_html(log: GameLog, game_id: int | None = None) -> str:
    """The HTML report of ``game_id`` (default: the latest game) as one string."""
    gid = game_id if game_id is not None else log.latest_game()
    info = next((g for g in log.games() if g.id == gid), None)
    if info is None:
        from armada_vision.errors import InputError

        raise InputError(
            f"no game {gid} in this log" if gid is not None else "the game log holds no game",
            source=str(log.path),
        )
    gid = info.id
    events = log.events(gid)
    title = info.title or f"Game {gid}"
    created = _dt.datetime.fromtimestamp(info.created_at, _dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{html.escape(title)} — armada-vision</title>",
        f"<style>{_CSS}</style></head><body>",
        f"<h1>{html.escape(title)}</h1>",
        f"<p>Started {html.escape(created)}; {len(events)} events. Written by armada-vision.</p>",
        "<h3>Setup</h3>" if events and events[0].type == "game-started" else "",
        "<ol>",
    ]
    last_round = 0
    headings, final = _headings(events)
    for e, heading in zip(events, headings):
        if heading is not None:
            rnd, phase = heading
            parts.append("</ol>")
            if rnd != last_round and phase != "ended":
                parts.append(f"<h2>Round {rnd}</h2>")
                last_round = rnd
            parts.append(f"<h3>{html.escape(_PHASE_TITLES.get(phase, phase))}</h3><ol>")
        item = [
            f'<li id="e{e.seq}"><span class="seq">#{e.seq}</span>',
            f'<span class="t">{_when(e.t)}</span>',
            f'<span class="k">{html.escape(describe_event(e.data))}</span>',
        ]
        if e.has_snapshot:
            jpeg = log.snapshot(gid, e.seq, exact=True)
            if jpeg:
                b64 = base64.b64encode(jpeg).decode("ascii")
                item.append(
                    f'<img alt="table at event {e.seq}" src="data:image/jpeg;base64,{b64}">'
                )
        item.append(
            "<details><summary>data</summary><pre>"
            + html.escape(json.dumps(e.data, ensure_ascii=False, indent=1))
            + "</pre></details></li>"
        )
        parts.append("".join(item))
    parts.append("</ol>")
    if final.started:
        parts.append(_final_state_table(final))
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
