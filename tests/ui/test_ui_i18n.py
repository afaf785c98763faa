"""German and Czech translations: compiled, complete, and loaded by the window."""

import sys
from pathlib import Path

import pytest
from PyQt6.QtCore import QCoreApplication

sys.path.insert(0, str(Path(__file__).parent))
from ui_helpers import make_window, two_ship_scene  # noqa: E402

from armada_vision.i18n import LANGUAGES, extra_strings, qm_path, source_files, ts_path  # noqa: E402
from armada_vision.i18n._build import elf_hash, extract, qm_bytes, read_ts  # noqa: E402
from armada_vision.ui.i18n import install_translator  # noqa: E402


@pytest.fixture
def lang(qapp):
    yield lambda code: install_translator(qapp, code)
    install_translator(qapp, "en")


@pytest.mark.parametrize("code, expected", [("de", "Angriffsprüfung"), ("cs", "Kontrola útoku")])
def test_translation_loads_and_a_known_string_translates(lang, code, expected):
    assert lang(code) == code
    assert QCoreApplication.translate("Panels", "Attack check") == expected
    # format placeholders survive translation
    text = QCoreApplication.translate("Overlay", "too close to call ({margin:.1f} mm)").format(margin=1.24)
    assert "1.2 mm" in text and "too close" not in text


def test_the_window_speaks_german(qtbot, catalog, lang):
    lang("de")
    win, cam = make_window(qtbot, catalog, two_ship_scene())
    assert win.check_panel.title() == "Angriffsprüfung"
    assert win.act_undo.text() == "Rückgängig"
    assert "Kalibrierung" in win.lbl_calib.text()


def test_every_window_string_is_translated_and_the_qm_files_are_current():
    found = extract(source_files())
    for ctx, texts in extra_strings().items():
        found.setdefault(ctx, []).extend(texts)
    for code, language in LANGUAGES.items():
        msgs = read_ts(ts_path(code))
        missing = [(c, s) for c, srcs in found.items() for s in srcs if not msgs.get(c, {}).get(s)]
        assert missing == [], f"{code}: run python -m armada_vision.i18n update, translate, release"
        assert qm_path(code).read_bytes() == qm_bytes(msgs, language), "run python -m armada_vision.i18n release"


def test_elf_hash_matches_qt():
    # values from Qt's elfHash (qtranslator.cpp) for these byte strings
    assert elf_hash(b"") == 1           # Qt maps a zero hash to 1
    assert elf_hash(b"a") == 0x61
    assert elf_hash(b"ab") == (0x61 << 4) + 0x62
    # up to six characters nothing reaches the top nibble: a plain base-16 positional sum
    assert elf_hash(b"abcdef") == sum(c << 4 * (5 - i) for i, c in enumerate(b"abcdef"))


def test_lang_flag_is_for_this_run_only_the_saved_setting_stays(qapp, tmp_path, monkeypatch):
    # armada_vision/docs/window.md: the language is --lang, else the saved setting (Settings > Language); a
    # one-off `demo --lang cs` (or a CI screenshot run) must not change the players' default
    import os

    from PyQt6.QtCore import QSettings

    from armada_vision.ui.app import application
    from armada_vision.ui.i18n import settings

    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    home = os.environ.get("XDG_CONFIG_HOME") or os.path.expanduser("~/.config")
    QSettings.setPath(QSettings.Format.NativeFormat, QSettings.Scope.UserScope, str(tmp_path))
    try:
        settings().setValue("language", "de")
        settings().sync()
        application("cs")
        assert QCoreApplication.translate("Panels", "Attack check") == "Kontrola útoku"
        assert settings().value("language", None, type=str) == "de"
    finally:
        QSettings.setPath(QSettings.Format.NativeFormat, QSettings.Scope.UserScope, home)
        install_translator(qapp, "en")
