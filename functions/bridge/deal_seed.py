"""Verifiable dealing (SPEC §16): every deck comes from a seed the server committed to before
the deal, mixed with the players' own entropy, by a fixed procedure anyone can rerun.

The procedure (also in docs/API.md "Verifiable dealing", in `scripts/verify-deals` and in the
web client's verify view; change one, change all):

1. The server draws a fresh 32-byte `seed` from the operating system (`secrets`) and shows its
   `commitment`, the lower-case hex SHA-256 of the seed, before the deal.
2. Each seated player may add `entropy` (1-64 characters) when they get ready; a seat without
   any (a bot, or a player who sent none) counts as `""`. They are taken in position order.
3. The `deck`-th deck of deal `number` (0 for the first; each redeal of the same deal takes the
   next) is drawn from the byte stream of blocks
   `HMAC-SHA256(key=seed, message=JSON ["bridge-deal-1", number, deck, block, entropy])`
   for `block` = 0, 1, 2, …: the message is the compact JSON array (no spaces, UTF-8, as
   JavaScript's `JSON.stringify` writes it), `entropy` the list of strings by position.
4. A random number below `n` takes the stream's next 4 bytes as a big-endian integer `w`,
   drawing again while `w >= 2**32 - 2**32 % n` (so every value is equally likely), and is
   `w % n`.
5. Fisher-Yates: starting from the deck in its fixed order (2C 3C … AC, 2D … AD, 2H … AH,
   2S … AS), for `i` from 51 down to 1 swap card `i` with card `random(i + 1)`.
6. The hands are then dealt in blocks: position 0 takes cards 0-12, position 1 cards 13-25 and
   so on (Memory Bridge deals four such hands of 13: its first half's two, then the second
   half's); each hand is sorted by suit, then rank.

The server cannot steer a deal once it has committed (the seed is fixed, and a different seed
would not match the commitment), and no player can (the seed is secret until the deal ends,
so no entropy can be chosen to suit it).
"""
from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import struct
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from .chat import plain

#: The seed's length in bytes.
SEED_BYTES = 32
#: A player's entropy is 1-64 characters (trimmed, as any user text).
MAX_ENTROPY = 64
#: Names the procedure in every HMAC message, so a changed procedure can never be mistaken for this one.
PROCEDURE = "bridge-deal-1"

def new_seed() -> bytes:
    """A fresh secret seed from the operating system's CSPRNG."""
    return secrets.token_bytes(SEED_BYTES)


def commitment(seed: bytes) -> str:
    """What the room shows before the deal: the lower-case hex SHA-256 of the seed."""
    return hashlib.sha256(seed).hexdigest()


#: A player's entropy as sent with `toggleReady`: 1-`MAX_ENTROPY` characters of plain text.
ENTROPY = plain("entropy", MAX_ENTROPY)


@dataclass(frozen=True, slots=True)
class DealSeed:
    """The inputs of one deal's decks: the server's `seed`, the players' `entropy` by position,
    the deal's `number` in its match (or the board's in an event), and how many `decks` have
    been drawn for it so far (redeals included)."""

    seed: bytes
    entropy: tuple[str, ...]
    number: int
    decks: int = 0

    @property
    def commitment(self) -> str:
        return commitment(self.seed)

    def shuffler(self) -> SeededShuffle:
        """The shuffler that draws this deal's next deck (`decks` of them are drawn already)."""
        return SeededShuffle(self)


class SeededShuffle:
    """A `Shuffler` that shuffles with the deal's stream (procedure above): its first shuffle uses
    deck `seed.decks`, each further one the next deck. `seed` is the `DealSeed` counting the
    decks drawn so far."""

    def __init__(self, seed: DealSeed) -> None:
        self.seed = seed

    def shuffle(self, x: list[Any]) -> None:
        """Fisher-Yates over `x` with the next deck's stream."""
        fisher_yates(x, _Stream(self.seed, self.seed.decks))
        self.seed = DealSeed(self.seed.seed, self.seed.entropy, self.seed.number, self.seed.decks + 1)


_WORDS = 2**32


class WordStream:
    """Random numbers from a stream of bytes: each unsigned 32-bit big-endian word in turn, from the
    chunks `source()` returns one after another (each a whole number of words)."""

    def __init__(self, source: Callable[[], bytes]) -> None:
        self._source = source
        self._words: Iterator[int] = iter(())

    def _next_word(self) -> int:
        word = next(self._words, None)
        if word is None:
            chunk = self._source()
            self._words = iter(struct.unpack(f">{len(chunk) // 4}I", chunk))
            word = next(self._words)
        return word

    def below(self, n: int) -> int:
        """A number in 0..n-1, each equally likely: the next word `w` modulo `n`, drawing again
        while `w` falls in the last partial range (`w >= 2**32 - 2**32 % n`)."""
        limit = _WORDS - _WORDS % n
        while (word := self._next_word()) >= limit:
            pass
        return word % n


def fisher_yates(x: list[Any], stream: WordStream) -> None:
    """Shuffle `x` in place: for `i` from the last index down to 1, swap item `i` with item `below(i + 1)`."""
    below = stream.below
    for i in range(len(x) - 1, 0, -1):
        j = below(i + 1)
        x[i], x[j] = x[j], x[i]


class _Stream(WordStream):
    """The words of one deck's stream: its HMAC-SHA256 blocks 0, 1, 2, … in turn."""

    def __init__(self, seed: DealSeed, deck: int) -> None:
        head = json.dumps([PROCEDURE, seed.number, deck], separators=(",", ":"), ensure_ascii=False)[:-1] + ","
        tail = "," + json.dumps(list(seed.entropy), separators=(",", ":"), ensure_ascii=False) + "]"
        blocks = iter(range(2**31))
        super().__init__(lambda: hmac.digest(seed.seed, f"{head}{next(blocks)}{tail}".encode(), "sha256"))
