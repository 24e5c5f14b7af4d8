"""Contract bridge as a variant (SPEC §11): its bot, and whole rubbers and Chicagos played by
bots through `Match`, scored on the sheet."""
from __future__ import annotations

import random

from bridge import DECK, PASS, Card, Deal, Match, Phase, Reason, Room, Settings, documents, new_deal
from bridge.bids import Bid, Doubling, Strain
from bridge.contract import CONTRACT
from bridge.contract_scoring import Entry, Kind, Side
from bridge.duplicate import board_score
from bridge.values import evolve

from .conftest import PLAYERS, bot_play, cards, follow_suit_cards, rejects
from .test_bots import hidden_swaps
from .test_contract_scoring import DOUBLED_OVERTRICK, NO_TRUMP_CONTRACT, PER_TRICK, SLAM, table_penalty
from .test_match import Table, new_room, ready_all, start, trick_winner
from .test_properties import check_conserved

NAMES = {uid: uid.title() for uid in PLAYERS}


def contract_settings(scoring: str = "rubber", honours: bool = False) -> Settings:
    return Settings.of(variant="contract", scoring=scoring, deals=0, honours=honours)


def bot_states(seed: int, settings: Settings | None = None) -> list[Deal]:
    """Every state of one deal of contract bridge played by four bots."""
    return bot_play(CONTRACT, settings or contract_settings(), seed)[0]


def play_match(settings: Settings, seed: int, most: int = 80) -> tuple[Match, list[Deal]]:
    """A whole match of `settings` (any four-seat variant) played by four bots: the match when it
    is over and every deal it scored."""
    rng = random.Random(seed)
    match, deal = Match.start(PLAYERS, NAMES, settings, rng)
    deals = []
    for _ in range(most):
        while not deal.is_finished:
            deal = deal.act(deal.actor, deal.bot_action(), rng)
        match = match.scored(deal)
        deals.append(deal)
        if match.is_over(deal):
            return match, deals
        match, deal = match.next_deal(deal, PLAYERS, NAMES, settings, rng)
    raise AssertionError(f"no end after {most} deals")


def test_bots_play_legal_moves_and_every_deal_runs_to_thirteen_tricks() -> None:
    made = 0
    for seed in range(300):
        states, actions = bot_play(CONTRACT, contract_settings(), seed)
        for deal, action in zip(states[:-1], actions, strict=True):  # action: deal.bot_action()
            assert action in deal.legal_actions()
        final = states[-1]
        outcome = final.outcome()
        assert outcome is not None and len(final.tricks) == 13
        made += outcome.made
    assert 0.3 < made / 300 < 1.0, made / 300  # sensible contracts: mostly made, not always


def test_a_bots_choice_does_not_depend_on_cards_its_seat_cannot_see() -> None:
    rng = random.Random(5)
    checked = 0
    for seed in range(150):
        states, actions = bot_play(CONTRACT, contract_settings(), seed)
        for deal, choice in zip(states[:-1], actions, strict=True):  # choice: deal.bot_action()
            actor = deal.actor
            other = hidden_swaps(deal, actor, rng)
            if other.hands == deal.hands:
                continue
            assert other.view(actor) == deal.view(actor)
            assert other.bot_action() == choice, (seed, deal.phase)
            checked += 1
    assert checked > 2000


def test_a_rubber_is_played_until_a_side_has_two_games_and_scores_each_side_its_total() -> None:
    for seed in range(6):
        match, deals = play_match(contract_settings("rubber"), seed)
        sheet = match.sheet
        assert sheet.is_over and sorted((sheet.ns.games, sheet.ew.games)) in ([0, 2], [1, 2])
        assert any(e.kind is Kind.RUBBER for e in sheet.last)
        for position, uid in enumerate(PLAYERS):
            assert match.scores[uid] == sheet.column(Side.of(position)).total
        assert match.number == len(deals)


def test_a_chicago_is_four_deals_dealt_round_the_table_whatever_is_passed_out() -> None:
    for seed in range(6):
        match, deals = play_match(contract_settings("chicago"), seed)
        assert [deal.dealer for deal in deals] == [0, 1, 2, 3]
        assert match.sheet.is_over and match.sheet.deals == 4
        for position, uid in enumerate(PLAYERS):
            assert match.scores[uid] == match.sheet.column(Side.of(position)).total


def test_honours_are_scored_only_when_the_room_scores_them() -> None:
    for honours in (False, True):
        settings = contract_settings(honours=honours)
        deal = Deal(CONTRACT, settings, PLAYERS, 0, dealt("AS KS QS JS TS 2H 3H 4H 2D 3D 4D 2C 3C"))
        rng = random.Random(1)
        for call in (Bid(1, Strain.SPADES), PASS, PASS, PASS):
            deal = deal.place_bid(deal.actor, call, rng)
        while not deal.is_finished:
            deal = deal.act(deal.actor, deal.bot_action(), rng)
        sheet = CONTRACT.sheet(settings).scored(deal)
        assert (Entry(Side.NS, Kind.HONOURS, 150) in sheet.last) is honours


def dealt(own: str) -> tuple:
    """Position 0 holds `own`; the other cards are dealt round positions 1-3."""
    held = cards(own)
    rest = [c for c in DECK if c not in held]
    return (tuple(sorted(held)), *(tuple(sorted(rest[i::3])) for i in range(3)))


def test_the_bot_opens_a_strong_balanced_hand_in_no_trump_and_raises_its_partners_suit() -> None:
    opener = Deal(CONTRACT, contract_settings(), PLAYERS, 0, dealt("AS KS 2S AH 3H 4H KD QD 2D 5C 6C 7C 8C"))
    assert str(opener.bot_action()) == "1NT"  # 16 points, balanced
    deal = Deal(CONTRACT, contract_settings(), PLAYERS, 2, dealt("AS 2S 3S KH QH 5H 2D 3D 4D 5D 2C 3C 4C"))
    deal = deal.place_bid(2, Bid(1, Strain.HEARTS), random.Random(0))  # the partner opens 1H
    deal = deal.place_bid(3, PASS, random.Random(0))
    assert deal.actor == 0 and str(deal.bot_action()) == "2H"  # 9 points + 13: a raise to 2


def test_every_step_of_random_contract_deals_shows_no_hidden_card_and_round_trips() -> None:
    """check_documents at every move: the public room shows exactly the dummy's cards once the
    opening lead is made and no other unplayed card, each player's view adds only their hand,
    and the state round-trips."""
    for seed in range(12):
        table = Table(seed, bid_bias=0.4)
        table.play_deal(start(new_room(contract_settings("chicago" if seed % 2 else "rubber")), table.rng))


def room_with(room: Room, swapped: Deal) -> Room:
    """`room` with its deal's hidden cards as in `swapped`, the deal it may take back (its undo
    point) swapped the same way: each card that left a hand is replaced, wherever it is, by one
    that came into that hand."""
    assert room.deal is not None
    point = room.undo_point
    if point is None:
        return evolve(room, deal=swapped)
    moved: dict[Card, Card] = {}
    for old, new in zip(room.deal.hands, swapped.hands, strict=True):
        moved.update(zip(sorted(set(old) - set(new)), sorted(set(new) - set(old)), strict=True))
    hands = tuple(tuple(sorted(moved.get(card, card) for card in hand)) for hand in point.deal.hands)
    return evolve(room, deal=swapped, undo_point=evolve(point, deal=evolve(point.deal, hands=hands)))


def hidden_cards_swapped_unseen(settings: Settings, seeds: int) -> int:
    """Deals of `settings` played by the bots, where at every step the hidden cards (every hand
    but a shown dummy) are swapped around and the room document must not change: how many
    steps had cards to swap."""
    rng = random.Random(9)
    checked = 0
    for seed in range(seeds):
        table = Table(seed, check_every_step=False)
        room = start(new_room(settings), table.rng)
        while room.deal_in_progress:
            deal = room.deal
            swapped = hidden_swaps(deal, -1, rng)  # no viewer: every hand but a shown dummy
            if swapped.hands != deal.hands:
                assert documents.public_room(room_with(room, swapped)) == documents.public_room(room)
                checked += 1
            uid = deal.players[deal.actor]
            action = deal.bot_action()
            room = (room.play_card(uid, action) if isinstance(action, Card)
                    else room.place_bid(uid, action, table.rng))
    return checked


def test_the_room_document_does_not_change_when_the_hidden_cards_do() -> None:
    assert hidden_cards_swapped_unseen(contract_settings(), 40) > 1000


def oracle_points(bid: str, doubled: str, vulnerable: bool, tricks: int) -> tuple[int, int]:
    """(declarer's side, defenders) for a deal, restated from seed 004's tables as data
    (`test_contract_scoring`), game and rubber bonuses aside."""
    level, strain = int(bid[0]), bid[1:]
    times = {"": 1, "X": 2, "XX": 4}[doubled]
    need = level + 6
    if tricks < need:
        doubling = {"": Doubling.UNDOUBLED, "X": Doubling.DOUBLED, "XX": Doubling.REDOUBLED}[doubled]
        return 0, table_penalty(need - tricks, doubling, vulnerable)
    symbol = {"C": Strain.CLUBS, "D": Strain.DIAMONDS, "H": Strain.HEARTS, "S": Strain.SPADES}
    below = (NO_TRUMP_CONTRACT[level - 1] if strain == "NT" else PER_TRICK[symbol[strain]] * level) * times
    over = tricks - need
    if doubled:
        doubling = Doubling.DOUBLED if doubled == "X" else Doubling.REDOUBLED
        overtricks = over * DOUBLED_OVERTRICK[doubling, vulnerable]
    else:
        overtricks = over * (30 if strain == "NT" else PER_TRICK[symbol[strain]])
    insult = {"": 0, "X": 50, "XX": 100}[doubled]
    return below + overtricks + insult + SLAM.get((level, vulnerable), 0), 0


def test_thousands_of_random_contract_deals_score_as_the_tables_say() -> None:
    deals = doubled = made = 0
    seed = 0
    while deals < 2000:
        table = Table(seed, bid_bias=0.5, check_every_step=False)
        room = start(new_room(contract_settings()), table.rng)
        while True:
            before = room.match.sheet
            room = table.play_deal(room)
            deal, result = room.deal, room.result
            outcome = result.outcome
            side = Side.of(outcome.declarer)
            vulnerable = before.vulnerable(side, deal.dealer)
            contract = outcome.contract
            expected = oracle_points(str(contract.bid), contract.doubling.suffix, vulnerable,
                                     outcome.declarer_tricks)
            kinds = documents.public_room(room)["result"]["points"]
            bonus = {"game", "rubber", "partScore"}
            got = tuple(sum(v for k, v in kinds[s.value].items() if k not in bonus) for s in (side, side.other))
            assert got == expected, (str(contract), vulnerable, outcome.declarer_tricks, kinds)
            deals += 1
            doubled += contract.doubling is not Doubling.UNDOUBLED
            made += outcome.made
            if room.is_ended:
                break
            room = ready_all(room).start(PLAYERS[0], table.rng)
        seed += 1
    assert doubled > 100 and 0 < made < deals  # doubled contracts and both ends came up


def test_random_contract_deals_keep_every_card_and_agree_on_legal_cards_and_trick_winners() -> None:
    """At every card of 300 random deals: the 52 cards are all somewhere once; the legal cards are
    the cards of the suit led in the hand to play (the dummy's on its turn), or all of them when
    it has none, and a move accepts exactly those; each trick goes to the oracle's winner
    (highest trump, else highest of the led suit)."""
    rng = random.Random(4)
    for seed in range(300):
        deal = new_deal(CONTRACT, PLAYERS, contract_settings(), seed % 4, random.Random(seed))  # bot_states(seed)[0]
        while not deal.is_finished:
            if deal.phase is not Phase.PLAYING:
                deal = deal.act(deal.actor, deal.bot_action(), rng)
                continue
            check_conserved(deal)
            allowed = follow_suit_cards(deal)
            legal = set(deal.legal_cards())
            assert legal == allowed
            assert {c for c in DECK if deal.card_violation(deal.turn, c) is None} == allowed
            before = len(deal.tricks)
            deal = deal.play_card(deal.actor, rng.choice(sorted(legal)))
            if len(deal.tricks) > before:
                done = deal.tricks[-1]
                wire = [{"position": p.position, "card": str(p.card)} for p in done.plays]
                trump = deal.contract.trump.letter if deal.contract.trump is not None else None
                assert done.winner(deal.contract.trump) == trick_winner(wire, trump)
        check_conserved(deal)


def test_trump_may_be_led_at_any_time_in_contract_bridge() -> None:
    deal = bot_states(1)[0]
    rng = random.Random(0)
    while deal.phase is not Phase.PLAYING:
        deal = deal.act(deal.actor, deal.bot_action(), rng)
    trump = deal.contract.trump
    leader = deal.turn
    held = [c for c in deal.hands[leader] if trump is None or c.suit == trump]
    assert set(deal.legal_cards()) == set(deal.hands[leader])  # no trump-lead rule
    if trump is not None and held:
        assert deal.card_violation(leader, held[0]) is None


def test_under_duplicate_scoring_every_deal_is_a_board_scored_alone() -> None:
    """Deal n of the match is board n: dealt by the board's dealer, vulnerable by its number,
    scored alone with the duplicate bonuses (`duplicate.board_score`), and the `deals` setting
    ends the match."""
    settings = Settings().with_changes({"variant": "contract", "scoring": "duplicate", "deals": 6})
    rng = random.Random(3)
    match, deal = Match.start(PLAYERS, NAMES, settings, rng)
    for number in range(1, 7):
        assert deal.board == number and deal.dealer == (number - 1) % 4
        while not deal.is_finished:
            deal = deal.act(deal.actor, deal.bot_action(), rng)
        match = match.scored(deal)
        outcome = deal.outcome()
        ns = board_score(number, outcome.contract if outcome else None, outcome.declarer_tricks if outcome else 0)
        assert match.score_changes(deal) == {uid: max(ns if p % 2 == 0 else -ns, 0) for p, uid in enumerate(PLAYERS)}
        assert match.is_over(deal) == (number == 6)
        if number < 6:
            match, deal = match.next_deal(deal, PLAYERS, NAMES, settings, rng)


def test_under_duplicate_scoring_a_deal_passed_out_is_over_and_scores_nothing() -> None:
    settings = Settings().with_changes({"variant": "contract", "scoring": "duplicate", "deals": 2})
    rng = random.Random(4)
    match, deal = Match.start(PLAYERS, NAMES, settings, rng)
    hands = deal.hands
    for _ in range(4):
        deal = deal.place_bid(deal.actor, PASS, rng)
    assert deal.is_finished and deal.phase is Phase.COMPLETE and deal.contract is None and deal.hands == hands
    match = match.scored(deal)
    assert set(match.score_changes(deal).values()) == {0} and not match.is_over(deal)
    assert match.next_deal(deal, PLAYERS, NAMES, settings, rng)[1].board == 2


def test_the_deals_setting_is_zero_where_the_sheet_ends_the_match() -> None:
    with rejects(Reason.INVALID_SETTINGS):
        Settings().with_changes({"variant": "contract", "scoring": "rubber", "deals": 4})
    assert Settings().with_changes({"variant": "contract", "scoring": "duplicate"}).deals == 1
    assert Settings().with_changes({"variant": "contract"}).deals == 0
