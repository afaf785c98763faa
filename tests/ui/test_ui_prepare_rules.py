"""Before a window opens the rules engine is compiled in a worker thread behind a busy dialog,
and a failure there never keeps the window from opening."""

import threading
import time

import armada_vision.rules as rules
from armada_vision.ui.app import prepare_rules


def test_the_rules_compile_off_the_ui_thread_behind_a_dialog(qapp, monkeypatch, catalog):
    seen = {}

    def slow_compile(cat):
        seen["thread"] = threading.current_thread().name
        seen["catalog"] = cat
        time.sleep(0.3)
        return 1

    dialogs = []
    monkeypatch.setattr(rules, "compile_kernels", slow_compile)
    monkeypatch.setattr("armada_vision.ui.app.QProgressDialog.show",
                        lambda self: dialogs.append(self.labelText()))
    t0 = time.monotonic()
    prepare_rules(qapp, catalog, show_after_s=0.05)
    assert time.monotonic() - t0 >= 0.3                      # waited for the compile to finish
    assert seen == {"thread": "rules-compile", "catalog": catalog}
    assert dialogs == ["Preparing the rules engine (first run after an install only)..."]


def test_a_quick_compile_shows_no_dialog(qapp, monkeypatch, catalog):
    dialogs = []
    monkeypatch.setattr(rules, "compile_kernels", lambda cat: 1)
    monkeypatch.setattr("armada_vision.ui.app.QProgressDialog.show",
                        lambda self: dialogs.append(self.labelText()))
    prepare_rules(qapp, catalog, show_after_s=1.0)
    assert dialogs == []


def test_a_failed_compile_is_one_warning_and_the_window_opens_anyway(qapp, monkeypatch, catalog,
                                                                     capsys):
    def broken(cat):
        raise RuntimeError("no LLVM today")

    monkeypatch.setattr(rules, "compile_kernels", broken)
    prepare_rules(qapp, catalog)
    assert capsys.readouterr().err == ("armada-vision: warning: could not prepare the rules "
                                       "engine ahead: no LLVM today\n")


def test_with_a_detector_its_refits_are_compiled_too(qapp, monkeypatch, catalog):
    import armada_vision.vision.detect as detect

    calls = []
    monkeypatch.setattr(rules, "compile_kernels", lambda cat: calls.append("rules") or 1)
    monkeypatch.setattr(detect, "compile_kernels", lambda: calls.append("detector") or 2)
    prepare_rules(qapp, catalog)
    assert calls == ["rules"]
    prepare_rules(qapp, catalog, detection=True)
    assert calls == ["rules", "rules", "detector"]
