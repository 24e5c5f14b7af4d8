"""The differential test of the engine's card play and auction: thousands of random deals of
every variant in the registry (`bridge.variants.VARIANTS`) played through `Deal` and through the
naive reference engine (`bench/reference.py`), every state compared.

`Deal` asks `core.PlayCore` (52-bit hands; tricks won, trump broken and the possible partners
kept up to date card by card) every rule of card play: it is the engine's fast path, and a slip
in its bit arithmetic or its incremental bookkeeping would not show in hand-made positions
alone. The reference restates the rules independently and naively: cards as strings, hands as
lists, every count re-scanned from the tricks, nothing imported from `bridge`. Which game it
plays is a plain `Rules` value read off the variant (`reference.rules_of`): the seats, the
ladder, the opener, the book, the sides, the first half, ... so a variant registered is played
here with nothing written for it, and whatever this test expects of a variant it derives from
those values, never from the variant's name. The reference's own hand-made tests are
`test_reference.py`.

Both engines are dealt the same hands (two `random.Random` with the same seed, shuffling the
deck in the same order, in step through washes and pass-out redeals), and the moves are chosen
as `bench/engine.py` chooses them (a table-wide keenness to bid, so contracts of every level,
doubled and redoubled ones, and pass-outs all occur), under a scoring drawn from the variant's.
After every move the two must agree on the hands, the stock and the first half's tricks, dealer,
washes, calls, phase, turn, actor, legal moves, contract, declarer, partner card, completed
tricks and the trick in progress, tricks won, trump broken, the dummy, the partner as the table
knows it and the real partner, whether the deal is over and its outcome. At every state a sample
of illegal moves (wrong seat, wrong phase, the dummy playing for itself, cards not held or not
playable, bids too low or off the ladder, doubles not allowed, the declarer's own partner card,
anything once the deal is over) must be refused by both (`BridgeError`, `ValueError`) and leave
the `Deal` as it was.
"""
from __future__ import annotations

import random
import zlib
from collections import Counter
from dataclasses import dataclass, field

import pytest

from bench.reference import DECK, ReferenceDeal, rules_of
from bench.reference import new_deal as reference_deal
from bridge import DECK as CARDS
from bridge import BridgeError, Call, Card, Deal, Phase, Settings, Trick, new_deal, parse_call
from bridge.deal import WASH_RULE
from bridge.variants import VARIANTS

PLAYERS = ("ann", "ben", "cat", "dan")
PHASES = {Phase.FIRST_HALF: "first_half", Phase.BIDDING: "bidding", Phase.CHOOSING_TEAMMATE: "partner",
          Phase.PLAYING: "playing", Phase.COMPLETE: "complete"}
#: Every call any variant has: each variant's ladder, so every game also meets bids off its own.
CALLS = ["PASS", "X", "XX", *dict.fromkeys(str(bid) for v in VARIANTS.values() for bid in v.auction.ladder)]
#: Each card's text ("AS") and back, looked up rather than formatted: the comparison reads every card
#: at every state. Cards are interned, so the engine's compare with the looked-up ones by identity.
TEXT = {card: str(card) for card in CARDS}
CARD = {text: card for card, text in TEXT.items()}
#: Each call of the reference's as the engine's (interned too).
CALL = {text: parse_call(text) for text in CALLS}
#: Shuffles for the redeal a probing pass might cause (its deal is thrown away).
SCRATCH = random.Random(0)
#: Any call or card.
ANY = [*CALLS, *DECK]
#: Variants whose deals may end before the last trick: the `playAllTricks` setting plays them out.
EARLY_END = [name for name, variant in VARIANTS.items() if variant.early_end]


@dataclass
class Seen:
    """What the deals of one test covered, so a quiet change of the move policy cannot leave the
    comparison with nothing to compare."""

    deals: int = 0
    states: int = 0
    refused: int = 0
    tricks: Counter[int] = field(default_factory=Counter)
    passouts: int = 0
    #: Deals that ended passed out, unplayed (after a first half).
    unplayed: int = 0
    washes: int = 0
    doubled: int = 0
    no_trump: int = 0
    made: int = 0
    first_halves: int = 0
    dealer_kept: int = 0

    @property
    def played(self) -> int:
        return self.deals - self.unplayed


# ----- comparing one state --------------------------------------------------------------------


def legal_moves(deal: Deal) -> list[Call] | list[Card]:
    if deal.phase is Phase.BIDDING:
        return deal.legal_bids()
    if deal.phase is Phase.CHOOSING_TEAMMATE:
        return deal.legal_partner_cards()
    return deal.legal_cards()


def plays(trick: Trick) -> list[tuple[int, Card]]:
    return [(play.position, play.card) for play in trick.plays]


def ref_plays(trick: list[tuple[int, str]]) -> list[tuple[int, Card]]:
    return [(seat, CARD[card]) for seat, card in trick]


def ref_hands(hands: list[list[str]]) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(CARD[card] for card in hand) for hand in hands)


def compare(deal: Deal, ref: ReferenceDeal, washes: int) -> list[str]:
    """Everything the table and the engine know of the deal, against the reference. Returns the
    legal moves, as the reference writes them."""
    rules = ref.rules
    assert deal.hands == ref_hands(ref.hands)
    assert deal.stock == ref_hands(ref.stock)
    assert [plays(trick) for trick in deal.first_tricks] == [ref_plays(trick) for trick in ref.first_tricks]
    assert deal.dealer == ref.dealer
    assert deal.washes == washes
    assert [(call.position, str(call.call)) for call in deal.calls] == ref.calls
    assert PHASES[deal.phase] == ref.phase
    assert deal.is_finished == (ref.phase == "complete")
    assert deal.turn == ref.turn()
    assert deal.actor == ref.actor()
    legal = ref.legal_moves()
    ours = legal_moves(deal)
    assert ours == [(CALL if ref.phase == "bidding" else CARD)[move] for move in legal]  # in the same order:
    # play_game relies on it
    actions = deal.legal_actions()  # the order the bots see: public facts only
    assert len(actions) == len(ours) and set(actions) == set(ours)

    contract = deal.contract
    assert (str(contract) if contract else None) == ref.contract
    assert (contract.declarer if contract else None) == ref.declarer
    assert (TEXT[deal.partner_card] if deal.partner_card else None) == ref.partner_card
    assert [plays(trick) for trick in deal.tricks] == [ref_plays(trick) for trick in ref.tricks]
    trick = deal.trick
    if ref.phase in ("playing", "first_half"):
        assert trick is not None and plays(trick) == ref_plays(ref.trick) and trick.leader == ref.leader
    else:
        assert trick is None and ref.trick == []
    assert list(deal.tricks_won) == ref.tricks_won()
    assert deal.trump_broken == ref.trump_broken()
    assert deal.partner == ref.partner()

    # The dummy, shown from the opening lead on; the partner as the table knows it: public once the
    # partner card is played (at once with fixed sides), and the seats that may still be the
    # partner between tricks.
    if ref.contract is not None and ref.phase in ("playing", "complete"):
        led = bool(ref.tricks or ref.trick)
        dummy = rules.partner_of(ref.declarer)
        assert deal.dummy == ((dummy, ref_hands([ref.hands[dummy]])[0]) if rules.dummy and led else None)
        revealed = ref.partner_revealed()
        assert deal.partner_revealed == revealed
        for position in range(rules.seats):
            assert sorted(deal.known_side(position)) == ref.known_side(position)
        if not ref.trick:  # the reference counts shown-out seats from completed tricks only
            core = deal.play_core
            assert core is not None
            possible = [seat for seat in range(rules.seats) if core.possible >> seat & 1]
            assert possible == sorted(ref.possible_partners())
        view = deal.view((ref.declarer + 1) % rules.seats)
        assert view.partner == (ref.partner() if revealed else None)
    else:
        assert not deal.partner_revealed and deal.dummy is None

    outcome = deal.outcome()
    assert (None if outcome is None else (outcome.declarer, outcome.partner, outcome.declarer_tricks,
                                          outcome.defender_tricks, outcome.made)) == ref.outcome()
    return legal


# ----- illegal moves --------------------------------------------------------------------------


def attempt(deal: Deal, position: int, move: str) -> Deal | None:
    """The engine's answer to `move` (a call's or a card's text) by `position` (`Deal.act`): the new
    deal, or None when it is refused. A text that is both ("2H") is read as the reference reads it:
    a call in the auction, a card outside it."""
    try:
        if move in CALLS and (move not in DECK or deal.phase is Phase.BIDDING):
            return deal.act(position, parse_call(move), SCRATCH)
        return deal.act(position, Card.parse(move), SCRATCH)
    except BridgeError:
        return None


def candidates(ref: ReferenceDeal, legal: list[str], rng: random.Random) -> list[tuple[int, str]]:
    """Moves that are illegal now, aimed at each rule, and one drawn at random."""
    seats = ref.rules.seats
    actor = ref.actor()
    others = [p for p in range(seats) if p != actor]
    moves: list[tuple[int, str]] = []
    if legal:
        moves.append((rng.choice(others), rng.choice(legal)))  # not your turn
    if ref.phase == "bidding":
        moves.append((actor, rng.choice(DECK)))  # a card in the auction
        not_legal = [call for call in CALLS if call not in legal]  # too low, off the ladder, X/XX not allowed
        moves.extend((actor, call) for call in rng.sample(not_legal, min(3, len(not_legal))))
    elif ref.phase == "partner":
        moves.append((actor, rng.choice(ref.hands[actor])))  # the declarer's own card
        moves.append((actor, rng.choice(CALLS)))  # a call
    elif ref.phase in ("playing", "first_half"):
        hand = ref.hands[ref.turn()]
        unplayable = [card for card in hand if card not in legal]  # must follow suit, trump not broken
        if unplayable:
            moves.append((actor, rng.choice(unplayable)))
        moves.append((actor, rng.choice([card for card in DECK if card not in hand])))  # not held
        moves.append((actor, rng.choice(CALLS)))  # a call in play
        if ref.rules.dummy and ref.phase == "playing":
            dummy = ref.rules.partner_of(ref.declarer)
            if ref.hands[dummy]:
                moves.append((dummy, rng.choice(ref.hands[dummy])))  # the dummy plays for itself
    else:  # the deal is over
        moves.extend((rng.randrange(seats), rng.choice(ANY)) for _ in range(2))
    moves.append((rng.randrange(seats), rng.choice(ANY)))
    return moves


def check_refusals(deal: Deal, ref: ReferenceDeal, legal: list[str], rng: random.Random) -> int:
    """Two of the candidates, drawn at random: each is refused by both, or (a random one that
    happens to be legal) accepted by both; a refusal leaves the deal as it was. Returns how many
    were refused."""
    snapshot = (deal.hands, deal.stock, deal.first_tricks, deal.state, deal.dealer, deal.washes, deal.play_core)
    refused = 0
    moves = candidates(ref, legal, rng)
    for position, move in rng.sample(moves, min(2, len(moves))):
        after = attempt(deal, position, move)
        if after is not None:  # only a legal move by the actor may be accepted; the reference says so
            assert position == ref.actor() and move in ref.legal_moves(), (position, move)
            continue
        try:
            ref.move(position, move)
        except ValueError:
            refused += 1
        else:
            raise AssertionError(f"the engine refuses {move} by seat {position}, the reference accepts it")
        assert (deal.hands, deal.stock, deal.first_tricks, deal.state, deal.dealer, deal.washes,
                deal.play_core) == snapshot
    return refused


# ----- playing deals --------------------------------------------------------------------------


def play(name: str, seed: int, seen: Seen, play_all_tricks: bool = False) -> None:
    """One game through both engines, as `bench/engine.py` plays one: dealer seat 0, washes and
    pass-out redeals, the first half, the auction, the partner card, the play to the end.
    Compared after every move."""
    variant = VARIANTS[name]
    rules = rules_of(variant)
    ours_shuffle, ref_shuffle = random.Random(seed), random.Random(seed)
    choice, probe = random.Random(~seed), random.Random(seed * 31 + 7)
    scoring = choice.choice(variant.scorings)
    changes = {"variant": name, "scoring": scoring, **({"playAllTricks": True} if play_all_tricks else {})}
    settings = Settings().with_changes(Settings.parse_changes(changes))
    deal = new_deal(variant, PLAYERS[:variant.seats], settings, 0, ours_shuffle)
    ref, washes = reference_deal(rules, 0, ref_shuffle.shuffle, play_all_tricks, WASH_RULE.of(settings))
    bias = choice.uniform(0.05, 0.6)
    while True:
        legal = compare(deal, ref, washes)
        seen.refused += check_refusals(deal, ref, legal, probe)
        seen.states += 1
        if deal.is_finished:
            break
        actor = deal.actor
        if deal.phase is Phase.BIDDING:
            if len(legal) == 1 or choice.random() >= bias:
                move = "PASS"
            else:
                bids = legal[1:]
                move = choice.choice(bids[:3]) if choice.random() < 0.85 else choice.choice(bids)
            deal = deal.act(actor, CALL[move], ours_shuffle)
            ref.move(actor, move)
            if ref.phase == "passed_out":
                seen.passouts += 1
                dealer = ref.next_dealer(scoring)
                seen.dealer_kept += dealer == ref.dealer
                ref, more = reference_deal(rules, dealer, ref_shuffle.shuffle, play_all_tricks, WASH_RULE.of(settings))
                washes += more
        else:
            move = choice.choice(legal)
            deal = deal.act(actor, CARD[move], ours_shuffle)
            ref.move(actor, move)
    seen.deals += 1
    seen.washes += washes
    seen.first_halves += len(deal.first_tricks) == variant.hand_size
    if deal.contract is None:  # passed out where that ends the deal
        seen.passouts += 1
        seen.unplayed += 1
        return
    seen.tricks[len(deal.tricks)] += 1
    seen.doubled += deal.contract.doubling.suffix != ""
    seen.no_trump += deal.contract.trump is None
    outcome = deal.outcome()
    assert outcome is not None
    seen.made += outcome.made


def play_many(name: str, deals: int, play_all_tricks: bool = False) -> Seen:
    """`deals` games of the variant `name`, and what they must have covered, by the variant's data."""
    seed = zlib.crc32(f"{name} {play_all_tricks}".encode())
    seen = Seen()
    for i in range(deals):
        play(name, seed * 1_000_003 + i, seen, play_all_tricks)
    variant = VARIANTS[name]
    assert 0 < seen.made < seen.played and seen.no_trump > 0 and seen.passouts > 0
    assert seen.refused > 1.5 * seen.states
    assert (seen.washes > 0) == (variant.wash_threshold is not None)
    assert (seen.doubled > 0) == variant.auction.doubling
    assert seen.first_halves == (deals if rules_of(variant).first_half else 0)
    assert (seen.dealer_kept > 0) == bool(set(variant.scorings) & variant.auction.same_dealer_after_pass_out)
    hand_size = variant.hand_size
    if variant.early_end and not play_all_tricks:
        assert sum(n for tricks, n in seen.tricks.items() if tricks < hand_size) > seen.played // 2  # most end early
        assert seen.tricks[hand_size] > 0
    else:
        assert seen.tricks == Counter({hand_size: seen.played})
    return seen


#: Deals played per variant: about 15 s of CPU each.
DEALS = 600


@pytest.mark.parametrize("name", list(VARIANTS))
def test_the_core_plays_every_deal_of_every_variant_as_the_reference_does(name: str) -> None:
    """Washes, the first half, the auction by the variant's ladder, opener and doubling, the
    declarer by its rule, the partner card or the fixed sides, the dummy played by the declarer,
    trump not led until broken where that is the rule, and the deal ending as soon as a side has
    its target whoever of the possible partners it is, where the variant ends deals early."""
    play_many(name, DEALS)


@pytest.mark.parametrize("name", EARLY_END)
def test_the_core_plays_every_deal_to_the_last_trick_with_play_all_tricks(name: str) -> None:
    play_many(name, DEALS // 2, play_all_tricks=True)
