"""What makes one bridge-family game differ from another (`Variant`): its data and its hooks.

A variant is validated data (its seats and hands, its bid ladder and auction rules, its play
rules, its scorings and options) plus the hooks through which it owns the rules of its own: how a
deal opens (`Opening`: an auction, or Memory Bridge's first half), how its sides are formed and
what the table knows of them (`SidesRule`: fixed partnerships, or Floating Bridge's partner card,
whose phase of naming it the rule brings), how a match is scored (`ScoreSheet`), how its bots
play, and the settings it takes. The shared engine (`deal.Deal`, `match.Match`, `room.Room`)
drives a deal through these and the phases' own moves (`deal.DealState`); it never branches on
which game it plays. The registry of variants by wire name is `variants.VARIANTS`.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any, Protocol, Self

from .bids import Bid, Strain

if TYPE_CHECKING:
    from .deal import Action, AuctionCall, Contract, Deal, DealState, Outcome, SeatView
    from .dealing import Shuffler
    from .option import Option
    from .settings import Settings
    from .wire import ParDoc, PointsDoc, SetsSheetDoc, SheetDoc, SideName, VulnerableDoc


class DeclarerRule(Enum):
    """Who of the side that won the auction declares."""

    #: The player who made the last bid (Floating Bridge, TigerBridge).
    LAST_BIDDER = "lastBidder"
    #: The player of the winning side who first named the contract's strain (contract bridge).
    FIRST_TO_NAME_STRAIN = "firstToNameStrain"


@dataclass(frozen=True, slots=True)
class AuctionRules:
    """`ladder`: every bid in ascending order. `opener`: seats left of the dealer of the first
    caller (0: the dealer; 1: the player left of the dealer). `book`: tricks a bid's level
    counts beyond (a level-`n` bid needs `n + book` tricks). `top_bid_ends`: the highest bid on
    the ladder ends the auction at once. `doubling`: `X` and `XX` are calls (fixed sides only).
    `declarer`: who declares. A passed-out auction (every seat passes, no bid) is redealt, the
    deal passing left, or dealt again by the same dealer under the `scoring` values in
    `same_dealer_after_pass_out`; where `redeal_passed_out` is off, a passed-out deal is over
    (Memory Bridge: half of its cards are already known). A duplicate board passed out is over
    in every variant (`Deal.board`)."""

    ladder: tuple[Bid, ...]
    opener: int
    book: int
    top_bid_ends: bool
    doubling: bool = False
    declarer: DeclarerRule = DeclarerRule.LAST_BIDDER
    same_dealer_after_pass_out: frozenset[str] = frozenset()
    redeal_passed_out: bool = True
    #: Each bid's place on the ladder, lowest 0: derived from `ladder` when the rules are made.
    ranks: Mapping[Bid, int] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "ranks", {bid: rank for rank, bid in enumerate(self.ladder)})


@dataclass(frozen=True, slots=True)
class PlayRules:
    """`trump_must_be_broken`: trump may not be led until a trump has been played in an earlier
    trick, unless the leader holds only trump. `declarer_leads_no_trump`: in no trump the
    declarer makes the opening lead; otherwise (and in a suit contract always) the player left
    of the declarer does. `dummy` (fixed sides only): the declarer's partner is the dummy, whose
    cards are shown to the table once the opening lead is made and played by the declarer."""

    trump_must_be_broken: bool
    declarer_leads_no_trump: bool
    dummy: bool = False


class ScoreSheet(Protocol):
    """What a variant's scoring keeps from deal to deal of a match (a rubber's games and part
    scores; nothing in Floating Bridge), as an immutable value."""

    @property
    def is_over(self) -> bool:
        """The sheet itself ends the match (a rubber won; a Chicago's fourth deal scored)."""
        ...

    @property
    def scores_boards(self) -> bool:
        """Every deal is a duplicate board (`Deal.board`): numbered from 1 in the match, dealer and
        vulnerability by its number, over when passed out."""
        ...

    def scored(self, deal: Deal) -> ScoreSheet:
        """The sheet after finished `deal` is entered on it."""
        ...

    def points(self, deal: Deal) -> tuple[int, ...]:
        """The points by position that `deal`, the last deal entered on this sheet, earned."""
        ...

    def points_by_kind(self) -> PointsDoc | None:
        """The last deal's points by side and kind (None: the variant's points have no kinds)."""
        ...

    def last_vulnerable(self) -> VulnerableDoc | None:
        """Which sides were vulnerable in the last deal entered (None: the game has no vulnerability)."""
        ...

    def unfinished_points(self) -> dict[SideName, int] | None:
        """What each side would get if the match stopped now, unfinished (None: nothing)."""
        ...

    def document(self, dealer: int, board: int | None) -> SheetDoc | SetsSheetDoc | None:
        """The sheet as the room document shows it, for the deal dealt by `dealer` (from duplicate
        board `board`, or None) (None: no sheet)."""
        ...

    def encoded(self) -> dict[str, Any] | None:
        """The sheet's stored form (None: a blank sheet says it all)."""
        ...

    def decoded(self, doc: Mapping[str, Any] | None) -> ScoreSheet:
        """The sheet `encoded` stored, read back onto this blank sheet."""
        ...


class EachDealAlone:
    """The `ScoreSheet` of a game whose deals each score alone (`points`, the one thing a game
    of its kind states): it keeps nothing from deal to deal, has no boards, kinds of points or
    vulnerability, and only the `deals` setting ends its match."""

    __slots__ = ()

    @property
    def is_over(self) -> bool:
        return False

    @property
    def scores_boards(self) -> bool:
        return False

    def scored(self, deal: Deal) -> Self:
        return self

    def points_by_kind(self) -> None:
        return None

    def last_vulnerable(self) -> None:
        return None

    def unfinished_points(self) -> None:
        return None

    def document(self, dealer: int, board: int | None) -> None:
        return None

    def encoded(self) -> None:
        return None

    def decoded(self, doc: Mapping[str, Any] | None) -> Self:
        return self


class SidesRule(Protocol):
    """How a variant forms the two sides of a deal, and what the table knows of them when.

    The shared engine asks this, never which game it plays: who bids for whose side in the
    auction, what follows a won auction, who the declarer's partner is and whether the table
    knows it yet (which decides who answers a claim or an undo, and when a claim may be made)."""

    def partner_of(self, position: int) -> int:
        """Who `position` is known to be partnered with from the deal's start (itself when
        nobody is): their bids are its side's in the auction, and the declarer's is the dummy."""
        ...

    def auction_won(self, deal: Deal, calls: tuple[AuctionCall, ...], contract: Contract) -> DealState:
        """The phase that follows the auction `calls`, won with `contract`."""
        ...

    def partner(self, deal: Deal, contract: Contract) -> int | None:
        """The declarer's partner in `deal` (hidden or not; None while there is none)."""
        ...

    def revealed(self, deal: Deal) -> bool:
        """The table knows who the declarer's partner is."""
        ...

    def table_sides(self, seats: int, declarer: int | None, partner: int | None) -> tuple[int, ...] | None:
        """The sides of a double-dummy table of the deal (0 or 1 by position), given the
        deal's declarer and partner where it had them; None when they do not determine them."""
        ...


#: How a deal of a variant opens: `(variant, players, settings, dealer, rng, washes)` to the deal
#: in its first phase (`deal.open_auction`: the hands dealt and the auction open; Memory Bridge's
#: first half). `washes` counts the redeals before it.
Opening = Callable[["Variant", tuple[str, ...], "Settings", int, "Shuffler", int], "Deal"]

#: The double-dummy par of a variant's scoring: `(table, vulnerable, dealer)` to the par document,
#: the table by strain and declarer position (`par.par`).
Par = Callable[[Mapping[Strain, Sequence[int]], "VulnerableDoc", int], "ParDoc"]


#: A bot: one seat's choice among the legal actions, from that seat's view alone. It must be
#: deterministic (the same view and legal actions, the same choice).
BotPolicy = Callable[["SeatView", "Sequence[Action]"], "Action"]

#: What else the thinking bot weighs before the play, beside the bot's own choice (`preferred`):
#: `(view, legal, preferred)` to more of the legal actions (`thinking_bot._proposals`).
Alternatives = Callable[["SeatView", "Sequence[Action]", "Action"], "Sequence[Action]"]


@dataclass(frozen=True, slots=True)
class Variant:
    """One game of the family. `name` is its wire name (`settings.variant`).

    `sides`: how the sides are formed (`SidesRule`); `opening`: how a deal opens (`Opening`);
    `phases`: the phases a deal of it passes through (`deal.DealState`), each with its rules;
    `hands_per_deck`: the hands one deck deals (twice `seats` where a deal has two halves).
    `wash_threshold`: under the `washRule` option (`deal.WASH_RULE`), a hand with fewer points
    forces a redeal (None: the variant has no wash rule). `early_end`: a deal ends as soon as the
    table can tell that a side has reached its target (SPEC §5.6), unless the `playAllTricks`
    option (`deal.PLAY_ALL_TRICKS`) is on.
    `scorings`: the values the `scoring` setting takes, default first; `sheet_ends`: the
    scorings under which the score sheet ends the match (the `deals` setting is 0; under the
    others it sets the match's length); `options`: the settings of its own it offers besides the
    common ones (`option.Option`), each declared where its rule lives; `sheet` is a match's score
    sheet before its first deal, for the room's settings; `bot` is how a bot plays it; `par`: the
    double-dummy par of its scoring, if it has one; `worth`: what a finished deal's outcome is
    worth to the declarer's side less what it gives the defenders, in the game's own points (what
    the thinking bot bids for, `thinking_bot`; None: reaching the target is all, 1 or -1);
    `alternatives`: the actions the thinking bot weighs before the play beside those it weighs
    in every game (`Alternatives`; the partner card's are the game's own).
    """

    name: str
    seats: int
    hand_size: int
    auction: AuctionRules
    sides: SidesRule
    opening: Opening
    phases: tuple[type[DealState], ...]
    hands_per_deck: int
    play: PlayRules
    wash_threshold: int | None
    early_end: bool
    scorings: tuple[str, ...]
    sheet_ends: frozenset[str]
    options: tuple[Option[Any], ...]
    sheet: Callable[[Settings], ScoreSheet]
    bot: BotPolicy
    par: Par | None = None
    worth: Callable[[Outcome], int] | None = None
    alternatives: Alternatives | None = None

    @property
    def top_bid(self) -> Bid:
        return self.auction.ladder[-1]

    def left_of(self, position: int) -> int:
        """The seat to the left of `position` acts after it."""
        return (position + 1) % self.seats

    def target(self, bid: Bid) -> int:
        """Tricks the declarer's side needs to make `bid`."""
        return bid.level + self.auction.book

    def defender_target(self, bid: Bid) -> int:
        """Tricks the defenders need to defeat `bid`: one more than the declarer's side may lose."""
        return self.hand_size - self.target(bid) + 1

    def on_ladder(self, bid: Bid) -> bool:
        return bid in self._ranks

    def outranks(self, bid: Bid, other: Bid) -> bool:
        """`bid` is higher than `other` on the ladder (both on it)."""
        return self._ranks[bid] > self._ranks[other]

    @property
    def _ranks(self) -> Mapping[Bid, int]:
        return self.auction.ranks

    def bids_above(self, bid: Bid | None) -> tuple[Bid, ...]:
        """Every bid of the ladder higher than `bid` (all of them for None), ascending."""
        ladder = self.auction.ladder
        return ladder if bid is None else ladder[self._ranks[bid] + 1:]
