"""Recorded sources that cannot play: `run --source` on a damaged video or a folder of damaged
images is one line naming it (the window used to open on "Camera not available: reconnecting"
for ever), and one damaged image in a folder is skipped instead of restarting the folder."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from armada_vision.cli import main
from armada_vision.errors import InputError
from armada_vision.ui.capture import FolderSource, check_recorded_source, parse_source


def _write_png(path, value):
    cv2.imwrite(str(path), np.full((48, 64, 3), value, np.uint8))
    return path


def test_a_damaged_image_in_a_folder_is_skipped_not_a_restart(tmp_path):
    a = _write_png(tmp_path / "a.png", 10)
    (tmp_path / "b.png").write_bytes(a.read_bytes()[:40])  # cut short
    _write_png(tmp_path / "c.png", 30)
    src = FolderSource.from_folder(tmp_path, loop=False)
    src.open()
    frames = [src.read(), src.read(), src.read()]
    assert [f.index for f in frames[:2]] == [0, 2]
    assert [int(f.image[0, 0, 0]) for f in frames[:2]] == [10, 30]
    assert frames[2] is None  # the end, without loop
    looped = FolderSource.from_folder(tmp_path, loop=True)
    looped.open()
    assert [looped.read().index for _ in range(5)] == [0, 2, 0, 2, 0]


def test_a_video_file_that_is_not_a_video_is_refused_naming_it(tmp_path):
    bad = tmp_path / "game.avi"
    bad.write_bytes(b"RIFF but not really a video")
    with pytest.raises(InputError, match=r"game\.avi: not a readable video"):
        check_recorded_source(parse_source(str(bad)))


def test_a_folder_of_damaged_images_is_refused_naming_it(tmp_path):
    for name in ("a.jpg", "b.jpg"):
        (tmp_path / name).write_bytes(b"\xff\xd8 not a jpeg")
    with pytest.raises(InputError, match="no readable image in the folder"):
        check_recorded_source(parse_source(str(tmp_path)))


def test_a_readable_folder_passes_and_plays_from_its_first_image(tmp_path):
    _write_png(tmp_path / "a.png", 10)
    _write_png(tmp_path / "b.png", 20)
    src = parse_source(str(tmp_path))
    check_recorded_source(src)
    src.open()
    assert src.read().index == 0


def test_run_on_a_damaged_video_exits_2_with_one_line(tmp_path, capsys):
    bad = tmp_path / "game.mp4"
    bad.write_bytes(b"\x00" * 64)
    assert main(["run", "--source", str(bad), "--no-log", "--exit-after", "1"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"armada-vision: error: {bad}: not a readable video or image (unknown format or damaged)"]
