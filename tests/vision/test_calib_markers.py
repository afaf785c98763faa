"""`armada-vision markers`: the printed targets are at true scale and decode as what they claim."""

import re

import cv2
import numpy as np
import pytest

from armada_vision.cli import main
from armada_vision.vision.calibration import BoardSpec

DPI = 300
PX_PER_MM = DPI / 25.4


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    out = tmp_path_factory.mktemp("markers")
    assert main(["markers", "--out", str(out), "--layout", "3x3"]) == 0
    return out


def media_box_mm(pdf):
    boxes = re.findall(rb"/MediaBox \[ 0 0 ([\d.]+) ([\d.]+) \]", pdf.read_bytes())
    return [(float(w) * 25.4 / 72, float(h) * 25.4 / 72) for w, h in boxes]


def test_pdf_pages_are_a4_at_true_size(printed):
    assert media_box_mm(printed / "charuco-board-a4.pdf") == [pytest.approx((210, 297), abs=0.3)]
    pages = media_box_mm(printed / "table-markers-layout-3x3-a4.pdf")
    assert len(pages) == 6  # one page per marker
    assert all(p == pytest.approx((210, 297), abs=0.3) for p in pages)


def test_letter_paper(tmp_path):
    assert main(["markers", "--out", str(tmp_path), "--paper", "letter"]) == 0
    assert media_box_mm(tmp_path / "charuco-board-letter.pdf") == [pytest.approx((215.9, 279.4), abs=0.3)]


def test_printed_board_is_the_default_board_at_30_mm_squares(printed):
    page = cv2.imread(str(printed / "charuco-board-a4.png"), cv2.IMREAD_GRAYSCALE)
    board = BoardSpec()
    detector = cv2.aruco.CharucoDetector(board.cv_board())
    small = cv2.resize(page, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    corners, ids, _, _ = detector.detectBoard(small)
    assert ids is not None and len(ids) == (5 - 1) * (7 - 1)
    pts = corners.reshape(-1, 2)[np.argsort(ids.ravel())] / 0.25
    step = np.linalg.norm(pts[1] - pts[0])  # neighbouring inner corners, one square apart
    assert step == pytest.approx(board.square_mm * PX_PER_MM, rel=0.005)


def test_marker_page_shows_the_marker_at_its_layout_size(printed):
    page = cv2.imread(str(printed / "table-markers-layout-3x3-a4-3.png"), cv2.IMREAD_GRAYSCALE)
    det = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50))
    corners, ids, _ = det.detectMarkers(page)
    assert ids is not None and ids.ravel().tolist() == [2]
    side = np.linalg.norm(corners[0][0][1] - corners[0][0][0])
    assert side == pytest.approx(70.0 * PX_PER_MM, abs=3)


def test_issue_example_board_options_are_accepted_but_too_big_for_a4(capsys, tmp_path):
    code = main(["markers", "--out", str(tmp_path), "--board", "5x7", "--square-mm", "40",
                 "--marker-mm", "20", "--dictionary", "DICT_6X6_250"])
    assert code == 2
    assert "does not fit a4 paper" in capsys.readouterr().err
