"""Starting the window from the command line: the QApplication, language, screenshot, exit timer."""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import cv2
from PyQt6.QtCore import (
    QCoreApplication,
    QMessageLogContext,
    Qt,
    QTimer,
    QtMsgType,
    qInstallMessageHandler,
)
from PyQt6.QtWidgets import QApplication, QProgressDialog, QWidget

from armada_vision.errors import InputError
from armada_vision.ui.i18n import install_translator

# How long a closed window waits for the frame in the pipeline (a detection takes seconds).
PROCESSING_EXIT_WAIT_S = 60.0


def _report(kind: type[BaseException], exc: BaseException, tb: Any) -> None:
    """Print an unexpected error and keep the window running (PyQt6 would abort the process
    on an exception in a slot; one odd frame must not end a game)."""
    traceback.print_exception(kind, exc, tb)


def check_display(environ: Any = None, platform: str | None = None) -> None:
    """Raise ``InputError`` when Qt would abort the process for want of a display: on Linux
    with neither ``DISPLAY`` (X11) nor ``WAYLAND_DISPLAY`` set and no ``QT_QPA_PLATFORM`` chosen
    (Qt's own message is several lines ending in a core dump)."""
    env = os.environ if environ is None else environ
    if not (platform or sys.platform).startswith("linux") or env.get("QT_QPA_PLATFORM"):
        return
    if env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"):
        return
    raise InputError("no display to open the window on (DISPLAY and WAYLAND_DISPLAY are unset): "
                     "run it on a desktop, or headless with QT_QPA_PLATFORM=offscreen and "
                     "--exit-after SECONDS --screenshot FILE.png")


#: OpenCV threads in a window (``OPENCV_FOR_THREADS_NUM`` set in the environment wins). The
#: window already runs three busy threads (capture, processing, GUI); OpenCV's own pool on
#: top of them had its workers wait actively for work and fight those threads for the cores:
#: on the 2-core development machine at load 10, ``bench/pipeline.py`` worst case with 2
#: OpenCV threads against 1, in turns, took the same CPU (69.0-69.6 against 70.7-72.1 ms a
#: frame) but 1.4-2x the wall time (305-397 against 201-219 ms a frame).
WINDOW_OPENCV_THREADS = 1


def limit_opencv_threads(environ: Any = None) -> int:
    """Set OpenCV's thread count for a window to :data:`WINDOW_OPENCV_THREADS`, unless
    ``OPENCV_FOR_THREADS_NUM`` is set (OpenCV read it at start: left as it is). Returns the
    count in use."""
    env = os.environ if environ is None else environ
    if not env.get("OPENCV_FOR_THREADS_NUM"):
        cv2.setNumThreads(WINDOW_OPENCV_THREADS)
    return cv2.getNumThreads()


#: Qt messages that tell a user nothing: the offscreen platform (CI, ``--screenshot`` runs)
#: prints this one for every window shown.
QUIET_QT_MESSAGES = ("This plugin does not support propagateSizeHints()",)


def qt_message(mode: QtMsgType, context: QMessageLogContext, message: str | None) -> None:
    """Qt's message handler: Qt's own warnings go to stderr as Qt would print them, except
    :data:`QUIET_QT_MESSAGES`."""
    text = message or ""
    if any(text.startswith(quiet) for quiet in QUIET_QT_MESSAGES):
        return
    try:  # never raises: no stderr at all under pythonw or a GUI launcher (sys.stderr None)
        sys.stderr.write(text + "\n")
    except (OSError, ValueError, AttributeError):
        pass


def application(lang: str | None = None) -> QApplication:
    if QApplication.instance() is None:
        check_display()
    limit_opencv_threads()
    sys.excepthook = _report
    qInstallMessageHandler(qt_message)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    app.setApplicationName("armada-vision")
    app.setOrganizationName("armada-vision")
    install_translator(app, lang)  # --lang is for this run; Settings > Language saves
    return app


# Qt timers take int milliseconds: at most 2**31 - 1 ms (24.8 days)
MAX_EXIT_AFTER_S = (2**31 - 1) / 1000.0


def exit_after_seconds(text: str) -> float:
    """``--exit-after``: seconds, 0 .. :data:`MAX_EXIT_AFTER_S` (argparse type; NaN, a negative
    or a larger number is refused in one line: Qt's timer raised on NaN and on > 2**31 ms)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, got {text!r}") from None
    if not 0.0 <= value <= MAX_EXIT_AFTER_S:
        raise argparse.ArgumentTypeError(
            f"expected 0 to {MAX_EXIT_AFTER_S:.0f} seconds, got {text!r}")
    return value


def add_window_args(p: Any) -> None:
    """Options every window command shares."""
    p.add_argument("--lang", choices=["en", "de", "cs"],
                   help="language of the window (default: saved setting, else the system's)")
    p.add_argument("--exit-after", type=exit_after_seconds, metavar="SECONDS",
                   help="close the window after SECONDS (for tests and CI)")
    p.add_argument("--screenshot", metavar="FILE.png",
                   help="with --exit-after: save the window with its overlays to FILE.png first")


def prepare_rules(app: QApplication, catalog: Any, show_after_s: float = 0.5,
                  detection: bool = False) -> None:
    """Compile the rules core's kernels (``rules.compile_kernels``) before the window opens, so
    that the first selected ship does not freeze it: the first run after an install compiles
    for seconds (docs/rules.md), later runs load them from numba's cache well under a second.
    With ``detection`` the detector's compiled refits too (``vision.detect.compile_kernels``).

    Runs in a worker thread; past ``show_after_s`` a busy dialog says what is happening while
    Qt keeps processing events. A failure is reported in one line and the window opens anyway:
    the rules then compile on first use, as without this step.
    """
    try:
        from armada_vision.rules import compile_kernels
    except ImportError:
        return
    done = threading.Event()
    failed: list[BaseException] = []

    def work() -> None:
        try:
            compile_kernels(catalog)
            if detection:
                from armada_vision.vision.detect import compile_kernels as compile_detector

                compile_detector()
        except Exception as exc:  # noqa: BLE001 - reported below, the window opens anyway
            failed.append(exc)
        finally:
            done.set()

    threading.Thread(target=work, name="rules-compile", daemon=True).start()
    if not done.wait(show_after_s):
        dlg = QProgressDialog(QCoreApplication.translate(
            "App", "Preparing the rules engine (first run after an install only)..."), None, 0, 0)
        dlg.setWindowModality(Qt.WindowModality.ApplicationModal)
        dlg.setMinimumDuration(0)
        dlg.show()
        while not done.wait(0.05):
            app.processEvents()
        dlg.close()
    if failed:
        print(f"armada-vision: warning: could not prepare the rules engine ahead: {failed[0]}",
              file=sys.stderr)


def run_window(app: QApplication, window: QWidget, args: Any, ready: Any = None) -> int:
    """Show ``window`` and run the event loop; handles ``--exit-after`` and ``--screenshot``.

    ``ready()`` (optional) tells whether the window has painted what the screenshot needs; the
    screenshot waits for it up to the exit time.
    """
    window.show()
    status = {"code": 0}
    if args.exit_after is not None:
        def finish() -> None:
            if args.screenshot:
                window.repaint()
                app.processEvents()
                path = Path(args.screenshot)
                path.parent.mkdir(parents=True, exist_ok=True)
                if not window.grab().save(str(path)):
                    print(f"armada-vision: error: cannot write {path}", file=sys.stderr)
                    status["code"] = 2
            window.close()
            app.quit()

        QTimer.singleShot(int(max(args.exit_after, 0.0) * 1000), finish)
    with _ctrl_c_closes(app, window, status):
        app.exec()
    _wait_for_processing(window)
    _close_log(window)
    return status["code"]


def _close_log(window: QWidget) -> None:
    """Close the window's game log (``window.recorder.log``) once nothing writes to it. SQLite
    moves the events from the ``-wal`` file beside the log into the log itself only when its
    last connection closes; the window never closed it, so after every game the events sat in
    ``games.sqlite-wal`` and a copy of ``games.sqlite`` alone (to share or back up the game)
    held none of them. Left open while a frame is still being processed (it may log)."""
    processor = getattr(window, "processor", None)
    if processor is not None and processor.is_alive():
        return
    log = getattr(getattr(window, "recorder", None), "log", None)
    if log is not None and callable(getattr(log, "close", None)):
        log.close()


def _wait_for_processing(window: QWidget) -> None:
    """Let a frame still in the pipeline finish before the interpreter exits (the detector
    takes seconds on a 1080p frame; exiting in the middle of its OpenCV calls aborted the
    process with "terminate called without an active exception")."""
    processor = getattr(window, "processor", None)
    if processor is not None and processor.is_alive():
        processor.join(PROCESSING_EXIT_WAIT_S)


@contextmanager
def _ctrl_c_closes(app: QApplication, window: QWidget, status: dict[str, int]) -> Iterator[None]:
    """Ctrl-C in the terminal closes the window as its close button would (capture stopped,
    every event already in the log) and exits with status 130. Without this, the interrupt
    surfaced in whatever slot ran next, was printed as a traceback and ignored."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupted(_signum: int, _frame: Any) -> None:
        status["code"] = 130
        print("armada-vision: interrupted", file=sys.stderr)
        QTimer.singleShot(0, window.close)
        QTimer.singleShot(0, app.quit)

    previous = signal.signal(signal.SIGINT, interrupted)
    wake = QTimer()  # Python runs signal handlers only when it gets control back from Qt
    wake.timeout.connect(lambda: None)
    wake.start(200)
    try:
        yield
    finally:
        wake.stop()
        signal.signal(signal.SIGINT, previous)


def add_log_args(p: Any, default_name: str = "games.sqlite") -> None:
    p.add_argument("--log", metavar="FILE",
                   help=f"game log (SQLite); default ~/.local/share/armada-vision/{default_name}")
    p.add_argument("--no-log", action="store_true", help="do not record the game")


def open_log(args: Any, title: str = "", meta: dict[str, Any] | None = None) -> Any:
    """The GameLog for ``--log`` (or the default path) whose new game row is written with its
    first event (none when nothing is recorded), ``None`` with ``--no-log`` or when the
    game-log part is not installed (a warning is printed)."""
    if getattr(args, "no_log", False):
        return None
    try:
        from armada_vision.gamelog import GameLog
    except ImportError:
        print("armada-vision: warning: the game log is not available; not recording",
              file=sys.stderr)
        return None
    log = GameLog(args.log) if args.log else GameLog()  # default: default_log_path()
    note = unfinished_game_note(log)
    if note:
        print(f"armada-vision: note: {note}", file=sys.stderr)
    log.game_on_first_event(title, meta=meta or {})
    print(f"armada-vision: recording the game in {log.path}", file=sys.stderr)
    return log


def unfinished_game_note(log: Any) -> str:
    """One line naming the log's latest game when it was started and never ended (a window
    killed mid-game: its round, phase, dials, tokens and damage are in the log) and how to
    replay it; this run records a new game (it cannot be continued yet). ``""`` otherwise, or
    when the log cannot be read that far (its own errors come with the first event)."""
    from armada_vision.errors import InputError
    from armada_vision.gamelog import unfinished_game

    try:
        found = unfinished_game(log)
    except InputError:
        return ""
    if found is None:
        return ""
    info, state = found
    where = "setup" if state.round == 0 else f"round {state.round}, {state.phase} phase"
    return (f"game {info.id} in {log.path} was not finished ({where}, {info.event_count} "
            f"events); this run records a new game; to see that one: armada-vision replay "
            f"{log.path} --game {info.id}")
