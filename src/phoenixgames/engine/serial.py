"""Helpers for a game's ``_from_dict``: reading back whole numbers and nested lists of them."""

from __future__ import annotations

from typing import Any, cast

from .errors import InvariantError, shown


def copy_nested(value: Any) -> Any:
    """A copy of nested lists, every level new; anything else is returned as it is."""
    return [copy_nested(v) for v in value] if isinstance(value, list) else value


def fresh(value: Any) -> Any:
    """A copy of JSON-able data in which every list and dict is new (at every level), so that changing
    it changes nothing of what it was copied from; numbers, text and ``None`` are shared."""
    cls = value.__class__
    if cls is dict:
        return {key: fresh(item) for key, item in value.items()}
    if cls is list:
        return [fresh(item) for item in value]
    if isinstance(value, dict):
        return {key: fresh(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [fresh(item) for item in value]
    return value


def _is_ints(value: object) -> bool:
    """A list (not a subclass) of whole numbers (not true/false values)."""
    return value.__class__ is list and all(v.__class__ is int for v in cast("list[object]", value))


def read_exact_fields(
    target: object,
    data: Any,
    game: str,
    numbers: tuple[str, ...],
    lists: tuple[str, ...],
    nested: tuple[str, ...],
) -> None:
    """Set ``target``'s fields from a saved state's ``data`` after checking that it is an object with
    each of the fields named, no other, and each of its shape: ``numbers`` whole numbers, ``lists``
    lists of them, ``nested`` lists of such lists (true/false values are not numbers). Lists are
    copied. Raises :class:`InvariantError` naming the first field amiss; ``game`` is the game's name,
    for a field it does not know."""
    if not isinstance(data, dict):
        raise InvariantError("the saved state must be a JSON object")
    fields = frozenset(numbers + lists + nested)
    missing, extra = sorted(fields - data.keys()), sorted(map(shown, set(data) - fields))
    if missing:
        raise InvariantError(f"the saved state has no {missing[0]!r}")
    if extra:
        raise InvariantError(f"the saved state has a field {extra[0]} that {game} does not know")
    for name in numbers:
        if data[name].__class__ is not int:
            raise InvariantError(f"the saved state's {name} must be a whole number, not {shown(data[name])}")
        setattr(target, name, data[name])
    for name in lists:
        if not _is_ints(data[name]):
            raise InvariantError(f"the saved state's {name} must be a list of whole numbers")
        setattr(target, name, list(data[name]))
    for name in nested:
        value = data[name]
        if not (value.__class__ is list and all(_is_ints(v) for v in value)):
            raise InvariantError(f"the saved state's {name} must be a list of lists of whole numbers")
        setattr(target, name, [list(v) for v in value])


def read_declared_fields(target: object, data: Any, game: str, *, own: tuple[str, ...] = ()) -> None:
    """:func:`read_exact_fields` with the shapes taken from the fields ``target``'s class declares
    (``engine/fields.py``): ``int`` fields are whole numbers, ``list[int]`` lists of them, and
    ``list[list[int]]`` lists of such lists. Fields named in ``own`` must be present but are left for
    the game to read; any other type of field must be named there."""
    from .fields import plan, shape

    numbers: list[str] = []
    lists: list[str] = []
    nested: list[str] = []
    declared = plan(target.__class__)
    for name in declared.saved:
        if name in own:
            continue
        kind = shape(declared.kinds[name])
        if kind is None:
            raise TypeError(f"{target.__class__.__name__}.{name} is read back by the game: name it in own=")
        {"number": numbers, "list": lists, "nested": nested}[kind].append(name)
    if isinstance(data, dict):
        missing = [name for name in own if name not in data]
        if missing:
            raise InvariantError(f"the saved state has no {missing[0]!r}")
        data = {name: value for name, value in data.items() if name not in own}
    read_exact_fields(target, data, game, tuple(numbers), tuple(lists), tuple(nested))
