"""A game killed mid-play (``kill -9``) is named when the next ``run``/``demo --log`` starts, with
how to replay it: `run --log` started game 2 without a word about game 1 (its round, phase,
dials, tokens and damage are in the log)."""

from argparse import Namespace

from armada_vision import game
from armada_vision.gamelog import GameLog, unfinished_game
from armada_vision.ui.app import open_log


def _game(path, catalog):
    vsd = catalog.ship("victory-ii-star-destroyer")
    with GameLog(path) as log:
        gid = log.new_game("friday")
        for e in [game.GameStarted(rounds=1), game.ShipAdded.from_class("a", vsd, 1, speed=2),
                  game.ShipAdded.from_class("b", vsd, 2, speed=2), game.PhaseAdvanced()]:
            log.append(e)
        log.append({"type": "check-viewed", "payload": {}})
    return gid


def _ended_game(path):
    with GameLog(path) as log:
        log.new_game("a one-round game of no ships, played to its end")
        log.append(game.GameStarted(rounds=1))
        for _ in range(5):  # command, ship, squadron, status, ended
            log.append(game.PhaseAdvanced())


def test_the_next_run_names_the_unfinished_game(tmp_path, catalog, capsys):
    path = tmp_path / "g.sqlite"
    gid = _game(path, catalog)
    with GameLog(path, create=False) as log:
        info, state = unfinished_game(log)
        assert (info.id, state.round, state.phase) == (gid, 1, "command")
    log = open_log(Namespace(log=str(path), no_log=False), "next")
    log.close()
    err = capsys.readouterr().err.splitlines()
    assert err[0] == (f"armada-vision: note: game {gid} in {path} was not finished (round 1, "
                      f"command phase, 5 events); this run records a new game; to see that "
                      f"one: armada-vision replay {path} --game {gid}")
    assert err[1] == f"armada-vision: recording the game in {path}"


def test_a_finished_game_or_none_started_says_nothing(tmp_path, catalog, capsys):
    path = tmp_path / "g.sqlite"
    _ended_game(path)
    with GameLog(path) as log:
        assert log.state().phase == "ended"
        assert unfinished_game(log) is None
        log.new_game("a practice run")
        log.append({"type": "scene-changed", "payload": {"change": "detected", "pieces": 3}})
        assert unfinished_game(log) is None
    open_log(Namespace(log=str(path), no_log=False), "next").close()
    assert capsys.readouterr().err.splitlines() == [
        f"armada-vision: recording the game in {path}"]
