"""The side panels fit a 1280x760 window before a game is started, in every language: the
Overlays panel's "Too close to call below" row was half cut off at the bottom in German
(newcomer pass), under an empty line of the maneuver panel and loosely spaced check boxes."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PyQt6.QtCore import QPoint, QRect
from PyQt6.QtWidgets import QScrollArea

sys.path.insert(0, str(Path(__file__).parent))
from ui_helpers import make_window, two_ship_scene  # noqa: E402

from armada_vision.ui.i18n import install_translator  # noqa: E402


@pytest.fixture(params=["en", "de", "cs"])
def language(qapp, request):
    install_translator(qapp, request.param)
    yield request.param
    install_translator(qapp, "en")


def test_the_threshold_row_is_whole_in_view_at_1280x760(qtbot, catalog, language):
    win, _ = make_window(qtbot, catalog, two_ship_scene())
    win.resize(1280, 760)  # the window's own opening size
    qtbot.waitExposed(win)
    scroll = win.findChild(QScrollArea)
    side = scroll.widget()
    qtbot.waitUntil(lambda: scroll.viewport().height() > 0, timeout=2000)
    assert side.heightForWidth(scroll.viewport().width()) <= scroll.viewport().height(), language
    assert not scroll.verticalScrollBar().isVisible(), language
    panel = win.layer_panel
    label = panel.layout().itemAt(panel.layout().count() - 1).layout().labelForField(
        panel.uncertainty)
    view = QRect(QPoint(0, 0), scroll.viewport().size())
    for w in (label, panel.uncertainty):
        top_left = w.mapTo(scroll.viewport(), QPoint(0, 0))
        assert view.contains(QRect(top_left, w.size())), (language, w)
    assert label.width() >= label.sizeHint().width(), language  # not clipped on the right


def test_the_maneuver_result_line_shows_only_with_a_result(qtbot, catalog):
    win, _ = make_window(qtbot, catalog, two_ship_scene())
    panel = win.maneuver_panel
    assert not panel.result.isVisible()
    panel.show_result("Final position: x 900 mm, y 420 mm, heading 90 deg")
    assert panel.result.isVisible()
    panel.show_result("")
    assert not panel.result.isVisible()
