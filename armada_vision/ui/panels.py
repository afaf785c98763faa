"""Side panels: the attack check, the overlay layer toggles and the maneuver preview."""

from __future__ import annotations

import html
import re

from PyQt6.QtCore import QCoreApplication, pyqtSignal
from PyQt6.QtWidgets import (
    QCheckBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from armada_vision.ui.checks import CheckView
from armada_vision.ui.i18n import decimal_point, local
from armada_vision.ui.overlay_model import LAYER_NAMES, LAYER_TIPS, LAYERS

_CONTEXT = "Panels"


def tr(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


def _zone_name(zone: str | None) -> str:
    names = {
        "front": QCoreApplication.translate("Panels", "front"),
        "left": QCoreApplication.translate("Panels", "left"),
        "right": QCoreApplication.translate("Panels", "right"),
        "rear": QCoreApplication.translate("Panels", "rear"),
        "left-aux": QCoreApplication.translate("Panels", "left auxiliary"),
        "right-aux": QCoreApplication.translate("Panels", "right auxiliary"),
    }
    return names.get(zone or "", zone or "")


def _band_name(band: str | None) -> str:
    names = {
        "close": QCoreApplication.translate("Panels", "close"),
        "medium": QCoreApplication.translate("Panels", "medium"),
        "long": QCoreApplication.translate("Panels", "long"),
        "extreme": QCoreApplication.translate("Panels", "beyond long range"),
    }
    return names.get(band or "", band or "-")


def _yes(v: bool) -> str:
    return tr("yes") if v else tr("no")


def _possible(d: dict) -> str:
    """``yes``/``no`` for the check's ``valid``; a squadron's attack that arc, range, line of
    sight and dice allow is refused only by engagement (RRG p.6: an engaged squadron attacks a
    squadron it is engaged with rather than a ship, unless every engager has heavy; p.21:
    engaged with an escort, it cannot attack a squadron without escort), so that is said."""
    if d.get("valid"):
        return tr("yes")
    dice = sum(int(n or 0) for n in (d.get("dice") or {}).values())
    allowed = (d.get("in_arc") and d.get("line_of_sight") and dice > 0
               and not (d.get("obstructed") and dice <= 1))
    if allowed and d.get("attacking_zone") is None:
        return tr("no: engaged (RRG p.6; heavy and escort p.21)")
    return tr("no")


def check_html(check: CheckView | None, uncertainty_mm: float) -> str:
    """The attack check as an HTML table (translated), or a hint when nothing is chosen."""
    if check is None:
        return html.escape(tr("Click a ship's hull zone to choose the attacker, "
                              "then an enemy ship or squadron to see the attack check."), quote=False)
    d = check.data
    who = d["attacker"] + (f" ({_zone_name(d.get('attacking_zone'))})" if d.get("attacking_zone") else "")
    tgt = d["defender"] + (f" ({_zone_name(d.get('defending_zone'))})" if d.get("defending_zone") else "")
    dice = d.get("dice") or {}
    colours = {"red": QCoreApplication.translate("Panels", "red"),
               "blue": QCoreApplication.translate("Panels", "blue"),
               "black": QCoreApplication.translate("Panels", "black")}
    dice_txt = ", ".join(f"{n} {colours.get(c, c)}" for c, n in dice.items() if n) or tr("none")
    rows = [
        (tr("Attacker"), who),
        (tr("Defender"), tgt),
        (tr("In firing arc"), _yes(bool(d.get("in_arc")))),
        (tr("Range"), "{band} ({mm:.1f} mm)".format(
            **local(band=_band_name(d.get("range_band")), mm=d.get("range_mm", 0.0)))),
        (tr("Line of sight"), _yes(bool(d.get("line_of_sight")))),
    ]
    if d.get("blocked_by_zone"):
        rows.append((tr("Blocked by hull zone"), _zone_name(d["blocked_by_zone"])))
    obstructed = bool(d.get("obstructed"))
    rows.append((tr("Obstructed"), _yes(obstructed) + (
        f" ({', '.join(d.get('obstructed_by') or [])})" if obstructed else "")))
    left = sum(int(n or 0) for n in dice.values()) - 1  # the attacker's choice (RRG "Obstructed")
    rows.append((tr("Dice"), dice_txt + (" " + tr(
        "(obstructed: the attacker removes one of them, {n} left)").format(**local(n=max(left, 0)))
        if obstructed else "")))
    rows.append((tr("Attack possible"), _possible(d)))
    margin = d.get("margin_mm")
    if margin is not None:
        rows.append((tr("Margin"), "{mm:.1f} mm".format(**local(mm=float(margin)))))
    body = "".join(f"<tr><td><b>{html.escape(k, quote=False)}</b></td>"
                   f"<td>{html.escape(str(v), quote=False)}</td></tr>"
                   for k, v in rows)
    warn = ""
    if margin is not None and check.too_close_to_call(uncertainty_mm):
        warn = ("<p style='color:#c000c0'><b>" + html.escape(
            tr("Too close to call: the margin ({margin:.1f} mm) is below the measurement "
               "uncertainty ({unc:.1f} mm). Measure by hand.").format(
                **local(margin=float(margin), unc=uncertainty_mm))) + "</b></p>")
    return f"<table cellspacing='4'>{body}</table>{warn}"


class CheckPanel(QGroupBox):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(tr("Attack check"), parent)
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.label.setObjectName("check-text")
        lay = QVBoxLayout(self)
        lay.addWidget(self.label)
        self.show_check(None, 2.0)

    def show_check(self, check: CheckView | None, uncertainty_mm: float) -> None:
        self.label.setText(check_html(check, uncertainty_mm))


class LayerPanel(QGroupBox):
    """One check box per overlay layer, the legend toggle and the "too close" threshold.

    The check boxes stand close together (``ROW_SPACING_PX``) so that the side panels fit a
    1280x760 window before a game is started: the threshold row at the bottom was half cut off
    there in German (newcomer pass).
    """

    ROW_SPACING_PX = 2

    changed = pyqtSignal()

    def __init__(self, uncertainty_mm: float, parent: QWidget | None = None):
        super().__init__(tr("Overlays"), parent)
        lay = QVBoxLayout(self)
        lay.setSpacing(self.ROW_SPACING_PX)
        self.boxes: dict[str, QCheckBox] = {}
        for layer in LAYERS:
            box = QCheckBox(QCoreApplication.translate("Overlay", LAYER_NAMES[layer]))
            if layer in LAYER_TIPS:
                box.setToolTip(QCoreApplication.translate("Overlay", LAYER_TIPS[layer]))
            box.setChecked(True)
            box.toggled.connect(self.changed)
            self.boxes[layer] = box
            lay.addWidget(box)
        self.legend = QCheckBox(tr("Legend"))
        self.legend.setChecked(True)
        self.legend.toggled.connect(self.changed)
        lay.addWidget(self.legend)
        form = QFormLayout()
        self.uncertainty = QDoubleSpinBox()
        self.uncertainty.setRange(0.0, 20.0)
        self.uncertainty.setSingleStep(0.5)
        self.uncertainty.setSuffix(" mm")
        self.uncertainty.setValue(uncertainty_mm)
        self.uncertainty.valueChanged.connect(self.changed)
        form.addRow(tr("Too close to call below"), self.uncertainty)
        lay.addSpacing(4)  # the threshold is not one of the layers
        lay.addLayout(form)

    def layers(self) -> set[str]:
        return {k for k, b in self.boxes.items() if b.isChecked()}


def yaw_text(yaws: list[int], decimal_point: str) -> str:
    """Yaw clicks as the field shows them: ``"0, 1"``, or ``"0; 1"`` where the decimal point is a
    comma (German, Czech), where ``"0,1"`` reads as the number 0.1."""
    return ("; " if decimal_point == "," else ", ").join(str(int(v)) for v in yaws)


def parse_yaw(text: str) -> list[int] | None:
    """Whole numbers of clicks, one per joint, between ``;``, ``,`` or spaces (every language
    takes every form); ``None`` when a part is not a whole number."""
    parts = [p for p in re.split(r"[;,\s]+", text.strip()) if p]
    try:
        return [int(p) for p in parts]
    except ValueError:
        return None


class ManeuverPanel(QGroupBox):
    """Speed and yaw clicks for the selected ship's maneuver preview."""

    changed = pyqtSignal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(tr("Maneuver preview"), parent)
        self.setCheckable(True)
        self.setChecked(False)
        self.setToolTip(tr("Check to preview a move of the selected ship at this speed and "
                           "these yaw clicks; Execute logs it"))
        form = QFormLayout(self)
        self.speed = QSpinBox()
        self.speed.setRange(0, 4)
        self.speed.setValue(2)
        self.yaw = QLineEdit(yaw_text([0, 0], decimal_point()))
        self.yaw.setToolTip(tr("Yaw clicks per joint, one whole number each, separated by "
                               "semicolons or commas; positive turns to port"))
        self.speed.valueChanged.connect(self._show_yaw)  # before `changed`: the preview reads it
        self.yaw.editingFinished.connect(self._show_yaw)
        form.addRow(tr("Speed"), self.speed)
        form.addRow(tr("Yaw clicks"), self.yaw)
        row = QHBoxLayout()
        self.apply = QPushButton(tr("Preview"))
        self.execute = QPushButton(tr("Execute"))
        self.execute.setToolTip(tr("Log this maneuver and the damage from its overlaps"))
        self.execute.setEnabled(False)
        row.addWidget(self.apply)
        row.addWidget(self.execute)
        form.addRow(row)
        self.result = QLabel()
        self.result.setWordWrap(True)
        self.result.hide()  # no empty line under the buttons (see LayerPanel)
        form.addRow(self.result)
        for sig in (self.toggled, self.speed.valueChanged, self.apply.clicked):
            sig.connect(self.changed)

    def show_result(self, text: str) -> None:
        """The preview's outcome under the buttons; hidden while there is none."""
        self.result.setText(text)
        self.result.setVisible(bool(text))

    def show_move(self, speed: int, yaws: list[int] | tuple[int, ...] = (),
                  max_speed: int | None = None) -> None:
        """Show ``speed`` and ``yaws`` (clicks per joint) without emitting ``changed``: the
        move on show is someone else's (the sample's script, the selected ship's speed dial),
        so the fields must not disagree with it. ``max_speed`` (the ship's speed chart) bounds
        the speed box; ``None`` keeps the bounds."""
        blocked = self.speed.blockSignals(True)
        try:
            if max_speed is not None:
                self.speed.setMaximum(max(0, int(max_speed)))
            self.speed.setValue(int(speed))
            clicks = (list(yaws) + [0] * self.speed.value())[:self.speed.value()]
            self.yaw.setText(yaw_text(clicks, decimal_point()))
        finally:
            self.speed.blockSignals(blocked)

    def value(self) -> tuple[int, list[int]] | None:
        if not self.isChecked():
            return None
        speed = self.speed.value()
        return speed, self._yaws(speed)

    def _yaws(self, speed: int) -> list[int]:
        """The field's clicks for ``speed`` joints (missing ones 0; unreadable text all 0)."""
        yaws = parse_yaw(self.yaw.text()) or []
        return (yaws + [0] * speed)[:speed]

    def _show_yaw(self) -> None:
        """Write the clicks the preview uses back in the language's form (one per joint)."""
        if parse_yaw(self.yaw.text()) is not None:
            self.yaw.setText(yaw_text(self._yaws(self.speed.value()), decimal_point()))
