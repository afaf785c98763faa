"""The game state behind the window's token, dial and round panels (no Qt).

A thin layer over ``armada_vision.game.GameHistory``: the events applied so far and the state
they fold to. ``apply`` raises the state part's ``RuleViolation`` (the rule's reason and RRG page)
and changes nothing when an action is illegal; ``truncate`` is undo.
"""

from __future__ import annotations

from typing import Any

from armada_vision import game


class GameModel(game.GameHistory):
    """The state part's undoable history plus the lookups the panels need."""

    def ship(self, ship_id: str | None) -> Any | None:
        if ship_id and self.state.has_ship(ship_id):
            return self.state.ship(ship_id)
        return None

    def squadron(self, squadron_id: str | None) -> Any | None:
        if squadron_id and self.state.has_squadron(squadron_id):
            return self.state.squadron(squadron_id)
        return None


def setup_events(scene: Any, catalog: Any, first_player: int = 1, ruleset: str = "rrg-1.6") -> list[Any]:
    """Events that start a game with every classified piece of ``scene`` (RRG "Setup", p.14).

    Bases whose class is not assigned yet are left out (assign them first). A ship deployed at
    distance 1-2 of a gravity rift gets speed 0 (RRG "Obstacles", p.12; the rules core
    measures it, ``rules.movement.gravity_rifts_in_reach``), any other a speed on its chart
    (p.16): the scene's, kept within 1..max."""
    from armada_vision.rules.movement import PieceTable, gravity_rifts_in_reach  # noqa: PLC0415

    events: list[Any] = [game.GameStarted(first_player=first_player, ruleset=ruleset)]
    rifts = any(catalog.obstacles[o.obstacle].kind == "gravity-rift" for o in scene.obstacles
                if o.obstacle in catalog.obstacles)
    table = PieceTable.from_scene(scene, catalog) if rifts else None
    for s in scene.ships:
        if s.ship_class in catalog.ships:
            cls = catalog.ships[s.ship_class]
            speed = min(max(s.speed, 1), cls.max_speed) if cls.max_speed else 0
            rift = rifts and bool(gravity_rifts_in_reach(scene, catalog, s.id, table))
            events.append(game.ShipAdded.from_class(s.id, cls, s.player, 0 if rift else speed,
                                                    gravity_rift=rift))
    for q in scene.squadrons:
        if q.squadron_class in catalog.squadrons:
            events.append(game.SquadronAdded.from_class(q.id, catalog.squadrons[q.squadron_class], q.player))
    return events
