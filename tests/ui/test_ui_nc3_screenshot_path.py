"""A ``--screenshot`` Qt cannot write (a folder, an unknown extension) is refused in one line
before the window opens (and before a first-run demo renders for minutes); it used to be
"cannot write FILE" once the window had run."""

import pytest

from armada_vision.cli import main


@pytest.mark.parametrize("command", [
    ["demo", "--no-log"],
    ["run", "--source", "7", "--no-log"],
    ["replay", "{log}"],
])
@pytest.mark.parametrize("name, message", [
    ("shots", "is a folder: give an image file such as shot.png"),
    ("shot.xyz", "no image format for this file name: use .png or .jpg"),
])
def test_an_unwritable_screenshot_name_is_refused_first(tmp_path, capsys, command, name,
                                                         message):
    shot = tmp_path / name
    if name == "shots":
        shot.mkdir()
    log = tmp_path / "missing.sqlite"  # replay would fail on it if the check came later
    argv = [a.format(log=log) for a in command] + ["--exit-after", "0", "--screenshot", str(shot)]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"armada-vision: error: {shot}: --screenshot: {message}"
    assert not log.exists()


def test_png_and_jpg_names_pass():
    from armada_vision.cli._paths import check_screenshot_path

    for name in ("shot.png", "SHOT.PNG", "shot.jpg", "sub/dir/shot.jpeg"):
        check_screenshot_path(name)
    check_screenshot_path(None)


@pytest.mark.parametrize("command", [
    ["demo", "--no-log"],
    ["run", "--source", "7", "--no-log"],
    ["replay", "{log}"],
])
def test_a_screenshot_without_exit_after_is_refused_first(tmp_path, capsys, command):
    # It is saved just before the window closes itself; without --exit-after the window ran
    # until closed and wrote no file, without a word.
    shot, log = tmp_path / "shot.png", tmp_path / "missing.sqlite"
    argv = [a.format(log=log) for a in command] + ["--screenshot", str(shot)]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err == (f"armada-vision: error: {shot}: --screenshot: is saved only with "
                   "--exit-after SECONDS (just before the window closes itself): add it")
    assert not shot.exists() and not log.exists()
