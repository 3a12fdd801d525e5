"""The generic figures of a game: win shares, margin of victory, lead changes."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from phoenixgames.sim.metrics import LeadTracker, margin_of, win_share_of

scores = st.lists(st.integers(0, 20), min_size=2, max_size=6)


@given(st.lists(scores, min_size=1, max_size=30).filter(lambda s: len({len(x) for x in s}) == 1))
def test_the_lead_changes_at_most_once_a_look_and_only_when_another_seat_alone_leads(looks):
    lead = LeadTracker()
    leaders = []
    for seen in looks:
        lead.see(seen)
        best = max(seen)
        if seen.count(best) == 1:
            leaders.append(seen.index(best))
    changes = sum(1 for a, b in zip(leaders, leaders[1:], strict=False) if a != b)
    assert lead.changes == changes <= max(0, len(looks) - 1)


@given(scores)
def test_the_margin_is_the_winners_lead_over_the_best_of_the_others(seen):
    best = max(seen)
    winners = [seat for seat, score in enumerate(seen) if score == best]
    margin = margin_of(seen, winners)
    if len(winners) > 1:
        assert margin == 0
    else:
        assert margin == best - sorted(seen)[-2] > 0
    assert sum(win_share_of(winners, len(seen))) == pytest.approx(1)
