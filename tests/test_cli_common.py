"""Every command refuses a bad --ruleset or --models, even one that does not use them."""

import pytest

from armada_vision.cli import main


@pytest.mark.parametrize("command", ["markers", "export"])
def test_unknown_ruleset_is_refused_by_every_command(tmp_path, capsys, command):
    argv = {
        "markers": ["markers", "--out", str(tmp_path / "m")],
        "export": ["export", str(tmp_path / "x.sqlite"), "--html", str(tmp_path / "x.html")],
    }[command]
    assert main(argv + ["--ruleset", "bogus"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "bogus" in err[0] and "rrg-1.6" in err[0]
    assert not any(tmp_path.iterdir())


def test_broken_models_folder_is_refused_by_markers(tmp_path, capsys):
    (tmp_path / "ships").mkdir()
    (tmp_path / "ships" / "bad.toml").write_text("name = ")
    assert main(["markers", "--out", str(tmp_path / "m"), "--models", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "bad.toml" in err and "Traceback" not in err
    assert not (tmp_path / "m").exists()
