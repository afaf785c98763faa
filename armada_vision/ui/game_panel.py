"""Round and phase tracker, command dials and tokens, defense tokens, squadron activations and
attacks: buttons that make events.

Each button builds one ``armada_vision.game`` event and hands it to ``submit``; the window
applies it through the session, and an illegal action comes back as the rule's reason.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import partial
from typing import Any

from PyQt6.QtCore import QCoreApplication
from PyQt6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from armada_vision import game
from armada_vision.ui.rule_text import rule_text

_CONTEXT = "GamePanel"


def tr(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


def phase_name(phase: str) -> str:
    return {"setup": tr("Setup"), "command": tr("Command Phase"), "ship": tr("Ship Phase"),
            "squadron": tr("Squadron Phase"), "status": tr("Status Phase"),
            "ended": tr("Game over")}.get(phase, phase)


def outcome(state: Any) -> str:
    """Who won, once the game is over (RRG "Winning and Losing", p.22): the player who still
    has ships when the other fleet's last ship is destroyed; else the score decides (not
    tracked). Empty while the game goes on."""
    if state.phase != "ended":
        return ""
    if state.winner is not None:
        return tr(" - player {p} wins: the other fleet has no ships left (RRG p.22)").format(
            p=state.winner)
    return tr(" - the score decides the winner (RRG p.22)")


def command_name(command: str) -> str:
    return {"navigate": tr("navigate"), "squadron": tr("squadron"), "repair": tr("repair"),
            "concentrate-fire": tr("concentrate fire")}.get(command, command)


def token_name(kind: str) -> str:
    return {"brace": tr("brace"), "redirect": tr("redirect"), "evade": tr("evade"),
            "scatter": tr("scatter"), "contain": tr("contain"), "salvo": tr("salvo")}.get(kind, kind)


def token_state_name(state: str) -> str:
    return {"readied": tr("readied"), "exhausted": tr("exhausted"),
            "discarded": tr("discarded")}.get(state, state)


def squadron_turn(state: Any) -> str:
    """Which squadrons may activate now, counting what remains: in the Squadron Phase the turn
    player's (RRG p.20: two a turn, the second chosen once the first has finished; their last
    one alone); in the Ship Phase those the active ship's squadron command may still activate
    (p.3: up to its squadron value, friendly unactivated squadrons). Empty otherwise."""
    if state is None:
        return ""
    if state.phase == "ship":
        return _squadron_command_left(state)
    if state.phase != "squadron" or not state.turn_player:
        return ""
    p = state.turn_player
    if state.squadron_turn_activated:
        return tr("Player {p} has activated one squadron this turn; the second one follows "
                  "once the first is done.").format(p=p)
    if len(state.squadrons_of(p, unactivated=True)) == 1:
        return tr("Player {p} activates their last squadron: click it, then Activate; then "
                  "the turn passes.").format(p=p)
    return tr("Player {p} activates a squadron: click it, then Activate; the second one "
              "follows once it is done.").format(p=p)


def _squadron_command_left(state: Any) -> str:
    ship = state.ship(state.active_ship) if state.active_ship else None
    if ship is None or not ship.squadron_activations:
        return ""
    left = min(ship.squadron_activations, len(state.squadrons_of(ship.player, unactivated=True)))
    if not left:
        return tr("{ship}'s squadron command has no unactivated squadron left to activate."
                  ).format(ship=ship.id)
    return tr("{ship}'s squadron command may still activate {n} squadron(s): click one, then "
              "Activate.").format(ship=ship.id, n=left)


class DialsDialog(QDialog):
    """Choose a ship's command dials for this Command Phase (top of the stack first)."""

    def __init__(self, ship_id: str, count: int, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(tr("Command dials for {ship}").format(ship=ship_id))
        form = QFormLayout(self)
        self.combos = []
        for i in range(count):
            box = QComboBox()
            for c in game.COMMANDS:
                box.addItem(command_name(c), c)
            form.addRow(tr("Dial {n}").format(n=i + 1), box)
            self.combos.append(box)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def commands(self) -> tuple[str, ...]:
        return tuple(str(b.currentData()) for b in self.combos)


class GamePanel(QGroupBox):
    """``submit(event)`` applies an event; ``start()`` starts the game from the scene;
    ``attack()`` returns an AttackDeclared for the selected check (or None); ``move(id)`` a
    SquadronMoved for a squadron moving from where it stands (or None: no Move button)."""

    def __init__(self, submit: Callable[[Any], Any], start: Callable[[], None],
                 attack: Callable[[], Any], parent: QWidget | None = None, *,
                 move: Callable[[str], Any] | None = None):
        super().__init__(tr("Game"), parent)
        self.submit, self.start, self.attack_event = submit, start, attack
        self.move_event = move
        self.ship_id: str | None = None
        self.model: Any = None
        self._key: Any = None
        lay = QVBoxLayout(self)
        self.round_label = QLabel()
        self.round_label.setWordWrap(True)
        lay.addWidget(self.round_label)
        row = QHBoxLayout()
        self.btn_start = QPushButton(tr("Start game"))
        self.btn_next = QPushButton(tr("Next phase"))
        self.btn_pass = QPushButton(tr("Pass"))
        self.btn_pass.setToolTip(tr("The player to act spends a pass token instead of "
                                    "activating a ship (Ship Phase, RRG p.18)"))
        self.btn_next.setEnabled(False)  # until a game is started
        self.btn_pass.setEnabled(False)
        for b in (self.btn_start, self.btn_next, self.btn_pass):
            row.addWidget(b)
        lay.addLayout(row)
        self.btn_start.clicked.connect(lambda: self.start())
        self.btn_next.clicked.connect(lambda: self.submit(game.PhaseAdvanced()))
        self.btn_pass.clicked.connect(self._pass)
        self.ship_label = QLabel()
        self.ship_label.setWordWrap(True)
        lay.addWidget(self.ship_label)
        self.grid = QGridLayout()
        lay.addLayout(self.grid)
        self.buttons: dict[str, QPushButton] = {}

    def _pass(self) -> None:
        st = self.model.state if self.model is not None else None
        if st is not None and st.turn_player:
            self.submit(game.Passed(st.turn_player))

    def _button(self, name: str, text: str, slot: Callable[[], None], row: int, col: int,
                event: Any = None) -> None:
        """A button; when ``event`` is given and illegal now, its tooltip gives the rule's
        reason and its text is struck through (it stays clickable: the click says why)."""
        b = QPushButton(text)
        b.setObjectName(name)
        b.clicked.connect(slot)
        if event is not None and self.model is not None:
            why = self.model.violation(event)
            if why is not None:
                b.setToolTip(rule_text(why))
                f = b.font()
                f.setStrikeOut(True)
                b.setFont(f)
            elif (cut := self.model.cut_off_warning(event)) is not None:
                b.setToolTip(tr("Note: {warning}").format(warning=rule_text(cut)))
        self.grid.addWidget(b, row, col)
        self.buttons[name] = b

    def refresh(self, model: Any, ship_id: str | None) -> None:
        """Rebuild for the game state and the focused ship (only when either changed)."""
        st = model.state if model is not None else None
        ship = model.ship(ship_id) if model is not None else None
        key = (id(model), st, ship_id)
        if key == self._key:
            return
        self._key, self.model, self.ship_id = key, model, ship_id
        if st is None or not st.started:
            self.round_label.setText(tr("No game started. Assign every piece, then start."))
        else:
            turn = tr(", player {p} to act").format(p=st.turn_player) if st.turn_player else ""
            self.round_label.setText(tr("Round {r} of {n}: {phase}").format(
                r=st.round, n=st.rounds, phase=phase_name(st.phase)) + turn + outcome(st))
        # only what can be done now (a newcomer pressed Start game mid-game and Pass in the
        # Command Phase, and got refusals about something else)
        started = st is not None and st.started
        self.btn_start.setEnabled(not started)
        self.btn_next.setEnabled(started and st.phase != "ended")
        self.btn_pass.setEnabled(started and bool(st.turn_player))
        while self.grid.count():
            item = self.grid.takeAt(0)
            w = item.widget() if item is not None else None
            if w is not None:
                w.hide()  # until the event loop deletes it: not drawn over the new ones
                w.deleteLater()
        self.buttons.clear()
        squadron = model.squadron(ship_id) if model is not None else None
        if ship is not None:
            self._fill_ship(ship)
        elif squadron is not None:
            self._fill_squadron(squadron)
        elif st is not None and st.phase == "squadron":
            self.ship_label.setText(squadron_turn(st) or tr("Every squadron has activated."))
        else:
            self.ship_label.setText(squadron_turn(st) or (
                tr("Click a ship to see its dials and tokens.") if st and st.started else ""))

    def _fill_ship(self, ship: Any) -> None:
        dial = command_name(ship.revealed_dial) if ship.revealed_dial else tr("none")
        tokens = ", ".join(command_name(c) for c in ship.command_tokens) or tr("none")
        self.ship_label.setText(tr(
            "{ship}: speed {speed}, hull {hull}/{max}\ndials in stack: {dials}, revealed: {dial}\n"
            "command tokens: {tokens}").format(
            ship=ship.id, speed=ship.speed, hull=ship.hull_remaining, max=ship.hull,
            dials=len(ship.dials), dial=dial, tokens=tokens))
        st = self.model.state
        if ship.id == st.active_ship and squadron_turn(st):
            self.ship_label.setText(self.ship_label.text() + "\n" + squadron_turn(st))
        cut = self.model.cut_off_warning(game.ActivationEnded(ship.id))
        if cut is not None:   # the squadrons its command activated have not attacked (p.3)
            self.ship_label.setText(self.ship_label.text() + "\n" + tr(
                "Ending the activation now: {warning}").format(warning=rule_text(cut)))
        sid = ship.id
        self._button("assign-dials", tr("Assign dials..."), lambda: self._assign_dials(ship), 0, 0)
        self._button("activate", tr("Activate"), lambda: self.submit(game.ShipActivated(sid)), 0, 1,
                     game.ShipActivated(sid))
        self._button("end-activation", tr("End activation"),
                     lambda: self.submit(game.ActivationEnded(sid)), 0, 2, game.ActivationEnded(sid))
        if ship.revealed_dial:
            cmd = ship.revealed_dial
            self._button("spend-dial", tr("Spend {c} dial").format(c=command_name(cmd)),
                         lambda: self.submit(game.CommandResolved(sid, cmd, dial=True)), 1, 0)
            self._button("dial-to-token", tr("Dial to token"),
                         lambda: self.submit(game.DialConverted(sid)), 1, 1)
        pending = self.model.state.pending if self.model is not None else None
        if pending is not None and pending.ship == sid:  # the rules force a discard first (p.4)
            for i, cmd in enumerate(pending.options):
                self._button(f"discard-token-{cmd}", tr("Discard {c} token").format(c=command_name(cmd)),
                             partial(self._discard, sid, cmd),
                             8, i % 3)
        for i, cmd in enumerate(ship.command_tokens):
            self._button(f"spend-token-{cmd}", tr("Spend {c} token").format(c=command_name(cmd)),
                         partial(self._spend_token, sid, cmd),
                         2 + i // 3, i % 3)
        row = 4
        self._button("declare-attack", tr("Declare attack"), self._declare, row, 0)
        self._button("end-attack", tr("End attack"), lambda: self.submit(game.AttackEnded()), row, 1)
        for i, tok in enumerate(ship.defense_tokens):
            text = f"{token_name(tok.kind)} ({token_state_name(tok.state)})"
            self._button(f"defense-token-{i}", text,
                         partial(self._spend_defense, sid, i),
                         row + 1 + i // 3, i % 3, game.DefenseTokenSpent(sid, i))

    def _fill_squadron(self, sq: Any) -> None:
        """Activate the squadron (in the Squadron Phase one at a time, two a turn, RRG p.20; in
        the Ship Phase by the active ship's squadron command, p.3), its move (p.6, p.20), its
        attack on the selected defender, a counter attack when one is due (p.21), and the
        attack's end."""
        st = self.model.state
        if sq.destroyed:
            status = tr("destroyed")
        elif sq.id in st.active_squadrons:
            status = tr("activating")
        elif sq.activated:
            status = tr("activated this round")
        else:
            status = tr("not activated yet")
        text = tr("{squadron} (player {player}): hull {hull}/{max}, {status}").format(
            squadron=sq.id, player=sq.player, hull=sq.hull_remaining, max=sq.hull, status=status)
        turn = squadron_turn(st)
        self.ship_label.setText(text + ("\n" + turn if turn else ""))
        activate = game.SquadronsActivated((sq.id,))
        self._button("activate-squadron", tr("Activate"), lambda: self.submit(activate), 0, 0,
                     activate)
        self._button("declare-attack", tr("Declare attack"), self._declare, 0, 1)
        self._button("end-attack", tr("End attack"), lambda: self.submit(game.AttackEnded()), 0, 2)
        move = self.move_event(sq.id) if self.move_event is not None and not sq.destroyed \
            else None
        if move is not None:   # click, then move it: engaged, it cannot (p.6); move or attack (p.20)
            self._button("move-squadron", tr("Move"), partial(self._move, sq.id), 1, 1, move)
            if not self.buttons["move-squadron"].toolTip():
                self.buttons["move-squadron"].setToolTip(tr(
                    "Click before you move it: an engaged squadron cannot move (RRG p.6); in the "
                    "Squadron Phase it moves or attacks (RRG p.20)"))
        if st.counter_due is not None and sq.id in st.counter_due:  # either end of it
            self._button("counter-attack", tr("Counter attack on {target}").format(
                target=st.counter_due[1]), self._counter, 1, 0)

    def _move(self, squadron_id: str) -> None:
        # measured when clicked: the table may have changed since the panel was filled
        event = self.move_event(squadron_id) if self.move_event is not None else None
        if event is not None:
            self.submit(event)

    def _counter(self) -> None:
        # the counter is by the attacked squadron against its attacker (RRG p.21), whatever the
        # selection: the button shows on either squadron's panel
        due = self.model.state.counter_due
        event = self.attack_event(due) if due is not None else self.attack_event()
        if event is not None:
            self.submit(dataclasses.replace(event, counter=True))

    def _discard(self, sid: str, command: str) -> None:
        self.submit(game.CommandTokenDiscarded(sid, command))

    def _spend_token(self, sid: str, command: str) -> None:
        self.submit(game.CommandResolved(sid, command, token=True))

    def _spend_defense(self, sid: str, index: int) -> None:
        self.submit(game.DefenseTokenSpent(sid, index))

    def _assign_dials(self, ship: Any) -> None:
        dlg = DialsDialog(ship.id, max(ship.command - len(ship.dials), 1), self)
        if dlg.exec():
            self.submit(game.DialsAssigned(ship.id, dlg.commands()))

    def _declare(self) -> None:
        event = self.attack_event()
        if event is not None:
            self.submit(event)
