"""The game log: events and snapshots in SQLite, each append its own transaction.

::

    from armada_vision.gamelog import GameLog
    with GameLog() as log:                        # ~/.local/share/armada-vision/games.sqlite
        log.new_game("Friday game")
        seq = log.append(event, snapshot_jpeg=jpeg_bytes, scene_json=scene)
        log.events()                              # [LoggedEvent(seq=1, ...), ...]
        log.scene_at(seq)                         # Scene JSON in effect at that event
        log.state()                               # armada_vision.game state, replayed
        log.fold().refused                        # {seq: why} events the rules refuse now

``render_html(log, game_id, tr=..., lang=...)`` writes the shareable report behind
``armada-vision export``; ``describe_event(data, tr)`` is one event in words. ``tr(context, text)``
translates (``QCoreApplication.translate`` or ``armada_vision.ui.i18n.translate_function``); the
default is English. This package imports no Qt.
"""

from ._describe import ReportTr, describe_event, game_title
from ._fold import GameFold, fold_events, undo_note, unfinished_game
from ._html import render_html
from ._log import LOG_FORMAT, GameInfo, GameLog, LoggedEvent, default_log_path
from ._sqlite import LogWriteError

__all__ = [
    "LOG_FORMAT",
    "GameFold",
    "GameInfo",
    "ReportTr",
    "GameLog",
    "LoggedEvent",
    "LogWriteError",
    "default_log_path",
    "describe_event",
    "game_title",
    "fold_events",
    "render_html",
    "undo_note",
    "unfinished_game",
]
