"""``--log`` under a regular file: the error names the file that is in the way of the folder
(mkdir's own words were "File exists" or "Not a directory", naming nothing)."""

import pytest

from armada_vision.errors import InputError
from armada_vision.gamelog import GameLog
from armada_vision.gamelog._log import file_in_the_way


@pytest.mark.parametrize("under", ["games.sqlite", "sub/deeper/games.sqlite"])
def test_a_log_under_a_regular_file_names_that_file(tmp_path, under):
    blocker = tmp_path / "notes.txt"
    blocker.write_text("not a folder")
    with pytest.raises(InputError) as err:
        GameLog(blocker / under)
    msg = str(err.value)
    assert f"{blocker} is a file, not a folder" in msg
    assert "File exists" not in msg and "Not a directory" not in msg
    assert blocker.read_text() == "not a folder"


def test_nothing_is_in_the_way_of_a_new_folder(tmp_path):
    assert file_in_the_way(tmp_path / "a" / "b" / "games.sqlite") is None
    with GameLog(tmp_path / "a" / "b" / "games.sqlite") as log:
        assert log.path.exists()
