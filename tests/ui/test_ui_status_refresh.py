"""The status bar's rates change at every frame; writing them each time laid out and painted the
labels again twice a frame (~1.1 ms each at load 18). They are written at most every
``STATUS_REFRESH_S``, and a label given its own text again does nothing."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from ui_helpers import make_window, two_ship_scene  # noqa: E402

from armada_vision.ui import window as window_mod  # noqa: E402
from armada_vision.ui.elided_label import ElidedLabel  # noqa: E402


class _Processor:
    ms = 12.0

    def rate_fps(self):
        return 20.0

    def latest(self):
        return None, None, -1

    def stop(self):
        pass


def test_the_rates_are_written_at_most_every_refresh_interval(qtbot, catalog):
    win, _cam = make_window(qtbot, catalog, two_ship_scene())
    win.processor = _Processor()
    win._status_t = -window_mod.STATUS_REFRESH_S
    win._update_status()
    assert "processed 20.0, 12 ms" in win.lbl_fps.text()
    win.processor.ms = 40.0
    win._update_status()                       # at once again: the rates stay as written
    assert "12 ms" in win.lbl_fps.text()
    win._status_t -= window_mod.STATUS_REFRESH_S  # the interval has passed
    win._update_status()
    assert "processed 20.0, 40 ms" in win.lbl_fps.text()
    assert win.lbl_calib.text().startswith("Calibration: ")  # written at every call as before


def test_a_label_given_its_own_text_again_does_nothing(qtbot, monkeypatch):
    lbl = ElidedLabel()
    qtbot.addWidget(lbl)
    lbl.setText("Live")
    calls = []
    monkeypatch.setattr(lbl, "_update_tip", lambda: calls.append(1))
    lbl.setText("Live")
    lbl.setToolTip("")
    assert calls == []
    lbl.setText("Source ended")
    lbl.setToolTip("tracker: 8 markers")
    assert len(calls) == 2 and lbl.text() == "Source ended"
