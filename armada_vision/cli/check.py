"""`armada-vision check SCENE.json [--json]`: every possible attack in a scene (DESIGN.md).

``--setup`` prints instead where setup may place each piece (``rules.setup_checks``, RRG p.16):
one ``{"piece", "rule", "ok", "distance_mm", "margin_mm"}`` object per rule and piece. ``ok``
gives the side of the rule's line; ``margin_mm`` is the unsigned distance to that line (a
broken rule has a positive margin too: how far the piece must move); ``distance_mm`` is the
measured value (signed only for ``in-setup-area``: negative outside the area).
"""

from __future__ import annotations

import json
import os
import sys


def add_parser(sub, common) -> None:
    p = sub.add_parser(
        "check", parents=[common],
        help="every possible attack in a scene: arc, range, line of sight, obstruction, dice",
        description="Every possible attack in a scene (an armada-scene/1 file, README 'Scenes'): "
        "for each attacking hull zone or squadron and each enemy hull zone or squadron, whether "
        "it is in arc, the attack range in mm and its band, line of sight, obstruction, the "
        "dice and whether the attack may be made, each with margin_mm: how far the nearest "
        "deciding boundary is (below about 2 mm a camera cannot tell).",
    )
    p.add_argument("scene", metavar="SCENE.json", help="an armada-scene/1 file")
    p.add_argument("--json", action="store_true", help="print a JSON list instead of the table: one object per attack with attacker, "
                   "attacking_zone, defender, defending_zone, in_arc, range_mm, range_band, "
                   "distance_band, line_of_sight, blocked_by_zone, obstructed, obstructed_by, "
                   "dice, valid and margin_mm (null where not traced)")
    p.add_argument("--attacker", metavar="ID", help="only attacks by this piece")
    p.add_argument("--valid", action="store_true",
                   help="only valid attacks (the table and the --json list)")
    p.add_argument("--setup", action="store_true",
                   help="instead of attacks: the setup rules of every piece (RRG p.16: obstacles, "
                   "deployment zones, squadrons near a friendly ship), one row per piece and rule: "
                   "ok (yes/NO) says whether the piece keeps the rule; distance_mm is what the "
                   "rule measures (for in-setup-area how far the piece is inside the area, "
                   "negative when it sticks out); margin_mm is how far that is from the rule's "
                   "line, never negative, on the side ok says (a small margin: check by hand); "
                   "'-' (null) when there is nothing to measure to")
    p.set_defaults(func=run)


_LETTER = {"red": "R", "blue": "U", "black": "K"}   # blue and black both start with b


def _dice(d: dict) -> str:
    parts = [f"{n}{_LETTER[c]}" for c, n in d.items() if n]
    return " ".join(parts) or "-"


def _yes(v) -> str:
    return "?" if v is None else ("yes" if v else "no")


def format_table(rows: list[dict]) -> str:
    """A readable table of ``check`` objects (one line per attack)."""
    head = ("attacker", "defender", "arc", "range mm", "band", "dist", "LOS", "obstructed",
            "dice", "valid", "margin")
    lines = [head]
    for r in rows:
        att = r["attacker"] + (f":{r['attacking_zone']}" if r["attacking_zone"] else "")
        dfd = r["defender"] + (f":{r['defending_zone']}" if r["defending_zone"] else "")
        los = _yes(r["line_of_sight"])
        if r["blocked_by_zone"]:
            los += f" ({r['blocked_by_zone']})"
        obs = _yes(r["obstructed"])
        if r["obstructed_by"]:
            obs += f" ({', '.join(r['obstructed_by'])})"
        lines.append((att, dfd, _yes(r["in_arc"]), f"{r['range_mm']:.1f}", r["range_band"],
                      str(r["distance_band"] or "-"), los, obs, _dice(r["dice"]),
                      "VALID" if r["valid"] else "-", f"{r['margin_mm']:.1f}"))
    widths = [max(len(row[c]) for row in lines) for c in range(len(head))]
    return "\n".join("  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip()
                     for row in lines)


def format_setup(rows: list[dict]) -> str:
    """A readable table of setup check objects (one line per piece and rule); a rule broken
    with nothing to measure to (no distance: a squadron whose player has no ship, as the
    window's setup status says) names that reason after it."""
    lines = [("piece", "rule", "ok", "distance mm", "margin", "")]
    for r in rows:
        why = "its player has no ship" if not r["ok"] and r["distance_mm"] is None else ""
        lines.append((r["piece"], r["rule"], "yes" if r["ok"] else "NO",
                      *("-" if r[k] is None else f"{r[k]:.1f}" for k in ("distance_mm",
                                                                          "margin_mm")), why))
    widths = [max(len(row[c]) for row in lines) for c in range(6)]
    return "\n".join("  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip()
                     for row in lines)


def speed_notes(scene, catalog) -> list[str]:
    """Ships whose scene ``speed`` is above their speed chart's top (a ship's speed is 0 to the
    chart's last speed, RRG "Speed"): a slip, since the scene accepts 0-4 for every ship."""
    out = []
    for i, s in enumerate(scene.ships):
        cls = catalog.ships.get(s.ship_class) if s.ship_class else None
        if cls is not None and s.speed > cls.max_speed:
            out.append(f"ships[{i}] ({s.id!r}): speed {s.speed} is above its speed chart "
                       f"({cls.name}: 0-{cls.max_speed})")
    return out


def naming_hints(scene) -> list[str]:
    """What a scene straight from ``analyze`` lacks for attacks, and how to give it: pieces of
    no known class (skipped), and pieces all of one player (attacks are between the players'
    pieces, RRG "Attack"), e.g. where the detector could not tell (``"player_known": false``)."""
    pieces = [*scene.ships, *scene.squadrons]
    hints = []
    if any(getattr(p, "ship_class", None) is None and getattr(p, "squadron_class", None) is None
           for p in pieces):
        hints.append('name the classes in the scene ("ship_class", "squadron_class"), or give '
                     "analyze a roster of the fleets (--roster FILE, armada-roster/1)")
    players = {p.player for p in pieces}
    if len(pieces) >= 2 and len(players) == 1:
        unknown = sum(p.extra.get("player_known") is False for p in pieces)
        why = (f' ({unknown} with "player_known": false: the camera could not tell whose they are)'
               if unknown else "")
        hints.append(f"every ship and squadron is player {players.pop()}{why}: attacks are "
                     "between the two players' pieces, so none is listed; set each piece's "
                     '"player" (1 or 2), or give analyze a roster (--roster FILE)')
    return hints


def _run_setup(args, scene, catalog) -> int:
    from armada_vision.errors import InputError
    from armada_vision.rules import setup_checks

    for flag in ("attacker", "valid"):
        if getattr(args, flag):
            raise InputError(f"--{flag} is for attacks; --setup lists every setup rule",
                             field="--setup")
    rows = [c.to_json() for c in setup_checks(scene, catalog)]
    from armada_vision.cli._placement import placement_notes

    # overlapping bases and bases off the play area first, as for the attacks (a newcomer's
    # TIE on a ship's base was rated "within distance 2 of a friendly ship: yes" with no word)
    for note in placement_notes(scene, catalog):
        print(f"armada-vision: note: {note}", file=sys.stderr)
    # pieces of no known class have no base to check (rules.setup_checks skips them): say so,
    # as the attack checks do, so a count of rules checked is not read as the whole table's
    for kind, pieces, cls in (("ship", scene.ships, "ship_class"),
                              ("squadron", scene.squadrons, "squadron_class")):
        for p in pieces:
            if getattr(p, cls) is None:
                print(f"armada-vision: note: {kind} {p.id!r} skipped: its class is not known yet",
                      file=sys.stderr)
    if args.json:
        json.dump(rows, sys.stdout, indent=1)
        sys.stdout.write("\n")
    else:
        bad = sum(not r["ok"] for r in rows)
        print(f"setup (RRG p.16): {len(rows)} rule{'' if len(rows) == 1 else 's'} checked, "
              f"{bad} broken")
        print(format_setup(rows))
    return 0


def run(args) -> int:
    from armada_vision.catalog import get_catalog, require_known_classes
    from armada_vision.cli._options import note_if_compiling
    from armada_vision.errors import InputError
    from armada_vision.rules import check_scene, parse_ruleset, scene_notes
    from armada_vision.scene import load_scene, misspelt_fields

    ruleset = parse_ruleset(args.ruleset)
    catalog = get_catalog(args.models)
    scene = load_scene(args.scene)
    require_known_classes(scene, catalog, args.scene)
    for note in misspelt_fields(scene):
        print(f"armada-vision: note: {args.scene}: {note}", file=sys.stderr)
    if args.setup:
        return _run_setup(args, scene, catalog)
    ids = {p.id for p in (*scene.ships, *scene.squadrons)}
    if args.attacker is not None and args.attacker not in ids:
        raise InputError(f"no ship or squadron {args.attacker!r} in {args.scene}", field="--attacker")
    try:
        with note_if_compiling("compiling the rules engine (first run after an install only)..."):
            checks = check_scene(scene, catalog, ruleset, attacker_id=args.attacker)
        notes = scene_notes(scene, catalog, ruleset)
    except InputError as exc:
        raise InputError(str(exc), source=args.scene) from None
    from armada_vision.cli._placement import placement_notes
    from armada_vision.rules._overlap import overlap_notes

    said: set = set()
    placed = placement_notes(scene, catalog, said)
    again = set(overlap_notes(frozenset(said)))  # the rules core's note on the same pairs
    notes = [n for n in notes if n not in again]
    for note in [*placed, *notes, *speed_notes(scene, catalog), *naming_hints(scene)]:
        print(f"armada-vision: note: {note}", file=sys.stderr)
    rows = [c.to_json() for c in checks]
    if args.valid:  # the same filter for both outputs; the JSON objects keep DESIGN.md's shape
        rows = [r for r in rows if r["valid"]]
    try:
        if args.json:
            json.dump(rows, sys.stdout, indent=1)
            sys.stdout.write("\n")
        else:
            print(f"ruleset {ruleset.name}: {len(rows)} attack{'' if len(rows) == 1 else 's'} "
                  "(dice: R red, U blue, K black; "
                  "LOS/obstructed '?': not traced, out of range)")
            print(format_table(rows))
        sys.stdout.flush()
    except BrokenPipeError:          # e.g. piped into `head`: not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0
