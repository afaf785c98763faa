"""Distance bands 1-5 (RRG v1.6 "Range and Distance" p.15: "The lines on the ruler that divide
two adjacent bands always count as part of the band closest to the bottom of the ruler";
non-attack distance is closest point to closest point, p.11). Through the CLI on bundled pieces:
two TIE fighter squadrons (30 mm bases) at every band edge and 0.1 mm beyond it; the
verdict sits on the edge, so its margin is 0 there and 0.1 beside it (the JSON rounds to 0.1 mm)."""

import json

import pytest

from armada_vision.catalog import get_catalog
from armada_vision.cli import main

EDGES = get_catalog().ruler.distance_bands_mm


def _row(tmp_path, capsys, gap_mm):
    path = tmp_path / "scene.json"
    path.write_text(json.dumps({
        "format": "armada-scene/1", "play_area_mm": [1828.8, 914.4],
        "squadrons": [
            {"id": "t1", "squadron_class": "tie-fighter-squadron", "player": 1,
             "x_mm": 400.0, "y_mm": 400.0},
            {"id": "x1", "squadron_class": "x-wing-squadron", "player": 2,
             "x_mm": 400.0 + 30.0 + gap_mm, "y_mm": 400.0}]}))
    assert main(["check", str(path), "--json", "--attacker", "t1"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert len(rows) == 1
    return rows[0]


@pytest.mark.parametrize("band", [1, 2, 3, 4, 5])
def test_a_distance_band_edge_belongs_to_the_nearer_band(tmp_path, capsys, band):
    on = _row(tmp_path, capsys, EDGES[band - 1])
    assert on["distance_band"] == band
    assert on["margin_mm"] == pytest.approx(0.0, abs=1e-6)
    beside = _row(tmp_path, capsys, EDGES[band - 1] + 0.1)
    assert beside["distance_band"] == (band + 1 if band < 5 else None)
    assert beside["margin_mm"] == pytest.approx(0.1, abs=1e-6)
    # squadrons attack at distance 1 only (RRG "Attack" p.2): valid exactly on the edge
    assert on["valid"] is (band == 1) and beside["valid"] is False
