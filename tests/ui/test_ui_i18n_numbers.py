"""Numbers in the window follow the chosen language, not the system's: German and Czech write a
decimal comma (the status bar said "reprojection 0.42 mm" and the check panel "134.0 mm" in a
German window; a German system made the English window's spin box write "2,00 mm")."""

import pytest
from PyQt6.QtCore import QLocale

from armada_vision.i18n import DECIMAL_POINTS, LocalNumber, decimal_point_for, local_args
from armada_vision.ui.checks import CheckView
from armada_vision.ui.i18n import LOCALES, decimal_point, install_translator, local
from armada_vision.ui.overlay_model import TEXT_TOO_CLOSE
from armada_vision.ui.overlay_shapes import Label
from armada_vision.ui.painter import translate_label
from armada_vision.ui.panels import LayerPanel, check_html
from armada_vision.ui.rule_text import reason_text

CHECK = {"attacker": "a", "attacking_zone": "front", "defender": "d", "defending_zone": "rear",
         "in_arc": True, "range_mm": 134.04, "range_band": "medium", "distance_band": 3,
         "line_of_sight": True, "obstructed": False, "obstructed_by": [],
         "dice": {"red": 3, "blue": 3, "black": 0}, "valid": True, "margin_mm": 1.46}


@pytest.fixture
def lang(qapp):
    yield lambda code: install_translator(qapp, code)
    install_translator(qapp, "en")
    QLocale.setDefault(QLocale.c())


def test_local_number_formats_like_the_number_with_the_decimal_separator():
    assert format(LocalNumber(12.46, ","), ".1f") == "12,5"
    assert format(LocalNumber(1828.8, ","), ".1f") == "1828,8"     # no thousands separator
    assert format(LocalNumber(-0.25, ","), ".2f") == "-0,25"
    assert f"{LocalNumber(3, ',')} / {LocalNumber(3, ','):d}" == "3 / 3"
    assert str(LocalNumber(2.5, ",")) == "2,5" and str(LocalNumber(2.5, ".")) == "2.5"
    args = local_args({"n": 1.5, "ok": True, "id": "vsd-1"}, ",")
    assert isinstance(args["n"], LocalNumber) and args["ok"] is True and args["id"] == "vsd-1"
    assert "{n:.1f} {ok} {id}".format(**local_args({"n": 1.5, "ok": True, "id": "a.b"}, ",")) == (
        "1,5 True a.b")                                           # bools and texts untouched
    assert [decimal_point_for(c) for c in ("en", "de", "cs", "de_AT", None, "fr")] == [
        ".", ",", ",", ",", ".", "."]


def test_the_decimal_points_agree_with_qt():
    assert {code: QLocale(LOCALES[code]).decimalPoint() for code in LOCALES} == DECIMAL_POINTS


@pytest.mark.parametrize("code, range_row, margin_row, warning", [
    ("de", "mittel (134,0 mm)", "1,5 mm",
     "Der Spielraum (1,5 mm) liegt unter der Messunsicherheit (2,0 mm)"),
    ("cs", "střední (134,0 mm)", "1,5 mm",
     "rezerva (1,5 mm) je menší než nejistota měření (2,0 mm)"),
    ("en", "medium (134.0 mm)", "1.5 mm",
     "the margin (1.5 mm) is below the measurement uncertainty (2.0 mm)"),
])
def test_the_check_panel_writes_the_languages_decimal_separator(lang, code, range_row,
                                                                 margin_row, warning):
    lang(code)
    text = check_html(CheckView(CHECK), 2.0)
    assert f"<td>{range_row}</td>" in text
    assert f"<td>{margin_row}</td>" in text
    assert warning in text


@pytest.mark.parametrize("code, expected", [("de", "2,00 mm"), ("cs", "2,00 mm"), ("en", "2.00 mm")])
def test_spin_boxes_follow_the_chosen_language_not_the_system(qtbot, lang, code, expected):
    QLocale.setDefault(QLocale("de_DE" if code == "en" else "en_US"))   # the "system" differs
    lang(code)
    assert decimal_point() == expected[1]
    panel = LayerPanel(2.0)
    qtbot.addWidget(panel)
    assert panel.uncertainty.text() == expected


def test_overlay_labels_and_status_texts_use_the_decimal_comma(lang):
    lang("de")
    label = Label(TEXT_TOO_CLOSE, (("margin", 0.44),))

    class _Shape:
        pass

    shape = _Shape()
    shape.label = label
    assert "(0,4 mm)" in translate_label(shape)                    # type: ignore[arg-type]
    assert label.format() == "too close to call (0.4 mm)"         # English source as it was
    assert "{mm:.2f} mm".format(**local(mm=0.4249)) == "0,42 mm"
    assert reason_text("{a} mm, speed {s}", {"a": 12.5, "s": 2}) == "12,5 mm, speed 2"


@pytest.mark.parametrize("code, unit", [("de", "Bilder/s"), ("cs", "snímků/s")])
def test_the_frame_rate_reads_as_frames_not_bytes(lang, code, unit):
    # German "11,0 B/s" read as bytes per second
    from PyQt6.QtCore import QCoreApplication

    lang(code)
    for src in ("{fps:.1f} fps (camera {cam:.1f})",
                "{fps:.1f} fps (camera {cam:.1f}, processed {rate:.1f}, {ms:.0f} ms)",
                "{fps:.1f} fps (camera {cam:.1f}, processed {rate:.1f}, {ms:.0f} ms; "
                "overlays {lag:.1f} s behind)"):
        text = QCoreApplication.translate("MainWindow", src).format(
            **local(fps=11.0, cam=11.5, rate=7.0, ms=10.0, lag=0.1))
        assert text.startswith(f"11,0 {unit} (")
