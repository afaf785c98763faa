"""The sample game's caption says when the piece it talks about is not on the table the
window shows (newcomer 7: `demo --detect` captioned "Gladiator front at the Assault Frigate:
... obstructed" while the detector had left the Gladiator an "unknown small ship", so no
check was drawn and nothing said why)."""

import dataclasses
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from ui_helpers import keep  # noqa: E402

from armada_vision.ui.demo_script import DemoScript  # noqa: E402
from armada_vision.ui.i18n import install_translator  # noqa: E402
from armada_vision.ui.pipeline import Calibration, Pipeline  # noqa: E402
from armada_vision.ui.session import Session  # noqa: E402
from armada_vision.ui.window import MainWindow  # noqa: E402


def _window(qtbot, catalog, demo):
    win = MainWindow(Session(catalog), None, Pipeline(catalog, Calibration(demo.camera, "exact")))
    keep(qtbot, win)
    win.set_script(DemoScript(demo.sample.steps, demo.source.frame_steps, catalog))
    k = next(i for i, st in enumerate(demo.sample.steps) if st.key == "blocked")
    demo.source.seek(demo.source.frame_steps.index(k))
    return win, demo.source.read()


def test_the_caption_names_a_shown_piece_missing_from_the_table(qtbot, catalog, small_demo):
    win, frame = _window(qtbot, catalog, small_demo)
    win.show_frame(frame)                                 # the sample's truth: all there
    assert "no line of sight" in win.caption.text()
    assert "not on the detected table" not in win.caption.text()
    truth = frame.truth
    without = dataclasses.replace(truth, ships=tuple(s for s in truth.ships if s.id != "neb"))
    win.show_frame(dataclasses.replace(frame, truth=without))
    assert win.caption.text().endswith(
        "no line of sight. (neb: not on the detected table, so not drawn)")


@pytest.mark.parametrize("code, note", [
    ("de", "(neb: nicht auf dem erkannten Spieltisch, daher nicht gezeichnet)"),
    ("cs", "(neb: na rozpoznaném hracím stole chybí, proto se nekreslí)"),
])
def test_the_note_is_translated(qtbot, qapp, catalog, small_demo, code, note):
    install_translator(qapp, code)
    try:
        win, frame = _window(qtbot, catalog, small_demo)
        truth = frame.truth
        without = dataclasses.replace(truth, ships=tuple(s for s in truth.ships if s.id != "neb"))
        win.show_frame(dataclasses.replace(frame, truth=without))
        assert win.caption.text().endswith(note)
    finally:
        install_translator(qapp, "en")


def test_the_samples_events_are_logged_once_however_often_it_loops(qtbot, catalog, small_demo):
    # a breaker's 60 s demo log held the sample's game 4+ times over: each loop logged it again
    win, _ = _window(qtbot, catalog, small_demo)
    recorded = []
    win.session.record = recorded.append
    steps = small_demo.sample.steps
    k = next(i for i, st in enumerate(steps) if getattr(st, "events", ()))
    other = next(i for i in range(len(steps)) if i != k)
    src = small_demo.source
    for _ in range(3):                                    # the video loops three times
        for step in (k, other):
            src.seek(src.frame_steps.index(step))
            win.show_frame(src.read())
    recorded = [e for e in recorded if e.get("text") != "calibration"]  # the camera, once
    assert len(recorded) == len(steps[k].events) + len(getattr(steps[other], "events", ()) or ())
    assert recorded[:len(steps[k].events)] == [dict(e) for e in steps[k].events]
