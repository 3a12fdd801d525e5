"""The facts an adapter declares about The Phoenix Syndicate: the most decisions a game can take and
the range of its scores, each reasoned from the rules below. Both are reasoned with the game's
parameters' values (``rules``): the printed game's bounds are those of its printed values."""

from __future__ import annotations

from typing import Any

from phoenixgames.engine import Rules

from .components import COLONIES, NUM_COLOURS, NUM_CONTRACTS, NUM_TILES, STARTING_CONTRACTS
from .scoring import guild_credits

#: The most asteroid fields a loot path passes through: all five (``to A1``... then ``to`` the planet).
ASTEROIDS = 5
#: The most turns in a row a seat can take without drawing a contract while one can be drawn: Loot,
#: Collect, Expand and Scheme face down, the rule turning them up (SYN-22, possible only with Gamble
#: face down too), and those four again; Gamble is then face up and can always be chosen.
TURNS_WITHOUT_A_DRAW = 8
#: The most decisions of a turn that spend no resource: the card, then for Loot the path's steps
#: (through every asteroid field, then the planet); the other cards ask fewer (Gamble: its keep and
#: one cash-in; Expand: ``stop``; Scheme: ``join none``; Contract: one cash-in).
FREE_DECISIONS_PER_TURN = 1 + ASTEROIDS + 1
#: The most resources a turn brings in from the supply: an acquire (a planet and its moon alone, Reega's
#: of every colour, Sabean Core's six; as the game's parameters set them) or a Gamble's two revealed;
#: exchanges take more than they give.
def made_per_turn(rules: Rules) -> int:
    """See above: the most a turn brings in with these parameters' values."""
    return max(rules["planet_resources"] + rules["moon_alone"], NUM_COLOURS * rules["reega_resources"], 6, 2)


def draws_before_the_end(players: int) -> int:
    """The most contracts drawn before the last round begins: the deck as dealt (less the starting
    contracts), then one reshuffled deck of at most every contract; the second reshuffle starts the
    last round (SYN-51)."""
    return NUM_CONTRACTS - STARTING_CONTRACTS * players + NUM_CONTRACTS


def max_turns(players: int) -> int:
    """The most turns a game can last. Every turn that draws draws at least one contract, so at most
    ``draws_before_the_end`` turns draw before the last round; each seat takes at most
    ``TURNS_WITHOUT_A_DRAW`` turns before its first draw, between two and after its last; then the
    last round is played out (at most one turn a seat)."""
    draws = draws_before_the_end(players)
    return (TURNS_WITHOUT_A_DRAW + 1) * draws + TURNS_WITHOUT_A_DRAW * players + players


def max_decisions(players: int, options: dict[str, Any], rules: Rules) -> int:
    """A bound on the decisions of a game: the set-up's (two placements and a keep a seat), at most
    ``FREE_DECISIONS_PER_TURN`` a turn that spend nothing, and the decisions that spend resources.
    Each of those spends at least one resource net: a link costs two or more, a guild four or more, each
    resource of a bribe one, an exchange (two decisions: ``exchange``, then which) gives up three for one.
    A seat only ever spends what it holds: its starting resources, what turns bring in from the supply,
    and what the Contract action takes back from a slot (each slot's resources are the first resource
    of a bribe, one a turn)."""
    turns = max_turns(players)
    received = rules["starting_resources"] * NUM_COLOURS * players + (made_per_turn(rules) + 1) * turns
    return 3 * players + FREE_DECISIONS_PER_TURN * turns + received


def score_range(players: int, options: dict[str, Any], rules: Rules) -> tuple[int, int]:
    """No score is below 0. The most a seat can earn: every Colony's credit, three credits for every
    contract cashed in (each contract goes face up once, and stays), the first place in every colour and
    in variety, and every guild with an agent on every planet."""
    colonies = rules["colony_credit"] * len(COLONIES)
    contracts = max(rules["cash_three_planets"], rules["cash_two_planets"]) * NUM_CONTRACTS
    awards = max(rules["colour_first"], rules["colour_second"]) * NUM_COLOURS
    awards += max(rules["variety_first"], rules["variety_second"])
    guilds = guild_credits((1 << NUM_TILES) - 1, (1 << NUM_COLOURS) - 1)
    return 0, colonies + contracts + awards + guilds
