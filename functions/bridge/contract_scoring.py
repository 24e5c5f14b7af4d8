"""Contract bridge scoring (seed 004 "Scoring"; SPEC §11): what one deal scores, and the score
sheet of a rubber, of a Chicago, or of a duplicate table's boards, as values.

A deal's score is a tuple of `Entry` values, each some points of one `Kind` for one side; only the
`CONTRACT` kind (trick points for a contract bid and made) is written below the line and counts
towards a game. `Sheet.entered` adds one deal to a sheet and keeps the entries it earned
(`last`), including the game, part-score and rubber bonuses that deal brought.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any

from .bids import Bid, Doubling, Strain
from .cards import Card, Rank, Suit
from .deal import Contract

if TYPE_CHECKING:
    from .deal import Deal
    from .wire import PointsDoc, SheetDoc, SideName, SideScoreDoc, VulnerableDoc
from .values import evolve

#: The book a contract's level counts beyond: a contract of level n needs n + 6 tricks.
BOOK = 6


class Side(Enum):
    """The fixed partnerships: positions 0 and 2 against 1 and 3."""

    NS = "NS"
    EW = "EW"

    @staticmethod
    def of(position: int) -> Side:
        return Side.NS if position % 2 == 0 else Side.EW

    @property
    def other(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS


class Kind(Enum):
    """What a side's points were scored for (wire names)."""

    #: Trick points for a contract bid and made: the only points below the line.
    CONTRACT = "contract"
    OVERTRICKS = "overtricks"
    #: Making a doubled (50) or redoubled (100) contract.
    INSULT = "insult"
    SLAM = "slam"
    #: The defenders' points for the tricks the declarer fell short by.
    UNDERTRICKS = "undertricks"
    HONOURS = "honours"
    #: Chicago and duplicate: making a game scores at once.
    GAME = "game"
    #: Chicago: a part score made on the fourth deal that completes no game; duplicate: any
    #: part score made.
    PART_SCORE = "partScore"
    #: Rubber: two games won.
    RUBBER = "rubber"
    #: Rubber: what the seed's rule for a rubber left unfinished gives (300 a game, 100 a part score).
    UNFINISHED = "unfinished"
    #: Memory Bridge: the first half's 1NT score and its 100 (docs/MEMORY.md).
    FIRST_HALF = "firstHalf"


@dataclass(frozen=True, slots=True)
class Entry:
    """`points` of one `kind` scored by `side`."""

    side: Side
    kind: Kind
    points: int

    @property
    def below(self) -> bool:
        """Written below the line: counts towards a game."""
        return self.kind is Kind.CONTRACT


#: Trick points for each trick bid and made beyond six, undoubled.
_MINOR, _MAJOR, _FIRST_NO_TRUMP = 20, 30, 40
#: A contract of this level is a small slam; a grand slam is one higher.
SMALL_SLAM = 6
_SLAM = {(6, False): 500, (6, True): 750, (7, False): 1000, (7, True): 1500}
#: Points per doubled overtrick by vulnerability (redoubled: twice as many).
_DOUBLED_OVERTRICK = {False: 100, True: 200}
#: Doubled undertricks by vulnerability: the first, the second and third, each later one
#: (redoubled: twice as many).
_DOUBLED_UNDERTRICKS = {False: (100, 200, 300), True: (200, 300, 300)}
_UNDOUBLED_UNDERTRICK = {False: 50, True: 100}
_INSULT = {Doubling.DOUBLED: 50, Doubling.REDOUBLED: 100}
#: A side that reaches this many points below the line has won a game.
GAME = 100


def trick_points(bid: Bid, doubling: Doubling = Doubling.UNDOUBLED) -> int:
    """Below-the-line points for making `bid`: 20 a trick in clubs or diamonds, 30 in hearts or
    spades, 40 for the first no-trump trick and 30 for each other; doubled ×2, redoubled ×4."""
    first = _FIRST_NO_TRUMP if bid.strain is Strain.NO_TRUMP else _trick_value(bid.strain)
    return (first + _trick_value(bid.strain) * (bid.level - 1)) * doubling


def _trick_value(strain: Strain) -> int:
    """Undoubled points of a trick beyond the first: 20 in a minor, 30 in a major or no trump."""
    return _MINOR if strain in (Strain.CLUBS, Strain.DIAMONDS) else _MAJOR


def undertrick_points(down: int, doubling: Doubling, vulnerable: bool) -> int:
    """The defenders' points when the declarer falls `down` tricks short: 50 / 100 each
    undoubled (not vulnerable / vulnerable); doubled 100, 200, 200, then 300 each not vulnerable
    and 200, then 300 each vulnerable; redoubled twice the doubled figures."""
    if doubling is Doubling.UNDOUBLED:
        return _UNDOUBLED_UNDERTRICK[vulnerable] * down
    first, second_third, later = _DOUBLED_UNDERTRICKS[vulnerable]
    doubled = sum(first if n == 1 else second_third if n <= 3 else later for n in range(1, down + 1))
    return doubled * (doubling // Doubling.DOUBLED)


def contract_entries(contract: Contract, tricks: int, vulnerable: bool) -> tuple[Entry, ...]:
    """What a deal played in `contract` scores when the declarer's side (`vulnerable` or not)
    took `tricks`: made, the trick points below the line and overtricks, the insult and a slam
    bonus above it; short, the undertricks to the defenders. Zero entries are left out."""
    bid, doubling, declarer = contract.bid, contract.doubling, Side.of(contract.declarer)
    need = contract.target
    if tricks < need:
        return (Entry(declarer.other, Kind.UNDERTRICKS, undertrick_points(need - tricks, doubling, vulnerable)),)
    over = tricks - need
    if doubling is Doubling.UNDOUBLED:
        overtricks = over * _trick_value(bid.strain)
    else:
        overtricks = over * _DOUBLED_OVERTRICK[vulnerable] * (doubling // Doubling.DOUBLED)
    entries = (
        Entry(declarer, Kind.CONTRACT, trick_points(bid, doubling)),
        Entry(declarer, Kind.OVERTRICKS, overtricks),
        Entry(declarer, Kind.INSULT, _INSULT.get(doubling, 0)),
        Entry(declarer, Kind.SLAM, _SLAM.get((bid.level, vulnerable), 0)),
    )
    return tuple(entry for entry in entries if entry.points)


_HONOUR_RANKS = frozenset({Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN})


def honours_entries(strain: Strain, hands: Mapping[int, Iterable[Card]]) -> tuple[Entry, ...]:
    """Honours as dealt (`hands` by position): in a suit contract, a hand holding all five of
    A K Q J 10 of trumps scores 150 for its side, four of them 100; in no trump a hand holding
    the four aces scores 150. Scored whoever holds them, declarer's side or defenders."""
    trump = strain.trump
    for position, hand in hands.items():
        cards = set(hand)
        if trump is None:
            held = sum(Card(suit, Rank.ACE) in cards for suit in Suit)
            points = 150 if held == 4 else 0
        else:
            held = sum(Card(trump, rank) in cards for rank in _HONOUR_RANKS)
            points = {5: 150, 4: 100}.get(held, 0)
        if points:
            return (Entry(Side.of(position), Kind.HONOURS, points),)
    return ()


class Form(Enum):
    """How deals add up to a match (`scoring` setting of contract bridge)."""

    #: Best of three games; the match ends with the rubber.
    RUBBER = "rubber"
    #: Four deals with set vulnerability; every game scores its bonus at once.
    CHICAGO = "chicago"
    #: A duplicate event's table (docs/DUPLICATE.md; set by the event, not a room setting): each
    #: board alone, vulnerable by its number, a game's bonus at once and 50 for any part score.
    DUPLICATE = "duplicate"


#: Chicago's length, and its rubber and game bonuses.
CHICAGO_DEALS = 4
_RUBBER_BONUS = {0: 700, 1: 500}  # by the losing side's games
#: A game's bonus by vulnerability, in Chicago and duplicate alike.
_GAME_BONUS = {False: 300, True: 500}
_CHICAGO_PART_SCORE = 100
_DUPLICATE_PART_SCORE = 50
#: Vulnerability of boards 1-16 (then again from 17): "" none, "NS", "EW", "both".
_BOARD_CYCLE = ("", "NS", "EW", "both", "NS", "EW", "both", "", "EW", "both", "", "NS", "both", "", "NS", "EW")
_UNFINISHED_GAME, _UNFINISHED_PART_SCORE = 300, 100


def board_vulnerable(board: int, side: Side) -> bool:
    """A duplicate board's vulnerability by its number: the standard 16-board cycle."""
    vulnerable = _BOARD_CYCLE[(board - 1) % 16]
    return vulnerable == "both" or vulnerable == side.value


@dataclass(frozen=True, slots=True)
class SideScore:
    """One side's column: `above` the line (every bonus and penalty), `below` for the current
    game, `games` won, and `total` (everything scored, below-the-line points of past games too)."""

    above: int = 0
    below: int = 0
    games: int = 0
    total: int = 0

    def plus(self, entry: Entry) -> SideScore:
        if entry.below:
            return evolve(self, below=self.below + entry.points, total=self.total + entry.points)
        return evolve(self, above=self.above + entry.points, total=self.total + entry.points)


@dataclass(frozen=True, slots=True)
class Sheet:
    """The score sheet of one match of contract bridge: its `form`, how many deals it has scored
    (`deals`; passed-out deals are not scored), each side's column, and what the last deal
    earned (`last`). It is the contract variant's `ScoreSheet`."""

    form: Form
    deals: int = 0
    ns: SideScore = SideScore()
    ew: SideScore = SideScore()
    #: Every entry the last deal entered earned.
    last: tuple[Entry, ...] = ()
    #: Honours are scored (the `honours` setting).
    honours: bool = False
    #: Whether North-South and East-West were vulnerable in the last deal entered.
    vulnerable_last: tuple[bool, bool] = (False, False)

    def column(self, side: Side) -> SideScore:
        return self.ns if side is Side.NS else self.ew

    def vulnerable(self, side: Side, dealer: int, board: int | None = None) -> bool:
        """Rubber: a side with a game is vulnerable. Chicago, by the number of the deal being
        played (`deals + 1`): first none, second and third the dealer's side, fourth both.
        Duplicate: by the number of the `board` being played (`board_vulnerable`)."""
        if self.form is Form.RUBBER:
            return self.column(side).games > 0
        if self.form is Form.DUPLICATE:
            assert board is not None  # a duplicate table plays boards only
            return board_vulnerable(board, side)
        number = self.deals + 1
        return number == CHICAGO_DEALS or (number in (2, 3) and side is Side.of(dealer))

    @property
    def scores_boards(self) -> bool:
        return self.form is Form.DUPLICATE

    @property
    def is_over(self) -> bool:
        """A rubber ends when a side has two games; a Chicago after its fourth deal; a duplicate
        table's boards by their number (the match's `deals`), not by the sheet."""
        if self.form is Form.RUBBER:
            return max(self.ns.games, self.ew.games) >= 2
        if self.form is Form.DUPLICATE:
            return False
        return self.deals >= CHICAGO_DEALS

    def scored(self, deal: Deal) -> Sheet:
        """The sheet after finished `deal` (its honours counted if the sheet scores them); a
        board passed out is entered with no points."""
        outcome = deal.outcome()
        vulnerable = (self.vulnerable(Side.NS, deal.dealer, deal.board),
                      self.vulnerable(Side.EW, deal.dealer, deal.board))
        if outcome is None:
            assert deal.is_finished  # only a finished deal is scored: here, a board passed out
            return evolve(self, deals=self.deals + 1, last=(), vulnerable_last=vulnerable)
        contract = outcome.contract
        honours = honours_entries(contract.bid.strain, dict(enumerate(deal.hands_dealt()))) if self.honours else ()
        return evolve(self.entered(contract, outcome.declarer_tricks, deal.dealer, honours, deal.board),
                      vulnerable_last=vulnerable)

    def last_vulnerable(self) -> VulnerableDoc:
        return {"NS": self.vulnerable_last[0], "EW": self.vulnerable_last[1]}

    def points(self, deal: Deal) -> tuple[int, ...]:
        """Each position's side's points from the last deal entered."""
        won = {side: sum(e.points for e in self.last if e.side is side) for side in Side}
        return tuple(won[Side.of(position)] for position in range(len(deal.players)))

    def points_by_kind(self) -> PointsDoc | None:
        """The last deal's points by side and kind (None: a board passed out scored nothing)."""
        if not self.last:
            return None
        doc: PointsDoc = {"NS": {}, "EW": {}}
        for entry in self.last:
            kinds = doc[entry.side.value]
            kinds[entry.kind.value] = kinds.get(entry.kind.value, 0) + entry.points
        return doc

    def unfinished_points(self) -> dict[SideName, int] | None:
        """`unfinished` by side (0 for a side with neither a game nor a part score); None for a
        finished rubber or a Chicago, which the rule does not concern."""
        if self.form is not Form.RUBBER or self.is_over:
            return None
        entries = self.unfinished()
        return {side.value: sum(e.points for e in entries if e.side is side) for side in Side}

    def document(self, dealer: int, board: int | None) -> SheetDoc:
        """Each side's column, vulnerable as in the deal dealt by `dealer` (board `board`)."""
        def column(side: Side) -> SideScoreDoc:
            score = self.column(side)
            return {"above": score.above, "below": score.below, "games": score.games,
                    "vulnerable": self.vulnerable(side, dealer, board), "total": score.total}
        return {"NS": column(Side.NS), "EW": column(Side.EW)}

    def encoded(self) -> dict[str, Any]:
        """Maps and flat lists only: Firestore stores no array directly in an array."""
        def column(score: SideScore) -> list[int]:
            return [score.above, score.below, score.games, score.total]
        return {"deals": self.deals, "NS": column(self.ns), "EW": column(self.ew),
                "last": [{"side": e.side.value, "kind": e.kind.value, "points": e.points} for e in self.last],
                "lastVulnerable": list(self.vulnerable_last)}

    def decoded(self, doc: Mapping[str, Any] | None) -> Sheet:
        if doc is None:
            return self
        return evolve(self, deals=doc["deals"], ns=SideScore(*doc["NS"]), ew=SideScore(*doc["EW"]),
                      last=tuple(Entry(Side(e["side"]), Kind(e["kind"]), e["points"]) for e in doc["last"]),
                      vulnerable_last=tuple(doc["lastVulnerable"]))

    def entered(self, contract: Contract, tricks: int, dealer: int, honours: tuple[Entry, ...] = (),
                board: int | None = None) -> Sheet:
        """The sheet after a deal played in `contract` whose declarer's side took `tricks`,
        dealt by `dealer` (from `board`, at a duplicate table), with `honours` (from
        `honours_entries`); `last` holds every entry that deal earned, the bonuses for a game or
        rubber it completed included.

        A side reaching 100 below the line wins a game and both sides' part scores end with it.
        Rubber: the second game brings 700 (two games to none) or 500 (two to one). Chicago: a
        game scores 300 (not vulnerable) or 500 (vulnerable) at once; on the fourth deal a made
        contract that completes no game scores 100. Duplicate: each board starts below the line
        afresh; a game scores 300 or 500 at once, any other contract made 50."""
        side = Side.of(contract.declarer)
        vulnerable = self.vulnerable(side, dealer, board)
        entries = contract_entries(contract, tricks, vulnerable) + honours
        sheet = evolve(self, deals=self.deals + 1)
        if self.form is Form.DUPLICATE:
            sheet = evolve(sheet, ns=evolve(sheet.ns, below=0), ew=evolve(sheet.ew, below=0))
        for entry in entries:
            sheet = sheet._plus(entry)
        bonuses: list[Entry] = []
        if sheet.column(side).below >= GAME:
            sheet = sheet._game_won(side)
            if self.form is Form.RUBBER and sheet.column(side).games == 2:
                bonuses.append(Entry(side, Kind.RUBBER, _RUBBER_BONUS[sheet.column(side.other).games]))
            elif self.form is not Form.RUBBER:
                bonuses.append(Entry(side, Kind.GAME, _GAME_BONUS[vulnerable]))
        elif self.form is Form.CHICAGO and sheet.deals == CHICAGO_DEALS and any(e.below for e in entries):
            bonuses.append(Entry(side, Kind.PART_SCORE, _CHICAGO_PART_SCORE))
        elif self.form is Form.DUPLICATE and any(e.below for e in entries):
            bonuses.append(Entry(side, Kind.PART_SCORE, _DUPLICATE_PART_SCORE))
        for entry in bonuses:
            sheet = sheet._plus(entry)
        return evolve(sheet, last=entries + tuple(bonuses))

    def unfinished(self) -> tuple[Entry, ...]:
        """What the seed's rule for a rubber left unfinished would add: 300 to a side with a game,
        100 to a side with a part score in the unfinished game (both, to a side with both). A
        finished rubber, or a Chicago, adds nothing."""
        if self.form is not Form.RUBBER or self.is_over:
            return ()
        entries: list[Entry] = []
        for side in Side:
            column = self.column(side)
            if column.games:
                entries.append(Entry(side, Kind.UNFINISHED, _UNFINISHED_GAME))
            if column.below:
                entries.append(Entry(side, Kind.UNFINISHED, _UNFINISHED_PART_SCORE))
        return tuple(entries)

    def _plus(self, entry: Entry) -> Sheet:
        if entry.side is Side.NS:
            return evolve(self, ns=self.ns.plus(entry))
        return evolve(self, ew=self.ew.plus(entry))

    def _game_won(self, side: Side) -> Sheet:
        """`side` won a game: a new line is drawn, and neither side's part score carries on."""
        winner = self.column(side)
        columns = {side: evolve(winner, below=0, games=winner.games + 1),
                   side.other: evolve(self.column(side.other), below=0)}
        return evolve(self, ns=columns[Side.NS], ew=columns[Side.EW])
