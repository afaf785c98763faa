"""`analyze` says when a "hand" covers much of the table: on a real overhead photo of a patterned
board without the empty table, the whole board differed from the guessed mat and came back as
one hand (x 8-1438 mm, y -35-950 mm) with the ship missed; a newcomer was told only that "false
pieces of low confidence" might show."""

import json
import re

from armada_vision.cli import main

PHOTO = "20171105_185451_Location-4C_Heading-East_Ship-Cruiser-1.jpg"


def test_a_hand_over_most_of_the_table_is_named_as_a_background_problem(realdata, tmp_path,
                                                                         capsys):
    photo = realdata / "overhead-webcam-board" / "frames" / PHOTO
    layout, table = tmp_path / "board.json", tmp_path / "table.json"
    layout.write_text(json.dumps({"format": "armada-table-layout/1",
                                  "play_area_mm": [1400, 910], "markers": []}))
    assert main(["calibrate", "table", "--source", str(photo), "--layout", str(layout),
                 "--corners", "40,425;597,425;597,63;40,63", "--out", str(table)]) == 0
    capsys.readouterr()
    assert main(["analyze", str(photo), "--table", str(table)]) == 0
    err = capsys.readouterr().err
    m = re.search(r"warning: a 'hand' covers (\d+)% of the play area: more likely the mat "
                  r"guessed from this photo is wrong", err)
    assert m, err
    assert 40 <= int(m.group(1)) <= 100
    assert "--background" in err.split("covers")[1]


def test_a_real_hand_is_not_called_a_background_problem(tmp_path, catalog, capsys):
    from tests.vision.test_nc7_analyze_hand import test_a_hand_is_listed_with_where_it_is
    test_a_hand_is_listed_with_where_it_is(tmp_path, catalog, capsys)  # one hand, at 900, 300
    assert main(["analyze", str(tmp_path / "photo.png"), "--table", str(tmp_path / "table.json"),
                 "--background", str(tmp_path / "empty.png")]) == 0
    captured = capsys.readouterr()
    assert "1 hand(s)" in captured.out and "covers" not in captured.err
