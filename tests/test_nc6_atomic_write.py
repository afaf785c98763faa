"""Newcomer 6: a calibration file written over an earlier one is replaced whole or not at all.
``calibrate camera --out camera.json`` wrote straight into the file, so a full disk or a kill
in the middle left the earlier calibration truncated; it is now written beside it and renamed
over it, as ``export --html`` already did."""

import errno
import json
from pathlib import Path

import pytest

from armada_vision.errors import InputError
from armada_vision.vision.calibration._files import write_json


def test_a_failed_write_keeps_the_earlier_file_whole(tmp_path, monkeypatch):
    out = tmp_path / "camera.json"
    write_json({"format": "armada-camera/1", "rms_px": 0.18}, out)
    before = out.read_text()
    real = Path.write_text

    def disk_full(self, text, *args, **kwargs):  # half the text reaches the disk, then ENOSPC
        real(self, text[: len(text) // 2], *args, **kwargs)
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Path, "write_text", disk_full)
    with pytest.raises(InputError, match=r"camera\.json: cannot write the file \(No space left on device\)$"):
        write_json({"format": "armada-camera/1", "rms_px": 0.25, "pad": "x" * 1000}, out)
    monkeypatch.undo()
    assert out.read_text() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["camera.json"]  # no partial file left


def test_a_written_file_replaces_the_earlier_one(tmp_path):
    out = tmp_path / "table.json"
    write_json({"a": 1}, out)
    write_json({"a": 2}, out)
    assert json.loads(out.read_text()) == {"a": 2}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["table.json"]
