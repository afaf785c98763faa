"""A full disk during recording (a breaker's `run --log full/g.sqlite` on a 400 KB tmpfs): no
traceback, recording stops with one message under the picture and once on the terminal, play
goes on, and every event appended before stays in the log. SQLite's real SQLITE_FULL is made
with ``PRAGMA max_page_count`` (the file may not grow past its pages)."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from ui_helpers import make_window, two_ship_scene  # noqa: E402

from armada_vision.gamelog import GameLog, LogWriteError  # noqa: E402
from armada_vision.ui.recorder import Recorder  # noqa: E402


def _fill_up(log: GameLog, spare_pages: int = 2) -> None:
    """From now on the log's file may grow by ``spare_pages`` pages only (a nearly full disk)."""
    (pages,) = log._db.execute("PRAGMA page_count").fetchone()
    log._db.execute(f"PRAGMA max_page_count={pages + spare_pages}")


def test_a_full_disk_is_named_not_called_damaged_and_earlier_events_stay(tmp_path):
    log = GameLog(tmp_path / "g.sqlite")
    log.new_game("full")
    _fill_up(log)
    stored = 0
    with pytest.raises(LogWriteError) as err:
        for _ in range(200):
            log.append({"type": "note", "text": "x" * 400})
            stored += 1
    assert err.value.why == "full"
    assert str(err.value) == f"{tmp_path / 'g.sqlite'}: the disk is full"
    assert "damaged" not in str(err.value)
    assert 0 < stored < 200
    log.close()
    with GameLog(tmp_path / "g.sqlite", create=False) as again:
        assert len(again.events()) == stored


def test_the_recorder_stops_once_prints_once_and_keeps_counting(tmp_path, capsys):
    log = GameLog(tmp_path / "g.sqlite")
    log.new_game("full")
    _fill_up(log)
    stops = []
    rec = Recorder(log, lambda: None, lambda: None)
    rec.on_stop = stops.append
    for i in range(200):
        rec({"type": "note", "text": f"{i} " + "x" * 400})
    assert len(stops) == 1 and stops[0].why == "full"
    assert rec.count == 200 and 0 < rec.stored < 200
    err = capsys.readouterr().err
    assert err.count("armada-vision: error: recording stopped: ") == 1
    assert "the disk is full" in err and "new --log FILE" in err
    assert f"(the {rec.stored} events before are in the log)" in err
    log.close()
    with GameLog(tmp_path / "g.sqlite", create=False) as again:
        texts = [e.data["text"] for e in again.events()]
    assert texts == [f"{i} " + "x" * 400 for i in range(rec.stored)]


def test_the_window_says_recording_stopped_and_play_goes_on(qtbot, catalog, tmp_path, capsys):
    from armada_vision import game
    from armada_vision.ui.capture import Frame

    log = GameLog(tmp_path / "g.sqlite")
    win, _ = make_window(qtbot, catalog, two_ship_scene(), log=log)
    _fill_up(log, spare_pages=0)
    for _ in range(3):
        win.session.record({"type": "note", "text": "x" * 3000})
    assert win.recorder.stopped is not None
    note = win.notice.text()
    assert note.startswith(f"Recording stopped: the disk is full ({tmp_path / 'g.sqlite'}).")
    assert win.notice.isVisibleTo(win)
    # a temporary message shows over it; when it is cleared the note comes back
    win.statusBar().showMessage("something else")
    assert win.notice.text() == "something else"
    win.statusBar().clearMessage()
    assert win.notice.text() == note
    # the game goes on in the window: events are applied, the overlay refreshed, no traceback
    win.start_game()
    win.game_panel.btn_next.click()                       # round 1, Command Phase
    for ship in ("a", "d"):
        assert win.submit_game_event(game.DialsAssigned(ship, ("navigate", "repair", "squadron")))
    assert win.session.game.state.round == 1
    assert len(win.session.game.events) >= 3
    win.show_frame(Frame(win.frame_image, 1, 0.1, two_ship_scene()))
    win.close()
    log.close()
    assert capsys.readouterr().err.count("recording stopped") == 1
