"""Bad demo options get one line naming the option, never a traceback."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("argv, option", [
    (["--sample-size", "0x0"], "--sample-size"),
    (["--uncertainty-mm", "-5"], "--uncertainty-mm"),
])
def test_bad_demo_option_is_one_line(tmp_path, argv, option):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CACHE_HOME=str(tmp_path),
               HOME=str(tmp_path), PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-m", "armada_vision", "demo", "--no-log", "--exit-after", "1",
                          *argv], capture_output=True, text=True, env=env, timeout=120, cwd=ROOT)
    assert out.returncode == 2
    errors = [line for line in out.stderr.splitlines() if line.startswith("armada-vision: error:")]
    assert len(errors) == 1 and option in errors[0]
    assert "Traceback" not in out.stderr


def test_replay_of_a_game_not_in_the_log_is_one_line(tmp_path, capsys):
    from armada_vision.cli import main
    from armada_vision.gamelog import GameLog

    log = GameLog(tmp_path / "games.sqlite")
    log.new_game("only game", meta={})
    log.close() if hasattr(log, "close") else None
    assert main(["replay", str(tmp_path / "games.sqlite"), "--game", "42"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no game 42" in err[0]
