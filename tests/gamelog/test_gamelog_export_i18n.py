"""`armada-vision export --lang de|cs`: the report speaks the players' language.

One catalogue of translations: the report's own texts (context ``Report``) are in the window's
.ts/.qm files, hull zones, defense tokens, commands and phase names come from the window's
``Terms`` context, reasons of the rules from ``Rules``. Ids and numbers stay as they are.
"""

import html
import string

import pytest

from armada_vision import game
from armada_vision.cli import main
from armada_vision.gamelog import GameLog, describe_event, render_html
from armada_vision.i18n import LANGUAGES, reason_files, source_files, ts_path
from armada_vision.i18n._build import extract, extract_reasons, read_ts
from armada_vision.ui.i18n import translate_function

CHECK = {
    "attacker": "vsd-1", "attacking_zone": "front", "defender": "cr90-1",
    "defending_zone": "left", "in_arc": True, "range_mm": 96.44, "range_band": "close",
    "line_of_sight": True, "obstructed": True, "obstructed_by": ["asteroid-1"], "valid": True,
}


def write_log(path, catalog):
    """Setup, round 1 Command Phase, Ship Phase: vsd-1 attacks cr90-1, which spends a token."""
    with GameLog(path) as log:
        log.new_game("")
        for e in [
            game.GameStarted(),
            game.ShipAdded.from_class("vsd-1", catalog.ship("victory-ii-star-destroyer"), 1, speed=2),
            game.ShipAdded.from_class("cr90-1", catalog.ship("cr90-corvette-a"), 2, speed=2),
            game.PhaseAdvanced(),
            game.DialsAssigned("vsd-1", ("navigate", "repair", "squadron")),
            game.DialsAssigned("cr90-1", ("navigate",)),
            game.PhaseAdvanced(),
            game.ShipActivated("vsd-1"),
            game.CheckViewed(payload=CHECK),
            game.AttackDeclared("vsd-1", "cr90-1", "front", "left", "close"),
            game.DefenseTokenSpent("cr90-1", 0),
            game.AttackEnded(),
        ]:
            log.append(e)


# The exact texts the players read, per language: the deployment, the phase change (event and
# heading), the token spend and the attack check of write_log; then English templates that must
# not be left in a translated report.
EXPECTED = {
    "de": [
        "Spieler 1 stellt vsd-1 (victory-ii-star-destroyer) auf, Geschwindigkeit 2",
        "Nächste Phase",
        "<h2>Runde 1</h2>",
        "<h3>Kommandophase</h3>",
        "<h3>Schiffsphase</h3>",
        "<h3>Aufbau</h3>",
        "vsd-1 (Bug) greift cr90-1 (Backbord) an, kurze Reichweite",
        "cr90-1 gibt Verteidigungsmarker #0 (Umleiten) aus",
        "Prüfung: vsd-1 Bug -> cr90-1 Backbord: kurze Reichweite (96,4 mm), "
        "versperrt durch asteroid-1, gültig",
        "<h2>Endstand</h2>",
    ],
    "cs": [
        "Hráč 1 rozmisťuje vsd-1 (victory-ii-star-destroyer), rychlost 2",
        "Další fáze",
        "<h2>Kolo 1</h2>",
        "<h3>Fáze příkazů</h3>",
        "<h3>Fáze lodí</h3>",
        "<h3>Příprava</h3>",
        "vsd-1 (příď) útočí na cr90-1 (levobok), blízký dosah",
        "cr90-1 používá obranný žeton #0 (přesměrování)",
        "Kontrola: vsd-1 příď -> cr90-1 levobok: blízký dosah (96,4 mm), "
        "zakrytá (asteroid-1), platný",
        "<h2>Konečný stav</h2>",
    ],
}
ENGLISH = ["deploys", "Next phase", "Round 1", "Command Phase", "Ship Phase", "Setup",
           "attacks", "spends defense token", "Check:", "obstructed by", "Final state",
           "Started ", "events. Written"]


@pytest.mark.parametrize("code", ["de", "cs"])
def test_the_report_speaks_german_and_czech(tmp_path, catalog, code):
    log_path, out = tmp_path / "g.sqlite", tmp_path / "r.html"
    write_log(log_path, catalog)
    assert main(["export", str(log_path), "--html", str(out), "--lang", code]) == 0
    text = out.read_text(encoding="utf-8")
    assert f'<html lang="{code}">' in text
    for want in EXPECTED[code]:
        assert (want if want.startswith("<") else html.escape(want)) in text
    body = text.split("<body>", 1)[1]
    visible = "".join(p.split("</pre>")[-1] for p in body.split("<pre>"))  # not the raw JSON
    assert [w for w in ENGLISH if w in visible] == []


def test_english_is_the_source_language_and_unchanged(tmp_path, catalog):
    log_path = tmp_path / "g.sqlite"
    write_log(log_path, catalog)
    code, tr = translate_function("en")
    with GameLog(log_path, create=False) as log:
        text = render_html(log, tr=tr, lang=code)
        assert text == render_html(log)
    assert '<html lang="en">' in text
    for want in [
        "Player 1 deploys vsd-1 (victory-ii-star-destroyer), speed 2",
        "<h2>Round 1</h2>",
        "<h3>Command Phase</h3>",
        "vsd-1 (front) attacks cr90-1 (left) at close range",
        "cr90-1 spends defense token #0",
        "Check: vsd-1 front -&gt; cr90-1 left: close range (96.4 mm), obstructed by asteroid-1, valid",
    ]:
        assert want in text


def test_without_lang_the_report_takes_the_windows_saved_language(tmp_path, catalog, monkeypatch):
    # armada_vision/docs/window.md: the language is --lang, else the saved setting, else the
    # system locale; the export chooses as the window does
    import os

    from PyQt6.QtCore import QSettings

    from armada_vision.ui.i18n import settings

    home = os.environ.get("XDG_CONFIG_HOME") or os.path.expanduser("~/.config")
    QSettings.setPath(QSettings.Format.NativeFormat, QSettings.Scope.UserScope, str(tmp_path))
    try:
        settings().setValue("language", "cs")
        settings().sync()
        log_path, out = tmp_path / "g.sqlite", tmp_path / "r.html"
        write_log(log_path, catalog)
        assert main(["export", str(log_path), "--html", str(out)]) == 0
        text = out.read_text(encoding="utf-8")
        assert '<html lang="cs">' in text and "<h2>Kolo 1</h2>" in text
        assert main(["export", str(log_path), "--html", str(out), "--lang", "en"]) == 0
        assert "<h2>Round 1</h2>" in out.read_text(encoding="utf-8")
    finally:
        QSettings.setPath(QSettings.Format.NativeFormat, QSettings.Scope.UserScope, home)


NOTES = [game.Note("calibration", {"kind": "exact"}), game.Note("setup"),
         game.Note("squadrons moved"), game.Note("empty table learned", {"frames": 8}),
         game.Note("fleet list imported for player 2", {"player": 2}), game.Note("end"),
         game.Note("my own words")]


@pytest.mark.parametrize("code, title, notes", [
    ("de", "Beispielspiel", ["Notiz: Kalibrierung", "Notiz: Aufbau", "Notiz: Staffeln bewegt",
                             "Notiz: leerer Tisch gelernt",
                             "Notiz: Flottenliste für Spieler 2 importiert", "Notiz: Ende",
                             "Notiz: my own words"]),
    ("cs", "ukázková hra", ["Poznámka: kalibrace", "Poznámka: příprava",
                            "Poznámka: letky přesunuty", "Poznámka: prázdný stůl naučen",
                            "Poznámka: seznam flotily hráče 2 importován", "Poznámka: konec",
                            "Poznámka: my own words"]),
    ("en", "sample game", ["Note: calibration", "Note: setup", "Note: squadrons moved",
                           "Note: empty table learned", "Note: fleet list imported for player 2",
                           "Note: end", "Note: my own words"]),
])
def test_the_titles_and_notes_the_program_writes_are_translated(tmp_path, code, title, notes):
    # `demo` logs its game as "sample game" and the window notes "calibration" (and the others
    # above) in English; a German or Czech report left them so. A player's own words stay.
    with GameLog(tmp_path / "g.sqlite") as log:
        log.new_game("sample game")
        for note in NOTES:
            log.append(note)
        code, tr = translate_function(code)
        text = render_html(log, tr=tr, lang=code)
        items = [describe_event(e.data, tr) for e in log.events()]
        log.new_game("live: 0")
        live = render_html(log, tr=tr, lang=code)
    assert f"<h1>{title}</h1>" in text and f"<title>{title} — armada-vision</title>" in text
    assert items == notes
    assert {"de": "<h1>Live: 0</h1>", "cs": "<h1>živě: 0</h1>", "en": "<h1>live: 0</h1>"}[code] in live


def test_a_reason_of_the_rules_is_shown_in_the_rules_translation():
    # the maneuver rules destroy a ship that ends partly outside the play area (RRG p.14); the
    # stored English reason is translated through the "Rules" context with its page
    assert "ended its move partly outside the play area" in extract_reasons(reason_files())
    [destroyed] = [e for e in game.maneuver_events({"ship": "vsd-1", "destroyed": True})
                   if e.type == "destroyed"]
    _, tr = translate_function("de")
    assert describe_event(destroyed.to_json(), tr) == (
        "vsd-1 ist zerstört (hat die Bewegung teilweise außerhalb der Spielfläche beendet "
        "(RRG S. 14))"
    )


def test_game_terms_reuse_the_windows_terms():
    _, tr = translate_function("cs")
    assert describe_event({"type": "command-token-gained", "ship": "a", "command": "navigate"},
                          tr) == "a získává žeton příkazu navigace"
    assert describe_event({"type": "repair-spent", "ship": "a", "action": "move-shield",
                           "zone": "front", "to_zone": "left"}, tr) == (
        "a opravuje: přesun štítu příď -> levobok")


def _fields(text):
    return sorted(f for _, f, _, _ in string.Formatter().parse(text) if f)


def test_the_extractor_finds_the_reports_strings_and_every_one_is_translated():
    report = extract(source_files())["Report"]
    assert {"{ship} activates", "Next phase", "Final state", "close range",
            "Check: {attacker} -> {defender}: {verdict}"} <= set(report)
    for code in LANGUAGES:
        msgs = read_ts(ts_path(code))["Report"]
        for src in report:
            assert msgs.get(src), f"{code}: untranslated {src!r}"
            # a translation with other {fields} would fail to format
            assert _fields(msgs[src]) == _fields(src), f"{code}: fields of {src!r}"
