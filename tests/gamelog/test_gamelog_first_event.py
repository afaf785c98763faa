"""A game opened with ``game_on_first_event`` is written with its first event, not before: a
window that records nothing leaves no empty game row (``run --source 7`` without a camera)."""

import pytest

from armada_vision.errors import InputError
from armada_vision.gamelog import GameLog


def test_the_game_row_is_written_with_the_first_event(tmp_path):
    with GameLog(tmp_path / "g.sqlite") as log:
        log.game_on_first_event("live: 0", meta={"ruleset": "standard"})
        assert log.games() == [] and log.current_game is None
        seq = log.append({"type": "note", "text": "first"})
        games = log.games()
        assert seq == 1 and len(games) == 1
        assert games[0].title == "live: 0" and games[0].meta == {"ruleset": "standard"}
        assert log.current_game == games[0].id
        log.append({"type": "note", "text": "second"})
        assert len(log.games()) == 1 and len(log.events()) == 2


def test_an_explicit_new_game_replaces_the_pending_one(tmp_path):
    with GameLog(tmp_path / "g.sqlite") as log:
        log.game_on_first_event("pending")
        gid = log.new_game("night 2")
        log.append({"type": "note"})
        assert [g.title for g in log.games()] == ["night 2"] and log.current_game == gid


def test_bad_meta_is_refused_when_the_game_is_opened(tmp_path):
    with GameLog(tmp_path / "g.sqlite") as log, pytest.raises(InputError):
        log.game_on_first_event("x", meta={"bad": object()})
