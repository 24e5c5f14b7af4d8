"""The auction (SPEC §5.3): turns, raising, passing, its two endings and the pass-out redeal."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from bridge import ALL_BIDS, PASS, BridgeError, Phase, Reason, Settings, Strain, Suit

from .conftest import (
    MIXED_DEAL,
    PLAYERS,
    SUIT_PER_SEAT,
    Permuting,
    bidding_game,
    call,
    choosing_game,
    contract_of,
    deal_with_weak_seat,
    playing_game,
    rejects,
    room_with,
    seated_room,
)

RNG = random.Random(0)  # only a pass-out redeal shuffles


def bid_all(game, *calls: str):
    """Make `calls` in turn order from whoever is to speak."""
    for text in calls:
        game = game.place_bid(game.turn, call(text), RNG)
    return game


def test_player_left_of_dealer_speaks_first() -> None:
    for dealer in range(4):
        assert bidding_game(dealer=dealer).turn == (dealer + 1) % 4


def test_turns_go_in_play_order() -> None:
    game = bidding_game(dealer=1)
    seen = []
    for text in ("PASS", "1C", "PASS", "1D", "1H", "PASS"):
        seen.append(game.turn)
        game = game.place_bid(game.turn, call(text), RNG)
    assert seen == [2, 3, 0, 1, 2, 3]
    assert [e.position for e in game.calls] == seen


def test_bid_must_be_higher_than_the_highest_bid() -> None:
    game = bidding_game(SUIT_PER_SEAT, "1S")
    for same_or_lower in ("1S", "1H", "1C"):
        with rejects(Reason.BID_TOO_LOW, mentions=["1S"]) as info:  # names the public highest bid only
            game.place_bid(1, call(same_or_lower), RNG)
        assert "1S" in info.value.message
    assert game.place_bid(1, call("1NT"), RNG).highest_bid.call == call("1NT")
    assert game.place_bid(1, call("2C"), RNG).highest_bid.call == call("2C")


def test_a_bid_after_passes_must_still_beat_the_highest_bid() -> None:
    game = bidding_game(SUIT_PER_SEAT, "2C", "PASS", "PASS")
    with rejects(Reason.BID_TOO_LOW, mentions=["2C"]):
        game.place_bid(3, call("1NT"), RNG)


def test_pass_is_always_allowed() -> None:
    for calls in ((), ("1C",), ("7S", "PASS"), ("PASS", "PASS"), ("2D", "PASS", "PASS")):
        game = bidding_game(SUIT_PER_SEAT, *calls)
        assert game.place_bid(game.turn, PASS, RNG).calls[-1].call is PASS


def test_passed_player_may_bid_again() -> None:
    game = bid_all(bidding_game(), "PASS", "1C", "1D", "PASS")
    assert game.turn == 0 and game.calls[0].call is PASS
    game = game.place_bid(0, call("2C"), RNG)
    assert game.phase is Phase.BIDDING
    assert game.highest_bid.position == 0 and game.highest_bid.call == call("2C")


def test_three_passes_after_a_bid_end_the_auction() -> None:
    game = bid_all(bidding_game(), "1C", "1H", "PASS", "PASS")
    assert game.phase is Phase.BIDDING  # two passes are not enough
    game = game.place_bid(0, PASS, RNG)
    assert game.phase is Phase.CHOOSING_TEAMMATE
    assert game.contract == contract_of(1, "1H")  # the highest bidder, not the last to bid
    assert game.turn == 1  # the declarer now names a partner


def test_a_bid_restarts_the_count_of_passes() -> None:
    game = bid_all(bidding_game(), "1C", "PASS", "PASS", "1D", "PASS", "PASS")
    assert game.phase is Phase.BIDDING
    game = game.place_bid(game.turn, PASS, RNG)
    assert game.contract == contract_of(3, "1D")


def test_three_opening_passes_let_the_dealer_speak() -> None:
    game = bid_all(bidding_game(dealer=2), "PASS", "PASS", "PASS")
    assert game.phase is Phase.BIDDING and game.turn == 2
    assert game.legal_bids() == [PASS, *ALL_BIDS]
    game = bid_all(game, "1C", "PASS", "PASS", "PASS")
    assert game.contract == contract_of(2, "1C")


def test_seven_no_trump_ends_the_auction() -> None:
    opening = bidding_game().place_bid(0, call("7NT"), RNG)
    assert opening.contract == contract_of(0, "7NT") and opening.phase is Phase.CHOOSING_TEAMMATE
    later = bid_all(bidding_game(), "1C", "PASS", "7NT")
    assert later.contract == contract_of(2, "7NT") and later.turn == 2


def test_seven_of_a_suit_does_not_end_the_auction() -> None:
    game = bid_all(bidding_game(), "7S")
    assert game.phase is Phase.BIDDING and game.legal_bids() == [PASS, call("7NT")]
    assert bid_all(game, "7NT").contract == contract_of(1, "7NT")


def test_four_opening_passes_redeal() -> None:
    game = bidding_game(SUIT_PER_SEAT, "PASS", "PASS", "PASS", dealer=3)
    redealt = game.place_bid(3, PASS, Permuting.dealing(MIXED_DEAL))
    assert redealt.hands == MIXED_DEAL          # a new shuffle
    assert redealt.dealer == 0                  # the deal passes left
    assert redealt.calls == () and redealt.contract is None
    assert redealt.phase is Phase.BIDDING and redealt.turn == 1
    assert redealt.washes == 0                  # a pass-out is not a wash
    assert redealt.players == game.players and redealt.settings == game.settings


def test_pass_out_redeal_applies_the_wash_rule() -> None:
    game = bidding_game(SUIT_PER_SEAT, "PASS", "PASS", "PASS", dealer=0)
    game = replace(game, washes=2)
    redealt = game.place_bid(0, PASS, Permuting.dealing(deal_with_weak_seat(1), MIXED_DEAL))
    assert (redealt.hands, redealt.dealer, redealt.washes) == (MIXED_DEAL, 2, 3)
    no_wash = bidding_game(SUIT_PER_SEAT, "PASS", "PASS", "PASS", dealer=0, settings=Settings.of(washRule=False))
    weak = deal_with_weak_seat(1)
    redealt = no_wash.place_bid(0, PASS, Permuting.dealing(weak))
    assert (redealt.hands, redealt.dealer, redealt.washes) == (weak, 1, 0)


def test_only_the_player_to_speak_may_call() -> None:
    game = bidding_game(dealer=3)
    for position in (1, 2, 3):
        for text in ("PASS", "1C"):
            with rejects(Reason.NOT_YOUR_TURN):
                game.place_bid(position, call(text), RNG)


def test_bid_outside_the_auction_is_wrong_phase() -> None:
    choosing = choosing_game()
    playing = playing_game(SUIT_PER_SEAT)
    for game in (choosing, playing):
        for position in range(4):
            with rejects(Reason.WRONG_PHASE):
                game.place_bid(position, PASS, RNG)


def test_legal_bids_are_pass_and_every_higher_bid() -> None:
    assert bidding_game().legal_bids() == [PASS, *ALL_BIDS]
    after = bidding_game(SUIT_PER_SEAT, "2H", "PASS")
    assert after.legal_bids() == [PASS, *ALL_BIDS[ALL_BIDS.index(call("2H")) + 1:]]
    assert choosing_game().legal_bids() == []


def test_rejected_call_changes_nothing() -> None:
    game = bidding_game(SUIT_PER_SEAT, "3C")
    snapshot = bidding_game(SUIT_PER_SEAT, "3C")
    for position, text in ((1, "2NT"), (2, "4C")):
        with pytest.raises(BridgeError):
            game.place_bid(position, call(text), RNG)
    assert game == snapshot


@pytest.mark.parametrize("level", range(1, 8))
@pytest.mark.parametrize("strain", list(Strain))
def test_contract_names_trump_and_both_targets(level: int, strain: Strain) -> None:
    text = f"{level}{strain.code}"
    game = bid_all(bidding_game(dealer=1), text, *([] if text == "7NT" else ["PASS"] * 3))
    contract = game.contract
    assert (contract.declarer, contract.bid) == (2, call(text))
    assert contract.trump == (None if strain is Strain.NO_TRUMP else Suit(strain))
    assert contract.target == level + 6
    assert contract.defender_target == 8 - level
    assert contract.target + contract.defender_target == 14  # exactly one side can reach its target


# ----- the same rules through a room, by uid ---------------------------------------------


def test_room_bids_at_the_callers_position() -> None:
    room = room_with(bidding_game(dealer=3))
    room = room.place_bid(PLAYERS[0], call("1C"), RNG)
    assert room.deal.calls[-1].position == 0
    with rejects(Reason.NOT_YOUR_TURN):
        room.place_bid(PLAYERS[2], call("2C"), RNG)


def test_bid_in_a_waiting_room_is_wrong_phase() -> None:
    with rejects(Reason.WRONG_PHASE):
        seated_room().place_bid(PLAYERS[1], PASS, RNG)


def test_bid_by_someone_not_in_the_room_is_rejected() -> None:
    with rejects(Reason.NOT_IN_ROOM):
        room_with(bidding_game()).place_bid("eve", PASS, RNG)


def test_bid_after_the_game_ended_is_rejected() -> None:
    room = room_with(bidding_game()).leave(PLAYERS[3])
    with rejects(Reason.GAME_ENDED):
        room.place_bid(PLAYERS[0], PASS, RNG)
