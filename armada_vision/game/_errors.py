"""The one exception the game-state reducer raises for an illegal action."""

from __future__ import annotations


class RuleViolation(ValueError):
    """An action the rules forbid; the message is the rule's reason and its RRG page.

    ``str(exc)`` reads like ``"a ship at speed 0 cannot spend defense tokens (RRG p.4)"`` and is
    meant to be shown to the players as it is. ``reason`` and ``page`` hold the two parts.
    """

    def __init__(self, reason: str, page: str | int | None = None):
        self.reason = reason
        self.page = None if page is None else str(page)
        super().__init__(f"{reason} (RRG p.{self.page})" if self.page else reason)
