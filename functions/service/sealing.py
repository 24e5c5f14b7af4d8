"""Each hand sealed for its holder in the room document (docs/DECISIONS.md, "A hand travels
sealed in the room document"; docs/API.md, "Your hand").

Every person dealt in at a room has a key of their own there: 32 random bytes, kept in the room's
server-only state document and given to them alone in `rooms/{id}/keys/{uid}` (the security
rules). The room document's `sealedHands` holds, by position, what each human is told of their
hand (`documents.hand_bytes`) sealed with their key: AES-256-GCM under a fresh random nonce, as
`nonce ‖ ciphertext ‖ tag`, in base64. Every write of the room document seals every hand again,
so a seal changes with every change of the room whatever the hand: nothing but its holder's key
tells anything of it, and its length is fixed."""
from __future__ import annotations

import base64
import secrets
from collections.abc import Mapping, Sequence

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from bridge.documents import hand_bytes
from bridge.wire import HandView

KEY_BYTES, NONCE_BYTES = 32, 12


def new_key() -> str:
    """A person's key at a room, in base64: from the operating system's secure generator."""
    return base64.b64encode(secrets.token_bytes(KEY_BYTES)).decode()


def seal(key: str, plaintext: bytes) -> str:
    """`plaintext` sealed with `key` (base64) under a fresh nonce: base64 of nonce, ciphertext, tag."""
    nonce = secrets.token_bytes(NONCE_BYTES)
    return base64.b64encode(nonce + AESGCM(base64.b64decode(key)).encrypt(nonce, plaintext, None)).decode()


def sealed_hands(players: Sequence[str], hands: Mapping[str, HandView],
                 keys: Mapping[str, str]) -> list[str | None]:
    """The room document's `sealedHands`: by position of `players` (the deal's seating), the hand of
    each human there (`hands`, `documents.hand_views`) sealed with their key; None for a bot."""
    return [seal(keys[uid], hand_bytes(hands[uid])) if uid in hands else None for uid in players]
