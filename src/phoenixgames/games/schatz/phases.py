"""The phases of a game of Schatz des Phönix (who must decide what now) and the constants several
modules share. Nothing here imports the state: every other module takes its constants from here."""

#: A turn: lay a card beside a nest (SCH-11), then draw one (SCH-13).
PLAY_PHASE = 0
DRAW_PHASE = 1
#: The distribution of treasures: the seat at the head of the picking order picks (SCH-31 to SCH-34).
PICK_PHASE = 2
GAME_OVER = 3

PHASE_NAMES = ("play", "draw", "pick", "over")

#: No card: the face-up place is empty; no seat: nobody has taken the large 10 this round yet.
NO_CARD = -1
NO_SEAT = -1
