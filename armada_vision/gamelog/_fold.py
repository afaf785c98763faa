"""The game as the window had it, from a log's events: the one place that honours undo.

The window logs every game event it applied, and an undo as a ``note`` event with payload
``{"undo": "game-event", "event": TYPE}`` (``ui/session.py``): the last game event of that type
was taken back. Older logs name no type; then the last event that changes the game state is
taken back. An undo note of another kind (``"correction"``: a piece moved or reclassified) does
not touch the game. Every reader of a log's game state folds through :class:`GameFold`, leniently (an event the
rules refuse now is reported, not raised): ``GameLog.state()`` and ``GameLog.fold()``, the HTML
export and the replay window.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from armada_vision.errors import InputError
from armada_vision.game import (
    INITIAL_STATE,
    Event,
    GameState,
    Reason,
    apply,
    cut_off_warning,
    event_from_json,
)

UNDO_GAME_EVENT = "game-event"


def undo_note(data: Mapping[str, Any]) -> str | None:
    """For an undo note of kind ``game-event``: the type of event it takes back (``""`` when it
    names none); ``None`` for anything else."""
    if data.get("type") != "note":
        return None
    payload = data.get("payload") or {}
    if not isinstance(payload, Mapping) or payload.get("undo") != UNDO_GAME_EVENT:
        return None
    return str(payload.get("event") or "")


class GameFold:
    """Folds logged events (their JSON objects) one at a time, keeping the state after each.

    ``add(data)`` applies one event or, for an undo note, takes the last matching event in log
    order back, a refused one included (the window had applied it; undoing it changes nothing
    here); the events after an undone applied one are applied again to the state before it,
    as leniently as when added. With ``strict`` (default) a
    malformed event raises ``InputError`` and an illegal one ``RuleViolation`` (naming
    ``source``); otherwise they change nothing, ``add`` returns ``False`` and ``refused``
    keeps why, by the event's number (0-based, in the order added): a log written before a
    rule was checked (e.g. a squadron attacking outside its activation, a dial converted late)
    is shown whole, each such event with its reason, and the log itself is never changed.
    ``warnings`` keeps, by the same numbers, what an applied event cut short
    (``game.cut_off_warning``: e.g. the activation of squadrons a squadron command activated,
    ended before they attacked, RRG p.3): legal, but worth saying where the game is shown.
    """

    def __init__(self, strict: bool = True):
        self.strict = strict
        self._events: list[Event] = []
        self._states: list[GameState] = [INITIAL_STATE]
        self.refused: dict[int, Exception] = {}
        self.warnings: dict[int, Reason] = {}
        self._added = 0
        self._numbers: list[int] = []  # per event in effect, its number
        # per event read and not undone, in log order, applied or refused:
        # (type, number, log_only)
        self._undoable: list[tuple[str, int, bool]] = []

    def copy(self) -> GameFold:
        """An independent fold at the same point (the replay's keyframes): adding to one does
        not change the other. Events and states are immutable and shared."""
        other = GameFold.__new__(GameFold)
        other.__dict__.update(self.__dict__)
        for name in ("_events", "_states", "_numbers", "_undoable"):
            setattr(other, name, list(getattr(self, name)))
        other.refused, other.warnings = dict(self.refused), dict(self.warnings)
        return other

    @property
    def state(self) -> GameState:
        """The game state after the events folded so far."""
        return self._states[-1]

    @property
    def events(self) -> list[Event]:
        """Every event still in effect, log-only ones (notes, checks looked at) included."""
        return list(self._events)

    @property
    def game_events(self) -> list[Event]:
        """The events still in effect that change the game state (no log-only ones)."""
        return [e for e in self._events if not e.log_only]

    def add(self, data: Mapping[str, Any], source: str = "log event", key: int | None = None,
            damaged: str | None = None) -> bool:
        """Fold one event's JSON object; ``True`` when it was applied or undid an event.
        ``key``: the number ``refused`` and ``warnings`` keep it under (default: its place in
        the order added, from 0; ``GameLog.fold`` passes the event's ``seq``). ``damaged``:
        why the stored event cannot be read (``LoggedEvent.damaged``): it is refused (raised
        when ``strict``) and changes nothing."""
        number = self._added if key is None else key
        self._added += 1
        if damaged is not None:
            exc = InputError(damaged)
            if self.strict:
                raise exc
            self.refused[number] = exc
            return False
        undone = undo_note(data)
        if undone is not None:
            return self._undo(undone)
        try:
            event = event_from_json(data, source=source)
        except (ValueError, KeyError) as exc:  # InputError is a ValueError
            if self.strict:
                raise
            self.refused[number] = exc
            return False
        self._undoable.append((event.type, number, event.log_only))
        return self._apply(event, number)

    def _apply(self, event: Event, number: int) -> bool:
        """Apply ``event`` (numbered ``number``) to the current state; ``False`` when refused."""
        try:
            warning = cut_off_warning(self.state, event)
            state = apply(self.state, event)
        except (ValueError, KeyError) as exc:  # RuleViolation is a ValueError
            if self.strict:
                raise
            self.refused[number] = exc
            return False
        if warning is not None:
            self.warnings[number] = warning
        self._events.append(event)
        self._states.append(state)
        self._numbers.append(number)
        return True

    def _undo(self, kind: str) -> bool:
        """Take back the last game event of type ``kind`` (any, when ``""``) in log order.
        When that event was refused it never changed the state: nothing more to do. Else the
        events after it are applied again from the state before it, as leniently as they were
        added (one refused now is reported under its number, never raised when not strict)."""
        for j in range(len(self._undoable) - 1, -1, -1):
            etype, number, log_only = self._undoable[j]
            if (etype != kind) if kind else log_only:
                continue
            del self._undoable[j]
            if number not in self._numbers:  # refused: the window undid what we never applied
                return True
            i = self._numbers.index(number)
            later = list(zip(self._events[i + 1 :], self._numbers[i + 1 :]))
            del self._events[i:], self._states[i + 1 :], self._numbers[i:]
            for event, n in later:
                self.refused.pop(n, None)
                self.warnings.pop(n, None)
                self._apply(event, n)
            return True
        return False


def fold_events(items: Iterable[Mapping[str, Any]], *, strict: bool = True) -> GameFold:
    """A :class:`GameFold` over ``items`` (event JSON objects, in log order)."""
    fold = GameFold(strict)
    for i, data in enumerate(items):
        fold.add(data, source=f"log event #{i + 1}")
    return fold


#: log-only event types that never change the game (skipped to find an unfinished game fast)
_NOT_GAME = frozenset({"scene-changed", "check-viewed"})


def unfinished_game(log: Any) -> tuple[Any, GameState] | None:
    """``(GameInfo, GameState)`` of ``log``'s latest game (a ``GameLog``) when it was started and
    never ended (a window killed or closed mid-game), else ``None``. Folded leniently, as every
    reader does, without the scene changes and checks looked at (most of a long log's rows);
    damaged rows are skipped."""
    gid = log.latest_game()
    if gid is None:
        return None
    fold = GameFold(strict=False)
    for e in log.events(gid):
        if e.type not in _NOT_GAME:
            fold.add(e.data, key=e.seq, damaged=e.damaged)
    state = fold.state
    if not state.started or state.phase == "ended":
        return None
    info = next((g for g in log.games() if g.id == gid), None)
    return None if info is None else (info, state)
