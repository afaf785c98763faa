"""Qt's own messages: the offscreen platform's "propagateSizeHints" line, printed for every
window a headless run shows, is kept off the terminal; every other Qt warning still shows."""

from __future__ import annotations

from PyQt6.QtCore import QtMsgType, qWarning
from PyQt6.QtWidgets import QWidget

from armada_vision.ui.app import QUIET_QT_MESSAGES, application, qt_message


def test_the_quiet_message_is_dropped_and_others_are_printed(capsys):
    qt_message(QtMsgType.QtWarningMsg, None, QUIET_QT_MESSAGES[0])
    qt_message(QtMsgType.QtWarningMsg, None, "QPainter::begin: Paint device returned engine == 0")
    qt_message(QtMsgType.QtWarningMsg, None, None)
    err = capsys.readouterr().err
    assert err == "QPainter::begin: Paint device returned engine == 0\n\n"


def test_the_window_application_installs_the_handler(capsys):
    app = application("en")
    widget = QWidget()
    widget.show()
    app.processEvents()
    qWarning(b"armada-vision test: a real Qt warning")
    widget.close()
    err = capsys.readouterr().err
    assert "armada-vision test: a real Qt warning" in err
    assert "propagateSizeHints" not in err


def test_no_stderr_at_all_is_no_error(monkeypatch):
    # pythonw and GUI launchers give sys.stderr None: the handler raised on every Qt message
    monkeypatch.setattr("sys.stderr", None)
    qt_message(QtMsgType.QtWarningMsg, None, "qt.qpa.xcb: a real Qt warning")
