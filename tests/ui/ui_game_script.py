"""Plays a short game in a real window writing to a log, then waits to be killed (not a test).

Run as ``python ui_game_script.py LOG``; prints ``READY <n events>`` once everything is logged.
"""

import os
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))


def main(log_path: str) -> None:
    from PyQt6.QtWidgets import QApplication
    from ui_helpers import two_ship_scene

    from armada_vision import game
    from armada_vision.catalog import get_catalog
    from armada_vision.gamelog import GameLog

    app = QApplication([])
    catalog = get_catalog()

    class Bot:
        def addWidget(self, w):  # noqa: N802 - stands in for qtbot
            pass

        def waitExposed(self, w):  # noqa: N802
            app.processEvents()

    from ui_helpers import make_window

    log = GameLog(log_path)
    win, cam = make_window(Bot(), catalog, two_ship_scene(), log=log)
    win.start_game()
    win.submit_game_event(game.PhaseAdvanced())
    for ship in ("a", "d"):
        win.submit_game_event(game.DialsAssigned(ship, ("navigate", "repair", "squadron")))
    win.submit_game_event(game.PhaseAdvanced())
    win.submit_game_event(game.ShipActivated("a"))
    app.processEvents()
    print("READY", len(log.events()), flush=True)
    while True:
        app.processEvents()
        time.sleep(0.05)


if __name__ == "__main__":
    main(sys.argv[1])
