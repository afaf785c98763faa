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
    QMessageBox,
    QScrollArea,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from armada_vision import game
from armada_vision.game import RuleViolation
from armada_vision.ui import hit as hitmod
from armada_vision.ui.capture import CaptureThread
from armada_vision.ui.dialogs import AssignDialog, FleetImportDialog
from armada_vision.ui.fleet_list import roster_for_detection
from armada_vision.ui.game_model import GameModel, setup_events
from armada_vision.ui.game_panel import GamePanel
from armada_vision.ui.i18n import choose_language, settings
from armada_vision.ui.panels import CheckPanel, LayerPanel, ManeuverPanel
from armada_vision.ui.pipeline import Pipeline, Result
from armada_vision.ui.recorder import Recorder
from armada_vision.ui.replay_model import CALIBRATION_NOTE, camera_to_json
from armada_vision.ui.session import Session
from armada_vision.ui.video_view import VideoView

_CONTEXT = "MainWindow"
DRAG_PX = 6.0


def tr(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


def _event_json(event: Any) -> dict[str, Any]:
    if hasattr(event, "to_json"):
        return dict(event.to_json())
    if dataclasses.is_dataclass(event):
        return json.loads(json.dumps(dataclasses.asdict(event), default=str))
    return {"event": str(event)}


class MainWindow(QMainWindow):
    """``capture`` runs the frame source; ``pipeline`` makes scenes; ``session`` holds choices."""

    def __init__(self, session: Session, capture: CaptureThread | None, pipeline: Pipeline, *,
                 log: Any = None, title: str = "", tick_ms: int = 15):
        super().__init__()
        self.session, self.capture, self.pipeline = session, capture, pipeline
        self.camera = pipeline.calibration.camera
        self.frame_image = None
        self.result: Result | None = None
        self.focus_id: str | None = None
        self.roster: dict[int, list[str]] = {1: [], 2: []}  # class ids, for the assign dialog
        self.fleets: dict[int, list[Any]] = {1: [], 2: []}  # imported fleet list entries
        self._serial = -1
        self._press: tuple[float, float, hitmod.Hit | None] | None = None
        self._dragging = False
        self._shown = 0
        self._fps_t0, self._fps = time.monotonic(), 0.0
        self._logged_calib: str | None = None
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
        self._build_side()
        self._build_actions()
        self._build_menu()
        self._build_status()
        self.view.pressed.connect(self._on_press)
        self.view.dragged.connect(self._on_drag)
        self.view.released.connect(self._on_release)
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
        """Settings > Language: saved in QSettings, used from the next start on."""
        menu = self.menuBar().addMenu(tr("Settings"))
        langs = menu.addMenu(tr("Language"))
        names = {"en": "English", "de": "Deutsch", "cs": "Čeština"}
        current = choose_language()
        for code, name in names.items():
            act = langs.addAction(name)
            act.setCheckable(True)
            act.setChecked(code == current)
            act.triggered.connect(lambda _=False, c=code: self._set_language(c))

    def _set_language(self, code: str) -> None:
        settings().setValue("language", code)
        self.statusBar().showMessage(tr("The language changes at the next start."), 6000)

    def _build_status(self) -> None:
        sb = self.statusBar()
        self.lbl_source = QLabel()
        self.lbl_fps = QLabel()
        self.lbl_calib = QLabel()
        self.lbl_scene = QLabel()
        self.lbl_rules = QLabel()
        for w in (self.lbl_source, self.lbl_fps, self.lbl_calib, self.lbl_scene, self.lbl_rules):
            sb.addPermanentWidget(w)
        self.lbl_rules.setText(tr("Ruleset: {name}").format(name=self.session.ruleset_name))

    # ------------------------------------------------------------------ frames
    def tick(self) -> None:
        """Pull the newest frame (never waits for the camera) and refresh what changed."""
        if self.capture is None:
            return
        frame, serial = self.capture.latest()
        self._show_source_status()
        if frame is None or serial == self._serial:
            return
        self._serial = serial
        self.show_frame(frame)

    def show_frame(self, frame: Any) -> None:
        self.pipeline.track_events = []
        self.result = self.pipeline.process(frame)
        for ev in self.pipeline.track_events:  # pieces appearing, moving, picked up, named
            self.session.record({"type": "scene-changed", "payload": _event_json(ev)})
        self.camera = self.result.calibration.camera
        self._note_calibration(self.result.calibration)
        if self.result.scene is not None:
            self.session.set_detected(self.result.scene)
            self.recorder.scene_update(self.session.scene)
        self._follow_script(frame)
        self.frame_image = frame.image
        self.view.set_frame(frame.image)
        self.refresh_overlay()
        self._count_fps()

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
            self.view.set_overlay(self.session.overlay(self.camera))
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
        if status == "reconnecting":
            msg = tr("Camera not available: reconnecting in {s:.0f} s").format(s=cap.retry_in_s)
        elif status == "connecting":
            msg = tr("Connecting to the camera...")
        elif status == "ended":
            msg = tr("Source ended")
        else:
            msg = ""
        self.lbl_source.setText(msg or tr("Live"))
        self.view.message = msg if status != "ended" or self.frame_image is None else ""

    def _update_status(self) -> None:
        cap_fps = self.capture.fps if self.capture is not None else 0.0
        self.lbl_fps.setText(tr("{fps:.1f} fps (camera {cam:.1f})").format(fps=self._fps, cam=cap_fps))
        if self.result is not None:
            text, args = self.result.calibration.describe()
            self.lbl_calib.setText(tr("Calibration: {what}").format(
                what=QCoreApplication.translate("Pipeline", text).format(**args)))
            self.lbl_scene.setText(tr("Scene: {what}").format(
                what=QCoreApplication.translate("Pipeline", self.result.scene_kind)))
            template, targs = self.pipeline.tracker_message
            if template:
                try:
                    msg = QCoreApplication.translate("Tracker", template).format(**targs)
                except (KeyError, IndexError, ValueError):
                    msg = template
                self.lbl_calib.setToolTip(msg)
                if self.result.calibration.kind in ("lost", "none"):
                    self.lbl_calib.setText(self.lbl_calib.text() + " - " + msg)

    # ------------------------------------------------------------------ interaction
    def _hit(self, x: float, y: float) -> hitmod.Hit | None:
        if self.camera is None:
            return None
        return hitmod.hit_test(self.session.scene, self.session.catalog, self.camera, (x, y))

    def click_image(self, x: float, y: float, *, defender: bool = False) -> str:
        """Select at image pixel (x, y): attacker (and hull zone) or defender."""
        h = self._hit(x, y)
        if self.script is not None and self.act_follow.isChecked():
            self.act_follow.setChecked(False)  # the user takes over from the script
            self.session.script_maneuver = None
        what = self.session.click(h, as_defender=defender)
        self.focus_id = h.piece_id if h is not None else None
        self.refresh_overlay()
        return what

    def _on_press(self, x: float, y: float, button: int) -> None:
        self._press = (x, y, self._hit(x, y))
        self._dragging = False
        if button == Qt.MouseButton.RightButton.value:
            self.click_image(x, y, defender=True)
            self._press = None

    def _on_drag(self, x: float, y: float) -> None:
        if self._press is None or self._press[2] is None or self.camera is None:
            return
        x0, y0, h = self._press
        if not self._dragging and (abs(x - x0) + abs(y - y0)) < DRAG_PX:
            return
        self._dragging = True
        self.focus_id = h.piece_id

    def _on_release(self, x: float, y: float) -> None:
        if self._press is None:
            return
        x0, y0, h = self._press
        self._press = None
        if self._dragging and h is not None and self.camera is not None:
            self._dragging = False
            # move the piece's centre by the drag, measured on the table plane
            a = self.camera.image_to_table([[x0, y0]], 5.0)[0]
            b = self.camera.image_to_table([[x, y]], 5.0)[0]
            piece = self._piece(h.piece_id)
            if piece is not None:
                self.session.move_piece(h.piece_id, piece.x_mm + b[0] - a[0], piece.y_mm + b[1] - a[1])
            self.refresh_overlay()
            return
        self.click_image(x, y)

    def _piece(self, piece_id: str | None) -> Any:
        sc = self.session.scene
        for p in (*sc.ships, *sc.squadrons, *sc.obstacles):
            if p.id == piece_id:
                return p
        return None

    def _need_focus(self) -> Any:
        piece = self._piece(self.focus_id)
        if piece is None:
            self.statusBar().showMessage(tr("Click a piece first."), 4000)
        return piece

    def assign_dialog(self) -> AssignDialog | None:
        """The assign dialog for the focused piece (not shown; the caller runs ``exec``)."""
        piece = self._need_focus()
        if piece is None or not hasattr(piece, "player"):
            return None
        kind = "squadron" if hasattr(piece, "squadron_class") else "ship"
        current = getattr(piece, "squadron_class", None) or getattr(piece, "ship_class", None)
        return AssignDialog(self.session.catalog, piece.id, kind, player=piece.player,
                            size_class=getattr(piece, "size_class", None), current=current,
                            roster=self.roster.get(piece.player, []), parent=self)

    def assign_focused(self) -> None:
        dlg = self.assign_dialog()
        if dlg is not None and dlg.exec():
            self.apply_assignment(dlg)

    def apply_assignment(self, dlg: AssignDialog) -> None:
        class_id, player = dlg.value()
        self.session.assign(self.focus_id, class_id, player)
        self.refresh_overlay()

    def flip_focused(self) -> None:
        if self._need_focus() is not None:
            self.session.flip(self.focus_id)
            self.refresh_overlay()

    def delete_focused(self) -> None:
        if self._need_focus() is not None:
            self.session.delete_piece(self.focus_id)
            self.focus_id = None
            self.refresh_overlay()

    def import_fleet(self) -> None:
        dlg = FleetImportDialog(self.session.catalog, self)
        if dlg.exec():
            player = int(dlg.player.currentData())
            self.roster[player] = [e.class_id for e in dlg.entries]
            self.fleets[player] = list(dlg.entries)
            roster = roster_for_detection(self.fleets, self.session.catalog)
            if roster is not None:
                self.pipeline.set_roster(roster)
            self.session.record({"type": "note", "text": f"fleet list imported for player {player}",
                                 "payload": {"player": player, "classes": self.roster[player]}})

    def undo(self) -> None:
        if not self.session.undo():
            self.statusBar().showMessage(tr("Nothing to undo."), 3000)
        self.refresh_overlay()

    def show_violation(self, reason: str) -> None:
        """Refuse an illegal action: the rule's reason in the status bar and a message box."""
        self.statusBar().showMessage(reason, 8000)
        self.last_violation = reason
        box = QMessageBox(QMessageBox.Icon.Warning, tr("Not allowed"), reason, parent=self)
        box.setObjectName("violation")
        box.setModal(False)
        box.show()
        self._violation_box = box

    # ------------------------------------------------------------------ game
    def submit_game_event(self, event: Any) -> bool:
        """Apply a game event; an illegal one shows the rule's reason. Returns True if applied."""
        try:
            self.session.game_event(event)
        except RuleViolation as exc:
            self.show_violation(str(exc))
            return False
        self.refresh_overlay()
        return True

    def start_game(self) -> None:
        """Start a game with every classified piece on the table (setup)."""
        scene = self.session.scene
        unknown = [s.id for s in scene.ships if s.ship_class is None]
        if unknown:
            self.show_violation(tr("Assign a class to every ship first: {ids}").format(ids=", ".join(unknown)))
            return
        for event in setup_events(scene, self.session.catalog, ruleset=self.session.ruleset_name):
            if not self.submit_game_event(event):
                return

    def attack_from_selection(self) -> Any:
        """AttackDeclared for the attack check on show (attacker zone -> defender zone)."""
        check = self.session.selected_check()
        if check is None:
            self.statusBar().showMessage(tr("Choose an attacker and a defender first."), 4000)
            return None
        d = check.data
        return game.AttackDeclared(d["attacker"], d["defender"], d.get("attacking_zone"),
                                   d.get("defending_zone"), d.get("range_band"), d.get("distance_band"))

    # ------------------------------------------------------------------ panels
    def _layers_changed(self) -> None:
        self.session.layers = self.layer_panel.layers()
        self.session.uncertainty_mm = self.layer_panel.uncertainty.value()
        self.view.show_legend = self.layer_panel.legend.isChecked()
        self.refresh_overlay()

    def execute_maneuver(self) -> None:
        """Log the previewed maneuver and the damage its overlaps deal (RRG p.14)."""
        res = self.session.maneuver_result()
        if res is None:
            return
        for event in game.maneuver_events(res.to_json()):
            if not self.submit_game_event(event):
                return

    def _maneuver_changed(self) -> None:
        self.session.maneuver = self.maneuver_panel.value()
        self.refresh_overlay()

    def _show_maneuver(self) -> None:
        res = self.session.maneuver_result()
        self.maneuver_panel.execute.setEnabled(res is not None)
        if res is None:
            self.maneuver_panel.result.setText(self.session.maneuver_error)
            return
        d = res.to_json()
        lines = [tr("Final position: x {x:.0f} mm, y {y:.0f} mm, heading {h:.0f} deg").format(
            x=d["x_mm"], y=d["y_mm"], h=d["heading_deg"])]
        if d.get("damage_to"):
            lines.append(tr("Overlap: {ships} take a facedown damage card").format(
                ships=", ".join(d["damage_to"])))
        if d.get("displaced_squadrons"):
            lines.append(tr("Squadrons displaced: {ids}").format(ids=", ".join(d["displaced_squadrons"])))
        self.maneuver_panel.result.setText("\n".join(lines))

    # ------------------------------------------------------------------ lifetime
    def closeEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        self.timer.stop()
        if self.capture is not None:
            self.capture.stop()
        super().closeEvent(event)
