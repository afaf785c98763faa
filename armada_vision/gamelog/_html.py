"""A shareable, self-contained HTML report of one logged game (``armada-vision export``).

One file: inline CSS, snapshots as inline base64 JPEG, every text escaped. Round and phase
headings come from replaying the game events; events the game reducer does not know (or
refuses: a log written before a rule was checked) are still listed as they were stored, with
the reason they did not change the game.

Every text is in the players' language through ``tr(context, text)`` (see ``_describe.py``):
the report's own texts in context ``Report``, phase names and game terms in ``Terms``.
"""

from __future__ import annotations

import base64
import datetime as _dt
import html
import json
from typing import Any

from armada_vision.game import PHASE_NAMES
from armada_vision.i18n import decimal_point_for

from ._describe import ReportTr, Translate, describe_event, game_title, report_tr
from ._log import GameLog, LoggedEvent

_CONTEXT = "Report"

_CSS = """
body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
h1{font-size:1.5rem} h2{margin-top:2rem;border-bottom:1px solid #ccc} h3{color:#555}
ol{list-style:none;padding:0} li{padding:.3rem 0;border-bottom:1px solid #eee}
.t{color:#888;font-size:.8rem;margin-right:.6rem;font-variant-numeric:tabular-nums}
.k{font-weight:600;margin-right:.4rem} .seq{color:#aaa;font-size:.8rem;margin-right:.4rem}
img{max-width:100%;display:block;margin:.4rem 0;border:1px solid #ccc}
table{border-collapse:collapse;font-size:.85rem} td,th{border:1px solid #ddd;padding:.2rem .4rem;text-align:left}
details pre{white-space:pre-wrap;font-size:.75rem;background:#f6f6f6;padding:.4rem}
.refused{display:block;color:#a33;font-size:.85rem}
.warning{display:block;color:#850;font-size:.85rem}
"""


def phase_title(phase: str, tr: Translate | ReportTr | None = None) -> str:
    """The RRG name of ``phase`` (``"command"`` -> ``"Command Phase"``) as a heading, in the
    players' language (context ``Terms``, the names the window's reasons use)."""
    name = report_tr(tr).term(PHASE_NAMES.get(phase, phase))
    return name[:1].upper() + name[1:]


def _when(t: float | None, fmt: str = "%H:%M:%S") -> str:
    """``t`` (Unix s) as UTC in ``fmt``; ``""`` for none, ``"?"`` for a damaged log's value (a
    text or a number past the calendar: SQLite keeps what was written)."""
    if t is None:
        return ""
    try:
        return _dt.datetime.fromtimestamp(t, _dt.UTC).strftime(fmt)
    except (TypeError, ValueError, OverflowError, OSError):
        return "?"


def _headings(events: list[LoggedEvent]
              ) -> tuple[list[tuple[int, str] | None], list[Any], dict[int, Exception],
                         dict[int, Any]]:
    """Per event, ``(round, phase)`` after it when the round or phase changed, else ``None``;
    per event the game state after it (undo notes honoured, events the reducer refuses
    skipped); the last one is the final state (the initial state when there is no event);
    why the reducer refused an event, and what an applied one cut short (``GameFold``'s
    ``warnings``), by its index."""
    from ._fold import GameFold

    fold = GameFold(strict=False)
    out: list[tuple[int, str] | None] = []
    states: list[Any] = []
    last = (fold.state.round, fold.state.phase)
    for e in events:
        fold.add(e.data, damaged=e.damaged)
        now = (fold.state.round, fold.state.phase)
        out.append(now if now != last else None)
        states.append(fold.state)
        last = now
    return out, states or [fold.state], fold.refused, fold.warnings


def _final_state_table(state: Any, tr: ReportTr) -> str:
    """A table of every ship at the end: hull, shields, defense and command tokens."""
    if not state.ships:
        return ""
    heads = (tr("ship"), tr("player"), tr("hull"), tr("shields"), tr("defense tokens"),
             tr("command tokens"))
    states = {"readied": tr("readied"), "exhausted": tr("exhausted"),
              "discarded": tr("discarded")}
    rows = [
        f"<h2>{html.escape(tr('Final state'))}</h2>",
        "<p>" + html.escape(tr("Round {round}, {phase}.").format(
            round=state.round, phase=phase_title(state.phase, tr))) + "</p>",
        "<table><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in heads) + "</tr>",
    ]
    for s in state.ships:
        hull = tr("destroyed") if s.destroyed else f"{s.hull_remaining}/{s.hull}"
        shields = ", ".join(f"{tr.term(z)} {v}/{s.max_shields[z]}" for z, v in s.shields.items())
        tokens = ", ".join(f"{tr.term(t.kind)} ({states.get(t.state, t.state)})"
                           for t in s.defense_tokens)
        cells = (str(s.player), hull, shields, tokens, tr.terms(s.command_tokens) or "—")
        rows.append(
            f"<tr><td>{html.escape(s.id)}<br><small>{html.escape(s.ship_class)}</small></td>"
            + "".join(f"<td>{html.escape(c)}</td>" for c in cells)
            + "</tr>"
        )
    rows.append("</table>")
    return "\n".join(rows)


def render_html(log: GameLog, game_id: int | None = None, *,
                tr: Translate | ReportTr | None = None, lang: str = "en") -> str:
    """The HTML report of ``game_id`` (default: the latest game) as one string.

    ``tr(context, text)`` translates every text (default: English, the source language);
    ``lang`` is the report's language code for the ``<html lang>`` attribute and its numbers'
    decimal separator (``armada_vision.i18n.decimal_point_for``). Raises ``InputError`` when
    the log holds no such game.
    """
    tr = report_tr(tr, decimal_point_for(lang))
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
    title = game_title(info.title, tr) if info.title else tr("Game {id}").format(id=gid)
    created = _when(info.created_at, "%Y-%m-%d %H:%M UTC")
    started = tr("Started {time}; {count} events. Written by armada-vision.")
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{html.escape(lang)}"><head><meta charset="utf-8">',
        f"<title>{html.escape(title)} — armada-vision</title>",
        f"<style>{_CSS}</style></head><body>",
        f"<h1>{html.escape(title)}</h1>",
        f"<p>{html.escape(started.format(time=created, count=len(events)))}</p>",
        f"<h3>{html.escape(phase_title('setup', tr))}</h3>"
        if events and events[0].type == "game-started" else "",
        "<ol>",
    ]
    last_round = 0
    headings, states, refused, warnings = _headings(events)
    final = states[-1]
    for k, (e, heading, state) in enumerate(zip(events, headings, states)):
        if heading is not None:
            rnd, phase = heading
            parts.append("</ol>")
            if rnd != last_round and phase != "ended":
                parts.append(f"<h2>{html.escape(tr('Round {round}').format(round=rnd))}</h2>")
                last_round = rnd
            parts.append(f"<h3>{html.escape(phase_title(phase, tr))}</h3><ol>")
        item = [
            f'<li id="e{e.seq}"><span class="seq">#{e.seq}</span>',
            f'<span class="t">{_when(e.t)}</span>',
            f'<span class="k">{html.escape(describe_event(e.data, tr, state))}</span>',
        ]
        if k in refused:    # recorded before the rule was checked: listed, never applied
            note = tr("Not applied to the game (the log keeps it): {reason}").format(
                reason=tr.reason(refused[k]))
            item.append(f'<span class="refused">{html.escape(note)}</span>')
        if k in warnings:   # applied, but it cut something short (e.g. a squadron's activation)
            note = tr("Note: {reason}").format(reason=tr.reason(warnings[k]))
            item.append(f'<span class="warning">{html.escape(note)}</span>')
        if e.has_snapshot:
            jpeg = log.snapshot(gid, e.seq, exact=True)
            if jpeg:
                b64 = base64.b64encode(jpeg).decode("ascii")
                alt = html.escape(tr("table at event {seq}").format(seq=e.seq))
                item.append(f'<img alt="{alt}" src="data:image/jpeg;base64,{b64}">')
        item.append(
            f"<details><summary>{html.escape(tr('data'))}</summary><pre>"
            + html.escape(json.dumps(e.data, ensure_ascii=False, indent=1))
            + "</pre></details></li>"
        )
        parts.append("".join(item))
    parts.append("</ol>")
    if final.started:
        parts.append(_final_state_table(final, tr))
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
