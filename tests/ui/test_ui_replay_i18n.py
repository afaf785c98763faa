"""The replay window speaks the players' language: its own strings and the event it shows."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from ui_helpers import keep  # noqa: E402

from armada_vision import game  # noqa: E402
from armada_vision.gamelog import GameLog  # noqa: E402
from armada_vision.ui.i18n import install_translator  # noqa: E402
from armada_vision.ui.replay_model import ReplayModel  # noqa: E402
from armada_vision.ui.replay_window import ReplayWindow  # noqa: E402
from armada_vision.ui.session import Session  # noqa: E402


@pytest.fixture
def lang(qapp):
    yield lambda code: install_translator(qapp, code)
    install_translator(qapp, "en")


@pytest.mark.parametrize("code, label, button, title", [
    ("de", "Ereignis 2 von 3: Spieler 1 stellt vsd-1 (victory-ii-star-destroyer) auf, "
           "Geschwindigkeit 2", "Nächstes Ereignis", "armada-vision: Wiedergabe"),
    ("cs", "Událost 2 z 3: Hráč 1 rozmisťuje vsd-1 (victory-ii-star-destroyer), rychlost 2",
           "Další událost", "armada-vision: přehrávání"),
])
def test_replay_window_shows_the_event_in_the_players_language(qtbot, catalog, tmp_path, lang,
                                                               code, label, button, title):
    lang(code)
    with GameLog(tmp_path / "g.sqlite") as log:
        log.new_game("")
        log.append(game.GameStarted())
        log.append(game.ShipAdded.from_class("vsd-1", catalog.ship("victory-ii-star-destroyer"),
                                             1, speed=2))
        log.append(game.PhaseAdvanced())
        rw = keep(qtbot, ReplayWindow(Session(catalog, uncertainty_mm=0.0), ReplayModel(log)))
        rw.show_step(1)
        assert rw.event_label.text() == label
        assert rw.btn_next.text() == button
        assert rw.windowTitle() == title
