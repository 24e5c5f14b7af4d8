"""The thinking bot (SPEC §10): sampling and double-dummy search over layouts of the cards its
seat cannot see.

Like the heuristic bot it must play legal cards, decide from its seat's view alone (the same view
gives the same card whatever the hidden cards are) and finish every deal; its layouts must be
consistent with everything the seat knows. Its strength is measured in bench/thinking_bot.py."""
from __future__ import annotations

import random

import pytest

from bridge import FLOATING, PASS, Card, Deal, Settings, new_deal, parse_call, thinking_bot
from bridge.bids import DOUBLE, Bid, Strain
from bridge.cards import DECK, Suit
from bridge.contract import CONTRACT
from bridge.core import SUIT_MASKS, PlayCore, card_index, hand_mask
from bridge.deal import Action, Bidding, Outcome, PassedOut
from bridge.double_dummy import Ending, can_take
from bridge.memory import MEMORY
from bridge.thinking_bot import THINKING_BOT, ThinkingBot, _clearly_positive, _distinct, _Search, _Simulation
from bridge.tiger import TIGER
from bridge.variant import Variant
from tests.engine.conftest import PLAYERS, cards, seated
from tests.engine.test_bots import hidden_swaps

#: A small budget: the properties hold at any budget, and the suite stays quick.
BOT = ThinkingBot(think_ms=2)
GAMES = {"floating": (FLOATING, Settings()), "contract": (CONTRACT, Settings(variant="contract", scoring="rubber")),
         "tiger": (TIGER, Settings(variant="tiger", scoring="sets", deals=0)),
         "memory": (MEMORY, Settings(variant="memory", scoring="target", deals=0))}


def card_play_states(variant: Variant, settings: Settings, seed: int) -> list[Deal]:
    """Every state of a deal played by the heuristic bots in which a card of a contract is to be
    played (not Memory Bridge's first half, which has none)."""
    rng = random.Random(seed)
    deal = new_deal(variant, PLAYERS, settings, seed % 4, rng)
    states = []
    while not deal.is_finished:
        if deal.trick is not None and deal.contract is not None:
            states.append(deal)
        deal = deal.act(deal.actor, deal.bot_action(), rng)
    return states


def searched(deal: Deal) -> _Search:
    actor = deal.actor
    assert actor is not None
    return _Search(deal.view(actor), hand_mask(c for c in deal.legal_actions() if isinstance(c, Card)))


#: The games whose card play hides cards from a seat (in Memory Bridge's second half each player
#: knows the other's cards).
HIDING = [game for game, (variant, _) in GAMES.items() if variant.seats == 4]


@pytest.mark.parametrize("game", HIDING)
def test_the_thinking_bots_card_does_not_depend_on_cards_its_seat_cannot_see(game: str) -> None:
    variant, settings = GAMES[game]
    rng = random.Random(11)
    checked = 0
    for seed in range(8):
        for deal in card_play_states(variant, settings, seed):
            actor = deal.actor
            assert actor is not None
            if len(searched(deal).candidates) < 2:
                continue
            choice = BOT(deal.view(actor), deal.legal_actions())
            assert choice in deal.legal_actions()
            assert BOT(deal.view(actor), deal.legal_actions()) == choice  # the same view, the same card
            other = hidden_swaps(deal, actor, rng)
            if other.hands == deal.hands:
                continue
            assert other.view(actor) == deal.view(actor)
            assert BOT(other.view(actor), other.legal_actions()) == choice, (seed, deal.tricks)
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("game", GAMES)
def test_every_sampled_layout_agrees_with_what_the_seat_knows(game: str) -> None:
    """Each hidden seat gets as many cards as it holds, none of a suit it has shown out of, the
    unseen cards exactly once; the seat's own hand (and the dummy's once shown) stay as they are;
    the declarer never gets the unplayed partner card, nor does a seat void in its suit."""
    variant, settings = GAMES[game]
    layouts = 0
    for seed in range(6):
        for deal in card_play_states(variant, settings, seed):
            search = searched(deal)
            actor = deal.actor
            assert actor is not None
            view = deal.view(actor)
            seats = variant.seats
            void = {p: 0 for p in range(seats)}
            for t in (*deal.tricks, deal.trick):
                assert t is not None
                for play in t.plays:
                    if play.card.suit != t.plays[0].card.suit:
                        void[play.position] |= SUIT_MASKS[t.plays[0].card.suit]
            for _ in range(5):
                layout = search._layout()
                assert layout is not None
                hands, partner = layout
                for position in range(seats):
                    assert hands[position].bit_count() == len(deal.hands[position])
                    assert not hands[position] & void[position] or position in search.known
                assert hands[actor] == hand_mask(view.hand)
                if view.dummy is not None:
                    assert hands[view.dummy[0]] == hand_mask(view.dummy[1])
                assert sum(hands) == hand_mask(c for hand in deal.hands for c in hand)  # each card once
                if not deal.partner_revealed:  # a partner card not yet played (fixed sides are public)
                    assert deal.partner_card is not None
                    holder = next(p for p in range(4) if hands[p] >> card_index(deal.partner_card) & 1)
                    assert holder == partner != deal.contract.declarer
                else:
                    assert partner == deal.partner
                layouts += 1
    assert layouts > 100


@pytest.mark.parametrize("game", GAMES)
def test_four_thinking_bots_make_legal_calls_and_cards_to_the_end_of_every_deal(game: str) -> None:
    """Every decision of every seat the thinking bot's, over 10 deals of each game (the
    benchmarks play thousands more, each move checked by the engine)."""
    variant, settings = GAMES[game]
    for seed in range(10):
        rng = random.Random(seed)
        deal = new_deal(variant, PLAYERS, settings, seed, rng)
        while not deal.is_finished:
            actor = deal.actor
            assert actor is not None
            action = BOT(deal.view(actor), deal.legal_actions())
            assert action in deal.legal_actions()
            deal = deal.act(actor, action, rng)
        assert deal.outcome() is not None or isinstance(deal.state, PassedOut)  # Memory Bridge's second half may be


def test_cards_with_no_card_held_elsewhere_between_them_are_one_candidate() -> None:
    """K and Q of spades are one candidate (the lowest stands for both) while the jack is elsewhere
    only below them; the 9 is another once the jack, held elsewhere, separates it from the queen;
    with the jack played, the 9 joins the run; each suit is apart."""
    legal = hand_mask(cards("KS QS 9S 2H 3H"))
    jack_out = hand_mask(cards("JS TS 4H"))
    assert _distinct(legal, jack_out) == tuple(card_index(c) for c in cards("2H 9S QS"))
    assert _distinct(legal, hand_mask(cards("8S"))) == tuple(card_index(c) for c in cards("2H 9S"))


def test_a_decision_with_one_real_choice_is_the_heuristic_bots() -> None:
    """With every legal card equivalent, or one call worth weighing (only passing is left after
    7NT doubled and redoubled), the thinking bot answers as the variant's bot does, without
    searching."""
    for deal in card_play_states(FLOATING, Settings(), 3)[:20]:
        actor = deal.actor
        assert actor is not None
        if len(searched(deal).candidates) == 1:
            assert BOT(deal.view(actor), deal.legal_actions()) == deal.bot_action()
    deal = new_deal(CONTRACT, PLAYERS, GAMES["contract"][1], 0, random.Random(5))
    for call in ("7NT", "X", "XX"):
        assert deal.turn is not None
        deal = deal.place_bid(deal.turn, parse_call(call), random.Random(0))
    assert deal.turn is not None
    view, legal = deal.view(deal.turn), deal.legal_actions()
    assert legal == (PASS,) and _Simulation(view, legal, deal.bot_action()).proposals == (PASS,)
    assert BOT(view, legal) == PASS


def auction_states(variant: Variant, settings: Settings, seed: int) -> list[Deal]:
    """Every state of a deal before its play in which a call or the partner card is to be made,
    the decisions the thinking bot's."""
    return [deal for deal, _ in auction_decisions(variant, settings, seed)]


#: `auction_decisions` by variant, settings and seed: several tests walk the same deals' auctions.
_AUCTIONS: dict[tuple[str, Settings, int], tuple[tuple[Deal, Action], ...]] = {}


def auction_decisions(variant: Variant, settings: Settings, seed: int) -> tuple[tuple[Deal, Action], ...]:
    """`auction_states`, each with the thinking bot's decision in it (the one made to go on). Made
    once a session: the deals are values and the bot's choice is a function of its seat's view."""
    key = (variant.name, settings, seed)
    if key not in _AUCTIONS:
        rng = random.Random(seed)
        deal = new_deal(variant, PLAYERS[:variant.seats], settings, seed % variant.seats, rng)
        decisions = []
        while not deal.is_finished and not (deal.contract is not None and deal.trick is not None):
            actor = deal.actor
            assert actor is not None
            action = BOT(deal.view(actor), deal.legal_actions())
            if deal.trick is None:
                decisions.append((deal, action))
            deal = deal.act(actor, action, rng)
        _AUCTIONS[key] = tuple(decisions)
    return _AUCTIONS[key]


@pytest.mark.parametrize("game", HIDING)
def test_the_thinking_bots_call_does_not_depend_on_cards_its_seat_cannot_see(game: str) -> None:
    """In the auction the other hands are hidden whole: exchanging cards between them leaves the
    seat's view, and so its call, as they were."""
    variant, settings = GAMES[game]
    rng = random.Random(3)
    checked = 0
    for seed in range(24):
        for deal, choice in auction_decisions(variant, settings, seed):  # BOT(deal.view(actor), legal)
            actor = deal.actor
            assert actor is not None
            legal = deal.legal_actions()
            if len(_Simulation(deal.view(actor), legal, deal.bot_action()).proposals) < 2:
                continue
            assert choice in legal
            other = hidden_swaps(deal, actor, rng)
            assert other.hands != deal.hands and other.view(actor) == deal.view(actor)
            assert BOT(other.view(actor), other.legal_actions()) == choice
            checked += 1
    assert checked >= 20


@pytest.mark.parametrize("game", GAMES)
def test_each_call_is_judged_by_the_auction_the_system_bids_after_it_and_the_contract_solved(game: str) -> None:
    """In a layout, a call weighed is followed by the rest of the auction as the variant's bot
    bids it in every seat (a replay through the engine from the calls made), to the opening
    lead of the contract reached, or to nothing when all pass; its worth to the seat's side is
    the variant's `worth` of the contract made, or one trick short, as the solver says."""
    variant, settings = GAMES[game]
    seen: set[str] = set()
    for seed in range(40):
        if {"made", "down"} <= seen and seed >= 6:
            break
        for deal in auction_states(variant, settings, seed)[:6]:
            actor = deal.actor
            assert actor is not None
            bidding = _Simulation(deal.view(actor), deal.legal_actions(), deal.bot_action())
            layout = bidding._layout()
            assert layout is not None
            hands = layout[0]
            full = tuple(tuple(c for c in DECK if hand_mask([c]) & (hands[p] | bidding.played_by[p]))
                         for p in range(variant.seats))
            for proposal in bidding.proposals:
                finished = bidding._finished(hands, proposal)
                if finished is None:
                    seen.add("passed out")
                    continue
                made_before = len(deal.calls)
                if deal.contract is None:  # a call
                    assert finished.calls[:made_before] == deal.calls and finished.calls[made_before].call == proposal
                else:  # the partner card
                    assert finished.calls == deal.calls and finished.partner_card == proposal
                    seen.add("partner card")
                assert finished.hands == full and finished.trick is not None and not finished.tricks
                step = Deal(variant, settings, deal.players, deal.dealer, full, Bidding(()),
                            first_tricks=deal.first_tricks)
                for i, entry in enumerate(finished.calls):  # each later call the system's, as it stood
                    if i > made_before:
                        assert entry.call == step.bot_action()
                    step = step.act(entry.position, entry.call, random.Random(0))
                assert step.contract == finished.contract
                bidding.left = 1 << 40
                value = bidding._worth(finished)
                contract, partner = finished.contract, finished.partner
                assert contract is not None and partner is not None
                ending = Ending(finished.hands, finished.trick.leader, contract.trump,
                                tuple(p in (contract.declarer, partner) for p in range(variant.seats)),
                                variant.play.trump_must_be_broken and contract.trump is not None)
                made = can_take(ending, contract.target)
                tricks = contract.target if made else contract.target - 1
                outcome = Outcome(contract.declarer, partner, contract, tricks, variant.hand_size - tricks,
                                  variant.seats)
                worth = variant.worth(outcome) if variant.worth else (1 if made else -1)
                ours = actor in (contract.declarer, partner)
                assert value == (worth if ours else -worth)
                seen.add("made" if made else "down")
    assert {"made", "down"} <= seen and ("partner card" in seen) == (game == "floating")


@pytest.mark.parametrize("game", GAMES)
def test_the_actions_weighed_are_the_systems_passing_doubling_one_level_higher_and_the_games_own(game: str) -> None:
    """Before the play the simulation weighs the system's action first; in the auction then passing,
    doubling where legal and the system's strain one level higher; and what the game adds:
    Floating Bridge's and Memory Bridge's cheapest bid in the longest suit (the higher of
    equals) where the system passes, and Floating Bridge's partner cards: the highest it may
    name of each suit and the next below the system's (restated here from the rules, not from
    the bot's code)."""
    variant, settings = GAMES[game]
    seen = set()
    for deal in (state for seed in range(12) for state in auction_states(variant, settings, seed)):
        actor = deal.actor
        assert actor is not None
        view, legal, preferred = deal.view(actor), deal.legal_actions(), deal.bot_action()
        expected: set[object] = {preferred}
        if isinstance(preferred, Card):
            named = [c for c in legal if isinstance(c, Card)]
            expected |= {max(c for c in named if c.suit is suit) for suit in {c.suit for c in named}}
            expected |= {max((c for c in named if c.suit is preferred.suit and c < preferred), default=preferred)}
            seen.add("partner card")
        else:
            bids = [call for call in legal if isinstance(call, Bid)]
            expected |= {PASS, *(call for call in legal if call == DOUBLE)}
            if isinstance(preferred, Bid):
                expected |= {b for b in bids if b.strain is preferred.strain and b.level == preferred.level + 1}
            elif variant in (FLOATING, MEMORY) and bids:
                lengths = [sum(1 for c in view.hand if c.suit is suit) for suit in Suit]
                longest = max(Suit, key=lambda suit: (lengths[suit], suit))
                expected.add(min((b for b in bids if b.strain == Strain(longest)), default=bids[0]))
                seen.add("longest suit")
            if DOUBLE in legal:
                seen.add("double")
        proposals = _Simulation(view, legal, preferred).proposals
        assert proposals[0] == preferred and set(proposals) == expected and len(proposals) == len(expected)
    assert seen >= {"floating": {"partner card", "longest suit"}, "contract": {"double"},
                    "memory": {"longest suit"}}.get(game, set())


@pytest.mark.parametrize("game", GAMES)
def test_a_steady_bot_does_the_same_work_for_every_call(game: str) -> None:
    """As for cards: every call, with many to weigh or one, spends the whole budget."""
    budget = 30_000
    counts = set()
    for deal in (state for seed in range(8) for state in auction_states(*GAMES[game], seed)):
        actor = deal.actor
        assert actor is not None
        bidding = _Simulation(deal.view(actor), deal.legal_actions(), deal.bot_action())
        counts.add(len(bidding.proposals))
        bidding.best(budget, steady=True)
        assert bidding.spent == budget
    assert len(counts) > 1


def test_a_room_set_to_thinking_bots_makes_the_thinking_bots_calls_and_cards_and_a_basic_room_the_variants() -> None:
    """Setting `botLevel`: every move a room's bots make is the chosen bot's, from its seat's view
    (here the room plays the whole deal for everyone, as the clean-up does): the thinking bot's at
    "thinking", the variant's own at "basic". From the same deal the two play differently."""
    played = {}
    # The room's thinking bot's choice, from the same bot without its wait (tested below).
    for level, bot in (("thinking", ThinkingBot(THINKING_BOT.think_ms)), ("basic", CONTRACT.bot)):
        settings = Settings(variant="contract", scoring="rubber", deals=0, bot_level=level)
        start = seated(3, settings).start(PLAYERS[0], random.Random(7)).deal
        final = seated(3, settings).start(PLAYERS[0], random.Random(7)).played_out().deal
        assert start is not None and final is not None and final.is_finished
        deal = start
        for entry in final.calls:
            assert entry.call == bot(deal.view(entry.position), deal.legal_actions())
            deal = deal.place_bid(entry.position, entry.call, random.Random(0))
        assert deal.hands_dealt() == final.hands_dealt()  # not passed out: the same deal
        for trick in final.tricks:
            for play in trick.plays:
                assert deal.actor is not None
                assert play.card == bot(deal.view(deal.actor), deal.legal_actions()), (level, len(deal.tricks))
                deal = deal.play_card(deal.actor, play.card)
        assert deal == final
        played[level] = final
    assert played["thinking"].tricks != played["basic"].tricks


def test_a_steady_bot_takes_the_same_time_for_every_card_forced_or_searched(monkeypatch: pytest.MonkeyPatch) -> None:
    """A room's bots are steady: every card, forced ones and single real choices included, does
    the steady search's work (its amount is tested below) and then waits out the rest of
    `think_ms`, so the time a card takes says nothing about the bot's hand. The clock is the
    test's: between its two readings each card's search "takes" a different time, and the wait
    makes up the rest of the budget exactly. The choice is the unsteady bot's."""
    clock, slept, work, searches = [0.0], [], [0.0], []
    best = thinking_bot._Search.best

    def steady_best(search: _Search, budget: int, preferred: int, steady: bool = False) -> int:
        searches.append(steady)
        return best(search, budget, preferred, steady)

    def perf_counter() -> float:
        clock[0] += work[0]  # the time since the last reading: the search's, for the second
        return clock[0]

    def sleep(seconds: float) -> None:
        slept.append(seconds)

    monkeypatch.setattr(thinking_bot.time, "perf_counter", perf_counter)
    monkeypatch.setattr(thinking_bot.time, "sleep", sleep)
    monkeypatch.setattr(thinking_bot._Search, "best", steady_best)
    steady = ThinkingBot(think_ms=2, steady=True)
    kinds = set()
    for n, deal in enumerate(card_play_states(CONTRACT, GAMES["contract"][1], 11)[:40]):
        view, legal = deal.view(deal.actor), deal.legal_actions()
        kinds.add("forced" if len(legal) == 1 else "one choice" if len(searched(deal).candidates) < 2 else "search")
        work[0] = 0.0
        unsteady = BOT(view, legal)
        assert slept == []  # the unsteady bot never waits
        searches.clear()
        work[0] = 0.00003 * (n + 1)
        assert steady(view, legal) == unsteady
        assert searches == [True] and slept == [pytest.approx(0.002 - work[0])]
        slept.clear()
    assert kinds == {"forced", "one choice", "search"}


def test_a_steady_search_does_the_same_work_for_every_card() -> None:
    """The work a search does tells how many real choices the bot has (every candidate is solved
    in every layout) and how hard its position is, so a steady search spends its whole budget of
    nodes on every card, forced cards included, whatever the hand: what the layouts leave is spent
    on a question whose answer it does not use."""
    budget = 20_000
    counts = set()
    for game in GAMES:
        for deal in card_play_states(*GAMES[game], 12)[:40]:
            search = searched(deal)
            counts.add(len(search.candidates))
            search.best(budget, search.candidates[0], steady=True)
            assert search.spent == budget, (game, len(deal.tricks))
            search = searched(deal)
            search.best(budget, search.candidates[0])
            assert search.spent <= budget
    assert {1, 2, 3} <= counts


def most_tricks(core: PlayCore, side: int) -> int:
    """The oracle: by trying every card in turn (minimax), the most tricks of those left that the
    seats of `side` (a bit each) take against the best play of the others, every hand known."""
    if core.tricks == core.rules.hand_size:
        return 0
    seat = core.turn
    legal = core.legal(core.hands[seat])
    results = []
    for card in (c for c in range(52) if legal >> c & 1):
        after = core.play(card)
        won = sum(after.won[p] - core.won[p] for p in range(core.rules.seats) if side >> p & 1)
        results.append(won + most_tricks(after, side))
    return max(results) if side >> seat & 1 else min(results)


@pytest.mark.parametrize("game", GAMES)
def test_each_candidate_is_valued_by_the_games_worth_of_the_tricks_its_side_takes_every_hand_known(game: str) -> None:
    """`_value` plays the candidate in the layout and values the rest double-dummy for the seat's
    side (the declarer and the layout's partner, or the defenders): with a `worth` (contract,
    TigerBridge, Memory Bridge) the worth of the declarer's tricks against the best play, with
    none (Floating Bridge) whether the side can still take the tricks it needs (1 or 0); the same
    as trying every card of the ending, on the last three tricks of real deals in sampled layouts,
    whatever the guess it starts from."""
    variant, settings = GAMES[game]
    checked = set()
    for seed in range(12):
        for deal in card_play_states(variant, settings, seed):
            if len(deal.tricks) < deal.variant.hand_size - 3:
                continue
            search = searched(deal)
            layout = search._layout()
            assert layout is not None
            hands, partner = layout
            declarers = (1 << search.declarer) | (1 << partner)
            ours = declarers >> search.view.position & 1
            side = declarers if ours else (1 << variant.seats) - 1 & ~declarers
            for candidate in search.candidates:
                core = search.position._replace(hands=hands, possible=1 << partner).play(candidate)
                declarer_tricks, defender_tricks = core.side_tricks(partner)
                rules, contract = core.rules, deal.contract
                assert contract is not None
                tricks = most_tricks(core, side)
                if variant.worth is None:
                    need = rules.target - declarer_tricks if ours else rules.defender_target - defender_tricks
                    expected = int(tricks >= need)
                else:
                    made = declarer_tricks + (tricks if ours else rules.hand_size - core.tricks - tricks)
                    worth = variant.worth(Outcome(search.declarer, partner, contract, made, rules.hand_size - made,
                                                  variant.seats))
                    expected = worth if ours else -worth
                for guess in (-1, 0, tricks, 4):
                    search.left = 1 << 40
                    answer = search._value(hands, partner, candidate, guess)
                    assert answer is not None and answer[0] == expected, (seed, len(deal.tricks), candidate, guess)
                    if variant.worth is not None:
                        assert answer[1] == tricks
                checked.add(expected)
    assert len(checked) >= 2


def fitted_share(game: str) -> float:
    """Of sampled layouts of real deals (bid and played by the heuristic bots), the share in
    which every hidden bidder holds a hand with which the variant's bot makes the calls it made."""
    variant, settings = GAMES[game]
    layouts = fitting = 0
    for seed in range(4):
        for deal in card_play_states(variant, settings, seed)[::3]:
            search = searched(deal)
            for _ in range(3):
                layout = search._layout()
                assert layout is not None
                layouts += 1
                fitting += all(search._misses(p, layout[0][p]) == 0 for p in search.bidders)
    return fitting / layouts


@pytest.mark.parametrize("game", HIDING)
def test_layouts_are_dealt_to_fit_the_auction_under_the_bots_system(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The bots' calls say something of their hands (the contract bot opens with 13 points or
    more), and here the real hands made them, so hands that fit exist: the sampled layouts give
    the hidden bidders such hands nearly always, and far more often than layouts dealt without
    the fit (no swaps)."""
    fitted = fitted_share(game)
    monkeypatch.setattr(thinking_bot, "FIT_SWAPS", 0)
    unfitted = fitted_share(game)
    assert fitted >= 0.9 and fitted - unfitted >= 0.2, (fitted, unfitted)


def test_the_simulation_leaves_the_systems_call_only_for_a_clear_gain() -> None:
    """A proposal beats the system's call only when its gain, layout by layout, is above nothing by
    `CLEAR` standard errors: a few lucky layouts are not enough, nor is one layout."""
    assert _clearly_positive([1, 1, 1]) and _clearly_positive([430, 420, 450, 0, 420])
    assert not _clearly_positive([5, -4, 3, -2]) and not _clearly_positive([0, 0, 0])
    assert not _clearly_positive([620]) and not _clearly_positive([])
    assert not _clearly_positive([-50, -50, -50])
