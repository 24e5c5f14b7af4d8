"""Naming the partner card (SPEC §5.4) and who leads first (§5.5)."""
from __future__ import annotations

from bridge import DECK, Phase, Reason

from .conftest import (
    PLAYERS,
    SUIT_PER_SEAT,
    bidding_game,
    card,
    cards,
    choosing_game,
    hands_from,
    playing_game,
    rejects,
    room_with,
    trick,
)


def test_declarer_names_a_card_another_player_holds() -> None:
    game = choosing_game(SUIT_PER_SEAT, declarer=0, contract="2H").choose_partner(0, card("KD"))
    assert game.partner_card == card("KD")
    assert game.partner == 1  # seat 1 holds every diamond
    assert game.phase is Phase.PLAYING


def test_only_the_declarer_chooses_the_partner() -> None:
    game = choosing_game(SUIT_PER_SEAT, declarer=2)
    assert game.turn == 2
    for position in (0, 1, 3):
        with rejects(Reason.NOT_DECLARER):
            game.choose_partner(position, card("AS"))


def test_partner_card_may_not_be_the_declarers_own() -> None:
    game = choosing_game(SUIT_PER_SEAT, declarer=0)
    with rejects(Reason.OWN_CARD, mentions=["AC"]):
        game.choose_partner(0, card("AC"))


def test_partner_card_must_have_been_dealt() -> None:
    # Constructed directly: a deal is always all 52 cards, so only a damaged state lacks one.
    short = hands_from(*(" ".join(str(c) for c in hand if str(c) != "AS") for hand in SUIT_PER_SEAT))
    game = choosing_game(short, declarer=0)
    with rejects(Reason.CARD_NOT_DEALT, mentions=["AS"]):
        game.choose_partner(0, card("AS"))
    assert card("AS") not in game.legal_partner_cards()


def test_choosing_a_partner_outside_its_phase_is_wrong_phase() -> None:
    for game in (bidding_game(), playing_game(SUIT_PER_SEAT)):
        for position in range(4):
            with rejects(Reason.WRONG_PHASE):
                game.choose_partner(position, card("AS"))


def test_legal_partner_cards_are_the_other_players_39_cards() -> None:
    game = choosing_game(SUIT_PER_SEAT, declarer=1)
    assert sorted(game.legal_partner_cards()) == sorted(c for c in DECK if c.suit.letter != "D")
    assert bidding_game().legal_partner_cards() == []


def test_no_trump_declarer_leads_first() -> None:
    game = choosing_game(SUIT_PER_SEAT, declarer=2, contract="3NT").choose_partner(2, card("AS"))
    assert game.trick.leader == 2 and game.turn == 2 and game.trick.plays == ()


def test_suit_contract_player_left_of_declarer_leads_first() -> None:
    for declarer in range(4):
        partner = next(c for c in DECK if c not in SUIT_PER_SEAT[declarer])
        game = choosing_game(SUIT_PER_SEAT, declarer=declarer, contract="4S").choose_partner(declarer, partner)
        assert game.trick.leader == (declarer + 1) % 4 == game.turn


def test_partner_is_revealed_when_the_partner_card_is_played() -> None:
    # 1NT by seat 0, partner card AD (seat 1). The declarer leads a club; seat 1 has none.
    game = playing_game(SUIT_PER_SEAT, declarer=0, contract="1NT", partner="AD")
    assert game.partner == 1 and not game.partner_revealed
    game = game.play_card(0, card("2C"))
    assert not game.partner_revealed
    game = game.play_card(1, card("AD"))  # mid-trick: revealed at once, not at the end of the trick
    assert game.partner_revealed and game.partner == 1


def test_partner_stays_known_after_the_partner_card_left_their_hand() -> None:
    game = playing_game(hands_from("3C", "3D", "3H", "3S"), declarer=0, contract="1NT", partner="AD",
                        leader=0, tricks=[trick(0, "2C AD 2H 2S")])
    assert game.partner == 1 and game.partner_revealed


def test_room_chooses_partner_by_uid() -> None:
    room = room_with(choosing_game(SUIT_PER_SEAT, declarer=3))
    room = room.choose_partner(PLAYERS[3], card("AH"))
    assert room.deal.partner == 2
    with rejects(Reason.NOT_IN_ROOM):
        room_with(choosing_game()).choose_partner("eve", card("AH"))
    with rejects(Reason.NOT_DECLARER):
        room_with(choosing_game(declarer=0)).choose_partner(PLAYERS[1], card("AH"))


def test_own_card_error_names_only_that_card() -> None:
    game = choosing_game(SUIT_PER_SEAT, declarer=3)
    for own in cards("AS KS 2S"):
        with rejects(Reason.OWN_CARD, mentions=[str(own)]):
            game.choose_partner(3, own)
