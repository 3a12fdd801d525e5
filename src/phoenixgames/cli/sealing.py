"""Sealing save files, so that a saved game cannot be read for the hidden cards it holds.

A game saved to be resumed must hold everything, the bots' cards and the random generator included.
The save file therefore keeps that part sealed: encrypted and authenticated with a key that lives
outside the file, in the player's configuration folder (or the file named by ``PHOENIXGAMES_KEY_FILE``).
Reading the file tells the game, the seats and how far it went; nothing hidden.

The construction uses only the standard library: HMAC-SHA256 as a pseudo-random function gives the
keystream (counter mode) and, over the nonce and the ciphertext, the tag (encrypt-then-MAC).
"""

from __future__ import annotations

import base64
import contextlib
import hmac
import os
import secrets
import tempfile
from pathlib import Path

from ..engine import PhoenixGamesError

KEY_BYTES = 32
NONCE_BYTES = 16
TAG_BYTES = 32
BLOCK_BYTES = 32  # one SHA-256 output
KEY_FILE_VARIABLE = "PHOENIXGAMES_KEY_FILE"


class SealError(PhoenixGamesError):
    """A sealed part that cannot be opened: no key, another machine's key, or altered."""


def key_path() -> Path:
    """Where the sealing key lives: ``$PHOENIXGAMES_KEY_FILE``, else the user's config folder."""
    named = os.environ.get(KEY_FILE_VARIABLE)
    if named:
        return Path(named)
    config = os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config"
    return Path(config) / "phoenixgames" / "save.key"


def _load_key(create: bool) -> bytes:
    path = key_path()
    try:
        text = path.read_text(encoding="ascii")
    except FileNotFoundError:
        if not create:
            raise SealError(
                f"this save is sealed, and the key that opens it is not here ({path}): "
                "it was saved on another machine or by another user"
            ) from None
        return _create_key(path)
    except UnicodeDecodeError:
        raise SealError(f"the sealing key {path} is damaged: it is not hex digits") from None
    except OSError as exc:
        raise SealError(f"cannot read the sealing key {path}: {exc.strerror or exc}") from None
    try:
        key = bytes.fromhex(text.strip())
    except ValueError:
        raise SealError(f"the sealing key {path} is damaged: it is not hex digits") from None
    if len(key) != KEY_BYTES:
        raise SealError(
            f"the sealing key {path} is damaged: it holds {len(key)} bytes, not {KEY_BYTES} "
            "(delete it to make a new one; saves sealed with it will no longer open)"
        )
    return key


def _create_key(path: Path) -> bytes:
    """Make the key file: written whole to a temporary file, then linked into place, which fails if
    another process made the key meanwhile. So no process ever reads a half-written key, and a key once
    made is never replaced."""
    key = secrets.token_bytes(KEY_BYTES)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as exc:
        raise SealError(f"cannot create the sealing key {path}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(descriptor, "w", encoding="ascii") as handle:  # mkstemp makes it readable by its owner only
            handle.write(key.hex() + "\n")
            handle.flush()
            os.fsync(handle.fileno())
        os.link(temporary, path)
    except FileExistsError:  # made meanwhile by another process: use that one
        return _load_key(create=False)
    except OSError as exc:
        raise SealError(f"cannot create the sealing key {path}: {exc.strerror or exc}") from None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
    return key


def _subkeys(key: bytes) -> tuple[bytes, bytes]:
    return hmac.digest(key, b"encrypt", "sha256"), hmac.digest(key, b"authenticate", "sha256")


def _keystream(key: bytes, nonce: bytes, length: int) -> bytes:
    blocks = (length + BLOCK_BYTES - 1) // BLOCK_BYTES
    stream = b"".join(hmac.digest(key, nonce + i.to_bytes(8, "big"), "sha256") for i in range(blocks))
    return stream[:length]


def _xor(data: bytes, stream: bytes) -> bytes:
    return (int.from_bytes(data, "big") ^ int.from_bytes(stream, "big")).to_bytes(len(data), "big")


def seal(text: str) -> str:
    """``text`` encrypted and authenticated with this machine's key (made on first use), as base64."""
    encrypt_key, tag_key = _subkeys(_load_key(create=True))
    nonce = secrets.token_bytes(NONCE_BYTES)
    plain = text.encode("utf-8")
    cipher = _xor(plain, _keystream(encrypt_key, nonce, len(plain)))
    tag = hmac.digest(tag_key, nonce + cipher, "sha256")
    return base64.b64encode(nonce + cipher + tag).decode("ascii")


def unseal(sealed: str) -> str:
    """The text :func:`seal` sealed; :class:`SealError` if there is no key or the seal was altered."""
    try:
        raw = base64.b64decode(sealed.encode("ascii"), validate=True)
    except (ValueError, UnicodeEncodeError, AttributeError):
        raise SealError("the sealed part of the save is damaged: it is not base64") from None
    if len(raw) < NONCE_BYTES + TAG_BYTES:
        raise SealError("the sealed part of the save is damaged: it is too short")
    encrypt_key, tag_key = _subkeys(_load_key(create=False))
    nonce, cipher, tag = raw[:NONCE_BYTES], raw[NONCE_BYTES:-TAG_BYTES], raw[-TAG_BYTES:]
    if not hmac.compare_digest(tag, hmac.digest(tag_key, nonce + cipher, "sha256")):
        raise SealError(
            "the sealed part of the save does not open with this machine's key: it was altered, "
            f"or sealed with another key than {key_path()}"
        )
    try:
        return _xor(cipher, _keystream(encrypt_key, nonce, len(cipher))).decode("utf-8")
    except UnicodeDecodeError:
        raise SealError("the sealed part of the save is damaged") from None
