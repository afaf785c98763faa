"""A process killed with SIGKILL mid-game keeps every event it appended (WAL, one commit each)."""

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from armada_vision.gamelog import GameLog

REPO = Path(__file__).resolve().parents[2]

WRITER = r"""
import sys, time
from armada_vision import game
from armada_vision.gamelog import GameLog
log = GameLog(sys.argv[1])
log.new_game("killed")
i = 0
while True:
    i += 1
    seq = log.append(game.Note(text=f"event {i}"), snapshot_jpeg=b"\xff\xd8" + bytes(2000))
    print(seq, flush=True)
    time.sleep(0.002)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_sigkill_mid_game_keeps_every_appended_event(tmp_path):
    path = tmp_path / "games.sqlite"
    proc = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path)],
        cwd=REPO,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    acknowledged = 0
    try:
        for line in proc.stdout:
            acknowledged = int(line)
            if acknowledged >= 40:
                break
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
    assert proc.returncode == -signal.SIGKILL
    assert acknowledged >= 40
    with GameLog(path, create=False) as log:
        (info,) = log.games()
        events = log.events(info.id)
    # Every event whose append returned is there, in order, complete.
    assert len(events) >= acknowledged
    assert [e.seq for e in events] == list(range(1, len(events) + 1))
    assert [e.data["text"] for e in events[:acknowledged]] == [
        f"event {i}" for i in range(1, acknowledged + 1)
    ]
