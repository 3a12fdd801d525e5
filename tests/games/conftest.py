"""Fixtures for every game's tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from phoenixgames.cli import app


@pytest.fixture
def run(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    """Run ``phoenixgames ARGS`` in a fresh working folder; ``input`` is what the person types."""
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()

    def invoke(*args: str, input: str | None = None):
        return runner.invoke(app, list(args), input=input)

    return invoke
