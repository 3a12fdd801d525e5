"""The galaxy: 27 cells in a hexagon whose sides alternate 3 and 4 hexes, the tiles laid on them, and
the links between neighbouring tiles with what each costs to cross (SYN-02, SYN-32, SYN-33).

Cells are numbered row by row, top to bottom, left to right. A cell is a cube coordinate (x, y, z)
with x + y + z = 7 and every coordinate 0 to 5: rows (z) of 4, 5, 6, 5, 4 and 3 cells. Hexes are
pointy-topped; the six directions run clockwise from east: E, SE, SW, W, NW, NE. A tile turned by
``r`` shows its edge ``i`` towards direction ``(i + r) % 6``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, TypeVar

from ...engine import InvariantError
from .components import IS_PLANET, NUM_COLOURS, NUM_TILES, TILES, edge_cost

DIRECTIONS = ("E", "SE", "SW", "W", "NW", "NE")
_STEPS = ((1, -1, 0), (0, -1, 1), (-1, 0, 1), (-1, 1, 0), (0, 1, -1), (1, 0, -1))
SIZE, SUM = 5, 7

CELLS: tuple[tuple[int, int, int], ...] = tuple(
    (x, SUM - x - z, z) for z in range(SIZE + 1) for x in range(SIZE + 1) if 0 <= SUM - x - z <= SIZE
)
NUM_CELLS = len(CELLS)
_INDEX = {cube: i for i, cube in enumerate(CELLS)}
#: NEIGHBOURS[cell][direction]: the neighbouring cell, or -1 off the edge of the galaxy.
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_INDEX.get((x + dx, y + dy, z + dz), -1) for dx, dy, dz in _STEPS) for x, y, z in CELLS
)
ROWS: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, cube in enumerate(CELLS) if cube[2] == z) for z in range(SIZE + 1)
)
#: The column of a cell's centre in half-hex units (pointy-topped rows are offset by half a hex).
HALF_COLUMN: tuple[int, ...] = tuple(2 * x + z for x, _, z in CELLS)

if not NUM_CELLS == NUM_TILES == 27:  # pragma: no cover - the tile data and the hexagon disagree
    raise InvariantError("the galaxy has 27 cells, one per tile")
#: The most results a galaxy keeps (move lists by the agents held...); when full it starts afresh.
CACHE_LIMIT = 4096


T = TypeVar("T")


def _remembered(cache: dict[object, Any], key: object, build: Callable[[], T]) -> T:
    """What ``build()`` gives, kept in ``cache`` under ``key`` for the next time; a full cache (CACHE_LIMIT
    results) starts afresh."""
    value: T | None = cache.get(key)
    if value is None:
        if len(cache) >= CACHE_LIMIT:
            cache.clear()
        value = cache[key] = build()
    return value


class Galaxy:
    """The tiles as laid for one game: where each lies, how it is turned, and its links.

    Immutable once built, so copies of a game share it.
    """

    __slots__ = ("layout", "rotation", "cell_of", "links", "link_cost", "cache", "payable")

    layout: tuple[int, ...]
    rotation: tuple[int, ...]
    cell_of: tuple[int, ...]
    links: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]
    link_cost: dict[tuple[int, int], tuple[int, ...]]
    #: results worked out from the galaxy alone, by key (the rules keep their move lists here)
    cache: dict[object, Any]
    #: results that depend on a seat's resources too (the moves it can pay for), kept apart
    payable: dict[object, Any]

    def __init__(self, layout: tuple[int, ...], rotation: tuple[int, ...]) -> None:
        if not all(t.__class__ is int for t in layout):
            raise ValueError("the galaxy's layout names each tile by its number")
        if len(layout) != NUM_CELLS or sorted(layout) != list(range(NUM_TILES)) or len(rotation) != NUM_CELLS:
            raise ValueError("the galaxy must hold each of the 27 tiles once, each with a rotation")
        if not all(r.__class__ is int and 0 <= r < 6 for r in rotation):
            raise ValueError("a tile's rotation is 0 to 5")
        self.layout = tuple(layout)
        self.rotation = tuple(rotation)
        cell_of = [0] * NUM_TILES
        for cell, tile in enumerate(layout):
            cell_of[tile] = cell
        self.cell_of = tuple(cell_of)
        links: list[list[tuple[int, tuple[int, ...]]]] = [[] for _ in range(NUM_TILES)]
        link_cost: dict[tuple[int, int], tuple[int, ...]] = {}
        for cell, tile in enumerate(layout):
            for direction, other in enumerate(NEIGHBOURS[cell]):
                if other < 0:
                    continue
                near = edge_cost(self.symbols(cell, direction))
                far = edge_cost(self.symbols(other, (direction + 3) % 6))
                cost = tuple(a + b for a, b in zip(near, far, strict=True))
                links[tile].append((layout[other], cost))
                link_cost[tile, layout[other]] = cost
        self.links = tuple(tuple(row) for row in links)
        self.link_cost = link_cost
        self.cache = {}
        self.payable = {}

    def to_dict(self) -> dict[str, list[int]]:
        """The galaxy as a save holds it: the tile on each cell and how each is turned."""
        return {"layout": list(self.layout), "rotation": list(self.rotation)}

    def remember(self, key: object, build: Callable[[], T]) -> T:
        """What ``build()`` gives, kept under ``key`` for the next time (at most CACHE_LIMIT results)."""
        return _remembered(self.cache, key, build)

    def remember_payable(self, key: object, build: Callable[[], T]) -> T:
        """As :meth:`remember`, for what depends on a seat's resources too (which moves it can pay for):
        a search meets the same agents and resources again and again (what every seat holds is public),
        and these many keys are kept apart so that they never push out the move lists themselves."""
        return _remembered(self.payable, key, build)

    def symbols(self, cell: int, direction: int) -> str:
        """The symbols the tile on ``cell`` shows towards ``direction``."""
        tile = TILES[self.layout[cell]]
        return tile.edges[(direction - self.rotation[cell]) % 6]

    def adjacent(self, a: int, b: int) -> bool:
        return (a, b) in self.link_cost

    def neighbours(self, tile: int) -> list[int]:
        return [other for other, _ in self.links[tile]]

    def path_cost(self, path: tuple[int, ...]) -> list[int]:
        """What crossing every link along ``path`` (tile ids) costs, colour by colour."""
        total = [0] * NUM_COLOURS
        for a, b in zip(path, path[1:], strict=False):
            for colour, count in enumerate(self.link_cost[a, b]):
                total[colour] += count
        return total

    def loot_paths(self, owned: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        """Every way to connect to one planet, with what its links cost: from a tile holding one of your
        agents (``owned``, a bitmask of tiles), through asteroid fields without your agent, to any
        planet, yours too (SYN-40; docs/rules/syndicate.md, choice 5), in a stable order."""
        paths: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        links = self.links
        for start in range(NUM_TILES):
            if not owned >> start & 1:
                continue
            for other, cost in links[start]:
                if IS_PLANET[other]:
                    paths.append(((start, other), cost))
                    continue
                if owned >> other & 1:
                    continue  # the connection could start there: passing through it is never necessary
                stack: list[tuple[tuple[int, ...], tuple[int, ...]]] = [((start, other), cost)]
                while stack:
                    path, spent = stack.pop()
                    for nxt, step in links[path[-1]]:
                        if nxt in path:
                            continue
                        total = tuple(a + b for a, b in zip(spent, step, strict=True))
                        if IS_PLANET[nxt]:
                            paths.append(((*path, nxt), total))
                        elif not owned >> nxt & 1:
                            stack.append(((*path, nxt), total))
        paths.sort()
        return paths


def random_galaxy(rng: random.Random) -> Galaxy:
    """Lay the tiles at random, each in a random orientation (SYN-02)."""
    layout = list(range(NUM_TILES))
    rng.shuffle(layout)
    rotation = tuple(rng.randrange(6) for _ in range(NUM_CELLS))
    return Galaxy(tuple(layout), rotation)
