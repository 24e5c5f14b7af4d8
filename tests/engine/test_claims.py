"""Claims (SPEC §15): the declarer claims tricks between tricks, the opponents answer, and a bot
answers from its seat's view plus the claimer's cards, exactly when the claim holds in every layout."""
from __future__ import annotations

import random
from itertools import combinations

import pytest

from bridge import DECK, Phase, Reason, Room, Settings, claims, new_deal, state
from bridge.claims import ClaimAnswerer, Work
from bridge.contract import CONTRACT
from bridge.deal import Bidding, Claim, Deal, Finished, Playing
from bridge.double_dummy import Budget, Ending, most_tricks
from bridge.memory import MEMORY
from bridge.room import UndoPoint
from bridge.values import evolve
from bridge.variants import variant_named

from .conftest import MIXED_DEAL, PLAYERS, call, card, cards, hands_from, playing_game, rejects, room_with, trick
from .test_double_dummy import oracle

RNG = random.Random(5)
CONTRACT_SETTINGS = Settings(variant="contract", scoring="rubber", deals=0)


def declared(hands=MIXED_DEAL, contract: str = "1S") -> Deal:
    """Contract bridge, `contract` by the dealer (0), passed out; 2 is the dummy, 1 leads."""
    deal = Deal(CONTRACT, CONTRACT_SETTINGS, PLAYERS, 0, hands, Bidding())
    for text in (contract, "PASS", "PASS", "PASS"):
        deal = deal.place_bid(deal.turn, call(text), RNG)
    return deal


def by_policy(deal: Deal, cards_to_play: int) -> Deal:
    for _ in range(cards_to_play):
        deal = deal.act(deal.actor, deal.bot_action(), RNG)
    return deal


#: Floating Bridge late in a deal: each seat had one suit (0 spades, 1 diamonds, 2 hearts, 3 clubs);
#: 1S by 0, who has led ten rounds of trump, the partner card AH (held by 2) among them: 3 cards each left.
ENDING = playing_game(
    hands_from("AS KS QS", "2D 3D 4D", "5H 6H 7H", "8C 9C TC"), declarer=0, contract="1S", partner="AH", leader=0,
    tricks=[trick(0, f"{s}S {d}D {h}H {c}C") for s, d, h, c in zip("23456789TJ", "56789TJQKA", "23489TJQKA",
                                                                   "234567JQKA", strict=True)],
)


def test_the_declarer_claims_between_tricks_and_every_seat_sees_the_claimers_cards() -> None:
    deal = ENDING.make_claim(0, 3)
    assert deal.claim is not None and (deal.claim.position, deal.claim.tricks) == (0, 3)
    for position in range(4):
        assert deal.view(position).claim_cards == cards("QS KS AS")
    assert deal.actor is None and deal.claim_answerers == (1, 3)


def test_a_claim_accepted_by_every_opponent_ends_the_deal_with_the_claimed_tricks() -> None:
    before = ENDING.side_tricks(2)
    deal = ENDING.make_claim(0, 2).answer_claim(1, True)
    assert deal.phase is Phase.PLAYING and deal.claim_answerers == (3,)
    deal = deal.answer_claim(3, True)
    assert isinstance(deal.state, Finished) and deal.is_finished
    outcome = deal.outcome()
    assert outcome is not None and outcome.partner == 2
    assert (outcome.declarer_tricks, outcome.defender_tricks) == (before[0] + 2, before[1] + 1)
    assert deal.claim == deal.state.claim and deal.claim.accepted == (1, 3)


def test_one_rejection_withdraws_the_claim_and_play_goes_on() -> None:
    deal = ENDING.make_claim(0, 3).answer_claim(1, True).answer_claim(3, False)
    assert isinstance(deal.state, Playing) and deal.claim is None and deal.actor == 0
    assert deal.view(1).claim_cards == ()
    deal.play_card(0, card("AS"))


def test_only_the_declarer_claims() -> None:
    for position in (1, 2, 3):
        with rejects(Reason.NOT_DECLARER):
            ENDING.make_claim(position, 1)


def test_the_dummys_player_does_not_claim_the_declarer_claims_for_both_hands() -> None:
    deal = by_policy(declared(), 4)
    with rejects(Reason.NOT_DECLARER):
        deal.make_claim(2, 1)
    assert deal.make_claim(0, 1).claim_answerers == (1, 3)


def test_a_claim_is_made_during_play_only() -> None:
    with rejects(Reason.WRONG_PHASE):
        Deal(CONTRACT, CONTRACT_SETTINGS, PLAYERS, 0, MIXED_DEAL, Bidding()).make_claim(0, 1)
    first_half = new_deal(MEMORY, PLAYERS[:2], Settings(variant="memory"), 0, random.Random(1))
    with rejects(Reason.WRONG_PHASE):
        first_half.make_claim(0, 1)


def test_a_claim_waits_for_the_end_of_the_trick_in_progress() -> None:
    deal = ENDING.play_card(0, card("AS"))
    with rejects(Reason.WRONG_PHASE):
        deal.make_claim(0, 2)


def test_in_floating_bridge_a_claim_waits_until_the_partner_card_is_played() -> None:
    deal = playing_game(MIXED_DEAL, declarer=0, contract="1S", partner="AH", leader=1)
    assert not deal.partner_revealed
    with rejects(Reason.WRONG_PHASE):
        deal.make_claim(0, 5)


@pytest.mark.parametrize("tricks", [-1, 4, 13])
def test_a_claim_is_for_zero_to_all_of_the_tricks_left(tricks: int) -> None:
    with rejects(Reason.INVALID_ARGUMENT):
        ENDING.make_claim(0, tricks)


def test_no_second_claim_and_no_card_while_a_claim_is_open() -> None:
    deal = ENDING.make_claim(0, 3)
    with rejects(Reason.CLAIM_PENDING):
        deal.make_claim(0, 2)
    with rejects(Reason.CLAIM_PENDING):
        deal.play_card(0, card("AS"))


def test_only_the_opponents_answer_and_each_once() -> None:
    with rejects(Reason.NO_CLAIM):
        ENDING.answer_claim(1, True)
    deal = ENDING.make_claim(0, 3)
    for position in (0, 2):  # the claimer and the partner
        with rejects(Reason.NOT_OPPONENT):
            deal.answer_claim(position, True)
    with rejects(Reason.ALREADY_ANSWERED):
        deal.answer_claim(1, True).answer_claim(1, True)


def test_the_bots_at_a_table_answer_a_claim_at_once() -> None:
    room = room_with(ENDING)
    bots = evolve(room, seats=tuple(evolve(seat, uid=f"~bot{p}") if p in (1, 3) else seat
                                    for p, seat in enumerate(room.seats)),
                  deal=evolve(ENDING, players=("ann", "~bot1", "cat", "~bot3")))
    made = ENDING.side_tricks(2)[0]
    accepted = bots.claim("ann", 3).deal  # AS KS QS: every trick, whatever the layout
    assert accepted is not None and accepted.is_finished and accepted.outcome().declarer_tricks == made + 3
    conceded = bots.claim("ann", 0).deal  # conceding every trick always holds
    assert conceded is not None and conceded.outcome().declarer_tricks == made


# ----- the bot's answer against an oracle -------------------------------------------------------


def layouts_oracle(deal: Deal, position: int) -> bool:
    """The open claim holds for `position`: in every split of the cards it cannot see between the
    hands it cannot see (sizes and shown-out suits kept), brute-force minimax gives the
    claimer's side at least the claimed tricks."""
    view = deal.view(position)
    claim, contract = view.claim, view.contract
    seats = deal.variant.seats
    known = {position: view.hand, claim.position: view.claim_cards}
    if view.dummy:
        known[view.dummy[0]] = view.dummy[1]
    unknown = [p for p in range(seats) if p not in known]
    seen = {c for h in known.values() for c in h} | {p.card for t in (*view.tricks, *view.first_tricks)
                                                     for p in t.plays}
    unseen = [c for c in DECK if c not in seen]
    size = deal.variant.hand_size - len(view.tricks)
    side = tuple(p in (contract.declarer, deal.partner) for p in range(seats))
    broken = contract.trump is not None and any(p.card.suit == contract.trump for t in view.tricks for p in t.plays)
    splits = [dict(zip(unknown, [tuple(h)], strict=True)) for h in combinations(unseen, size)] if len(unknown) == 1 \
        else [{unknown[0]: a, unknown[1]: tuple(c for c in unseen if c not in a)} for a in combinations(unseen, size)] \
        if unknown else [{}]
    for split in splits:
        hands = [list(known.get(p) or split[p]) for p in range(seats)]
        if any(c.suit in {t.plays[0].card.suit for t in view.tricks for pl in t.plays
                          if pl.position == p and pl.card.suit != t.plays[0].card.suit}
               for p in unknown for c in hands[p]):
            continue  # that seat has shown out of the suit
        if oracle(hands, view.trick.leader, contract.trump, side, deal.variant.play.trump_must_be_broken,
                  broken) < claim.tricks:
            return False
    return True


def late(variant_deal: Deal, rng: random.Random, cards_left: int) -> Deal:
    """`variant_deal` played by the bots until `cards_left` cards remain in each hand, between tricks."""
    deal = variant_deal
    while not deal.is_finished and (deal.phase is not Phase.PLAYING or len(deal.hands[0]) > cards_left
                                    or deal.trick.plays):
        deal = deal.act(deal.actor, deal.bot_action(), rng)
    return deal


@pytest.mark.parametrize("variant", ["floating", "contract", "memory"])
def test_a_bot_accepts_exactly_the_claims_that_hold_in_every_layout_it_cannot_rule_out(variant: str) -> None:
    rng = random.Random(variant)
    v = variant_named(variant)
    checked, answers = 0, set()
    while checked < (15 if variant == "floating" else 40):
        settings = Settings.of(variant=variant, playAllTricks=True) if variant == "floating" else \
            Settings(variant=variant, scoring="rubber") if variant == "contract" else Settings(variant=variant)
        deal = late(new_deal(v, PLAYERS[:v.seats], settings, 0, rng), rng, 3)
        if deal.is_finished or not deal.partner_revealed:
            continue
        for tricks in range(4):
            claimed = deal.make_claim(deal.contract.declarer, tricks)
            for position in claimed.claim_answerers:
                answer = ClaimAnswerer().answers([claimed.view(position)])[0]
                assert answer == layouts_oracle(claimed, position)
                answers.add(answer)
        checked += 1
    assert answers == {True, False}


def double_dummy_value(deal: Deal) -> int:
    """The declarer's side's tricks in `deal` played out double-dummy from here: those won so far
    and the most it can take of the rest."""
    contract, trick = deal.contract, deal.trick
    side = tuple(p in (contract.declarer, deal.partner) for p in range(4))
    ending = Ending(deal.hands, trick.leader, contract.trump, side, trick=tuple(p.card for p in trick.plays))
    return deal.side_tricks(deal.partner)[0] + most_tricks(ending)


@pytest.mark.parametrize("seed", range(10))
def test_a_claim_of_the_double_dummy_tricks_accepted_scores_what_double_dummy_play_scores(seed: int) -> None:
    """Contract bridge: a defender sees the dummy, its own hand and the claimer's cards, so it knows
    the deal: it accepts a claim of exactly the double-dummy tricks and rejects one more. Played
    out, each card keeping its side's double-dummy value, the deal ends with the claimed result."""
    rng = random.Random(seed)
    deal = late(new_deal(CONTRACT, PLAYERS, CONTRACT_SETTINGS, seed % 4, rng), rng, 5)
    if deal.is_finished:
        return
    declarer = deal.contract.declarer
    value = double_dummy_value(deal)
    best = value - deal.side_tricks(deal.partner)[0]
    claimed = deal.make_claim(declarer, best)
    assert all(ClaimAnswerer().answers([claimed.view(p) for p in claimed.claim_answerers]))
    if best < 5:
        over = deal.make_claim(declarer, best + 1)
        assert not any(ClaimAnswerer().answers([over.view(p) for p in over.claim_answerers]))
    for p in claimed.claim_answerers:
        claimed = claimed.answer_claim(p, True)

    played = deal
    while not played.is_finished:
        ours = played.turn in (declarer, played.partner)
        after = [played.play_card(played.actor, c) for c in played.legal_cards()]
        values = [a.outcome().declarer_tricks if a.is_finished else double_dummy_value(a) for a in after]
        assert (max(values) if ours else min(values)) == value
        played = after[values.index(value)]
    assert claimed.outcome().declarer_tricks == played.outcome().declarer_tricks == value


def test_an_unanswered_claim_past_the_turn_deadline_is_answered_for_the_idle_opponents() -> None:
    settings = Settings(turn_seconds=30)
    room = evolve(room_with(evolve(ENDING, settings=settings)), settings=settings)
    claimed = room.claim("ann", 3).timed(room, 1000.0)
    assert claimed.turn_deadline == 1030.0 and claimed.deal.claim_answerers == (1, 3)
    answered_one = claimed.answer_claim("ben", True).timed(claimed, 1010.0)
    assert answered_one.turn_deadline == 1030.0  # one turn from the claim to its last answer
    with rejects(Reason.TURN_NOT_EXPIRED):
        answered_one.claim_timeout("ann", 1029.0, RNG)
    ended = answered_one.claim_timeout("ann", 1030.0, RNG)
    assert ended.deal.is_finished and ended.deal.claim.accepted == (1, 3)


def test_the_clean_up_answers_an_open_claim_before_playing_a_deal_out() -> None:
    room = room_with(ENDING).claim("ann", 2)
    ended = room.played_out(RNG)
    assert ended.deal.is_finished and ended.deal.claim is not None and ended.deal.claim.tricks == 2


@pytest.mark.parametrize("answers", [(), (1,), (1, 3)])
def test_a_claim_open_or_accepted_is_stored_and_read_back_exactly(answers: tuple[int, ...]) -> None:
    deal = ENDING.make_claim(0, 3)
    for position in answers:
        deal = deal.answer_claim(position, True)
    room = room_with(deal)
    assert state.decode(state.encode(room)) == room


def bots_east_west(deal: Deal) -> Room:
    """`deal`'s room with bots in the East-West seats (1 and 3), people North and South."""
    room = room_with(deal)
    seats = tuple(evolve(seat, uid=f"~bot{p}") if p % 2 else seat for p, seat in enumerate(room.seats))
    return evolve(room, seats=seats,
                  deal=evolve(deal, players=tuple(f"~bot{p}" if p % 2 else uid for p, uid in enumerate(PLAYERS))))


def test_a_claim_the_bots_reject_stays_on_the_record_ends_the_undo_chance_and_the_next_waits_a_trick() -> None:
    """A claim is a public act: one the bots reject is withdrawn but stays on the record with the
    cards it showed, the declarer's action before it can no longer be taken back, and claiming
    again waits for another trick (each claim answered from a new position)."""
    rng = random.Random(12)
    for seed in range(20):
        deal = late(new_deal(CONTRACT, PLAYERS, CONTRACT_SETTINGS, seed % 4, rng), rng, 5)
        if deal.is_finished or deal.contract.declarer % 2 or deal.trick.leader % 2:
            continue  # the people sit North and South, the declarer's side, and are on lead
        best = double_dummy_value(deal) - deal.side_tricks(deal.partner)[0]
        if best == 5:
            continue
        room = bots_east_west(deal)
        declarer, position = room.deal.players[deal.contract.declarer], deal.contract.declarer
        room = evolve(room, undo_point=UndoPoint(position, deal))  # as if the declarer's last card could go back
        shown = room.deal.hands[position]
        rejected = room.claim(declarer, best + 1)
        assert rejected.deal.claim is None and rejected.undo_point is None
        assert rejected.deal.rejected_claims == (Claim(position, best + 1, 8),)
        assert rejected.deal.claim_cards(rejected.deal.rejected_claims[0]) == shown
        with rejects(Reason.CLAIM_REJECTED):
            rejected.claim(declarer, best)
        with rejects(Reason.NOTHING_TO_UNDO):
            rejected.request_undo(declarer)
        room = rejected
        while room.deal_in_progress and (room.deal.trick.plays or len(room.deal.tricks) == 8):  # another trick
            room = room.play_card(room.deal.players[room.deal.actor], room.deal.bot_action())
        assert room.deal.claim_cards(room.deal.rejected_claims[0]) == shown  # the cards it showed, played or not
        if not room.deal_in_progress or room.deal.trick.leader % 2:
            continue
        best = double_dummy_value(room.deal) - room.deal.side_tricks(room.deal.partner)[0]
        accepted = room.claim(declarer, best).deal
        assert accepted.is_finished and accepted.claim == Claim(position, best, 9, (1, 3))
        assert accepted.rejected_claims == rejected.deal.rejected_claims
        assert state.decode(state.encode(evolve(room, deal=accepted))).deal == accepted
        return
    raise AssertionError("no deal to claim in")


def test_a_steady_answer_spends_the_whole_budget_then_waits_whatever_the_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """A room's bots answer a claim with the same work and the same wall time whatever the cards:
    each answer spends its whole budget (the check, then searches of a layout the claimer could
    deal), then the answers wait out the rest of `seconds` each. The clock is the test's: every
    reading moves it on by a millisecond. Their answers are the bare check's."""
    spent: list[Budget] = []

    class Recorded(Budget):
        def __init__(self, nodes: int) -> None:
            super().__init__(nodes)
            spent.append(self)

    clock, slept = [0.0], []

    def perf_counter() -> float:
        clock[0] += 0.001
        return clock[0]

    monkeypatch.setattr(claims, "Budget", Recorded)
    monkeypatch.setattr(claims.time, "perf_counter", perf_counter)
    monkeypatch.setattr(claims.time, "sleep", slept.append)
    work = dict.fromkeys(range(3), Work(3_000, 2.0))
    steady, bare = ClaimAnswerer(work, steady=True), ClaimAnswerer(work)
    rng = random.Random(8)
    verdicts = set()
    for variant, size in (("floating", 4), ("contract", 5), ("memory", 5), ("floating", 5)):
        v = variant_named(variant)
        settings = Settings.of(playAllTricks=True) if variant == "floating" else Settings(
            variant=variant, scoring="target" if variant == "memory" else "rubber", deals=0)
        for seed in range(3):
            deal = late(new_deal(v, PLAYERS[:v.seats], settings, seed % v.seats, rng), rng, size)
            if deal.is_finished or not deal.partner_revealed:
                continue
            for tricks in range(size + 1):
                claimed = deal.make_claim(deal.contract.declarer, tricks)
                views = [claimed.view(p) for p in claimed.claim_answerers]
                spent.clear(), slept.clear()
                started = clock[0]
                answers = steady.answers(views)
                assert len(spent) == len(views) and all(-1 <= budget.nodes <= 0 for budget in spent)
                assert len(slept) == 1  # they end `seconds` an answer after the first reading of the clock
                assert clock[0] + slept[0] == pytest.approx(started + 0.001 + len(views) * 2.0)
                assert answers == bare.answers(views) and len(slept) == 1  # the bare answerer never waits
                verdicts.update(answers)
    assert verdicts == {True, False}
