"""The deal verifier (SPEC §16): recompute a finished deal's hands from its revealed seed and check
them against its hand record, and the seed against the commitment shown before the deal.

Run it as `scripts/verify-deals` (see there and the README): it reads hand records as JSON (one
record, a list of them, or `{"event": …, "boards": […]}` for a duplicate event) and prints one
line a deal. It uses only the standard library and this package's pure modules, so any Python
3.11 runs it; the procedure itself is `deal_seed`'s.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .deal import is_weak
from .deal_seed import SEED_BYTES, DealSeed, commitment
from .dealing import Hand, deal_hands
from .variants import variant_named

_DIRECTIONS = ("North", "East", "South", "West")


@dataclass(frozen=True, slots=True)
class Verdict:
    """What the verifier found for one deal: `verified` or not, and why, in words."""

    deal: str
    verified: bool
    reason: str

    def __str__(self) -> str:
        return f"{self.deal}: {'verified' if self.verified else 'NOT VERIFIED'}: {self.reason}"


def _seed(text: object) -> bytes | None:
    if not isinstance(text, str) or len(text) != 2 * SEED_BYTES:
        return None
    try:
        return bytes.fromhex(text)
    except ValueError:
        return None


def _hand_text(hand: Hand) -> list[str]:
    return [str(card) for card in hand]


def _recorded(hands: Sequence[Mapping[str, Any]]) -> list[list[str]]:
    return [list(hand["cards"]) for hand in hands]


def _mismatch(dealt: Sequence[Hand], recorded: list[list[str]], names: Sequence[str]) -> str | None:
    """Which hand the deck and the record disagree on, if any."""
    if len(dealt) != len(recorded):
        return f"the record has {len(recorded)} hands, the deck deals {len(dealt)}"
    for name, hand, cards in zip(names, dealt, recorded, strict=True):
        if _hand_text(hand) != cards:
            return f"{name}'s recorded hand {' '.join(cards)} is not the deck's {' '.join(_hand_text(hand))}"
    return None


def verify_record(record: Mapping[str, Any]) -> Verdict:
    """A room's hand record (`rooms/{id}/deals/{n}`): its `dealing.seed` must hash to its
    `dealing.commitment`, and the last of the `decks` the procedure draws from the seed, the
    entropy and the number must deal exactly its hands (Memory Bridge: the first half's, then the
    second half's). Earlier decks are the deal's redeals: those with a weak hand under Floating
    Bridge's wash rule must number the record's `washes` (the rest were passed out, in public)."""
    name = f"deal {record.get('number')}"
    dealing = record.get("dealing")
    if not isinstance(dealing, Mapping):
        board = record.get("board")
        reason = (f"board {board} of a duplicate event: verify it with the event's seed" if board is not None
                  else "the record has no seed (dealt before verifiable dealing)")
        return Verdict(name, False, reason)
    seed = _seed(dealing.get("seed"))
    if seed is None:
        return Verdict(name, False, f"the seed is not {2 * SEED_BYTES} hex digits")
    if commitment(seed) != dealing.get("commitment"):
        return Verdict(name, False, "the seed's SHA-256 is not the commitment shown before the deal")
    variant = variant_named(record["variant"])
    per_deck = variant.hands_per_deck
    shuffler = DealSeed(seed, tuple(dealing["entropy"]), dealing["number"]).shuffler()
    decks = [deal_hands(shuffler, per_deck, variant.hand_size) for _ in range(dealing["decks"])]
    if not decks:
        return Verdict(name, False, "the record says no deck was drawn")
    names = _DIRECTIONS[:variant.seats]
    recorded = _recorded(record["hands"])
    if per_deck > variant.seats:  # a first half's hands, then the second's
        recorded = _recorded(record["firstHalf"]["hands"]) + recorded
        names = tuple(f"{n} (first half)" for n in names) + names
    if (problem := _mismatch(decks[-1], recorded, names)) is not None:
        return Verdict(name, False, problem)
    washed = sum(any(is_weak(variant, hand) for hand in deck) for deck in decks[:-1])
    if record.get("washes", 0) and washed != record["washes"]:
        return Verdict(name, False,
                       f"{record['washes']} washes are recorded but {washed} earlier decks had a weak hand")
    return Verdict(name, True, f"the seed matches commitment {dealing['commitment'][:16]}…, and deck "
                               f"{len(decks)} of the stream (entropy {list(dealing['entropy'])!r}) deals the "
                               f"recorded hands; {len(decks) - 1} earlier decks ({washed} washed)")


def verify_board(event: Mapping[str, Any], board: Mapping[str, Any]) -> Verdict:
    """A duplicate event's or a robot tournament's board (`events/{id}/boards/{n}`,
    `tournaments/{id}/boards/{n}`): once the event has ended (the tournament closed) its
    `dealing.seed` (on its document) must hash to the commitment shown from its creation, and
    deck 0 of deal `n` of that seed, with no entropy, must deal the board's hands."""
    name = f"board {board.get('number')}"
    dealing = event.get("dealing")
    if not isinstance(dealing, Mapping):
        return Verdict(name, False, "the event has no seed (created before verifiable dealing)")
    seed = _seed(dealing.get("seed"))
    if seed is None:
        return Verdict(name, False, "the event has not revealed its seed (it reveals it when it ends)")
    if commitment(seed) != dealing.get("commitment"):
        return Verdict(name, False, "the seed's SHA-256 is not the event's commitment")
    dealt = deal_hands(DealSeed(seed, (), board["number"]).shuffler())
    if (problem := _mismatch(dealt, _recorded(board["hands"]), _DIRECTIONS)) is not None:
        return Verdict(name, False, problem)
    return Verdict(name, True, f"the event's seed matches commitment {dealing['commitment'][:16]}…, and deals "
                               "the board's hands")


def verify(document: Any) -> list[Verdict]:
    """Every deal in `document`: a hand record, a list of them, or `{"event": …, "boards": […]}`
    (an event's or a tournament's document, and its boards)."""
    if isinstance(document, Mapping) and "event" in document:
        return [verify_board(document["event"], board) for board in document["boards"]]
    records = document if isinstance(document, list) else [document]
    return [verify_record(record) for record in records]
