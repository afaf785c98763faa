"""Window nits: the legend covers no calibration marker; long (Czech) status texts are cut
with "..." and shown whole in a tooltip instead of being cut off at the window's edge."""

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).parent))
from ui_helpers import make_window, two_ship_scene  # noqa: E402

from armada_vision.ui.elided_label import ElidedLabel  # noqa: E402
from armada_vision.ui.i18n import install_translator  # noqa: E402
from armada_vision.ui.legend_place import legend_rect  # noqa: E402

QUAD = np.array([[100.0, 120.0], [900.0, 110.0], [920.0, 560.0], [80.0, 570.0]])  # play area px


def _inside_quad(rect, quad=QUAD):
    x, y, w, h = rect
    pts = np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]])
    edges = np.roll(quad, -1, axis=0) - quad
    rel = pts[:, None, :] - quad[None]
    cross = edges[None, :, 0] * rel[:, :, 1] - edges[None, :, 1] * rel[:, :, 0]
    return bool(np.all(cross >= 0) or np.all(cross <= 0))


def test_a_letterbox_band_that_fits_takes_the_legend_off_the_picture():
    # picture 1000x500 centred in a 1000x700 widget: 100 px bands above and below
    x, y, w, h = legend_rect((250, 60), (1000, 700), (0, 100, 1000, 500), QUAD)
    assert y + h <= 100                       # entirely above the picture


def test_without_room_beside_the_picture_the_legend_goes_inside_the_play_area():
    # markers sit around the table, outside the play area: inside it the legend covers none
    rect = legend_rect((250, 60), (1000, 600), (0, 0, 1000, 600), QUAD)
    assert _inside_quad(rect)
    assert rect[0] < 500 and rect[1] < 300    # nothing drawn: the top-left corner


def test_the_legend_avoids_the_corner_where_a_ship_is():
    ship = (110.0, 125.0, 60.0, 100.0)         # a ship in the play area's top-left corner
    rect = legend_rect((250, 60), (1000, 600), (0, 0, 1000, 600), QUAD, [ship])
    assert _inside_quad(rect)
    x, y, w, h = rect
    assert not (x < ship[0] + ship[2] and ship[0] < x + w and y < ship[1] + ship[3] and ship[1] < y + h)


def test_the_windows_legend_covers_no_marker(qtbot, catalog):
    win, cam = make_window(qtbot, catalog, two_ship_scene())
    win.click_image(*cam.table_to_image([[900.0, 300.0 + 39.35]], 7.0)[0])   # a's front zone
    win.view.grab()                                                          # paints
    rect = win.view.legend_rect
    assert rect is not None and win.view.overlay.legend
    scale, dx, dy = win.view.mapping()
    quad = np.asarray(win.view.overlay.play_area_px) * scale + (dx, dy)
    ih, iw = win.view.frame.shape[:2]
    x, y, w, h = rect
    off_picture = y + h <= dy or y >= dy + ih * scale or x + w <= dx or x >= dx + iw * scale
    assert off_picture or _inside_quad(rect, quad)


@pytest.fixture
def czech(qapp):
    install_translator(qapp, "cs")
    yield
    install_translator(qapp, "en")


def test_a_long_czech_status_is_elided_with_the_whole_text_in_its_tooltip(qtbot, catalog, czech):
    win, cam = make_window(qtbot, catalog, two_ship_scene())
    win._update_status()
    calib = win.lbl_calib
    assert isinstance(calib, ElidedLabel) and calib.text().startswith("Kalibrace")
    win.resize(560, 600)                                   # a small laptop window, half screen
    qtbot.waitUntil(lambda: win.width() <= 600, timeout=2000)
    labels = (win.lbl_source, win.lbl_fps, win.lbl_calib, win.lbl_scene, win.lbl_rules)
    cut = [lbl for lbl in labels if lbl.is_elided()]
    assert cut, "nothing was cut at 560 px"
    for lbl in cut:
        assert lbl.shown_text().endswith("…")
        assert lbl.text() in lbl.toolTip()                 # the whole text is still there
    # the status bar does not push the window wider than the user made it
    assert win.statusBar().minimumSizeHint().width() <= 560
    # the source's status is short and is never cut ("Source en…" hid that a recording ended)
    win.lbl_source.setText("Zdroj skončil")
    qtbot.waitUntil(lambda: not win.lbl_source.is_elided(), timeout=2000)
    assert win.lbl_source.shown_text() == "Zdroj skončil"


def test_a_short_status_is_not_elided_and_has_no_tooltip(qtbot):
    lbl = ElidedLabel()
    qtbot.addWidget(lbl)
    lbl.setText("Live")
    lbl.resize(200, 20)
    lbl.show()
    qtbot.waitExposed(lbl)
    assert not lbl.is_elided() and lbl.toolTip() == ""
    lbl.setToolTip("tracker: 8 markers")
    lbl.resize(10, 20)
    qtbot.waitUntil(lambda: lbl.width() == 10, timeout=2000)
    assert lbl.is_elided()
    assert lbl.toolTip() == "Live\ntracker: 8 markers"


def test_the_legend_stays_where_it_was_while_no_corner_is_better():
    free = legend_rect((250, 60), (1000, 600), (0, 0, 1000, 600), QUAD)
    ship = (free[0], free[1], 50.0, 50.0)                       # a ship moves under it
    moved = legend_rect((250, 60), (1000, 600), (0, 0, 1000, 600), QUAD, [ship], prefer=free)
    assert moved != free                                        # it makes way
    stays = legend_rect((250, 60), (1000, 600), (0, 0, 1000, 600), QUAD, [], prefer=moved)
    assert stays == moved                                       # and does not jump back


def test_place_legend_says_how_many_pieces_the_best_place_covers():
    from armada_vision.ui.legend_place import place_legend

    free, n = place_legend((250, 60), (1000, 600), (0, 0, 1000, 600), QUAD)
    assert n == 0
    everywhere = [(x, y, 60.0, 60.0) for x in range(80, 930, 40) for y in range(100, 580, 40)]
    rect, n = place_legend((250, 60), (1000, 600), (0, 0, 1000, 600), QUAD, everywhere)
    assert n > 0 and _inside_quad(rect)


def test_a_legend_that_would_cover_a_piece_is_folded_to_a_tab_that_opens_when_pointed_at(
        qtbot, catalog, monkeypatch):
    from PyQt6.QtCore import QPointF, Qt
    from PyQt6.QtGui import QMouseEvent

    import armada_vision.ui.video_view as vv

    real = vv.place_legend

    def crowded(size, *args):   # every place for the whole legend covers a piece
        rect, n = real(size, *args)
        return rect, (n if size[1] < 40 else n + 1)

    monkeypatch.setattr(vv, "place_legend", crowded)
    win, cam = make_window(qtbot, catalog, two_ship_scene())
    win.click_image(*cam.table_to_image([[900.0, 300.0 + 39.35]], 7.0)[0])   # a's front zone
    view = win.view
    view.grab()
    assert view.overlay.legend and view.legend_folded and not view.legend_open
    tab = view.legend_rect
    assert tab is not None and tab[3] < 40 and tab[2] < 200          # a small tab, not the box

    def move(x, y):
        view.mouseMoveEvent(QMouseEvent(QMouseEvent.Type.MouseMove, QPointF(x, y),
                                        QPointF(x, y), Qt.MouseButton.NoButton,
                                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier))

    move(tab[0] + 5, tab[1] + 5)
    view.grab()
    assert view.legend_open
    opened = view.legend_rect
    assert opened[3] > 3 * tab[3]                                      # the whole legend
    assert opened[0] <= tab[0] + 5 <= opened[0] + opened[2]            # still under the mouse
    move(opened[0] + opened[2] + 30, opened[1] + opened[3] + 30)
    view.grab()
    assert not view.legend_open and view.legend_rect[3] < 40           # folded again
