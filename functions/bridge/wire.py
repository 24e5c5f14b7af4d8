"""The wire contract, declared once: every document a client reads and every callable's answer,
as typed dictionaries. Each callable's request is declared where the server parses it, in
`service.payloads` (with `bridge.request`).

The projections in `documents` are typed by these, so mypy checks that what the server writes
has exactly these shapes; `scripts/export-schema` turns them, with the requests, into the JSON
Schema in `docs/schema.json` that client developers generate their types from, and a test fails
when the web client's `web/src/types.ts` disagrees with it. Cards, bids and seats are as SPEC §2
says.
"""
from __future__ import annotations

from typing import Literal, NotRequired

# typing_extensions' TypedDict (already loaded by the Firebase SDK, so free at cold start): the
# one pydantic reads on Python 3.11 to export the JSON Schema.
from typing_extensions import TypedDict

#: A card, rank then suit: `AS`, `TD`, `2C` (SPEC §2).
CardText = str
#: A hand sealed for its holder (`HandView`, docs/API.md "Your hand"): base64 of a 12-byte nonce,
#: the 50-byte hand encrypted with AES-256-GCM, and its 16-byte tag (104 characters).
SealedHand = str
#: `PASS` or a bid `1C` … `7NT` (SPEC §2).
BidText = str
#: The variants (`bridge.variants.VARIANTS`) and their scorings.
VariantName = Literal["floating", "contract", "tiger", "memory"]
ScoringName = Literal["deals", "tricks", "rubber", "chicago", "duplicate", "sets", "target"]
#: The `botLevel` setting (`bridge.settings.BOT_LEVELS`).
BotLevel = Literal["basic", "thinking"]
#: Why a deal record has no analysis (issue 33): a person of the deal (for a deal of bots alone,
#: the room's host) had had their allowance of analysed deals in the last hour.
AnalysisSkipped = Literal["ALLOWANCE_SPENT"]
RoomStatus = Literal["waiting", "firstHalf", "bidding", "choosingTeammate", "playing", "dealEnded", "ended"]


class SettingsDoc(TypedDict):
    """A room's settings (SPEC §4, §9, §11). `playAllTricks` and `washRule` are Floating Bridge's;
    `honours` is contract bridge's. `scoring` is `deals` or `tricks` in Floating Bridge, `rubber`,
    `chicago` or `duplicate` in contract bridge, `sets` in TigerBridge (docs/TIGER.md), `target`
    in Memory Bridge, whose `targetScore` ends its match (docs/MEMORY.md)."""

    variant: VariantName
    inviteOnly: bool
    deals: int
    scoring: ScoringName
    turnSeconds: int
    botReplacesLeaver: bool
    botLevel: BotLevel
    chat: bool
    undo: bool
    playAllTricks: NotRequired[bool]
    washRule: NotRequired[bool]
    honours: NotRequired[bool]
    targetScore: NotRequired[int]


class PlayerEntry(TypedDict):
    """A seat. A bot (SPEC §10) has `bot: true`, a uid starting with `~bot`, and is always ready."""

    uid: str
    displayName: str
    position: int
    ready: bool
    bot: bool
    entropy: str


class CallEntry(TypedDict):
    position: int
    bid: BidText


class ContractDoc(TypedDict):
    """The contract: its bid, how it was doubled (`X`, `XX`; null: not doubled) and declarer."""

    declarer: int
    bid: BidText
    doubled: Literal["X", "XX"] | None
    trump: Literal["C", "D", "H", "S"] | None
    target: int
    defenderTarget: int


#: A side of fixed partnerships: positions 0 and 2 (`NS`), 1 and 3 (`EW`).
SideName = Literal["NS", "EW"]
#: Points of each kind by side: in contract bridge `contract`, `overtricks`, `insult`, `slam`,
#: `undertricks`, `honours`, `game`, `partScore`, `rubber`, `unfinished`; in TigerBridge
#: `setPoints` and `gamePoints`.
PointsDoc = dict[SideName, dict[str, int]]


class SideScoreDoc(TypedDict):
    """One side's column of a contract-bridge score sheet (SPEC §11): `above` the line, `below`
    it in the current game, `games` won, whether it is `vulnerable` in the deal being (or next
    to be) played, and its `total` so far."""

    above: int
    below: int
    games: int
    vulnerable: bool
    total: int


class SheetDoc(TypedDict):
    NS: SideScoreDoc
    EW: SideScoreDoc


class SetsColumnDoc(TypedDict):
    """One side's column of a TigerBridge score sheet (docs/TIGER.md): its `setPoints` in the
    set being played and its `gamePoints` so far."""

    setPoints: int
    gamePoints: int


class SetsSheetDoc(TypedDict):
    NS: SetsColumnDoc
    EW: SetsColumnDoc


class PlaysDoc(TypedDict):
    """The cards of one hand that may be played to each trick it could be played to next, by the
    rules in force (a hand's `plays`, the dummy's): `lead`, leading a trick; `C`, `D`,
    `H`, `S`, following a trick led in that suit. It changes only when the hand does, or when a
    rule of leading does (trump broken): a client takes the entry of the trick on the table."""

    lead: list[CardText]
    C: list[CardText]
    D: list[CardText]
    H: list[CardText]
    S: list[CardText]


class DummyDoc(TypedDict):
    """The dummy (SPEC §11), shown from the opening lead on: its position, the cards it holds and
    the ones of them that may be played to each trick (the declarer plays them; null once no card
    is played)."""

    position: int
    cards: list[CardText]
    plays: PlaysDoc | None


class PlayEntry(TypedDict):
    position: int
    card: CardText


class FirstHalfDoc(TypedDict):
    """Memory Bridge (docs/MEMORY.md): the deal's first half once it is over: its 13 no-trump
    tricks and how many each position won."""

    tricks: list[TrickDoc]
    tricksWon: list[int]


class ClaimDoc(TypedDict):
    """SPEC §15: the declarer's claim that their side takes `tricks` of the tricks still to play.
    `by` is the claimer's position, `cards` their remaining cards (public from the claim on),
    `accepted` the positions of the opponents who have accepted, `answering` those still to
    answer (none once every opponent has accepted and the deal has ended)."""

    by: int
    tricks: int
    cards: list[CardText]
    accepted: list[int]
    answering: list[int]


class ClaimEntry(TypedDict):
    """SPEC §15, issue 33: one claim of the deal, in the order made; a claim is a public act and
    stays on the record whatever its answer. `by` is the claimer's position, `after` how many
    tricks were complete when it was made, `cards` the claimer's cards then (shown to the table
    by the claim), `accepted` the opponents who accepted it, `result` `accepted` (it ended the
    deal), `rejected` (an opponent rejected it: play went on) or null (being answered)."""

    by: int
    tricks: int
    after: int
    cards: list[CardText]
    accepted: list[int]
    result: Literal["accepted", "rejected"] | None


class UndoDoc(TypedDict):
    """SPEC §15: `by` (a position) asks to take back their last action; `accepted`: positions that
    have agreed; `answering`: people still to answer."""

    by: int
    accepted: list[int]
    answering: list[int]


class LegalDoc(TypedDict):
    """What the person at one position may do now, as far as the public state decides it (the
    room document's `legal`, by position; docs/API.md "Legal actions"). The cards a person may
    name or play come from their hand (`HandView`).

    `placeBid`: the calls they may make (empty: it is not their call), with an `alert` when
    `alert`. `chooseTeammate`: they are to name the partner card. `playCard`: the position whose
    card they are to play (theirs, or as declarer the dummy's; null: not their card).
    `claim`: the most tricks they may claim, 0 to it (null: they may not claim now).
    `respondClaim`, `requestUndo`, `respondUndo`: they may."""

    placeBid: list[BidText]
    alert: bool
    chooseTeammate: bool
    playCard: int | None
    claim: int | None
    respondClaim: bool
    requestUndo: bool
    respondUndo: bool


class AlertEntry(TypedDict):
    """One alerted call: who made it, its index in the auction (`bids`), the call and the
    caller's explanation."""

    position: int
    call: int
    bid: BidText
    text: str


class AlertDocument(TypedDict):
    """`rooms/{roomID}/alerts/{side}` (SPEC §15; exists while the room document's `alerts` is
    true): the alerts of the calls side `side` (`NS`: positions 0 and 2, `EW`: 1 and 3) made in
    the current or last deal's auction. Readable at once by `readers` (the other side's uids) and
    the room's spectators; by whoever may read the room once `open` (the auction is over)."""

    dealNumber: int
    alerts: list[AlertEntry]
    readers: list[str]
    open: bool


class ClaimRecord(TypedDict):
    """The accepted claim that ended a deal, in its hand record: the claimer's position and the
    tricks their side took of those that were left."""

    by: int
    tricks: int


class FirstHalfRecord(FirstHalfDoc):
    """A first half in a hand record: its tricks, tricks won, and each position's 13 cards of it
    as dealt."""

    hands: list[HandCards]


class TrickDoc(TypedDict):
    """A trick in play order from `leader`; `winner` once all four cards are in."""

    leader: int
    cards: list[PlayEntry]
    winner: NotRequired[int]


class ResultDoc(TypedDict):
    """How the last deal ended: played out, abandoned (`abandonedBy`; the other fields null), or
    at a duplicate event's table passed out (`passedOut`; the contract's fields null, no winners).
    Contract bridge: `contract` is written with its doubling (`4SX`); `points` holds what the
    deal scored by side and kind; `unfinishedRubber`, when a rubber is abandoned, what the
    seed's rule for an unfinished rubber would give each side (not added to any score)."""

    players: list[str]
    abandonedBy: str | None
    passedOut: bool
    winners: list[str]
    contract: BidText | None
    declarer: int | None
    partner: int | None
    declarerTricks: int | None
    defenderTricks: int | None
    made: bool | None
    points: PointsDoc | None
    unfinishedRubber: dict[SideName, int] | None


class MatchDoc(TypedDict):
    """SPEC §9: deals started (`dealNumber`), the `deals` setting, and points by uid; `names`:
    the display name of each uid in `scores` as last seen at the table (players who left too);
    `sheet`: contract bridge's score sheet (`SheetDoc`), TigerBridge's (`SetsSheetDoc`), null in
    Floating Bridge. In TigerBridge `scores` counts game points."""

    dealNumber: int
    deals: int
    scores: dict[str, int]
    names: dict[str, str]
    sheet: SheetDoc | SetsSheetDoc | None


class EventTableDoc(TypedDict):
    """Which duplicate event a room is a table of: the event's id, the table (from 0) and the
    round (from 0) it is playing there (docs/DUPLICATE.md)."""

    eventID: str
    table: int
    round: int


class TournamentTableDoc(TypedDict):
    """Which robot tournament a room is an entrant's table of, and whose (docs/TOURNAMENTS.md)."""

    tournamentID: str
    entrant: str


class Timestamp(TypedDict):
    """A Firestore timestamp, as the client SDKs hand it over (JS: `Timestamp`)."""

    seconds: int
    nanoseconds: int


class RoomState(TypedDict):
    """The public state of a room, as the engine projects it (`documents.public_room`)."""

    hostID: str
    status: RoomStatus
    settings: SettingsDoc
    invited: list[str]
    memberIDs: list[str]
    players: list[PlayerEntry]
    seating: list[str] | None
    dealer: int | None
    turn: int | None
    washes: int
    bids: list[CallEntry]
    highestBid: CallEntry | None
    contract: ContractDoc | None
    partnerCard: CardText | None
    partnerPosition: int | None
    trick: TrickDoc | None
    tricks: list[TrickDoc]
    tricksWon: list[int]
    trumpBroken: bool
    handSizes: list[int]
    result: ResultDoc | None
    match: MatchDoc
    turnDeadline: Timestamp | None
    dummy: DummyDoc | None
    board: int | None
    firstHalf: FirstHalfDoc | None
    event: EventTableDoc | None
    tournament: TournamentTableDoc | None
    claim: ClaimDoc | None
    claims: list[ClaimEntry]
    undo: UndoDoc | None
    nextDeal: NextDealDoc | None
    dealing: DealingDoc | None
    legal: list[LegalDoc]
    alerts: bool


class NextDealDoc(TypedDict):
    """SPEC §16: the room's commitment to the seed of the deal it will deal next (deal `number`
    of the match): the hex SHA-256 of a secret 32-byte seed. Null at an event's table and once
    the room has ended."""

    number: int
    commitment: str


class DealingDoc(TypedDict):
    """SPEC §16: what the current or last deal was dealt from, without the secret: its number,
    the commitment shown before it, each position's entropy (`""`: none) and how many decks the
    stream has dealt for it (redeals included; the hands are the last). Null at an event's table
    (the event commits to its boards)."""

    number: int
    commitment: str
    entropy: list[str]
    decks: int


class DealingRecord(DealingDoc):
    """A finished deal's `dealing` with its `seed` (64 hex digits) revealed: anyone can recompute
    the hands (`scripts/verify-deals`, docs/API.md "Verifiable dealing")."""

    seed: str


class RoomDocument(RoomState):
    """`rooms/{roomID}`: the public state of a room (SPEC §6, §9), with its version (raised by
    one on every change) and times. `memberIDs` is for the security rules; `seating` lists the
    uids by position of the current or last deal. `alerts`: the calls of the current or last
    deal may carry alerts (SPEC §15), and so that deal's alert documents (`AlertDocument`,
    `rooms/{roomID}/alerts/NS` and `EW`) exist; false before the first deal and for a deal whose
    calls may not (it has none). `spectators` (SPEC §13) is the room's audience, not its state:
    watching changes neither `version` nor `updatedAt`. `sealedHands`, by position of `seating`:
    each human's hand (`HandView`) sealed with their key (`KeyDocument`), null for a bot; every
    write seals each afresh (docs/API.md, "Your hand"); empty before the first deal."""

    version: int
    createdAt: Timestamp
    updatedAt: Timestamp
    spectators: list[str]
    sealedHands: list[SealedHand | None]


class HandCards(TypedDict):
    """One player's cards."""

    cards: list[CardText]


class HandView(HandCards):
    """What one player is told of their hand: their cards; while cards are played, the ones of
    them that may be played to each trick (`plays`); while they are to name the partner card, the
    cards they may name (`partnerCards`: every card they do not hold). It travels sealed for that
    player alone in the room document (`RoomDocument.sealedHands`, opened with their
    `KeyDocument`'s key: docs/API.md, "Your hand"), so it always matches the table beside it."""

    plays: PlaysDoc | None
    partnerCards: list[CardText] | None


class KeyDocument(TypedDict):
    """`rooms/{roomID}/keys/{uid}`: that person's key at the room (32 bytes, base64), which opens
    their hand in the room document's `sealedHands`. Readable by that person only; there while
    they are dealt into the room's current or last deal, and the same key whenever they are."""

    key: str


class MessageDocument(TypedDict):
    """`rooms/{roomID}/messages/{messageID}`: one chat message (SPEC §13), readable by whoever may
    read the room. `text` is as sent (trimmed), never markup; `at` is the server's time."""

    uid: str
    displayName: str
    text: str
    at: Timestamp


class DealRecord(TypedDict):
    """`rooms/{roomID}/deals/{n}`: a finished deal's hand record (SPEC §9), written in the
    transaction that finishes it, readable by whoever may read the room."""

    number: int
    variant: VariantName
    board: int | None
    dealer: int
    washes: int
    players: list[str]
    hands: list[HandCards]  # by position (Firestore stores no array directly in an array)
    bids: list[CallEntry]
    contract: ContractDoc | None
    partnerCard: CardText | None
    partner: int | None
    tricks: list[TrickDoc]
    firstHalf: FirstHalfRecord | None
    claim: ClaimRecord | None
    claims: list[ClaimEntry]
    alerts: list[AlertEntry]
    result: ResultDoc
    scoreChanges: dict[str, int]
    vulnerable: VulnerableDoc | None
    dealing: DealingRecord | None
    #: Added after the deal by the analysis trigger (SPEC §16): absent until then.
    analysis: NotRequired[AnalysisDoc | None]
    #: Only on a record the trigger chose not to analyse (`analysis` is then null): why.
    analysisSkipped: NotRequired[AnalysisSkipped]


class Stats(TypedDict):
    gamesPlayed: int
    gamesWon: int
    gamesAbandoned: int


class PlayerAccount(TypedDict):
    """`players/{uid}` (SPEC §3), readable by that user only. `eventID`: the duplicate event the
    player holds a spot in; `directing`: the events they direct (issue 33), both absent from an
    account made before them; `tournaments`: the friends' tournaments they created, `entered`: the
    latest tournaments they entered (both absent from an account made before tournaments)."""

    uid: str
    displayName: str
    createdAt: Timestamp
    roomID: str | None
    eventID: NotRequired[str | None]
    directing: NotRequired[list[str]]
    tournaments: NotRequired[list[str]]
    entered: NotRequired[list[str]]
    stats: Stats


# ----- callables: answers (SPEC §4, §8, §9, §14) ----------------------------------------------


class ClaimAnswer(TypedDict):
    """claim (SPEC §15): where the claim stands once the bots at the table have answered: `open`
    (people are to answer), `accepted` (the deal has ended) or `rejected` (a bot rejected it:
    play goes on, the claim stays on the record and the next waits for another trick)."""

    success: Literal[True]
    claim: Literal["open", "accepted", "rejected"]


class Success(TypedDict):
    success: Literal[True]


class CreateGameRoomAnswer(TypedDict):
    roomID: str


class ToggleReadyAnswer(TypedDict):
    success: Literal[True]
    ready: bool


class ExportDealsAnswer(TypedDict):
    """The room's hand records in the format asked for: PBN 2.1 export format (CRLF line ends)."""

    text: str


class SendMessageAnswer(TypedDict):
    success: Literal[True]
    messageID: str


class AddBotAnswer(TypedDict):
    success: Literal[True]
    uid: str


class UpdateProfileAnswer(TypedDict):
    success: Literal[True]
    displayName: str


# ----- duplicate events (docs/DUPLICATE.md) ----------------------------------------------------

EventForm = Literal["teams", "pairs"]
Direction = Literal["NS", "EW"]
EventStatus = Literal["waiting", "playing", "ended"]


class EntrantDoc(TypedDict):
    """Who fills a spot of an event: pair `pair` (from 0) of `direction`, `seat` 0 (North or
    East) or 1 (South or West)."""

    direction: Direction
    pair: int
    seat: int
    uid: str
    displayName: str
    bot: bool


class MeetingDoc(TypedDict):
    """One table of the current round: the pairs that meet there, the boards it plays and its room."""

    table: int
    ns: int
    ew: int
    boards: list[int]
    roomID: str


class StandingDoc(TypedDict):
    """One line of a ranking: a team (`direction` null) or a pair, its total (IMPs or
    matchpoints), percentage (pairs) and place (equal totals share the higher place)."""

    name: str
    direction: Direction | None
    pair: int
    uids: list[str]
    total: int
    percentage: float | None
    place: int


class EventState(TypedDict):
    """What `events/{eventID}` says of the event (`EventDocument` without its time).
    `turnSeconds` and `botLevel` are every table's settings of those names; `botLevel` is absent
    from an event created before events chose it (its bots are basic)."""

    eventID: str
    directorID: str
    form: EventForm
    tables: int
    boards: int
    boardsPerRound: int
    rounds: int
    inviteOnly: bool
    invited: list[str]
    turnSeconds: int
    botLevel: NotRequired[BotLevel]
    memberIDs: list[str]
    entrants: list[EntrantDoc]
    status: EventStatus
    round: int | None
    meetings: list[MeetingDoc]
    ranking: list[StandingDoc] | None
    dealing: EventDealingDoc | None


class EventDocument(EventState):
    """`events/{eventID}`: an event as everyone who may read it sees it. It never holds a result
    while the event is playing: `ranking` is null until the event has ended. `round` is the
    round being played (from 0; null before the start); `meetings` its tables. `updatedAt`:
    when the document last changed (never when a table finishes a board: nothing on it changes
    then); the sweep's query reads it."""

    updatedAt: Timestamp


class EventDealingDoc(TypedDict):
    """SPEC §16: the boards are dealt from one secret seed when the event is created, board `n`
    as deal `n` of it with no entropy (docs/API.md "Verifiable dealing"). `commitment`: the hex
    SHA-256 of that seed, shown from the start; `seed` (hex) once the event has ended."""

    commitment: str
    seed: str | None


class BoardResultDoc(TypedDict):
    """A board played at one table: the pairs, the players by position, the contract with its
    doubling (null: passed out), its declarer, the tricks the declarer's side took, the score for
    North-South, and `points`: IMPs for the team North-South at that table (teams, null until
    both tables have played it) or North-South's matchpoints among the results so far (pairs)."""

    round: int
    table: int
    ns: int
    ew: int
    players: list[str]
    contract: BidText | None
    declarer: int | None
    tricks: int | None
    score: int
    points: int | None


class VulnerableDoc(TypedDict):
    NS: bool
    EW: bool


class BoardDocument(TypedDict):
    """`events/{eventID}/boards/{number}`: a board's hand record and its results at every table
    that has played it. It exists once a table has finished the board, and only `readers` (the
    director, the people who have finished the board; everyone in the event once it has ended)
    may read it."""

    number: int
    dealer: int
    vulnerable: VulnerableDoc
    hands: list[HandCards]
    results: list[BoardResultDoc]
    readers: list[str]


class DirectorDocument(TypedDict):
    """`events/{eventID}/director/standings`: the running ranking, for the director alone."""

    standings: list[StandingDoc]
    results: int


class CreateEventAnswer(TypedDict):
    eventID: str


# ----- robot tournaments (docs/TOURNAMENTS.md, `bridge.tournament`) -----------------------------

FieldScoringName = Literal["matchpoints", "imps"]


class TournamentDocument(TypedDict):
    """`tournaments/{tournamentID}`: a tournament as everyone who may read it sees it (anyone
    signed in; a friends' tournament with invitations: its creator and invitees). `opensAt` /
    `closesAt`: its window (entries and play); `closed`: the ranking is final and the seed
    revealed; `players` (who have a result) and `pages` (the standings' pages) are set then (null
    before). Nothing on it changes between its creation and its close: not when someone enters,
    nor when a board is finished (the live counts are the standings' and the boards', for those
    who may read them)."""

    tournamentID: str
    creatorID: str | None
    series: str | None
    game: VariantName
    scoring: FieldScoringName
    boards: int
    opensAt: Timestamp
    closesAt: Timestamp
    botLevel: BotLevel
    invited: list[str]
    closed: bool
    players: int | None
    pages: int | None
    dealing: EventDealingDoc | None


class TravellerRow(TypedDict):
    """How some results on a board came: the contract (null: passed out), its declarer's position,
    the tricks the declarer's side took, the entrant's `score`, how many entrants got it
    (`count`) and what it is worth against the field (`points`: a percentage, or IMPs)."""

    contract: BidText | None
    declarer: int | None
    tricks: int | None
    score: int
    count: int
    points: float


class TournamentBoardDocument(TypedDict):
    """`tournaments/{tournamentID}/boards/{number}`: the board's hand record and its traveller,
    the field's results so far (made by the minute's compaction), for those who have finished the
    board (everyone once the tournament has closed). `analysis`: a series' contract bridge
    board's double-dummy analysis, the same at every table, added by the clock once the board
    has a result (null before, and always in a friends' tournament and in Floating Bridge, whose
    entrants' records are analysed as any room's)."""

    number: int
    dealer: int
    vulnerable: VulnerableDoc | None
    hands: list[HandCards]
    results: int
    traveller: list[TravellerRow]
    analysis: AnalysisDoc | None


class TournamentResultDocument(TypedDict):
    """`tournaments/{tournamentID}/boards/{number}/results/{uid}`: one entrant's result on the
    board, with their table's hand record (`record`: the auction and the play), written when the
    board ends; readable as the board's document is."""

    tournamentID: str
    uid: str
    displayName: str
    board: int
    score: int
    contract: BidText | None
    declarer: int | None
    tricks: int | None
    record: DealRecord
    recordedAt: Timestamp


class TournamentEntrantDocument(TypedDict):
    """`tournaments/{tournamentID}/entrants/{uid}`: an entrant's own progress, for them alone: their
    table (`roomID`), the board in play there (null between boards and once done) and how many
    boards they have finished (`played`); `done`: their table has ended (every board played, or
    they left, or the tournament closed: the boards they had not started are not played)."""

    uid: str
    displayName: str
    roomID: str
    board: int | None
    played: int
    done: bool


class StandingLine(TypedDict):
    """One entrant's line of the ranking: their score and points on each board (null: not
    played), their total (matchpoints: the mean percentage over every board; IMPs: the sum; a
    board not played counts 40 % or -3 IMPs) and place (equal totals share the higher place)."""

    uid: str
    name: str
    scores: list[int | None]
    points: list[float | None]
    total: float
    place: int


class StandingsPage(TypedDict):
    """`tournaments/{tournamentID}/standings/{page}`: the ranking's lines from place `page x 500
    + 1` on, of `pages` pages and `players` entrants with a result, made by the minute's
    compaction at `at` (`final` once the tournament has closed); `uids` lists the page's entrants
    (find your own line with an `array-contains` query). For those who have finished every board
    (they know every board: nothing in it is hidden from them), and every reader once closed."""

    page: int
    pages: int
    players: int
    lines: list[StandingLine]
    uids: list[str]
    final: bool
    at: Timestamp


class RatingDocument(TypedDict):
    """`ratings/{game}/players/{uid}` (all time) and `ratings/{game}-{season}/players/{uid}` (a
    season: the calendar quarter, UTC, e.g. `contract-2026-Q4`): a player's rating in a game,
    moved by each tournament's close (`bridge.ratings`): OpenSkill's `mu` and `sigma`, the
    `ordinal` the leaderboards sort by (mu - 3 sigma), the tournaments rated and the last."""

    uid: str
    displayName: str
    mu: float
    sigma: float
    ordinal: float
    tournaments: int
    lastTournament: str
    updatedAt: Timestamp


class CreateTournamentAnswer(TypedDict):
    tournamentID: str


class EnterTournamentAnswer(TypedDict):
    roomID: str


# ----- double-dummy analysis of a hand record (SPEC §16, `bridge.analysis`) --------------------


class TrickTableDoc(TypedDict):
    """Tricks by strain, each a list by declarer position (see `AnalysisDoc`)."""

    C: list[int | None]
    D: list[int | None]
    H: list[int | None]
    S: list[int | None]
    NT: list[int | None]


class ParContractDoc(TypedDict):
    """A par contract: its bid, declarer, doubling (a sacrifice is doubled) and the tricks the
    declarer's side takes double dummy."""

    bid: BidText
    declarer: int
    doubled: Literal["X", "XX"] | None
    tricks: int


class ParDoc(TypedDict):
    """Contract bridge's par: the score for North-South (negative: East-West score) when both
    sides bid as well as they can double dummy, the contracts that score it, and the
    vulnerability and dealer it assumes."""

    score: int
    contracts: list[ParContractDoc]
    vulnerable: VulnerableDoc
    dealer: int


class AnalysisDoc(TypedDict):
    """A finished deal's double-dummy analysis (SPEC §16): its record's `analysis`.

    `tricks[strain][p]`: the tricks position `p`'s side takes when `p` declares in `strain`, with
    every hand known and the variant's play rules, its opening leader included (the player left of
    the declarer; in Floating Bridge's no trump the declarer). `sides` gives each position's side
    (positions with the same number play together): fixed pairs, Memory Bridge's two players
    alone, or the deal's actual sides in Floating Bridge (the declarer and partner, or a declarer
    alone, against the rest). In Memory Bridge the table is the second half's (the contract's
    13 tricks). A null entry is unknown: the search's ceiling was reached first (one Floating
    Bridge record measured in 1,000, a declarer alone, reaches the deployed one); `complete`
    says there is none. `solver`: "search", the engine's own (`bridge.double_dummy`); older
    records may say "dds" (DDS, the standard solver, through endplay, before the native search
    replaced it in contract bridge and TigerBridge) or "dds+search" (DDS's no-trump row, the
    rest searched). `par`: contract bridge's only, from a complete table."""

    tricks: TrickTableDoc
    sides: list[int]
    complete: bool
    solver: Literal["dds", "search", "dds+search"]
    par: ParDoc | None
