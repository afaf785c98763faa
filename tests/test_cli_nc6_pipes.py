"""Bad inputs tried again on every command late in the session: output piped into a reader
that stops early (`| head`) ended `move` and `analyze` in a BrokenPipeError traceback (only
`check` caught it), and `export --game` of a missing game did not name the option as `replay`
does."""

import json
import os
import subprocess
import sys
from pathlib import Path

from armada_vision.cli import main
from armada_vision.gamelog import GameLog

REPO = Path(__file__).resolve().parents[1]
SCENE = {"format": "armada-scene/1", "ships": [
    {"id": "a", "ship_class": "cr90-corvette-a", "player": 1, "x_mm": 700, "y_mm": 400,
     "heading_deg": 0, "speed": 2}]}


def test_move_piped_into_a_reader_that_stops_says_nothing(tmp_path):
    path = tmp_path / "scene.json"
    path.write_text(json.dumps(SCENE))
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    env.pop("PYTHONUNBUFFERED", None)  # a user's shell buffers stdout into a pipe: so must this
    for extra in ([], ["--json"]):
        proc = subprocess.Popen(
            [sys.executable, "-m", "armada_vision", "move", str(path), "--ship", "a", "--speed",
             "2", "--yaw", "0,0", *extra], cwd=REPO, env=env, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE)
        proc.stdout.close()                      # the reader is gone before the first line
        err = proc.stderr.read().decode()
        assert proc.wait(timeout=120) == 0, err
        assert "Traceback" not in err and "BrokenPipeError" not in err
        proc.stderr.close()


def test_export_of_a_missing_game_names_the_option(tmp_path, capsys):
    log_path = tmp_path / "g.sqlite"
    with GameLog(log_path) as log:
        log.new_game("night 1")
        log.append({"type": "note", "text": "x"})
    assert main(["export", str(log_path), "--html", str(tmp_path / "g.html"), "--game", "9"]) == 2
    assert capsys.readouterr().err.strip() == (
        f"armada-vision: error: {log_path}: --game: no game 9 in this log; its games: "
        "1 'night 1' (1 event)")
    assert not (tmp_path / "g.html").exists()
