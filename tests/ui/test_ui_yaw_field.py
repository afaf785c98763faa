"""The maneuver panel's yaw clicks in German and Czech: "0,0" reads there as the decimal
number 0.0, so the field writes the clicks with "; " between joints where the decimal point is
a comma, and reads either form (one whole number per joint)."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from ui_helpers import keep  # noqa: E402

from armada_vision.ui.i18n import install_translator  # noqa: E402
from armada_vision.ui.panels import ManeuverPanel, parse_yaw, yaw_text  # noqa: E402


@pytest.fixture
def lang(qapp):
    yield lambda code: install_translator(qapp, code)
    install_translator(qapp, "en")


@pytest.mark.parametrize("code, shown", [("de", "0; 0"), ("cs", "0; 0"), ("en", "0, 0")])
def test_the_default_clicks_cannot_be_read_as_a_decimal_number(qtbot, lang, code, shown):
    lang(code)
    panel = ManeuverPanel()
    keep(qtbot, panel)
    assert panel.yaw.text() == shown            # was "0,0" in every language
    panel.setChecked(True)
    assert panel.value() == (2, [0, 0])


@pytest.mark.parametrize("typed", ["0,1", "0;1", "0; 1", " 0 ; 1 ", "0 1", "0, 1"])
def test_both_separators_are_read_in_german(qtbot, lang, typed):
    lang("de")
    panel = ManeuverPanel()
    keep(qtbot, panel)
    panel.setChecked(True)
    panel.yaw.setText(typed)
    assert panel.value() == (2, [0, 1])
    panel.yaw.editingFinished.emit()
    assert panel.yaw.text() == "0; 1"           # written back in the language's form


def test_a_speed_change_shows_the_clicks_it_will_use(qtbot, lang):
    lang("de")
    panel = ManeuverPanel()
    keep(qtbot, panel)
    panel.setChecked(True)
    panel.yaw.setText("0,1")
    panel.speed.setValue(3)
    assert panel.yaw.text() == "0; 1; 0"
    assert panel.value() == (3, [0, 1, 0])
    panel.speed.setValue(1)
    assert panel.yaw.text() == "0"
    assert panel.value() == (1, [0])


def test_parse_and_write():
    assert parse_yaw("-1; 2") == [-1, 2]
    assert parse_yaw("1,-2") == [1, -2]
    assert parse_yaw("") == []
    assert parse_yaw("0.5") is None and parse_yaw("1;x") is None
    assert yaw_text([0, -1, 2], ",") == "0; -1; 2"
    assert yaw_text([0, -1, 2], ".") == "0, -1, 2"
