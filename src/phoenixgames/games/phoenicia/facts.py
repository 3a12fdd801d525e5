"""The facts an adapter declares about Phoenicia: how long a game can be and the scores it ends with.

Phoenicia has no last round: the game ends at the victory check once a player has 32 victory points,
or once no player can reach 32 any more (open question 7, ``endgame.py``). Players who end every turn
without buying anything keep such a game going for ever, so only the option ``round_cap`` bounds its
length; without it there is no bound, and :func:`max_decisions` says so with ``None`` (an adapter that
needs a bound sets the cap: see :func:`max_decisions`).
"""

from __future__ import annotations

from typing import Any

from phoenixgames.engine import Rules

from .actions import highest_bid
from .components import ACTIVITIES, CARDS, copies_for
from .parameters import CARD_PARAMETER_NAMES


def max_decisions(players: int, options: dict[str, Any], rules: Rules) -> int | None:
    """The most actions a game can take: ``rounds x players x per_turn + cards x bids`` with ``rounds``
    the option ``round_cap``; ``None`` without a cap.

    A turn, but for auctions: each part-b action uses up a worker step for good (training moves one of
    the few workers ever owned, employing places one, a shift moves one to a costlier activity, which
    happens at most three times a worker); each tool disk and victory point costs wealth, of which a
    turn begins with at most ``highest_bid`` (cards and disks, so at most that many payments of 1 or
    more... bounded by the circles and the City Centre's points); and one end or convert. So a turn
    holds at most ``2 x workers_ever + 4 x workers_ever + circles + vp_limit + 1`` actions besides
    auctions, counted generously per turn, with the game's starting workers and ``vp_limit`` (its
    parameters' values, ``rules``). Auctions: every card of the
    game is auctioned at most once (the winner takes it; an auction always ends in a sale), in two
    actions to put it up and open it, then at most one bid per amount (each bid is higher than the
    last, up to :func:`highest_bid`, where bids stop) and one pass per seat.

    Without a round cap the game has no bound at all (every player may end every turn at once, for
    ever), though a game played to win takes some 10 to 40 rounds, and random ones under a hundred."""
    copies = copies_for(players)
    cards = sum(copies)
    workers_ever = rules["start_untrained"] + rules["start_trained"] + sum(a.start_workers for a in ACTIVITIES)
    workers_ever += sum((c.untrained + c.trained) * copies[c.id] for c in CARDS)
    circles = sum(a.circles for a in ACTIVITIES)
    per_turn = 2 * workers_ever + 4 * workers_ever + circles + rules["vp_limit"] + 1
    rounds: int | None = options.get("round_cap")
    if not rounds:
        return None
    auctions = cards * (2 + highest_bid(players) + players)
    return rounds * players * per_turn + auctions


def score_range(players: int, options: dict[str, Any], rules: Rules) -> tuple[int, int]:
    """The lowest and highest victory points a seat can end with.

    Lowest: 2, the starting hunter and farmer (workers are never removed, only shifted to activities
    worth as much or more). Highest: every development card of the game, every circle of every tile
    holding a worker worth the most its activity gives, and the City Centre's points, with each card's
    victory points and the City Centre's limit as the game's parameters set them (71 to 143 in the
    printed game): a loose bound, since a game ends at the victory check once a player has reached
    the goal (32 VP as printed)."""
    copies = copies_for(players)
    cards = sum(rules[CARD_PARAMETER_NAMES[c.id][1]] * copies[c.id] for c in CARDS)
    workers = sum(a.vp * a.circles for a in ACTIVITIES)
    return 2, cards + workers + rules["vp_limit"]
