"""An empty table learned earlier is held against the camera's picture before detection uses
it: a camera moved since (by more than STALE_SHIFT_PX) makes it stale."""

from __future__ import annotations

import re

import cv2
import numpy as np
import pytest

from armada_vision.scene import Scene, ShipPose, SquadronPose
from armada_vision.vision import synth
from armada_vision.vision.background_check import (
    STALE_SHIFT_PX,
    BackgroundCheck,
    picture_offset_px,
)
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.detect import BackgroundModel

CAMERA = TableCamera.looking_down((1280, 720), tilt_deg=6.0)


def _shifted(image, dx, dy):
    m = np.float32([[1, 0, dx], [0, 1, dy]])
    return cv2.warpAffine(image, m, image.shape[1::-1], flags=cv2.INTER_LINEAR,
                          borderMode=cv2.BORDER_REPLICATE)


@pytest.fixture(scope="module")
def table(catalog):
    opt = synth.RenderOptions(mat="wood", light=0.3)
    empty = synth.render(Scene(), CAMERA, catalog, opt, seed=11, noise_seed=3).image
    scene = Scene((ShipPose("vsd", "victory-ii-star-destroyer", 1, 700.0, 400.0, 30.0),
                   ShipPose("cr90", "cr90-corvette-a", 2, 1200.0, 600.0, 200.0)),
                  (SquadronPose("tie", "tie-fighter-squadron", 1, 500.0, 300.0),))
    game = synth.render(scene, CAMERA, catalog, opt, seed=11, noise_seed=4).image
    return empty, game


@pytest.mark.parametrize("dx, dy", [(0.0, 0.0), (0.8, -0.6), (2.4, 1.8), (-8.0, 6.0)])
def test_the_offset_of_a_moved_picture_is_measured_with_pieces_on_the_table(table, dx, dy):
    empty, game = table
    shift, cc = picture_offset_px(_shifted(empty, dx, dy), game)
    assert shift == pytest.approx(np.hypot(dx, dy), abs=0.4)
    assert cc > 0.6


def test_a_still_camera_fits_and_a_moved_one_is_refused(table):
    empty, game = table
    fits = BackgroundCheck(BackgroundModel.learn(empty))
    assert fits.update(game) == "fits" and fits.note == ""
    moved = BackgroundCheck(BackgroundModel.learn(_shifted(empty, 2.4, 1.8)))
    assert moved.update(game) == "moved"
    assert re.search(r"picture is 3\.\d px off it", moved.note)
    # a turn of 0.2 deg about the centre: the picture's corners move ~2.6 px at 1280x720
    turn = cv2.warpAffine(empty, cv2.getRotationMatrix2D((640, 360), 0.2, 1.0), (1280, 720),
                          borderMode=cv2.BORDER_REPLICATE)
    assert BackgroundCheck(BackgroundModel.learn(turn)).update(game) == "moved"
    assert STALE_SHIFT_PX < 2.0


def test_a_picture_of_something_else_is_a_mismatch_after_the_frames_it_waits(table):
    empty, _ = table
    check = BackgroundCheck(BackgroundModel.learn(empty))
    flat = np.full_like(empty, 90)  # nothing to align: never trusted
    verdicts = [check.update(flat) for _ in range(15)]
    assert verdicts[:-1] == [""] * 14 and verdicts[-1] == "mismatch"
    assert "does not match the camera's picture" in check.note
    other = BackgroundCheck(BackgroundModel.learn(empty))
    assert other.update(np.zeros((360, 640, 3), np.uint8)) == "mismatch"  # another size


def test_real_webcam_frames_against_their_days_empty_table(realdata):
    # Same capture day, a ship on the board: 0.2-0.5 px apart (measured); the same picture
    # moved by 4 px (np.roll: a camera bumped sideways) is refused.
    frames = realdata / "overhead-webcam-board" / "frames"
    empty = cv2.imread(str(frames / "20171210_171536_Empty.jpg"))
    check = BackgroundCheck(BackgroundModel.learn(empty))
    ship = cv2.imread(str(frames / "20171210_171614_Location-5C_Heading-East_Ship-Freighter.jpg"))
    assert check.update(ship) == "fits" and check.shift_px < 1.0
    moved = BackgroundCheck(BackgroundModel.learn(empty))
    assert moved.update(np.roll(ship, 4, axis=1)) == "moved"
    assert moved.shift_px == pytest.approx(4.0, abs=0.6)


def test_analyze_does_not_use_a_saved_empty_table_the_photo_is_off(table, tmp_path, capsys):
    from armada_vision.cli import main

    empty, game = table
    cv2.imwrite(str(tmp_path / "empty.png"), empty)
    corners = ";".join(f"{x:.1f},{y:.1f}" for x, y in CAMERA.table_to_image(
        [[0.0, 0.0], [1828.8, 0.0], [1828.8, 914.4], [0.0, 914.4]]))
    table_file = tmp_path / "table.json"
    assert main(["calibrate", "table", "--source", str(tmp_path / "empty.png"), "--corners",
                 corners, "--out", str(table_file)]) == 0  # saves the empty table too
    cv2.imwrite(str(tmp_path / "still.png"), game)
    cv2.imwrite(str(tmp_path / "moved.png"), _shifted(game, 6.0, 0.0))
    capsys.readouterr()
    assert main(["analyze", str(tmp_path / "still.png"), "--table", str(table_file)]) == 0
    assert "using the empty table saved" in capsys.readouterr().err
    assert main(["analyze", str(tmp_path / "moved.png"), "--table", str(table_file)]) == 0
    err = capsys.readouterr().err
    assert re.search(r"The empty table is not used: the camera's picture is [56]\.\d px off", err)
    assert "the saved empty table does not fit it: the mat is guessed from this photo" in err
