"""`analyze --debug`: labels of pieces side by side are kept apart ("squadron-8 0.93n-7 0.92",
three asteroid labels stacked), and a photo whose table is not found still gets its picture,
with the table markers that were found."""

import cv2
import numpy as np

from armada_vision.cli import main
from armada_vision.vision.calibration import DEFAULT_LAYOUTS, load_layout
from armada_vision.vision.calibration._render_markers import render_table_markers
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.detect import Detections
from armada_vision.vision.detect._types import SquadronDetection
from armada_vision.vision.detect.draw import FONT, FONT_SCALE, _label


def test_labels_drawn_at_one_place_do_not_overlap():
    img = np.zeros((300, 400, 3), np.uint8)
    placed: list = []
    for text in ("squadron-7 0.92", "squadron-8 0.93", "asteroid-1 0.80"):
        _label(img, (100.0, 150.0), text, (255, 255, 255), placed)
    assert len(placed) == 3
    for i, a in enumerate(placed):
        for b in placed[i + 1:]:
            assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]), (a, b)
    (w, h), _ = cv2.getTextSize("squadron-7 0.92", FONT, FONT_SCALE, 1)
    assert placed[0][2] - placed[0][0] >= w                 # a box as wide as its text


def test_every_label_of_one_picture_is_kept_clear_of_the_others(monkeypatch):
    import armada_vision.vision.detect.draw as draw

    lists = []
    real = draw._label
    monkeypatch.setattr(draw, "_label", lambda img, at, text, colour, placed=None, tries=3: (
        lists.append(placed), real(img, at, text, colour, placed, tries)))
    cam = TableCamera.looking_down((640, 360))
    sq = [SquadronDetection(x_mm=500.0 + dx, y_mm=400.0, diameter_mm=39.5, confidence=0.9)
          for dx in (0.0, 42.0)]
    draw.draw_detections(np.zeros((360, 640, 3), np.uint8), Detections(squadrons=sq), cam)
    assert len(lists) == 2 and lists[0] is lists[1] and len(lists[0]) == 2
    a, b = lists[0]
    assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3])


def test_a_crowded_cluster_of_squadrons_keeps_every_label_clear(monkeypatch):
    # a breaker's demo frame: 11 squadrons near 8 ships, three pairs of labels overlapped once
    # the window's three free lines up and down were used up (and rings drawn later hid them)
    import armada_vision.vision.detect.draw as draw

    boxes = []
    real = draw._label
    monkeypatch.setattr(draw, "_label", lambda img, at, text, colour, placed=None, tries=3: (
        real(img, at, text, colour, placed, tries), boxes.__setitem__(slice(None), placed)))
    cam = TableCamera.looking_down((1280, 720))
    sq = [SquadronDetection(x_mm=600.0 + 42.0 * (k % 4), y_mm=380.0 + 42.0 * (k // 4),
                            diameter_mm=39.5, confidence=0.9) for k in range(11)]
    draw.draw_detections(np.zeros((720, 1280, 3), np.uint8), Detections(squadrons=sq), cam)
    assert len(boxes) == 11
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]), (a, b)


def test_a_photo_whose_table_is_not_found_still_gets_its_debug_picture(tmp_path, capsys):
    from armada_vision.vision.calibration import detect_layout_markers

    layout = load_layout(DEFAULT_LAYOUTS["6x3"])
    cam = TableCamera.looking_down((1280, 720), margin_mm=200)
    img = render_table_markers(cam, layout)
    found = detect_layout_markers(img, layout)
    keep = sorted(found)[:2]
    for i, quad in found.items():                       # a hand over all but two markers
        if i not in keep:
            lo, hi = quad.min(axis=0) - 12, quad.max(axis=0) + 12
            cv2.rectangle(img, tuple(int(v) for v in lo), tuple(int(v) for v in hi),
                          (90, 90, 90), -1)
    photo, out = tmp_path / "photo.png", tmp_path / "debug.png"
    cv2.imwrite(str(photo), img)
    assert main(["analyze", str(photo), "--debug", str(out)]) == 2
    err = capsys.readouterr().err
    assert "table not found" in err and "Traceback" not in err
    assert (f"armada-vision: note: {out}: written with the table markers found (ids: "
            f"{keep[0]}, {keep[1]}), as the table was not found") in err
    pic = cv2.imread(str(out))
    assert pic is not None and pic.shape == img.shape and (pic != img).any()
