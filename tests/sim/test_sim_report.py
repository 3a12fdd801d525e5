"""The report of a results file: its HTML page, its plots, and numbers that match its JSON."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from phoenixgames.sim.analysis import analyse
from phoenixgames.sim.report import lookup, write_report
from phoenixgames.sim.tournament import Tournament, read_results, run_tournament


class Page(HTMLParser):
    """The images, the keyed numbers and the other text of a report page."""

    def __init__(self) -> None:
        super().__init__()
        self.images: list[str] = []
        self.numbers: list[tuple[str, str]] = []
        self.other_text: list[str] = []
        self._key: str | None = None
        self._agent = False
        self._in_style = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "img":
            self.images.append(attrs["src"])
        if "data-key" in attrs:
            self._key = attrs["data-key"]
        self._agent = attrs.get("class") in ("agent", "name")  # names whose digits are no figures
        self._in_style = tag == "style"

    def handle_endtag(self, tag):
        if tag == "span":
            self._key = None
            self._agent = False
        if tag == "style":
            self._in_style = False

    def handle_data(self, data):
        if self._key is not None:
            self.numbers.append((self._key, data))
        elif not self._in_style and not self._agent:
            self.other_text.append(data)


@pytest.fixture(scope="module")
def results(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("results") / "results.jsonl"
    plan = Tournament.checked("schatz", 3, ["greedy", "random", "ismcts:iterations=10"], seed=2)
    run_tournament(plan, 12, path)
    return path


def test_the_report_page_shows_its_plots_and_exactly_the_numbers_of_its_json(results, tmp_path):
    paths = write_report(read_results(results), tmp_path / "report")
    data = json.loads(paths["json"].read_text())
    page = Page()
    page.feed(paths["html"].read_text())
    assert len(page.images) == 4
    for source in page.images:
        assert (paths["html"].parent / source).is_file(), source
        assert (paths["html"].parent / source).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(page.numbers) > 50
    for key, text in page.numbers:
        if text.endswith("%"):  # a share, shown as the command line shows it
            assert float(text[:-1]) == pytest.approx(100 * lookup(data, key), abs=0.051), key
        else:
            assert json.loads(text) == lookup(data, key), key
    assert any(text.endswith("%") for _key, text in page.numbers)
    stray = [text for text in page.other_text if re.search(r"\d", text)]
    assert not stray, f"numbers outside the keyed elements: {stray}"


def test_the_numbers_are_those_of_the_games(results):
    lines = read_results(results)
    data = analyse(lines)
    assert data["games"] == 12
    assert sum(a["wins"] for a in data["agents"]) == pytest.approx(12, abs=1e-3)
    assert sum(a["seated"] for a in data["agents"]) == 12 * 3
    assert sum(s["games"] for s in data["seats"]) == 12 * 3
    assert data["length"]["min"] == min(line["length"] for line in lines)
    for agent in data["agents"]:
        low, high = agent["win_rate_ci95"]
        assert low <= agent["win_rate"] <= high
        assert agent["rating"]["ci95"][0] < agent["rating"]["mu"] < agent["rating"]["ci95"][1]
        assert agent["decisions"] > 0


def test_the_numbers_do_not_depend_on_timing_apart_from_time(results):
    lines = read_results(results)
    slower = [{**line, "timing": {**line["timing"], "seconds": 9.0}} for line in lines]
    first, second = analyse(lines), analyse(slower)
    first.pop("time"), second.pop("time")
    assert first == second
