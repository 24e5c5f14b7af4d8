"""Bots (SPEC §10): the Floating Bridge policy and bot seats in a room.

The policy sees one seat's view (`Deal.view`) and the legal actions; its choice must be legal,
the same for the same view, and independent of every card the seat cannot see."""
from __future__ import annotations

import random

from bridge import DECK, FLOATING, PASS, Card, Deal, Reason, Room, Settings, Status
from bridge.room import BOT_PREFIX, is_bot, stat_changes
from tests.engine.conftest import PLAYERS, bot_play, card, cards, hands_from, playing_game, rejects, seated

SEED_DEALS = 1500


def bot_deal(seed: int, settings: Settings = Settings()) -> list[Deal]:
    """Every state of one deal played by four bots, from the deal to its end."""
    return bot_play(FLOATING, settings, seed)[0]


def test_bot_moves_are_always_legal_and_finish_every_deal():
    made = contracts = 0
    for seed in range(SEED_DEALS):
        states, actions = bot_play(FLOATING, Settings.of(playAllTricks=bool(seed % 2)), seed)
        for deal, action in zip(states[:-1], actions, strict=True):  # action: deal.bot_action()
            assert action in deal.legal_actions()
        outcome = states[-1].outcome()
        assert outcome is not None
        contracts += 1
        made += outcome.made
    assert 0.3 < made / contracts < 1.0, made / contracts  # bots bid contracts they can make, not all


def hidden_swaps(deal: Deal, viewer: int, rng: random.Random, swaps: int = 30) -> Deal:
    """`deal` with cards the `viewer` cannot see exchanged between the other hands (not the
    dummy's once it is shown), keeping what the table knows true: hand sizes, every shown-out
    suit stays void, and the declarer never holds the partner card."""
    hands = [list(hand) for hand in deal.hands]
    shown = {deal.dummy[0]} if deal.dummy is not None else set()
    others = [p for p in range(4) if p != viewer and p not in shown]
    void: dict[int, set] = {p: set() for p in range(4)}
    for t in (*deal.tricks, *([deal.trick] if deal.trick else [])):
        led = t.led_suit
        for play in t.plays:
            if play.card.suit != led:
                void[play.position].add(led)
    contract = deal.contract
    for _ in range(swaps if len(others) > 1 else 0):
        a, b = rng.sample(others, 2)
        if not hands[a] or not hands[b]:
            continue
        x, y = rng.choice(hands[a]), rng.choice(hands[b])
        if x.suit in void[b] or y.suit in void[a]:
            continue
        if contract is not None and deal.partner_card in (x, y) and contract.declarer in (a, b):
            continue
        hands[a][hands[a].index(x)], hands[b][hands[b].index(y)] = y, x
    return Deal(deal.variant, deal.settings, deal.players, deal.dealer,
                tuple(tuple(sorted(hand)) for hand in hands), deal.state, deal.washes)


def test_a_bots_choice_does_not_depend_on_cards_its_seat_cannot_see():
    rng = random.Random(7)
    checked = 0
    for seed in range(300):
        states, actions = bot_play(FLOATING, Settings(), seed)
        for deal, choice in zip(states[:-1], actions, strict=True):  # choice: deal.bot_action()
            turn = deal.turn
            for _ in range(2):
                other = hidden_swaps(deal, turn, rng)
                if other.hands == deal.hands:
                    continue
                assert other.view(turn) == deal.view(turn)
                assert other.bot_action() == choice, (seed, deal.phase)
                checked += 1
    assert checked > 5000


def test_the_view_holds_the_seats_own_hand_and_no_card_hidden_from_it_and_names_the_partner_once_played():
    """The partner is in the view exactly once the partner card has been played: its player."""
    for seed in range(40):
        for deal in bot_deal(seed):
            plays = [play for t in (*deal.tricks, *([deal.trick] if deal.trick else [])) for play in t.plays]
            played = {play.card for play in plays}
            shown_by = next((play.position for play in plays if play.card == deal.partner_card), None)
            for position in range(4):
                view = deal.view(position)
                seen = {*view.hand, *(p.card for t in (*view.tricks, *([view.trick] if view.trick else []))
                                      for p in t.plays), *([view.partner_card] if view.partner_card else [])}
                assert view.hand == deal.hands[position]
                assert seen <= {*deal.hands[position], *played, *([deal.partner_card] if deal.partner_card else [])}
                assert view.partner == shown_by


def deal_with_hand(first: str, dealer: int = 3) -> Deal:
    """A fresh deal whose seat 0 holds `first` (the other cards dealt round the other seats)."""
    own = cards(first)
    rest = [c for c in DECK if c not in own]
    others = (tuple(sorted(rest[i::3])) for i in range(3))
    return Deal(FLOATING, Settings(), PLAYERS, dealer, (tuple(sorted(own)), *others))


def test_a_strong_hand_opens_its_longest_suit_at_the_cheapest_level():
    deal = deal_with_hand("AS KS QS JS TS 9S AH 3H 4D 5D 6C 7C 8C")  # 14 + 2 for six spades = 16 points
    assert deal.turn == 0 and str(deal.bot_action()) == "1S"


def test_a_hand_under_13_points_passes():
    deal = deal_with_hand("AS KS QS JS TS 9S 2H 3H 4D 5D 6C 7C 8C")  # 10 + 2 = 12 points
    assert deal.bot_action() is PASS


def test_a_balanced_hand_of_16_points_bids_no_trump():
    deal = deal_with_hand("AS KS 2S 3S AH KH 2H AD 2D 3D QC 2C 3C")  # 4-3-3-3, 18 points
    assert str(deal.bot_action()) == "1NT"


def test_the_declarer_names_the_highest_trump_it_lacks():
    deal = Deal(FLOATING, Settings(), PLAYERS, 3, hands_from(
        "KS QS JS TS 9S 2H 3H 4D 5D 6C 7C 8C 9C", "AS 8S 5H 6H 7H 2D 3D 4C 5C 2C 3C AH KH",
        "7S 6S AD KD QD JD TD 9D 8D 7D 6D 4H QH", "5S 4S 3S 2S AC KC QC JC TC 8H 9H TH JH"))
    deal = deal.act(0, FLOATING.auction.ladder[3], random.Random(1))  # 1S
    for position in (1, 2, 3):
        deal = deal.act(position, PASS, random.Random(1))
    assert deal.turn == 0
    assert deal.bot_action() == card("AS")


ENDING = hands_from("AC 2C 3D", "KC 4C 5D", "QC 5C 6D", "TC 6C 7D")


def test_a_bot_that_cannot_beat_the_trick_plays_its_least_useful_card():
    # 1NT by seat 0, whose partner card QC seat 2 holds (so seat 2 knows it is the partner).
    deal = playing_game(ENDING, declarer=0, contract="1NT", partner="QC", leader=1, current="KC")
    assert deal.turn == 2 and deal.bot_action() == card("5C")


def test_a_bot_wins_the_trick_as_cheaply_as_it_can():
    deal = playing_game(ENDING, declarer=0, contract="1NT", partner="QC", leader=2, current="5C")
    assert deal.turn == 3 and deal.bot_action() == card("6C")  # beats 5C; TC would waste a card


def test_a_bot_whose_side_is_winning_the_trick_follows_cheaply():
    # Seat 2 holds the partner card: the declarer (0), winning with AC, is its ally.
    deal = playing_game(ENDING, declarer=0, contract="1NT", partner="QC", leader=0, current="AC 4C")
    assert deal.turn == 2 and deal.bot_action() == card("5C")


def test_a_bot_seat_is_ready_has_a_uid_no_user_has_and_appears_as_a_bot():
    room = seated(3)
    assert [seat.bot for seat in room.seats] == [False, True, True, True]
    assert [seat.uid for seat in room.seats[1:]] == [f"{BOT_PREFIX}{n}" for n in (1, 2, 3)]
    assert all(seat.ready for seat in room.seats) and all(is_bot(seat.uid) for seat in room.seats[1:])


def test_only_the_host_adds_a_bot_only_into_a_free_seat_and_not_during_a_deal():
    room = seated(1)
    with rejects(Reason.NOT_HOST):
        room.add_bot(PLAYERS[1])
    with rejects(Reason.NO_FREE_SEAT):
        room.add_bot(PLAYERS[0])
    started = room.start(PLAYERS[0], random.Random(2))
    with rejects(Reason.GAME_STARTED):
        started.add_bot(PLAYERS[0])
    with rejects(Reason.GAME_STARTED):
        started.remove_bot(PLAYERS[0], f"{BOT_PREFIX}1")


def test_remove_bot_takes_a_bot_only_and_frees_its_seat():
    room = seated(2)
    with rejects(Reason.BOT_NOT_FOUND):
        room.remove_bot(PLAYERS[0], PLAYERS[1])
    with rejects(Reason.BOT_NOT_FOUND):
        room.remove_bot(PLAYERS[0], f"{BOT_PREFIX}9")
    removed = room.remove_bot(PLAYERS[0], f"{BOT_PREFIX}1")
    assert [seat.uid for seat in removed.seats] == [PLAYERS[0], f"{BOT_PREFIX}2", PLAYERS[1]]
    assert removed.add_bot(PLAYERS[0]).seats[-1].uid == f"{BOT_PREFIX}1"  # a new bot before any deal


def human_move(room: Room, uid: str, rng: random.Random) -> Room:
    """`uid`, to act, makes the move the bot policy would make for them."""
    deal = room.deal
    assert deal is not None
    action = deal.bot_action()
    if room.status is Status.BIDDING:
        assert not isinstance(action, Card)
        return room.place_bid(uid, action, rng)
    assert isinstance(action, Card)
    if room.status is Status.CHOOSING_TEAMMATE:
        return room.choose_partner(uid, action)
    return room.play_card(uid, action)


def test_one_human_and_three_bots_the_bots_move_until_the_human_is_to_act():
    rng = random.Random(5)
    room = seated(3, Settings.of(washRule=False, deals=3)).start(PLAYERS[0], rng)
    moves = 0
    for number in (1, 2, 3):
        while room.status in (Status.BIDDING, Status.CHOOSING_TEAMMATE, Status.PLAYING):
            deal = room.deal
            assert deal is not None and deal.players[deal.turn] == PLAYERS[0]  # the bots have moved
            room = human_move(room, PLAYERS[0], rng)
            moves += 1
        assert room.match is not None and room.match.number == number
        if number < 3:
            assert room.status is Status.DEAL_ENDED
            assert [seat.ready for seat in room.seats] == [False, True, True, True]  # bots ready at once
            room = room.toggle_ready(PLAYERS[0]).start(PLAYERS[0], rng)
    assert room.status is Status.ENDED and moves >= 3 * 5
    assert set(stat_changes(None, room)) == {PLAYERS[0]}  # bots have no stats
    assert set(room.match.scores) == {PLAYERS[0], *(f"{BOT_PREFIX}{n}" for n in (1, 2, 3))}


def test_a_room_whose_last_human_leaves_is_deleted_even_with_bots_seated():
    room = seated(3)
    assert room.leave(PLAYERS[0]) is None
    playing = room.start(PLAYERS[0], random.Random(6))
    assert playing.leave(PLAYERS[0]) is None
    assert stat_changes(playing, None) == {PLAYERS[0]: {"gamesAbandoned": 1}}  # left a deal in progress
    two = seated(2)
    after = two.leave(PLAYERS[0])
    assert after is not None and after.host == PLAYERS[1]  # the host passes to a human


def test_a_bots_hand_has_no_document():
    from bridge import documents

    room = seated(2).start(PLAYERS[0], random.Random(4))
    assert set(documents.hand_views(room)) == {PLAYERS[0], PLAYERS[1]}
