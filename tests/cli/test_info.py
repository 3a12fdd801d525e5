"""``phoenixgames list`` and ``phoenixgames rules``."""

from __future__ import annotations

import pytest

from phoenixgames.cli.info import rules_path


def test_list_shows_schatz_with_its_player_counts_and_the_wild_colour_option(run):
    result = run("list")
    assert result.exit_code == 0, result.output
    assert "schatz" in result.output
    assert "Schatz des Phönix" in result.output
    assert "2-6" in result.output
    assert "wild_colour=any" in result.output
    assert "any, none" in result.output


def test_rules_prints_the_rules_page_of_a_game(run):
    if not rules_path("schatz").exists():
        pytest.skip("docs/rules/schatz.md is not written yet")
    result = run("rules", "schatz")
    assert result.exit_code == 0, result.output
    assert "Schatz des Phönix" in result.output


def test_rules_of_an_unknown_game_is_a_clean_error(run):
    result = run("rules", "phoenixx")
    assert result.exit_code == 2
    assert "no game called 'phoenixx'" in result.output
    assert "schatz" in result.output
    assert "Traceback" not in result.output


def test_rules_of_a_game_without_a_rules_page_says_where_it_was_looked_for(run, monkeypatch, tmp_path):
    monkeypatch.setattr("phoenixgames.cli.info.RULES_DIR", tmp_path / "nowhere")
    result = run("rules", "schatz")
    assert result.exit_code == 1
    assert "not available" in result.output
    assert "schatz.md" in result.output
    assert "Traceback" not in result.output
