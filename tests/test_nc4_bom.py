"""Files saved by Windows Notepad start with a UTF-8 byte order mark (EF BB BF). A player who
fixes a scene, a camera file or a ship in Notepad must get the same result as without the mark
(it used to end in "Unexpected UTF-8 BOM" or TOML's "Invalid statement (at line 1, column 1)")."""

import json
from pathlib import Path

import numpy as np

from armada_vision.catalog import get_catalog
from armada_vision.cli import main
from armada_vision.scene import load_scene
from armada_vision.ui.calib_source import load_table_calibration
from armada_vision.vision.calibration import load_camera
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.synth.demo import camera_to_json

BOM = b"\xef\xbb\xbf"
REPO = Path(__file__).resolve().parents[1]
SKIRMISH = REPO / "bench" / "scenes" / "skirmish.json"


def _with_bom(src: bytes, path: Path) -> Path:
    path.write_bytes(BOM + src)
    return path


def test_a_scene_with_a_byte_order_mark_is_the_same_scene(tmp_path):
    marked = _with_bom(SKIRMISH.read_bytes(), tmp_path / "notepad.json")
    assert load_scene(marked) == load_scene(SKIRMISH)


def test_check_reads_a_scene_with_a_byte_order_mark(tmp_path, capsys):
    marked = _with_bom(SKIRMISH.read_bytes(), tmp_path / "notepad.json")
    assert main(["check", str(marked), "--json", "--attacker", "vsd-1"]) == 0
    marked_rows = json.loads(capsys.readouterr().out)
    assert main(["check", str(SKIRMISH), "--json", "--attacker", "vsd-1"]) == 0
    assert marked_rows == json.loads(capsys.readouterr().out) != []


def _camera() -> TableCamera:
    return TableCamera.looking_down((640, 480), dist_coeffs=np.array([0.05, -0.1, 0, 0, 0.02]))


def test_a_camera_file_with_a_byte_order_mark_gives_the_same_lens(tmp_path):
    text = json.dumps(camera_to_json(_camera())).encode()
    plain = tmp_path / "camera.json"
    plain.write_bytes(text)
    marked = _with_bom(text, tmp_path / "camera-notepad.json")
    a, b = load_camera(plain), load_camera(marked)
    np.testing.assert_array_equal(a.camera_matrix, b.camera_matrix)
    np.testing.assert_array_equal(a.dist_coeffs, b.dist_coeffs)
    assert tuple(b.image_size) == (640, 480)


def test_a_table_file_with_a_byte_order_mark_maps_pixels_to_the_same_millimetres(tmp_path):
    cam = _camera()
    marked = _with_bom(json.dumps(camera_to_json(cam)).encode(), tmp_path / "table.json")
    calib, _tracker = load_table_calibration(str(marked))
    corner_px = cam.table_to_image(np.array([[0.0, 0.0], [1828.8, 914.4]]))
    np.testing.assert_allclose(calib.camera.image_to_table(corner_px),
                               [[0.0, 0.0], [1828.8, 914.4]], atol=1e-6)


def test_a_ship_toml_with_a_byte_order_mark_adds_its_class(tmp_path):
    ships = tmp_path / "models" / "ships"
    ships.mkdir(parents=True)
    src = (REPO / "models" / "ships" / "cr90-corvette-a.toml").read_bytes()
    _with_bom(src, ships / "my-cr90.toml")
    catalog = get_catalog(tmp_path / "models")
    mine, bundled = catalog.ships["my-cr90"], catalog.ships["cr90-corvette-a"]
    assert (mine.base, mine.size_class) == (bundled.base, bundled.size_class)


def test_a_roster_with_a_byte_order_mark_loads(tmp_path):
    """A roster saved by Windows Notepad (UTF-8 with BOM) reads like one without."""
    from armada_vision.vision.detect import load_roster

    cls = sorted(get_catalog().ships)[0]
    src = json.dumps({"format": "armada-roster/1",
                      "ships": [{"id": "p1-a", "ship_class": cls, "player": 1, "tag": 7}]}).encode()
    marked = tmp_path / "marked.json"
    marked.write_bytes(BOM + src)
    roster = load_roster(marked, get_catalog())
    assert [(s.id, s.ship_class, s.player, s.tag) for s in roster.ships] == [("p1-a", cls, 1, 7)]
