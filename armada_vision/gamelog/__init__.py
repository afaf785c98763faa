"""The game log: events and snapshots in SQLite, written in transactions."""
