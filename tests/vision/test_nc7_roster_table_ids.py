"""Polish 5: ship tags share DICT_4X4_50 with the table markers (ids 0-5 in the bundled
layouts). A roster giving a ship one of the table's ids was accepted, and then the corner
marker beside a ship named it and turned its bow. Now such a roster is refused in one line
naming the file and field, and a table marker's id never names a ship even in a roster built
in code."""

from types import SimpleNamespace

import cv2
import numpy as np
import pytest

from armada_vision.cli import main
from armada_vision.errors import InputError
from armada_vision.vision.calibration._files import MarkerSpec, TableLayout
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.detect import Roster, RosterShip, roster_from_dict
from armada_vision.vision.detect._types import ShipDetection

VSD = "victory-ii-star-destroyer"


def _ship(pid, tag, player=1):
    return {"id": pid, "ship_class": VSD, "player": player, "tag": tag}


@pytest.mark.parametrize("tag", [0, 5])
def test_a_roster_tag_of_a_bundled_table_marker_is_refused(tag):
    with pytest.raises(InputError) as err:
        roster_from_dict({"ships": [_ship("a", 9), _ship("b", tag, 2)]}, "r.json")
    assert str(err.value) == (f"r.json: ships[1].tag: tag {tag} is a table marker's id (the "
                              "bundled layouts: DICT_4X4_50 ids 0-5 round the play area); give "
                              "the ship another id")


def test_the_table_ids_are_those_of_the_layout_in_use_and_its_dictionary():
    layout = TableLayout((914.4, 914.4), "DICT_4X4_50",
                         tuple(MarkerSpec(i, 70.0, (0.0, 0.0), 0.0) for i in (10, 11, 12, 13)),
                         source="/x/my-table.json")
    assert roster_from_dict({"ships": [_ship("a", 3)]}, "r.json", layout=layout).ships[0].tag == 3
    with pytest.raises(InputError) as err:
        roster_from_dict({"ships": [_ship("a", 12)]}, "r.json", layout=layout)
    assert str(err.value) == ("r.json: ships[0].tag: tag 12 is a table marker's id (my-table.json: "
                              "DICT_4X4_50 ids 10-13 round the play area); give the ship another id")
    # another dictionary than the table's: its id 3 is no table marker
    assert roster_from_dict({"dictionary": "DICT_6X6_250", "ships": [_ship("a", 3)]},
                            "r.json").ships[0].tag == 3


def _frame_with_tag(camera, tag, centre_mm, size_mm=20.0, height_mm=7.0):
    """A grey frame with DICT_4X4_50 marker ``tag`` lying flat at ``centre_mm``, top edge to +y."""
    w, h = camera.image_size
    frame = np.full((h, w, 3), 200, np.uint8)
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    marker = cv2.aruco.generateImageMarker(dictionary, tag, 120)
    x, y, s = centre_mm[0], centre_mm[1], size_mm / 2.0
    corners_mm = np.array([[x - s, y + s], [x + s, y + s], [x + s, y - s], [x - s, y - s]])
    dst = camera.table_to_image(corners_mm, height_mm).astype(np.float32)
    src = np.float32([[0, 0], [119, 0], [119, 119], [0, 119]])
    warped = cv2.warpPerspective(marker, cv2.getPerspectiveTransform(src, dst), (w, h),
                                 borderValue=200)
    frame[:] = warped[:, :, None]
    return frame


@pytest.mark.parametrize("tag, named", [(9, True), (0, False)])
def test_a_table_marker_id_never_names_a_ship(tag, named):
    camera = TableCamera.looking_down((1280, 720))
    frame = _frame_with_tag(camera, tag, (400.0, 300.0))
    # bow towards -y; the tag's top edge points to +y, so a ship tag turns the bow round
    det = SimpleNamespace(ships=[ShipDetection(400.0, 300.0, 270.0, "medium", 0.9)])
    roster = Roster(ships=[RosterShip("vsd-1", VSD, 1, tag)])   # built in code: no file check
    roster.identify(frame, camera, det)
    ship = det.ships[0]
    if named:
        assert (ship.piece_id, ship.tag_id, ship.heading_deg, ship.bow_known) == (
            "vsd-1", 9, 90.0, True)
    else:
        assert (ship.piece_id, ship.tag_id, ship.heading_deg, ship.bow_known) == (
            None, None, 270.0, False)


def test_analyze_refuses_a_roster_with_a_table_marker_id(tmp_path, capsys):
    image = tmp_path / "photo.png"
    cv2.imwrite(str(image), np.full((90, 160, 3), 60, np.uint8))
    roster = tmp_path / "roster.json"
    roster.write_text('{"format": "armada-roster/1", "ships": [{"id": "vsd-1", "ship_class": '
                      f'"{VSD}", "player": 1, "tag": 4}}]}}')
    assert main(["analyze", str(image), "--roster", str(roster)]) == 2
    assert capsys.readouterr().err == (
        f"armada-vision: error: {roster}: ships[0].tag: tag 4 is a table marker's id "
        "(layout-6x3.json: DICT_4X4_50 ids 0-5 round the play area); give the ship another id\n")


def test_markers_names_the_table_ids(tmp_path, capsys):
    assert main(["markers", "--out", str(tmp_path / "m"), "--layout", "3x3"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == (
        "The table markers are DICT_4X4_50 ids 0-5: tags on ship tokens (a roster's \"tag\") "
        "need other ids (--tags 6-17 prints a sheet).")
