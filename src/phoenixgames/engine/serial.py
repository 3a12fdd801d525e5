"""Helpers for a game's ``_from_dict``: reading back whole numbers and nested lists of them."""

from __future__ import annotations

from typing import Any

from .errors import shown


def check_ints(name: str, value: Any) -> None:
    """Raise ``ValueError`` unless ``value`` is a whole number or a (nested) list of them; ``name``
    says which field in the message."""
    if isinstance(value, bool):
        raise ValueError(f"{name} holds a true/false value where a number belongs")
    if isinstance(value, list):
        for item in value:
            check_ints(name, item)
    elif not isinstance(value, int):
        raise ValueError(f"{name} holds {shown(value)}, not a number")


def copy_nested(value: Any) -> Any:
    """A copy of nested lists, every level new; anything else is returned as it is."""
    return [copy_nested(v) for v in value] if isinstance(value, list) else value


def restore_ints(target: object, data: dict[str, Any], names: tuple[str, ...]) -> None:
    """Set each of ``names`` on ``target`` to a copy of ``data[name]``, after checking it holds only
    whole numbers (or nested lists of them)."""
    for name in names:
        value = data[name]
        check_ints(name, value)
        setattr(target, name, copy_nested(value))
