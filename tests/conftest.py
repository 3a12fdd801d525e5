"""Settings for the whole suite."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from phoenixgames.cli import app


@pytest.fixture(autouse=True)
def _sealing_key_in_a_temporary_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """Save files are sealed with a key from the user's config folder; tests use a key of their own."""
    folder = tmp_path_factory.getbasetemp() / "sealing-key"
    monkeypatch.setenv("PHOENIXGAMES_KEY_FILE", str(folder / "save.key"))


@pytest.fixture
def run(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    """Run ``phoenixgames ARGS`` in a fresh working folder; ``input`` is what the person types."""
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()

    def invoke(*args: str, input: str | None = None):
        return runner.invoke(app, list(args), input=input)

    return invoke
