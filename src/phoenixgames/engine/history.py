"""What the games' checks of a perspective save against its own history share: the fields compared
between the saved state and the public game its actions make, and how a difference is reported."""

from __future__ import annotations

from collections.abc import Callable, Iterable


def differ(words: str, saved: object, made: object) -> str:
    """The message for a save and its history that differ in what ``words`` names: ``saved`` in the
    save, ``made`` from its actions."""
    return f"the save and its history differ in the {words}: {saved} in the save, {made} from its actions"


def first_difference(
    state: object,
    game: object,
    compared: Iterable[tuple[str, str]],
    shown: Callable[[str, object], str] | None = None,
) -> tuple[int, str] | None:
    """The first of ``compared`` (each a field's name and the words that name it in a message) in which
    the saved ``state`` and the ``game`` its history makes differ: its place in ``compared`` and the
    message naming it; ``None`` if they agree in all. ``shown(name, value)`` writes a value for the
    message; without it, a value is written as it is."""
    for rank, (name, words) in enumerate(compared):
        saved, made = getattr(state, name), getattr(game, name)
        if saved != made:
            if shown is not None:
                saved, made = shown(name, saved), shown(name, made)
            return rank, differ(words, saved, made)
    return None
