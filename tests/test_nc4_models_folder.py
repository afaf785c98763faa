"""`--models DIR` reads DIR/ships/*.toml, DIR/squadrons/*.toml and DIR/obstacles/*.toml (README).
A folder with none of them, one level too high, or with the TOML files put straight into it,
added nothing and said nothing: a player's own ship then was "unknown ship class" later, far
from the cause. It is refused naming the folder, with where the file belongs."""

from pathlib import Path

import pytest

from armada_vision.catalog import load_catalog
from armada_vision.cli import main
from armada_vision.errors import InputError

REPO = Path(__file__).resolve().parents[1]
SKIRMISH = REPO / "bench" / "scenes" / "skirmish.json"
CR90 = (REPO / "models" / "ships" / "cr90-corvette-a.toml").read_text(encoding="utf-8")


def test_a_ship_file_put_straight_into_the_models_folder_is_refused_saying_where_it_goes(tmp_path):
    (tmp_path / "my-cr90.toml").write_text(CR90, encoding="utf-8")
    with pytest.raises(InputError) as info:
        load_catalog(tmp_path)
    msg = str(info.value)
    assert msg.startswith(f"{tmp_path}: no ships/, squadrons/ or obstacles/ folder")
    assert f"put my-cr90.toml in {tmp_path / 'ships'}" in msg


def test_the_folder_above_the_models_folder_is_refused_by_every_command(tmp_path, capsys):
    (tmp_path / "models" / "ships").mkdir(parents=True)
    (tmp_path / "models" / "ships" / "my-cr90.toml").write_text(CR90, encoding="utf-8")
    assert main(["check", str(SKIRMISH), "--models", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "expected DIR/ships/*.toml" in err


def test_the_models_folder_itself_adds_its_ship(tmp_path):
    (tmp_path / "ships").mkdir()
    (tmp_path / "ships" / "my-cr90.toml").write_text(CR90, encoding="utf-8")
    catalog = load_catalog(tmp_path)
    assert catalog.ships["my-cr90"].hull == catalog.ships["cr90-corvette-a"].hull


def test_a_folder_with_only_a_tool_file_is_a_models_folder(tmp_path):
    (tmp_path / "ruler.toml").write_text(
        (REPO / "models" / "ruler.toml").read_text(encoding="utf-8"), encoding="utf-8")
    assert "victory-ii-star-destroyer" in load_catalog(tmp_path).ships
