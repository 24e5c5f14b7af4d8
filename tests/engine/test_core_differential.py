"""The differential test of the engine's card play: thousands of random deals played through
`Deal` and through the naive reference engine (`bench/reference.py`), every state compared.

`Deal` asks `core.PlayCore` (52-bit hands; tricks won, trump broken and the possible partners
kept up to date card by card) every rule of card play: it is the engine's fast path, and a slip
in its bit arithmetic or its incremental bookkeeping would not show in hand-made positions
alone. The reference restates the same rules (SPEC §5 Floating Bridge, §11 contract bridge)
independently and naively: cards as strings, hands as lists, every count re-scanned from the
tricks, nothing imported from `bridge`. Its own hand-made tests are `test_reference.py`.

Both engines are dealt the same hands (two `random.Random` with the same seed, shuffling the
deck in the same order, in step through washes and pass-out redeals), and the moves are chosen
as `bench/engine.py` chooses them (a table-wide keenness to bid, so contracts of every level,
doubled and redoubled ones, and pass-outs all occur). After every move the two must agree on
the hands, dealer, washes, calls, phase, turn, actor, legal moves, contract, declarer, partner
card, completed tricks and the trick in progress, tricks won, trump broken, the partner as the
table knows it and the real partner, whether the deal is over and its outcome. At every state a
sample of illegal moves (wrong seat, wrong phase, cards not held or not playable, bids too low,
doubles not allowed, the declarer's own partner card, anything once the deal is over) must be
refused by both (`BridgeError`, `ValueError`) and leave the `Deal` as it was.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from bench.reference import BIDS, DECK, ReferenceDeal
from bench.reference import new_deal as reference_deal
from bridge import DECK as CARDS
from bridge import BridgeError, Call, Card, Deal, Phase, Settings, Trick, new_deal, parse_call, variant_named

PLAYERS = ("ann", "ben", "cat", "dan")
PHASES = {Phase.BIDDING: "bidding", Phase.CHOOSING_TEAMMATE: "partner", Phase.PLAYING: "playing",
          Phase.COMPLETE: "complete"}
#: Every call, and one past the ladder.
CALLS = ["PASS", "X", "XX", *BIDS, "8C"]
#: Each card's text ("AS") and back, looked up rather than formatted: the comparison reads every card
#: at every state. Cards are interned, so the engine's compare with the looked-up ones by identity.
TEXT = {card: str(card) for card in CARDS}
CARD = {text: card for card, text in TEXT.items()}
#: Each call of the reference's as the engine's (interned too).
CALL = {text: parse_call(text) for text in CALLS[:-1]}
#: Shuffles for the redeal a probing pass might cause (its deal is thrown away).
SCRATCH = random.Random(0)
#: Any call or card.
ANY = [*CALLS, *DECK]


@dataclass
class Seen:
    """What the deals of one test covered, so a quiet change of the move policy cannot leave the
    comparison with nothing to compare."""

    deals: int = 0
    states: int = 0
    refused: int = 0
    tricks: Counter[int] = field(default_factory=Counter)
    passouts: int = 0
    washes: int = 0
    doubled: int = 0
    no_trump: int = 0
    made: int = 0


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


def compare(deal: Deal, ref: ReferenceDeal, washes: int) -> list[str]:
    """Everything the table and the engine know of the deal, against the reference. Returns the
    legal moves, as the reference writes them."""
    assert deal.hands == tuple(tuple(CARD[card] for card in hand) for hand in ref.hands)
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
    if ref.phase == "playing":
        assert trick is not None and plays(trick) == ref_plays(ref.trick) and trick.leader == ref.leader
    else:
        assert trick is None and ref.trick == []
    assert list(deal.tricks_won) == ref.tricks_won()
    assert deal.trump_broken == ref.trump_broken()
    assert deal.partner == ref.partner()

    # The partner as the table knows it: public once the partner card is played (at once with
    # fixed sides), and the seats that may still be the partner between tricks.
    if ref.phase in ("playing", "complete"):
        played = [card for t in (*ref.tricks, ref.trick) for _, card in t]
        revealed = ref.variant == "contract" or ref.partner_card in played
        assert deal.partner_revealed == revealed
        for position in range(4):
            side = deal.known_side(position)
            if revealed:
                declarers = (ref.declarer, ref.partner())
                expected = declarers if position in declarers else [p for p in range(4) if p not in declarers]
                assert sorted(side) == sorted(expected)
            else:
                assert side == (position,)
        if not ref.trick:  # the reference counts shown-out seats from completed tricks only
            core = deal.play_core
            assert core is not None
            possible = [seat for seat in range(4) if core.possible >> seat & 1]
            assert possible == sorted(ref.possible_partners())
        view = deal.view((ref.declarer + 1) % 4)
        assert view.partner == (ref.partner() if revealed else None)
    else:
        assert not deal.partner_revealed

    outcome = deal.outcome()
    assert (None if outcome is None else (outcome.declarer, outcome.partner, outcome.declarer_tricks,
                                          outcome.defender_tricks, outcome.made)) == ref.outcome()
    return legal


# ----- illegal moves --------------------------------------------------------------------------


def attempt(deal: Deal, position: int, move: str) -> Deal | None:
    """The engine's answer to `move` (a call's or a card's text) by `position`: the new deal, or
    None when it is refused. A call goes to `place_bid`, a card to `choose_partner` while the
    partner is chosen and to `play_card` otherwise, whatever the phase. A text that is both ("2H")
    is read as the reference reads it: a call in the auction, a card after it."""
    try:
        if move in CALLS and (move not in DECK or deal.phase is Phase.BIDDING):
            return deal.place_bid(position, parse_call(move), SCRATCH)
        card = Card.parse(move)
        if deal.phase is Phase.CHOOSING_TEAMMATE:
            return deal.choose_partner(position, card)
        return deal.play_card(position, card)
    except BridgeError:
        return None


def candidates(ref: ReferenceDeal, legal: list[str], rng: random.Random) -> list[tuple[int, str]]:
    """Moves that are illegal now, aimed at each rule, and one drawn at random."""
    actor = ref.actor()
    others = [p for p in range(4) if p != actor]
    moves: list[tuple[int, str]] = []
    if legal:
        moves.append((rng.choice(others), rng.choice(legal)))  # not your turn
    if ref.phase == "bidding":
        moves.append((actor, rng.choice(DECK)))  # a card in the auction
        not_legal = [call for call in CALLS if call not in legal]  # too low, X/XX not allowed, 8C
        moves.extend((actor, call) for call in rng.sample(not_legal, min(3, len(not_legal))))
    elif ref.phase == "partner":
        moves.append((actor, rng.choice(ref.hands[actor])))  # the declarer's own card
        moves.append((actor, rng.choice(CALLS)))  # a call
    elif ref.phase == "playing":
        hand = ref.hands[ref.turn()]
        unplayable = [card for card in hand if card not in legal]  # must follow suit, trump not broken
        if unplayable:
            moves.append((actor, rng.choice(unplayable)))
        moves.append((actor, rng.choice([card for card in DECK if card not in hand])))  # not held
        moves.append((actor, rng.choice(CALLS)))  # a call in play
        if ref.variant == "contract":
            dummy = (ref.declarer + 2) % 4
            if ref.hands[dummy]:
                moves.append((dummy, rng.choice(ref.hands[dummy])))  # the dummy plays for itself
    else:  # the deal is over
        moves.extend((rng.randrange(4), rng.choice(ANY)) for _ in range(2))
    moves.append((rng.randrange(4), rng.choice(ANY)))
    return moves


def check_refusals(deal: Deal, ref: ReferenceDeal, legal: list[str], rng: random.Random) -> int:
    """Two of the candidates, drawn at random: each is refused by both, or (a random one that
    happens to be legal) accepted by both; a refusal leaves the deal as it was. Returns how many
    were refused."""
    snapshot = (deal.hands, deal.state, deal.dealer, deal.washes, deal.play_core)
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
        assert (deal.hands, deal.state, deal.dealer, deal.washes, deal.play_core) == snapshot
    return refused


# ----- playing deals --------------------------------------------------------------------------


def play(variant: str, seed: int, seen: Seen, play_all_tricks: bool = False) -> None:
    """One game through both engines, as `bench/engine.py` plays one: dealer seat 0, washes and
    pass-out redeals, the auction, the partner card, the play to the end. Compared after every move."""
    if variant == "floating":
        settings = Settings.of(playAllTricks=play_all_tricks)
    else:
        settings = Settings().with_changes(Settings.parse_changes({"variant": variant}))
    ours_shuffle, ref_shuffle = random.Random(seed), random.Random(seed)
    choice, probe = random.Random(~seed), random.Random(seed * 31 + 7)
    deal = new_deal(variant_named(variant), PLAYERS, settings, 0, ours_shuffle)
    ref, washes = reference_deal(variant, 0, ref_shuffle.shuffle, play_all_tricks)
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
            deal = deal.place_bid(actor, parse_call(move), ours_shuffle)
            ref.move(actor, move)
            if ref.phase == "passed_out":
                seen.passouts += 1
                ref, more = reference_deal(variant, (ref.dealer + 1) % 4, ref_shuffle.shuffle, play_all_tricks)
                washes += more
        else:
            move = choice.choice(legal)
            card = Card.parse(move)
            deal = deal.choose_partner(actor, card) if deal.phase is Phase.CHOOSING_TEAMMATE else \
                deal.play_card(actor, card)
            ref.move(actor, move)
    seen.deals += 1
    seen.tricks[len(deal.tricks)] += 1
    seen.washes += washes
    assert deal.contract is not None
    seen.doubled += deal.contract.doubling.suffix != ""
    seen.no_trump += deal.contract.trump is None
    outcome = deal.outcome()
    assert outcome is not None
    seen.made += outcome.made


def play_many(variant: str, deals: int, seed: int, play_all_tricks: bool = False) -> Seen:
    seen = Seen()
    for i in range(deals):
        play(variant, seed * 1_000_003 + i, seen, play_all_tricks)
    assert 0 < seen.made < deals and seen.no_trump > 0 and seen.passouts > 0
    assert seen.refused > 1.5 * seen.states
    return seen


def test_the_core_plays_every_floating_deal_as_the_reference_does() -> None:
    """Floating Bridge with the early end: washes, the partner card, trump not led until broken,
    and the deal ending as soon as a side has its target whoever of the possible partners it is."""
    seen = play_many("floating", 1000, seed=1)
    assert seen.washes > 0
    assert sum(n for tricks, n in seen.tricks.items() if tricks < 13) > seen.deals // 2  # most end early
    assert seen.tricks[13] > 0


def test_the_core_plays_every_floating_deal_to_the_last_trick_with_play_all_tricks() -> None:
    seen = play_many("floating", 500, seed=2, play_all_tricks=True)
    assert seen.tricks == Counter({13: seen.deals})


def test_the_core_plays_every_contract_deal_as_the_reference_does() -> None:
    """Contract bridge: the dealer opens, doubles and redoubles, the first of the side to name the
    strain declares, the declarer plays the dummy's cards, all thirteen tricks are played."""
    seen = play_many("contract", 1000, seed=3)
    assert seen.tricks == Counter({13: seen.deals})
    assert seen.doubled > 0 and seen.washes == 0
