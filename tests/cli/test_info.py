"""``phoenixgames list`` and ``phoenixgames rules``."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import phoenixgames as pg
from phoenixgames.games import rules_pages

ROOT = Path(__file__).resolve().parents[2]


def test_list_shows_schatz_with_its_player_counts_and_the_wild_colour_option(run):
    result = run("list")
    assert result.exit_code == 0, result.output
    assert "schatz" in result.output
    assert "Schatz des Phönix" in result.output
    assert "2-6" in result.output
    assert "wild_colour=any" in result.output
    assert "any, none" in result.output


def test_a_fault_of_phoenixgames_itself_is_one_line_with_status_1_and_no_traceback(run, monkeypatch):
    from phoenixgames.cli import info

    def broken():
        raise RuntimeError("the table fell over\nand more detail")

    monkeypatch.setattr(info, "games_table", broken)
    monkeypatch.delenv("PHOENIXGAMES_TRACEBACK", raising=False)
    result = run("list")
    assert result.exit_code == 1
    assert "internal error (RuntimeError: the table fell over); please report it" in result.output
    assert "PHOENIXGAMES_TRACEBACK=1" in result.output
    assert "Traceback" not in result.output and "more detail" not in result.output
    monkeypatch.setenv("PHOENIXGAMES_TRACEBACK", "1")
    shown = run("list")
    assert isinstance(shown.exception, RuntimeError)


def test_rules_prints_the_rules_page_of_a_game(run):
    result = run("rules", "schatz")
    assert result.exit_code == 0, result.output
    assert "Schatz des Phönix" in result.output


def test_rules_of_an_unknown_game_is_a_clean_error(run):
    result = run("rules", "phoenixx")
    assert result.exit_code == 2
    assert "no game called 'phoenixx'" in result.output
    assert "schatz" in result.output
    assert "Traceback" not in result.output


def test_rules_of_a_game_without_a_rules_page_says_so(run, monkeypatch, tmp_path):
    monkeypatch.setattr(rules_pages, "RULES_PACKAGE", "phoenixgames.nowhere")
    monkeypatch.setattr(rules_pages, "SOURCE_RULES_DIR", tmp_path / "nowhere")
    result = run("rules", "schatz")
    assert result.exit_code == 1
    assert "not in this install" in result.output
    assert "Traceback" not in result.output


@pytest.mark.slow
def test_a_built_wheel_ships_every_rules_page_and_rules_reads_them_from_it(tmp_path):
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--wheel-dir", str(tmp_path), str(ROOT)],
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stderr
    (wheel,) = tmp_path.glob("phoenixgames-*.whl")
    installed = tmp_path / "installed"
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(installed)
    for game in pg.games():
        assert (installed / "phoenixgames" / "rules" / f"{game}.md").is_file(), game
    # The wheel's package alone, away from the checkout: its rules command reads the shipped pages.
    script = (
        "import sys; sys.path.insert(0, sys.argv[1]); from phoenixgames.games import rules_pages as pages; "
        "assert pages.__file__.startswith(sys.argv[1]), pages.__file__; "
        "pages.SOURCE_RULES_DIR = None; from phoenixgames.cli import main; "
        "sys.argv[1:] = ['rules', 'syndicate']; main()"
    )
    shown = subprocess.run([sys.executable, "-c", script, str(installed)], capture_output=True, text=True, cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr
    assert "Syndicate" in shown.stdout
