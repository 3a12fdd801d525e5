"""Phoenicia's phases and the constants several modules share.

A player's turn has three parts, in order (rulebook: "I have three important tasks to complete"):
a) auctions, b) training, employing and shifting workers, c) tools, City Centre victory points and the
treasury. ``PhoeniciaState.part`` is the part reached; an action of a later part closes the earlier ones.
"""

from __future__ import annotations

#: Part a of a turn: start auctions.
AUCTIONS = 0
#: Part b: train, employ and shift workers.
WORKERS = 1
#: Part c: buy tool disks and City Centre victory points; end the turn.
TOOLS = 2
#: Each part's name in a view.
PART_NAMES = ("auctions", "workers", "tools")
#: Each part as a refusal names what the player is doing.
PART_DOINGS = ("starting auctions", "training, employing and shifting workers", "buying tools")

#: The phase a view names: a player's turn, an auction on top of it, or the end of the game.
TURN = "turn"
AUCTION = "auction"
OVER = "over"

#: What ``draw_development`` returns when every development deck is empty.
NO_CARD = -1
#: An auction's high bidder before its opening bid.
NO_SEAT = -1
