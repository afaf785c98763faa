"""A newcomer's `run` with an empty table from before the camera moved showed "Th" of the
sentence saying why it was not used (the status bar's labels left it no room) and printed
nothing: a message is shown whole, wrapped, in its own line, and that note is printed once."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from ui_helpers import make_window, two_ship_scene  # noqa: E402

from armada_vision.ui.i18n import install_translator  # noqa: E402
from armada_vision.vision.empty_table import NOTES  # noqa: E402


@pytest.fixture
def german(qapp):
    install_translator(qapp, "de")
    yield
    install_translator(qapp, "en")


def test_a_status_message_is_shown_whole_and_wrapped_in_its_own_line(qtbot, catalog):
    win, _ = make_window(qtbot, catalog, two_ship_scene())
    win.resize(1280, 760)
    win._update_status()
    win.empty_table.show_source("estimated")
    msg = NOTES["moved"].format(shift=12.3)
    win.statusBar().showMessage(msg, 20000)
    qtbot.waitUntil(win.notice.isVisible, timeout=2000)
    assert win.notice.text() == msg and win.notice.wordWrap()
    # the line is as wide as the picture and tall enough for every word of it
    assert win.notice.width() >= win.view.width() - 1
    assert win.notice.height() >= win.notice.heightForWidth(win.notice.width())
    assert win.statusBar().currentMessage() == msg      # callers and tests still read it there
    win.statusBar().clearMessage()
    qtbot.waitUntil(lambda: not win.notice.isVisible(), timeout=2000)
    assert win.notice.text() == ""


def test_the_dropped_empty_table_is_printed_on_the_terminal_once(qtbot, catalog, capsys):
    win, _ = make_window(qtbot, catalog, two_ship_scene())
    win.empty_table.show_refused(NOTES["moved"], {"shift": 12.3})
    win.empty_table.show_refused(NOTES["moved"], {"shift": 12.4})
    err = capsys.readouterr().err.splitlines()
    assert err == ["armada-vision: note: The empty table is not used: the camera's picture is "
                   "12.3 px off it (the camera moved since it was learned?). Clear the table and "
                   "learn it again."]
    assert win.notice.text().startswith("The empty table is not used: the camera's picture is 12.4")


def test_the_german_scene_and_ruleset_are_not_cut(qtbot, catalog, german):
    win, _ = make_window(qtbot, catalog, two_ship_scene())
    win.resize(1280, 760)
    qtbot.waitUntil(lambda: win.width() <= 1280, timeout=2000)
    win._update_status()
    win.empty_table.show_source("saved", when="2026-12-03 15:42")
    win.lbl_fps.setText("11,0 Bilder/s (Kamera 11,5, verarbeitet 7,0, 10 ms; Einblendungen "
                        "0,1 s zurück)")
    qtbot.wait(50)
    assert win.lbl_scene.text().startswith("Szene: ") and not win.lbl_scene.is_elided()
    assert win.lbl_rules.text() == "Regelwerk: rrg-1.6" and not win.lbl_rules.is_elided()


def test_the_german_background_hint_is_not_cut_at_1280_px(qtbot, catalog, german):
    # a breaker's German `run` at 1280x720 read "Hintergrund: geschätzt (Strg+E lernt den
    # leeren Ti..." while the rates kept their whole width: they give way first now
    win, _ = make_window(qtbot, catalog, two_ship_scene())
    win.resize(1280, 760)
    qtbot.waitUntil(lambda: win.width() <= 1280, timeout=2000)
    win._update_status()
    win.empty_table.show_source("estimated")
    win.lbl_fps.setText("11,4 Bilder/s (Kamera 11,8, verarbeitet 6,0, 291 ms; Einblendungen "
                        "0,4 s zurück)")
    win.lbl_calib.setText("Kalibrierung: Reprojektion 0,52 mm (Tischmarker)")
    qtbot.wait(50)
    bg = win.empty_table.label
    assert bg.text() == "Hintergrund: geschätzt (Strg+E lernt den leeren Tisch)"
    assert not bg.is_elided()
    assert not win.lbl_scene.is_elided() and not win.lbl_rules.is_elided()
    assert win.lbl_fps.is_elided() and win.lbl_fps.text() in win.lbl_fps.toolTip()
    assert win.lbl_calib.width() > 150              # the calibration still says something


def test_a_long_setup_status_gives_way_too(qtbot, catalog):
    # a newcomer's "Setup (RRG p.16): 14 broken, ..." pushed the calibration out of the bar
    win, _ = make_window(qtbot, catalog, two_ship_scene())
    win.resize(1280, 760)
    qtbot.waitUntil(lambda: win.width() <= 1280, timeout=2000)
    win._update_status()
    win.lbl_calib.setText("Calibration: reprojection 0.52 mm (table markers)")
    win.lbl_setup.setText("Setup (RRG p.16): 14 broken, 2 too close to call: " + ", ".join(
        f"p1-lambda-class-t-4a-shuttle-{i}" for i in range(14)))
    win.lbl_setup.setVisible(True)
    qtbot.wait(50)
    assert win.lbl_setup.is_elided()
    assert win.lbl_calib.width() > 150 and win.lbl_setup.width() < 600
    assert not win.lbl_scene.is_elided() and not win.lbl_rules.is_elided()
