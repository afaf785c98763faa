"""The reasons the game-state reducer gives for an illegal action (see
:mod:`armada_vision.errors`, where :class:`RuleViolation`, :class:`Reason` and :class:`Term` live
so that the movement rules can use them too)."""

from armada_vision.errors import (  # noqa: F401 - this module's public names
    Reason,
    RuleViolation,
    Term,
    format_reason,
    plain_arg,
    term,
    terms,
)
