import pytest

from armada_vision.catalog import load_catalog
from armada_vision.errors import InputError


def test_bundled_catalog_loads_and_ruler_edges_belong_to_nearer_band(catalog):
    r = catalog.ruler
    assert r.range_band(r.range_bands_mm["close"]) == "close"
    assert r.range_band(r.range_bands_mm["close"] + 0.01) == "medium"
    assert r.range_band(r.length_mm + 0.01) == "extreme"
    assert r.distance_band(r.distance_bands_mm[0]) == 1
    assert r.distance_band(r.distance_bands_mm[0] + 0.01) == 2
    assert r.distance_band(400.0) is None


def test_broken_ship_file_names_file_and_field(tmp_path):
    (tmp_path / "ships").mkdir()
    bad = tmp_path / "ships" / "broken-frigate.toml"
    bad.write_text('name = "Broken"\nsize_class = "gigantic"\n')
    with pytest.raises(InputError) as info:
        load_catalog(tmp_path)
    msg = str(info.value)
    assert "broken-frigate.toml" in msg and "size_class" in msg and "small" in msg


def test_missing_models_folder_is_an_input_error(tmp_path):
    with pytest.raises(InputError, match="does not exist"):
        load_catalog(tmp_path / "nope")
