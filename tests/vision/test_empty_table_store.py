"""The learned empty table is kept per calibration file and resolution: the next game gets the
very same model back; a stale or broken one is ignored with a note saying why."""

import json

import numpy as np
import pytest

from armada_vision.vision.detect import BackgroundModel
from armada_vision.vision.empty_table import (
    Learned,
    entry_paths,
    load_background,
    model_from_mean,
    save_background,
    store_dir,
)


@pytest.fixture
def learned():
    rng = np.random.default_rng(3)
    mean = rng.integers(20, 200, size=(90, 160, 3), dtype=np.uint8)
    return Learned(model_from_mean(mean, 2.5), "learned", {"frames": 8}, mean, 2.5)


@pytest.fixture
def table_file(tmp_path):
    path = tmp_path / "setup" / "table.json"
    path.parent.mkdir()
    path.write_text('{"format": "armada-table/1"}')
    return path


def test_the_next_game_gets_the_same_model_back(tmp_path, learned, table_file):
    store = tmp_path / "store"
    png, why = save_background(learned, table_file, store)
    assert why == "" and png == entry_paths(table_file, store)[0] and png.exists()
    desc = json.loads(png.with_suffix(".json").read_text())
    assert desc["format"] == "armada-background/1" and desc["image_size"] == [160, 90]
    assert desc["calibration_file"] == str(table_file.resolve()) and desc["frames"] == 8
    got = load_background(table_file, (160, 90), store)
    assert got.note == "" and got.path == png and got.saved_at == desc["saved_at"]
    assert isinstance(got.model, BackgroundModel)
    assert np.array_equal(got.model.mean_bgr, learned.model.mean_bgr)  # PNG is lossless
    assert np.array_equal(got.model.texture, learned.model.texture)
    assert got.model.noise_sigma == learned.model.noise_sigma == 2.5
    # Nothing saved for another calibration file (another camera): nothing, and no note.
    other = table_file.with_name("other.json")
    other.write_text("{}")
    assert load_background(other, (160, 90), store).model is None
    assert load_background(other, (160, 90), store).note == ""


def test_another_resolution_is_ignored_with_a_note(tmp_path, learned, table_file):
    save_background(learned, table_file, tmp_path)
    got = load_background(table_file, (1920, 1080), tmp_path)
    assert got.model is None and got.note_key == "stale_size"
    assert "learned at 160x90 px, the camera gives 1920x1080 px" in got.note


def test_a_calibration_file_changed_since_is_ignored_with_a_note(tmp_path, learned, table_file):
    save_background(learned, table_file, tmp_path)
    table_file.write_text('{"format": "armada-table/1", "calibrated": "again"}')
    got = load_background(table_file, (160, 90), tmp_path)
    assert got.model is None and got.note_key == "stale_file"
    assert str(table_file) in got.note and "changed since" in got.note


@pytest.mark.parametrize("damage", ["json", "png", "format"])
def test_a_broken_saved_picture_is_ignored_with_a_note(tmp_path, learned, table_file, damage):
    png, meta = entry_paths(table_file, tmp_path)
    save_background(learned, table_file, tmp_path)
    if damage == "json":
        meta.write_text("{not json")
    elif damage == "png":
        png.write_bytes(b"not a picture")
    else:
        meta.write_text(json.dumps({"format": "something-else/1"}))
    got = load_background(table_file, (160, 90), tmp_path)
    assert got.model is None and got.note_key == "unreadable" and str(png) in got.note


def test_a_store_that_cannot_be_written_says_why_and_keeps_nothing(tmp_path, learned,
                                                                   table_file):
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where the folder should be")
    png, why = save_background(learned, table_file, blocker / "backgrounds")
    assert png is None and why
    assert load_background(table_file, (160, 90), blocker / "backgrounds").model is None


def test_the_store_is_in_the_xdg_data_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert store_dir() == tmp_path / "armada-vision" / "backgrounds"
