"""Read a fleet list as the common fleet builders export it (plain text), no Qt.

Lines such as ``Victory II-class Star Destroyer (73)``, ``• 2 x TIE Fighter Squadrons (16)``,
``TIE Fighter Squadron x2``,
``3 TIE Fighter Squadron ( 24 )`` name pieces, with an optional count and the points in
parentheses; lines starting with ``-`` or ``=`` (upgrades, totals) and headers
(``Faction:``, ``Commander:``) are not pieces. Names are matched against the catalog's ship and
squadron names (case, punctuation and a plural ``s`` ignored; close misspellings accepted).
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Any

_COUNT = re.compile(r"^(?:(\d+)\s*[x×]?\s+)")
# a count after the name: "TIE Fighter Squadron x2", "... x 2", "... (x2)", "... ×2"
_TRAIL_COUNT = re.compile(r"\s*\(?\s*[x×]\s*(\d+)\s*\)?\s*$", re.IGNORECASE)
#: words of catalog names that say nothing of which piece it is
_COMMON_WORDS = {"squadron", "class", "the", "and", "of", "mk", "ii", "iii", "iv"}
_POINTS = re.compile(r"\(\s*\d+\s*(?:points?|pts)?\s*\)\s*$", re.IGNORECASE)
_BULLETS = "•*·–>"
#: Largest count a line may give (``99 x TIE Fighter Squadron``). A standard 400-point fleet has
#: far fewer of any piece (squadrons may take at most a third of its points); a pasted line
#: "99999999999999999999999 x TIE Bomber Squadron" was taken as that many pieces, and the
#: window froze building a roster of them.
MAX_COUNT = 99


@dataclass(frozen=True)
class FleetEntry:
    """``kind`` is ``ship`` or ``squadron``; ``class_id`` a catalog id; ``line`` the source line."""

    kind: str
    class_id: str
    count: int
    line: str


def _norm(name: str) -> str:
    s = re.sub(r"[^a-z0-9]+", " ", name.lower()).strip()
    return re.sub(r"\bsquadrons\b", "squadron", s)


def _names(catalog: Any) -> dict[str, tuple[str, str]]:
    out: dict[str, tuple[str, str]] = {}
    for kind, table in (("ship", catalog.ships), ("squadron", catalog.squadrons)):
        for cid, cls in table.items():
            out[_norm(cls.name)] = (kind, cid)
            out[_norm(cid.replace("-", " "))] = (kind, cid)
            if kind == "squadron":  # "2 x TIE Bombers (18)": builders drop "Squadron"
                for name in (_norm(cls.name), _norm(cid.replace("-", " "))):
                    short = re.sub(r"\s*\bsquadron\b", "", name).strip()
                    if short:
                        out.setdefault(short, (kind, cid))
    return out


def parse_fleet_list(text: str, catalog: Any) -> tuple[list[FleetEntry], list[str]]:
    """Pieces named in ``text`` and the candidate lines that matched no catalog piece.

    Returns ``(entries, unmatched)``; ``unmatched`` lists lines that looked like pieces (they had
    points in parentheses, a count before or after the name, or a word of a catalog name
    that names a piece, "CR90" in "Korveta CR90 A") but whose name is not in the catalog, and lines with a
    count of 0 or above :data:`MAX_COUNT`.
    """
    names = _names(catalog)
    words = {w for n in names for w in n.split() if len(w) >= 3} - _COMMON_WORDS
    entries: list[FleetEntry] = []
    unmatched: list[str] = []
    for raw in text.splitlines():
        line = raw.strip().lstrip(_BULLETS).strip()
        if not line or line[0] in "-=" or (":" in line and not _POINTS.search(line)):
            continue
        had_points = bool(_POINTS.search(line))
        body = _POINTS.sub("", line).strip()
        count = 1
        m = _COUNT.match(body) or _TRAIL_COUNT.search(body)
        counted = m is not None
        if m:
            count = int(m.group(1)) if len(m.group(1)) <= 3 else MAX_COUNT + 1
            body = (body[m.end():] if m.re is _COUNT else body[:m.start()]).strip()
        if not 1 <= count <= MAX_COUNT:  # "0 x ..." was "recognised" as no pieces at all
            unmatched.append(raw.strip())
            continue
        key = _norm(body)
        if not key:
            continue
        hit = names.get(key) or names.get(key.rstrip("s"))
        if hit is None:
            close = difflib.get_close_matches(key, list(names), n=1, cutoff=0.85)
            hit = names[close[0]] if close else None
        if hit is None:
            # a piece's line by its points, its count or a word of a piece's name ("TIE
            # Fighter Squadron x2" was one squadron; German and Czech names were dropped
            # without a word), not a fleet's own name ("Imperiale Flotte") or a note
            if had_points or counted or set(key.split()) & words:
                unmatched.append(raw.strip())
            continue
        entries.append(FleetEntry(hit[0], hit[1], count, raw.strip()))
    return entries, unmatched


def roster_for_detection(fleets: dict[int, list[FleetEntry]], catalog: Any) -> Any | None:
    """The detection part's ``Roster`` for imported fleets (``None`` without that part).

    Each piece gets an id ``p<player>-<class>-<n>``; detection then names a base when its
    player has exactly one ship of that size class (armada_vision.vision.detect.Roster)."""
    try:
        from armada_vision.vision.detect import (  # type: ignore[attr-defined]
            Roster,
            RosterShip,
            RosterSquadron,
        )
    except ImportError:
        return None
    ships, squadrons = [], []
    for player, entries in sorted(fleets.items()):
        for e in entries:
            for n in range(1, e.count + 1):
                pid = f"p{player}-{e.class_id}-{n}"
                if e.kind == "ship":
                    ships.append(RosterShip(pid, e.class_id, player))
                else:
                    squadrons.append(RosterSquadron(pid, e.class_id, player))
    size_of = {cid: cls.size_class for cid, cls in catalog.ships.items()}
    return Roster(ships=ships, squadrons=squadrons, size_of=size_of)


def roster_from_scene(scene: Any, catalog: Any) -> Any | None:
    """The detection part's ``Roster`` naming every classified piece of ``scene`` by its id (the
    demo gives the detector the sample's fleets); ``None`` without that part."""
    try:
        from armada_vision.vision.detect import (  # type: ignore[attr-defined]
            Roster,
            RosterShip,
            RosterSquadron,
        )
    except ImportError:
        return None
    # where each is deployed: tells apart the sample's two small ships of each player (their
    # token tags would be hidden under the miniatures) and names its squadrons
    ships = [RosterShip(s.id, s.ship_class, s.player, deployed_mm=(s.x_mm, s.y_mm))
             for s in scene.ships if s.ship_class]
    sqs = [RosterSquadron(q.id, q.squadron_class, q.player, deployed_mm=(q.x_mm, q.y_mm))
           for q in scene.squadrons if q.squadron_class]
    return Roster(ships=ships, squadrons=sqs,
                  size_of={cid: cls.size_class for cid, cls in catalog.ships.items()})
