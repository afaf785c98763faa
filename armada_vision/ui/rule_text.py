"""The rules' reasons for refusing an action, in the players' language.

The state part raises ``RuleViolation(template, page, **args)`` with a literal English template
(see ``armada_vision/game/_errors.py``). Here the template is translated (context ``Rules``,
collected from ``game/*.py`` by ``python -m armada_vision.i18n update``), every game term among
the arguments through the one ``Terms`` context below, nested reasons the same way, and the RRG
page is added as "(RRG p.N)" in the players' language. Ids of pieces and numbers stay as they are.
"""

from __future__ import annotations

from typing import Any

from PyQt6.QtCore import QCoreApplication

from armada_vision.game import Reason, RuleViolation, Term
from armada_vision.i18n import local_number
from armada_vision.ui.i18n import decimal_point

_CONTEXT = "Rules"


def tr(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 - the name the extractor finds
    return text


# Every game term a reason can name (context "Terms"): hull zones, defense tokens, commands, the
# phases by their RRG names, size classes, repair effects. tests/ui checks the list is complete.
TERMS = (
    QT_TRANSLATE_NOOP("Terms", "front"),
    QT_TRANSLATE_NOOP("Terms", "left"),
    QT_TRANSLATE_NOOP("Terms", "right"),
    QT_TRANSLATE_NOOP("Terms", "rear"),
    QT_TRANSLATE_NOOP("Terms", "left-aux"),
    QT_TRANSLATE_NOOP("Terms", "right-aux"),
    QT_TRANSLATE_NOOP("Terms", "brace"),
    QT_TRANSLATE_NOOP("Terms", "redirect"),
    QT_TRANSLATE_NOOP("Terms", "evade"),
    QT_TRANSLATE_NOOP("Terms", "scatter"),
    QT_TRANSLATE_NOOP("Terms", "contain"),
    QT_TRANSLATE_NOOP("Terms", "salvo"),
    QT_TRANSLATE_NOOP("Terms", "navigate"),
    QT_TRANSLATE_NOOP("Terms", "squadron"),
    QT_TRANSLATE_NOOP("Terms", "repair"),
    QT_TRANSLATE_NOOP("Terms", "concentrate-fire"),
    QT_TRANSLATE_NOOP("Terms", "Setup"),
    QT_TRANSLATE_NOOP("Terms", "Command Phase"),
    QT_TRANSLATE_NOOP("Terms", "Ship Phase"),
    QT_TRANSLATE_NOOP("Terms", "Squadron Phase"),
    QT_TRANSLATE_NOOP("Terms", "Status Phase"),
    QT_TRANSLATE_NOOP("Terms", "end of the game"),
    QT_TRANSLATE_NOOP("Terms", "small"),
    QT_TRANSLATE_NOOP("Terms", "medium"),
    QT_TRANSLATE_NOOP("Terms", "large"),
    QT_TRANSLATE_NOOP("Terms", "huge"),
    QT_TRANSLATE_NOOP("Terms", "move-shield"),
    QT_TRANSLATE_NOOP("Terms", "recover-shield"),
    QT_TRANSLATE_NOOP("Terms", "discard-damage"),
)


def _arg(value: Any) -> Any:
    """One argument in the players' language: terms and nested reasons translated, lists joined."""
    if isinstance(value, Term):
        return QCoreApplication.translate("Terms", str(value))
    if isinstance(value, Reason):
        return reason_text(value.template, value.args)
    if isinstance(value, (tuple, list)):
        return ", ".join(str(_arg(v)) for v in value)
    return local_number(value, decimal_point())


def reason_text(template: str, args: Any) -> str:
    """``template`` translated and formatted with the translated ``args`` (no page).

    A translation whose fields do not match the template falls back to the English template
    rather than failing while a player waits.
    """
    values = {k: _arg(v) for k, v in dict(args).items()}
    try:
        return tr(template).format(**values)
    except (KeyError, IndexError, ValueError):
        return template.format(**values)


def page_text(page: str | int | None) -> str:
    """``"(RRG p.4)"`` in the players' language (``"(RRG S. 4)"``, ``"(RRG s. 4)"``); ``""``
    without a page."""
    return tr("(RRG p.{page})").format(page=page) if page else ""


def rule_text(why: RuleViolation | Reason | str | None) -> str:
    """What to show the players for a refused action: the translated reason and RRG page.

    ``why`` is the state part's ``RuleViolation``, a :class:`Reason`, or already a text (shown
    as it is); ``None`` gives ``""``.
    """
    if why is None:
        return ""
    if isinstance(why, str):
        return why
    text = reason_text(why.template, why.args)
    page = page_text(why.page)
    return f"{text} {page}" if page else text
