"""An action the players undo in the window is gone from the log's game state too."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from ui_helpers import make_window, two_ship_scene  # noqa: E402

from armada_vision import game  # noqa: E402
from armada_vision.gamelog import GameLog  # noqa: E402


def test_the_logged_state_after_an_undo_is_the_windows_state(qtbot, catalog, tmp_path):
    log = GameLog(tmp_path / "g.sqlite")
    win, cam = make_window(qtbot, catalog, two_ship_scene(), log=log)
    win.start_game()
    assert win.submit_game_event(game.PhaseAdvanced())                 # Command Phase
    for ship in ("a", "d"):
        assert win.submit_game_event(game.DialsAssigned(ship, ("navigate", "repair", "squadron")))
    assert win.submit_game_event(game.PhaseAdvanced())                 # Ship Phase
    assert win.submit_game_event(game.ShipActivated("a"))
    win.undo()                                                          # "a" not activated after all
    shown = win.session.game.state
    assert shown.active_ship is None and shown.phase == "ship"
    logged = log.state()
    assert logged.active_ship is None
    assert logged.ship("a").dials == shown.ship("a").dials == ("navigate", "repair", "squadron")
    note = log.events()[-1]
    assert note.data["payload"] == {"undo": "game-event", "event": "ship-activated"}
