"""The seams the server, the browser and reinforcement learning plug into, checked for every game at
every player count: the fixed action table with its ids and mask, the game facts, events, the
spectator's view, the public record, undo and the refusal of text that names no action.

Two worlds: ``state.copy(perspective=seat)`` re-deals all that ``seat`` cannot see, so the copy is a
second true state that the seat cannot tell from the original. Whatever the seat (or a spectator) is
shown must be the same in both.
"""

from __future__ import annotations

import json
import random

import pytest

import phoenixgames as pg

CASES = [(game, players) for game in pg.games() for players in pg.get_spec(game).player_counts]
IDS = [f"{game}-{players}p" for game, players in CASES]

#: The most entries an action table may have: a policy network's output layer.
LARGEST_TABLE = 5000


def random_points(game: str, players: int, seed: int, every: int, limit: int = 2000, logged: bool = False):
    """States along a random game of ``game`` (a copy every ``every`` actions, and the end); ``logged``:
    the game logs its events from the start, and so does every copy."""
    rng = random.Random(seed)
    state = pg.new_game(game, players=players, seed=seed)
    if logged:
        state.events(0)
    points = [state.copy()]
    while not state.is_over and len(state.history) < limit:
        state.apply(rng.choice(state.legal_actions()))
        if len(state.history) % every == 0:
            points.append(state.copy())
    points.append(state.copy())
    return points


def play_out(state: pg.GameState, rng: random.Random, limit: int = 100_000) -> pg.GameState:
    while not state.is_over and len(state.history) < limit:
        state.apply(rng.choice(state.legal_actions()))
    return state


# ---------------------------------------------------------------------- the action table
@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_every_legal_action_has_an_id_that_maps_back_to_it_and_the_mask_marks_exactly_the_legal(game, players):
    table = pg.action_table(game, players)
    assert 0 < len(table) <= LARGEST_TABLE
    assert len(set(table)) == len(table), "an action is listed twice"
    steps = 0
    for seed in range(40):
        state = pg.new_game(game, players=players, seed=seed)
        assert state.action_table == table, "the table depends on the game, not on one deal"
        rng = random.Random(seed)
        while not state.is_over and steps < 1500 * (seed + 1) // 8:
            legal = state.legal_actions()
            ids = [state.action_id(action) for action in legal]
            assert [table[i] for i in ids] == legal
            assert [state.action_id(str(action)) for action in legal] == ids  # by notation too
            assert state.legal_action_ids() == ids
            mask = state.action_mask()
            assert len(mask) == len(table) and set(mask) <= {0, 1}
            assert [i for i, bit in enumerate(mask) if bit] == sorted(ids)
            state.apply(rng.choice(legal))
            steps += 1
        if steps >= 1500:
            break
    assert steps >= 1500 or seed == 39


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_the_action_table_is_stable_and_an_action_outside_it_has_no_id(game, players):
    first = pg.action_table(game, players)
    again = pg.action_table(game, players, **pg.new_game(game, players=players, seed=3).options)
    assert first == again
    assert [str(a) for a in first] == [str(a) for a in again]
    state = pg.new_game(game, players=players, seed=3)
    with pytest.raises(pg.IllegalAction):
        state.action_id(object())
    legal = state.legal_actions()[0]
    assert state.action_id(str(legal)) == state.action_id(legal)


def test_an_action_table_is_refused_for_an_unknown_game_or_player_count():
    with pytest.raises(pg.GameSetupError):
        pg.action_table("chess", 2)
    with pytest.raises(pg.GameSetupError):
        pg.action_table("schatz", 9)
    with pytest.raises(pg.GameSetupError):
        pg.game_info("schatz", 3, no_such_option=1)


# ---------------------------------------------------------------------- the game facts
@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_game_info_declares_what_an_adapter_needs_and_no_game_breaks_its_bounds(game, players):
    info = pg.game_info(game, players)
    options: dict = {}
    if info.max_decisions is None:
        # only a game whose rules let it go on for ever claims no bound; its round cap gives one
        options = {"round_cap": 200}
        info = pg.game_info(game, players, **options)
        assert isinstance(info.max_decisions, int)
    assert info.game == game and info.players == players
    assert info.num_distinct_actions == len(pg.action_table(game, players))
    assert (info.information, info.chance, info.utility, info.utility_sum) == (
        "imperfect",
        "sampled",
        "constant-sum",
        1.0,
    )
    assert info.min_score < info.max_score
    greedy = pg.get_spec(game).greedy
    for seed in range(6):
        rng = random.Random(seed)
        state = pg.new_game(game, players=players, seed=seed, **options)
        while not state.is_over:
            if seed % 2 and greedy is not None:
                state.apply(greedy(state, rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
            assert len(state.history) <= info.max_decisions, "a game took more decisions than its bound"
        assert all(info.min_score <= score <= info.max_score for score in state.scores), state.scores
        shares = state.returns()
        assert abs(sum(shares) - 1.0) < 1e-9 and all(0.0 <= share <= 1.0 for share in shares)
        assert [share > 0 for share in shares] == [seat in state.winners for seat in range(players)]


# ---------------------------------------------------------------------- events
def check_event_shapes(state: pg.GameState, audience) -> None:
    events = state.events(audience)
    played = len(state.history)
    for event in events:
        assert isinstance(event["text"], str) and event["text"].strip(), event
        assert 0 <= event["action"] < played
    assert [e["action"] for e in events] == sorted(e["action"] for e in events)
    json.dumps(events)
    middle = played // 2
    assert state.events(audience, middle) == [e for e in events if e["action"] >= middle]
    assert state.events(audience, played) == []


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_events_are_small_dicts_numbered_by_action_for_every_seat_and_for_spectators(game, players):
    state = play_out(pg.new_game(game, players=players, seed=11), random.Random(11))
    for audience in [*range(players), pg.PUBLIC]:
        check_event_shapes(state, audience)
    # every action is told to every seat and to the spectators
    for audience in [*range(players), pg.PUBLIC]:
        told = {event["action"] for event in state.events(audience)}
        assert told == set(range(len(state.history))), audience
    with pytest.raises(pg.NoSuchSeat):
        state.events(players)
    with pytest.raises(pg.BadRequest):
        state.events(0, len(state.history) + 1)
    with pytest.raises(pg.BadRequest):
        state.events(0, -1)


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_events_logged_as_the_game_goes_are_those_rebuilt_from_its_record(game, players):
    rng = random.Random(5)
    live = pg.new_game(game, players=players, seed=5)
    live.events(0)  # from now on the live game logs as it goes
    play_out(live, rng, limit=150)
    rebuilt = pg.replay(live.record)
    for audience in [*range(players), pg.PUBLIC]:
        assert live.events(audience) == rebuilt.events(audience)


def two_worlds_events(game: str, players: int, seed: int) -> int:
    """For points along a random game and each audience: in the original and in a world re-dealt for
    that audience, the same action leading to the same view gives the same events. Returns how many
    comparisons were made."""
    compared = 0
    rng = random.Random(seed)
    for point in random_points(game, players, seed, every=17, limit=300, logged=True)[:-1]:
        if point.is_over:
            continue
        for audience in [*range(players), pg.PUBLIC]:
            seat = rng.randrange(players) if audience == pg.PUBLIC else audience
            real = point.copy()
            world = point.copy(perspective=seat, seed=seed)
            start = len(real.history)
            real.events(audience, start)
            world.events(audience, start)
            assert real.view(audience) == world.view(audience)
            for _ in range(6):
                if real.is_over or world.is_over:
                    break
                both = [a for a in real.legal_actions() if a in world.legal_actions()]
                if not both:
                    break
                action = rng.choice(both)
                real.apply(action)
                world.apply(action)
                if real.view(audience) != world.view(audience):
                    break  # something drawn at random came out differently: the worlds part
                assert real.events(audience, start) == world.events(audience, start), (audience, action)
                compared += 1
    return compared


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_events_leak_nothing_two_worlds_a_seat_cannot_tell_apart_give_it_the_same_events(game, players):
    assert sum(two_worlds_events(game, players, seed) for seed in range(2)) > 20


# ---------------------------------------------------------------------- the spectator's view and record
@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_a_spectator_sees_the_same_in_every_world_re_dealt_for_any_seat(game, players):
    for point in random_points(game, players, seed=21, every=13):
        public = point.view(pg.PUBLIC)
        json.dumps(public)
        assert point.view("public") == public
        for seat in range(players):
            assert point.copy(perspective=seat).view(pg.PUBLIC) == public, seat


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_the_public_record_has_no_seed_and_is_the_same_in_every_world(game, players):
    state = play_out(pg.new_game(game, players=players, seed=8), random.Random(8), limit=120)
    record = state.public_record()
    assert "seed" not in record and set(record) == {"game", "players", "options", "actions"}
    assert len(record["actions"]) == len(state.history)
    json.dumps(record)
    for seat in range(players):
        assert state.copy(perspective=seat).public_record() == record
    with pytest.raises(pg.InvalidGameFile):
        pg.replay(record)


# ---------------------------------------------------------------------- undo
@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_undo_takes_back_exactly_the_last_action_or_refuses_with_a_reason_and_changes_nothing(game, players):
    undone = refused = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = pg.new_game(game, players=players, seed=seed)
        while not state.is_over and len(state.history) < 120:
            before = state.to_json()
            action = state.apply(rng.choice(state.legal_actions()))
            after = state.to_json()
            if rng.random() < 0.6:
                continue
            if state.can_undo():
                assert state.undo() == action
                assert state.to_json() == before
                assert state.view(None) == pg.load_game(before).view(None)
                state.apply(action)
                assert state.to_json() == after
                undone += 1
            else:
                with pytest.raises(pg.IllegalAction) as refusal:
                    state.undo()
                assert str(refusal.value)
                assert state.to_json() == after
                refused += 1
    assert refused > 0


def test_undo_is_refused_before_the_first_action_and_on_a_copy_without_a_seed():
    state = pg.new_game("schatz", players=3, seed=1)
    assert not state.can_undo()
    with pytest.raises(pg.IllegalAction, match="nothing"):
        state.undo()
    state.apply(state.legal_actions()[0])
    copy = state.copy(perspective=0)
    assert not copy.can_undo()
    with pytest.raises(pg.IllegalAction, match="seed"):
        copy.undo()


# ---------------------------------------------------------------------- refusals told apart
@pytest.mark.parametrize("game", pg.games())
def test_text_that_names_no_action_is_malformed_and_an_illegal_action_is_not(game):
    state = pg.new_game(game, players=pg.get_spec(game).min_players, seed=4)
    for text in ("xyzzy", "", "   ", "play play play", "1" * 2000):
        with pytest.raises(pg.MalformedNotation):
            state.apply(text)
    legal = set(state.legal_actions())
    illegal = next(a for a in state.action_table if a not in legal)
    with pytest.raises(pg.IllegalAction) as refusal:
        state.apply(str(illegal))
    assert not isinstance(refusal.value, pg.MalformedNotation), refusal.value
    with pytest.raises(pg.MalformedNotation):
        state.parse(12)


# ---------------------------------------------------------------------- arranged positions
@pytest.mark.parametrize("game", pg.games())
def test_an_arranged_position_is_an_independent_copy_and_unknown_fields_are_refused(game):
    state = pg.new_game(game, players=pg.get_spec(game).min_players, seed=2)
    same = state.arranged()
    assert same.view(None) == state.view(None) and same is not state
    with pytest.raises(pg.GameSetupError, match="no field"):
        state.arranged(no_such_field=1)
    with pytest.raises(pg.GameSetupError, match="no field"):
        state.arranged(_rng=None)


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_a_copy_without_a_seed_tells_the_events_it_can_know_with_the_default_since(game, players):
    state = play_out(pg.new_game(game, players=players, seed=6), random.Random(6), limit=12)
    copy = state.copy(perspective=0)
    assert copy.events(0) == [] and copy.events(pg.PUBLIC) == []  # it knows nothing of the past
    play_out(copy, random.Random(1), limit=len(state.history) + 3)
    told = copy.events(0)
    assert told and {event["action"] for event in told} <= set(range(12, len(copy.history)))
    assert told == copy.events(0, since=12) == copy.events(0, since=5)
