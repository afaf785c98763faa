"""The replay window: the main window fed from a game log, with a slider over its events."""

from __future__ import annotations

from typing import Any

from PyQt6.QtCore import QCoreApplication, Qt
from PyQt6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSlider,
    QVBoxLayout,
    QWidget,
)

from armada_vision.ui.capture import Frame
from armada_vision.ui.demo_source import draw_table
from armada_vision.ui.game_model import GameModel
from armada_vision.ui.pipeline import Calibration, Pipeline
from armada_vision.ui.replay_model import ReplayModel
from armada_vision.ui.rule_text import rule_text
from armada_vision.ui.session import Session
from armada_vision.ui.window import MainWindow
from armada_vision.vision.camera import TableCamera

_CONTEXT = "Replay"


def tr(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


def _describe(data: dict[str, Any], state: Any = None) -> str:
    try:
        from armada_vision.gamelog import ReportTr, describe_event
    except ImportError:
        return str(data.get("type", "?"))
    from armada_vision.ui.i18n import decimal_point

    return describe_event(data, ReportTr(QCoreApplication.translate, decimal_point()), state)


class ReplayWindow(MainWindow):
    """Steps through ``model`` (a :class:`ReplayModel`); nothing is recorded while replaying."""

    def __init__(self, session: Session, model: ReplayModel, *, title: str = ""):
        super().__init__(session, None, Pipeline(session.catalog, Calibration()), log=None,
                         title=title or "armada-vision: " + tr("replay"))
        self.model = model
        self.position = -1
        box = QWidget()
        lay = QVBoxLayout(box)
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setRange(0, max(len(model) - 1, 0))
        self.slider.valueChanged.connect(self.show_step)
        row = QHBoxLayout()
        self.btn_prev = QPushButton(tr("Previous event"))
        self.btn_next = QPushButton(tr("Next event"))
        self.btn_prev.clicked.connect(lambda: self.slider.setValue(self.slider.value() - 1))
        self.btn_next.clicked.connect(lambda: self.slider.setValue(self.slider.value() + 1))
        row.addWidget(self.btn_prev)
        row.addWidget(self.slider, 1)
        row.addWidget(self.btn_next)
        lay.addLayout(row)
        self.event_label = QLabel()
        lay.addWidget(self.event_label)
        dock = QDockWidget(tr("Replay"), self)
        dock.setObjectName("replay-dock")
        dock.setWidget(box)
        dock.setFeatures(QDockWidget.DockWidgetFeature.NoDockWidgetFeatures)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
        for act in (self.act_assign, self.act_flip, self.act_delete, self.act_import, self.act_undo):
            act.setEnabled(False)
        self.game_panel.setEnabled(False)
        self.lbl_fps.setVisible(False)
        self.lbl_source.setVisible(False)
        if len(model):
            self.show_step(0)
        else:  # said on the picture too, where "Waiting for the camera..." was
            empty = tr("This game has no events.")
            self.event_label.setText(empty)
            self.view.message = empty

    def show_step(self, i: int) -> None:
        if not 0 <= i < len(self.model):
            return
        self.position = i
        step = self.model.step(i)
        camera = step.camera
        # the calibration the recording window had (the sample game's is exact, a camera's not)
        calib = (Calibration(camera, step.calibration_kind, step.reprojection_mm)
                 if camera is not None else Calibration())
        image = step.snapshot
        if camera is None:
            camera = TableCamera.looking_down((1280, 720))
        if image is None:
            play = step.scene.play_area_mm if step.scene is not None else (1828.8, 914.4)
            image = draw_table(camera, play)
        self.pipeline = Pipeline(self.session.catalog,
                                 Calibration(camera, calib.kind, calib.reprojection_mm),
                                 fixed_scene=step.scene)
        self.session.game = GameModel(step.game_events)
        self.show_frame(Frame(image, i, 0.0, step.scene))
        self.session.selection = step.selection
        self.refresh_overlay()
        text = tr("Event {i} of {n}: {text}").format(
            i=i + 1, n=len(self.model), text=_describe(step.data, step.game_state))
        if step.refused is not None:
            # recorded before the rule was checked: shown, kept in the log, not applied
            text += "\n" + tr("Not applied to the game (the log keeps it): {reason}").format(
                reason=rule_text(step.refused if hasattr(step.refused, "template")
                                 else str(step.refused)))
        shot = self.model.index_of(step.snapshot_seq) if step.snapshot_seq is not None else None
        if shot is not None and shot != i:  # the pieces drawn may stand elsewhere in the photo
            text += "\n" + tr("Picture: the table at event {k} (the last photo before this "
                              "event); the overlays show event {i}").format(k=shot + 1, i=i + 1)
        if step.warning is not None:   # applied, but it cut something short (RRG p.3)
            text += "\n" + tr("Note: {reason}").format(reason=rule_text(step.warning))
        self.event_label.setText(text)
        if step.problem:  # a damaged part of the log: say so, keep stepping
            self.statusBar().showMessage(step.problem)
        if self.slider.value() != i:
            self.slider.setValue(i)
