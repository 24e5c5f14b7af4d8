"""Card play (SPEC §5.5) and the end of the deal (§5.6)."""
from __future__ import annotations

import pytest

from bridge import BridgeError, Deal, Phase, Reason, Settings, Suit, documents

from .conftest import (
    MIXED_DEAL,
    PLAYERS,
    SUIT_PER_SEAT,
    bidding_game,
    card,
    cards,
    choosing_game,
    endgame,
    hands_from,
    play_trick,
    playing_game,
    rejects,
    room_with,
    trick,
)

# ----- following suit -----------------------------------------------------------------

FOLLOW = hands_from("AS 2H 3D", "KS 4H 5D", "QS 6H 7D", "JS 8H 2C")  # hearts trump, seat 0 leads


def test_must_follow_suit() -> None:
    game = playing_game(FOLLOW, declarer=3, contract="1H", current="AS")
    for off_suit in ("4H", "5D"):
        with rejects(Reason.MUST_FOLLOW_SUIT, mentions=[off_suit]) as info:
            game.play_card(1, card(off_suit))
        assert "spades" in info.value.message
    assert game.legal_cards() == [card("KS")]
    assert game.play_card(1, card("KS")).trick.plays[-1].card == card("KS")


def test_player_void_in_the_led_suit_may_play_any_card() -> None:
    game = playing_game(hands_from("AS 3D", "4H 5D", "QS 7D", "JS 2C"), declarer=3, contract="1H", current="AS")
    assert game.legal_cards() == list(cards("5D 4H"))
    game.play_card(1, card("5D"))
    ruffed = game.play_card(1, card("4H"))  # trump may be played on a side-suit lead before it is broken
    assert ruffed.trick.plays[-1].card == card("4H")


def test_must_follow_suit_applies_in_no_trump() -> None:
    game = playing_game(FOLLOW, declarer=0, contract="2NT", current="3D")
    with rejects(Reason.MUST_FOLLOW_SUIT, mentions=["KS"]):
        game.play_card(1, card("KS"))


# ----- leading trump -------------------------------------------------------------------


def test_trump_may_not_be_led_before_broken() -> None:
    game = playing_game(FOLLOW, declarer=3, contract="1H")
    with rejects(Reason.TRUMP_NOT_BROKEN, mentions=["2H"]) as info:
        game.play_card(0, card("2H"))
    assert "hearts" in info.value.message
    assert game.legal_cards() == list(cards("3D AS"))


def test_leader_holding_only_trump_may_lead_trump() -> None:
    game = playing_game(hands_from("2H 5H", "KS 4H", "QS 6H", "JS 8H"), declarer=3, contract="1H")
    assert game.legal_cards() == list(cards("2H 5H"))
    assert game.play_card(0, card("5H")).trick.plays[0].card == card("5H")


def test_trump_is_broken_by_a_trump_in_a_completed_trick() -> None:
    hands = hands_from("AS 2D 9H", "KS 3D 8H", "2H 3H 4D", "QS 5D 7H")
    game = playing_game(hands, declarer=3, contract="1H")
    with rejects(Reason.TRUMP_NOT_BROKEN, mentions=["3H"]):
        game.play_card(0, card("9H"))  # seat 0 may not lead trump yet
    game = game.play_card(0, card("AS")).play_card(1, card("KS")).play_card(2, card("2H"))
    assert not game.trump_broken  # a trump in the trick being played does not count yet
    game = game.play_card(3, card("QS"))
    assert game.trump_broken and game.trick.leader == 2  # the ruff won
    assert game.play_card(2, card("3H")).trick.plays[0].card == card("3H")


def test_trump_may_be_led_once_broken_in_an_earlier_trick() -> None:
    game = playing_game(hands_from("3H 3D", "4H 4D", "5H 5D", "6H 6D"), declarer=3, contract="1H",
                        tricks=[trick(0, "AS KS 2H QS")], leader=2)
    assert game.trump_broken
    assert game.turn == 2 and game.legal_cards() == list(cards("5D 5H"))


def test_no_trump_has_no_trump_rules() -> None:
    game = playing_game(FOLLOW, declarer=0, contract="3NT")
    assert game.trick.leader == 0
    assert game.legal_cards() == list(cards("3D 2H AS"))
    assert not game.trump_broken


# ----- who wins the trick ------------------------------------------------------------------


@pytest.mark.parametrize("trump, plays, winner", [
    (Suit.HEARTS, "AS 2H 3H KS", 2),      # the highest trump wins
    (Suit.HEARTS, "AS 4H 3H KS", 1),
    (Suit.HEARTS, "5H AS 2H KH", 3),      # trump led: highest trump
    (Suit.CLUBS, "9D KD 2D AS", 1),       # no trump in it: highest of the led suit
    (Suit.CLUBS, "9D AS AH 2D", 0),       # off-suit high cards do not win
    (None, "2C AS AH AD", 0),             # no trump: only the led suit counts
    (None, "TD JD QD KD", 3),
    (Suit.SPADES, "2C 2S AC KC", 1),      # the lowest trump beats the led suit's ace
])
def test_highest_trump_wins_trick(trump: Suit | None, plays: str, winner: int) -> None:
    for leader in range(4):
        assert trick(leader, plays).winner(trump) == (leader + winner) % 4


def test_trick_winner_leads_the_next_trick() -> None:
    hands = hands_from("9D 2C", "KD 3C", "2D 4C", "AS 5C")
    game = playing_game(hands, declarer=1, contract="1C", leader=0)
    for position, text in enumerate(("9D", "KD", "2D", "AS")):
        game = game.play_card(position, card(text))
    assert game.tricks[-1].winner(game.trump) == 1
    assert game.trick.leader == 1 and game.turn == 1 and game.trick.plays == ()
    assert game.tricks_won == (0, 1, 0, 0)


def test_a_played_card_leaves_the_hand_for_the_trick() -> None:
    game = playing_game(FOLLOW, declarer=3, contract="1H").play_card(0, card("AS"))
    assert card("AS") not in game.hands[0] and len(game.hands[0]) == 2
    assert [(p.position, p.card) for p in game.trick.plays] == [(0, card("AS"))]
    assert game.turn == 1


# ----- rejected plays ----------------------------------------------------------------------


def test_playing_out_of_turn_is_rejected() -> None:
    game = playing_game(FOLLOW, declarer=3, contract="1H")
    for position, text in ((1, "KS"), (2, "QS"), (3, "JS"), (3, "AS")):
        with rejects(Reason.NOT_YOUR_TURN):
            game.play_card(position, card(text))


def test_playing_a_card_not_in_hand_is_rejected() -> None:
    game = playing_game(FOLLOW, declarer=3, contract="1H", tricks=[trick(0, "TC JC QC KC")])
    for text in ("KS", "2C", "TC", "AC"):  # another's card, a played card, an undealt card
        with rejects(Reason.CARD_NOT_IN_HAND, mentions=[text]):
            game.play_card(0, card(text))


def test_playing_outside_the_play_is_wrong_phase() -> None:
    for game in (bidding_game(), choosing_game()):
        with rejects(Reason.WRONG_PHASE):
            game.play_card(game.turn, game.hands[game.turn][0])
    assert bidding_game().legal_cards() == [] and choosing_game().legal_cards() == []


def test_rejected_play_changes_nothing() -> None:
    game = playing_game(FOLLOW, declarer=3, contract="1H", current="AS")
    before = playing_game(FOLLOW, declarer=3, contract="1H", current="AS")
    for position, text in ((1, "4H"), (2, "QS"), (1, "AS")):
        with pytest.raises(BridgeError):
            game.play_card(position, card(text))
    assert game == before


# ----- the end of the deal (the ENDGAME position is described in conftest) ---------------------


def test_endgame_position_is_what_the_comment_says() -> None:
    game = endgame("1NT")
    assert game.tricks_won == (3, 3, 3, 2) and game.partner == 2 and game.turn == 2
    assert game.side_tricks(game.partner) == (6, 5)


def test_deal_ends_when_a_side_reaches_target() -> None:
    game = play_trick(endgame("1NT"), "AH", "TS", "AC", "KS")  # declarer's side: 7 = 1 + 6
    assert game.phase is Phase.COMPLETE and game.trick is None and game.turn is None
    assert len(game.tricks) == 12 and [len(h) for h in game.hands] == [1, 1, 1, 1]
    outcome = game.outcome()
    assert (outcome.declarer, outcome.partner, outcome.declarer_tricks, outcome.defender_tricks) == (0, 2, 7, 5)
    assert outcome.made and outcome.winners == (0, 2)


def test_deal_ends_when_the_defenders_reach_their_target() -> None:
    # QS, not AH, is the partner card here, and it is played in this trick: the sides are public.
    # (With AH unplayed, seat 1 might be the partner for all the table knows, so play would go on.)
    game = play_trick(endgame("2NT", partner="QS"), "QS", "TS", "AC", "AS")  # defenders: 6 = 8 - 2
    assert game.phase is Phase.COMPLETE
    outcome = game.outcome()
    assert (outcome.declarer_tricks, outcome.defender_tricks, outcome.made) == (6, 6, False)
    assert outcome.winners == (1, 3)


def test_deal_goes_on_while_neither_side_has_its_target() -> None:
    game = play_trick(endgame("1NT"), "QS", "TS", "AC", "AS")  # defenders 6 of 7, declarer 6 of 7
    assert game.phase is Phase.PLAYING and game.turn == 1 and game.outcome() is None
    game = play_trick(game, "KS", "AH", "JS", "AD")
    assert game.phase is Phase.COMPLETE and len(game.tricks) == 13
    assert game.outcome().defender_tricks == 7 and not game.outcome().made


def test_play_all_tricks_plays_thirteen() -> None:
    game = play_trick(endgame("1NT", play_all_tricks=True), "AH", "TS", "AC", "KS")
    assert game.phase is Phase.PLAYING and game.side_tricks(game.partner) == (7, 5)  # target reached, play goes on
    game = play_trick(game, "QS", "JS", "AD", "AS")
    assert game.phase is Phase.COMPLETE and len(game.tricks) == 13 and game.hands == ((), (), (), ())
    outcome = game.outcome()
    assert (outcome.declarer_tricks, outcome.defender_tricks, outcome.made) == (7, 6, True)


@pytest.mark.parametrize("contract, made", [("1NT", True), ("2NT", False)])
def test_made_iff_declarer_side_reaches_level_plus_six(contract: str, made: bool) -> None:
    game = play_trick(endgame(contract, play_all_tricks=True), "AH", "TS", "AC", "KS")
    game = play_trick(game, "QS", "JS", "AD", "AS")
    outcome = game.outcome()
    assert outcome.declarer_tricks == 7
    assert outcome.made is made is (outcome.declarer_tricks >= outcome.contract.target)
    assert outcome.winners == ((0, 2) if made else (1, 3))


def test_no_play_after_the_deal_is_over() -> None:
    game = play_trick(endgame("1NT"), "AH", "TS", "AC", "KS")
    with rejects(Reason.WRONG_PHASE):
        game.play_card(0, card("AD"))
    assert game.legal_cards() == []
    room = room_with(game)
    assert room.is_ended
    with rejects(Reason.GAME_ENDED):
        room.play_card(PLAYERS[0], card("AD"))


def test_room_plays_at_the_callers_position() -> None:
    room = room_with(playing_game(FOLLOW, declarer=3, contract="1H"))
    room = room.play_card(PLAYERS[0], card("AS"))
    assert room.deal.trick.plays[0].position == 0
    with rejects(Reason.NOT_YOUR_TURN):
        room.play_card(PLAYERS[2], card("QS"))
    with rejects(Reason.NOT_IN_ROOM):
        room.play_card("eve", card("KS"))
    with rejects(Reason.WRONG_PHASE):
        room_with(bidding_game(SUIT_PER_SEAT)).play_card(PLAYERS[0], card("2C"))


# ----- ending early never tells who the partner is (SPEC §5.6) ---------------------------------
# While the partner card is unplayed, the deal ends before 13 tricks only if a side has reached its
# target for every seat that may hold the card as far as the table can tell: every seat but the
# declarer's that has not shown out of the card's suit. MIXED_DEAL, 7NT by seat 1 (who leads):
# the declarer's side needs 13 tricks, the defenders 1. AS, the partner card, is seat 0's.


def grand_slam(partner: str = "AS", play_all_tricks: bool = False) -> Deal:
    return playing_game(MIXED_DEAL, declarer=1, contract="7NT", partner=partner,
                        settings=Settings.of(playAllTricks=play_all_tricks))


def test_deal_does_not_end_early_while_that_would_tell_who_the_partner_is() -> None:
    game = play_trick(grand_slam(), "6D", "AD", "TD", "2D")  # seat 2 wins the first trick
    assert game.tricks_won == (0, 0, 1, 0)
    assert game.side_tricks(game.partner) == (0, 1)  # with the real partner (seat 0) the defenders have their trick ...
    assert game.phase is Phase.PLAYING and game.turn == 2  # ... but had seat 2 held AS, they would not
    public = documents.public_room(room_with(game))
    assert public["status"] == "playing" and public["partnerPosition"] is None and public["result"] is None


def test_deal_ends_early_once_every_possible_partner_decides_it() -> None:
    game = play_trick(grand_slam(), "6D", "AD", "TD", "2D")  # seat 2 wins
    game = play_trick(game, "9C", "AC", "2C", "5C")  # seat 3 wins: whoever holds AS, a defender won a trick
    assert game.phase is Phase.COMPLETE and game.tricks_won == (0, 0, 1, 1) and not game.partner_revealed
    outcome = game.outcome()  # the result is still the real sides'
    assert (outcome.partner, outcome.declarer_tricks, outcome.defender_tricks) == (0, 0, 2)
    assert not outcome.made and outcome.winners == (2, 3)


# Hearts trump, 7H by seat 1; seat 2 leads a spade. AS, the partner card, is seat 0's.
SHOW_OUT = {
    "ruffs": hands_from("AS 3S 5C", "4S 6C 7C", "2S 9S 8C", "2H 3H 9C"),  # seat 3 is void in spades
    "follows": hands_from("AS 3S 5C", "4S 6C 7C", "2S 9S 8C", "KS 3H 9C"),
}


@pytest.mark.parametrize("seat_3, ends", [("ruffs", True), ("follows", False)])
def test_a_seat_shown_out_of_the_partner_card_suit_is_no_longer_a_possible_partner(seat_3: str, ends: bool) -> None:
    game = playing_game(SHOW_OUT[seat_3], declarer=1, contract="7H", partner="AS")
    game = play_trick(game, "2S", "2H" if seat_3 == "ruffs" else "KS", "3S", "4S")  # seat 3 wins it
    assert game.tricks_won == (0, 0, 0, 1) and not game.partner_revealed
    # Ruffing shows seat 3 out of spades: the partner is 0 or 2, and either way a defender (3) has a trick.
    # Following, seat 3 might hold AS, and then the defenders would have no trick yet.
    assert (game.phase is Phase.COMPLETE) is ends


def test_once_the_partner_card_is_played_the_real_partner_decides_the_end() -> None:
    game = play_trick(grand_slam(partner="2D"), "6D", "AD", "TD", "2D")  # seat 0 plays the partner card
    assert game.partner_revealed and game.partner == 0
    assert game.phase is Phase.COMPLETE and game.outcome().winners == (2, 3)  # seat 2's trick is the defenders'


def test_play_all_tricks_plays_thirteen_whoever_might_be_the_partner() -> None:
    game = play_trick(grand_slam(play_all_tricks=True), "6D", "AD", "TD", "2D")
    game = play_trick(game, "9C", "AC", "2C", "5C")  # decided for every possible partner: play goes on
    assert game.phase is Phase.PLAYING
    while game.phase is Phase.PLAYING:
        game = game.play_card(game.turn, game.legal_cards()[0])
    assert len(game.tricks) == 13 and game.hands == ((), (), (), ())
