"""`analyze --debug` draws the play area's edge where the table calibration puts it, so a
player sees at a glance whether `calibrate table --corners` (or the markers) fit the mat
(newcomer 7: on the real overhead webcam frames only the detections were drawn, and a table
fitted with the wrong --layout showed nothing wrong)."""

import numpy as np

from armada_vision.cli import main
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.detect import Detections
from armada_vision.vision.detect.draw import draw_detections

CAMERA = TableCamera.looking_down((640, 360))


def _px(pts_mm):
    return np.round(CAMERA.table_to_image(np.asarray(pts_mm, float), 0.0)).astype(int)


def test_the_play_area_edge_is_drawn_where_the_camera_puts_it():
    black = np.zeros((360, 640, 3), np.uint8)
    assert not draw_detections(black, Detections(), CAMERA).any()  # nothing asked, nothing drawn
    out = draw_detections(black, Detections(), CAMERA, play_area_mm=(1828.8, 914.4))
    edge_mid = _px([[914.4, 0.0], [1828.8, 457.2], [914.4, 914.4], [0.0, 457.2]])
    for x, y in edge_mid:  # each side's middle lies on the line (anti-aliased, 1 px)
        assert out[y - 1:y + 2, x - 1:x + 2].max() > 150
    cx, cy = _px([[914.4, 457.2]])[0]
    assert not out[cy - 20:cy + 20, cx - 20:cx + 20].any()  # the mat inside is left alone
    # a 3' x 3' play area's edge on the same picture runs elsewhere: its right side
    x3, y3 = _px([[914.4, 457.2]])[0]
    small = draw_detections(black, Detections(), CAMERA, play_area_mm=(914.4, 914.4))
    assert small[y3 - 1:y3 + 2, x3 - 1:x3 + 2].max() > 150
    assert not small[edge_mid[1][1] - 1:edge_mid[1][1] + 2,
                     edge_mid[1][0] - 1:edge_mid[1][0] + 2].any()


def test_analyze_debug_draws_the_layouts_play_area(tmp_path, capsys):
    import cv2

    photo = tmp_path / "table.png"
    cv2.imwrite(str(photo), np.zeros((360, 640, 3), np.uint8))
    corners = _px([[0.0, 0.0], [914.4, 0.0], [914.4, 914.4], [0.0, 914.4]])
    table = tmp_path / "table.json"
    assert main(["calibrate", "table", "--source", str(photo), "--layout", "3x3", "--corners",
                 ";".join(f"{x},{y}" for x, y in corners), "--out", str(table)]) == 0
    debug = tmp_path / "debug.png"
    assert main(["analyze", str(photo), "--table", str(table), "--debug", str(debug)]) == 0
    out = cv2.imread(str(debug))
    x, y = _px([[914.4, 457.2]])[0]  # the middle of the 3' x 3' area's right side
    assert out[y - 2:y + 3, x - 2:x + 3].max() > 150
    capsys.readouterr()


def test_a_labels_black_rim_stays_round_its_text():
    # The rim was a copy drawn 3 px thick, which OpenCV also advances further per letter: on a
    # long label it ended ~10 px past the coloured text (unreadable on 640x480 --debug images).
    from armada_vision.vision.detect.draw import ORANGE, _label

    img = np.full((60, 400, 3), 128, np.uint8)
    _label(img, (10.0, 40.0), "asteroid-field-2 (flipped) 0.93", ORANGE)
    drawn = np.nonzero(np.any(img != 128, axis=2))[1]
    coloured = np.nonzero((img[:, :, 2] > 200) & (img[:, :, 0] < 120))[1]
    assert drawn.max() <= coloured.max() + 2 and drawn.min() >= coloured.min() - 2
