"""CLI lines that count things read right when the count is 1 (they said "1 attacks" and
"the game has 1 events")."""

import json

from armada_vision.cli import main
from armada_vision.gamelog import GameLog

# A CR90 facing +x and a TIE 200 mm off its left side: only the CR90's left zone reaches it
# (medium range, 19 mm from the edge of the band); the TIE cannot reach the CR90 (distance 1).
# Of the 8 possible attacks (4 zones each way) that one is valid.
ONE_ATTACK = {
    "format": "armada-scene/1",
    "ships": [{"id": "cr90", "ship_class": "cr90-corvette-a", "player": 2, "x_mm": 700,
               "y_mm": 400, "heading_deg": 0}],
    "squadrons": [{"id": "tie", "squadron_class": "tie-fighter-squadron", "player": 1,
                   "x_mm": 700, "y_mm": 600}],
}


def test_check_counts_one_attack_in_the_singular(tmp_path, capsys):
    path = tmp_path / "scene.json"
    path.write_text(json.dumps(ONE_ATTACK))
    assert main(["check", str(path), "--valid"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("ruleset rrg-1.6: 1 attack (dice: R red")
    assert main(["check", str(path)]) == 0
    assert capsys.readouterr().out.startswith("ruleset rrg-1.6: 8 attacks (dice")  # 4 zones each way


def test_replay_counts_one_event_in_the_singular(tmp_path, capsys):
    path = tmp_path / "g.sqlite"
    with GameLog(path) as log:
        log.new_game("night 1")
        log.append({"type": "note", "text": "only"})
    assert main(["replay", str(path), "--event", "3", "--exit-after", "0"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == "armada-vision: error: --event: no event 3: the game has 1 event: give 1"


def test_replay_event_0_names_the_events_there_are(tmp_path, capsys):
    # "the game has 42 events, not 0" read oddly to a newcomer: events count from 1
    path = tmp_path / "g.sqlite"
    with GameLog(path) as log:
        log.new_game("night 1")
        for i in range(3):
            log.append({"type": "note", "text": f"n{i}"})
    assert main(["replay", str(path), "--event", "0", "--exit-after", "0"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == "armada-vision: error: --event: no event 0: the game has 3 events: give 1 to 3"
