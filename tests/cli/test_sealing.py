"""Sealed save files: the full state is kept, but only this machine's key opens it."""

from __future__ import annotations

import multiprocessing
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


@pytest.mark.parametrize("content", ["", "\n", "00", "ab" * 31, "ab" * 33, "zz" * 32])
def test_a_key_of_the_wrong_length_or_not_hex_is_refused_and_kept(key_file: Path, content: str):
    key_file.parent.mkdir(parents=True)
    key_file.write_text(content)
    with pytest.raises(SealError, match="is damaged"):
        seal("anything")
    with pytest.raises(SealError, match="is damaged"):
        unseal(seal.__doc__ or "x")
    assert key_file.read_text() == content


def _seal_at_the_same_time(key: str, barrier, texts) -> None:
    os.environ["PHOENIXGAMES_KEY_FILE"] = key
    barrier.wait()
    texts.put(seal("the same moment"))


def test_processes_making_their_first_save_at_once_share_one_whole_key(tmp_path: Path, monkeypatch):
    context = multiprocessing.get_context("fork")
    for attempt in range(3):
        key = tmp_path / f"try{attempt}" / "save.key"
        barrier, texts = context.Barrier(6), context.Queue()
        workers = [context.Process(target=_seal_at_the_same_time, args=(str(key), barrier, texts)) for _ in range(6)]
        for worker in workers:
            worker.start()
        sealed = [texts.get(timeout=30) for _ in workers]
        for worker in workers:
            worker.join(timeout=30)
            assert worker.exitcode == 0
        monkeypatch.setenv("PHOENIXGAMES_KEY_FILE", str(key))
        assert all(unseal(text) == "the same moment" for text in sealed)
        assert len(bytes.fromhex(key.read_text().strip())) == 32
        assert [p.name for p in key.parent.iterdir()] == ["save.key"], "a temporary file was left behind"
