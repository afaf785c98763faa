"""`analyze` says where a hand it saw is, not only how many (newcomer 7: on a real webcam frame
it printed "0 ship(s), 0 squadron(s), 0 obstacle(s), 1 hand(s)" and nothing else, and the toy
ship taken for a hand had to be found with --debug)."""

import json
import re

import cv2

from armada_vision.cli import main
from armada_vision.scene import Scene
from armada_vision.vision import synth
from armada_vision.vision.camera import TableCamera

CAMERA = TableCamera.looking_down((1280, 720))


def test_a_hand_is_listed_with_where_it_is(tmp_path, catalog, capsys):
    opt = dict(mat="cloth", minis=False)
    photo, empty = tmp_path / "photo.png", tmp_path / "empty.png"
    cv2.imwrite(str(photo), synth.render(Scene(), CAMERA, catalog, synth.RenderOptions(
        hands=((900.0, 300.0),), **opt), seed=5).image)
    cv2.imwrite(str(empty), synth.render(Scene(), CAMERA, catalog, synth.RenderOptions(**opt),
                                         seed=5, noise_seed=7).image)
    table = tmp_path / "table.json"  # the older form: a fixed camera pose
    table.write_text(json.dumps({
        "camera_matrix": CAMERA.camera_matrix.tolist(), "dist_coeffs": CAMERA.dist_coeffs.tolist(),
        "rvec": CAMERA.rvec.tolist(), "tvec": CAMERA.tvec.tolist(), "image_size": [1280, 720]}))
    assert main(["analyze", str(photo), "--table", str(table), "--background", str(empty)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("0 ship(s), 0 squadron(s), 0 obstacle(s), 1 hand(s)")
    m = re.fullmatch(r"  hand: over x (\d+)-(\d+) mm, y (\d+)-(\d+) mm \(pieces under it may "
                     r"be missed\)", out[1])
    assert m, out
    x0, x1, y0, y1 = map(int, m.groups())
    assert x0 < 900 < x1 and y0 < 300 < y1          # where the hand hovers
    assert x1 - x0 < 900 and y1 - y0 < 914          # not the whole table
