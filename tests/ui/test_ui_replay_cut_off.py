"""The replay window says what a logged event cut short (RRG "Commands" p.3: ending a ship's
activation ends that of the squadrons its squadron command activated, here before s1 attacked)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from ui_helpers import keep  # noqa: E402

from armada_vision import game  # noqa: E402
from armada_vision.gamelog import GameLog  # noqa: E402
from armada_vision.ui.replay_model import ReplayModel  # noqa: E402
from armada_vision.ui.replay_window import ReplayWindow  # noqa: E402
from armada_vision.ui.session import Session  # noqa: E402

CUT = ("ending a's activation ends that of s1, activated by its squadron command, before it "
       "attacked (RRG p.3)")


def test_the_replay_shows_the_squadron_activation_an_event_cut_short(qtbot, catalog, tmp_path):
    vsd = catalog.ship("victory-ii-star-destroyer")
    events = [game.GameStarted(), game.ShipAdded.from_class("a", vsd, 1, speed=2),
              game.ShipAdded.from_class("b", vsd, 2, speed=2),
              game.SquadronAdded("s1", "tie-fighter-squadron", 1, 3), game.PhaseAdvanced(),
              game.DialsAssigned("a", ("squadron", "repair", "navigate")),
              game.DialsAssigned("b", ("navigate",) * 3), game.PhaseAdvanced(),
              game.ShipActivated("a"), game.CommandResolved("a", "squadron", dial=True),
              game.SquadronsActivated(("s1",)), game.ActivationEnded("a")]
    path = tmp_path / "g.sqlite"
    with GameLog(path) as log:
        log.new_game("cut")
        for e in events:
            log.append(e)
    model = ReplayModel(GameLog(path, create=False))
    last = len(events) - 1
    assert model.step(last).warning.with_page() == CUT and model.step(last).refused is None
    assert model.step(last - 1).warning is None
    rw = ReplayWindow(Session(catalog, uncertainty_mm=0.0), model)
    keep(qtbot, rw)
    rw.show()
    rw.slider.setValue(last)
    assert rw.event_label.text().splitlines()[1:] == [f"Note: {CUT}"]
    rw.slider.setValue(last - 1)
    assert len(rw.event_label.text().splitlines()) == 1
