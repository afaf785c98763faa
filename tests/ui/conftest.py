"""Fixtures shared by the window's tests."""

import pytest


@pytest.fixture(scope="module")
def small_demo(catalog, tmp_path_factory):
    """The bundled sample rendered small (the real one is 1280x720, ~150 frames); one per test
    module, as each test seeks and reads its frames."""
    from armada_vision.ui.demo_source import load_demo

    return load_demo(catalog, cache_dir=tmp_path_factory.mktemp("demo"), size=(480, 270),
                     frame_budget=16)
