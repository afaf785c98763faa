"""Newcomer 6: a roster file (analyze --roster) with a typo'd class, a tag its dictionary does
not have, one tag on two ships or an unknown dictionary is refused in one line naming the file
and field, with the closest class ids for a typo. Before, the typo named no alternative and the
other three were accepted: a tag id past the dictionary was never seen, a repeated tag named
whichever ship came first, an unknown dictionary failed at the first frame without the file."""

import pytest

from armada_vision.catalog import get_catalog
from armada_vision.errors import InputError
from armada_vision.vision.detect import roster_from_dict

VSD = "victory-ii-star-destroyer"


def _ship(pid, player=1, cls=VSD, **extra):
    return {"id": pid, "ship_class": cls, "player": player, **extra}


@pytest.mark.parametrize("data, message", [
    ({"ships": [_ship("a", cls="victory-ii-star-destroer")]},
     "r.json: ships[0].ship_class: unknown class 'victory-ii-star-destroer' "
     "(closest known: victory-ii-star-destroyer, victory-i-star-destroyer)"),
    ({"squadrons": [{"id": "t", "squadron_class": "tie-fighter", "player": 1}]},
     "r.json: squadrons[0].squadron_class: unknown class 'tie-fighter' "
     "(closest known: tie-fighter-squadron)"),
    ({"squadrons": [{"id": "t", "squadron_class": "zzzzqqq", "player": 1}]},
     "r.json: squadrons[0].squadron_class: unknown class 'zzzzqqq' "
     "(the known ones are the file names in models/squadrons/)"),
    ({"ships": [_ship("a", tag=50)]},
     "r.json: ships[0].tag: tag 50 is not in DICT_4X4_50 (ids 0-49): it would never be seen"),
    ({"dictionary": "DICT_6X6_250", "ships": [_ship("a", tag=250)]},
     "r.json: ships[0].tag: tag 250 is not in DICT_6X6_250 (ids 0-249): it would never be seen"),
    ({"ships": [_ship("a", tag=7), _ship("b", 2, tag=7)]},
     "r.json: ships[1].tag: tag 7 is also on 'a': a seen tag names one ship"),
    ({"dictionary": "DICT_4X4_5O", "ships": [_ship("a", tag=7)]},
     "r.json: dictionary: unknown ArUco dictionary 'DICT_4X4_5O' (expected an OpenCV name such "
     "as DICT_4X4_50)"),
])
def test_a_roster_mistake_is_one_line_naming_the_field(data, message):
    with pytest.raises(InputError) as err:
        roster_from_dict({"format": "armada-roster/1", **data}, "r.json", get_catalog())
    assert str(err.value) == message


def test_the_last_id_of_the_dictionary_and_distinct_tags_are_kept():
    roster = roster_from_dict({"format": "armada-roster/1", "dictionary": "DICT_6X6_250",
                               "ships": [_ship("a", tag=249), _ship("b", 2, tag=0), _ship("c")]},
                              "r.json", get_catalog())
    assert [(s.id, s.tag) for s in roster.ships] == [("a", 249), ("b", 0), ("c", None)]
    assert roster.dictionary == "DICT_6X6_250"


@pytest.mark.parametrize("player", [1.0, 2.0, True, "1", 1.5])
def test_a_player_is_the_whole_number_1_or_2(player):
    # 1.0 == 1 in Python: "player": 1.0 was accepted as player 1 (the scene file refuses it)
    for data in ({"ships": [_ship("a", player=player)]},
                 {"squadrons": [{"id": "t", "squadron_class": "tie-fighter-squadron",
                                 "player": player}]}):
        key = next(iter(data))
        with pytest.raises(InputError) as err:
            roster_from_dict({"format": "armada-roster/1", **data}, "r.json", get_catalog())
        assert str(err.value) == f"r.json: {key}[0].player: expected 1 or 2, got {player!r}"


def test_a_squadrons_tag_is_named_as_unused_not_ignored_silently(tmp_path, capsys):
    # the tag was read and thrown away without a word; the file stays valid (old rosters load)
    data = {"format": "armada-roster/1", "ships": [_ship("a", tag=7)], "squadrons": [
        {"id": "t", "squadron_class": "tie-fighter-squadron", "player": 1, "tag": 9},
        {"id": "u", "squadron_class": "tie-fighter-squadron", "player": 1}]}
    roster = roster_from_dict(data, "r.json", get_catalog())
    assert [s.id for s in roster.squadrons] == ["t", "u"] and roster.ships[0].tag == 7
    assert roster.notes == [
        "r.json: squadrons[0].tag: not used: only a ship's token tag names a piece (a squadron "
        "base has no room for one beside its peg); give 't' its class in the window"]
    assert roster_from_dict({**data, "squadrons": data["squadrons"][1:]}, "r.json").notes == []


def test_analyze_prints_the_rosters_notes_as_warnings(tmp_path, capsys):
    import json

    import cv2
    import numpy as np

    from armada_vision.cli import main

    roster = tmp_path / "roster.json"
    roster.write_text(json.dumps({"format": "armada-roster/1", "squadrons": [
        {"id": "t", "squadron_class": "tie-fighter-squadron", "player": 1, "tag": 9}]}))
    photo = tmp_path / "blank.png"
    cv2.imwrite(str(photo), np.full((120, 160, 3), 60, np.uint8))
    assert main(["analyze", str(photo), "--roster", str(roster)]) == 2   # no table in it
    err = capsys.readouterr().err.splitlines()
    assert err[0] == (f"armada-vision: warning: {roster}: squadrons[0].tag: not used: only a "
                      "ship's token tag names a piece (a squadron base has no room for one "
                      "beside its peg); give 't' its class in the window")
    assert err[1].startswith("armada-vision: error: ") and "table not found" in err[1]


def test_a_files_deployed_mm_is_named_as_not_read():
    # deployed_mm is given in code (the tracker names by it); analyze ignored a file's without
    # a word, so its untagged ships stayed unnamed with no reason given
    data = {"format": "armada-roster/1", "ships": [_ship("a", deployed_mm=[100.0, 50.0])],
            "squadrons": [{"id": "t", "squadron_class": "tie-fighter-squadron", "player": 1,
                           "deployed_mm": [300.0, 60.0]}]}
    roster = roster_from_dict(data, "r.json", get_catalog())
    assert roster.ships[0].deployed_mm is None and roster.squadrons[0].deployed_mm is None
    assert [n.split(": not read")[0] for n in roster.notes] == [
        "r.json: ships[0].deployed_mm", "r.json: squadrons[0].deployed_mm"]
    assert "names a ship by its tag only" in roster.notes[0]
