"""Translations of the window: ``.ts`` sources and compiled ``.qm`` files (German, Czech).

Rebuild after changing window strings: ``python -m armada_vision.i18n update`` (adds new
strings to the ``.ts`` files as unfinished), translate them, then ``python -m armada_vision.i18n
release`` (writes the ``.qm`` files with our own writer in ``_build.py``; no Qt tools needed).
"""

from pathlib import Path

from ._numbers import DECIMAL_POINTS, LocalNumber, decimal_point_for, local_args, local_number

I18N_DIR = Path(__file__).resolve().parent
PACKAGE_DIR = I18N_DIR.parent
LANGUAGES = {"de": "de_DE", "cs": "cs_CZ"}

__all__ = [
    "DECIMAL_POINTS", "I18N_DIR", "LANGUAGES", "PACKAGE_DIR", "LocalNumber", "decimal_point_for",
    "extra_strings", "local_args", "local_number", "qm_path", "reason_files", "source_files",
    "ts_path",
]


def source_files() -> list[Path]:
    """The Python files whose strings the window shows, and the HTML report's (``gamelog``,
    context ``Report``)."""
    files = sorted((PACKAGE_DIR / "ui").glob("*.py"))
    files += sorted((PACKAGE_DIR / "gamelog").glob("*.py"))
    files += [PACKAGE_DIR / "cli" / f"{n}.py" for n in ("demo", "run", "replay")]
    return [f for f in files if f.exists()]


def reason_files() -> list[Path]:
    """The rules core's modules whose reasons for refusing an action the window shows (context
    ``Rules``): the game state (``game/*.py``) and the movement rules (``rules/movement/*.py``)."""
    return (sorted((PACKAGE_DIR / "game").glob("*.py"))
            + sorted((PACKAGE_DIR / "rules" / "movement").glob("*.py")))


def ts_path(code: str) -> Path:
    return I18N_DIR / f"armada_vision_{code}.ts"


def qm_path(code: str) -> Path:
    return I18N_DIR / f"armada_vision_{code}.qm"


def extra_strings() -> dict[str, list[str]]:
    """Texts other parts hand to the window as data: the sample game's captions (context
    ``DemoScript``), the table tracker's messages (context ``Tracker``), learning the empty
    table's verdicts and notes (context ``EmptyTable``) and the templates of the
    rules' reasons for refusing an action (context ``Rules``, see :func:`reason_files`)."""
    from armada_vision.i18n._build import extract_reasons

    out: dict[str, list[str]] = {"Rules": extract_reasons(reason_files())}
    try:
        from armada_vision.vision.synth._script import demo_steps

        out["DemoScript"] = list(dict.fromkeys(st.caption for st in demo_steps()))
    except ImportError:
        pass
    try:
        from armada_vision.vision.calibration._tracker import MESSAGES

        out["Tracker"] = list(dict.fromkeys(MESSAGES.values()))
    except ImportError:
        pass
    try:
        from armada_vision.vision.empty_table import MESSAGES as EMPTY
        from armada_vision.vision.empty_table import NOTES

        out["EmptyTable"] = list(dict.fromkeys([*EMPTY.values(), *NOTES.values()]))
    except ImportError:
        pass
    return out
