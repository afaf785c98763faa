"""`armada-vision export LOG --html OUT`: one self-contained HTML file with the events."""

import base64

from armada_vision import game
from armada_vision.cli import main
from armada_vision.gamelog import GameLog

JPEG = b"\xff\xd8\xff\xe0JFIF-test\xff\xd9"


def write_log(path, catalog):
    vsd = catalog.ship("victory-ii-star-destroyer")
    with GameLog(path) as log:
        log.new_game("old game")
        log.append(game.Note(text="from the old game"))
        log.new_game("Friday <game>")
        for e in [
            game.GameStarted(),
            game.ShipAdded.from_class("vsd-1", vsd, 1, speed=2),
            game.PhaseAdvanced(),
            game.DialsAssigned("vsd-1", ("navigate", "repair", "squadron")),
            game.PhaseAdvanced(),
        ]:
            log.append(e)
        log.append(game.ShipActivated("vsd-1"), snapshot_jpeg=JPEG)
        log.append(game.Note(text="<script>alert(1)</script>"))


def test_export_writes_html_with_events_headings_and_inline_snapshot(tmp_path, catalog):
    log_path, out = tmp_path / "g.sqlite", tmp_path / "report.html"
    write_log(log_path, catalog)
    assert main(["export", str(log_path), "--html", str(out), "--lang", "en"]) == 0
    text = out.read_text(encoding="utf-8")
    assert "Friday &lt;game&gt;" in text
    assert "vsd-1 activates" in text
    assert (
        "<h3>Setup</h3>" in text
        and "<h2>Round 1</h2>" in text
        and "Command Phase" in text
        and "Ship Phase" in text
    )
    assert "data:image/jpeg;base64," + base64.b64encode(JPEG).decode() in text
    assert "<script>" not in text and "&lt;script&gt;" in text
    assert "from the old game" not in text  # the latest game by default
    assert 'src="http' not in text  # nothing fetched from elsewhere
    assert "Final state" in text and "brace (readied)" in text and "8/8" in text


def test_export_chooses_a_game_by_id(tmp_path, catalog):
    log_path, out = tmp_path / "g.sqlite", tmp_path / "r.html"
    write_log(log_path, catalog)
    assert main(["export", str(log_path), "--html", str(out), "--game", "1"]) == 0
    assert "from the old game" in out.read_text(encoding="utf-8")


def test_export_of_a_foreign_file_is_one_error_line(tmp_path, capsys):
    bad = tmp_path / "x.sqlite"
    bad.write_text("hello, not a database " * 100)
    assert main(["export", str(bad), "--html", str(tmp_path / "o.html")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("armada-vision: error:") and "\n" not in err


def test_export_of_an_unknown_game_is_refused(tmp_path, catalog, capsys):
    log_path = tmp_path / "g.sqlite"
    write_log(log_path, catalog)
    assert main(["export", str(log_path), "--html", str(tmp_path / "o.html"), "--game", "9"]) == 2
    assert "no game 9" in capsys.readouterr().err


def test_checks_and_moves_are_described_in_words():
    from armada_vision.gamelog import describe_event

    check = {
        "type": "check-viewed",
        "payload": {
            "attacker": "vsd-1",
            "attacking_zone": "front",
            "defender": "cr90-1",
            "defending_zone": "left",
            "in_arc": True,
            "range_mm": 96.44,
            "range_band": "close",
            "line_of_sight": True,
            "obstructed": True,
            "obstructed_by": ["asteroid-1"],
            "valid": True,
        },
    }
    assert describe_event(check) == (
        "Check: vsd-1 front -> cr90-1 left: close range (96.4 mm), obstructed by asteroid-1, valid"
    )
    move = {
        "type": "maneuver-executed",
        "ship": "vsd-1",
        "payload": {
            "ship": "vsd-1",
            "speed": 2,
            "executed_speed": 0,
            "yaw": [0, 1],
            "overlapped_ships": ["cr90-1"],
            "damage_to": ["vsd-1", "cr90-1"],
        },
    }
    assert describe_event(move) == (
        "vsd-1 moves at speed 2 (yaw 0, 1), executed at speed 0; overlaps cr90-1"
    )
    assert describe_event({"type": "from-the-future"}) == "from-the-future"


def test_defense_tokens_are_named_by_kind_when_the_game_state_is_known(catalog):
    """A token is addressed by its slot (its index never changes in a game, RRG p.4 "Defense
    Tokens"): with the game state the report names its kind, without it the index alone."""
    from armada_vision.gamelog import describe_event

    events = [
        game.GameStarted(),
        game.ShipAdded.from_class("vsd-1", catalog.ship("victory-ii-star-destroyer"), 1, speed=2),
        game.ShipAdded.from_class("cr90-1", catalog.ship("cr90-corvette-a"), 2, speed=2),
    ]
    state = game.INITIAL_STATE
    for e in events:
        state = game.apply(state, e)
    spent = game.DefenseTokenSpent("cr90-1", 1).to_json()  # cr90-corvette-a: redirect, evade, evade
    assert describe_event(spent, state=state) == "cr90-1 spends defense token #1 (evade)"
    assert describe_event(spent) == "cr90-1 spends defense token #1"
    unknown = game.DefenseTokenSpent("cr90-1", 7).to_json()
    assert describe_event(unknown, state=state) == "cr90-1 spends defense token #7"


def test_an_accuracy_names_the_defenders_token_by_kind(catalog):
    """An accuracy icon chooses one of the defender's tokens (RRG p.2 "Attack", step 3)."""
    from armada_vision.gamelog import describe_event

    state = game.INITIAL_STATE
    for e in [
        game.GameStarted(),
        game.ShipAdded.from_class("vsd-1", catalog.ship("victory-ii-star-destroyer"), 1, speed=2),
        game.ShipAdded.from_class("cr90-1", catalog.ship("cr90-corvette-a"), 2, speed=2),
        game.PhaseAdvanced(),
        game.DialsAssigned("vsd-1", ("navigate", "repair", "squadron")),
        game.DialsAssigned("cr90-1", ("navigate",)),
        game.PhaseAdvanced(),
        game.ShipActivated("vsd-1"),
        game.AttackDeclared("vsd-1", "cr90-1", "front", "left", "close"),
    ]:
        state = game.apply(state, e)
    locked = game.AccuracySpent(0).to_json()
    assert describe_event(locked, state=state) == "Accuracy locks defense token #0 (redirect)"
    assert describe_event(locked) == "Accuracy locks defense token #0"


def test_every_event_type_has_its_own_words():
    # an event type without a description would be listed by its bare type string ("squadron-
    # moved"); each one the game knows is described, here from a real event of that type
    from armada_vision import game
    from armada_vision.gamelog import describe_event

    samples = {"squadron-moved": game.SquadronMoved("s1", ("t1",)).to_json()}
    for kind in game.EVENT_TYPES:
        data = samples.get(kind, {"type": kind})
        assert describe_event(data) != kind, kind
    assert describe_event(samples["squadron-moved"]) == "s1 moves"
