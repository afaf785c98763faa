"""The window's interaction: clicks and drags on the table, corrections, game actions.

A mixin of :class:`~armada_vision.ui.window.MainWindow` (kept apart to keep both files short);
it uses the window's ``session``, ``view``, ``camera``, ``pipeline`` and panels.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from PyQt6.QtCore import QCoreApplication, Qt
from PyQt6.QtWidgets import QMessageBox, QWidget

from armada_vision import game
from armada_vision.game import RuleViolation
from armada_vision.ui import hit as hitmod
from armada_vision.ui.dialogs import AssignDialog, FleetImportDialog
from armada_vision.ui.fleet_list import roster_for_detection
from armada_vision.ui.game_model import setup_events
from armada_vision.ui.i18n import local
from armada_vision.ui.overlay_model import Selection
from armada_vision.ui.rule_text import rule_text

_CONTEXT = "MainWindow"
DRAG_PX = 6.0


def tr(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


class WindowActions:
    """Interaction methods of the main window (attributes are the window's)."""

    session: Any
    view: Any
    camera: Any
    pipeline: Any
    focus_id: str | None
    roster: dict[int, list[str]]
    fleets: dict[int, list[Any]]
    script: Any
    act_follow: Any
    check_panel: Any
    maneuver_panel: Any
    _press: tuple[float, float, hitmod.Hit | None] | None
    _dragging: bool
    last_violation: str
    last_warning: str

    if TYPE_CHECKING:  # provided by MainWindow / QMainWindow; stubs here would shadow them
        def refresh_overlay(self) -> None: ...
        def statusBar(self) -> Any: ...  # noqa: N802 - Qt API

    # ------------------------------------------------------------------ interaction
    def _hit(self, x: float, y: float) -> hitmod.Hit | None:
        if self.camera is None:
            return None
        return hitmod.hit_test(self.session.scene, self.session.catalog, self.camera, (x, y))

    def click_image(self, x: float, y: float, *, defender: bool = False) -> str:
        """Select at image pixel (x, y): attacker (and hull zone) or defender."""
        h = self._hit(x, y)
        if self.script is not None and self.act_follow.isChecked():
            self.act_follow.setChecked(False)  # the user takes over from the script
            self.session.script_maneuver = None
        what = self.session.click(h, as_defender=defender)
        self.focus_id = h.piece_id if h is not None else None
        if what == "attacker" and h is not None and h.kind == "ship":
            self._speed_from_game(h.piece_id)
        self.refresh_overlay()
        return what

    def _on_press(self, x: float, y: float, button: int) -> None:
        self._press = (x, y, self._hit(x, y))
        self._dragging = False
        if button == Qt.MouseButton.RightButton.value:
            self.click_image(x, y, defender=True)
            self._press = None

    def _on_drag(self, x: float, y: float) -> None:
        if self._press is None or self._press[2] is None or self.camera is None:
            return
        x0, y0, h = self._press
        if h is None or (not self._dragging and (abs(x - x0) + abs(y - y0)) < DRAG_PX):
            return
        self._dragging = True
        self.focus_id = h.piece_id

    def _on_release(self, x: float, y: float) -> None:
        if self._press is None:
            return
        x0, y0, h = self._press
        self._press = None
        if self._dragging and h is not None and self.camera is not None:
            self._dragging = False
            # move the piece's centre by the drag, measured on the table plane
            a = self.camera.image_to_table([[x0, y0]], 5.0)[0]
            b = self.camera.image_to_table([[x, y]], 5.0)[0]
            piece = self._piece(h.piece_id)
            if piece is not None:
                self.session.move_piece(h.piece_id, piece.x_mm + b[0] - a[0], piece.y_mm + b[1] - a[1])
            self.refresh_overlay()
            return
        self.click_image(x, y)

    def _piece(self, piece_id: str | None) -> Any:
        sc = self.session.scene
        for p in (*sc.ships, *sc.squadrons, *sc.obstacles):
            if p.id == piece_id:
                return p
        return None

    def _need_focus(self) -> Any:
        piece = self._piece(self.focus_id)
        if piece is None:
            self.statusBar().showMessage(tr("Click a piece first."), 4000)
        return piece

    def assign_dialog(self) -> AssignDialog | None:
        """The assign dialog for the focused piece (not shown; the caller runs ``exec``)."""
        piece = self._need_focus()
        if piece is None or not hasattr(piece, "player"):
            return None
        kind = "squadron" if hasattr(piece, "squadron_class") else "ship"
        current = getattr(piece, "squadron_class", None) or getattr(piece, "ship_class", None)
        return AssignDialog(self.session.catalog, piece.id, kind, player=piece.player,
                            size_class=getattr(piece, "size_class", None), current=current,
                            roster=self.roster.get(piece.player, []),
                            parent=cast(QWidget, self))

    def assign_focused(self) -> None:
        dlg = self.assign_dialog()
        if dlg is not None and dlg.exec():
            self.apply_assignment(dlg)

    def apply_assignment(self, dlg: AssignDialog) -> None:
        class_id, player = dlg.value()
        self.session.assign(self.focus_id, class_id, player)
        self.refresh_overlay()

    def flip_focused(self) -> None:
        if self._need_focus() is not None:
            self.session.flip(self.focus_id)
            self.refresh_overlay()

    def delete_focused(self) -> None:
        if self._need_focus() is not None:
            self.session.delete_piece(self.focus_id)
            self.focus_id = None
            self.refresh_overlay()

    def import_fleet(self) -> None:
        dlg = FleetImportDialog(self.session.catalog, cast(QWidget, self))
        if dlg.exec():
            self.apply_fleet(dlg)

    def apply_fleet(self, dlg: FleetImportDialog) -> None:
        """Keep the pasted fleet: its classes come first in the assign dialog, and detection
        gets it as its roster (names bases by size class and deployment side)."""
        player = int(dlg.player.currentData())
        self.roster[player] = [e.class_id for e in dlg.entries]
        self.fleets[player] = list(dlg.entries)
        roster = roster_for_detection(self.fleets, self.session.catalog)
        if roster is not None:
            self.pipeline.set_roster(roster)
        self.session.record({"type": "note", "text": f"fleet list imported for player {player}",
                             "payload": {"player": player, "classes": self.roster[player]}})

    def undo(self) -> None:
        if not self.session.undo():
            self.statusBar().showMessage(tr("Nothing to undo."), 3000)
        self.refresh_overlay()

    def show_violation(self, reason: str) -> None:
        """Refuse an illegal action: the rule's reason in the status bar and a message box."""
        self.statusBar().showMessage(reason, 8000)
        self.last_violation = reason
        box = QMessageBox(QMessageBox.Icon.Warning, tr("Not allowed"), reason, parent=cast(QWidget, self))
        box.setObjectName("violation")
        box.setModal(False)
        box.show()
        self._violation_box = box

    # ------------------------------------------------------------------ game
    def submit_game_event(self, event: Any) -> bool:
        """Apply a game event; an illegal one shows the rule's reason. Returns True if applied.
        A legal one that cuts something short (``game.cut_off_warning``: squadrons a squadron
        command activated, ended before they attacked, RRG p.3) says so in the status bar
        (``last_warning``)."""
        model = self.session.game
        warning = model.cut_off_warning(event) if model is not None else None
        try:
            self.session.game_event(event)
        except RuleViolation as exc:
            self.show_violation(rule_text(exc))
            return False
        self.last_warning = rule_text(warning)
        self.refresh_overlay()
        if warning is not None:
            self.statusBar().showMessage(tr("Done; note: {warning}").format(
                warning=self.last_warning), 8000)
        return True

    def start_game(self) -> None:
        """Start a game with every classified piece on the table (setup)."""
        scene = self.session.scene
        unknown = [s.id for s in scene.ships if s.ship_class is None]
        if unknown:
            self.show_violation(tr("Assign a class to every ship first: {ids}").format(ids=", ".join(unknown)))
            return
        for event in setup_events(scene, self.session.catalog, ruleset=self.session.ruleset_name):
            if not self.submit_game_event(event):
                return

    def attack_from_selection(self, pair: tuple[str, str] | None = None) -> Any:
        """AttackDeclared for the attack check on show (attacker zone -> defender zone); with
        ``pair`` (attacker id, defender id), that pair is selected first (a counter attack, RRG
        p.21, whichever squadron was selected when its button was clicked)."""
        if pair is not None:
            self.session.selection = Selection(pair[0], None, pair[1], None)
            self.refresh_overlay()
        check = self.session.selected_check()
        if check is None:
            self.statusBar().showMessage(tr("Choose an attacker and a defender first."), 4000)
            return None
        d = check.data
        return game.AttackDeclared(d["attacker"], d["defender"], d.get("attacking_zone"),
                                   d.get("defending_zone"), d.get("range_band"), d.get("distance_band"))

    # ------------------------------------------------------------------ maneuver
    def execute_maneuver(self) -> None:
        """Log the previewed maneuver, the damage its overlaps deal (RRG p.14) and what the
        obstacles it ends on do (p.12)."""
        res = self.session.maneuver_result()
        if res is None:
            return
        # with the obstacles' kinds: an asteroid field deals a faceup damage card, a gravity
        # rift sets the speed dial to 0 (RRG "Obstacles", p.12)
        kinds = self.session.obstacle_kinds()
        for event in game.maneuver_events(res.to_json(), obstacle_kinds=kinds):
            if not self.submit_game_event(event):
                return

    def _speed_from_game(self, ship_id: str) -> None:
        """A newly selected ship's preview starts at its speed dial in the game, bounded by its
        speed chart (RRG "Speed" p.19); outside a game the fields stay as the user left them."""
        model = self.session.game
        ship = model.ship(ship_id) if model is not None else None
        if ship is None:
            return
        self.maneuver_panel.show_move(ship.speed, (), ship.max_speed)
        if self.maneuver_panel.isChecked():
            self._maneuver_changed()

    def _maneuver_changed(self) -> None:
        self.session.maneuver = self.maneuver_panel.value()
        self.refresh_overlay()

    def _show_maneuver(self) -> None:
        res = self.session.maneuver_result()
        self.maneuver_panel.execute.setEnabled(res is not None and self.maneuver_panel.isChecked())
        if res is None:
            self.maneuver_panel.show_result(rule_text(self.session.maneuver_error))
            return
        d = res.to_json()
        lines = [tr("Final position: x {x:.0f} mm, y {y:.0f} mm, heading {h:.0f} deg").format(
            **local(x=d["x_mm"], y=d["y_mm"], h=d["heading_deg"]))]
        if d.get("damage_to"):
            lines.append(tr("Overlap: {ships} take a facedown damage card").format(
                ships=", ".join(d["damage_to"])))
        if d.get("displaced_squadrons"):
            lines.append(tr("Squadrons displaced: {ids}").format(ids=", ".join(d["displaced_squadrons"])))
        if d.get("gravity_rifts"):      # RRG "Obstacles" p.12
            lines.append(tr("Gravity rift at distance 1-2 ({ids}): speed {speed} reduced by one "
                            "for this maneuver").format(ids=", ".join(d["gravity_rifts"]),
                                                        speed=d["speed"]))
        if d.get("on_gravity_rift"):
            lines.append(tr("Ends on a gravity rift: speed dial set to 0"))
        lines.append(maneuver_margin_text(d.get("margin_mm"), self.session.uncertainty_mm))
        self.maneuver_panel.show_result("\n".join(lines))


def maneuver_margin_text(margin_mm: float | None, uncertainty_mm: float) -> str:
    """The maneuver's margin (how far the nearest deciding outline is from changing any of its
    verdicts, DESIGN.md honesty), and "too close to call" below the window's threshold."""
    if margin_mm is None:
        return tr("Margin: no piece near enough to change this result")
    text = tr("Margin: {mm:.1f} mm").format(**local(mm=float(margin_mm)))
    if uncertainty_mm > 0 and float(margin_mm) < uncertainty_mm:
        text += " - " + tr("too close to call (below {unc:.1f} mm): check by hand").format(
            **local(unc=uncertainty_mm))
    return text
