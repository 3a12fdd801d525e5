"""The phases of a game of The Phoenix Syndicate (who must decide what now) and the constants several
modules share. Nothing here imports the state: every other module takes its constants from here."""

#: The set-up: the two placement rounds and the keep of a starting contract (SYN-10 to SYN-14).
PLACE_FIRST = 0
PLACE_SECOND = 1
KEEP_START = 2
#: A turn: choose an action card (SYN-20), then what the action asks for.
CHOOSE = 3
CONNECTING = 4  # Expand's connections, or ``stop``
GAMBLE_KEEP = 5  # Gamble's "keep one" of the three drawn
JOINING = 6  # Scheme's guild, or none
CASHING = 7  # down to three contracts in hand (SYN-37)
BRIBING = 8  # the bribe: the first resource onto a slot, then the rest
GAME_OVER = 9
LOOTING = 10  # Loot's path, one tile after another, until it reaches a planet

PHASE_NAMES = (
    "place first agent",
    "place second agent",
    "keep a contract",
    "choose an action",
    "connect",
    "keep a gambled contract",
    "join a guild",
    "cash in",
    "pay the bribe",
    "over",
    "loot",
)
#: The phases of a turn where the seat to act may open an exchange (choice 4). Not during a loot's
#: path: an exchange before the Loot card or after the planet reaches every path and payment the
#: same, so the path's steps stay one decision of the card (docs/rules/syndicate.md, choice 21).
TURN_PHASES = frozenset((CHOOSE, CONNECTING, GAMBLE_KEEP, JOINING, CASHING, BRIBING))
SET_UP = (PLACE_FIRST, PLACE_SECOND, KEEP_START)

#: No action card being performed; an empty contract slot; no contract drawn.
NO_CARD = -1
#: ``discard_seen`` of a contract every seat saw discarded (revealed, or cashed in without a planet).
SEEN_BY_ALL = -1
#: ``Join``'s colour for joining no guild.
NO_GUILD = -1
