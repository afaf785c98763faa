"""Segmentation on real overhead webcam frames (../shared/realdata/overhead-webcam-board).

640x480 frames of one small ship model, or none, on a painted board with a yarn grid; each capture
day has one Empty frame, the background for that day. Between the Empty frame and the others the
gantry's shadows move, the light changes and the board shifts a little, so a fixed threshold
fails here; the background model must adapt. Headings are East/West: along the image's x axis
(README_Board.png: the W arrow points left, the E arrow right).
"""

from __future__ import annotations

import re

import cv2
import numpy as np
import pytest

from armada_vision.vision.detect import BackgroundModel, clean_mask, find_blobs

NAME = re.compile(r"(\d{8})_\d{6}_(?:Empty|Location-(\w\w)_Heading-(East|West)_Ship-[\w-]+)\.jpg")
# The painted play area (the 7 x 4 grid) in these frames, px: the gantry's felt pads and the
# E/W labels outside it move between frames and are not pieces.
PLAY_AREA_PX = (40, 58, 626, 416)  # x0, y0, x1, y1
# The ship models are ~25 x 70 px here (~1700 px); a blob smaller than half of that is clutter.
MIN_PIECE_AREA_PX = 800
OPEN_PX = 5  # the yarn is 2-4 px wide


def _frames(realdata):
    folder = realdata / "overhead-webcam-board" / "frames"
    out = []
    for p in sorted(folder.glob("*.jpg")):
        m = NAME.fullmatch(p.name)
        assert m, f"unexpected file name {p.name}"
        out.append((p, m.group(1), m.group(3)))
    return out


def _pieces(background: BackgroundModel, image: np.ndarray):
    mask = clean_mask(background.foreground(image), OPEN_PX)
    x0, y0, x1, y1 = PLAY_AREA_PX
    area = np.zeros(mask.shape, bool)
    area[y0:y1, x0:x1] = True
    pieces = []
    for b in find_blobs(mask, MIN_PIECE_AREA_PX):
        bx, by, bw, bh = b.bbox
        inside = area[by:by + bh, bx:bx + bw][b.mask > 0].sum()
        if not b.touches_edge and inside >= 0.8 * b.area_px:
            pieces.append(b)
    return pieces


@pytest.fixture(scope="module")
def frames_and_backgrounds(realdata):
    frames = _frames(realdata)
    backgrounds = {day: BackgroundModel.learn(cv2.imread(str(p)))
                   for p, day, heading in frames if heading is None and "Empty" in p.name}
    return frames, backgrounds


def test_every_capture_day_has_an_empty_frame(frames_and_backgrounds):
    frames, backgrounds = frames_and_backgrounds
    assert {day for _, day, _ in frames} == set(backgrounds)


def test_one_elongated_piece_along_its_heading_axis_or_nothing(frames_and_backgrounds):
    frames, backgrounds = frames_and_backgrounds
    good, bad = 0, []
    for path, day, heading in frames:
        pieces = _pieces(backgrounds[day], cv2.imread(str(path)))
        if heading is None:
            ok = not pieces
        else:
            ok = len(pieces) == 1
            if ok:
                axis_deg, major, minor = pieces[0].principal_axes()
                off_axis = min(axis_deg, 180.0 - axis_deg)  # East/West = image x axis
                ok = major / minor >= 2.0 and off_axis <= 15.0
        good += ok
        if not ok:
            bad.append(path.name)
    assert good >= 0.95 * len(frames), f"failed on {bad}"


def test_the_empty_frame_against_itself_is_empty(frames_and_backgrounds):
    frames, backgrounds = frames_and_backgrounds
    path, day, _ = next(f for f in frames if "Empty" in f[0].name)
    assert _pieces(backgrounds[day], cv2.imread(str(path))) == []
