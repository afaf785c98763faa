"""The main window: wires capture, pipeline, session, overlays, panels and the game log.

No rules or vision logic here: the pipeline makes scenes, the session (Qt-free) holds the user's
choices and asks the rules core, the overlay model makes shapes, the painter draws them.
"""

from __future__ import annotations

import dataclasses
import json
import time
from typing import Any

from PyQt6.QtCore import QCoreApplication, Qt, QTimer
from PyQt6.QtGui import QAction, QKeySequence
from PyQt6.QtWidgets import (
    QDockWidget,
    QLabel,
    QMainWindow,
    QScrollArea,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from armada_vision import game
from armada_vision.ui import hit as hitmod
from armada_vision.ui.capture import CaptureThread
from armada_vision.ui.elided_label import ElidedLabel
from armada_vision.ui.empty_table_action import SHORTCUT as LEARN_SHORTCUT
from armada_vision.ui.empty_table_action import EmptyTableAction
from armada_vision.ui.game_model import GameModel
from armada_vision.ui.game_panel import GamePanel
from armada_vision.ui.i18n import choose_language, local, save_camera_uncertainty_mm, settings
from armada_vision.ui.panels import CheckPanel, LayerPanel, ManeuverPanel
from armada_vision.ui.pipeline import Pipeline, Result
from armada_vision.ui.processing import start_processing
from armada_vision.ui.recorder import Recorder
from armada_vision.ui.replay_model import CALIBRATION_NOTE, camera_to_json
from armada_vision.ui.rule_text import rule_text
from armada_vision.ui.session import Session
from armada_vision.ui.video_view import VideoView
from armada_vision.ui.window_actions import WindowActions

_CONTEXT = "MainWindow"
STATUS_REFRESH_S = 0.5  # the status bar's rates are written at most this often


def tr(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


def _event_json(event: Any) -> dict[str, Any]:
    if hasattr(event, "to_json"):
        return dict(event.to_json())
    if dataclasses.is_dataclass(event) and not isinstance(event, type):
        return json.loads(json.dumps(dataclasses.asdict(event), default=str))
    return {"event": str(event)}


class MainWindow(WindowActions, QMainWindow):
    """``capture`` runs the frame source; ``pipeline`` makes scenes; ``session`` holds choices."""

    def __init__(self, session: Session, capture: CaptureThread | None, pipeline: Pipeline, *,
                 log: Any = None, title: str = "", tick_ms: int = 15):
        super().__init__()
        self.session, self.capture, self.pipeline = session, capture, pipeline
        self.camera = pipeline.calibration.camera
        self.frame_image: Any = None
        self.result: Result | None = None
        self.focus_id: str | None = None
        self.roster: dict[int, list[str]] = {1: [], 2: []}  # class ids, for the assign dialog
        self.fleets: dict[int, list[Any]] = {1: [], 2: []}  # imported fleet list entries
        self._serial = -1
        self._pserial = -1
        self.processor: Any = None
        self._press: tuple[float, float, hitmod.Hit | None] | None = None
        self._dragging = False
        self._shown = 0
        self._fps_t0, self._fps = time.monotonic(), 0.0
        self._status_t = -STATUS_REFRESH_S  # when the rates were last written
        self._logged_calib: str | None = None
        self._settled_scene: Any = None  # the scene Recorder.settle last saw (source ended)
        self.recorder = Recorder(log, lambda: self.frame_image, lambda: self.session.scene)
        session.record = self.recorder
        self.setWindowTitle(title or "armada-vision")
        self.view = VideoView()
        self.caption = QLabel()
        self.caption.setObjectName("caption")
        self.caption.setWordWrap(True)
        self.caption.setStyleSheet("font-size: 13pt; padding: 4px;")
        self.caption.setVisible(False)
        central = QWidget()
        col = QVBoxLayout(central)
        col.setContentsMargins(0, 0, 0, 0)
        col.addWidget(self.caption)
        col.addWidget(self.view, 1)
        self.setCentralWidget(central)
        self.script: Any = None
        self._script_step = -1
        self._build_side()
        self.empty_table = EmptyTableAction(self)
        self._build_actions()
        self._build_menu()
        self._build_status()
        self.view.pressed.connect(self._on_press)
        self.view.dragged.connect(self._on_drag)
        self.view.released.connect(self._on_release)
        self.game_panel.refresh(self.session.game, None)
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.tick)
        self.timer.start(tick_ms)
        self.resize(1280, 760)

    # ------------------------------------------------------------------ building
    def _build_side(self) -> None:
        side = QWidget()
        lay = QVBoxLayout(side)
        self.check_panel = CheckPanel()
        self.layer_panel = LayerPanel(self.session.uncertainty_mm)
        self.maneuver_panel = ManeuverPanel()
        self.layer_panel.changed.connect(self._layers_changed)
        self.maneuver_panel.changed.connect(self._maneuver_changed)
        self.maneuver_panel.execute.clicked.connect(self.execute_maneuver)
        lay.addWidget(self.check_panel)
        self.session.game = self.session.game or GameModel()
        self.game_panel = GamePanel(self.submit_game_event, self.start_game, self.attack_from_selection)
        lay.addWidget(self.game_panel)
        lay.addWidget(self.maneuver_panel)
        lay.addWidget(self.layer_panel)
        lay.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidget(side)
        scroll.setWidgetResizable(True)
        dock = QDockWidget(tr("Table"), self)
        dock.setObjectName("side-dock")
        dock.setWidget(scroll)
        dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        # Opens as wide as the panels need in the chosen language (German labels are the longest),
        # so nothing is clipped and no horizontal scroll bar shows; a narrow window may still
        # shrink it (then it scrolls).
        self.resizeDocks([dock], [side.minimumSizeHint().width() + scroll.verticalScrollBar().sizeHint().width()
                                  + 2 * scroll.frameWidth()], Qt.Orientation.Horizontal)

    def _action(self, text: str, slot: Any, shortcut: Any = None) -> QAction:
        act = QAction(text, self)
        act.triggered.connect(slot)
        if shortcut is not None:
            act.setShortcut(QKeySequence(shortcut))
        self.addAction(act)
        return act

    def _build_actions(self) -> None:
        bar = QToolBar(tr("Actions"))
        bar.setObjectName("actions")
        self.addToolBar(bar)
        self.act_assign = self._action(tr("Assign class..."), self.assign_focused, "A")
        self.act_flip = self._action(tr("Flip bow"), self.flip_focused, "F")
        self.act_delete = self._action(tr("Delete piece"), self.delete_focused,
                                       QKeySequence.StandardKey.Delete)
        self.act_import = self._action(tr("Import fleet list..."), self.import_fleet)
        self.act_undo = self._action(tr("Undo"), self.undo, QKeySequence.StandardKey.Undo)
        self.act_follow = self._action(tr("Follow the sample"), lambda: None)
        self.act_follow.setCheckable(True)
        self.act_follow.setVisible(False)
        self.act_follow.setToolTip(tr("Show the sample game's shots and moves as it plays"))
        for act in (self.act_assign, self.act_flip, self.act_delete, self.act_import, self.act_undo,
                    self.act_follow):
            bar.addAction(act)

    def _build_menu(self) -> None:
        """Table > Learn the empty table now (``ui/empty_table_action.py``); Settings >
        Language: saved in QSettings, used from the next start on."""
        bar = self.menuBar()
        assert bar is not None
        table = bar.addMenu(tr("Table"))
        assert table is not None
        self.act_learn = self._action(tr("Learn the empty table now"), self.empty_table.start,
                                      LEARN_SHORTCUT)
        self.act_learn.setToolTip(tr("Clear the table first: detection compares frames with it"))
        table.addAction(self.act_learn)
        menu = bar.addMenu(tr("Settings"))
        assert menu is not None
        langs = menu.addMenu(tr("Language"))
        assert langs is not None
        names = {"en": "English", "de": "Deutsch", "cs": "Čeština"}
        current = choose_language()
        for code, name in names.items():
            act = langs.addAction(name)
            assert act is not None
            act.setCheckable(True)
            act.setChecked(code == current)
            act.triggered.connect(lambda _=False, c=code: self._set_language(c))

    def _set_language(self, code: str) -> None:
        settings().setValue("language", code)
        self.statusBar().showMessage(tr("The language changes at the next start."), 6000)

    def _build_status(self) -> None:
        sb = self.statusBar()
        # Elided labels: a long (German, Czech) status text is cut with "..." and shown whole in
        # its tooltip instead of widening the window or being cut off at the edge.
        self.lbl_source = ElidedLabel()
        self.lbl_fps = ElidedLabel()
        self.lbl_calib = ElidedLabel()
        self.lbl_scene = ElidedLabel()
        self.lbl_rules = ElidedLabel()
        for w in (self.lbl_source, self.lbl_fps, self.lbl_calib, self.lbl_scene,
                  self.empty_table.label, self.lbl_rules):
            sb.addPermanentWidget(w)
        self.lbl_rules.setText(tr("Ruleset: {name}").format(name=self.session.ruleset_name))

    # ------------------------------------------------------------------ frames
    def tick(self) -> None:
        """Show the newest camera frame and apply the newest pipeline result; never waits.

        With a processing thread (``start``), frames are shown as they arrive and results are
        applied as they come; without one, each new frame is processed here (tests, replay).
        """
        if self.capture is None:
            return
        self._show_source_status()
        # the capture thread resizes each frame for the picture (GUI thread: only draws it)
        self.capture.display_size = self.view.picture_size()
        frame, serial = self.capture.latest()
        if self.processor is None:
            if frame is not None and serial != self._serial:
                self._serial = serial
                self.show_frame(frame)
            return
        if frame is not None and serial != self._serial:
            self._serial = serial
            self.frame_image = frame.image
            self.view.set_frame(frame.image, frame.display)
            self._count_fps()
            self._update_status()
        pframe, result, pserial = self.processor.latest()
        if result is not None and pserial != self._pserial:
            self._pserial = pserial
            self.apply_result(pframe, result)

    def start(self) -> None:
        """Start capturing and processing on their own threads (the live window)."""
        if self.capture is None:
            return
        if not self.capture.is_alive():
            self.capture.start()
        self.processor = start_processing(self.capture, self.pipeline)

    def show_frame(self, frame: Any) -> None:
        """Process ``frame`` here and show it with its overlays (synchronous)."""
        self.frame_image = frame.image
        self.view.set_frame(frame.image, frame.display)
        self.apply_result(frame, self.pipeline.process(frame))
        self._count_fps()

    def apply_result(self, frame: Any, result: Result) -> None:
        """Take a processed frame's scene, calibration and events into the session."""
        self.result = result
        self.camera = result.calibration.camera
        self._note_calibration(result.calibration)
        if result.scene is not None:
            self.session.set_detected(result.scene)
        # logged with the scene they belong to (a piece "added" is on it), not the last frame's
        for ev in result.track_events:  # pieces appearing, moving, picked up, named
            self.recorder.track_event({"type": "scene-changed", "payload": _event_json(ev)})
        if result.scene is not None:
            self.recorder.scene_update(self.session.scene)
        self._follow_script(frame)
        self.refresh_overlay()

    def set_script(self, script: Any) -> None:
        """Follow a sample game's script: its captions, shots and moves (demo only)."""
        self.script = script
        self.act_follow.setVisible(script is not None)
        self.act_follow.setChecked(script is not None)

    def _follow_script(self, frame: Any) -> None:
        if self.script is None or not self.act_follow.isChecked():
            self.session.script_maneuver = None
            return
        st = self.script.at(frame.index)
        if st is None:
            return
        self.session.selection = st.selection
        self.session.script_maneuver = st.maneuver
        if st.step != self._script_step:  # a new step: log what it shows, once
            self._script_step = st.step
            for event in st.events:
                self.session.record(event)
        self.focus_id = st.selection.attacker_id
        self.caption.setText(QCoreApplication.translate("DemoScript", st.caption))
        self.caption.setVisible(True)

    def _note_calibration(self, calib: Any) -> None:
        """Log the camera once per calibration kind, so a replay can draw the overlays."""
        if calib.camera is None or calib.kind == self._logged_calib:
            return
        cam = camera_to_json(calib.camera)
        if cam is not None:
            self._logged_calib = calib.kind
            self.session.record({"type": "note", "text": CALIBRATION_NOTE,
                                 "payload": {"camera": cam, "kind": calib.kind}})

    def refresh_overlay(self) -> None:
        if self.camera is not None:
            try:
                self.view.set_overlay(self.session.overlay(self.camera))
            except Exception as exc:  # noqa: BLE001 - keep the video up; say what failed
                self.statusBar().showMessage(tr("Overlay failed: {error}").format(
                    error=f"{type(exc).__name__}: {exc}"), 5000)
        self.check_panel.show_check(self.session.selected_check(), self.session.uncertainty_mm)
        self._show_maneuver()
        self.game_panel.refresh(self.session.game, self.focus_id)
        self._update_status()
        self.view.update()

    def _count_fps(self) -> None:
        self._shown += 1
        now = time.monotonic()
        if now - self._fps_t0 >= 1.0:
            self._fps = self._shown / (now - self._fps_t0)
            self._shown, self._fps_t0 = 0, now

    def _show_source_status(self) -> None:
        cap = self.capture
        status = cap.status if cap is not None else "ended"
        if status == "reconnecting" and cap is not None:
            msg = tr("Camera not available: reconnecting in {s:.0f} s").format(**local(s=cap.retry_in_s))
        elif status == "connecting":
            msg = tr("Connecting to the camera...")
        elif status == "ended":
            msg = tr("Source ended")
            # no more frames: the table as last seen is final (once per scene, not per tick;
            # a frame still being processed when the source ended brings a new scene)
            scene = self.session.scene
            if self.frame_image is not None and scene is not self._settled_scene:
                self._settled_scene = scene
                self.recorder.settle()
        else:
            msg = ""
        self.lbl_source.setText(msg or tr("Live"))
        self.view.message = msg if status != "ended" or self.frame_image is None else ""

    def _update_status(self) -> None:
        """The status bar's texts. The rates are written at most every ``STATUS_REFRESH_S``
        (they change at every frame, and a label whose text changes is laid out and painted
        again: ~1.1 ms of the window's thread each time at load 18, twice a frame); a label is
        given only a text that differs from the one it shows."""
        now = time.monotonic()
        if now - self._status_t >= STATUS_REFRESH_S:
            self._status_t = now
            cap_fps = self.capture.fps if self.capture is not None else 0.0
            if self.processor is not None:
                # frames shown, frames the camera gave, frames processed (the others were
                # dropped while a frame was being processed: the newest wins) and the last one's time
                self.lbl_fps.setText(tr("{fps:.1f} fps (camera {cam:.1f}, processed {rate:.1f}, {ms:.0f} ms)").format(
                    **local(fps=self._fps, cam=cap_fps, rate=self.processor.rate_fps(), ms=self.processor.ms)))
            else:
                self.lbl_fps.setText(tr("{fps:.1f} fps (camera {cam:.1f})").format(
                    **local(fps=self._fps, cam=cap_fps)))
        if self.result is not None:
            text, args = self.result.calibration.describe()
            calib = tr("Calibration: {what}").format(
                what=QCoreApplication.translate("Pipeline", text).format(**local(**args)))
            self.lbl_scene.setText(tr("Scene: {what}").format(
                what=QCoreApplication.translate("Pipeline", self.result.scene_kind)))
            template, targs = self.result.tracker_message
            if template:
                try:
                    msg = QCoreApplication.translate("Tracker", template).format(**local(**targs))
                except (KeyError, IndexError, ValueError):
                    msg = template
                self.lbl_calib.setToolTip(msg)
                if self.result.calibration.kind in ("lost", "none"):
                    calib += " - " + msg
            self.lbl_calib.setText(calib)

    # ------------------------------------------------------------------ panels
    def _layers_changed(self) -> None:
        self.session.layers = self.layer_panel.layers()
        unc = self.layer_panel.uncertainty.value()
        if unc != self.session.uncertainty_mm and self.pipeline.fixed_scene is None:
            save_camera_uncertainty_mm(unc)  # the camera's threshold is a setting
        self.session.uncertainty_mm = unc
        self.view.show_legend = self.layer_panel.legend.isChecked()
        self.refresh_overlay()

    def execute_maneuver(self) -> None:
        """Log the previewed maneuver, the damage its overlaps deal (RRG p.14) and what the
        obstacles it ends on do (p.12)."""
        res = self.session.maneuver_result()
        if res is None:
            return
        # with the obstacles' kinds: an asteroid field deals a faceup damage card, a gravity
        # rift sets the speed dial to 0 (RRG "Obstacles", p.12)
        kinds = self.session.obstacle_kinds()
        for event in game.maneuver_events(res.to_json(), obstacle_kinds=kinds):
            if not self.submit_game_event(event):
                return

    def _maneuver_changed(self) -> None:
        self.session.maneuver = self.maneuver_panel.value()
        self.refresh_overlay()

    def _show_maneuver(self) -> None:
        res = self.session.maneuver_result()
        self.maneuver_panel.execute.setEnabled(res is not None)
        if res is None:
            self.maneuver_panel.result.setText(rule_text(self.session.maneuver_error))
            return
        d = res.to_json()
        lines = [tr("Final position: x {x:.0f} mm, y {y:.0f} mm, heading {h:.0f} deg").format(
            **local(x=d["x_mm"], y=d["y_mm"], h=d["heading_deg"]))]
        if d.get("damage_to"):
            lines.append(tr("Overlap: {ships} take a facedown damage card").format(
                ships=", ".join(d["damage_to"])))
        if d.get("displaced_squadrons"):
            lines.append(tr("Squadrons displaced: {ids}").format(ids=", ".join(d["displaced_squadrons"])))
        if d.get("gravity_rifts"):      # RRG "Obstacles" p.12
            lines.append(tr("Gravity rift at distance 1-2 ({ids}): speed {speed} reduced by one "
                            "for this maneuver").format(ids=", ".join(d["gravity_rifts"]),
                                                        speed=d["speed"]))
        if d.get("on_gravity_rift"):
            lines.append(tr("Ends on a gravity rift: speed dial set to 0"))
        self.maneuver_panel.result.setText("\n".join(lines))

    # ------------------------------------------------------------------ lifetime
    def closeEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        self.timer.stop()
        self.recorder.settle()  # a piece still moving is logged where it was last seen
        if self.processor is not None:
            self.processor.stop()
        if self.capture is not None:
            self.capture.stop()
        super().closeEvent(event)
