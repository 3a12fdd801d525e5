"""The seams the server, the browser and reinforcement learning plug into, for Schatz des Phönix: the
fixed action table and its mask, the game's facts, the events each seat and the spectators see, the
spectator's view and the public record, undo, and notation that names no action."""

import json
import random

import pytest

import phoenixgames as pg
from phoenixgames.agents import make_agent
from phoenixgames.games.schatz.facts import max_decisions, score_range
from phoenixgames.games.schatz.parameters import PRINTED_RULES
from phoenixgames.sim import choose_action

from .helpers import arrange, last_turn_of_round, new_state, play_random

PLAYERS = range(2, 7)
HAND = ["R3", "B4", "Y5", "G6", "P7"]


def texts(state, audience, since):
    return [event["text"] for event in state.events(audience, since)]


# ---------------------------------------------------------------------------- the action table
@pytest.mark.parametrize("players", PLAYERS)
def test_the_action_table_holds_159_actions_at_every_player_count(players):
    table = pg.action_table("schatz", players)
    assert len(table) == 159 == pg.game_info("schatz", players).num_distinct_actions
    assert len(set(table)) == len(table)
    assert [str(a) for a in table[:3]] == ["play R2 nest1", "play R2 nest2", "play R2 nest3"]
    assert str(table[111]) == "draw deck" and str(table[-1]) == "pick L10"
    assert pg.action_table("schatz", players, wild_colour="none") == table


# ---------------------------------------------------------------------------- facts
@pytest.mark.parametrize("players", PLAYERS)
def test_no_random_or_greedy_game_takes_more_decisions_than_the_bound_or_leaves_the_score_range(players):
    bound = max_decisions(players, {}, PRINTED_RULES)
    low, high = score_range(players, {}, PRINTED_RULES)
    info = pg.game_info("schatz", players)
    assert (info.max_decisions, info.min_score, info.max_score) == (bound, low, high)
    lengths = []
    for seed in range(30):
        state = play_random(new_state(players, seed=seed), random.Random(seed))
        lengths.append(len(state.history))
        assert all(low <= score <= high for score in state.scores)
    greedy = make_agent("greedy", seed=1)
    for seed in range(3):
        state = new_state(players, seed=seed)
        while not state.is_over:
            state.apply(choose_action(greedy, state, state.current_player))
        lengths.append(len(state.history))
        assert all(low <= score <= high for score in state.scores)
    turns = 3 * 12 * players  # every turn a card laid and a card drawn: the picks come on top
    assert turns < min(lengths) and max(lengths) <= bound


def test_the_bounds_are_those_reasoned_from_the_rules():
    # three rounds of 12 actions a seat, and the picks: small - 1 at each smaller nest, small at the big
    # (four small tokens a nest at six players)
    assert [max_decisions(n, {}, PRINTED_RULES) for n in PLAYERS] == [75, 120, 165, 210, 246]
    # nine tokens at most (one a nest a round): seven 10s (four small, three large) and two 9s; at least a
    # 2 each round at the big nest where it holds a token for every seat; at six it holds five for six
    assert score_range(2, {}, PRINTED_RULES) == (6, 88) and score_range(5, {}, PRINTED_RULES) == (6, 88)
    assert score_range(6, {}, PRINTED_RULES) == (0, 88)


# ---------------------------------------------------------------------------- events
def test_the_drawer_reads_the_card_it_drew_and_the_others_only_that_a_card_was_drawn():
    state = new_state(3, seed=4)
    state.events(0)
    play = state.legal_actions()[0]
    state.apply(play)
    hand = state.view(0)["hand"]
    state.apply("draw deck")
    drawn = next(card for card in state.view(0)["hand"] if state.view(0)["hand"].count(card) > hand.count(card))
    assert texts(state, 0, 0) == [f"you laid {play.card} beside nest {play.nest + 1}", f"you drew {drawn}"]
    assert texts(state, 2, 0) == [
        f"seat 0 laid {play.card} beside nest {play.nest + 1}",
        "seat 0 drew a card from the deck",
    ]
    assert texts(state, pg.PUBLIC, 1) == ["seat 0 drew a card from the deck"]
    assert state.events(0, 1) == [{"action": 1, "kind": "draw", "seat": 0, "card": drawn, "text": f"you drew {drawn}"}]
    assert "card" not in state.events(1, 1)[0]


def test_a_face_up_card_taken_and_the_card_turned_up_in_its_place_are_seen_by_all():
    state = arrange(new_state(3), face_up="G5", hands={0: HAND})
    state.events(1)  # an arranged game has no past to rebuild: its log starts now
    state.apply("play R3 nest1")
    state.apply("take G5")
    new = state.view(1)["face_up"]
    for audience, who in ((0, "you"), (1, "seat 0"), (pg.PUBLIC, "seat 0")):
        assert texts(state, audience, 0) == [
            f"{who} laid R3 beside nest 1",
            f"{who} took the face-up G5",
            f"{new} was turned face up",
        ]
    assert state.events(2, 1)[1] == {"action": 1, "kind": "reveal", "card": new, "text": f"{new} was turned face up"}


def test_the_end_of_a_round_tells_the_combos_the_picks_and_the_tokens_given_without_a_choice():
    """The rulebook's worked example: Ellie 33, Sam 10, Ezio 10 at the nest holding 6 and 2."""
    ellie, sam, ezio = 0, 1, 2
    state, play = last_turn_of_round(
        3,
        {(1, ellie): ["G3", "W3"], (1, sam): ["G5", "R5"], (1, ezio): ["Y3", "Y7"]},
        {1: ["6", "2"], 2: ["9", "4"], 3: ["L10", "8", "3"]},
    )
    state.events(sam)
    state.apply(play)
    state.apply("draw deck")
    combos = [e for e in state.events(sam, 1) if e["kind"] == "combos"]
    assert [e["nest"] for e in combos] == [1, 2, 3]
    assert combos[0]["text"] == "combos at nest 1: seat 0 33 (G3 W3), you 10 (G5 R5), seat 2 10 (Y3 Y7)"
    assert combos[0]["combos"] == [33, 10, 10] and combos[0]["order"] == [ellie, sam, ezio]
    state.apply("pick 6", player=ellie)
    assert texts(state, sam, 2)[:2] == [
        "seat 0 picked 6 from nest 1",
        "you were given 2 from nest 1 (no choice was left)",
    ]
    assert texts(state, ezio, 2)[1] == "seat 1 was given 2 from nest 1 (no choice was left)"
    assert state.events(pg.PUBLIC, 2)[0] == {
        "action": 2,
        "kind": "pick",
        "seat": ellie,
        "token": "6",
        "nest": 1,
        "text": "seat 0 picked 6 from nest 1",
    }


def test_the_start_player_token_passes_and_the_next_round_s_treasures_are_told():
    state, play = last_turn_of_round(2, {(3, 1): ["R6", "R6"]}, {1: ["5"], 2: ["4"], 3: ["L10", "10"]})
    state.events(0)
    state.apply(play)
    state.apply("draw deck")
    assert state.current_player == 1  # seat 1's 66 picks first at the big nest
    state.apply("pick L10")
    found = state.events(0, 2)
    kinds = [e["kind"] for e in found]
    assert kinds == ["pick", "given", "start_player", "round"]
    assert found[1]["text"] == "you were given 10 from nest 3 (no choice was left)"
    assert found[2]["text"] == "the start player token passes to seat 1 (who took the large 10)"
    treasures = state.view(0)["nests"]
    held = "; ".join(f"nest {n['nest']} holds {', '.join(n['treasures'])}" for n in treasures)
    assert found[3] == {
        "action": 2,
        "kind": "round",
        "round": 2,
        "treasures": [n["treasures"] for n in treasures],
        "text": f"round 2 begins: {held}",
    }
    assert texts(state, 1, 2)[2] == "the start player token passes to you (who took the large 10)"


def test_the_game_ends_with_the_final_scoring_broken_down():
    state = new_state(3, seed=9)
    play_random(state, random.Random(9))
    last = len(state.history) - 1
    found = [e for e in state.events(1, last) if e["kind"] in ("score", "winners")]
    view = state.view(1)
    for seat, event in enumerate(found[:3]):
        who = "you" if seat == 1 else f"seat {seat}"
        assert event["score"] == state.scores[seat] and event["treasures"] == view["treasures"][seat]
        assert event["text"] == f"{who} scored {state.scores[seat]}: " + " + ".join(view["treasures"][seat])
    assert found[3]["seats"] == state.winners
    assert found[3]["text"].endswith(f"with {max(state.scores)}" + (" each" if len(state.winners) > 1 else ""))


def test_events_are_rebuilt_from_the_seed_and_numbered_by_action():
    state = play_random(new_state(4, seed=21), random.Random(21), until=lambda s: len(s.history) >= 30)
    logged = new_state(4, seed=21)
    logged.events(0)
    for action in state.history:
        logged.apply(action)
    for audience in (*range(4), pg.PUBLIC):
        assert state.events(audience) == logged.events(audience)
        assert {e["action"] for e in state.events(audience, 10)} <= set(range(10, 30))


@pytest.mark.parametrize("players", PLAYERS)
def test_events_leak_nothing_two_worlds_a_seat_cannot_tell_apart_tell_it_the_same(players):
    """Each step: the true game and a copy re-dealt for a seat (or for the spectators, a copy re-dealt for
    any seat) take the same action; where the seat sees the same outcome in both (chance may turn up
    another card in the copy), it must have read the same events."""
    rng = random.Random(players)
    compared = {"draw": 0, "play": 0, "take": 0, "reveal": 0, "combos": 0, "given": 0, "score": 0}
    for game in range(3):
        state = new_state(players, seed=200 + game)
        state.events(0)  # the log starts with the game: copies of it carry it on
        while not state.is_over:
            action = rng.choice(state.legal_actions())
            actor, done = state.current_player, len(state.history)
            true = state.copy()
            true.apply(action)
            for seat in range(players):
                for audience in (seat, pg.PUBLIC):
                    if audience == actor:
                        continue  # the actor's own draw shows it a card chance chose
                    world = state.copy(perspective=seat, seed=rng.randrange(10**6))
                    if action not in world.legal_actions():
                        continue  # another seat's card, not in its re-dealt hand
                    world.events(audience, done)  # a copy without a seed knows events from now on
                    world.apply(action)
                    if true.view(audience) != world.view(audience):
                        continue
                    mine = true.events(audience, done)
                    assert mine == world.events(audience, done), (str(action), audience)
                    for event in mine:
                        if event["kind"] in compared:
                            compared[event["kind"]] += 1
            state.apply(action)
    assert all(compared.values()), compared


# ---------------------------------------------------------------------------- the spectator's view and record
@pytest.mark.parametrize("players", PLAYERS)
def test_the_public_view_shows_no_hand_and_no_deck_and_is_the_same_in_every_world(players):
    rng = random.Random(players)
    state = new_state(players, seed=300 + players)
    while not state.is_over:
        public = state.view(pg.PUBLIC)
        assert not {"hand", "hands", "deck", "legal_actions"} & set(public)
        assert public["viewer"] == pg.PUBLIC
        for seat in range(players):
            assert state.copy(perspective=seat).view(pg.PUBLIC) == public
            seen = dict(state.view(seat))
            seen.pop("hand")
            seen.pop("legal_actions", None)
            assert {**seen, "viewer": pg.PUBLIC} == public
        state.apply(rng.choice(state.legal_actions()))


def test_the_public_record_has_no_seed_and_its_notation_reveals_no_card_drawn():
    state = play_random(new_state(3, seed=31), random.Random(31), until=lambda s: len(s.history) >= 40)
    record = state.public_record()
    assert "seed" not in record and record["actions"] == state.record["actions"]
    assert "draw deck" in record["actions"]
    for seat in range(3):
        assert state.copy(perspective=seat).public_record() == record
    json.dumps(record)


# ---------------------------------------------------------------------------- undo
def test_a_card_laid_before_the_draw_is_taken_back_exactly():
    state = new_state(3, seed=4)
    state.apply(state.legal_actions()[0])
    state.apply("draw deck")
    before, referee = state.to_json(), state.view(None)
    state.events(1)
    laid = state.apply(state.legal_actions()[-1])
    assert state.can_undo()
    assert state.undo() == laid
    assert state.to_json() == before and state.view(None) == referee
    assert state.events(1, 2) == []
    assert state.current_player == 1 and laid in state.legal_actions()


def test_a_card_drawn_cannot_be_taken_back_and_the_refusal_changes_nothing():
    state = new_state(3, seed=4)
    state.apply(state.legal_actions()[0])
    state.apply("draw deck")
    before = state.to_json()
    assert not state.can_undo()
    with pytest.raises(pg.IllegalAction, match="seat 0's.*and now seat 1 is to act"):
        state.undo()
    assert state.to_json() == before


def test_a_draw_that_leaves_its_seat_to_pick_cannot_be_taken_back_it_was_left_to_chance():
    """Undo rebuilds the game from its seed, so real games are searched, not arranged ones."""
    rng = random.Random(5)
    for seed in range(40):
        game = new_state(2, seed=seed)
        play_random(game, rng, until=lambda s: s.phase == 1 and s.plays == 6 * 2)
        actor = game.current_player
        game.apply("draw deck")
        if game.current_player == actor:
            before = game.to_json()
            with pytest.raises(pg.IllegalAction, match="left to chance"):
                game.undo()
            assert game.to_json() == before
            return
    pytest.fail("no game found where the last drawer picks first")


def test_a_pick_followed_by_tokens_given_without_a_choice_cannot_be_taken_back():
    """A nest's last token is always given without a choice, so a seat picking at two nests in a row
    had the rest of the first handed out after its pick."""
    rng = random.Random(6)
    for seed in range(200):
        game = new_state(3, seed=seed)
        while not game.is_over:
            actor = game.current_player
            picking = game.phase == 2
            round_before = game.round
            game.apply(rng.choice(game.legal_actions()))
            if picking and game.current_player == actor and game.round == round_before:
                before = game.to_json()
                assert not game.can_undo()
                with pytest.raises(pg.IllegalAction, match="tokens were handed out after it without a choice"):
                    game.undo()
                assert game.to_json() == before
                return
    pytest.fail("no game found where a seat picks at two nests in a row")


def test_nothing_is_taken_back_at_the_start_or_after_the_end():
    with pytest.raises(pg.IllegalAction, match="nothing has been played yet"):
        new_state(3).undo()
    over = play_random(new_state(2, seed=7), random.Random(7))
    assert not over.can_undo()


# ---------------------------------------------------------------------------- notation that names no action
def test_a_typo_is_malformed_notation_and_an_illegal_action_is_not():
    state = arrange(new_state(3), hands={0: HAND})
    with pytest.raises(pg.MalformedNotation, match="'r9' is not an equipment card"):
        state.apply("play R9 nest1")
    with pytest.raises(pg.MalformedNotation, match="cannot read 'plya r3 nest1'"):
        state.apply("plya R3 nest1")
    with pytest.raises(pg.IllegalAction, match="you hold no R4") as refused:
        state.apply("play R4 nest1")
    assert not isinstance(refused.value, pg.MalformedNotation)
    with pytest.raises(pg.IllegalAction, match="lay a card beside a nest first") as refused:
        state.apply("draw deck")
    assert not isinstance(refused.value, pg.MalformedNotation)


def test_the_bounds_follow_the_parameters_of_a_game():
    two_rounds = pg.new_game("schatz", 6, seed=1, params={"rounds": 2}).rules
    every_seat = pg.new_game("schatz", 6, seed=1, params={"rounds": 2, "extra_nest_tokens": 1}).rules
    assert max_decisions(6, {}, every_seat) == max_decisions(6, {}, two_rounds) + 2 * 3  # a pick more a nest
    assert score_range(6, {}, two_rounds)[0] == 0
    assert score_range(6, {}, every_seat)[0] == 4  # a token for every seat at the big nest: a 2 a round
    lower = pg.new_game("schatz", 3, seed=1, params={"large_token_value": 1, "rounds": 2}).rules
    assert max_decisions(3, {}, lower) == 2 * 120 // 3
    assert score_range(3, {}, lower)[0] == 2  # the large token is the least valuable now: 1 a round
    assert pg.game_info("schatz", 3, params={"rounds": 2}).max_decisions == max_decisions(3, {}, lower)
    none = pg.new_game("schatz", 2, seed=1, params={"extra_nest_tokens": -1}).rules  # no small token a nest
    assert max_decisions(2, {}, none) == 3 * 24  # the cards alone: nobody ever picks
