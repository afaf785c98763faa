"""The maneuver preview's speed and yaw fields agree with the move on show: the sample's scripted
move (the demo drew the CR90's speed-3 move beside a greyed "Speed 2") and, in a game, the
selected ship's speed dial within its speed chart (RRG "Speed" p.19)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from ui_helpers import keep, make_window, two_ship_scene  # noqa: E402

from armada_vision.ui.demo_script import DemoScript  # noqa: E402
from armada_vision.ui.panels import ManeuverPanel  # noqa: E402
from armada_vision.ui.pipeline import Calibration, Pipeline  # noqa: E402
from armada_vision.ui.session import Session  # noqa: E402
from armada_vision.ui.window import MainWindow  # noqa: E402


def test_show_move_sets_the_fields_without_asking_for_a_preview(qtbot):
    panel = ManeuverPanel()
    keep(qtbot, panel)
    emitted = []
    panel.changed.connect(lambda: emitted.append(1))
    panel.show_move(3, (0, 1), max_speed=3)
    assert panel.speed.value() == 3 and panel.speed.maximum() == 3
    assert panel.yaw.text() == "0, 1, 0"                   # one click per joint, missing ones 0
    assert emitted == []
    panel.show_move(4)                                      # above the chart: held at its top
    assert panel.speed.value() == 3
    panel.setChecked(True)
    assert panel.value() == (3, [0, 0, 0])


def test_selecting_a_ship_in_a_game_shows_its_speed_dial(qtbot, catalog):
    win, cam = make_window(qtbot, catalog, two_ship_scene())
    win.start_game()
    ship = win.session.game.state.ship("a")
    win.maneuver_panel.speed.setValue(4)                   # left from another ship's preview
    assert ship.speed != 4
    win.click_image(*cam.table_to_image([[900.0, 300.0]], 7.0)[0])
    assert win.maneuver_panel.speed.value() == ship.speed
    assert win.maneuver_panel.speed.maximum() == ship.max_speed


def test_outside_a_game_a_click_leaves_the_fields_as_they_were(qtbot, catalog):
    win, cam = make_window(qtbot, catalog, two_ship_scene())
    win.maneuver_panel.speed.setValue(4)
    win.click_image(*cam.table_to_image([[900.0, 300.0]], 7.0)[0])
    assert win.maneuver_panel.speed.value() == 4


def test_the_demo_shows_the_scripted_move_in_the_fields(qtbot, catalog, small_demo):
    demo = small_demo
    steps = demo.sample.steps
    k = next(i for i, st in enumerate(steps) if st.move and int(st.move["speed"]) == 3)
    win = MainWindow(Session(catalog), None, Pipeline(catalog, Calibration(demo.camera, "exact")))
    keep(qtbot, win)
    win.set_script(DemoScript(steps, demo.source.frame_steps, catalog))
    demo.source.seek(demo.source.frame_steps.index(k))
    win.show_frame(demo.source.read())
    assert win.maneuver_panel.speed.value() == 3            # was the default 2
    assert win.session.maneuver is None                     # still only the script's preview
    assert [int(c) for c in win.maneuver_panel.yaw.text().split(",")] == list(steps[k].move["yaw"])


def test_the_preview_box_is_checked_while_the_samples_move_is_drawn(qtbot, catalog, small_demo):
    # the demo drew the tool and offered Execute under an unchecked "Maneuver preview"
    demo = small_demo
    steps = demo.sample.steps
    k = next(i for i, st in enumerate(steps) if st.move)
    still = next(i for i, st in enumerate(steps) if not st.move)
    win = MainWindow(Session(catalog), None, Pipeline(catalog, Calibration(demo.camera, "exact")))
    keep(qtbot, win)
    win.set_script(DemoScript(steps, demo.source.frame_steps, catalog))
    demo.source.seek(demo.source.frame_steps.index(k))
    win.show_frame(demo.source.read())
    panel = win.maneuver_panel
    assert win.session.maneuver_result() is not None
    assert panel.isChecked() and panel.execute.isEnabled() and panel.speed.isEnabled()
    demo.source.seek(demo.source.frame_steps.index(still))
    win.show_frame(demo.source.read())
    assert win.session.maneuver_result() is None
    assert not panel.isChecked() and not panel.execute.isEnabled()
    demo.source.seek(demo.source.frame_steps.index(k))
    win.show_frame(demo.source.read())
    win.act_follow.setChecked(False)                        # the player takes over
    win.show_frame(demo.source.read())
    assert win.session.maneuver_result() is None
    assert not panel.isChecked() and not panel.execute.isEnabled()


def test_the_layer_boxes_say_what_they_draw(qtbot):
    from armada_vision.ui.panels import LayerPanel

    panel = LayerPanel(2.0)
    keep(qtbot, panel)
    # "Labels" was checked while named pieces showed none; two "Maneuver preview" boxes
    assert panel.boxes["labels"].text() == "Notes on the picture"
    assert "not yet recognised" in panel.boxes["labels"].toolTip()
    assert panel.boxes["maneuver"].text() == "Maneuver tool"
    assert "Maneuver preview" in panel.boxes["maneuver"].toolTip()
