"""One line per logged event, in the players' language (the report and the replay window).

No Qt here: the caller hands in a translate callable ``tr(context, text) -> text`` (the window's
``QCoreApplication.translate``, or ``armada_vision.ui.i18n.translate_function`` for the export);
the default leaves the English source texts. Every sentence is one template with named fields
(context ``Report``, found by ``python -m armada_vision.i18n update`` through the ``tr("...")``
calls below); game terms (hull zones, defense tokens, commands, repair effects) go through the
window's ``Terms`` context and reasons from the rules (``Destroyed.reason``) through ``Rules``.
Ids of pieces, numbers and player numbers stay as they are.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from armada_vision.game import Reason, Term
from armada_vision.i18n import LocalNumber

Translate = Callable[[str, str], str]
_CONTEXT = "Report"


def _same(context: str, text: str) -> str:
    return text


class ReportTr:
    """``tr("text")``: ``text`` translated in the ``Report`` context; ``tr.term(value)`` a game
    term (``Terms``), ``tr.rule(text)`` a reason of the rules (``Rules``), ``tr.num(value,
    ".1f")`` a number with the language's ``decimal_point`` (``","`` in German and Czech, see
    ``armada_vision.i18n.decimal_point_for``). Untranslated texts (a translate callable
    answering ``""``) stay English."""

    def __init__(self, translate: Translate | None = None, decimal_point: str = "."):
        self.translate = translate or _same
        self.decimal_point = decimal_point

    def num(self, value: float, spec: str = "") -> str:
        return format(LocalNumber(value, self.decimal_point), spec)

    def _in(self, context: str, text: str) -> str:
        return self.translate(context, text) or text

    def __call__(self, text: str) -> str:
        return self._in(_CONTEXT, text)

    def term(self, value: Any) -> str:
        return self._in("Terms", str(value)) if value else ""

    def terms(self, values: Any) -> str:
        return ", ".join(self.term(v) for v in values or [])

    def reason(self, why: Any) -> str:
        """A refusal of the rules (a ``RuleViolation``: literal template, args with game terms
        and nested reasons, RRG page) in the players' language; any other error as its text."""
        template = getattr(why, "template", None)
        if template is None:
            return str(why)

        def arg(value: Any) -> Any:
            if isinstance(value, Term):
                return self.term(value)
            if isinstance(value, Reason):
                return fill(value.template, value.args)
            if isinstance(value, (tuple, list)):
                return ", ".join(str(arg(v)) for v in value)
            return LocalNumber(value, self.decimal_point) if isinstance(value, float) else value

        def fill(text: str, args: Any) -> str:
            values = {k: arg(v) for k, v in dict(args).items()}
            try:
                return self._in("Rules", text).format(**values)
            except (KeyError, IndexError, ValueError):
                return text.format(**values)

        out = fill(template, why.args)
        page = getattr(why, "page", None)
        if page:
            out += " " + self._in("Rules", "(RRG p.{page})").format(page=page)
        return out

    def rule(self, text: str) -> str:
        """A reason's English text, with an optional trailing ``"(RRG p.N)"``, translated."""
        m = re.fullmatch(r"(.*) \(RRG p\.(\w+)\)", text)
        if not m:
            return self._in("Rules", text)
        page = self._in("Rules", "(RRG p.{page})").format(page=m[2])
        return f"{self._in('Rules', m[1])} {page}"


class _Fields(dict):
    """An event's fields for ``str.format_map``; a missing one formats as ``None``."""

    def __missing__(self, key: str) -> None:
        return None


def report_tr(tr: Translate | ReportTr | None, decimal_point: str = ".") -> ReportTr:
    """The :class:`ReportTr` for a translate callable (``None``: English) writing numbers with
    ``decimal_point``; a :class:`ReportTr` as it is."""
    return tr if isinstance(tr, ReportTr) else ReportTr(tr, decimal_point)


def _token_label(tr: ReportTr, state: Any, ship: Any, index: Any) -> Any:
    """``0 (brace)``: a defense token's index with its kind (translated, ``Terms``) when the
    game state knows the ship; else the bare index. Token indices never change within a game
    (a discarded token keeps its slot), so the state before or after the event both name it."""
    try:
        kind = state.ship(str(ship)).defense_tokens[int(index)].kind
    except Exception:  # no state, unknown ship or index: the index alone
        return index
    return f"{index} ({tr.term(kind)})"


def describe_event(data: Mapping[str, Any], tr: Translate | ReportTr | None = None,
                   state: Any = None) -> str:
    """A one-line description of a stored event's JSON object (for lists and reports).

    ``tr(context, text)`` translates (default: English). ``state``: the game state
    (``armada_vision.game.GameState``) just before or after the event, which names defense
    tokens by kind (``defense token #0 (brace)``); without it, tokens are named by index only.
    An unknown or malformed event is described by its ``type``.
    """
    tr = report_tr(tr)
    kind = str(data.get("type", "?"))
    g = data.get
    f = _Fields(data)
    if kind == "defense-token-spent" and state is not None:
        data = {**data, "token": _token_label(tr, state, g("ship"), g("token"))}
    elif kind == "accuracy-spent" and state is not None:
        defender = getattr(getattr(state, "attack", None), "defender", None)
        f = _Fields({**data, "token": _token_label(tr, state, defender, g("token"))})
    texts: dict[str, Callable[[], str]] = {
        "game-started": lambda: tr(
            "Game started; player {first_player} has the initiative, {rounds} rounds ({ruleset})"
        ).format_map(f),
        "ship-added": lambda: tr(
            "Player {player} deploys {ship} ({ship_class}), speed {speed}").format_map(f),
        "squadron-added": lambda: tr(
            "Player {player} deploys {squadron} ({squadron_class})").format_map(f),
        "phase-advanced": lambda: tr("Next phase"),
        "ship-activated": lambda: tr("{ship} activates").format_map(f),
        "activation-ended": lambda: tr("{ship} ends its activation").format_map(f),
        "passed": lambda: tr("Player {player} spends a pass token").format_map(f),
        "squadrons-activated": lambda: tr("Squadrons activate: {squadrons}").format(
            squadrons=", ".join(map(str, g("squadrons") or []))),
        "squadron-moved": lambda: tr("{squadron} moves").format_map(f),
        "speed-changed": lambda: tr("{ship} changes speed to {speed}").format_map(f),
        "attack-declared": lambda: _attack_text(tr, data),
        "accuracy-spent": lambda: tr("Accuracy locks defense token #{token}").format_map(f),
        "defense-token-spent": lambda: _token_text(tr, data),
        "attack-ended": lambda: tr("Attack resolved"),
        "damage-dealt": lambda: _damage_text(tr, data),
        "destroyed": lambda: (
            tr("{target} is destroyed ({reason})").format(
                target=g("target"), reason=tr.rule(str(g("reason"))))
            if g("reason") else tr("{target} is destroyed").format_map(f)
        ),
        "dials-assigned": lambda: tr("{ship} gets {count} command dial(s)").format(
            ship=g("ship"), count=len(g("commands") or [])),
        "dial-converted": lambda: tr("{ship} converts its dial into a token").format_map(f),
        "command-token-gained": lambda: tr("{ship} gains a {command} token").format(
            ship=g("ship"), command=tr.term(g("command"))),
        "command-token-discarded": lambda: tr("{ship} discards a {command} token").format(
            ship=g("ship"), command=tr.term(g("command"))),
        "command-resolved": lambda: tr("{ship} resolves {command} ({spent})").format(
            ship=g("ship"), command=tr.term(g("command")),
            spent=" + ".join(p for p in (tr("dial") if g("dial") else "",
                                         tr("token") if g("token") else "") if p)),
        "repair-spent": lambda: tr("{ship} repairs: {repair}").format(
            ship=g("ship"), repair=_repair_text(tr, data)),
        "scene-changed": lambda: _scene_text(tr, g("payload")),
        "check-viewed": lambda: check_text(g("payload") or {}, tr),
        "maneuver-executed": lambda: move_text(str(g("ship")), g("payload") or {}, tr),
        "note": lambda: _note_text(tr, data),
    }
    try:
        return texts[kind]() if kind in texts else kind
    except Exception:  # a malformed stored event is still listed by its type
        return kind


def _piece(tr: ReportTr, piece: Any, zone: Any) -> str:
    """``"vsd-1 (front)"``: the id, and its hull zone (a game term) when there is one."""
    return f"{piece} ({tr.term(zone)})" if zone else str(piece)


def range_text(tr: ReportTr, band: Any) -> str:
    """``"close range"`` ... ``"extreme range"`` in the players' language."""
    names = {
        "close": tr("close range"),
        "medium": tr("medium range"),
        "long": tr("long range"),
        "extreme": tr("extreme range"),
    }
    return names.get(str(band)) or tr("{band} range").format(band=band)


def _attack_text(tr: ReportTr, a: Mapping[str, Any]) -> str:
    fields = {
        "attacker": _piece(tr, a.get("attacker"), a.get("attacking_zone")),
        "defender": _piece(tr, a.get("defender"), a.get("defending_zone")),
        "range": range_text(tr, a.get("range_band")) if a.get("range_band") else "",
        "distance": a.get("distance_band"),
    }
    if a.get("range_band") and a.get("distance_band"):
        text = tr("{attacker} attacks {defender} at {range} at distance {distance}")
    elif a.get("range_band"):
        text = tr("{attacker} attacks {defender} at {range}")
    elif a.get("distance_band"):
        text = tr("{attacker} attacks {defender} at distance {distance}")
    else:
        text = tr("{attacker} attacks {defender}")
    return text.format(**fields)


def _token_text(tr: ReportTr, t: Mapping[str, Any]) -> str:
    fields = {"ship": t.get("ship"), "token": t.get("token"),
              "zone": tr.term(t.get("redirect_zone"))}
    templates = {
        (False, False): tr("{ship} spends defense token #{token}"),
        (True, False): tr("{ship} spends defense token #{token}, redirecting to {zone}"),
        (False, True): tr("{ship} spends defense token #{token} (one more die; token discarded)"),
        (True, True): tr("{ship} spends defense token #{token}, redirecting to {zone} "
                         "(one more die; token discarded)"),
    }
    return templates[bool(t.get("redirect_zone")), bool(t.get("evade_extra"))].format(**fields)


def _damage_text(tr: ReportTr, d: Mapping[str, Any]) -> str:
    parts = [
        tr("{count} shield(s) on {zone}").format(count=d["shields"], zone=tr.term(d.get("zone")))
        if d.get("shields") else "",
        tr("{count} facedown card(s)").format(count=d["facedown"]) if d.get("facedown") else "",
        tr("{count} faceup card(s)").format(count=d["faceup"]) if d.get("faceup") else "",
        tr("{count} damage").format(count=d["hull_points"]) if d.get("hull_points") else "",
    ]
    return tr("{target} takes {damage}").format(
        target=d.get("target"), damage=", ".join(p for p in parts if p))


def _repair_text(tr: ReportTr, r: Mapping[str, Any]) -> str:
    """``"move-shield front -> left"``: the repair effect and its hull zones (game terms)."""
    text = " ".join(p for p in (tr.term(r.get("action")), tr.term(r.get("zone"))) if p)
    return text + (f" -> {tr.term(r['to_zone'])}" if r.get("to_zone") else "")


def _scene_text(tr: ReportTr, p: Any) -> str:
    """``"Table changed: ship-1 moved to x 412 mm, y 230 mm"``: what the table tracker
    (``vision.track.TrackEvent``: added, moved, removed), a player's correction
    (``ui/session.py``: assigned, flipped, moved, deleted) or the recorder's settled scene
    (``ui/recorder.py``: detected) logged; ``"Table changed"`` alone for anything else."""
    head = tr("Table changed")
    p = p if isinstance(p, Mapping) else {}
    piece, change = p.get("id", p.get("piece")), p.get("kind", p.get("change"))

    def at() -> dict[str, str]:
        return {"piece": str(piece), "x": tr.num(float(p["x_mm"]), ".0f"),
                "y": tr.num(float(p["y_mm"]), ".0f")}

    texts: dict[Any, Callable[[], str]] = {
        "added": lambda: tr("{piece} seen at x {x} mm, y {y} mm").format(**at()),
        "moved": lambda: tr("{piece} moved to x {x} mm, y {y} mm").format(**at()),
        "removed": lambda: tr("{piece} no longer on the table").format(piece=piece),
        "assigned": lambda: tr("{piece} assigned {piece_class}, player {player}").format(
            piece=piece, piece_class=p.get("ship_class") or p.get("squadron_class"),
            player=p["player"]),
        "flipped": lambda: tr("bow of {piece} flipped").format(piece=piece),
        "deleted": lambda: tr("{piece} deleted").format(piece=piece),
        "detected": lambda: tr("{pieces} pieces detected").format(pieces=int(p["pieces"])),
        "loaded": lambda: tr("{pieces} pieces loaded from a scene file").format(
            pieces=int(p["pieces"])),
    }
    if change not in texts or (piece is None and change not in ("detected", "loaded")):
        return head
    try:
        return f"{head}: {texts[change]()}"
    except (KeyError, TypeError, ValueError):  # a field missing or of the wrong kind
        return head


def _note_text(tr: ReportTr, n: Mapping[str, Any]) -> str:
    """A note's text; the notes the program writes itself (not a player) in the players'
    language: the window's (``ui/session.py``, ``ui/window.py``, ``ui/empty_table_action.py``,
    ``ui/window_actions.py``) and the sample game's (``vision/synth/_script.py``)."""
    payload = n.get("payload") or {}
    payload = payload if isinstance(payload, Mapping) else {}
    text = n.get("text")
    if text == "undo" and payload.get("undo"):
        return tr("Note: undo")
    known = {
        "calibration": lambda: tr("Note: calibration"),
        "empty table learned": lambda: tr("Note: empty table learned"),
        "setup": lambda: tr("Note: setup"),
        "squadrons moved": lambda: tr("Note: squadrons moved"),
        "end": lambda: tr("Note: end"),
    }
    if text in known:
        return known[text]()
    fleet = re.fullmatch(r"fleet list imported for player (\d+)", str(text))
    if fleet:
        return tr("Note: fleet list imported for player {player}").format(player=fleet[1])
    return tr("Note: {text}").format(text=text)


def game_title(title: str, tr: Translate | ReportTr | None = None) -> str:
    """A logged game's title in the players' language: the titles the commands give their games
    (``demo``: ``"sample game"``, ``run``: ``"live: SOURCE"``) are translated, a title of the
    players' own stays as it is."""
    tr = report_tr(tr)
    if title == "sample game":
        return tr("sample game")
    if title.startswith("live: "):
        return tr("live: {source}").format(source=title[len("live: "):])
    return title


def check_text(c: Mapping[str, Any], tr: Translate | ReportTr | None = None) -> str:
    """``Check: vsd-1 front -> cr90-1 left: medium range (150.2 mm), obstructed by ...``.

    ``c`` is the DESIGN.md ``check`` object (as logged by a ``check-viewed`` event).
    """
    tr = report_tr(tr)
    if not c.get("attacker"):
        return tr("Attack check viewed")
    a = " ".join(x for x in (str(c["attacker"]), tr.term(c.get("attacking_zone"))) if x)
    d = " ".join(x for x in (str(c.get("defender")), tr.term(c.get("defending_zone"))) if x)
    verdict = []
    if c.get("in_arc") is False:
        verdict.append(tr("not in arc"))
    if c.get("range_band"):
        rng = range_text(tr, c["range_band"])
        if isinstance(c.get("range_mm"), (int, float)):
            rng += f" ({tr.num(c['range_mm'], '.1f')} mm)"
        verdict.append(rng)
    if c.get("line_of_sight") is False:
        verdict.append(tr("no line of sight (blocked by {zone})").format(
            zone=tr.term(c.get("blocked_by_zone")) or None))
    if c.get("obstructed"):
        verdict.append(tr("obstructed by {pieces}").format(
            pieces=", ".join(map(str, c.get("obstructed_by") or []))))
    if "valid" in c:
        verdict.append(tr("valid") if c["valid"] else tr("not a valid attack"))
    if verdict:
        return tr("Check: {attacker} -> {defender}: {verdict}").format(
            attacker=a, defender=d, verdict=", ".join(verdict))
    return tr("Check: {attacker} -> {defender}").format(attacker=a, defender=d)


def move_text(ship: str, m: Mapping[str, Any], tr: Translate | ReportTr | None = None) -> str:
    """``vsd-1 moves at speed 2 (yaw 0, 1); overlaps cr90-1 ...``.

    ``m`` is the DESIGN.md ``move`` object (as logged by a ``maneuver-executed`` event).
    """
    tr = report_tr(tr)
    clauses = [tr("{ship} executes a maneuver").format(ship=ship)]
    if "speed" in m or "executed_speed" in m:
        speed = m.get("speed", m.get("executed_speed"))
        executed = m.get("executed_speed")
        slower = executed is not None and executed != m.get("speed")
        templates = {
            (False, False): tr("{ship} moves at speed {speed}"),
            (True, False): tr("{ship} moves at speed {speed} (yaw {yaw})"),
            (False, True): tr("{ship} moves at speed {speed}, executed at speed {executed}"),
            (True, True): tr("{ship} moves at speed {speed} (yaw {yaw}), "
                             "executed at speed {executed}"),
        }
        clauses[0] = templates[bool(m.get("yaw")), slower].format(
            ship=ship, speed=speed, executed=executed,
            yaw=", ".join(map(str, m.get("yaw") or [])))

    def ids(key: str) -> str:
        return ", ".join(map(str, m[key]))

    if m.get("overlapped_ships"):
        clauses.append(tr("overlaps {ships}").format(ships=ids("overlapped_ships")))
    if m.get("displaced_squadrons"):
        clauses.append(tr("squadrons displaced: {ids}").format(ids=ids("displaced_squadrons")))
    if m.get("obstacles_overlapped"):
        clauses.append(tr("on obstacle {ids}").format(ids=ids("obstacles_overlapped")))
    if m.get("destroyed"):
        clauses.append(tr("destroyed (outside the play area)"))
    return "; ".join(clauses)
