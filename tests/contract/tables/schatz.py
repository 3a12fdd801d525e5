"""Schatz des Phönix's entries in the contract tables."""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest

import phoenixgames as pg
from phoenixgames.games.schatz.actions import PickTreasure, PlayCard, TakeFaceUp, parse_action
from phoenixgames.games.schatz.components import CARD_BY_CODE, LARGE_TEN, EquipmentCard, TreasureToken
from phoenixgames.games.schatz.phases import DRAW_PHASE, NO_CARD, PICK_PHASE
from tests.games.schatz.helpers import ALL_ACTIONS, arrange, codes, last_turn_of_round, new_state, play_random
from tests.support.playthrough import check_refusals_read_the_same, random_points

from . import GameCases, Refusals, Spelling, Tamper, World

R3 = CARD_BY_CODE["r3"]
CARD_CODE = re.compile(r"\b(?:[RBYGP][2-7]|W[23]|[RBYGP]x2)\b", re.IGNORECASE)


def moments():
    """A state in each phase in which actions are taken: laying, drawing, picking."""
    playing = new_state(3, seed=12)
    drawing = play_random(new_state(3, seed=12), random.Random(12), until=lambda s: s.phase == DRAW_PHASE)
    picking = play_random(new_state(3, seed=12), random.Random(12), until=lambda s: s.phase == PICK_PHASE)
    return [playing, drawing, picking]


FORGED = [
    (PlayCard(R3, 9), "there is no nest 10: the nests are 1 to 3"),
    (PlayCard(R3, 3), "there is no nest 4: the nests are 1 to 3"),
    (PlayCard(R3, -1), "there is no nest 0: the nests are 1 to 3"),
    (PlayCard(R3, 10**30), "not beside nest 1000000000000000000000000000000"),
    (PlayCard(R3, 10**5000), "not beside nest a number of more than 60 digits"),
    (PlayCard(R3, True), "not beside nest True"),
    (PlayCard(R3, 1.0), r"not beside nest 1\.0"),
    (PlayCard(R3, "2"), "not beside nest '2'"),
    (PlayCard(R3, None), "not beside nest None"),
    (PlayCard("R3", 0), "'R3' is not an equipment card"),
    (PlayCard(None, 0), "None is not an equipment card"),
    (PlayCard(3, 0), "3 is not an equipment card"),
    (PlayCard(EquipmentCard(R3.id, "number", "red", 9, "R9"), 0), r"EquipmentCard\(R9\) is not an equipment card"),
    (PlayCard(EquipmentCard(float(R3.id), "number", "red", 3, "R3"), 0), "is not an equipment card"),
    (TakeFaceUp("B5"), "'B5' is not an equipment card"),
    (TakeFaceUp(None), "None is not an equipment card"),
    (TakeFaceUp(EquipmentCard(R3.id, "number", "red", 3.0, "R3")), "is not an equipment card"),
    (PickTreasure(5), "5 is not a treasure token"),
    (PickTreasure("L10"), "'L10' is not a treasure token"),
    (PickTreasure(None), "None is not a treasure token"),
    (PickTreasure(TreasureToken(LARGE_TEN, 10.0, True)), "is not a treasure token"),
    (PickTreasure(TreasureToken(12, 12, False)), "is not a treasure token"),
]

ODD = [
    ("pick ²", "cannot read 'pick ²'"),
    ("pick ①", "cannot read 'pick ①'"),
    ("pick ٣", "cannot read"),  # an Arabic-Indic 3: a decimal digit to \d, not to the notation
    ("play R3 nest²", "cannot read"),
    ("play R3 nest٢", "cannot read"),
    ("pick 99999999999999999999", "there is no treasure token 99999999999999999999: small tokens are 2 to 10"),
    ("pick L999999999999999999999", r"there is no treasure token L999999999999\.\.\.: small tokens"),
    ("play R3 nest99999999999999999999", "there is no nest 99999999999999999999: the nests are 1 to 3"),
    ("play R3 nest" + "1" * 900, r"there is no nest 111111111111\.\.\.: the nests are 1 to 3"),
    ("pick " + "9" * 900, r"there is no treasure token 999999999999\.\.\.: small tokens"),
    ("pick " + "9" * 5000, "no action of Schatz des Phönix is written with 5,005 characters"),
]

HAND = ["R3", "B4", "Y5", "G6", "P7"]


def distributing():
    state, play = last_turn_of_round(3, {}, {1: ["9", "4"], 2: ["8", "3"], 3: ["L10", "6", "2"]})
    state.apply(play)
    state.apply("draw deck")
    return state


def picking_ten():
    state, play = last_turn_of_round(2, {}, {1: ["3"], 2: ["2"], 3: ["L10", "10"]})
    state.apply(play)
    state.apply("draw deck")
    assert "pick L10" in [str(a) for a in state.legal_actions()]
    return state


def laid(face_up):
    def build():
        state = arrange(new_state(3), face_up=face_up, hands={0: HAND}, conserve=face_up is not None)
        state.apply("play R3 nest1")
        return state

    return build


def played_once():
    state = new_state(3, seed=4)
    state.apply(state.legal_actions()[0])
    return state


def seat_one_to_act():
    state = played_once()
    state.apply("draw deck")
    assert state.current_player == 1
    return state


REFUSALS = [
    Refusals("pick 11 names no treasure token", picking_ten, [("pick 11", "there is no treasure token 11", {})]),
    Refusals(
        "True is not a seat for apply",
        seat_one_to_act,
        [("draw deck", "there is no seat True", {"player": True, "error": pg.NoSuchSeat})],
    ),
    Refusals(
        "a card not in hand cannot be laid",
        lambda: arrange(new_state(3), hands={0: HAND}),
        [("play R4 nest1", "you hold no R4", {})],
    ),
    Refusals(
        "a card beside a full side",
        lambda: arrange(new_state(3), hands={0: HAND}, sides={(2, 0): ["B2", "Y2"]}),
        [("play R3 nest2", "your guild's side of nest 2 already holds two cards", {})],
    ),
    Refusals(
        "drawing before playing",
        lambda: arrange(new_state(3), face_up="G5", hands={0: HAND}),
        [
            ("draw deck", "lay a card beside a nest first, then draw", {}),
            ("take G5", "lay a card beside a nest first", {}),
        ],
    ),
    Refusals("playing twice in a turn", laid("G5"), [("play B4 nest3", "already laid a card this turn", {})]),
    Refusals(
        "taking a face-up card that is not there", laid("G5"), [("take B7", "the face-up card is G5, not B7", {})]
    ),
    Refusals("taking when no card is face up", laid(None), [("take B7", "there is no face-up card to take", {})]),
    Refusals(
        "picking before the distribution",
        lambda: new_state(3, seed=5),
        [("pick 5", "picked only once every card of the round has been laid", {})],
    ),
    Refusals(
        "playing during the distribution",
        distributing,
        [
            ("play R3 nest1", "treasures are being distributed", {}),
            ("draw deck", "treasures are being distributed", {}),
        ],
    ),
]


def first_card():
    return new_state(3, seed=2).view(0)["hand"][0]


def spelled(text, canonical, build=lambda: new_state(3, seed=2)):
    return Spelling(f"case and spacing ({text.strip()!r})", build, text, canonical)


CARD = first_card()
SPELLINGS = [
    *[
        spelled(text.format(card=CARD, lower=CARD.lower()), f"play {CARD} nest2")
        for text in ["  PLAY   {card}   Nest2 ", "play {card} nest 2", "Play {lower} NEST2", "play\t{card}\nnest2"]
    ],
    spelled("DRAW  Deck", "draw deck", played_once),
    spelled("PICK l10", "pick L10", picking_ten),
    spelled(" pick  10 ", "pick 10", picking_ten),
]


def face_up_in_lower_case():
    state = played_once()
    face_up = state.view(0)["face_up"]
    assert str(state.apply(f"TAKE {face_up.lower()}")) == f"take {face_up}"


def swap_cards(state):
    hand, deck = state["hands"][2], state["deck"]
    other = next(i for i, c in enumerate(deck) if c != hand[0])
    hand[0], deck[other] = deck[other], hand[0]
    hand.sort()


TAMPERED = [
    Tamper("a changed card in a hand", lambda s: s["hands"][1].__setitem__(0, (s["hands"][1][0] + 1) % 37), "altered"),
    Tamper("two cards swapped between a hand and the deck", swap_cards, "altered"),
    *[
        Tamper(name, change, "damaged", perspective=True)
        for name, change in [
            ("a card out of range", lambda s: s["hands"][0].__setitem__(0, 99)),
            ("a card that is text", lambda s: s["hands"][0].__setitem__(0, "R3")),
            ("a card that is a flag", lambda s: s["hands"][0].__setitem__(0, True)),
            ("no nest tokens", lambda s: s.pop("nest_tokens")),
            ("a token too many on a nest", lambda s: s["nest_tokens"][0].append(5)),
            (
                "a side of five cards",
                lambda s: s["sides"][0].extend([s["deck"].pop(), s["deck"].pop(), s["deck"].pop()]),
            ),
            ("a phase out of range", lambda s: s.__setitem__("phase", 9)),
            ("a card moved from the deck into a hand", lambda s: s["hands"][1].append(s["deck"].pop())),
            ("an impossible count of large tokens", lambda s: s.__setitem__("large_supply", 10**30)),
        ]
    ],
]


# ---------------------------------------------------------------------------- two worlds (internals)
def hidden_cards(state, seat):
    """The cards of ``seat``'s hand that no other seat has seen it take."""
    hidden = Counter(state.hands[seat])
    hidden.subtract(state.known[seat])
    return +hidden


def swap_hidden(state, seat, rng, partner=None):
    """A copy of ``state`` in which a hidden card of ``seat`` changed places with a different card of
    the deck (or with a hidden card of seat ``partner``): a world that the other seats cannot tell
    apart from ``state``. ``None`` if there is no such card. A card goes into the deck only if the
    deck may hold one more of it: since a reshuffle, all know which cards it can hold. Made with
    ``state.arranged`` (hands, the deck), so its invariants are checked."""
    hidden = sorted(hidden_cards(state, seat))
    others = sorted(set(state.deck) if partner is None else hidden_cards(state, partner))
    choices = [
        (mine, theirs)
        for mine in hidden
        for theirs in others
        if mine != theirs and (partner is not None or state.deck.count(mine) < state.deck_candidates[mine])
    ]
    if not choices:
        return None
    mine, theirs = rng.choice(choices)
    hands, deck = [h.copy() for h in state.hands], state.deck.copy()
    hands[seat].remove(mine)
    hands[seat].append(theirs)
    hands[seat].sort()
    if partner is None:
        deck[deck.index(theirs)] = mine
    else:
        hands[partner].remove(theirs)
        hands[partner].append(mine)
        hands[partner].sort()
    return state.arranged(hands=hands, deck=deck)


def worlds(state, rng):
    for other in range(state.num_players):
        for partner in [None, *range(other + 1, state.num_players)]:
            world = swap_hidden(state, other, rng, partner)
            if world is not None:
                yield World(world, frozenset({other, partner, None}))


# ---------------------------------------------------------------------------- checks of Schatz's own
def refusals_of_every_action_read_the_same_whatever_the_other_seats_hold():
    rng = random.Random(3)
    for state in random_points("schatz", 3, 70, 9):
        seat = state.current_player
        for other in set(range(3)) - {seat}:
            world = swap_hidden(state, other, rng)
            if world is not None:
                check_refusals_read_the_same(state, world, ALL_ACTIONS)


def refusals_never_name_a_card_of_another_seats_hand():
    for state in random_points("schatz", 4, 71, 3):
        seat = state.current_player
        view = state.view(seat)
        public = {view["face_up"], *view["hand"], *(c for known in view["known_cards"] for c in known)}
        for action in ALL_ACTIONS:
            if action in state.legal_actions():
                continue
            with pytest.raises(pg.IllegalAction) as refused:
                state.apply(action, player=seat)
            named = {code.upper().replace("X", "x") for code in CARD_CODE.findall(str(refused.value))}
            allowed = {c.upper().replace("X", "x") for c in public if c} | set(CARD_CODE.findall(str(action)))
            assert named <= allowed, (str(action), str(refused.value))


def a_perspective_copy_redeals_the_other_hands_and_the_deck():
    state = play_random(new_state(4, seed=81), random.Random(81), until=lambda s: len(s.history) >= 20)
    true_hands = [tuple(h) for h in state.hands]
    redealt: dict[int, Counter[tuple[int, ...]]] = {other: Counter() for other in (1, 2, 3)}
    decks = set()
    for _ in range(60):
        twin = state.copy(perspective=0)
        assert twin.hands[0] == state.hands[0]
        assert json.loads(twin.to_json())["state"]["hands"] == twin.hands  # a copy saves its own world
        for other in redealt:
            redealt[other][tuple(twin.hands[other])] += 1
        decks.add(tuple(sorted(twin.deck)))
    for other, hands in redealt.items():
        assert len(hands) > 50  # the re-dealt hands vary
        assert hands[true_hands[other]] <= 2  # and almost never are the true hand
    assert len(decks) > 50


def a_perspective_copy_keeps_the_cards_known_to_be_in_a_hand():
    state = arrange(new_state(3), hands={1: HAND}, face_up="W3", turn=1)
    state.apply("play B4 nest1")
    state.apply("take W3")
    for _ in range(30):
        twin = state.copy(perspective=0)
        assert "W3" in codes(twin.hands[1])
        assert twin.view(0)["known_cards"] == [[], ["W3"], []]


def after_a_reshuffle_a_redealt_deck_holds_only_cards_it_may_hold():
    state = new_state(6, seed=82)
    rng = random.Random(82)
    play_random(state, rng, until=lambda s: s.round == 1 and s.discards == [])
    for _ in range(20):
        state.apply(rng.choice(state.legal_actions()))
    may_hold = Counter(state.view(0)["deck_may_hold"])
    assert sum(may_hold.values()) < 69 - 30  # the reshuffle told everyone something
    for seat in range(6):
        for _ in range(20):
            twin = state.copy(perspective=seat)
            assert Counter(codes(twin.deck)) <= may_hold
            assert twin.view(seat) == state.view(seat)


def the_referee_view_and_only_it_shows_every_hand_and_the_deck():
    state = new_state(3, seed=86)
    referee = state.view(None)
    assert len(referee["hands"]) == 3 and len(referee["deck"]) == referee["deck_size"]
    for seat in range(3):
        view = state.view(seat)
        assert "hands" not in view and "deck" not in view
        assert view["hand"] == referee["hands"][seat]
        assert view["viewer"] == seat


def an_empty_face_up_place_shows_as_none():
    state = arrange(new_state(2), face_up=None, conserve=False)
    assert state.face_up == NO_CARD
    assert state.view(0)["face_up"] is None


def the_cards_in_a_save_are_the_cards_of_the_game():
    save = play_random(new_state(3, seed=13), random.Random(13), until=lambda s: len(s.history) >= 40)
    data = json.loads(save.to_json())
    assert [codes(h) for h in data["state"]["hands"]] == save.view(None)["hands"]


def the_parser_itself_never_reads_a_number_it_cannot_hold():
    """Saved histories are read with the parser alone, without the length cap of ``parse``."""
    with pytest.raises(pg.IllegalAction, match="there is no treasure token"):
        parse_action("pick " + "9" * 5000)
    with pytest.raises(pg.IllegalAction, match="there is no nest"):
        parse_action("play r3 nest" + "1" * 5000)


CASES = GameCases(
    game="schatz",
    variant={"wild_colour": "none"},
    bad_options=[{"wild_colour": "some"}],
    malformed=[
        ("play", "cannot read 'play'"),
        ("play R3", "cannot read"),
        ("play Z9 nest1", "'z9' is not an equipment card"),
        ("play R8 nest1", "'r8' is not an equipment card"),
        ("play R3 nest4", "there is no nest 4"),
        ("play R3 nest0", "there is no nest 0"),
        ("pick 1", "there is no treasure token 1"),
        ("pick 12", "there is no treasure token 12"),
        ("pick L9", "there is no treasure token L9"),
        ("take Q1", "'q1' is not an equipment card"),
    ],
    odd_notation=ODD,
    moments=moments,
    forged=FORGED,
    refusals=REFUSALS,
    spellings=SPELLINGS,
    tampered=TAMPERED,
    worlds=worlds,
    checks=[
        face_up_in_lower_case,
        refusals_of_every_action_read_the_same_whatever_the_other_seats_hold,
        refusals_never_name_a_card_of_another_seats_hand,
        a_perspective_copy_redeals_the_other_hands_and_the_deck,
        a_perspective_copy_keeps_the_cards_known_to_be_in_a_hand,
        after_a_reshuffle_a_redealt_deck_holds_only_cards_it_may_hold,
        the_referee_view_and_only_it_shows_every_hand_and_the_deck,
        an_empty_face_up_place_shows_as_none,
        the_cards_in_a_save_are_the_cards_of_the_game,
        the_parser_itself_never_reads_a_number_it_cannot_hold,
    ],
)
