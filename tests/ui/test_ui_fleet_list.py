"""Fleet lists as fleet builders export them are matched against the catalog."""

from armada_vision.ui.fleet_list import parse_fleet_list

LIST = """Name: Test fleet
Faction: Galactic Empire
Commander: Grand Moff Tarkin

Victory II-class Star Destroyer (73)
- Expanded Hangar Bay (5)
= 78 Points

Squadrons:
• 3 x TIE Fighter Squadrons (24)
Nebulon-Z Frigate of Doom (99)
"""


def test_ships_and_squadrons_with_counts_are_recognised(catalog):
    entries, unmatched = parse_fleet_list(LIST, catalog)
    got = {(e.kind, e.class_id, e.count) for e in entries}
    assert ("ship", "victory-ii-star-destroyer", 1) in got
    assert ("squadron", "tie-fighter-squadron", 3) in got
    assert len(entries) == 2                     # upgrades, totals and headers are not pieces
    assert unmatched == ["Nebulon-Z Frigate of Doom (99)"]


def test_small_misspelling_still_matches(catalog):
    entries, _ = parse_fleet_list("Victory II-class Star Destoyer (73)", catalog)
    assert [e.class_id for e in entries] == ["victory-ii-star-destroyer"]


def test_a_count_no_fleet_has_is_not_taken(catalog):
    # newcomer 6: this line was 10**23 TIE Bombers, and the window froze building their roster
    text = ("99999999999999999999999 x TIE Bomber Squadron (9)\n100 x TIE Fighter Squadron (8)\n"
            "99 x TIE Fighter Squadrons (792)")
    entries, unmatched = parse_fleet_list(text, catalog)
    assert [(e.class_id, e.count) for e in entries] == [("tie-fighter-squadron", 99)]
    assert unmatched == ["99999999999999999999999 x TIE Bomber Squadron (9)",
                         "100 x TIE Fighter Squadron (8)"]


def test_a_count_after_the_name_is_the_count(catalog):
    # a breaker's "TIE Fighter Squadron x2" became one squadron, with no note
    text = "TIE Fighter Squadron x2\nTIE Bomber Squadron (x 3)\nX-wing Squadron ×4 (52)"
    entries, unmatched = parse_fleet_list(text, catalog)
    assert [(e.class_id, e.count) for e in entries] == [
        ("tie-fighter-squadron", 2), ("tie-bomber-squadron", 3), ("x-wing-squadron", 4)]
    assert unmatched == []


def test_pieces_named_in_another_language_are_reported_not_dropped(catalog):
    # German and Czech names without points were dropped without a word; a fleet's own name
    # and a note are still not pieces
    text = "Imperiale Flotte\nTIE-Jäger-Staffel x2\nKorveta CR90 A\nBring snacks\n"
    entries, unmatched = parse_fleet_list(text, catalog)
    assert entries == []
    assert unmatched == ["TIE-Jäger-Staffel x2", "Korveta CR90 A"]


def test_a_squadron_named_without_squadron_is_recognised(catalog):
    # a newcomer's pasted list: "2 x TIE Bombers (18)" was "not in the catalog"
    entries, unmatched = parse_fleet_list("2 x TIE Bombers (18)\nX-wings x3", catalog)
    assert [(e.class_id, e.count) for e in entries] == [("tie-bomber-squadron", 2),
                                                         ("x-wing-squadron", 3)]
    assert unmatched == []
