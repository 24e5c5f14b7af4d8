"""Contract bridge (seed 004, SPEC §11): the variant `"contract"`.

Four players in fixed partnerships, 0 and 2 against 1 and 3; the dealer opens; bids 1C-7NT with
double and redouble, and 7NT does not end the auction; the first of the winning side to name the
strain declares; the player left of the declarer leads, then the dummy is shown and played by the
declarer; all 13 tricks are played. Scored on a rubber or Chicago sheet (`contract_scoring`);
a passed-out deal is redealt by the next dealer (rubber) or the same dealer (Chicago). Under
duplicate scoring every deal is a board, scored alone (a duplicate event's tables play so).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import contract_bot
from .bids import ALL_BIDS
from .contract_scoring import BOOK, Form, Sheet, Side, contract_entries
from .deal import AUCTION_PHASES, open_auction
from .option import Option, switch
from .par import par
from .sides import OPPOSITE
from .variant import AuctionRules, DeclarerRule, PlayRules, Variant

if TYPE_CHECKING:
    from .deal import Outcome
    from .settings import Settings

RUBBER, CHICAGO, DUPLICATE = Form.RUBBER.value, Form.CHICAGO.value, Form.DUPLICATE.value
#: The option `honours` (SPEC §11): the sheet scores honours (`contract_scoring.honours_entries`).
HONOURS: Option[bool] = switch("honours", False)


def score_sheet(settings: Settings) -> Sheet:
    """A blank sheet of the room's form, scoring honours if the room does."""
    return Sheet(Form(settings.scoring), honours=HONOURS.of(settings))


def worth(outcome: Outcome) -> int:
    """A deal's duplicate score to the declarer's side, not vulnerable (`Variant.worth`)."""
    declarer = Side.of(outcome.declarer)
    return sum(entry.points if entry.side is declarer else -entry.points
               for entry in contract_entries(outcome.contract, outcome.declarer_tricks, False))


CONTRACT = Variant(
    name="contract",
    seats=4,
    hand_size=13,
    auction=AuctionRules(ladder=ALL_BIDS, opener=0, book=BOOK, top_bid_ends=False, doubling=True,
                         declarer=DeclarerRule.FIRST_TO_NAME_STRAIN,
                         same_dealer_after_pass_out=frozenset({CHICAGO})),
    sides=OPPOSITE,
    opening=open_auction,
    phases=AUCTION_PHASES,
    hands_per_deck=4,
    play=PlayRules(trump_must_be_broken=False, declarer_leads_no_trump=False, dummy=True),
    wash_threshold=None,
    early_end=False,
    scorings=(RUBBER, CHICAGO, DUPLICATE),
    sheet_ends=frozenset({RUBBER, CHICAGO}),
    options=(HONOURS,),
    sheet=score_sheet,
    bot=contract_bot.choose,
    par=par,
    worth=worth,
)
