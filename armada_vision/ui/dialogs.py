"""Dialogs: assign a class and player to a detected base; import a fleet list."""

from __future__ import annotations

from typing import Any

from PyQt6.QtCore import QCoreApplication
from PyQt6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from armada_vision.ui.fleet_list import FleetEntry, parse_fleet_list

_CONTEXT = "Dialogs"


def tr(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


class AssignDialog(QDialog):
    """Choose the class and player of piece ``piece_id`` (``kind``: ``ship`` or ``squadron``).

    Classes from imported fleet lists (``roster``) come first; for a ship base of a known size
    class only classes of that size are offered."""

    def __init__(self, catalog: Any, piece_id: str, kind: str, *, player: int = 1,
                 size_class: str | None = None, current: str | None = None,
                 roster: list[str] | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(tr("Assign piece {piece}").format(piece=piece_id))
        table = catalog.squadrons if kind == "squadron" else catalog.ships
        ids = sorted(table, key=lambda c: table[c].name)
        if kind == "ship" and size_class:
            same = [c for c in ids if table[c].size_class == size_class]
            ids = same or ids
        first = [c for c in (roster or []) if c in ids]
        ids = list(dict.fromkeys(first + ids))
        self.classes = QComboBox()
        for cid in ids:
            self.classes.addItem(table[cid].name, cid)
        if current in ids:
            self.classes.setCurrentIndex(ids.index(current))
        self.player = QComboBox()
        self.player.addItem(tr("Player 1"), 1)
        self.player.addItem(tr("Player 2"), 2)
        self.player.setCurrentIndex(0 if player == 1 else 1)
        form = QFormLayout()
        form.addRow(tr("Class"), self.classes)
        form.addRow(tr("Player"), self.player)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addLayout(form)
        lay.addWidget(buttons)

    def value(self) -> tuple[str, int]:
        return str(self.classes.currentData()), int(self.player.currentData())


class FleetImportDialog(QDialog):
    """Paste a fleet list (as fleet builders export it) for one player; shows what matched."""

    def __init__(self, catalog: Any, parent: QWidget | None = None):
        super().__init__(parent)
        self.catalog = catalog
        self.setWindowTitle(tr("Import fleet list"))
        self.player = QComboBox()
        self.player.addItem(tr("Player 1"), 1)
        self.player.addItem(tr("Player 2"), 2)
        self.text = QPlainTextEdit()
        self.text.setPlaceholderText("Victory II-class Star Destroyer (73)\n2 x TIE Fighter Squadron (16)")
        self.text.textChanged.connect(self._update)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        form = QFormLayout()
        form.addRow(tr("Player"), self.player)
        lay.addLayout(form)
        lay.addWidget(self.text)
        lay.addWidget(self.summary)
        lay.addWidget(buttons)
        self.entries: list[FleetEntry] = []
        self._update()

    def _update(self) -> None:
        self.entries, unmatched = parse_fleet_list(self.text.toPlainText(), self.catalog)
        ships = sum(e.count for e in self.entries if e.kind == "ship")
        sqs = sum(e.count for e in self.entries if e.kind == "squadron")
        msg = tr("Recognised: ships {ships}, squadrons {squadrons}.").format(ships=ships, squadrons=sqs)
        if unmatched:
            msg += " " + tr("Not in the catalog: {lines}").format(lines="; ".join(unmatched))
        self.summary.setText(msg)
