"""`armada-vision demo --exit-after 5 --screenshot X.png` writes a picture of the window."""

import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
from PyQt6.QtGui import QImage

ROOT = Path(__file__).resolve().parents[2]


def test_demo_command_writes_a_non_empty_screenshot_and_exits_0(tmp_path):
    shot = tmp_path / "demo.png"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CACHE_HOME=str(tmp_path / "cache"),
               HOME=str(tmp_path))
    # a small sample keeps the test fast; CI runs the full-size command too
    proc = subprocess.run(
        [sys.executable, "-m", "armada_vision", "demo", "--exit-after", "5", "--screenshot", str(shot),
         "--no-log", "--lang", "en", "--sample-size", "480x270", "--sample-frames", "12"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    # the first run renders the sample: the terminal says so before and after, not nothing
    lines = proc.stderr.splitlines()
    assert any(re.fullmatch(r"armada-vision: rendering the sample game \(\d+ frames, first run only\); "
                            r"the window opens when it is done\.\.\.", ln) for ln in lines), lines
    cache = re.escape(str(tmp_path / "cache" / "armada-vision" / "demo"))
    done = [ln for ln in lines if re.fullmatch(rf"armada-vision: sample game rendered in \d+ s and kept in "
                                               rf"{cache}/[^/]+", ln)]
    assert len(done) == 1, lines
    img = QImage(str(shot))
    assert not img.isNull() and img.width() >= 640 and img.height() >= 400
    # not blank: the picture has many different colours (video, overlays, panels)
    ptr = img.convertToFormat(QImage.Format.Format_RGB32).constBits()
    ptr.setsize(img.width() * img.height() * 4)
    pixels = np.frombuffer(ptr, np.uint8).reshape(-1, 4)[:, :3]
    assert len(np.unique(pixels[::7], axis=0)) > 200
