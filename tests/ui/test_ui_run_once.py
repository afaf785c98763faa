"""`run` plays a recorded video or image folder once (newcomer: looping a 3.6 s clip for 40 s
logged every piece removed and added again at each loop, 34 events); `--loop` repeats it."""

from __future__ import annotations

import cv2
import numpy as np

from armada_vision.cli import build_parser
from armada_vision.ui.capture import parse_source


def _folder(tmp_path, n=3):
    for i in range(n):
        cv2.imwrite(str(tmp_path / f"f{i}.png"), np.full((36, 64, 3), 40 * i, np.uint8))
    return str(tmp_path)


def _frames_read(source, limit=10):
    assert source.open()
    n = 0
    while n < limit and source.read() is not None:
        n += 1
    source.close()
    return n


def test_run_plays_a_recorded_folder_once_by_default(tmp_path):
    args = build_parser().parse_args(["run", "--source", _folder(tmp_path)])
    assert _frames_read(parse_source(args.source, loop=args.loop)) == 3


def test_run_loop_repeats_it(tmp_path):
    args = build_parser().parse_args(["run", "--source", _folder(tmp_path), "--loop"])
    assert _frames_read(parse_source(args.source, loop=args.loop)) == 10
