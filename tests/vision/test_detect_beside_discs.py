"""A ship touching squadrons is not held to a leftover's rules once their discs go first
(``_judge._after_pieces``, ``DISCS_NO_LEFTOVER``): a squadron's miniature stands over its own disc, so what is
left beside discs is no miniature's overhang, and the base needs no more of its outline seen
(nor two square corners) than alone. Tuning 1019's Raider-II on cloth, moved beside two TIEs
at the mat's edge, the bench's own video (its moves and frames' noise)."""

from __future__ import annotations

import importlib.util
import math
from pathlib import Path

import pytest

from armada_vision.vision import synth
from armada_vision.vision.detect import Detector, _judge

BENCH = Path(__file__).resolve().parents[2] / "bench" / "detection.py"


@pytest.fixture(scope="module")
def tuning_1019(catalog):
    spec = importlib.util.spec_from_file_location("bench_detection_discs", BENCH)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    rng, camera, opt, scene, bg = bench._setup(catalog, 19, 1019)
    frames = [synth.render(sc, camera, catalog, opt, seed=1019, noise_seed=10 + n).image
              for n, (sc, _, _) in enumerate(bench.video_sequence(scene, rng, catalog)[:5])]
    moved = bench.video_sequence(scene, rng, catalog)[3][0]
    raider = next(s for s in moved.ships if s.ship_class == "raider-ii-class-corvette")
    return Detector(catalog, camera, background=bg), frames, raider


def _near(ships, truth, mm: float = 2.5) -> list:
    return [s for s in ships if math.hypot(s.x_mm - truth.x_mm, s.y_mm - truth.y_mm) < mm]


def test_a_ship_beside_squadrons_found_after_their_discs(tuning_1019):
    det, frames, raider = tuning_1019
    found = det.detect(frames[3])
    # Before: the two TIEs only; the base (one corner seen, 0.54 of its outline) was held to
    # a leftover's two corners.
    (ship,) = _near(found.ships, raider)
    assert ship.size_class == "small"
    assert len([q for q in found.squadrons
                if math.hypot(q.x_mm - raider.x_mm, q.y_mm - raider.y_mm) < 90.0]) == 2


def test_the_live_path_keeps_it_after_the_move(tuning_1019):
    det, frames, raider = tuning_1019
    live = det.live()
    for n, frame in enumerate(frames):
        found = live.detect(frame)
        if n >= 3:
            assert len(_near(found.ships, raider)) == 1, n  # before: lost from the move on


def test_with_discs_counted_as_pieces_the_ship_is_lost(tuning_1019, monkeypatch):
    det, frames, raider = tuning_1019
    monkeypatch.setattr(_judge, "DISCS_NO_LEFTOVER", False)
    assert _near(det.detect(frames[3]).ships, raider, 20.0) == []
