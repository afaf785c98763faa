"""An obstacle of unknown class without an outline (a token the detector saw but could not
name) is left out of a maneuver with the note `check` prints, not refused: `move` said
"obstacle rock-1: unknown obstacle None and no outline_mm", naming neither the file nor the
field, while `check` skipped it."""

import json

from armada_vision.cli import main

SCENE = {
    "format": "armada-scene/1",
    "ships": [{"id": "a", "ship_class": "cr90-corvette-a", "player": 1, "x_mm": 700,
               "y_mm": 400, "heading_deg": 0, "speed": 2}],
    "obstacles": [
        {"id": "rock-1", "obstacle": None, "x_mm": 1200, "y_mm": 400, "heading_deg": 0},
        # unknown class with its detected outline: used, straight ahead of the move
        {"id": "blob", "obstacle": None, "x_mm": 880, "y_mm": 400,
         "outline_mm": [[860, 380], [900, 380], [900, 420], [860, 420]]},
    ],
}
NOTE = "armada-vision: note: obstacle 'rock-1' skipped: neither its kind nor its outline is known"


def test_move_skips_it_with_checks_note(tmp_path, capsys):
    path = tmp_path / "scene.json"
    path.write_text(json.dumps(SCENE))
    assert main(["check", str(path)]) == 0
    assert capsys.readouterr().err.strip().splitlines() == [NOTE]
    assert main(["move", str(path), "--ship", "a", "--speed", "2", "--yaw", "0,0", "--json"]) == 0
    out, err = capsys.readouterr()
    assert err.strip().splitlines() == [NOTE]
    data = json.loads(out)
    assert data["obstacles_overlapped"] == ["blob"]
    assert data["executed_speed"] == 2
