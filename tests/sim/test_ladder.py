"""The ladder's summary in the strength document, made from the strength tables' JSON document."""

from __future__ import annotations

import json
from pathlib import Path

from phoenixgames.sim.ladder import END, START, ladder_summary, write_ladder_summary
from phoenixgames.sim.strength import play_pairing, strength_entry, write_strength_json


def _document(tmp_path: Path) -> Path:
    path = tmp_path / "strength.json"
    easy = play_pairing("schatz", "easy", "random", 6, seed=2, players=3)
    write_strength_json(path, "schatz-3p", strength_entry("schatz", [easy], "phoenixgames strength schatz"))
    return path


def _row(summary: str, game: str, players: int) -> list[str]:
    for line in summary.splitlines():
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if cells[:2] == [game, str(players)]:
            return cells
    raise AssertionError(f"no row for {game} at {players}")


def test_each_step_shows_the_upper_level_s_share_its_interval_and_games_and_a_missing_one_says_so(tmp_path):
    document = json.loads(_document(tmp_path).read_text())
    pairing = document["tables"]["schatz-3p"]["pairings"][0]
    share = pairing["shares"][0]
    summary = ladder_summary(document)
    row = _row(summary, "schatz", 3)
    low, high = share["ci95"]
    assert row[2] == "33.3%"
    assert row[3] == f"{share['win_share']:.1%} ({low * 100:.1f}-{high * 100:.1f}), 6 games"
    assert row[4] == row[5] == "not yet played (`make strength`)"
    assert row[6] == "not yet"
    assert _row(summary, "schatz", 6)[3] == "not yet played (`make strength-more`)"
    assert "| phoenix | 5 |" not in summary  # Phoenix is for 2 to 4


def test_a_row_holds_only_when_every_step_lies_above_a_fair_share():
    def pairing(upper: str, lower: str, above: bool) -> dict:
        share = {"win_share": 0.6, "ci95": [0.4, 0.75], "fair_share": 0.5}
        return {"agents": [upper, lower], "games": 48, "shares": [share, {}], "above_fair_share": above}

    steps = [("easy", "random"), ("medium", "easy"), ("hard", "medium")]
    every = {"tables": {"phoenix-2p": {"pairings": [pairing(u, lo, True) for u, lo in steps]}}}
    assert _row(ladder_summary(every), "phoenix", 2)[6] == "yes"
    every["tables"]["phoenix-2p"]["pairings"][2]["above_fair_share"] = False
    assert _row(ladder_summary(every), "phoenix", 2)[6] == "no"


def test_the_summary_goes_between_the_markers_and_the_rest_of_the_document_stays(tmp_path):
    json_path = _document(tmp_path)
    doc = tmp_path / "strength.md"
    doc.write_text(f"# Strength\n\nbefore\n{START}\nold table\n{END}\nafter\n", encoding="utf-8")
    assert write_ladder_summary(doc, json_path)
    text = doc.read_text(encoding="utf-8")
    assert "old table" not in text
    assert text.startswith("# Strength\n\nbefore\n" + START + "\n| game | players |")
    assert text.endswith(f"{END}\nafter\n")
    assert write_ladder_summary(doc, json_path) and doc.read_text(encoding="utf-8") == text


def test_a_document_without_the_markers_is_left_as_it_is(tmp_path):
    doc = tmp_path / "strength.md"
    doc.write_text("# Mine\n", encoding="utf-8")
    assert not write_ladder_summary(doc, _document(tmp_path))
    assert doc.read_text(encoding="utf-8") == "# Mine\n"


def test_the_strength_document_s_summary_is_the_one_its_json_document_makes():
    docs = Path(__file__).resolve().parents[2] / "docs"
    text = (docs / "strength.md").read_text(encoding="utf-8")
    shown = text[text.index(START) + len(START) + 1 : text.index(END)]
    assert shown == ladder_summary(json.loads((docs / "strength.json").read_text(encoding="utf-8")))
