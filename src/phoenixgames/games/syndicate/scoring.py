"""Final scoring (rulebook, End of Game Scoring): colour majorities, variety and guilds.

Pure functions of the face-up contracts, the guilds joined and the agents on planets, so tests and the
heuristic can use them on any position.
"""

from __future__ import annotations

from collections.abc import Mapping

from .components import CONTRACT_COLOUR, GUILD_COLOURS, IS_PLANET, NUM_COLOURS, NUM_TILES, SCORING

PLANET_MASK = sum(1 << t for t in range(NUM_TILES) if IS_PLANET[t])


def place_awards(counts: list[int], first: int, second: int) -> list[int]:
    """``first`` to everyone with the most, ``second`` to everyone with the second most; a tie for the
    most means no second place; a second place needs at least one (SYN-55)."""
    awards = [0] * len(counts)
    best = max(counts)
    if best <= 0:
        return awards
    leaders = [i for i, c in enumerate(counts) if c == best]
    for i in leaders:
        awards[i] = first
    if len(leaders) > 1:
        return awards
    rest = [c for c in counts if c < best]
    runner_up = max(rest, default=0)
    if runner_up <= 0:
        return awards
    for i, c in enumerate(counts):
        if c == runner_up:
            awards[i] = second
    return awards


def colour_counts(cashed: list[list[int]]) -> list[list[int]]:
    """counts[seat][colour]: face-up contracts of each colour."""
    counts = [[0] * NUM_COLOURS for _ in cashed]
    for seat, contracts in enumerate(cashed):
        for c in contracts:
            counts[seat][CONTRACT_COLOUR[c]] += 1
    return counts


def colour_awards(counts: list[list[int]], scoring: Mapping[str, int] = SCORING) -> list[list[int]]:
    """awards[colour][seat]: each colour's credits for the most face-up contracts of it, and the second
    most (SYN-53), from :func:`colour_counts`; ``scoring``: the game's awards (the printed ones unless given)."""
    return [
        place_awards([row[colour] for row in counts], scoring["colour_first"], scoring["colour_second"])
        for colour in range(NUM_COLOURS)
    ]


def colour_kinds(counts: list[list[int]]) -> list[int]:
    """How many colours each seat has face up, from :func:`colour_counts`."""
    return [sum(1 for c in row if c) for row in counts]


def variety_awards(kinds: list[int], scoring: Mapping[str, int] = SCORING) -> list[int]:
    """The credits for the most colours face up, and the second most (SYN-54), from :func:`colour_kinds`."""
    return place_awards(kinds, scoring["variety_first"], scoring["variety_second"])


#: GUILD_PLANETS[colour]: the planets that count for that colour's guild, as a bitmask of tiles.
GUILD_PLANETS = tuple(
    sum(1 << t for t in range(NUM_TILES) if IS_PLANET[t] and colour in GUILD_COLOURS[t])
    for colour in range(NUM_COLOURS)
)


def guild_planets(owned: int, colour: int) -> int:
    """The planets holding your agent (``owned``) that count for ``colour``'s guild: its colour's, Reega
    for every guild, Sabean Core for red and purple (SYN-56)."""
    return (owned & GUILD_PLANETS[colour]).bit_count()


def guild_credits(owned: int, guilds: int) -> int:
    """1 credit per planet of a joined guild's colour holding your agent (:func:`guild_planets`)."""
    total = 0
    colour = 0
    while guilds:
        if guilds & 1:
            total += guild_planets(owned, colour)
        guilds >>= 1
        colour += 1
    return total


def final_awards(
    cashed: list[list[int]], owned: list[int], guilds: list[int], scoring: Mapping[str, int] = SCORING
) -> list[dict[str, int]]:
    """Each seat's end-of-game credits, by kind: colours (majorities), variety and guilds; ``scoring``:
    the game's awards (``parameters.tables(rules).scoring``; the printed ones unless given)."""
    counts = colour_counts(cashed)
    by_colour = colour_awards(counts, scoring)
    variety = variety_awards(colour_kinds(counts), scoring)
    return [
        {
            "colours": sum(awards[s] for awards in by_colour),
            "variety": variety[s],
            "guilds": guild_credits(owned[s], guilds[s]),
        }
        for s in range(len(cashed))
    ]


def agents_on_planets(owned: int, stacked: list[int] | tuple[int, ...] = ()) -> int:
    """The tie-break (SYN-57), "the number of agents at planets": one for each planet holding the seat's
    agents (``owned``), and one more for each agent placed beside its own (``stacked``) on a planet."""
    return (owned & PLANET_MASK).bit_count() + sum(1 for tile in stacked if IS_PLANET[tile])
