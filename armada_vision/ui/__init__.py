"""The PyQt6 window: wires capture, vision, rules and the game log together; no rules here."""
