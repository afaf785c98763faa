"""The window's "Learn the empty table now" (Table menu, Ctrl+E) and the status bar's note on
which empty table detection compares frames with.

The next ``LEARN_FRAMES`` camera frames are taken while the video goes on, checked and
averaged on a worker thread (``vision.empty_table.learn_empty_table``: refused when the table
markers are out of view, the table is not still, or pieces or hands are on it), handed to the
processing thread (``Pipeline.set_background``) and saved for the next game under the run's
calibration file (``vision.empty_table.save_background``). Progress, the verdict and where it
was saved go to the status bar; a refusal also opens a (non-modal) message box. Pieces seen
by the detector are only its word against the player's (without an empty table it can take a
mat's pattern for a base): that box offers "Learn it anyway".
"""

from __future__ import annotations

import sys
import threading
import time
from typing import Any, cast

from PyQt6.QtCore import QCoreApplication, QObject, QTimer
from PyQt6.QtWidgets import QMessageBox, QWidget

from armada_vision.ui.elided_label import ElidedLabel
from armada_vision.ui.i18n import local

_CONTEXT = "MainWindow"
LEARN_TIMEOUT_S = 5.0  # a source that stops giving frames: learn from those that came
SHORTCUT = "Ctrl+E"


def tr(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


def tr_empty(template: str, args: dict[str, Any]) -> str:
    """A ``vision.empty_table`` message in the window's language (context ``EmptyTable``)."""
    text = QCoreApplication.translate("EmptyTable", template)
    values = local(**args)
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError):
        return template.format(**values)


class EmptyTableAction(QObject):
    """Learns the empty table for ``window`` (a ``MainWindow``: its ``capture``, ``pipeline``,
    ``camera``, ``session`` and status bar). ``store_key``: the calibration file the learned
    picture is saved under (``run --table`` / ``--camera``; ``None``: used, not saved);
    ``store_folder`` overrides ``vision.empty_table.store_dir()`` (tests).

    ``label`` is the status bar's "Background: ..." note; ``last_message`` the last verdict
    shown; ``learned`` the last accepted ``Learned``."""

    def __init__(self, window: Any, *, frames: int | None = None):
        super().__init__(window)
        from armada_vision.vision.empty_table import LEARN_FRAMES

        self.window = window
        self.want = frames or LEARN_FRAMES
        self.store_key: str | None = None
        self.store_folder: Any = None
        self.label = ElidedLabel()
        self.label.setVisible(False)
        self.last_message = ""
        self.learned: Any = None
        self.state = "idle"  # idle, collecting, checking
        self._frames: list[Any] = []
        self._serial = -1
        self._t0 = 0.0
        self._result: list[Any] = []
        self._box: QMessageBox | None = None
        self.anyway_button: Any = None  # on the box refusing a table that is "not empty"
        self._printed: set[str] = set()  # refusal notes already printed on the terminal
        self._timer = QTimer(self)
        self._timer.timeout.connect(self._poll)

    # ------------------------------------------------------------------ status note
    def show_source(self, kind: str, **args: Any) -> None:
        """The status bar's note: ``kind`` is ``file`` (``file=``: ``run --background``),
        ``saved`` (``when=``: a picture saved by an earlier game), ``learned`` (``when=``:
        just now) or ``estimated`` (none: estimated from the frames)."""
        texts = {"file": tr("Background: {file}"), "saved": tr("Background: empty table saved {when}"),
                 "learned": tr("Background: empty table learned {when}"),
                 "estimated": tr("Background: estimated (Ctrl+E learns the empty table)")}
        self.label.setText(texts[kind].format(**args))
        self.label.setVisible(True)

    def show_loaded(self, files: list[str] | None, loaded: Any) -> None:
        """The note for what ``run`` chose: ``--background`` ``files``, else the saved picture
        ``loaded`` (``vision.empty_table.Loaded`` or ``None``); a saved one that was ignored
        says why in the status bar and the note's tooltip."""
        from pathlib import Path

        from armada_vision.vision.empty_table import NOTES

        if files:
            more = f" (+{len(files) - 1})" if len(files) > 1 else ""
            self.show_source("file", file=Path(files[0]).name + more)
            self.label.setToolTip("\n".join(files))
        elif loaded is not None and loaded.model is not None:
            self.show_source("saved", when=loaded.saved_at)
            self.label.setToolTip(str(loaded.path))
        else:
            self.show_source("estimated")
            if loaded is not None and loaded.note_key:
                note = tr_empty(NOTES[loaded.note_key], loaded.note_args)
                self.label.setToolTip(note)
                self._say(note, 20000)

    def show_refused(self, template: str, args: dict[str, Any]) -> None:
        """The empty table in use was refused against the camera's picture (the pipeline's
        ``Result.background_note``): detection estimates the mat now; the note says why."""
        note = tr_empty(template, args)
        if template not in self._printed:  # on the terminal once, as `run`'s other notes
            self._printed.add(template)
            print(f"armada-vision: note: {template.format(**args)}", file=sys.stderr)
        self.show_source("estimated")
        self.label.setToolTip(note)
        self._say(note, 20000)

    # ------------------------------------------------------------------ learning
    def start(self) -> None:
        """Start taking frames (the action's slot); refuses at once without a calibration or
        without detection (no detector, or ``run --scene``), and ignores a second press while
        learning."""
        from armada_vision.vision.empty_table import MESSAGES

        if self.state != "idle":
            return
        w = self.window
        if w.pipeline.fixed_scene is not None or (
                w.pipeline.detector is None and getattr(w.pipeline, "_make_detector", None) is None):
            self._refuse(MESSAGES["no_detector"], {})
            return
        calib = getattr(w.result, "calibration", None)
        if w.camera is None or getattr(calib, "kind", "") in ("lost", "none") or w.capture is None:
            self._refuse(MESSAGES["no_calibration"], {})
            return
        self.state, self._frames, self._t0 = "collecting", [], time.monotonic()
        self._serial = w.capture.latest()[1]  # frames from now on, not the one shown
        self._say(tr("Learning the empty table: keep hands off the table..."))
        self._timer.start(10)

    def _poll(self) -> None:
        if self.state == "collecting":
            frame, serial = self.window.capture.latest()
            if frame is not None and serial != self._serial:
                self._serial = serial
                self._frames.append(frame.image)
                self._say(tr("Learning the empty table: frame {n} of {total}...").format(
                    n=len(self._frames), total=self.want))
            if len(self._frames) >= self.want or time.monotonic() - self._t0 > LEARN_TIMEOUT_S:
                self._check()
        elif self.state == "checking" and self._result:
            self._timer.stop()
            self.state = "idle"
            self._finish(self._result.pop())

    def learn_anyway(self) -> None:
        """The player says the table is empty: learn the frames just refused as "not empty"
        without asking the detector (still checking the markers and stillness)."""
        if self.state == "idle" and self._frames:
            self._check(anyway=True)
            self._timer.start(10)

    def _check(self, anyway: bool = False) -> None:
        w = self.window
        layout = getattr(w.pipeline.tracker, "layout", None)
        area = getattr(layout, "play_area_mm", None) or w.session.scene.play_area_mm
        frames, camera, catalog = list(self._frames), w.camera, w.session.catalog
        self.state, self._result = "checking", []
        self._say(tr("Checking the empty table..."))

        def work() -> None:
            from armada_vision.vision.empty_table import learn_empty_table

            try:
                self._result.append(learn_empty_table(frames, camera, catalog,
                                                      play_area_mm=tuple(area), layout=layout,
                                                      anyway=anyway))
            except Exception as exc:  # noqa: BLE001 - reported in the window, the game goes on
                self._result.append(exc)

        threading.Thread(target=work, name="learn-empty-table", daemon=True).start()

    def _finish(self, learned: Any) -> None:
        from armada_vision.vision.empty_table import NOTES, save_background

        if isinstance(learned, Exception):
            self._refuse(tr("Not learned: {error}"), {"error": f"{type(learned).__name__}: {learned}"},
                         translated=True)
            return
        if learned.model is None:
            # The detector, without an empty table to compare with, can take a mat's own
            # pattern for a base (bench/empty_table.py): the player may overrule it.
            if learned.key != "not_empty":
                self._frames = []
            self._refuse(learned.template, learned.args, anyway=learned.key == "not_empty")
            return
        self.learned, self._frames = learned, []
        self.window.pipeline.set_background(learned.model)
        if self.store_key:
            path, why = save_background(learned, self.store_key, self.store_folder)
            note = (tr_empty(NOTES["saved_to"], {"path": str(path)}) if path is not None else
                    tr_empty(NOTES["not_saved"], {"reason": why}))
        else:
            path, note = None, tr_empty(NOTES["not_saved"], {"reason": tr(
                "no calibration file (run --table or --camera)")})
        self.show_source("learned", when=time.strftime("%H:%M"))
        self._say(tr_empty(learned.template, learned.args) + " " + note, 20000)
        record = getattr(self.window.session, "record", None)
        if callable(record):
            record({"type": "note", "text": "empty table learned",
                    "payload": {"frames": learned.args.get("frames"),
                                "saved": str(path) if path is not None else None}})

    def _refuse(self, template: str, args: dict[str, Any], *, translated: bool = False,
                anyway: bool = False) -> None:
        msg = template.format(**args) if translated else tr_empty(template, args)
        self._say(msg, 20000)
        box = QMessageBox(QMessageBox.Icon.Warning, tr("Learn the empty table"), msg,
                          parent=cast(QWidget, self.window))
        box.setObjectName("empty-table-refused")
        if anyway:
            box.setStandardButtons(QMessageBox.StandardButton.Cancel)
            self.anyway_button = box.addButton(tr("Learn it anyway"),
                                               QMessageBox.ButtonRole.AcceptRole)
            self.anyway_button.clicked.connect(self.learn_anyway)
        box.setModal(False)
        box.show()
        self._box = box

    def _say(self, msg: str, timeout_ms: int = 0) -> None:
        self.last_message = msg
        self.window.statusBar().showMessage(msg, timeout_ms)
