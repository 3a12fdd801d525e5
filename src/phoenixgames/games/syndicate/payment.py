"""Paying resources: a cost in given colours, where any three resources may stand in for a missing one
(SYN-34). Resources are lists of five counts.

Resources pay only for links, guilds and bribes, and bribes take any colour, so an exchange matters
only when a cost in given colours is paid: the game makes it then, giving up the resources the payer
holds most of (docs/rules/syndicate.md, the 3-for-1 exchange).
"""

from __future__ import annotations

from .components import EXCHANGE_RATE, NUM_COLOURS


def left_after(have: list[int], cost: tuple[int, ...] | list[int]) -> int:
    """How many resources are left after paying ``cost`` from ``have``, exchanging where short; -1 if
    it cannot be paid."""
    # unrolled over the five colours: this is the hottest function of random play
    short = spare = 0
    diff = have[0] - cost[0]
    if diff < 0:
        short -= diff
    else:
        spare += diff
    diff = have[1] - cost[1]
    if diff < 0:
        short -= diff
    else:
        spare += diff
    diff = have[2] - cost[2]
    if diff < 0:
        short -= diff
    else:
        spare += diff
    diff = have[3] - cost[3]
    if diff < 0:
        short -= diff
    else:
        spare += diff
    diff = have[4] - cost[4]
    if diff < 0:
        short -= diff
    else:
        spare += diff
    spare -= EXCHANGE_RATE * short
    return spare if spare >= 0 else -1


def pay(have: list[int], cost: tuple[int, ...] | list[int], spent: list[int]) -> None:
    """Pay ``cost`` from ``have`` (which must afford it), adding what is given up to ``spent``. Each
    missing resource is made up by three of the colours held most (ties: the first colour)."""
    short = 0
    for colour in range(NUM_COLOURS):
        need = cost[colour]
        if not need:
            continue
        paid = have[colour] if have[colour] < need else need
        have[colour] -= paid
        spent[colour] += paid
        short += need - paid
    for _ in range(EXCHANGE_RATE * short):
        colour = max(range(NUM_COLOURS), key=have.__getitem__)
        have[colour] -= 1
        spent[colour] += 1
