"""Settings for the whole suite."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _sealing_key_in_a_temporary_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """Save files are sealed with a key from the user's config folder; tests use a key of their own."""
    folder = tmp_path_factory.getbasetemp() / "sealing-key"
    monkeypatch.setenv("PHOENIXGAMES_KEY_FILE", str(folder / "save.key"))
