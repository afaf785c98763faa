"""The window's status bar: source, frame rates, calibration, scene kind, setup and ruleset.

A mixin of :class:`~armada_vision.ui.window.MainWindow` (kept apart to keep both files short);
it uses the window's ``capture``, ``processor``, ``result``, ``session``, ``view`` and
``recorder``.
"""

from __future__ import annotations

import math
import sys
import time
from typing import TYPE_CHECKING, Any

from PyQt6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication
from PyQt6.QtGui import QPaintEvent
from PyQt6.QtWidgets import QSizePolicy, QStatusBar

from armada_vision.ui.elided_label import ElidedLabel
from armada_vision.ui.i18n import local

_CONTEXT = "MainWindow"
STATUS_REFRESH_S = 0.5  # the status bar's rates are written at most this often
CALIBRATION_NOTE_MS = 30_000  # how long a table fit's warning stays under the picture
#: the picture says how far its overlays are behind the video from this lag on (s): a slow
#: detector (a cold frame, a machine under load) shows overlays of a frame seconds old
OVERLAY_LAG_NOTE_S = 1.0
WHOLE_PX = 10_000  # an ElidedLabel's min_width_px that keeps its text whole


def tr(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


# ``rules.setup_checks`` rule ids (RRG p.16 "Setup", p.21 scout) as the status bar names them
SETUP_RULES = {
    "obstacle-in-setup-area": QT_TRANSLATE_NOOP("MainWindow", "obstacle inside the setup area"),
    "obstacle-beyond-distance-3-of-edges": QT_TRANSLATE_NOOP(
        "MainWindow", "obstacle beyond distance 3 of the edges"),
    "obstacle-beyond-distance-1-of-obstacles": QT_TRANSLATE_NOOP(
        "MainWindow", "obstacle beyond distance 1 of the other obstacles"),
    "ship-in-deployment-zone": QT_TRANSLATE_NOOP("MainWindow", "ship inside its deployment zone"),
    "squadron-within-distance-2-of-friendly-ship": QT_TRANSLATE_NOOP(
        "MainWindow", "squadron within distance 2 of a friendly ship"),
    "scout-beyond-distance-5-of-enemies": QT_TRANSLATE_NOOP(
        "MainWindow", "scout beyond distance 5 of enemy ships and squadrons"),
    "in-setup-area": QT_TRANSLATE_NOOP("MainWindow", "inside the setup area"),
}


def setup_status(rows: list[Any], uncertainty_mm: float) -> tuple[str, str]:
    """(status text, tooltip) for ``rules.setup_checks`` rows: the pieces that break a setup
    rule and those too close to its line to call (margin below ``uncertainty_mm``), each with
    how far it is from the line; ``("", "")`` without rows (an empty table)."""
    if not rows:
        return "", ""
    broken = [r for r in rows if not r.ok]
    unsure = [r for r in rows if r.ok and uncertainty_mm > 0 and r.margin_mm < uncertainty_mm]
    if not broken and not unsure:
        return tr("Setup: every piece placed legally"), ""
    lines = []
    for r in broken:
        rule = tr(SETUP_RULES.get(r.rule, r.rule))
        if not math.isfinite(r.margin_mm):  # nothing to measure to: its player has no ship
            lines.append(tr("{piece} breaks: {rule} (its player has no ship)").format(
                piece=r.piece, rule=rule))
            continue
        lines.append(tr("{piece} breaks: {rule} ({mm:.1f} mm off)").format(
            **local(piece=r.piece, rule=rule, mm=r.margin_mm)))
    for r in unsure:
        lines.append(tr("{piece} too close to call: {rule} ({mm:.1f} mm from the line)").format(
            **local(piece=r.piece, rule=tr(SETUP_RULES.get(r.rule, r.rule)), mm=r.margin_mm)))
    ids = list(dict.fromkeys(r.piece for r in broken + unsure))
    text = tr("Setup (RRG p.16): {n} broken, {m} too close to call: {ids}").format(
        n=len(broken), m=len(unsure), ids=", ".join(ids))
    return text, "\n".join(lines)


def tracker_text(template: str, args: dict) -> str:
    """A table tracker message (``_tracker.MESSAGES`` template and args) in the window's
    language; the English template as it is when a translation's fields do not fit."""
    try:
        return QCoreApplication.translate("Tracker", template).format(**local(**args))
    except (KeyError, IndexError, ValueError):
        return template


class NoticeStatusBar(QStatusBar):
    """A status bar that does not paint its temporary message: its permanent labels leave it
    no room (a sentence was cut to "Th"); the window shows it whole, wrapped, in its own line
    (``WindowStatus._show_notice``, on ``messageChanged``). ``currentMessage()`` still has it."""

    def paintEvent(self, event: QPaintEvent | None) -> None:  # noqa: N802 - Qt API
        if not self.currentMessage():
            super().paintEvent(event)


class WindowStatus:
    """Status-bar methods of the main window (attributes are the window's)."""

    capture: Any
    processor: Any
    result: Any
    session: Any
    view: Any
    recorder: Any
    empty_table: Any
    frame_image: Any
    _shown: int
    _fps_t0: float
    _fps: float
    _status_t: float
    _settled_scene: Any
    _shown_t_s: float | None
    _overlay_t_s: float | None
    _first_shown_t_s: float | None

    notice: Any
    if TYPE_CHECKING:  # provided by QMainWindow; a stub here would shadow it
        def statusBar(self) -> Any: ...  # noqa: N802 - Qt API
        def setStatusBar(self, bar: Any) -> None: ...  # noqa: N802 - Qt API

    def _build_status(self) -> None:
        self._calibration_notes_printed: set[str] = set()  # (show_calibration_note)
        self.setStatusBar(NoticeStatusBar())
        sb = self.statusBar()
        sb.messageChanged.connect(self._show_notice)
        # Elided labels: a long (German, Czech) status text is cut with "..." and shown whole in
        # its tooltip instead of widening the window or being cut off at the edge.
        # "Source ended" (in any language) must show whole; a long camera URL may be cut
        self.lbl_source = ElidedLabel(min_width_px=160)
        self.lbl_fps = ElidedLabel()
        self.lbl_calib = ElidedLabel()
        # short texts that say what the window works from are never cut (German cut them to
        # "Szene: erka…", "Regelwerk: rrg-…"): the long rates and calibration give way
        self.lbl_scene = ElidedLabel(min_width_px=WHOLE_PX)
        self.lbl_setup = ElidedLabel()
        self.lbl_rules = ElidedLabel(min_width_px=WHOLE_PX)
        # The rates and the calibration give way first: they take what the others leave
        # (size policy Ignored, stretch 1), so the background's hint ("Ctrl+E learns the
        # empty table", German 370 px) is cut only when the window is narrower than the
        # texts' whole widths (German at 1280 px cut it to "... den leeren Ti..." while the
        # rates kept 330 px)
        # (and so do the setup's broken rules, whose list is in its tooltip: a newcomer's
        # "Setup (RRG p.16): 14 broken..." pushed the calibration out of the bar)
        giving = (self.lbl_fps, self.lbl_calib, self.lbl_setup)
        for w in giving:
            w.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        for w in (self.lbl_source, self.lbl_fps, self.lbl_calib, self.lbl_scene,
                  self.lbl_setup, self.empty_table.label, self.lbl_rules):
            sb.addPermanentWidget(w, 1 if w in giving else 0)
        self.lbl_rules.setText(tr("Ruleset: {name}").format(name=self.session.ruleset_name))

    def _show_notice(self, text: str) -> None:
        """The status bar's temporary message (``showMessage``), whole and wrapped in the line
        under the picture; when it is cleared or times out, why recording stopped (if it did),
        else nothing."""
        text = text or getattr(self, "_recording_note", "")
        self.notice.setText(text)
        self.notice.setToolTip(text)
        self.notice.setVisible(bool(text))

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
            msg = tr("Camera {name} not available: reconnecting in {s:.0f} s").format(
                name=getattr(cap.source, "name", ""), **local(s=cap.retry_in_s))
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
            lag = self.overlay_lag_s()
            if self.processor is not None and lag is not None:
                # frames shown, frames the camera gave, frames processed (the others were
                # dropped while a frame was being processed: the newest wins), the last one's
                # time, and how much older the overlays' frame is than the frame shown
                self.lbl_fps.setText(tr("{fps:.1f} fps (camera {cam:.1f}, processed {rate:.1f}, {ms:.0f} ms; "
                                        "overlays {lag:.1f} s behind)").format(
                    **local(fps=self._fps, cam=cap_fps, rate=self.processor.rate_fps(), ms=self.processor.ms,
                            lag=lag)))
            elif self.processor is not None:
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
                msg = tracker_text(template, targs)
                self.lbl_calib.setToolTip(msg)
                if self.result.calibration.kind in ("lost", "none"):
                    calib += " - " + msg
            self.lbl_calib.setText(calib)
        self._show_setup_status()

    def show_calibration_note(self, template: str, args: dict) -> None:
        """A new table fit's warning (the pipeline's ``Result.calibration_note``, a table
        tracker ``MESSAGES`` template): the markers it used do not span the table. Shown under
        the picture for ``CALIBRATION_NOTE_MS`` and printed on the terminal once per text, as
        ``calibrate table`` says it."""
        english = template.format(**args)
        if english not in self._calibration_notes_printed:
            self._calibration_notes_printed.add(english)
            print(f"armada-vision: note: {english}", file=sys.stderr)
        self.statusBar().showMessage(tracker_text(template, args), CALIBRATION_NOTE_MS)

    def show_recording_stopped(self, exc: Any) -> None:
        """The game log refused a write (``Recorder.on_stop``; the recorder printed it on the
        terminal): say under the picture, for good, that recording stopped and why."""
        path = getattr(getattr(self.recorder, "log", None), "path", "")
        if getattr(exc, "why", "") == "full":
            note = tr("Recording stopped: the disk is full ({path}). The game goes on "
                      "unrecorded; the events before are kept. To record again, free space "
                      "and start with a new --log FILE.").format(path=path)
        else:
            note = tr("Recording stopped: the game log cannot be written ({error}). The game "
                      "goes on unrecorded; the events before are kept.").format(error=exc)
        self._recording_note = note
        self._show_notice(self.statusBar().currentMessage())

    def _show_setup_status(self) -> None:
        """While a started game is in its Setup: the setup rules each piece breaks or is too
        close to call (RRG p.16). Nothing before a game is started (a table shown mid-game, as
        the demo's, would read as two dozen broken rules) nor once the rounds have begun."""
        game = self.session.game
        phase = game.state.phase if game is not None and game.state.started else None
        scene, unc = self.session.scene, self.session.uncertainty_mm
        # called for every frame shown: the same scene (an identical object), threshold and
        # phase need nothing new
        last = getattr(self, "_setup_shown", None)
        if last is not None and last[0] is scene and last[1:] == (unc, phase):
            return
        self._setup_shown = (scene, unc, phase)
        text, tip = "", ""
        if phase == "setup":
            text, tip = setup_status(self.session.setup_rows(), unc)
        self.lbl_setup.setText(text)
        self.lbl_setup.setToolTip(tip)
        self.lbl_setup.setVisible(bool(text))

    def overlay_lag_s(self) -> float | None:
        """How much older (s) the frame the overlays were made from is than the frame shown
        (0 when they are of the same frame); None before the processing thread's first result
        (or without one: each frame is then processed as it is shown)."""
        if self._shown_t_s is None or self._overlay_t_s is None:
            return None
        return max(0.0, self._shown_t_s - self._overlay_t_s)

    def _show_overlay_lag(self) -> None:
        """Say on the picture how far the overlays are behind the video, from
        :data:`OVERLAY_LAG_NOTE_S` on (``VideoView.lag_note``), and, as long, that there are
        none yet while the first frame is processed (the detector's first look at the table
        takes about a second of CPU, several on a loaded machine)."""
        lag = self.overlay_lag_s()
        note = ""
        if lag is not None and lag >= OVERLAY_LAG_NOTE_S:
            note = tr("Overlays {s:.1f} s behind the video").format(**local(s=lag))
        elif lag is None and self.processor is not None and self._shown_t_s is not None and \
                self._first_shown_t_s is not None:
            waited = self._shown_t_s - self._first_shown_t_s
            if waited >= OVERLAY_LAG_NOTE_S:
                note = tr("No overlays yet: the first frame is being processed ({s:.0f} s)").format(
                    **local(s=waited))
        if note != self.view.lag_note:
            self.view.lag_note = note
            self.view.update()
