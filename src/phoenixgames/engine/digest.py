"""The digest a copy for one seat is saved with, which shows that the file is as it was written.

A referee's save is proved by its record: the game is dealt again from its seed and every action
played again by the game's own rules. A perspective copy (``state.copy(perspective=seat)``) has no
seed, and its past cannot be played again without the cards its seat never saw; so its save carries
the SHA-256 of what it holds, and any change to the file (damage, an edit by hand) is refused. The
digest is not a seal: a program that writes a file anew can write a matching digest. What such a file
holds is read field by field and checked by the game's invariants, so that whatever loads plays on by
the rules; and it holds nothing secret, since all its seat could not see was dealt again at random.

The random generator and the branch key are left out: they decide only what is drawn from now on and
how copies taken from the loaded copy are dealt, not the position or its past, and a caller may set
them (the game server seeds a hint's search from what the seat knows by the branch key).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

#: The entries of a save the digest does not cover: itself, and the randomness to come (above).
LEFT_OUT = ("digest", "rng", "branch_key")


def digest_of(save: dict[str, Any]) -> str:
    """The digest of a save's data (``GameState.to_json``'s object): the SHA-256, in hex, of every
    entry but those :data:`LEFT_OUT`, written as ``to_json`` writes them."""
    content = {key: value for key, value in save.items() if key not in LEFT_OUT}
    return hashlib.sha256(json.dumps(content, separators=(",", ":"), sort_keys=True).encode()).hexdigest()
