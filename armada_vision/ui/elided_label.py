"""A status-bar label that never widens the window: a text too long for its room ends in "…",
and the whole text is in its tooltip (German and Czech status texts are long)."""

from __future__ import annotations

from PyQt6.QtCore import QSize, Qt
from PyQt6.QtGui import QPainter, QPaintEvent, QResizeEvent
from PyQt6.QtWidgets import QLabel, QSizePolicy, QWidget

MIN_WIDTH_PX = 48


class ElidedLabel(QLabel):
    """``setText`` keeps the whole text (``text()`` returns it); painting elides it to the width.
    ``setToolTip`` sets an extra tooltip line, shown under the whole text when it is cut."""

    def __init__(self, parent: QWidget | None = None, *, min_width_px: int = MIN_WIDTH_PX):
        super().__init__(parent)
        self._tip = ""
        self._min_width_px = min_width_px  # cut only beyond this width (px)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)

    def setText(self, text: str | None) -> None:  # noqa: N802 - Qt API
        """Show ``text``; the same text again changes nothing (no eliding, no tooltip)."""
        if (text or "") == self.text():
            return
        super().setText(text or "")
        self._update_tip()

    def setToolTip(self, tip: str | None) -> None:  # noqa: N802 - Qt API
        if (tip or "") == self._tip:
            return
        self._tip = tip or ""
        self._update_tip()

    def shown_text(self) -> str:
        """The text as painted at the current width (ends in "…" when cut)."""
        return self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight,
                                             max(0, self.contentsRect().width()))

    def is_elided(self) -> bool:
        return self.shown_text() != self.text()

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt API
        hint = super().minimumSizeHint()
        return QSize(min(self._min_width_px, hint.width()), hint.height())

    def resizeEvent(self, event: QResizeEvent | None) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self._update_tip()

    def paintEvent(self, event: QPaintEvent | None) -> None:  # noqa: N802 - Qt API
        p = QPainter(self)
        try:
            p.setPen(self.palette().color(self.foregroundRole()))
            p.drawText(self.contentsRect(), int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                       self.shown_text())
        finally:
            p.end()

    def _update_tip(self) -> None:
        lines = [self.text()] if self.is_elided() else []
        if self._tip and self._tip not in lines:
            lines.append(self._tip)
        super().setToolTip("\n".join(lines))
