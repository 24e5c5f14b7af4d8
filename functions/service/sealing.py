"""Each hand sealed for its holder in the room document (docs/DECISIONS.md, "A hand travels
sealed in the room document"; docs/API.md, "Your hand").

Every person dealt in at a room has a key of their own there, `key_for` the room's secret (32
random bytes in its server-only state document) and their uid: the same key whenever they are
dealt in at that room, nobody's key telling anything of the secret or of another's key (HMAC-SHA256
is a pseudorandom function). It is given to them alone in `rooms/{id}/keys/{uid}` (the security
rules) while they are dealt into the room's current or last deal. The room document's
`sealedHands` holds, by position, what each human is told of their hand (`documents.hand_bytes`)
sealed with their key: AES-256-GCM under a fresh random nonce, as `nonce ‖ ciphertext ‖ tag`, in
base64. Every write of the room document seals every hand again, so a seal changes with every
change of the room whatever the hand: nothing but its holder's key tells anything of it, and its
length is fixed."""
from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Mapping, Sequence

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from bridge.documents import hand_bytes
from bridge.wire import HandView

SECRET_BYTES, NONCE_BYTES = 32, 12


def new_secret() -> str:
    """A room's secret, in base64: 32 bytes from the operating system's secure generator."""
    return base64.b64encode(secrets.token_bytes(SECRET_BYTES)).decode()


def key_for(secret: str, uid: str) -> str:
    """`uid`'s key at the room whose secret is `secret` (base64): HMAC-SHA256 of the uid, 32 bytes."""
    return base64.b64encode(hmac.digest(base64.b64decode(secret), uid.encode(), hashlib.sha256)).decode()


def seal(key: str, plaintext: bytes) -> str:
    """`plaintext` sealed with `key` (base64) under a fresh nonce: base64 of nonce, ciphertext, tag."""
    nonce = secrets.token_bytes(NONCE_BYTES)
    return base64.b64encode(nonce + AESGCM(base64.b64decode(key)).encrypt(nonce, plaintext, None)).decode()


def sealed_hands(players: Sequence[str], hands: Mapping[str, HandView], secret: str) -> list[str | None]:
    """The room document's `sealedHands`: by position of `players` (the deal's seating), the hand of
    each human there (`hands`, `documents.hand_views`) sealed with their key; None for a bot."""
    return [seal(key_for(secret, uid), hand_bytes(hands[uid])) if uid in hands else None for uid in players]
