"""Bad input, for every game and player count: each refusal raises a PhoenixGamesError that says what
is wrong, and leaves the game exactly as it was."""

import copy
import dataclasses
import functools
import random
from dataclasses import dataclass

import pytest

import phoenixgames as pg
from phoenixgames.engine import Action
from tests.support.playthrough import check_bad_seat_refused, play_random, refused

from .common import GAMES, SEATINGS, action_pool, cases_of, points
from .tables import CASES

seatings = pytest.mark.parametrize(("game", "players"), SEATINGS)


@functools.cache
def moments(game):
    """The game's positions for forged actions (shared: every refusal must leave them unchanged)."""
    return cases_of(game).moments()


def title(game):
    return pg.get_spec(game).title


def new(game, players, seed=1):
    return pg.new_game(game, players=players, seed=seed)


GENERIC_MALFORMED = [("", "no action given"), ("   ", "no action given"), ("fly away", "cannot read 'fly away'")]
MALFORMED = [
    pytest.param(g, p, text, message, id=f"{g}-{text[:30]!r}")
    for g, p in (x.values for x in GAMES)
    for text, message in GENERIC_MALFORMED + CASES[str(g)].malformed
]


@pytest.mark.parametrize(("game", "players", "text", "message"), MALFORMED)
def test_malformed_notation_is_refused_with_what_is_wrong(game, players, text, message):
    refused(new(game, players), text, message)


ODD = [
    pytest.param(g, text, message, id=f"{g}-{text[:30]!r}")
    for g in pg.games()
    for text, message in CASES[g].odd_notation
]


@pytest.mark.parametrize(("game", "text", "message"), ODD)
def test_odd_digits_and_huge_numbers_are_refused_clearly_at_every_moment(game, text, message):
    for state in moments(game):
        refused(state, text, message)


@seatings
def test_a_huge_text_is_refused_without_being_repeated_back(game, players):
    state = new(game, players)
    for text in ["x" * 5000, "9" * 5000, "play " + "9" * 5000, "take " + "a" * 100_000]:
        before = state.to_json()
        with pytest.raises(pg.IllegalAction) as error:
            state.apply(text)
        assert len(str(error.value)) < 400
        assert state.to_json() == before


@seatings
@pytest.mark.parametrize(
    "thing",
    [None, 5, 3.5, b"take", ["pass"], object(), 10**5000],
    ids=["None", "5", "3.5", "bytes", "list", "object", "10**5000"],
)
def test_what_is_not_notation_nor_an_action_is_refused(game, players, thing):
    state = new(game, players)
    before = state.to_json()
    for call in (state.parse, state.apply):
        with pytest.raises(pg.IllegalAction) as error:
            call(thing)
        assert len(str(error.value)) < 400
        assert state.to_json() == before


@seatings
def test_an_action_for_the_wrong_seat_is_refused(game, players):
    state = new(game, players, seed=3)
    seat = state.current_player
    other = (seat + 1) % players
    action = state.legal_actions()[0]
    refused(state, action, f"it is seat {seat}'s turn, not seat {other}'s", player=other)
    refused(state, str(action), f"it is seat {seat}'s turn, not seat {other}'s", player=other)
    refused(state, action, f"there is no seat {players}", error=pg.NoSuchSeat, player=players)
    refused(state, action, "there is no seat -1", error=pg.NoSuchSeat, player=-1)
    refused(state, action, "there is no seat True", error=pg.NoSuchSeat, player=True)
    assert state.apply(action, player=seat) == action


@seatings
@pytest.mark.parametrize("seat", ["players", -1, True, "0", 1.5], ids=["players", "-1", "True", "'0'", "1.5"])
def test_view_and_perspective_copies_refuse_a_seat_the_game_does_not_have(game, players, seat):
    state = new(game, players)
    before = state.to_json()
    check_bad_seat_refused(state, players if seat == "players" else seat)
    assert state.to_json() == before


@seatings
def test_the_finished_game_refuses_every_action(game, players):
    state = play_random(new(game, players, seed=6), random.Random(6))
    assert state.legal_actions() == [] and state.current_player is None
    for action in [*action_pool(game, players)[::15], "fly away"]:
        refused(state, action, "the game is over")
        refused(state, str(action), "the game is over", player=players - 1)


@seatings
def test_every_legal_action_is_accepted_and_every_other_refused_at_every_moment(game, players):
    pool = action_pool(game, players)
    rng = random.Random(players)
    checked = 0
    for state in points(game, players, 9, count=8):
        legal = state.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        for action in rng.sample(legal, min(8, len(legal))):
            assert state.copy().apply(action) == action
            assert state.copy().apply(str(action)) == action  # its notation names the same action
            assert state.parse(str(action)) == action
            assert state.parse(f"  {str(action).upper()} ") == action  # whatever the case and spacing
        before = state.to_json()
        others = [a for a in pool if a not in legal]
        for action in rng.sample(others, min(30, len(others))):
            with pytest.raises(pg.IllegalAction):
                state.apply(action)
            with pytest.raises(pg.IllegalAction):
                state.apply(str(action))
            checked += 1
        assert state.to_json() == before
    assert checked > 100


FORGED = [
    pytest.param(g, action, message, id=f"{g}-{type(action).__name__}-{i}")
    for g in pg.games()
    for i, (action, message) in enumerate(CASES[g].forged)
]


@pytest.mark.parametrize(("game", "action", "message"), FORGED)
def test_a_forged_action_is_refused_with_the_reason_and_prints(game, action, message):
    assert isinstance(str(action), str)  # its notation prints, whatever its fields hold
    for state in moments(game):
        refused(state, action, "the game is over" if state.is_over else message)


@dataclass(frozen=True, slots=True)
class Fly(Action):
    """An action of no game."""

    height: int


class EqualToEverything(Action):
    def __eq__(self, other):
        return True

    __hash__ = Action.__hash__

    def __str__(self):
        return "anything"


def equal_to_everything(action):
    """An object of ``action``'s own class, with its fields, that claims to equal every action."""
    cls = type(action)
    namespace: dict[str, object] = {"__eq__": lambda self, other: True, "__hash__": cls.__hash__}
    if hasattr(cls, "__slots__"):
        namespace["__slots__"] = ()
    sub = type(f"{cls.__name__}ThatEqualsEverything", (cls,), namespace)
    return sub(*(getattr(action, f.name) for f in dataclasses.fields(action)))


@seatings
def test_an_action_rebuilt_field_by_field_is_the_legal_action(game, players):
    rng = random.Random(15)
    for state in points(game, players, 15, count=4):
        legal = state.legal_actions()
        for action in rng.sample(legal, min(5, len(legal))):
            rebuilt = type(action)(*(copy.copy(getattr(action, f.name)) for f in dataclasses.fields(action)))
            assert state.copy().apply(rebuilt) == action


@seatings
def test_an_action_of_no_game_or_that_claims_to_equal_every_action_is_refused(game, players):
    for state in points(game, players, 16, count=3):
        legal = state.legal_actions()
        for action in [Fly(3), EqualToEverything(), equal_to_everything(legal[0]), equal_to_everything(legal[-1])]:
            refused(state, action, f"is not an action of {title(game)}")


def loosely_equal(action):
    """Copies of ``action`` with one whole-number field made ``True``/``False`` or a float: equal to it
    by Python's loose equality, yet no action of the game."""
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if type(value) is int:
            if value in (0, 1):
                yield dataclasses.replace(action, **{f.name: bool(value)})
            yield dataclasses.replace(action, **{f.name: float(value)})


@pytest.mark.parametrize(("game", "players"), SEATINGS)
def test_an_action_equal_to_a_legal_one_only_by_loose_equality_is_refused_and_an_exact_rebuild_accepted(game, players):
    rng = random.Random(15)
    tried = 0
    for state in points(game, players, 15, count=4):
        legal = state.legal_actions()
        for action in rng.sample(legal, min(5, len(legal))):
            for loose in loosely_equal(action):
                refused(state, loose, r"\w")
                tried += 1
            rebuilt = type(action)(*(copy.copy(getattr(action, f.name)) for f in dataclasses.fields(action)))
            assert state.copy().apply(rebuilt) == action
    assert tried > 0


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_a_bad_option_or_player_count_is_refused(game, players):
    spec = pg.get_spec(game)
    bad = [{"colour": "red"}, *cases_of(game).bad_options]
    bad += [{option.name: "grey"} for option in spec.options if option.choices]
    for options in bad:
        with pytest.raises(pg.GameSetupError):
            pg.new_game(game, players=players, seed=1, **options)
    for count in (min(spec.player_counts) - 1, max(spec.player_counts) + 1):
        with pytest.raises(pg.GameSetupError):
            pg.new_game(game, players=count, seed=1)
