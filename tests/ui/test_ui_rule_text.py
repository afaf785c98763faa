"""The rules' reasons for refusing an action reach German and Czech players in their language
(template, game terms and RRG page translated; piece ids and numbers kept)."""

import string
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from ui_helpers import make_window, two_ship_scene  # noqa: E402

from armada_vision import game  # noqa: E402
from armada_vision.catalog import DEFENSE_TOKEN_TYPES, SIZE_CLASSES  # noqa: E402
from armada_vision.catalog._types import HUGE_HULL_ZONES  # noqa: E402
from armada_vision.i18n import LANGUAGES, reason_files, ts_path  # noqa: E402
from armada_vision.i18n._build import extract_reasons, read_ts  # noqa: E402
from armada_vision.ui.i18n import install_translator  # noqa: E402
from armada_vision.ui.rule_text import TERMS, rule_text  # noqa: E402


@pytest.fixture
def lang(qapp):
    yield lambda code: install_translator(qapp, code)
    install_translator(qapp, "en")


def _speed_zero_spend(qtbot, catalog):
    """The window in the Ship Phase with "a" attacking "d" and "d" at speed 0."""
    win, cam = make_window(qtbot, catalog, two_ship_scene())
    win.start_game()
    # setup: 0 only for a ship deployed at distance 1-2 of a gravity rift (RRG p.12, p.16)
    assert win.submit_game_event(game.SpeedChanged("d", 0, cause="gravity-rift"))
    win.game_panel.btn_next.click()                                   # Command Phase
    for ship in ("a", "d"):
        assert win.submit_game_event(game.DialsAssigned(ship, ("navigate", "repair", "squadron")))
    win.game_panel.btn_next.click()                                   # Ship Phase
    assert win.submit_game_event(game.ShipActivated("a"))
    assert win.submit_game_event(game.AttackDeclared("a", "d", "front", "front", "long", 4))
    assert not win.submit_game_event(game.DefenseTokenSpent("d", 0))
    return win


def test_a_token_spend_at_speed_0_is_refused_in_german(qtbot, catalog, lang):
    lang("de")
    win = _speed_zero_spend(qtbot, catalog)
    # RRG p.4: a ship at speed 0 cannot spend defense tokens
    assert win.last_violation == ("ein Schiff mit Geschwindigkeit 0 kann keine "
                                  "Verteidigungsmarker ausgeben (RRG S. 4)")
    assert win.statusBar().currentMessage() == win.last_violation


def test_a_token_spend_at_speed_0_is_refused_in_czech(qtbot, catalog, lang):
    lang("cs")
    win = _speed_zero_spend(qtbot, catalog)
    assert win.last_violation == "loď s rychlostí 0 nemůže použít obranné žetony (RRG s. 4)"


def test_in_english_the_window_shows_the_state_parts_text(qtbot, catalog, lang):
    lang("en")
    win = _speed_zero_spend(qtbot, catalog)
    assert win.last_violation == "a ship at speed 0 cannot spend defense tokens (RRG p.4)"


def test_terms_are_translated_and_ids_are_not(qapp, lang):
    lang("de")
    exc = game.RuleViolation("{ship}'s {zone} zone has no shield to move", 4,
                             ship="vsd-1", zone=game.Term("left"))
    assert rule_text(exc) == "die Rumpfzone Backbord von vsd-1 hat keinen Schild zum Verschieben (RRG S. 4)"
    lang("cs")
    assert rule_text(exc) == "zóna levobok lodi vsd-1 nemá žádný štít k přesunu (RRG s. 4)"


def test_nested_reasons_and_lists_are_translated(qapp, lang):
    # replay wraps the reason of the phase that cannot end, which lists the ships short of dials
    ship = game.ShipAdded("a", "x", 1, "small", command=3, squadron=1, engineering=1, hull=5,
                          max_speed=3, defense_tokens=("brace",), shields={"front": 1},
                          adjacency={}, speed=2)
    with pytest.raises(game.RuleViolation) as info:
        game.replay([game.GameStarted(), ship, game.PhaseAdvanced(), game.PhaseAdvanced()])
    lang("de")
    assert rule_text(info.value) == (
        "Ereignis #3: die Kommandophase kann noch nicht enden: jeder Stapel "
        "Kommandoeinstellräder muss bis zum Kommandowert des Schiffs aufgefüllt sein: "
        "a hat 0 von 3 (RRG S. 3)")


def test_the_terms_list_holds_every_game_term():
    needed = (set(HUGE_HULL_ZONES) | set(DEFENSE_TOKEN_TYPES) | set(game.COMMANDS)
              | set(game.PHASE_NAMES.values()) | set(SIZE_CLASSES) | set(game.REPAIR_COSTS))
    assert needed - set(TERMS) == set()


def test_the_extractor_collects_every_reason_and_all_are_translated():
    templates = extract_reasons(reason_files())
    assert "a ship at speed 0 cannot spend defense tokens" in templates
    assert "{ship} has {have} of {value}" in templates                # a nested Reason
    assert len(templates) > 90
    for code in LANGUAGES:
        rules = read_ts(ts_path(code)).get("Rules", {})
        for t in templates:
            tr = rules.get(t)
            assert tr, f"{code}: untranslated reason {t!r}"
            fields = {f for _, f, _, _ in string.Formatter().parse(t) if f is not None}
            tr_fields = {f for _, f, _, _ in string.Formatter().parse(tr) if f is not None}
            assert tr_fields == fields, f"{code}: {t!r} -> {tr!r} changes the fields"


def test_a_new_reason_in_the_source_is_found_by_the_extractor(tmp_path):
    src = tmp_path / "_r_new.py"
    src.write_text('def f(x):\n    raise RuleViolation(\n        "a brand new rule about {x}"\n'
                   '        " in two parts", 9, x=x)\n', encoding="utf-8")
    assert extract_reasons([src]) == ["a brand new rule about {x} in two parts"]
    assert "a brand new rule about {x} in two parts" not in read_ts(ts_path("de")).get("Rules", {})


def _illegal_course(qtbot, catalog):
    """The maneuver preview of ship "a" (a Victory II: speed 2 allows yaw [0, 1], its speed
    chart) asked for 3 clicks at the second joint."""
    win, cam = make_window(qtbot, catalog, two_ship_scene())
    win.click_image(*cam.table_to_image([[900.0, 300.0]], 7.0)[0])
    win.maneuver_panel.setChecked(True)
    win.maneuver_panel.speed.setValue(2)
    win.maneuver_panel.yaw.setText("0,3")
    win.maneuver_panel.apply.click()
    assert not win.maneuver_panel.execute.isEnabled()
    return win.maneuver_panel.result.text()


def test_an_illegal_course_is_refused_in_each_language(qtbot, catalog, lang):
    # The clicked ship's id, then its class (whose chart it is); ids stay as they are.
    lang("en")
    assert _illegal_course(qtbot, catalog) == ("a (victory-ii-star-destroyer) speed chart allows "
                                               "at speed 2 yaw up to [0, 1], got [0, 3]")
    lang("de")
    assert _illegal_course(qtbot, catalog) == ("die Navigationstabelle von a (victory-ii-star-"
                                               "destroyer) erlaubt bei Geschwindigkeit 2 höchstens "
                                               "[0, 1] Klicks, nicht [0, 3]")
    lang("cs")
    assert _illegal_course(qtbot, catalog) == ("tabulka rychlostí lodi a (victory-ii-star-destroyer)"
                                               " dovoluje při rychlosti 2 nejvýše [0, 1] cvaknutí, "
                                               "ne [0, 3]")


@pytest.mark.parametrize("code, one, two", [
    ("de", "a braucht bei Geschwindigkeit 1 genau einen Klickwert, nicht [0, 0]",
     "a braucht bei Geschwindigkeit 2 genau 2 Klickwerte (einen pro Gelenk), nicht [1]"),
    # Czech has three number forms (1, 2-4, 5+): the wording keeps the count out of agreement
    ("cs", "loď a potřebuje při rychlosti 1 právě jednu hodnotu cvaknutí, ne [0, 0]",
     "loď a potřebuje při rychlosti 2 jednu hodnotu cvaknutí na každý kloub (celkem 2), ne [1]"),
    ("en", "a at speed 1 needs one yaw value, got [0, 0]",
     "a at speed 2 needs 2 yaw values (one per joint), got [1]"),
])
def test_the_yaw_count_reason_reads_right_at_speed_1_and_2(qapp, lang, code, one, two):
    from armada_vision.catalog import get_catalog
    from armada_vision.rules.movement import IllegalManeuver
    from armada_vision.rules.movement._course import check_course
    cat = get_catalog()
    ship, tool = cat.ships["cr90-corvette-a"], cat.maneuver_tool
    lang(code)
    texts = []
    for speed, yaw in ((1, [0, 0]), (2, [1])):
        with pytest.raises(IllegalManeuver) as info:
            check_course(ship, tool, speed, yaw)
        texts.append(rule_text(info.value).replace("cr90-corvette-a", "a"))
    assert texts == [one, two]


def test_a_zone_with_one_shield_reads_right(qapp, lang):
    exc = game.RuleViolation("{ship}'s {zone} zone cannot lose {lost} of its shields (it has {shields})",
                             14, ship="vsd-1", zone=game.Term("left"), shields=1, lost=2)
    assert rule_text(exc) == "vsd-1's left zone cannot lose 2 of its shields (it has 1) (RRG p.14)"
    lang("de")
    assert rule_text(exc) == ("die Rumpfzone Backbord von vsd-1 kann nicht 2 ihrer Schilde "
                              "verlieren (sie hat 1) (RRG S. 14)")
    lang("cs")
    assert rule_text(exc) == ("zóna levobok lodi vsd-1 nemůže přijít o tolik štítů (2), má jich "
                              "jen 1 (RRG s. 14)")
