"""Observations as fixed-length vectors of numbers, built from a seat's view alone.

A learning agent wants the same vector length at every step of a game. Each game describes its
vector as named fields (:class:`Field`), one after another; its ``encode(view, writer)`` fills them in
from ``state.view(seat)``, never from the true state, so an observation cannot show more than the view
does: two true states a seat cannot tell apart give it the same vector.

An observation is an ``array.array`` of float32 (a sequence of floats, which
``numpy.frombuffer(observation, dtype=numpy.float32)`` reads without copying). Every number lies in
[0, 1]: a flag is 0 or 1, a one-hot field has a 1 at the index it names, and a count is divided by the
most it can be (the field's meaning says by what).
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .bounded_cache import BoundedCache
from .errors import GameSetupError

if TYPE_CHECKING:
    from .registry import GameSpec


@dataclass(frozen=True)
class Field:
    """One named part of an observation: ``size`` numbers from ``offset`` on, meaning ``meaning``."""

    name: str
    size: int
    meaning: str
    offset: int = 0


@dataclass(frozen=True)
class ObservationLayout:
    """The fields of one game's observation at one player count and set of options, in order."""

    game: str
    players: int
    options: dict[str, Any]
    fields: tuple[Field, ...]
    offsets: dict[str, Field] = field(repr=False, compare=False, default_factory=dict)
    zeros: bytes = field(repr=False, compare=False, default=b"")

    @property
    def size(self) -> int:
        """The length of every observation vector of this layout."""
        last = self.fields[-1]
        return last.offset + last.size

    def field(self, name: str) -> Field:
        """The field called ``name``."""
        try:
            return self.offsets[name]
        except KeyError:
            raise GameSetupError(f"the observation of {self.game} has no field {name!r}") from None

    def part(self, vector: Sequence[float], name: str) -> list[float]:
        """The numbers of field ``name`` in ``vector``."""
        found = self.field(name)
        return list(vector[found.offset : found.offset + found.size])


def build_layout(
    game: str, players: int, options: dict[str, Any], fields: list[tuple[str, int, str]]
) -> ObservationLayout:
    """A layout of ``fields`` (name, size, meaning), each placed after the one before."""
    placed: list[Field] = []
    offset = 0
    for name, size, meaning in fields:
        if size < 1:
            raise GameSetupError(f"the observation field {name!r} of {game} must hold at least one number")
        placed.append(Field(name, size, meaning, offset))
        offset += size
    by_name = {f.name: f for f in placed}
    if len(by_name) != len(placed):
        raise GameSetupError(f"the observation of {game} names a field twice")
    return ObservationLayout(game, players, dict(options), tuple(placed), by_name, bytes(4 * offset))


class ObservationWriter:
    """One observation vector being filled: ``values``, zeros as long as ``layout`` says, which a game's
    ``encode`` writes field by field at the offsets of the layout's fields."""

    __slots__ = ("values", "layout")

    def __init__(self, layout: ObservationLayout) -> None:
        self.layout = layout
        self.values = array("f", layout.zeros)


_LAYOUTS: BoundedCache[tuple[str, int, tuple[tuple[str, Any], ...]], ObservationLayout] = BoundedCache()


def layout_of(spec: GameSpec[Any], players: int, options: dict[str, Any]) -> ObservationLayout:
    """The observation layout of a game (options already resolved), made once and kept."""
    key = (spec.name, players, tuple(sorted(options.items())))
    found = _LAYOUTS.get(key)
    if found is None:
        if spec.observation_fields is None or spec.encode is None:
            raise GameSetupError(f"{spec.title} has no observation encoding")
        fields = spec.observation_fields(players, options)
        found = _LAYOUTS.put(key, build_layout(spec.name, players, options, fields))
    return found


def encode_view(spec: GameSpec[Any], players: int, options: dict[str, Any], view: dict[str, Any]) -> array[float]:
    """The observation vector of a seat's ``view``."""
    if spec.encode is None:
        raise GameSetupError(f"{spec.title} has no observation encoding")
    writer = ObservationWriter(layout_of(spec, players, options))
    spec.encode(view, writer)
    return writer.values
