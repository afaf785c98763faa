import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

REPO = Path(__file__).resolve().parents[1]
# ARMADA_REALDATA overrides the location (git worktrees live one level deeper than main).
REALDATA = Path(os.environ.get("ARMADA_REALDATA", REPO.parent / "shared" / "realdata"))


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
