"""Every rule's reason is a literal English template with named fields, so the window can show it
in German and Czech (the i18n extractor reads the templates from the source)."""

import ast
import string
from pathlib import Path

import pytest

from armada_vision import game
from armada_vision.game import Reason, RuleViolation, Term

GAME_DIR = Path(game.__file__).resolve().parent
CALLS = ("RuleViolation", "Reason")


def _calls(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            fn = node.func
            name = fn.id if isinstance(fn, ast.Name) else fn.attr if isinstance(fn, ast.Attribute) else ""
            if name in CALLS:
                yield node


def _is_rewrap(call: ast.Call) -> bool:
    """``Reason(x.template, page, **x.args)``: an existing template passed on unchanged."""
    first = call.args[0] if call.args else None
    return (isinstance(first, ast.Attribute) and first.attr == "template"
            and any(k.arg is None for k in call.keywords))


def _all_calls():
    out = []
    for path in sorted(GAME_DIR.glob("*.py")):
        for call in _calls(path):
            if path.name == "_errors.py" or _is_rewrap(call):
                continue
            out.append((f"{path.name}:{call.lineno}", call))
    return out


def test_the_game_modules_raise_many_reasons():
    # ~100 places raise a RuleViolation; the walk must find them (a test that finds nothing
    # checks nothing).
    assert len(_all_calls()) > 90


@pytest.mark.parametrize("where,call", _all_calls(), ids=lambda v: v if isinstance(v, str) else "")
def test_every_reason_is_a_literal_template_with_all_its_fields_given(where, call):
    assert call.args, f"{where}: no template"
    template = call.args[0]
    assert isinstance(template, ast.Constant) and isinstance(template.value, str), (
        f"{where}: the template must be a string literal (no f-string, no variable)")
    fields = {f for _, f, _, _ in string.Formatter().parse(template.value) if f is not None}
    assert all(f and f.isidentifier() for f in fields), f"{where}: fields must be named: {fields}"
    given = {k.arg for k in call.keywords}
    assert None not in given, f"{where}: pass the fields by name, not **kwargs"
    assert fields == given, f"{where}: template fields {sorted(fields)} != arguments {sorted(given)}"
    assert len(call.args) <= 2, f"{where}: only the template and the page are positional"


def test_a_violation_keeps_its_english_text_and_carries_template_and_arguments(attack_on):
    _, state = attack_on(defender_speed=0)
    with pytest.raises(RuleViolation) as info:
        game.apply(state, game.DefenseTokenSpent("a", 0))
    exc = info.value
    assert str(exc) == "a ship at speed 0 cannot spend defense tokens (RRG p.4)"
    assert exc.reason == "a ship at speed 0 cannot spend defense tokens"
    assert exc.page == "4"
    assert exc.template == "a ship at speed 0 cannot spend defense tokens"
    assert dict(exc.args) == {}


def test_game_terms_are_marked_and_ids_are_not(attack_on):
    _, state = attack_on()
    state = game.apply(state, game.DefenseTokenSpent("a", 0))
    with pytest.raises(RuleViolation) as info:
        game.apply(state, game.DefenseTokenSpent("a", 0))
    args = info.value.args
    assert isinstance(args["kind"], Term) and args["kind"] == "brace"
    assert args["token"] == 0
    assert "brace #0" in str(info.value)


def test_nested_reasons_stay_templates():
    # A phase that cannot end names the blocking reason, and replay names the event number:
    # both carry the inner template, so the window can translate every part.
    ship = game.ShipAdded("a", "x", 1, "small", command=3, squadron=1, engineering=1, hull=5,
                          max_speed=3, defense_tokens=("brace",), shields={"front": 1},
                          adjacency={}, speed=2)
    events = [game.GameStarted(), ship, game.PhaseAdvanced(), game.PhaseAdvanced()]
    with pytest.raises(RuleViolation) as info:
        game.replay(events)
    exc = info.value
    assert exc.template == "event #{i}: {why}"
    assert exc.args["i"] == 3
    inner = exc.args["why"]
    assert isinstance(inner, Reason) and inner.template == "the {phase} cannot end yet: {why}"
    assert inner.args["phase"] == Term("Command Phase")
    blocker = inner.args["why"]
    assert blocker.args["ships"][0] == Reason("{ship} has {have} of {value}", ship="a", have=0,
                                              value=3)
    assert str(exc) == ("event #3: the Command Phase cannot end yet: every ship's dial stack "
                        "must be topped up to its command value: a has 0 of 3 (RRG p.3)")


def test_an_unknown_id_is_refused_with_the_ids_a_log_must_hold_untranslated():
    # A hand-edited German log gained the command token "Navigieren": its refusal listed the
    # commands translated ("unbekanntes Kommando 'Navigieren' (eines von: Navigieren, ...)"),
    # so the refused value read as one of them. The ids are listed as a log writes them.
    from armada_vision.gamelog._describe import ReportTr

    ship = game.ShipAdded("a", "x", 1, "small", command=3, squadron=1, engineering=1, hull=5,
                          max_speed=3, defense_tokens=("brace",), shields={"front": 1},
                          adjacency={}, speed=2)
    state = game.replay([game.GameStarted(), ship])
    with pytest.raises(RuleViolation) as info:
        game.apply(state, game.CommandTokenGained("a", "Navigieren"))
    german = {"navigate": "Navigieren", "squadron": "Staffel", "repair": "Reparatur",
              "concentrate-fire": "Feuerkonzentration"}
    text = ReportTr(lambda ctx, s: german.get(s, "") if ctx == "Terms" else "").reason(
        info.value)
    assert "Navigieren, " not in text and "(one of navigate, squadron, " in text
