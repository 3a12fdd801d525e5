"""The phases of a game of The Phoenix Syndicate: who must decide what now."""

PLACE_FIRST, PLACE_SECOND, KEEP_START, CHOOSE, CONNECTING, GAMBLE_KEEP, JOINING, CASHING, BRIBING, GAME_OVER = range(10)
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
)
NO_CARD = -1
PUBLIC = -1  # discard_seen value of a contract everyone saw discarded
