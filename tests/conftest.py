import os
from pathlib import Path

import pytest
from hypothesis import settings

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# CI runs property tests with a fixed seed sequence so that a red run can be reproduced; locally
# they explore new examples every run.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

REPO = Path(__file__).resolve().parents[1]


def _find_realdata() -> Path:
    """``$ARMADA_REALDATA``, else the nearest ``shared/realdata`` beside the checkout or a parent
    (git worktrees live deeper than the main checkout)."""
    env = os.environ.get("ARMADA_REALDATA")
    if env:
        return Path(env)
    for parent in REPO.parents:
        candidate = parent / "shared" / "realdata"
        if candidate.is_dir():
            return candidate
    return REPO.parent / "shared" / "realdata"


REALDATA = _find_realdata()


@pytest.fixture(scope="session")
def realdata() -> Path:
    """../shared/realdata, or skip with a clear message when it is not beside the checkout."""
    if not REALDATA.is_dir():
        pytest.skip(f"real photos not found at {REALDATA} (expected ../shared/realdata)")
    return REALDATA


@pytest.fixture(scope="session")
def catalog():
    from armada_vision.catalog import get_catalog

    return get_catalog()


@pytest.fixture(scope="session", autouse=True)
def _private_data_folder(tmp_path_factory):
    """Nothing a test runs writes to the user's data folder (game logs, the empty tables that
    `calibrate table` and the window save): $XDG_DATA_HOME is a folder of the test session.
    Session-scoped, so that it is set before any module or class fixture runs a command (a
    function-scoped one came after `test_nc_analyze_table`'s module fixture, whose `calibrate
    table` saved its empty table in the real ~/.local/share)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_DATA_HOME", str(tmp_path_factory.getbasetemp() / "xdg-data"))
        yield
