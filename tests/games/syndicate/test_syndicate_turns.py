"""A turn: choosing an action card, its action, flipping it and paying its bribe; the concepts the
actions use (acquire, connect, cash in, claim). The galaxy is laid in tile order, unturned (helpers)."""

import pytest

import phoenixgames as pg
from phoenixgames.games.syndicate.phases import CHOOSE

from .helpers import arrange, legal, loot, loot_paths, new_state, pay_bribe, resources, tile


def res(state, seat=0):
    return state.view(None)["seats"][seat]["resources"]


def counts(text):
    return dict(zip("RYGBP", resources(text), strict=True))


def test_syn20_choose_a_card_perform_it_flip_it_and_pay_its_bribe():
    """SYN-20: Collect at P1, then the bribe; the card is face down and the turn passes."""
    state = arrange(new_state(2), agents={0: ["P1"], 1: ["P2"]}, res={0: ""})
    state.apply("collect P1")
    assert state.view(None)["phase"] == "pay the bribe" and state.current_player == 0
    assert "collect" not in state.view(None)["seats"][0]["cards_up"]
    state.apply("bribe red slot1")
    assert state.current_player == 1
    assert res(state) == counts("RRRYY")


def test_syn21_an_action_whose_bribe_cannot_be_paid_cannot_be_chosen():
    """SYN-21: the Contract action with all cards up costs 5; with no resources it is refused unless the
    slot's own resources pay for it."""
    state = arrange(new_state(2), agents={0: ["P1"]}, res={0: ""}, slot_res=["", "RRRRR", "RRRR"])
    options = legal(state)
    assert "contract slot2" in options
    assert "contract slot1" not in options and "contract slot3" not in options
    with pytest.raises(pg.IllegalAction, match="bribe of 5"):
        state.apply("contract slot3")
    state.apply("contract slot2")
    assert state.view(None)["phase"] == "pay the bribe" and state.bribe_left == 5


def test_syn22_with_no_legal_action_all_cards_turn_face_up_first():
    """SYN-22: seat 0 has only Gamble and Contract face up, nothing to draw and no contract on a slot."""
    from phoenixgames.games.syndicate.components import CONTRACTS

    everything = [c.code for c in CONTRACTS]
    state = arrange(
        new_state(2),
        agents={0: ["P1"], 1: ["P2"]},
        slots=[None, None, None],
        cashed={1: everything},
        flipped={0: ["loot", "collect", "expand", "scheme"]},
        turn=1,
        start_player=1,  # nothing left to draw: this is the last round, and seat 0 plays last
    )
    state.apply("collect P2")
    state.apply("bribe red slot1")
    assert state.current_player == 0
    assert state.view(0)["seats"][0]["cards_up"] == ["loot", "collect", "expand", "gamble", "scheme", "contract"]
    assert state.unflipped_by_rule == 1
    assert "collect P1" in legal(state)


def test_syn23_the_first_bribe_resource_goes_onto_a_slot_the_rest_to_the_supply():
    """SYN-23: Expand's bribe of 3: one green onto slot 2, then yellow and blue to the supply."""
    state = arrange(new_state(2), agents={0: ["P1"]}, res={0: "YGB"})
    state.apply("expand P1")
    state.apply("stop")
    first = legal(state)
    assert first == [f"bribe {c} slot{s}" for c in ("red", "yellow", "green", "blue") for s in (1, 2, 3)]
    spent = sum(state.spent)
    state.apply("bribe green slot2")
    assert state.view(None)["slots"][1]["resources"]["G"] == 1
    assert legal(state) == ["pay red", "pay yellow", "pay blue"]
    state.apply("pay yellow")
    state.apply("pay blue")
    assert sum(state.spent) == spent + 2
    assert res(state) == counts("RRRRYY")
    assert state.current_player == 1


def test_syn30_acquire_gives_four_of_the_planet_and_two_or_one_of_the_moon():
    """SYN-30: P1 is red with a yellow moon: alone 4 red and 2 yellow; with another agent there, 1 yellow."""
    state = arrange(new_state(2), agents={0: ["P1"], 1: ["P2"]}, res={0: ""})
    state.apply("collect P1")
    assert res(state) == counts("RRRRYY")
    state = arrange(new_state(2), agents={0: ["P1"], 1: ["P1"]}, res={0: ""})
    state.apply("collect P1")
    assert res(state) == counts("RRRRY")


def test_syn31_reega_gives_one_of_each_sabean_core_three_red_three_purple_asteroids_nothing():
    """SYN-31: Reega and Sabean Core give their fixed amounts, shared or not; asteroids cannot be acquired from."""
    state = arrange(new_state(2), agents={0: ["RE", "A1"], 1: ["RE"]}, res={0: ""})
    assert "collect A1" not in legal(state)
    with pytest.raises(pg.IllegalAction, match="asteroid"):
        state.apply("collect A1")
    state.apply("collect RE")
    assert res(state) == counts("RYGBP")
    state = arrange(new_state(2), agents={0: ["SC"], 1: ["SC"]}, res={0: ""})
    state.apply("collect SC")
    assert res(state) == counts("RRRPPP")


def test_syn32_loot_pays_one_matching_resource_per_symbol_on_the_link():
    """SYN-32: from P1 to P2 the link shows P and B: Loot pays them, then acquires at P2 (yellow, green moon)."""
    state = arrange(new_state(2), agents={0: ["P1"]}, res={0: "PBR"})
    loot(state, "P1>P2")
    assert res(state) == counts("RYYYYGG")
    assert 0 in next(c for c in state.view(None)["galaxy"] if c["tile"] == "P2")["agents"]


def test_syn33_a_connection_between_two_deep_space_gaps_costs_ten():
    """SYN-33: C3 to C8 faces two gaps: two of each colour; with nine resources it cannot be made."""
    state = arrange(new_state(2), agents={0: ["C3"]}, res={0: "RRYYGGBBP"})
    assert "C3>C8" not in loot_paths(state)
    state = arrange(new_state(2), agents={0: ["C3"]}, res={0: "RRYYGGBBPP"})
    loot(state, "C3>C8")
    assert res(state) == counts("YYBBBB")  # C8 is blue with a yellow moon


def test_syn34_three_resources_stand_in_for_a_missing_one():
    """SYN-34: no purple for the P1-P2 link: three reds pay for it (the colour held most)."""
    state = arrange(new_state(2), agents={0: ["P1"]}, res={0: "RRRRB"})
    assert "P1>P2" in loot_paths(state)
    loot(state, "P1>P2")
    assert res(state) == counts("RYYYYGG")
    state = arrange(new_state(2), agents={0: ["P1"]}, res={0: "RRB"})
    assert "P1>P2" not in loot_paths(state)


def test_syn35_an_agent_goes_on_every_asteroid_field_whose_connection_is_used():
    """SYN-35: Loot from Sabean Core through A1 to O5 leaves agents on A1 and O5."""
    state = arrange(new_state(2), agents={0: ["SC"]}, res={0: "RYYPP"})
    loot(state, "SC>A1>O5")
    galaxy = {c["tile"]: c["agents"] for c in state.view(None)["galaxy"]}
    assert galaxy["A1"] == [0] and galaxy["O5"] == [0]


@pytest.mark.parametrize(
    ("agents", "credits", "face_up"),
    [(["P1"], 0, True), (["P1", "C2"], 1, True), (["P1", "C2", "O3"], 3, True), (["P2"], 0, False)],
)
def test_syn36_cash_in_by_planets_held(agents, credits, face_up):
    """SYN-36: one planet: face up; two: +1 credit; three: +3; none: discarded, for all to see."""
    state = arrange(new_state(2), agents={0: agents}, hands={0: ["P1C2O3"]})
    state.apply("scheme P1C2O3 P1")
    view = state.view(1)
    assert view["seats"][0]["credits"] == credits
    assert (view["seats"][0]["cashed"] == ["P1C2O3"]) is face_up
    assert ("P1C2O3" in view["discards_seen"]) is not face_up


def test_syn37_four_contracts_in_hand_are_cashed_in_down_to_three_and_only_then():
    """SYN-37: a Gamble bringing the hand to four asks for a cash in; nothing else can be done first."""
    state = arrange(new_state(2), agents={0: ["P1"]}, hands={0: ["P1C2O3", "P1C2O4", "P1C2O5"]})
    assert not any(a.startswith("cash") for a in legal(state))
    state.apply("gamble reveal")
    options = legal(state)
    assert options and all(a.startswith("cash ") for a in options) and len(options) == 4
    state.apply("cash P1C2O4")
    assert len(state.view(0)["hand"]) == 3 and state.current_player == 1


def test_syn38_claim_takes_the_slot_contract_and_its_resources_and_deals_a_new_one():
    """SYN-38: the Contract action claims slot 3's contract and resources; a new contract fills the slot."""
    state = arrange(
        new_state(2),
        agents={0: ["P1"]},
        res={0: "RRRRR"},
        slots=["P1C2O3", "P1C2O4", "P4C1O2"],
        slot_res=["", "", "GGB"],
    )
    deck = state.view(None)["deck_size"]
    state.apply("contract slot3")
    view = state.view(None)
    assert view["hands"][0] == ["P4C1O2"] and view["seats"][0]["known_in_hand"] == ["P4C1O2"]
    assert view["slots"][2]["contract"] not in (None, "P4C1O2") and view["slots"][2]["resources"]["G"] == 0
    assert view["deck_size"] == deck - 1
    assert res(state) == counts("RRRRRGGB")


def test_syn40_loot_connects_to_one_planet_then_acquires_bribe_one():
    """SYN-40: Loot: one new planet (through asteroids if need be), acquire there, a bribe of 1."""
    state = arrange(new_state(2), agents={0: ["SC"]}, res={0: "RYYPP"})
    loots = loot_paths(state)
    assert "SC>A1>O5" in loots and "SC>A1" not in loots  # never ends on an asteroid field
    loot(state, "SC>A1>O5")
    assert res(state) == counts("BBBBGG")  # O5 blue, green moon
    assert state.bribe_left == 1
    pay_bribe(state, "blue")
    assert state.current_player == 1 and res(state) == counts("BBBGG")


def test_syn41_collect_acquires_where_you_have_an_agent_bribe_one():
    """SYN-41: only planets holding your agent; a bribe of 1."""
    state = arrange(new_state(2), agents={0: ["P1", "C1"], 1: ["P2"]})
    assert [a for a in legal(state) if a.startswith("collect")] == ["collect P1", "collect C1"]
    with pytest.raises(pg.IllegalAction, match="no agent on P2"):
        state.apply("collect P2")
    state.apply("collect C1")
    assert state.bribe_left == 1


def test_syn42_expand_acquires_then_connects_to_any_number_of_tiles_bribe_three():
    """SYN-42: acquire, then connect again and again (an asteroid field too), always keeping the 3 the
    bribe needs; then stop and pay 3."""
    state = arrange(new_state(2), agents={0: ["SC"]}, res={0: "Y"})
    state.apply("expand SC")  # 3 red, 3 purple: 3R 1Y 3P
    options = legal(state)
    assert "connect SC>A1" in options and "connect SC>O4" in options and options[-1] == "stop"
    assert "connect SC>RE" not in options  # a gap and BB: far too dear
    state.apply("connect SC>O4")  # R and R
    state.apply("connect SC>A1")  # R and Y
    assert res(state) == counts("PPP")
    galaxy = {c["tile"]: c["agents"] for c in state.view(None)["galaxy"]}
    assert galaxy["O4"] == [0] and galaxy["A1"] == [0]
    state.apply("stop")
    pay_bribe(state, "purple")
    assert res(state) == counts("") and state.current_player == 1


def test_syn42_expand_never_spends_the_resources_its_bribe_needs():
    """SYN-42: a connection that would leave fewer than 3 resources is refused, with the reason."""
    state = arrange(new_state(2), agents={0: ["SC"]}, res={0: ""})
    state.apply("expand SC")
    state.apply("connect SC>O4")  # 4 left
    assert "connect SC>A1" not in legal(state)
    with pytest.raises(pg.IllegalAction, match="bribe of 3"):
        state.apply("connect SC>A1")
    state.apply("stop")
    assert state.bribe_left == 3


def test_syn43_gamble_reveal_keeps_the_top_contract_and_pays_for_two_revealed():
    """SYN-43: one contract kept; two revealed and discarded for all to see; a resource of each one's colour."""
    state = arrange(new_state(2), agents={0: ["P1"]}, res={0: ""}, deck=["P1C2O3", "P4C1O2", "P4C1O3"])
    before = set(state.view(1)["discards_seen"])
    state.apply("gamble reveal")
    view = state.view(1)
    view["discards_seen"] = [c for c in view["discards_seen"] if c not in before]
    assert view["seats"][0]["hand_size"] == 1
    assert len(view["discards_seen"]) == 2
    kept = state.view(0)["hand"][0]
    revealed = {"P1": "R", "P4": "B"}
    gained: dict[str, int] = {}
    for code in view["discards_seen"]:
        gained[revealed[code[:2]]] = gained.get(revealed[code[:2]], 0) + 1
    assert {k: v for k, v in res(state).items() if v} == gained
    assert kept not in view["discards_seen"]


def test_syn44_gamble_three_draws_three_keeps_one_discards_two_face_down():
    """SYN-44: three drawn, one kept; the other two discarded, seen only by the drawer."""
    state = arrange(new_state(2), agents={0: ["P1"]})
    state.apply("gamble three")
    drawn = state.view(0)["drawn"]
    assert len(drawn) == 3 and "drawn" not in state.view(1) and state.view(1)["drawn_count"] == 3
    assert legal(state) == ["keep 1", "keep 2", "keep 3"]
    state.apply("keep 3")
    assert state.view(0)["hand"] == [drawn[2]]
    assert state.view(0)["my_discards"] == sorted(drawn[:2])
    assert state.view(1)["discards_seen"] == [] and state.view(1)["discard_size"] == 2


def test_syn45_gamble_has_no_bribe_and_a_fourth_contract_is_cashed_at_once():
    """SYN-45: no bribe: the turn passes straight after; over three contracts, cash in at once."""
    state = arrange(new_state(2), agents={0: ["P1"]})
    before = sum(state.res[0])
    state.apply("gamble three")
    state.apply(legal(state)[0])
    assert state.current_player == 1 and sum(state.res[0]) == before
    state = arrange(new_state(2), agents={0: ["P1"]}, hands={0: ["P1C2O3", "P1C2O4", "P1C2O5"]})
    state.apply("gamble three")
    state.apply(legal(state)[0])
    assert all(a.startswith("cash ") for a in legal(state))


def test_syn46_scheme_cashes_in_then_acquires_on_the_contract_with_the_full_moon():
    """SYN-46: after cashing P1C2O3, acquire at O3 (no agent there, others are): 4 green, the full 2 red."""
    state = arrange(new_state(2), agents={0: ["P1"], 1: ["O3"]}, res={0: ""}, hands={0: ["P1C2O3"]})
    assert [a for a in legal(state) if a.startswith("scheme")] == [
        "scheme P1C2O3 P1",
        "scheme P1C2O3 C2",
        "scheme P1C2O3 O3",
    ]
    state.apply("scheme P1C2O3 O3")
    assert res(state) == counts("RRGGGG")
    assert state.view(None)["seats"][0]["cashed"] == ["P1C2O3"]


def test_syn47_scheme_may_join_one_guild_paying_its_colour_each_guild_once():
    """SYN-47: join the red guild for 4 red (the guild track); once joined, never again."""
    state = arrange(new_state(2), agents={0: ["P1"]}, res={0: "RRRR"}, hands={0: ["P1C2O3", "P1C2O4"]})
    state.apply("scheme P1C2O3 P1")  # +4 red, +2 yellow
    assert "join red" in legal(state) and legal(state)[-1] == "join none"
    state.apply("join red")
    assert state.view(None)["seats"][0]["guilds"] == ["red"]
    assert res(state) == counts("RRRRYY")
    pay_bribe(state, "yellow")
    flipped = state.flipped.copy()
    flipped[0] = 0  # seat 0's next turn (seat 1's passed), the scheme card face up again
    state = state.arranged(flipped=flipped, turn=0, turns=state.turns + 1, phase=CHOOSE)
    state.apply("scheme P1C2O4 P1")
    assert "join red" not in legal(state)
    with pytest.raises(pg.IllegalAction, match="already"):
        state.apply("join red")


def test_syn47_a_guild_needs_its_cost_and_the_bribe_after_it():
    """SYN-47: 5 blue for the blue guild, exchanges allowed, and the bribe of 1 still payable."""
    state = arrange(new_state(2), agents={0: ["P5"]}, res={0: ""}, hands={0: ["P4C1O2"]})
    state.apply("scheme P4C1O2 O2")  # O2: 4 yellow, 2 blue
    assert "join blue" not in legal(state) and "join yellow" in legal(state)
    state.apply("join none")
    assert state.view(None)["phase"] == "pay the bribe"


def test_syn48_contract_bribe_is_one_per_other_face_up_card_then_all_cards_turn_up():
    """SYN-48: with loot and collect face down, the bribe is 3; the hand is cashed down to three; then
    every card is face up."""
    state = arrange(
        new_state(2),
        agents={0: ["P1", "C2"]},
        res={0: "RRRRR"},
        hands={0: ["P1C2O3", "P1C2O4", "P1C2O5"]},
        flipped={0: ["loot", "collect"]},
    )
    state.apply("contract slot1")
    assert all(a.startswith("cash") for a in legal(state))
    state.apply("cash P1C2O3")
    assert state.bribe_left == 3 and state.credits[0] == 1
    pay_bribe(state, "red")
    assert state.view(None)["seats"][0]["cards_up"] == ["loot", "collect", "expand", "gamble", "scheme", "contract"]
    assert res(state) == counts("RR")


def test_syn48_with_only_the_contract_card_up_its_bribe_is_zero():
    state = arrange(
        new_state(2), agents={0: ["P1"]}, res={0: ""}, flipped={0: ["loot", "collect", "expand", "gamble", "scheme"]}
    )
    assert legal(state) == ["contract slot1", "contract slot2", "contract slot3"]
    state.apply("contract slot1")
    assert state.current_player == 1 and state.flipped[0] == 0


def test_syn49_only_the_contract_action_turns_cards_face_up():
    """SYN-49: a face-down card stays down over later turns and its action is refused."""
    state = arrange(new_state(2), agents={0: ["P1"], 1: ["P2"]})
    state.apply("collect P1")
    pay_bribe(state)
    state.apply("collect P2")
    pay_bribe(state)
    assert state.current_player == 0
    assert not any(a.startswith("collect") for a in legal(state))
    with pytest.raises(pg.IllegalAction, match="face down"):
        state.apply("collect P1")
    for _ in range(2):
        state.apply("gamble three")
        state.apply(legal(state)[0])
    assert state.current_player == 0
    assert "collect" not in state.view(None)["seats"][0]["cards_up"]
    assert not any(a.startswith(("collect", "gamble")) for a in legal(state))


def test_syn58_agents_are_not_limited_to_twenty():
    """SYN-58: components are not limiting: a 21st agent can still be placed."""
    planets = ["P1", "P2", "P3", "P4", "P5", "C1", "C2", "C3", "C4", "C5", "C6", "C7", "C8", "C9"]
    planets += ["O1", "O2", "O3", "O4", "RE", "SC"]
    state = arrange(
        new_state(2), agents={0: planets}, credit_on=[], credits={0: 9}, res={0: "RRRRRYYYYYGGGGGBBBBBPPPPP"}
    )
    assert state.owned[0].bit_count() == 20
    loot(state, "O4>O5")
    assert state.owned[0].bit_count() == 21 and state.owned[0] >> tile("O5") & 1
