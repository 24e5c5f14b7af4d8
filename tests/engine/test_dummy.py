"""The dummy (SPEC §11): shown to the table from the opening lead on, played by the declarer.

Played through contract bridge, whose variant data has the dummy.
"""
from __future__ import annotations

import random

from bridge import Phase, Reason, Settings
from bridge.contract import CONTRACT
from bridge.deal import Bidding, Deal
from bridge.floating import FLOATING

from .conftest import MIXED_DEAL, PLAYERS, call, card, rejects

RNG = random.Random(0)


def declared(contract: str = "1S", dealer: int = 0) -> Deal:
    """`contract` opened by the dealer and passed out: the dealer declares, the seat opposite is
    the dummy, the seat left of the dealer leads."""
    deal = Deal(CONTRACT, Settings(variant="contract", scoring="rubber"), PLAYERS, dealer, MIXED_DEAL, Bidding())
    for text in (contract, "PASS", "PASS", "PASS"):
        deal = deal.place_bid(deal.turn, call(text), RNG)
    assert deal.phase is Phase.PLAYING
    return deal


def play(deal: Deal, *texts: str) -> Deal:
    """Each card played by whoever makes the move (the declarer for the dummy)."""
    for text in texts:
        deal = deal.play_card(deal.actor, card(text))
    return deal


def test_no_dummy_is_shown_before_the_opening_lead() -> None:
    deal = declared()
    assert deal.dummy is None
    assert all(deal.view(position).dummy is None for position in range(4))


def test_after_the_opening_lead_every_seat_sees_exactly_the_dummys_current_cards() -> None:
    deal = play(declared(), "QS")  # position 1 leads
    assert deal.dummy == (2, MIXED_DEAL[2])
    assert all(deal.view(position).dummy == (2, MIXED_DEAL[2]) for position in range(4))
    deal = play(deal, "4S")  # the declarer plays the dummy's 4S
    assert deal.dummy == (2, tuple(c for c in MIXED_DEAL[2] if c != card("4S")))


def test_the_declarer_plays_the_dummys_card_on_the_dummys_turn() -> None:
    deal = play(declared(), "QS")
    assert (deal.turn, deal.actor) == (2, 0)
    deal = deal.play_card(0, card("5S"))
    assert deal.trick is not None and deal.trick.plays[-1].position == 2
    assert card("5S") not in deal.hands[2]


def test_the_dummys_own_player_may_not_play() -> None:
    deal = play(declared(), "QS")
    with rejects(Reason.NOT_YOUR_TURN):
        deal.play_card(2, card("4S"))


def test_the_declarer_plays_from_the_dummys_hand_by_its_rules() -> None:
    deal = play(declared(), "QS")
    with rejects(Reason.CARD_NOT_IN_HAND, mentions=["AS"]):
        deal.play_card(0, card("AS"))  # the declarer's own card, on the dummy's turn
    with rejects(Reason.MUST_FOLLOW_SUIT):
        deal.play_card(0, card("AD"))  # the dummy holds spades
    assert deal.legal_cards() == [card("4S"), card("5S"), card("6S")]


def test_the_declarer_leads_for_the_dummy_after_it_wins_a_trick() -> None:
    deal = play(declared("1H"), "6H", "QH", "8H")  # 1 leads 6H, the dummy's QH, 3 plays 8H
    deal = deal.play_card(0, card("3H"))  # the declarer's own 3H: the dummy's QH wins
    assert deal.tricks[-1].winner(deal.trump) == 2
    assert (deal.turn, deal.actor) == (2, 0)
    deal = deal.play_card(0, card("AD"))
    assert deal.trick is not None and deal.trick.plays[0].position == 2


def test_all_thirteen_tricks_are_played_and_the_dummy_ends_empty() -> None:
    rng = random.Random(3)
    for _ in range(50):
        deal = declared(rng.choice(["1C", "3NT", "4S"]), dealer=rng.randrange(4))
        while not deal.is_finished:
            deal = deal.play_card(deal.actor, rng.choice(deal.legal_cards()))
        assert len(deal.tricks) == 13
        assert deal.dummy is not None and deal.dummy[1] == ()
        assert sorted(c for h in deal.hands_dealt() for c in h) == sorted(c for h in MIXED_DEAL for c in h)


def test_a_bot_plays_the_dummys_card_from_the_declarers_view() -> None:
    deal = play(declared(), "QS")
    view = deal.view(deal.actor)
    assert view.position == 0 and view.dummy == (2, MIXED_DEAL[2])
    assert deal.bot_action() in deal.legal_cards()


def test_without_a_dummy_the_player_to_act_is_the_player_whose_turn_it_is() -> None:
    deal = Deal(FLOATING, Settings(), PLAYERS, 3, MIXED_DEAL, Bidding())
    while not deal.is_finished:
        assert deal.actor == deal.turn and deal.dummy is None
        deal = deal.act(deal.actor, deal.bot_action(), RNG)
