"""Verifiable dealing (SPEC §16): the procedure, its uniformity, the room's commitments and
entropy, redeals from the same stream, duplicate events' seeds, and the verifier."""
from __future__ import annotations

import copy
import hashlib
import hmac
import json
import random
from collections import Counter
from itertools import permutations

import pytest

from bridge import DECK, PASS, Phase, Reason, Room, Settings, Status, deal_hands, documents
from bridge.deal import is_weak
from bridge.deal_seed import ENTROPY, DealSeed, _Stream, commitment
from bridge.event import Event, EventStatus, Form
from bridge.event_documents import board_document, public_event
from bridge.room import EventTable
from bridge.values import evolve
from bridge.variants import variant_named
from bridge.verify import verify, verify_board, verify_record

from .conftest import PLAYERS, rejects
from .test_event import DIRECTOR, Director, filled
from .test_match import new_room, ready_all

SEED = bytes(range(32))


# ----- the procedure, restated independently -----------------------------------------------------


def oracle_deck(seed: bytes, entropy: list[str], number: int, deck: int) -> list[str]:
    """docs/API.md's procedure written out plainly: the whole stream first, then Fisher-Yates."""
    stream = b"".join(
        hmac.new(seed, json.dumps(["bridge-deal-1", number, deck, block, entropy], separators=(",", ":"),
                                  ensure_ascii=False).encode(), hashlib.sha256).digest() for block in range(64))
    words = [int.from_bytes(stream[i:i + 4], "big") for i in range(0, len(stream), 4)]
    cards = [rank + suit for suit in "CDHS" for rank in "23456789TJQKA"]
    for i in range(51, 0, -1):
        n = i + 1
        while words[0] >= 2**32 - 2**32 % n:
            words.pop(0)
        j = words.pop(0) % n
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def hands_of(cards: list[str], hands: int = 4) -> list[list[str]]:
    order = {str(card): i for i, card in enumerate(sorted(DECK))}
    return [sorted(cards[13 * h:13 * h + 13], key=order.__getitem__) for h in range(hands)]


@pytest.mark.parametrize("entropy", [["", "", "", ""], ["dice 4 2 6", "", "ümlaut ☃", '"quoted\\"']])
@pytest.mark.parametrize("deck", [0, 1, 2])
def test_the_deck_is_the_documented_procedure_over_seed_entropy_number_and_deck(entropy: list[str], deck: int) -> None:
    shuffler = DealSeed(SEED, tuple(entropy), 7, deck).shuffler()
    dealt = deal_hands(shuffler)
    assert [[str(c) for c in hand] for hand in dealt] == hands_of(oracle_deck(SEED, entropy, 7, deck))
    assert shuffler.seed.decks == deck + 1  # the next shuffle takes the next deck


def test_a_word_in_the_last_partial_range_is_drawn_again() -> None:
    """Rejection keeps `random(n)` uniform: 2**32 - 1 is the one word past the last whole range of
    three (2**32 % 3 == 1), so it is skipped for the next."""
    stream = _Stream(DealSeed(SEED, (), 1), 0)
    words = iter([2**32 - 1, 2**32 - 2, 7])
    stream._next_word = lambda: next(words)  # type: ignore[method-assign]
    assert stream.below(3) == (2**32 - 2) % 3
    assert stream.below(3) == 7 % 3


def test_the_commitment_is_the_hex_sha256_of_the_seed() -> None:
    assert commitment(SEED) == hashlib.sha256(SEED).hexdigest() == DealSeed(SEED, (), 1).commitment


def test_every_input_changes_the_deck() -> None:
    base = deal_hands(DealSeed(SEED, ("", "a", "", ""), 3).shuffler())
    for changed in (DealSeed(bytes(32), ("", "a", "", ""), 3), DealSeed(SEED, ("", "b", "", ""), 3),
                    DealSeed(SEED, ("a", "", "", ""), 3), DealSeed(SEED, ("", "a", "", ""), 4),
                    DealSeed(SEED, ("", "a", "", ""), 3, 1)):
        assert deal_hands(changed.shuffler()) != base


def chi_square(counts: Counter, cells: list) -> float:
    expected = sum(counts.values()) / len(cells)
    return sum((counts[cell] - expected) ** 2 / expected for cell in cells)


def test_the_shuffle_is_uniform_over_the_permutations_of_four() -> None:
    """24,000 shuffles of four items, one per seed: every order about equally often (chi-square,
    23 degrees of freedom, bound at p ~ 1e-6 so the fixed seeds give a fixed, honest answer)."""
    draws = 24_000
    counts: Counter = Counter()
    for i in range(draws):
        items = [0, 1, 2, 3]
        DealSeed(hashlib.sha256(i.to_bytes(4, "big")).digest(), (), 1).shuffler().shuffle(items)
        counts[tuple(items)] += 1
    assert set(counts) == set(permutations(range(4)))
    assert chi_square(counts, list(permutations(range(4)))) < 60.0


def test_every_card_goes_to_every_seat_and_place_equally_often() -> None:
    """3,000 deals: where the ace of spades and the two of clubs end up in the shuffled deck
    (52 places, chi-square 51 degrees of freedom, bound at p ~ 1e-6)."""
    draws = 3_000
    places: dict[str, Counter] = {"AS": Counter(), "2C": Counter()}
    for i in range(draws):
        deck = list(DECK)
        DealSeed(hashlib.sha256(b"u" + i.to_bytes(4, "big")).digest(), ("x",), 2).shuffler().shuffle(deck)
        for index, card in enumerate(deck):
            if str(card) in places:
                places[str(card)][index] += 1
    for counter in places.values():
        assert chi_square(counter, list(range(52))) < 110.0


def test_entropy_is_plain_text_of_one_to_sixty_four_characters() -> None:
    assert ENTROPY.parse("  my lucky number 7 ") == "my lucky number 7"
    assert ENTROPY.parse("x" * 64) == "x" * 64
    for bad in ("", "   ", "x" * 65, 7, None, ["a"], "\ud800"):
        with rejects(Reason.INVALID_ARGUMENT, ["entropy"]):
            ENTROPY.parse(bad)


# ----- a room: commitment before the deal, entropy, the seed revealed after ---------------------


def play_out(room: Room, rng: random.Random) -> Room:
    """Random legal moves to the deal's end, redeals drawing from the deal's own seed."""
    while room.deal_in_progress:
        deal = room.deal
        uid = deal.players[deal.actor]
        if deal.phase is Phase.BIDDING:
            legal = deal.legal_bids()
            room = room.place_bid(uid, rng.choice(legal[1:4]) if len(legal) > 1 and rng.random() < 0.3 else PASS)
        elif deal.phase is Phase.CHOOSING_TEAMMATE:
            room = room.choose_partner(uid, rng.choice(deal.legal_partner_cards()))
        else:
            room = room.play_card(uid, rng.choice(deal.legal_cards()))
    return room


def test_a_room_commits_to_each_deal_before_it_and_reveals_the_seed_in_its_record() -> None:
    room = new_room(Settings(deals=3))
    rng = random.Random(5)
    for number in (1, 2, 3):
        shown = documents.public_room(room)["nextDeal"]
        assert shown["number"] == number
        room = ready_all(room).toggle_ready(PLAYERS[1]).toggle_ready(PLAYERS[1], entropy=f"ben's {number}")
        room = room.start(PLAYERS[0])
        public = documents.public_room(room)
        assert public["dealing"] == {"number": number, "commitment": shown["commitment"],
                                     "entropy": ["", f"ben's {number}", "", ""], "decks": room.seed.decks}
        assert public["nextDeal"]["commitment"] != shown["commitment"]  # a fresh seed for the next deal
        assert all(player["entropy"] == "" for player in public["players"])  # entropy is for one deal
        assert room.seed.seed.hex() not in json.dumps(public)  # no secret on the room
        room = play_out(room, rng)
        record = documents.deal_record(room)
        dealing = record["dealing"]
        revealed = bytes.fromhex(dealing["seed"])
        assert dealing["commitment"] == shown["commitment"] == hashlib.sha256(revealed).hexdigest()
        assert verify_record(record).verified, verify_record(record)
    assert documents.public_room(room)["nextDeal"] is None  # the match is over: no next deal


def test_entropy_goes_with_getting_ready_and_not_at_an_events_table() -> None:
    room = new_room(Settings())
    ready = room.toggle_ready(PLAYERS[1], entropy="abc")
    assert ready.seats[1].ready and ready.seats[1].entropy == "abc"
    assert documents.public_room(ready)["players"][1]["entropy"] == "abc"  # entropy is public
    unready = ready.toggle_ready(PLAYERS[1])
    assert not unready.seats[1].ready and unready.seats[1].entropy == ""  # withdrawn with the readiness
    with rejects(Reason.INVALID_ARGUMENT, ["entropy"]):
        ready.toggle_ready(PLAYERS[1], entropy="xyz")  # this call would make ben unready
    at_event = evolve(room, event=EventTable("ev", 0, 0))
    with rejects(Reason.INVALID_ARGUMENT, ["event"]):
        at_event.toggle_ready(PLAYERS[1], entropy="abc")


def test_redeals_draw_the_next_decks_of_the_same_stream() -> None:
    """A wash (a weak hand) and a round of passes each redeal from the deal's next deck; the record
    says how many decks were drawn, and the verifier finds the hands in the last."""
    variant = variant_named("floating")
    def washed(seed: bytes) -> bool:
        return any(is_weak(variant, hand) for hand in deal_hands(DealSeed(seed, ("", "", "", ""), 1).shuffler()))
    seed = next(s for i in range(500) if washed(s := hashlib.sha256(bytes([i, 1])).digest()))
    room = ready_all(evolve(new_room(Settings()), next_seed=seed)).start(PLAYERS[0])
    assert room.deal.washes >= 1 and room.seed.decks == room.deal.washes + 1
    drawn = room.seed.decks
    for _ in range(4):  # a round of passes: the deal is redealt from the next deck
        room = room.place_bid(room.deal.players[room.deal.actor], PASS)
    assert room.seed.decks > drawn and not room.deal.calls
    shuffler = DealSeed(seed, ("", "", "", ""), 1).shuffler()
    decks = [deal_hands(shuffler) for _ in range(room.seed.decks)]
    assert room.deal.hands == decks[-1]
    record = documents.deal_record(play_out(room, random.Random(1)))
    assert record["dealing"]["decks"] == room.seed.decks and verify_record(record).verified


@pytest.mark.parametrize("variant", ["contract", "tiger", "memory"])
def test_every_variant_deals_from_its_seed(variant: str) -> None:
    settings = Settings(variant=variant, deals=1, **({"scoring": "chicago"} if variant == "contract" else {}))
    room = new_room(settings) if variant != "memory" else \
        Room.create(PLAYERS[0], "Ann", settings).join(PLAYERS[1], "Ben")
    room = play_out(ready_all(room).start(PLAYERS[0]), random.Random(3))
    record = documents.deal_record(room)
    verdict = verify_record(record)
    assert verdict.verified, verdict
    if variant == "contract":
        assert record["vulnerable"] == {"NS": False, "EW": False}  # the first deal of a Chicago


# ----- the verifier rejects any change ---------------------------------------------------------


def a_record() -> dict:
    room = ready_all(new_room(Settings())).toggle_ready(PLAYERS[2]).toggle_ready(PLAYERS[2], entropy="cat")
    return json.loads(json.dumps(documents.deal_record(play_out(room.start(PLAYERS[0]), random.Random(8)))))


def test_the_verifier_rejects_a_record_with_any_card_seed_entropy_or_commitment_changed() -> None:
    record = a_record()
    assert verify_record(record).verified
    changes = []
    for position in range(4):  # one card swapped between two hands
        changed = copy.deepcopy(record)
        mine, theirs = changed["hands"][position]["cards"], changed["hands"][(position + 1) % 4]["cards"]
        mine[0], theirs[0] = theirs[0], mine[0]
        changes.append(changed)
    for field, value in (("seed", "00" * 32), ("seed", record["dealing"]["seed"][:-1] + "0"),
                         ("commitment", "ab" * 32), ("entropy", ["", "", "", ""]),
                         ("entropy", ["", "", "cat", "x"]), ("number", 2), ("decks", 2)):
        changed = copy.deepcopy(record)
        if changed["dealing"][field] == value:
            continue
        changed["dealing"][field] = value
        changes.append(changed)
    for changed in changes:
        verdict = verify_record(changed)
        assert not verdict.verified and verdict.reason, changed["dealing"]
    assert not any(v.verified for v in verify(changes)) and verify([record])[0].verified


# ----- duplicate events: one seed for every board, revealed at the end ---------------------------


def test_an_event_commits_to_its_boards_seed_at_creation_and_reveals_it_at_the_end() -> None:
    event = Event.create("ev1", DIRECTOR, Form.TEAMS, boards=2)
    assert event.seed is not None
    doc = public_event(event)
    assert doc["dealing"] == {"commitment": commitment(event.seed), "seed": None}
    for board in event.boards:
        assert board.hands == deal_hands(DealSeed(event.seed, (), board.number).shuffler())
    played = Director(filled(event)).play()
    assert played.status is EventStatus.ENDED
    ended = public_event(played)
    assert ended["dealing"] == {"commitment": commitment(event.seed), "seed": event.seed.hex()}
    boards = [board_document(played, n) for n in (1, 2)]
    assert all(verify_board(ended, board).verified for board in boards)
    assert not verify_board(doc, boards[0]).verified  # before the end: no seed to check
    tampered = copy.deepcopy(boards[0])
    tampered["hands"][0]["cards"][0], tampered["hands"][2]["cards"][0] = \
        tampered["hands"][2]["cards"][0], tampered["hands"][0]["cards"][0]
    assert not verify_board(ended, tampered).verified
    assert [v.verified for v in verify({"event": ended, "boards": boards})] == [True, True]


def test_nothing_public_depends_on_a_deals_seed_before_it_ends() -> None:
    """The same room with a different secret seed (and so different hands) shows the same room
    document to everyone but the commitment, until the deal's end."""
    base = ready_all(new_room(Settings.of(deals=2, washRule=False)))
    a = evolve(base, next_seed=bytes(32)).start(PLAYERS[0])
    b = evolve(base, next_seed=bytes([1] * 32)).start(PLAYERS[0])
    assert a.deal.hands != b.deal.hands
    doc_a, doc_b = documents.public_room(a), documents.public_room(b)
    assert doc_a["dealing"]["commitment"] != doc_b["dealing"]["commitment"]
    for doc in (doc_a, doc_b):
        doc.pop("nextDeal"), doc["dealing"].pop("commitment")
    assert doc_a == doc_b
    assert documents.deal_record(a) is None and documents.deal_record(b) is None
    assert a.status is Status.BIDDING
