"""The envelope that keeps the world model with an interpreter state, as the record stores it.

One bytes value per saved state: the interpreter's own state packed with the orchestrator's memory
(map, items, puzzles, agent state) and a checksum, so a damaged or altered state is refused before a
restore. saves.py rotates such states; the record names them by checksum (`state_ref`).
"""

from __future__ import annotations

import hashlib
import json
import struct
import zlib
from typing import Any

MAGIC = b"AFZ2"  # then the sha256 of the rest, so a damaged or altered state is refused before a restore
OLD_MAGIC = b"AFZ1"  # written before states carried a checksum; still read
_HEADER = struct.Struct(">I")
_DIGEST = 32
ROTATION = "rotation"  # the key of the mind that holds the save rotation as of this state
SELF = "self"  # a rotation entry that is the state holding the record


class StateDamagedError(ValueError):
    """A stored state does not match the checksum written with it."""


def pack_state(interpreter: bytes, mind: dict[str, Any]) -> bytes:
    """Interpreter bytes plus the JSON memory, in one self-describing value with its checksum.

    >>> unpack_state(pack_state(b"\\x00ram", {"turn": 3}))
    (b'\\x00ram', {'turn': 3})
    """
    header = zlib.compress(json.dumps(mind, separators=(",", ":")).encode("utf-8"))
    body = _HEADER.pack(len(header)) + header + interpreter
    return MAGIC + hashlib.sha256(body).digest() + body


def unpack_state(data: bytes) -> tuple[bytes, dict[str, Any] | None]:
    """Split a packed state; a bare interpreter state comes back with no memory.

    >>> unpack_state(b"plain")
    (b'plain', None)
    >>> unpack_state(pack_state(b"ram", {})[:-1] + b"X")
    Traceback (most recent call last):
    autofrotz.storage.states.StateDamagedError: the stored interpreter state does not match its checksum
    """
    if data.startswith(MAGIC):
        body = data[len(MAGIC) + _DIGEST :]
        if hashlib.sha256(body).digest() != data[len(MAGIC) : len(MAGIC) + _DIGEST]:
            raise StateDamagedError("the stored interpreter state does not match its checksum")
    elif data.startswith(OLD_MAGIC):
        body = data[len(OLD_MAGIC) :]
    else:
        return data, None
    try:
        (size,) = _HEADER.unpack(body[: _HEADER.size])
        text = zlib.decompress(body[_HEADER.size : _HEADER.size + size]).decode("utf-8")
        mind = json.loads(text)
    except (struct.error, zlib.error, ValueError) as exc:
        raise StateDamagedError(f"the stored interpreter state cannot be read: {exc}") from None
    if not isinstance(mind, dict):
        raise StateDamagedError("the stored interpreter state carries no world model")
    return body[_HEADER.size + size :], mind


def state_ref(packed: bytes) -> str:
    """The name a rotation record gives a stored state: its checksum, in hex."""
    if packed.startswith(MAGIC):
        return packed[len(MAGIC) : len(MAGIC) + _DIGEST].hex()
    return hashlib.sha256(packed).hexdigest()


def referenced_states(packed: bytes) -> set[str]:
    """The refs of the other stored states a state's rotation record names (kept while it is the newest)."""
    try:
        record = (unpack_state(packed)[1] or {}).get(ROTATION) or {}
    except StateDamagedError:
        return set()
    entries = list(record.get("points", [])) + list(record.get("ladder", []))
    return {str(e[2]) for e in entries if isinstance(e, list) and len(e) == 3 and e[2] != SELF}
