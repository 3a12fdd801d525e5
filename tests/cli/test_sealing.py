"""Sealed save files: the full state is kept, but only this machine's key opens it."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from phoenixgames.cli.sealing import SealError, key_path, seal, unseal


@pytest.fixture
def key_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "keys" / "save.key"
    monkeypatch.setenv("PHOENIXGAMES_KEY_FILE", str(path))
    return path


def test_a_sealed_text_opens_to_the_same_text(key_file: Path):
    text = '{"hands": [[1, 2, 3]], "note": "Schatz des Phönix"}'
    sealed = seal(text)
    assert "hands" not in sealed and unseal(sealed) == text


def test_the_key_is_made_once_readable_by_its_owner_only(key_file: Path):
    first = seal("a")
    assert key_path() == key_file and key_file.exists()
    assert stat.S_IMODE(os.stat(key_file).st_mode) == 0o600
    made = key_file.read_text()
    assert unseal(first) == "a" and unseal(seal("b")) == "b"
    assert key_file.read_text() == made


def test_two_seals_of_the_same_text_differ(key_file: Path):
    assert seal("same") != seal("same")


@pytest.mark.parametrize("sealed", ["not base64!", "QUJD", ""])
def test_damaged_seals_are_refused(key_file: Path, sealed: str):
    seal("make the key")
    with pytest.raises(SealError, match="damaged"):
        unseal(sealed)


def test_a_seal_without_its_key_cannot_be_opened(key_file: Path):
    sealed = seal("secret")
    key_file.unlink()
    with pytest.raises(SealError, match="not here"):
        unseal(sealed)
    seal("a new key")
    with pytest.raises(SealError, match="another key"):
        unseal(sealed)
