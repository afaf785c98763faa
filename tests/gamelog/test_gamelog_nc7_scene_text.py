"""A logged change of the table says what changed (newcomer 7: the report of a 40 s run on the
sample video listed "Table changed" 37 times, the piece and where only in each event's raw
JSON). The payloads are the ones the window logs: the table tracker's (vision.track), a
player's corrections (ui/session.py) and the recorder's settled scene (ui/recorder.py)."""

import pytest

from armada_vision.gamelog import describe_event
from armada_vision.ui.i18n import translate_function


def _text(payload, tr=None):
    return describe_event({"type": "scene-changed", "payload": payload}, tr)


@pytest.mark.parametrize("payload, text", [
    ({"kind": "added", "id": "ship-1", "t_s": 2671.848, "piece": "ship", "x_mm": 229.85,
      "y_mm": 780.08, "heading_deg": 270.2}, "Table changed: ship-1 seen at x 230 mm, y 780 mm"),
    ({"kind": "moved", "id": "squadron-3", "piece": "squadron", "x_mm": 1150.4, "y_mm": 801.3,
      "from_mm": [1100.0, 790.0]}, "Table changed: squadron-3 moved to x 1150 mm, y 801 mm"),
    ({"kind": "removed", "id": "obstacle-2", "piece": "obstacle"},
     "Table changed: obstacle-2 no longer on the table"),
    ({"piece": "ship-2", "change": "assigned", "ship_class": "cr90-corvette-a", "player": 2},
     "Table changed: ship-2 assigned cr90-corvette-a, player 2"),
    ({"piece": "squadron-1", "change": "assigned", "squadron_class": "x-wing-squadron",
      "player": 2}, "Table changed: squadron-1 assigned x-wing-squadron, player 2"),
    ({"piece": "ship-2", "change": "moved", "x_mm": 500.0, "y_mm": 120.4},
     "Table changed: ship-2 moved to x 500 mm, y 120 mm"),
    ({"piece": "ship-2", "change": "flipped", "flipped": True},
     "Table changed: bow of ship-2 flipped"),
    ({"piece": "ship-2", "change": "deleted", "deleted": True}, "Table changed: ship-2 deleted"),
    ({"change": "detected", "pieces": 26}, "Table changed: 26 pieces detected"),
    # `run --scene`: the pieces came from the file (it said "40 pieces detected")
    ({"change": "loaded", "pieces": 40}, "Table changed: 40 pieces loaded from a scene file"),
])
def test_the_change_is_named(payload, text):
    assert _text(payload) == text


@pytest.mark.parametrize("payload", [
    None, "garbage", {}, {"kind": "added", "id": "ship-1"}, {"kind": "moved", "id": "a",
                                                            "x_mm": "far", "y_mm": 1.0},
    {"change": "detected"}, {"change": "something new", "piece": "a"},
    {"kind": "added", "x_mm": 1.0, "y_mm": 2.0},
])
def test_a_change_it_cannot_read_is_still_listed(payload):
    assert _text(payload) == "Table changed"


@pytest.mark.parametrize("code, text", [
    ("de", "Spieltisch geändert: ship-1 bewegt nach x 412 mm, y 230 mm"),
    ("cs", "Hrací stůl se změnil: přesunuto: ship-1 na x 412 mm, y 230 mm"),
])
def test_the_change_is_in_the_players_language(code, text):
    payload = {"kind": "moved", "id": "ship-1", "x_mm": 411.6, "y_mm": 230.2}
    _, tr = translate_function(code)
    assert _text(payload, tr) == text
