"""The main window: wires capture, pipeline, session, overlays, panels and the game log.

No rules or vision logic here: the pipeline makes scenes, the session (Qt-free) holds the user's
choices and asks the rules core, the overlay model makes shapes, the painter draws them.
"""

from __future__ import annotations

import dataclasses
import json
import math
import time
from typing import Any

from PyQt6.QtCore import QCoreApplication, QEvent, QObject, Qt, QTimer
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

from armada_vision.ui import hit as hitmod
from armada_vision.ui.capture import CaptureThread
from armada_vision.ui.empty_table_action import SHORTCUT as LEARN_SHORTCUT
from armada_vision.ui.empty_table_action import EmptyTableAction
from armada_vision.ui.game_model import GameModel
from armada_vision.ui.game_panel import GamePanel
from armada_vision.ui.i18n import choose_language, save_camera_uncertainty_mm, settings
from armada_vision.ui.panels import CheckPanel, LayerPanel, ManeuverPanel
from armada_vision.ui.pipeline import Pipeline, Result
from armada_vision.ui.processing import start_processing
from armada_vision.ui.recorder import Recorder
from armada_vision.ui.replay_model import CALIBRATION_NOTE, camera_to_json
from armada_vision.ui.session import Session
from armada_vision.ui.video_view import VideoView
from armada_vision.ui.window_actions import WindowActions
from armada_vision.ui.window_status import STATUS_REFRESH_S, WindowStatus

_CONTEXT = "MainWindow"
__all__ = ["STATUS_REFRESH_S", "MainWindow"]


def tr(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


def _event_json(event: Any) -> dict[str, Any]:
    if hasattr(event, "to_json"):
        return dict(event.to_json())
    if dataclasses.is_dataclass(event) and not isinstance(event, type):
        return json.loads(json.dumps(dataclasses.asdict(event), default=str))
    return {"event": str(event)}


class MainWindow(WindowActions, WindowStatus, QMainWindow):
    """``capture`` runs the frame source; ``pipeline`` makes scenes; ``session`` holds choices."""

    def __init__(self, session: Session, capture: CaptureThread | None, pipeline: Pipeline, *,
                 log: Any = None, title: str = "", tick_ms: int = 15):
        super().__init__()
        self.session, self.capture, self.pipeline = session, capture, pipeline
        self.camera = pipeline.calibration.camera
        self.frame_image: Any = None
        self.result_image: Any = None  # the frame of the last applied result (its scene's)
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
        # capture times (s, the capture thread's clock) of the frame shown and of the frame
        # the overlays were made from (processing thread); None before the first of each
        self._shown_t_s: float | None = None
        self._overlay_t_s: float | None = None
        self._first_shown_t_s: float | None = None  # the first frame shown
        self._logged_calib: str | None = None
        self._settled_scene: Any = None  # the scene Recorder.settle last saw (source ended)
        # the photo stored with an event is of the frame its scene was detected in: under load
        # the newest frame shown is seconds ahead of it (pieces already moved in the picture)
        self.recorder = Recorder(log, self._scene_image, lambda: self.session.scene)
        session.record = self.recorder
        self.recorder.on_stop = self.show_recording_stopped
        if pipeline is not None and getattr(pipeline, "fixed_scene", None) is not None:
            self.recorder.table_change = "loaded"
        self._recording_note = ""  # why recording stopped, kept under the picture
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
        # the status bar's labels leave its temporary messages no room ("Th" of a sentence
        # saying why the empty table is not used): they are shown whole, wrapped, here
        self.notice = QLabel()
        self.notice.setObjectName("notice")
        self.notice.setWordWrap(True)
        self.notice.setStyleSheet("padding: 2px 6px;")
        self.notice.setVisible(False)
        col.addWidget(self.notice)
        self.setCentralWidget(central)
        self.script: Any = None
        self._script_step = -1
        self._script_logged: set[int] = set()  # steps whose events are in the log
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
        self.game_panel = GamePanel(self.submit_game_event, self.start_game, self.attack_from_selection,
                                    move=self.session.squadron_move_event)
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
        # shrink it (then it scrolls). It widens when the panels come to need more (a focused
        # ship's buttons once a game runs), up to half the window.
        self._side, self._side_scroll, self._side_dock = side, scroll, dock
        self.resizeDocks([dock], [self._side_need_px()], Qt.Orientation.Horizontal)
        side.installEventFilter(self)

    def _side_need_px(self) -> int:
        """Dock width (px) that shows the side panels whole beside the vertical scroll bar."""
        scroll = self._side_scroll
        return (self._side.minimumSizeHint().width() + scroll.verticalScrollBar().sizeHint().width()
                + 2 * scroll.frameWidth())

    def eventFilter(self, obj: QObject | None, event: QEvent | None) -> bool:  # noqa: N802 - Qt API
        if obj is getattr(self, "_side", None) and event is not None and event.type() == QEvent.Type.LayoutRequest:
            self._widen_side()
        return super().eventFilter(obj, event)

    def _widen_side(self) -> None:
        need = self._side_need_px()
        if self._side_scroll.width() < need <= self.width() // 2:
            self.resizeDocks([self._side_dock], [need], Qt.Orientation.Horizontal)

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
            self._shown_t_s = frame.t_s
            if self._first_shown_t_s is None:
                self._first_shown_t_s = frame.t_s
            self._count_fps()
            self._update_status()
        pframe, result, pserial = self.processor.latest()
        if result is not None and pserial != self._pserial:
            self._pserial = pserial
            self._overlay_t_s = pframe.t_s if pframe is not None else None
            self.apply_result(pframe, result)
        self._show_overlay_lag()

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

    def _scene_image(self) -> Any:
        """The picture of the session's scene: the last processed frame, else the newest."""
        return self.result_image if self.result_image is not None else self.frame_image

    def apply_result(self, frame: Any, result: Result) -> None:
        """Take a processed frame's scene, calibration and events into the session."""
        self.result = result
        if frame is not None:
            self.result_image = frame.image
        self.camera = result.calibration.camera
        self._note_calibration(result.calibration)
        if result.background_note[0]:
            self.empty_table.show_refused(*result.background_note)
        if result.calibration_note[0]:
            self.show_calibration_note(*result.calibration_note)
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
            self._preview_box_says_shown()
            return
        st = self.script.at(frame.index)
        if st is None:
            return
        self.session.selection = st.selection
        self.session.script_maneuver = st.maneuver
        self._preview_box_says_shown()
        if st.move is not None:  # the preview's fields say the move drawn, not their default
            self.maneuver_panel.show_move(*st.move)
        if st.step != self._script_step:  # a new step: log what it shows, once a window
            self._script_step = st.step
            # (the sample loops: a breaker's 60 s log held its game 4+ times over)
            if st.step not in self._script_logged:
                self._script_logged.add(st.step)
                for event in st.events:
                    self.session.record(event)
        self.focus_id = st.selection.attacker_id
        caption = QCoreApplication.translate("DemoScript", st.caption)
        scene = self.session.scene
        if scene is not None:  # `demo --detect`: the detector may not have named a piece shown
            ids = {p.id for p in (*scene.ships, *scene.squadrons)}
            missing = [i for i in (st.selection.attacker_id, st.selection.defender_id)
                       if i and i not in ids]
            if missing:
                caption += " " + tr("({pieces}: not on the detected table, so not drawn)").format(
                    pieces=", ".join(missing))
        self.caption.setText(caption)
        self.caption.setVisible(True)

    def _preview_box_says_shown(self) -> None:
        """The Maneuver preview box is checked while a move is previewed, the sample's too (it
        was unchecked under a drawn tool and an active Execute); without emitting ``changed``:
        the user's own move (``session.maneuver``) stays as they set it."""
        panel = self.maneuver_panel
        shown = self.session.script_maneuver is not None or self.session.maneuver is not None
        if panel.isChecked() != shown:
            blocked = panel.blockSignals(True)
            try:
                panel.setChecked(shown)
            finally:
                panel.blockSignals(blocked)

    def _note_calibration(self, calib: Any) -> None:
        """Log the camera once per calibration kind, so a replay can draw the overlays."""
        if calib.camera is None or calib.kind == self._logged_calib:
            return
        cam = camera_to_json(calib.camera)
        if cam is not None:
            self._logged_calib = calib.kind
            payload = {"camera": cam, "kind": calib.kind}
            rep = calib.reprojection_mm
            if rep is not None and math.isfinite(rep):  # the replay's status bar says it again
                payload["reprojection_mm"] = round(float(rep), 3)
            self.session.record({"type": "note", "text": CALIBRATION_NOTE, "payload": payload})

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

    # ------------------------------------------------------------------ panels
    def _layers_changed(self) -> None:
        self.session.layers = self.layer_panel.layers()
        unc = self.layer_panel.uncertainty.value()
        if unc != self.session.uncertainty_mm and self.pipeline.fixed_scene is None:
            save_camera_uncertainty_mm(unc)  # the camera's threshold is a setting
        self.session.uncertainty_mm = unc
        self.view.show_legend = self.layer_panel.legend.isChecked()
        self.refresh_overlay()

    # ------------------------------------------------------------------ lifetime
    def closeEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        self.timer.stop()
        self.recorder.settle()  # a piece still moving is logged where it was last seen
        if self.processor is not None:
            self.processor.stop()
        if self.capture is not None:
            self.capture.stop()
        super().closeEvent(event)
