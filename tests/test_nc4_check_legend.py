"""`check`'s table prints "?" for line of sight and obstruction of pairs beyond long range that
are not traced (rules/_attack.py: `null` in the JSON); the header says so, as it already said
what R, U and K mean. A newcomer reading `bench/scenes/skirmish.json`'s table could not tell."""

import json
from pathlib import Path

from armada_vision.cli import main

SKIRMISH = Path(__file__).resolve().parents[1] / "bench" / "scenes" / "skirmish.json"


def test_the_header_explains_the_question_marks_it_prints(capsys):
    assert main(["check", str(SKIRMISH), "--attacker", "p2-a-wing-1"]) == 0
    header, _columns, *rows = capsys.readouterr().out.splitlines()
    unknown = [r for r in rows if "  ?  " in r]
    assert unknown, "the A-wing has targets beyond long range in this scene"
    assert all("extreme" in r for r in unknown)
    assert "'?': not traced, out of range" in header


def test_the_question_marks_are_the_json_nulls_of_extreme_range_pairs(capsys):
    assert main(["check", str(SKIRMISH), "--attacker", "p2-a-wing-1", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    untraced = [r for r in rows if r["line_of_sight"] is None]
    assert untraced and all(r["range_band"] == "extreme" and r["obstructed"] is None
                            and not r["valid"] for r in untraced)
