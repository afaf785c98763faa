"""Loads the window's translations (English, German, Czech) into the running Qt application.

The language comes from ``--lang``, else the ``language`` QSettings value, else the system
locale; English is the source language and needs no file. Compiled ``.qm`` files ship in
``armada_vision/i18n/`` (built from the ``.ts`` sources by ``python -m armada_vision.i18n``).

Numbers follow the chosen language too, not the system's: installing a language makes its
``QLocale`` the default (spin boxes write "2,00 mm" in German and Czech), and texts formatted in
Python pass their numbers through :func:`local` (``armada_vision.i18n.LocalNumber``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PyQt6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QSettings, QTranslator

from armada_vision.i18n import local_args

I18N_DIR = Path(__file__).resolve().parents[1] / "i18n"
LANGUAGES = ("en", "de", "cs")
# The QLocale whose numbers each language writes (English: "." as the sources do).
LOCALES = {"en": "en_US", "de": "de_DE", "cs": "cs_CZ"}
_installed: list[QTranslator] = []


def settings() -> QSettings:
    return QSettings("armada-vision", "armada-vision")


def camera_uncertainty_mm(default: float = 2.0) -> float:
    """The saved "too close to call" threshold for camera scenes (Overlays panel), in mm."""
    v = settings().value("too_close_mm", default)
    try:
        return max(0.0, float(v))
    except (TypeError, ValueError):
        return default


def save_camera_uncertainty_mm(value_mm: float) -> None:
    settings().setValue("too_close_mm", float(value_mm))


def choose_language(lang: str | None = None) -> str:
    """``lang`` if given, else the saved setting, else the system locale; one of LANGUAGES."""
    for cand in (lang, settings().value("language", None, type=str), QLocale.system().name()):
        if cand:
            code = str(cand).replace("-", "_").split("_")[0].lower()
            if code in LANGUAGES:
                return code
    return "en"


def install_translator(app: QCoreApplication, lang: str | None = None, *, save: bool = False) -> str:
    """Install the translators for ``lang`` (see :func:`choose_language`); returns the code.

    Replaces translators installed by an earlier call. ``save`` stores an explicit choice in
    QSettings for the next start. The language's ``QLocale`` becomes the default (numbers in
    widgets made afterwards, and :func:`decimal_point`).
    """
    code = choose_language(lang)
    if save and lang:
        settings().setValue("language", code)
    QLocale.setDefault(QLocale(LOCALES[code]))
    for t in _installed:
        app.removeTranslator(t)
    _installed.clear()
    if code == "en":
        return code
    ours = QTranslator(app)
    if ours.load(str(I18N_DIR / f"armada_vision_{code}.qm")):
        app.installTranslator(ours)
        _installed.append(ours)
    qt = QTranslator(app)  # Qt's own strings (OK/Cancel), when the Qt build ships them
    if qt.load(f"qtbase_{code}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
        app.installTranslator(qt)
        _installed.append(qt)
    return code


def decimal_point() -> str:
    """The decimal separator of the window's language (``","`` in German and Czech)."""
    return QLocale().decimalPoint() or "."


def local(**args: Any) -> dict[str, Any]:
    """``args`` for ``template.format(**local(...))``: every number written in the window's
    language (``"{mm:.2f}"`` gives ``"0,42"`` in German)."""
    return local_args(args, decimal_point())


def translate_function(lang: str | None = None) -> tuple[str, Callable[[str, str], str]]:
    """``(code, tr)``: the language (see :func:`choose_language`) and ``tr(context, text)``
    translating from our ``.qm`` file without touching the application's translators (for the
    HTML export, which needs no window). English, or a ``.qm`` that does not load, gives
    ``("en", identity)``; a text without translation stays English.
    """
    code = choose_language(lang)
    if code != "en":
        translator = QTranslator()
        if translator.load(str(I18N_DIR / f"armada_vision_{code}.qm")):
            def tr(context: str, text: str) -> str:
                return translator.translate(context, text) or text
            return code, tr
    return "en", lambda context, text: text
