"""The window: opens on the demo, paints, selects a hull zone, assigns a ship, survives dropouts."""

import sys
from pathlib import Path

import numpy as np
import pytest
from PyQt6.QtCore import Qt

sys.path.insert(0, str(Path(__file__).parent))
from ui_helpers import keep, make_window, widget_px  # noqa: E402

from armada_vision.scene import Scene, ShipPose  # noqa: E402
from armada_vision.ui.capture import CaptureThread, FrameSource  # noqa: E402
from armada_vision.ui.pipeline import Calibration, Pipeline  # noqa: E402
from armada_vision.ui.session import Session  # noqa: E402
from armada_vision.ui.window import MainWindow  # noqa: E402

VSD = "victory-ii-star-destroyer"


def test_window_opens_on_the_demo_source_and_paints_frames(qtbot, catalog, small_demo):
    demo = small_demo
    session = Session(catalog)
    cap = CaptureThread(demo.source)
    win = MainWindow(session, cap, Pipeline(catalog, Calibration(demo.camera, "exact")))
    keep(qtbot, win)
    win.show()
    win.start()                                   # capture and pipeline threads, as the CLI does
    qtbot.waitUntil(lambda: win.view.paint_count >= 3 and win.result is not None, timeout=20000)
    assert win.session.scene.ships                     # the sample's pieces reached the session
    assert any(s.layer == "bases" for s in win.view.overlay.shapes)
    # the capture thread resizes the frames for the picture: the window draws them as they come
    w, h = win.view.picture_size()
    assert cap.display_size == (w, h)
    qtbot.waitUntil(lambda: win.view.display is not None and win.view.display.shape == (h, w, 4),
                    timeout=5000)
    win.close()
    assert not cap.is_alive() and not win.processor.is_alive()


def _pixel(win, image_px):
    img = win.view.grab().toImage()
    x, y = widget_px(win, image_px)
    c = img.pixelColor(int(round(x)), int(round(y)))
    return np.array([c.red(), c.green(), c.blue()])


def test_selecting_a_hull_zone_draws_its_arc_and_range_bands(qtbot, catalog):
    scene = Scene(ships=(ShipPose("a", VSD, 1, 900.0, 300.0, 90.0),))
    win, cam = make_window(qtbot, catalog, scene)
    cls = catalog.ship(VSD)
    h = cls.base.height_mm + cls.token.thickness_mm
    medium = cam.table_to_image([[900.0, 300.0 + 51.0 + 150.0]], h)[0]   # 150 mm ahead: medium
    behind = cam.table_to_image([[900.0, 300.0 - 51.0 - 150.0]], h)[0]
    before_m, before_b = _pixel(win, medium), _pixel(win, behind)
    front_tp = cam.table_to_image([[900.0, 300.0 + 39.35]], h)[0]
    assert win.click_image(*front_tp) == "attacker"
    assert win.session.selection.zone == "front"
    after_m, after_b = _pixel(win, medium), _pixel(win, behind)
    # medium band is tinted with the blue dice colour; the table behind the ship is untouched
    assert after_m[2] - before_m[2] > 25 and after_m[2] > after_m[0] + 40
    assert np.abs(after_b - before_b).max() <= 2


def test_assigning_a_ship_through_the_dialog_changes_the_scene(qtbot, catalog):
    scene = Scene(ships=(ShipPose("base-7", None, 1, 900.0, 450.0, 0.0, size_class="medium"),))
    win, cam = make_window(qtbot, catalog, scene)
    assert win.click_image(*cam.table_to_image([[900.0, 450.0]], 5.0)[0]) == "attacker"
    dlg = win.assign_dialog()
    assert dlg is not None
    dlg.classes.setCurrentIndex(dlg.classes.findData(VSD))
    dlg.player.setCurrentIndex(dlg.player.findData(2))
    win.apply_assignment(dlg)
    ship = win.session.scene.ship("base-7")
    assert (ship.ship_class, ship.player) == (VSD, 2)
    # the assigned ship is drawn with its hull zones now
    assert any(s.layer == "hull_zones" and s.piece_id == "base-7" for s in win.view.overlay.shapes)
    win.undo()
    assert win.session.scene.ship("base-7").ship_class is None


class DeadCamera(FrameSource):
    live = True
    name = "7"

    def open(self):
        return False


def test_window_keeps_running_and_says_so_when_the_camera_is_gone(qtbot, catalog):
    cap = CaptureThread(DeadCamera())
    win = MainWindow(Session(catalog), cap, Pipeline(catalog, Calibration()))
    keep(qtbot, win)
    win.show()
    cap.start()
    qtbot.waitUntil(lambda: "reconnecting" in win.view.message, timeout=5000)
    assert win.view.message.startswith("Camera 7 not available")   # which source, by name
    n = win.view.paint_count
    qtbot.wait(100)
    win.view.repaint()
    assert win.view.paint_count > n                 # the GUI thread is not blocked
    win.close()


def test_flip_turns_the_bow_around(qtbot, catalog):
    scene = Scene(ships=(ShipPose("a", VSD, 1, 900.0, 300.0, 90.0),))
    win, cam = make_window(qtbot, catalog, scene)
    win.click_image(*cam.table_to_image([[900.0, 300.0]], 7.0)[0])
    win.flip_focused()
    # the detector could not tell the ends apart; the player says the bow is the other end
    assert win.session.scene.ship("a").heading_deg == pytest.approx(270.0)


def test_maneuver_preview_warns_of_the_overlap_and_shows_the_displaced_squadron(qtbot, catalog):
    from armada_vision.scene import SquadronPose

    # "a" at speed 2 straight ahead would end on "d": it stops at speed 1 and both ships take a
    # facedown damage card (RRG "Overlapping", p.14); the TIE in the way is lifted and placed
    scene = Scene(ships=(ShipPose("a", VSD, 1, 900.0, 300.0, 90.0, 2),
                         ShipPose("d", VSD, 2, 900.0, 480.0, 270.0, 2)),
                  squadrons=(SquadronPose("t", "tie-fighter-squadron", 2, 900.0, 400.0),))
    win, cam = make_window(qtbot, catalog, scene)
    win.click_image(*cam.table_to_image([[900.0, 300.0]], 7.0)[0])
    win.maneuver_panel.setChecked(True)
    win.maneuver_panel.speed.setValue(2)
    win.maneuver_panel.yaw.setText("0,0")
    win.maneuver_panel.apply.click()
    styles = [s.style for s in win.view.overlay.shapes if s.layer == "maneuver"]
    assert "tool" in styles and "overlap" in styles and "displaced" in styles
    labels = [s.label.format() for s in win.view.overlay.shapes if s.kind == "text"]
    assert any("overlap" in t and t.endswith("a, d") for t in labels)
    assert "a, d" in win.maneuver_panel.result.text()
    # an illegal course (3 clicks at one joint) shows the speed chart's reason instead
    win.maneuver_panel.yaw.setText("0,3")
    win.maneuver_panel.apply.click()
    assert win.maneuver_panel.result.text()
    assert not win.maneuver_panel.execute.isEnabled()


def test_clicking_a_defender_shows_its_attack_check(qtbot, catalog):
    from ui_helpers import two_ship_scene

    win, cam = make_window(qtbot, catalog, two_ship_scene())
    h = 7.0
    assert win.click_image(*cam.table_to_image([[900.0, 300.0 + 39.35]], h)[0]) == "attacker"
    assert win.click_image(*cam.table_to_image([[900.0, 600.0 - 39.35]], h)[0]) == "defender"
    check = win.session.selected_check()
    d = check.data
    # front token edges at y = 350.75 and 549.25: 198.5 mm apart, long range (187 < r <= 304.8),
    # where the VSD's front battery (3 red, 3 blue) rolls only its 3 red dice (RRG p.11)
    assert (d["attacking_zone"], d["defending_zone"]) == ("front", "front")
    assert d["range_mm"] == pytest.approx(198.5, abs=0.6)
    assert d["range_band"] == "long"
    assert d["dice"] == {"red": 3, "blue": 0, "black": 0}
    text = win.check_panel.label.text()
    assert "long (198." in text and "3 red" in text
    clear = [s for s in win.view.overlay.shapes if s.style == "los-clear" and s.emphasis]
    assert len(clear) == 1                                 # the chosen line is drawn bold


def test_demo_script_shows_the_blocked_shot(qtbot, catalog, small_demo, tmp_path):
    from armada_vision.ui.demo_script import DemoScript

    demo = small_demo
    steps = demo.sample.steps
    k = next(i for i, st in enumerate(steps) if st.key == "blocked")
    frame_index = demo.source.frame_steps.index(k)
    from armada_vision.gamelog import GameLog

    log = GameLog(tmp_path / "demo.sqlite")
    session = Session(catalog)
    win = MainWindow(session, None, Pipeline(catalog, Calibration(demo.camera, "exact")), log=log)
    keep(qtbot, win)
    win.set_script(DemoScript(steps, demo.source.frame_steps, catalog))
    demo.source.seek(frame_index)
    win.show_frame(demo.source.read())
    sel = win.session.selection
    assert (sel.attacker_id, sel.zone, sel.defender_id, sel.defender_zone) == ("vsd", "front", "neb", "rear")
    d = win.session.selected_check().data
    assert d["line_of_sight"] is False and d["blocked_by_zone"] == "front"
    styles = {(s.style, s.piece_id) for s in win.view.overlay.shapes}
    assert ("blocking-zone", "neb") in styles
    assert any(st == "los-blocked" for st, _ in styles)
    assert "no line of sight" in win.caption.text()
    # the step's scripted event went to the game log
    viewed = [e.data["payload"] for e in log.events() if e.type == "check-viewed"]
    assert {"attacker": "vsd", "attacking_zone": "front", "defender": "neb",
            "defending_zone": "rear"}.items() <= viewed[-1].items()


def test_dragging_a_misplaced_base_moves_it_and_delete_removes_it(qtbot, catalog):
    from ui_helpers import two_ship_scene

    win, cam = make_window(qtbot, catalog, two_ship_scene())
    h = 5.0
    start = cam.table_to_image([[900.0, 600.0]], h)[0]
    end = cam.table_to_image([[960.0, 620.0]], h)[0]
    win.view.pressed.emit(float(start[0]), float(start[1]), Qt.MouseButton.LeftButton.value)
    win.view.dragged.emit(float(end[0]), float(end[1]))
    win.view.released.emit(float(end[0]), float(end[1]))
    d = win.session.scene.ship("d")
    # the drag is measured on the base's plane: the base moved by the same 60 x 20 mm
    assert (d.x_mm, d.y_mm) == (pytest.approx(960.0, abs=0.5), pytest.approx(620.0, abs=0.5))
    win.delete_focused()
    assert [s.id for s in win.session.scene.ships] == ["a"]
    win.undo()
    assert [s.id for s in win.session.scene.ships] == ["a", "d"]


def test_imported_fleet_list_puts_its_classes_first_in_the_assign_dialog(qtbot, catalog):
    from armada_vision.ui.dialogs import FleetImportDialog

    # an unknown medium base of player 2, and player 2's fleet holds a Victory II
    scene = Scene(ships=(ShipPose("base-3", None, 2, 900.0, 600.0, 270.0, size_class="medium"),))
    win, cam = make_window(qtbot, catalog, scene)
    dlg = FleetImportDialog(catalog, win)
    dlg.player.setCurrentIndex(dlg.player.findData(2))
    dlg.text.setPlainText("Victory II-class Star Destroyer (73)\n- Gunnery Team (7)\n2 x TIE Fighter Squadron (16)")
    assert "Recognised: ships 1, squadrons 2." in dlg.summary.text()  # was "1 ships and 2"
    win.apply_fleet(dlg)
    assert win.roster[2] == [VSD, "tie-fighter-squadron"]
    win.click_image(*cam.table_to_image([[900.0, 600.0]], 5.0)[0])
    assign = win.assign_dialog()
    assert assign.classes.itemData(0) == VSD
    assert assign.player.currentData() == 2


class SlowPipeline(Pipeline):
    """A detector that needs a whole second per frame."""

    def process(self, frame):
        import time

        time.sleep(1.0)
        return super().process(frame)


def test_a_slow_detector_does_not_freeze_the_video(qtbot, catalog, small_demo):
    cap = CaptureThread(small_demo.source)
    win = MainWindow(Session(catalog), cap, SlowPipeline(catalog, Calibration(small_demo.camera, "exact")))
    keep(qtbot, win)
    win.show()
    win.start()
    qtbot.waitUntil(lambda: win._serial >= 2, timeout=5000)
    first = win._serial
    qtbot.wait(600)
    # new camera frames kept reaching the view (12 fps sample) while the pipeline was busy
    assert win._serial >= first + 3
    assert win._pserial <= 1
    qtbot.waitUntil(lambda: win.result is not None, timeout=5000)
    win.close()


def test_a_window_whose_camera_never_came_up_leaves_no_empty_game_in_the_log(qtbot, catalog,
                                                                             tmp_path):
    from types import SimpleNamespace

    from armada_vision.gamelog import GameLog
    from armada_vision.ui.app import open_log

    log = open_log(SimpleNamespace(no_log=False, log=str(tmp_path / "games.sqlite")), "live: 7")
    cap = CaptureThread(DeadCamera())
    win = MainWindow(Session(catalog), cap, Pipeline(catalog, Calibration()), log=log)
    keep(qtbot, win)
    win.show()
    cap.start()
    qtbot.waitUntil(lambda: "reconnecting" in win.view.message, timeout=5000)
    win.close()
    with GameLog(tmp_path / "games.sqlite", create=False) as again:
        assert again.games() == []   # `run --source 7` used to leave an empty "live: 7" row
