"""Benchmark: the game-state reducer and the SQLite game log.

    python bench/gamelog.py [--ships 10] [--squadrons 24] [--snapshot-kb 30]

Plays a legal 6-round game (``--ships`` ships, ``--squadrons`` squadrons, every ship activating
with a dial, an attack with a token spent and a damage card each round) as events, then prints:

- ``apply``: microseconds per event folding the whole game (``replay``),
- ``json``: microseconds per event for ``to_json`` + ``event_from_json``,
- ``append``: milliseconds per committed log append (WAL, synchronous=FULL), plain and with a
  ``--snapshot-kb`` JPEG-sized blob and a scene; every one of these is a game event, so each
  also has the WAL checkpointed into the log file (``gamelog._log.CHECKPOINT_INTERVAL_S``, on
  the log's checkpoint thread); the same appends without checkpoints are timed beside
  (interleaved: with, without, with, ...),
- ``read``: milliseconds to read the game back and replay it from the log,
- with ``--replay N``: the replay window's model (``ui.replay_model.ReplayModel``) on a log of
  about N events (the game with checks looked at between its events): opening it (reading the
  events and the first step), the last step, one step back, a step in the middle, and the
  first step again, with keyframes (``KEYFRAME_EVERY``) and without, interleaved.

Nothing here is asserted; the figures go in the engineers' notes.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from armada_vision import game  # noqa: E402
from armada_vision.catalog import get_catalog  # noqa: E402
from armada_vision.gamelog import GameLog  # noqa: E402


def full_game(n_ships: int, n_squadrons: int) -> list[game.Event]:
    """A legal 6-round game with ships alternating, one attack per activation."""
    cat = get_catalog()
    classes = sorted(cat.ships.values(), key=lambda c: c.id)
    squad_class = sorted(cat.squadrons.values(), key=lambda c: c.id)[0]
    events: list[game.Event] = [game.GameStarted(first_player=1)]
    for i in range(n_ships):
        cls = classes[i % len(classes)]
        events.append(game.ShipAdded.from_class(f"s{i}", cls, 1 + i % 2, speed=1))
    for i in range(n_squadrons):
        events.append(game.SquadronAdded.from_class(f"q{i}", squad_class, 1 + i % 2))
    state = game.replay(events)

    def do(e: game.Event) -> None:
        nonlocal state
        state = game.apply(state, e)
        events.append(e)

    commands = ("navigate", "squadron", "repair", "concentrate-fire")
    for _rnd in range(6):
        do(game.PhaseAdvanced())
        for s in state.ships:
            need = s.command - len(s.dials)
            do(
                game.DialsAssigned(
                    s.id, tuple(commands[(i + len(events)) % 4] for i in range(need))
                )
            )
        do(game.PhaseAdvanced())
        while state.turn_player is not None:
            ship = state.ships_of(state.turn_player, unactivated=True)[0]
            do(game.ShipActivated(ship.id))
            do(game.DialConverted(ship.id))
            if state.pending:
                do(game.CommandTokenDiscarded(ship.id, state.pending.options[0]))
            enemy = state.ships_of(2 if ship.player == 1 else 1)
            if enemy:
                target = enemy[0]
                do(game.AttackDeclared(ship.id, target.id, "front", "front", "medium"))
                spendable = game.spendable_defense_tokens(state)
                if spendable:
                    do(game.DefenseTokenSpent(target.id, spendable[0]))
                if target.damage_cards < target.hull - 1:
                    do(game.DamageDealt(target.id, facedown=1))
                do(game.AttackEnded())
            do(game.ManeuverExecuted(ship.id, {"ship": ship.id, "executed_speed": 1}))
            do(game.ActivationEnded(ship.id))
        do(game.PhaseAdvanced())
        while state.turn_player is not None:
            left = state.squadrons_of(state.turn_player, unactivated=True)
            do(game.SquadronsActivated(tuple(q.id for q in left[:2])))
        do(game.PhaseAdvanced())
    do(game.PhaseAdvanced())
    assert state.phase == "ended"
    return events


def per_event_us(fn, n_events: int, repeat: int = 5) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best / n_events * 1e6


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ships", type=int, default=10)
    ap.add_argument("--squadrons", type=int, default=24)
    ap.add_argument("--snapshot-kb", type=int, default=30)
    ap.add_argument("--replay", type=int, default=0, metavar="N",
                    help="also time the replay's steps on a log of about N events (20331: a "
                         "breaker's long log)")
    args = ap.parse_args()

    events = full_game(args.ships, args.squadrons)
    n = len(events)
    print(f"game: {n} events, {args.ships} ships, {args.squadrons} squadrons, 6 rounds")
    print(f"apply={per_event_us(lambda: game.replay(events), n):.1f} us/event (replay)")
    texts = [json.dumps(e.to_json()) for e in events]
    print(
        "json="
        f"{per_event_us(lambda: [game.event_from_json(e.to_json()) for e in events], n):.1f}"
        " us/event (to_json + event_from_json)"
    )
    blob = bytes(args.snapshot_kb * 1024)
    scene = json.dumps({"format": "armada-scene/1", "ships": [], "squadrons": [], "obstacles": []})
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.sqlite"
        k = min(100, n)
        times: dict[bool, list[tuple[float, float]]] = {True: [], False: []}
        for checkpoints in (True, False, True, False):
            with GameLog(Path(tmp) / f"ab{checkpoints}.sqlite") as ab:
                if not checkpoints:
                    ab._checkpoint_after = lambda kind: None
                ab.new_game("bench")
                t0 = time.perf_counter()
                for text in texts[:k]:
                    ab.append(text)
                t1 = time.perf_counter()
                for text in texts[:k]:
                    ab.append(text, snapshot_jpeg=blob, scene_json=scene)
                t2 = time.perf_counter()
            times[checkpoints].append(((t1 - t0) / k * 1e3, (t2 - t1) / k * 1e3))
        with GameLog(path) as log:
            gid = log.new_game("bench")
            t0 = time.perf_counter()
            for text in texts:
                log.append(text)
            plain_ms = (time.perf_counter() - t0) / n * 1e3
            t0 = time.perf_counter()
            for text in texts[:k]:
                log.append(text, snapshot_jpeg=blob, scene_json=scene)
            snap_ms = (time.perf_counter() - t0) / k * 1e3
        with GameLog(path, create=False) as log:
            t0 = time.perf_counter()
            state = game.replay([e.event() for e in log.events(gid)][:n])
            read_ms = (time.perf_counter() - t0) * 1e3
        assert state == game.replay(events)
    print(f"append={plain_ms:.2f} ms/event (one commit each, WAL, synchronous=FULL)")
    print(f"append+snapshot={snap_ms:.2f} ms/event ({args.snapshot_kb} KiB JPEG blob + scene)")
    for checkpoints in (True, False):
        runs = ", ".join(f"{a:.2f}/{b:.2f}" for a, b in times[checkpoints])
        print(f"A/B {'with' if checkpoints else 'without'} checkpoints, plain/snapshot ms/event "
              f"({k} events each): {runs}")
    print(f"read+replay={read_ms:.1f} ms for the whole game ({n} events)")
    if args.replay:
        replay_steps(events, args.replay)
    return 0


def replay_steps(events: list[game.Event], n_target: int) -> None:
    """Time ``ReplayModel`` steps on a log of about ``n_target`` events, with and without
    keyframes (interleaved: with, without, with, without)."""
    from armada_vision.ui.replay_model import KEYFRAME_EVERY, ReplayModel

    per = max(0, n_target // len(events) - 1)  # checks looked at after each game event
    check = {"type": "check-viewed", "payload": {"attacker": "s0", "attacking_zone": "front",
                                                 "defender": "s1", "defending_zone": "rear"}}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "long.sqlite"
        with GameLog(path) as log:
            log.new_game("long")
            with log._lock:  # one transaction: the log is made, not timed
                log._db.execute("BEGIN")
                seq = 0
                for e in events:
                    for data in [e.to_json()] + [check] * per:
                        seq += 1
                        log._db.execute(
                            "INSERT INTO events (game_id, seq, t, type, payload) VALUES "
                            "(1, ?, ?, ?, ?)", (seq, float(seq), data["type"], json.dumps(data)))
                log._db.execute("COMMIT")
        print(f"replay: {seq} events ({len(events)} game events, {per} checks after each)")
        for every in (KEYFRAME_EVERY, 10**9, KEYFRAME_EVERY, 10**9):
            with GameLog(path, create=False) as log:
                t0 = time.perf_counter()
                model = ReplayModel(log, keyframe_every=every)
                model.step(0)
                t_open = time.perf_counter() - t0
                times = []
                for i in (seq - 1, seq - 2, seq // 2, 0):
                    t0 = time.perf_counter()
                    model.step(i)
                    times.append(time.perf_counter() - t0)
            name = f"keyframes every {every}" if every < 10**9 else "no keyframes"
            print(f"replay {name}: open {t_open * 1e3:.0f} ms; step last "
                  f"{times[0] * 1e3:.0f} ms, one back {times[1] * 1e3:.0f} ms, middle "
                  f"{times[2] * 1e3:.0f} ms, first {times[3] * 1e3:.0f} ms")


if __name__ == "__main__":
    raise SystemExit(main())
