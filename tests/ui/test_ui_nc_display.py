"""A window command on a machine without a display (ssh, CI, a fresh container) ends in one
line saying so and how to run headless, not in Qt's abort and a core dump."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from armada_vision.errors import InputError
from armada_vision.ui.app import check_display

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("env", [{"DISPLAY": ":0"}, {"WAYLAND_DISPLAY": "wayland-0"},
                                 {"QT_QPA_PLATFORM": "offscreen"}])
def test_a_display_or_a_chosen_platform_is_enough(env):
    check_display(env, "linux")


def test_no_display_on_linux_is_one_line_naming_the_variables():
    with pytest.raises(InputError) as exc:
        check_display({}, "linux")
    text = str(exc.value)
    assert "\n" not in text and "DISPLAY" in text and "QT_QPA_PLATFORM=offscreen" in text


def test_windows_and_macos_need_no_display_variable():
    check_display({}, "win32")
    check_display({}, "darwin")


def test_demo_without_a_display_exits_2_with_one_line(tmp_path):
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env["XDG_DATA_HOME"] = str(tmp_path / "data")
    env["XDG_CACHE_HOME"] = str(tmp_path / "cache")
    proc = subprocess.run([sys.executable, "-m", "armada_vision", "demo", "--exit-after", "1"],
                          cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("armada-vision: error: no display"), proc.stderr
    assert not (tmp_path / "cache").exists()  # refused before rendering anything
