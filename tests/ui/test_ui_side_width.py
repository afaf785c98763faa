"""The side panels open wide enough for their longest language (newcomer, German: the overlay
check boxes were squeezed, "Manövervorschau" lost its umlaut, a horizontal scroll bar showed),
and stay so when a game starts and a ship is chosen (its dial, command and defense token buttons
needed 531 px in German, 595 in Czech, 399 in English: the dock kept its opening width and a
horizontal scroll bar showed in every language)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PyQt6.QtWidgets import QScrollArea

sys.path.insert(0, str(Path(__file__).parent))
from ui_helpers import make_window, two_ship_scene  # noqa: E402

from armada_vision.ui.i18n import install_translator  # noqa: E402


@pytest.fixture(params=["de", "cs", "en"])
def language(qapp, request):
    install_translator(qapp, request.param)
    yield request.param
    install_translator(qapp, "en")


def test_the_side_panels_open_without_a_horizontal_scroll_bar(qtbot, catalog, language):
    win, _ = make_window(qtbot, catalog, two_ship_scene())
    win.resize(1280, 520)  # a laptop screen: the panels scroll up and down
    win.show()
    qtbot.waitExposed(win)
    scroll = win.findChild(QScrollArea)
    side = scroll.widget()
    qtbot.waitUntil(lambda: scroll.viewport().width() > 0, timeout=10_000)
    qtbot.waitUntil(lambda: scroll.verticalScrollBar().isVisible(), timeout=10_000)
    assert scroll.viewport().width() >= side.minimumSizeHint().width(), language
    assert not scroll.horizontalScrollBar().isVisible(), language


def test_the_side_dock_widens_for_a_chosen_ships_buttons(qtbot, catalog, language):
    win, cam = make_window(qtbot, catalog, two_ship_scene())
    win.resize(1280, 520)
    scroll = win.findChild(QScrollArea)
    side = scroll.widget()
    qtbot.waitUntil(lambda: scroll.verticalScrollBar().isVisible(), timeout=10_000)
    opened = scroll.width()
    win.start_game()
    win.click_image(*cam.table_to_image([[900.0, 300.0]], 7.0)[0])
    assert win.focus_id == "a" and "activate" in win.game_panel.buttons
    qtbot.waitUntil(lambda: scroll.width() > opened, timeout=10_000)  # they need more room
    qtbot.waitUntil(lambda: not scroll.horizontalScrollBar().isVisible(), timeout=10_000)
    assert scroll.viewport().width() >= side.minimumSizeHint().width(), language
    assert scroll.width() <= win.width() // 2, language      # the picture keeps half
