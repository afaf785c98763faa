"""An unknown ship's overlay label names its size class in the players' language
(newcomer 5: `run --lang de` drew "unbekanntes Schiff (large)")."""

import pytest

from armada_vision.scene import Scene, ShipPose
from armada_vision.ui.i18n import install_translator
from armada_vision.ui.overlay_model import build_overlay
from armada_vision.ui.painter import translate_label
from armada_vision.vision.camera import TableCamera


@pytest.fixture
def lang(qapp):
    yield lambda code: install_translator(qapp, code)
    install_translator(qapp, "en")


def _unknown_label(catalog, size_class):
    scene = Scene(ships=(ShipPose("base-1", None, 1, 900.0, 450.0, 0.0, size_class=size_class),))
    ov = build_overlay(scene, catalog, TableCamera.looking_down((1280, 720), tilt_deg=15.0))
    [label] = [s for s in ov.shapes if s.kind == "text" and s.piece_id == "base-1"]
    return label


@pytest.mark.parametrize(("code", "size_class", "text"), [
    ("en", "large", "unknown large ship"),
    ("de", "large", "unbekanntes Schiff (groß)"),
    ("de", "small", "unbekanntes Schiff (klein)"),
    ("cs", "medium", "neznámá loď (střední)"),
])
def test_unknown_ship_label_translates_its_size_class(catalog, lang, code, size_class, text):
    lang(code)
    assert translate_label(_unknown_label(catalog, size_class)) == text


def test_unknown_ship_without_a_size_class_shows_a_question_mark(catalog, lang):
    lang("de")
    assert translate_label(_unknown_label(catalog, None)) == "unbekanntes Schiff (?)"
