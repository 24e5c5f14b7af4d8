// The wire contract: the documents the client reads and each callable's request and answer.
// GENERATED from docs/schema.json by web/scripts/types.mjs (npm run types): do not edit by hand.
// docs/schema.json is exported from functions/bridge/wire.py and functions/service/payloads.py
// (scripts/export-schema).

/**
 * The wire contract: every document a client reads, and every callable's request and answer.
 */
export interface FloatingBridgeWireContract {
  [k: string]: unknown;
}
/**
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "AddBotAnswer".
 */
export interface AddBotAnswer {
  success: true;
  uid: string;
}
/**
 * `rooms/{roomID}/alerts/{side}` (SPEC §15; exists while the room document's `alerts` is
 * true): the alerts of the calls side `side` (`NS`: positions 0 and 2, `EW`: 1 and 3) made in
 * the current or last deal's auction. Readable at once by `readers` (the other side's uids) and
 * the room's spectators; by whoever may read the room once `open` (the auction is over).
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "AlertDocument".
 */
export interface AlertDocument {
  dealNumber: number;
  alerts: AlertEntry[];
  readers: string[];
  open: boolean;
}
/**
 * One alerted call: who made it, its index in the auction (`bids`), the call and the
 * caller's explanation.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "AlertEntry".
 */
export interface AlertEntry {
  position: number;
  call: number;
  bid: string;
  text: string;
}
/**
 * A finished deal's double-dummy analysis (SPEC §16): its record's `analysis`.
 *
 * `tricks[strain][p]`: the tricks position `p`'s side takes when `p` declares in `strain`, with
 * every hand known and the variant's play rules, its opening leader included (the player left of
 * the declarer; in Floating Bridge's no trump the declarer). `sides` gives each position's side
 * (positions with the same number play together): fixed pairs, Memory Bridge's two players
 * alone, or the deal's actual sides in Floating Bridge (the declarer and partner, or a declarer
 * alone, against the rest). In Memory Bridge the table is the second half's (the contract's
 * 13 tricks). A null entry is unknown: the search's ceiling was reached first (one Floating
 * Bridge record measured in 1,000, a declarer alone, reaches the deployed one); `complete`
 * says there is none. `solver`: "search", the engine's own (`bridge.double_dummy`); older
 * records may say "dds" (DDS, the standard solver, through endplay, before the native search
 * replaced it in contract bridge and TigerBridge) or "dds+search" (DDS's no-trump row, the
 * rest searched). `par`: contract bridge's only, from a complete table.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "AnalysisDoc".
 */
export interface AnalysisDoc {
  tricks: TrickTableDoc;
  sides: number[];
  complete: boolean;
  solver: "dds" | "search" | "dds+search";
  par: ParDoc | null;
}
/**
 * Tricks by strain, each a list by declarer position (see `AnalysisDoc`).
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "TrickTableDoc".
 */
export interface TrickTableDoc {
  C: (number | null)[];
  D: (number | null)[];
  H: (number | null)[];
  S: (number | null)[];
  NT: (number | null)[];
}
/**
 * Contract bridge's par: the score for North-South (negative: East-West score) when both
 * sides bid as well as they can double dummy, the contracts that score it, and the
 * vulnerability and dealer it assumes.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "ParDoc".
 */
export interface ParDoc {
  score: number;
  contracts: ParContractDoc[];
  vulnerable: VulnerableDoc;
  dealer: number;
}
/**
 * A par contract: its bid, declarer, doubling (a sacrifice is doubled) and the tricks the
 * declarer's side takes double dummy.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "ParContractDoc".
 */
export interface ParContractDoc {
  bid: string;
  declarer: number;
  doubled: ("X" | "XX") | null;
  tricks: number;
}
/**
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "VulnerableDoc".
 */
export interface VulnerableDoc {
  NS: boolean;
  EW: boolean;
}
/**
 * `events/{eventID}/boards/{number}`: a board's hand record and its results at every table
 * that has played it. It exists once a table has finished the board, and only `readers` (the
 * director, the people who have finished the board; everyone in the event once it has ended)
 * may read it.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "BoardDocument".
 */
export interface BoardDocument {
  number: number;
  dealer: number;
  vulnerable: VulnerableDoc;
  hands: HandCards[];
  results: BoardResultDoc[];
  readers: string[];
}
/**
 * One player's cards.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "HandCards".
 */
export interface HandCards {
  cards: string[];
}
/**
 * A board played at one table: the pairs, the players by position, the contract with its
 * doubling (null: passed out), its declarer, the tricks the declarer's side took, the score for
 * North-South, and `points`: IMPs for the team North-South at that table (teams, null until
 * both tables have played it) or North-South's matchpoints among the results so far (pairs).
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "BoardResultDoc".
 */
export interface BoardResultDoc {
  round: number;
  table: number;
  ns: number;
  ew: number;
  players: string[];
  contract: string | null;
  declarer: number | null;
  tricks: number | null;
  score: number;
  points: number | null;
}
/**
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "CallEntry".
 */
export interface CallEntry {
  position: number;
  bid: string;
}
/**
 * chooseTeammate, playCard: the card named or played.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "CardRequest".
 */
export interface CardRequest {
  roomID: string;
  card: string;
  expectedVersion?: number;
  requestID?: string;
}
/**
 * claim (SPEC §15): where the claim stands once the bots at the table have answered: `open`
 * (people are to answer), `accepted` (the deal has ended) or `rejected` (a bot rejected it:
 * play goes on, the claim stays on the record and the next waits for another trick).
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "ClaimAnswer".
 */
export interface ClaimAnswer {
  success: true;
  claim: "open" | "accepted" | "rejected";
}
/**
 * SPEC §15: the declarer's claim that their side takes `tricks` of the tricks still to play.
 * `by` is the claimer's position, `cards` their remaining cards (public from the claim on),
 * `accepted` the positions of the opponents who have accepted, `answering` those still to
 * answer (none once every opponent has accepted and the deal has ended).
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "ClaimDoc".
 */
export interface ClaimDoc {
  by: number;
  tricks: number;
  cards: string[];
  accepted: number[];
  answering: number[];
}
/**
 * SPEC §15, issue 33: one claim of the deal, in the order made; a claim is a public act and
 * stays on the record whatever its answer. `by` is the claimer's position, `after` how many
 * tricks were complete when it was made, `cards` the claimer's cards then (shown to the table
 * by the claim), `accepted` the opponents who accepted it, `result` `accepted` (it ended the
 * deal), `rejected` (an opponent rejected it: play went on) or null (being answered).
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "ClaimEntry".
 */
export interface ClaimEntry {
  by: number;
  tricks: number;
  after: number;
  cards: string[];
  accepted: number[];
  result: ("accepted" | "rejected") | null;
}
/**
 * The accepted claim that ended a deal, in its hand record: the claimer's position and the
 * tricks their side took of those that were left.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "ClaimRecord".
 */
export interface ClaimRecord {
  by: number;
  tricks: number;
}
/**
 * claim (SPEC §15): the tricks the declarer's side will take of those left.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "ClaimRequest".
 */
export interface ClaimRequest {
  roomID: string;
  tricks: number;
  expectedVersion?: number;
  requestID?: string;
}
/**
 * The contract: its bid, how it was doubled (`X`, `XX`; null: not doubled) and declarer.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "ContractDoc".
 */
export interface ContractDoc {
  declarer: number;
  bid: string;
  doubled: ("X" | "XX") | null;
  trump: ("C" | "D" | "H" | "S") | null;
  target: number;
  defenderTarget: number;
}
/**
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "CreateEventAnswer".
 */
export interface CreateEventAnswer {
  eventID: string;
}
/**
 * createEvent: `form` and `boards`; pairs also `tables` (3-8) and `boardsPerRound` (1-4).
 * What sizes make an event is the event's rule (INVALID_EVENT), as is how many it may invite.
 * `turnSeconds` and `botLevel` are every table's settings of those names, and take what the
 * settings take (INVALID_SETTINGS).
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "CreateEventRequest".
 */
export interface CreateEventRequest {
  form: "teams" | "pairs";
  boards: number;
  tables?: number;
  boardsPerRound?: number;
  inviteOnly?: boolean;
  invited?: string[];
  turnSeconds?: number;
  botLevel?: "basic" | "thinking";
  requestID?: string;
}
/**
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "CreateGameRoomAnswer".
 */
export interface CreateGameRoomAnswer {
  roomID: string;
}
/**
 * createGameRoom: the new room's settings, where they differ from the defaults.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "CreateGameRoomRequest".
 */
export interface CreateGameRoomRequest {
  settings?: SettingsChanges;
  requestID?: string;
}
/**
 * Settings to change: any of `SettingsDoc`'s.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "SettingsChanges".
 */
export interface SettingsChanges {
  variant?: "floating" | "contract" | "tiger" | "memory";
  inviteOnly?: boolean;
  deals?: number;
  scoring?: "deals" | "tricks" | "rubber" | "chicago" | "duplicate" | "sets" | "target";
  turnSeconds?: number;
  botReplacesLeaver?: boolean;
  botLevel?: "basic" | "thinking";
  chat?: boolean;
  undo?: boolean;
  playAllTricks?: boolean;
  washRule?: boolean;
  honours?: boolean;
  targetScore?: number;
}
/**
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "CreateTournamentAnswer".
 */
export interface CreateTournamentAnswer {
  tournamentID: string;
}
/**
 * createTournament: a friends' tournament of `game` scored by `scoring` over `boards` boards,
 * open from now for `minutes`, its bots at `botLevel`; `invited`: who may enter besides the
 * creator (empty: anyone signed in). Which games, scorings, sizes and windows make a tournament
 * is the tournament's rule (INVALID_TOURNAMENT).
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "CreateTournamentRequest".
 */
export interface CreateTournamentRequest {
  game: "contract" | "floating";
  scoring: "matchpoints" | "imps";
  boards: number;
  minutes: number;
  botLevel?: "basic" | "thinking";
  invited?: string[];
  requestID?: string;
}
/**
 * `rooms/{roomID}/deals/{n}`: a finished deal's hand record (SPEC §9), written in the
 * transaction that finishes it, readable by whoever may read the room.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "DealRecord".
 */
export interface DealRecord {
  number: number;
  variant: "floating" | "contract" | "tiger" | "memory";
  board: number | null;
  dealer: number;
  washes: number;
  players: string[];
  hands: HandCards[];
  bids: CallEntry[];
  contract: ContractDoc | null;
  partnerCard: string | null;
  partner: number | null;
  tricks: TrickDoc[];
  firstHalf: FirstHalfRecord | null;
  claim: ClaimRecord | null;
  claims: ClaimEntry[];
  alerts: AlertEntry[];
  result: ResultDoc;
  scoreChanges: {
    [k: string]: number;
  };
  vulnerable: VulnerableDoc | null;
  dealing: DealingRecord | null;
  analysis?: AnalysisDoc | null;
  analysisSkipped?: "ALLOWANCE_SPENT";
}
/**
 * A trick in play order from `leader`; `winner` once all four cards are in.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "TrickDoc".
 */
export interface TrickDoc {
  leader: number;
  cards: PlayEntry[];
  winner?: number;
}
/**
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "PlayEntry".
 */
export interface PlayEntry {
  position: number;
  card: string;
}
/**
 * A first half in a hand record: its tricks, tricks won, and each position's 13 cards of it
 * as dealt.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "FirstHalfRecord".
 */
export interface FirstHalfRecord {
  tricks: TrickDoc[];
  tricksWon: number[];
  hands: HandCards[];
}
/**
 * How the last deal ended: played out, abandoned (`abandonedBy`; the other fields null), or
 * at a duplicate event's table passed out (`passedOut`; the contract's fields null, no winners).
 * Contract bridge: `contract` is written with its doubling (`4SX`); `points` holds what the
 * deal scored by side and kind; `unfinishedRubber`, when a rubber is abandoned, what the
 * seed's rule for an unfinished rubber would give each side (not added to any score).
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "ResultDoc".
 */
export interface ResultDoc {
  players: string[];
  abandonedBy: string | null;
  passedOut: boolean;
  winners: string[];
  contract: string | null;
  declarer: number | null;
  partner: number | null;
  declarerTricks: number | null;
  defenderTricks: number | null;
  made: boolean | null;
  points: {
    [k: string]: {
      [k: string]: number;
    };
  } | null;
  unfinishedRubber: {
    [k: string]: number;
  } | null;
}
/**
 * A finished deal's `dealing` with its `seed` (64 hex digits) revealed: anyone can recompute
 * the hands (`scripts/verify-deals`, docs/API.md "Verifiable dealing").
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "DealingRecord".
 */
export interface DealingRecord {
  number: number;
  commitment: string;
  entropy: string[];
  decks: number;
  seed: string;
}
/**
 * SPEC §16: what the current or last deal was dealt from, without the secret: its number,
 * the commitment shown before it, each position's entropy (`""`: none) and how many decks the
 * stream has dealt for it (redeals included; the hands are the last). Null at an event's table
 * (the event commits to its boards).
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "DealingDoc".
 */
export interface DealingDoc {
  number: number;
  commitment: string;
  entropy: string[];
  decks: number;
}
/**
 * `events/{eventID}/director/standings`: the running ranking, for the director alone.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "DirectorDocument".
 */
export interface DirectorDocument {
  standings: StandingDoc[];
  results: number;
}
/**
 * One line of a ranking: a team (`direction` null) or a pair, its total (IMPs or
 * matchpoints), percentage (pairs) and place (equal totals share the higher place).
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "StandingDoc".
 */
export interface StandingDoc {
  name: string;
  direction: ("NS" | "EW") | null;
  pair: number;
  uids: string[];
  total: number;
  percentage: number | null;
  place: number;
}
/**
 * The dummy (SPEC §11), shown from the opening lead on: its position, the cards it holds and
 * the ones of them that may be played to each trick (the declarer plays them; null once no card
 * is played).
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "DummyDoc".
 */
export interface DummyDoc {
  position: number;
  cards: string[];
  plays: PlaysDoc | null;
}
/**
 * The cards of one hand that may be played to each trick it could be played to next, by the
 * rules in force (a hand's `plays`, the dummy's): `lead`, leading a trick; `C`, `D`,
 * `H`, `S`, following a trick led in that suit. It changes only when the hand does, or when a
 * rule of leading does (trump broken): a client takes the entry of the trick on the table.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "PlaysDoc".
 */
export interface PlaysDoc {
  lead: string[];
  C: string[];
  D: string[];
  H: string[];
  S: string[];
}
/**
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "EnterTournamentAnswer".
 */
export interface EnterTournamentAnswer {
  roomID: string;
}
/**
 * Who fills a spot of an event: pair `pair` (from 0) of `direction`, `seat` 0 (North or
 * East) or 1 (South or West).
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "EntrantDoc".
 */
export interface EntrantDoc {
  direction: "NS" | "EW";
  pair: number;
  seat: number;
  uid: string;
  displayName: string;
  bot: boolean;
}
/**
 * SPEC §16: the boards are dealt from one secret seed when the event is created, board `n`
 * as deal `n` of it with no entropy (docs/API.md "Verifiable dealing"). `commitment`: the hex
 * SHA-256 of that seed, shown from the start; `seed` (hex) once the event has ended.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "EventDealingDoc".
 */
export interface EventDealingDoc {
  commitment: string;
  seed: string | null;
}
/**
 * `events/{eventID}`: an event as everyone who may read it sees it. It never holds a result
 * while the event is playing: `ranking` is null until the event has ended. `round` is the
 * round being played (from 0; null before the start); `meetings` its tables. `updatedAt`:
 * when the document last changed (never when a table finishes a board: nothing on it changes
 * then); the sweep's query reads it.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "EventDocument".
 */
export interface EventDocument {
  eventID: string;
  directorID: string;
  form: "teams" | "pairs";
  tables: number;
  boards: number;
  boardsPerRound: number;
  rounds: number;
  inviteOnly: boolean;
  invited: string[];
  turnSeconds: number;
  botLevel?: "basic" | "thinking";
  memberIDs: string[];
  entrants: EntrantDoc[];
  status: "waiting" | "playing" | "ended";
  round: number | null;
  meetings: MeetingDoc[];
  ranking: StandingDoc[] | null;
  dealing: EventDealingDoc | null;
  updatedAt: Timestamp;
}
/**
 * One table of the current round: the pairs that meet there, the boards it plays and its room.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "MeetingDoc".
 */
export interface MeetingDoc {
  table: number;
  ns: number;
  ew: number;
  boards: number[];
  roomID: string;
}
/**
 * A Firestore timestamp, as the client SDKs hand it over (JS: `Timestamp`).
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "Timestamp".
 */
export interface Timestamp {
  seconds: number;
  nanoseconds: number;
}
/**
 * startEvent, leaveEvent: the event.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "EventRequest".
 */
export interface EventRequest {
  eventID: string;
  requestID?: string;
}
/**
 * joinEventTable, addEventBot: the spot is pair `table` (the table it starts at, from 0) of
 * `direction`, seat 0 (North or East) or 1 (South or West).
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "EventSpotRequest".
 */
export interface EventSpotRequest {
  eventID: string;
  table: number;
  direction: "NS" | "EW";
  seat: number;
  requestID?: string;
}
/**
 * Which duplicate event a room is a table of: the event's id, the table (from 0) and the
 * round (from 0) it is playing there (docs/DUPLICATE.md).
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "EventTableDoc".
 */
export interface EventTableDoc {
  eventID: string;
  table: number;
  round: number;
}
/**
 * The room's hand records in the format asked for: PBN 2.1 export format (CRLF line ends).
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "ExportDealsAnswer".
 */
export interface ExportDealsAnswer {
  text: string;
}
/**
 * exportDeals (SPEC §16): the room whose finished deals to export, and the format (`pbn`).
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "ExportDealsRequest".
 */
export interface ExportDealsRequest {
  roomID: string;
  format: "pbn";
}
/**
 * Memory Bridge (docs/MEMORY.md): the deal's first half once it is over: its 13 no-trump
 * tricks and how many each position won.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "FirstHalfDoc".
 */
export interface FirstHalfDoc {
  tricks: TrickDoc[];
  tricksWon: number[];
}
/**
 * What one player is told of their hand: their cards; while cards are played, the ones of
 * them that may be played to each trick (`plays`); while they are to name the partner card, the
 * cards they may name (`partnerCards`: every card they do not hold). It travels sealed for that
 * player alone in the room document (`RoomDocument.sealedHands`, opened with their
 * `KeyDocument`'s key: docs/API.md, "Your hand"), so it always matches the table beside it.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "HandView".
 */
export interface HandView {
  cards: string[];
  plays: PlaysDoc | null;
  partnerCards: string[] | null;
}
/**
 * inviteToRoom: the user the host invites.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "InviteToRoomRequest".
 */
export interface InviteToRoomRequest {
  roomID: string;
  uid: string;
  expectedVersion?: number;
  requestID?: string;
}
/**
 * `rooms/{roomID}/keys/{uid}`: that person's key at the room (32 bytes, base64), which opens
 * their hand in the room document's `sealedHands`. Readable by that person only; there while
 * they are dealt into the room's current or last deal, and the same key whenever they are.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "KeyDocument".
 */
export interface KeyDocument {
  key: string;
}
/**
 * What the person at one position may do now, as far as the public state decides it (the
 * room document's `legal`, by position; docs/API.md "Legal actions"). The cards a person may
 * name or play come from their hand (`HandView`).
 *
 * `placeBid`: the calls they may make (empty: it is not their call), with an `alert` when
 * `alert`. `chooseTeammate`: they are to name the partner card. `playCard`: the position whose
 * card they are to play (theirs, or as declarer the dummy's; null: not their card).
 * `claim`: the most tricks they may claim, 0 to it (null: they may not claim now).
 * `respondClaim`, `requestUndo`, `respondUndo`: they may.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "LegalDoc".
 */
export interface LegalDoc {
  placeBid: string[];
  alert: boolean;
  chooseTeammate: boolean;
  playCard: number | null;
  claim: number | null;
  respondClaim: boolean;
  requestUndo: boolean;
  respondUndo: boolean;
}
/**
 * SPEC §9: deals started (`dealNumber`), the `deals` setting, and points by uid; `names`:
 * the display name of each uid in `scores` as last seen at the table (players who left too);
 * `sheet`: contract bridge's score sheet (`SheetDoc`), TigerBridge's (`SetsSheetDoc`), null in
 * Floating Bridge. In TigerBridge `scores` counts game points.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "MatchDoc".
 */
export interface MatchDoc {
  dealNumber: number;
  deals: number;
  scores: {
    [k: string]: number;
  };
  names: {
    [k: string]: string;
  };
  sheet: SheetDoc | SetsSheetDoc | null;
}
/**
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "SheetDoc".
 */
export interface SheetDoc {
  NS: SideScoreDoc;
  EW: SideScoreDoc;
}
/**
 * One side's column of a contract-bridge score sheet (SPEC §11): `above` the line, `below`
 * it in the current game, `games` won, whether it is `vulnerable` in the deal being (or next
 * to be) played, and its `total` so far.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "SideScoreDoc".
 */
export interface SideScoreDoc {
  above: number;
  below: number;
  games: number;
  vulnerable: boolean;
  total: number;
}
/**
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "SetsSheetDoc".
 */
export interface SetsSheetDoc {
  NS: SetsColumnDoc;
  EW: SetsColumnDoc;
}
/**
 * One side's column of a TigerBridge score sheet (docs/TIGER.md): its `setPoints` in the
 * set being played and its `gamePoints` so far.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "SetsColumnDoc".
 */
export interface SetsColumnDoc {
  setPoints: number;
  gamePoints: number;
}
/**
 * `rooms/{roomID}/messages/{messageID}`: one chat message (SPEC §13), readable by whoever may
 * read the room. `text` is as sent (trimmed), never markup; `at` is the server's time.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "MessageDocument".
 */
export interface MessageDocument {
  uid: string;
  displayName: string;
  text: string;
  at: Timestamp;
}
/**
 * SPEC §16: the room's commitment to the seed of the deal it will deal next (deal `number`
 * of the match): the hex SHA-256 of a secret 32-byte seed. Null at an event's table and once
 * the room has ended.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "NextDealDoc".
 */
export interface NextDealDoc {
  number: number;
  commitment: string;
}
/**
 * placeBid: the call, and in the games with alerts the caller's explanation of it.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "PlaceBidRequest".
 */
export interface PlaceBidRequest {
  roomID: string;
  bid: string;
  /**
   * 1-200 characters, not counting spaces around it.
   */
  alert?: string;
  expectedVersion?: number;
  requestID?: string;
}
/**
 * `players/{uid}` (SPEC §3), readable by that user only. `eventID`: the duplicate event the
 * player holds a spot in; `directing`: the events they direct (issue 33), both absent from an
 * account made before them; `tournaments`: the friends' tournaments they created, `entered`: the
 * latest tournaments they entered (both absent from an account made before tournaments).
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "PlayerAccount".
 */
export interface PlayerAccount {
  uid: string;
  displayName: string;
  createdAt: Timestamp;
  roomID: string | null;
  eventID?: string | null;
  directing?: string[];
  tournaments?: string[];
  entered?: string[];
  stats: Stats;
}
/**
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "Stats".
 */
export interface Stats {
  gamesPlayed: number;
  gamesWon: number;
  gamesAbandoned: number;
}
/**
 * A seat. A bot (SPEC §10) has `bot: true`, a uid starting with `~bot`, and is always ready.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "PlayerEntry".
 */
export interface PlayerEntry {
  uid: string;
  displayName: string;
  position: number;
  ready: boolean;
  bot: boolean;
  entropy: string;
}
/**
 * `ratings/{game}/players/{uid}` (all time) and `ratings/{game}-{season}/players/{uid}` (a
 * season: the calendar quarter, UTC, e.g. `contract-2026-Q4`): a player's rating in a game,
 * moved by each tournament's close (`bridge.ratings`): OpenSkill's `mu` and `sigma`, the
 * `ordinal` the leaderboards sort by (mu - 3 sigma), the tournaments rated and the last.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "RatingDocument".
 */
export interface RatingDocument {
  uid: string;
  displayName: string;
  mu: number;
  sigma: number;
  ordinal: number;
  tournaments: number;
  lastTournament: string;
  updatedAt: Timestamp;
}
/**
 * removeBot, kickPlayer: the bot, player or spectator the host removes.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "RemoveRequest".
 */
export interface RemoveRequest {
  roomID: string;
  uid: string;
  expectedVersion?: number;
  requestID?: string;
}
/**
 * respondClaim, respondUndo (SPEC §15): the answer.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "RespondRequest".
 */
export interface RespondRequest {
  roomID: string;
  accept: boolean;
  expectedVersion?: number;
  requestID?: string;
}
/**
 * `rooms/{roomID}`: the public state of a room (SPEC §6, §9), with its version (raised by
 * one on every change) and times. `memberIDs` is for the security rules; `seating` lists the
 * uids by position of the current or last deal. `alerts`: the calls of the current or last
 * deal may carry alerts (SPEC §15), and so that deal's alert documents (`AlertDocument`,
 * `rooms/{roomID}/alerts/NS` and `EW`) exist; false before the first deal and for a deal whose
 * calls may not (it has none). `spectators` (SPEC §13) is the room's audience, not its state:
 * watching changes neither `version` nor `updatedAt`. `sealedHands`, by position of `seating`:
 * each human's hand (`HandView`) sealed with their key (`KeyDocument`), null for a bot; every
 * write seals each afresh (docs/API.md, "Your hand"); empty before the first deal.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "RoomDocument".
 */
export interface RoomDocument {
  hostID: string;
  status: "waiting" | "firstHalf" | "bidding" | "choosingTeammate" | "playing" | "dealEnded" | "ended";
  settings: SettingsDoc;
  invited: string[];
  memberIDs: string[];
  players: PlayerEntry[];
  seating: string[] | null;
  dealer: number | null;
  turn: number | null;
  washes: number;
  bids: CallEntry[];
  highestBid: CallEntry | null;
  contract: ContractDoc | null;
  partnerCard: string | null;
  partnerPosition: number | null;
  trick: TrickDoc | null;
  tricks: TrickDoc[];
  tricksWon: number[];
  trumpBroken: boolean;
  handSizes: number[];
  result: ResultDoc | null;
  match: MatchDoc;
  turnDeadline: Timestamp | null;
  dummy: DummyDoc | null;
  board: number | null;
  firstHalf: FirstHalfDoc | null;
  event: EventTableDoc | null;
  tournament: TournamentTableDoc | null;
  claim: ClaimDoc | null;
  claims: ClaimEntry[];
  undo: UndoDoc | null;
  nextDeal: NextDealDoc | null;
  dealing: DealingDoc | null;
  legal: LegalDoc[];
  alerts: boolean;
  version: number;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  spectators: string[];
  sealedHands: (string | null)[];
}
/**
 * A room's settings (SPEC §4, §9, §11). `playAllTricks` and `washRule` are Floating Bridge's;
 * `honours` is contract bridge's. `scoring` is `deals` or `tricks` in Floating Bridge, `rubber`,
 * `chicago` or `duplicate` in contract bridge, `sets` in TigerBridge (docs/TIGER.md), `target`
 * in Memory Bridge, whose `targetScore` ends its match (docs/MEMORY.md).
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "SettingsDoc".
 */
export interface SettingsDoc {
  variant: "floating" | "contract" | "tiger" | "memory";
  inviteOnly: boolean;
  deals: number;
  scoring: "deals" | "tricks" | "rubber" | "chicago" | "duplicate" | "sets" | "target";
  turnSeconds: number;
  botReplacesLeaver: boolean;
  botLevel: "basic" | "thinking";
  chat: boolean;
  undo: boolean;
  playAllTricks?: boolean;
  washRule?: boolean;
  honours?: boolean;
  targetScore?: number;
}
/**
 * Which robot tournament a room is an entrant's table of, and whose (docs/TOURNAMENTS.md).
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "TournamentTableDoc".
 */
export interface TournamentTableDoc {
  tournamentID: string;
  entrant: string;
}
/**
 * SPEC §15: `by` (a position) asks to take back their last action; `accepted`: positions that
 * have agreed; `answering`: people still to answer.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "UndoDoc".
 */
export interface UndoDoc {
  by: number;
  accepted: number[];
  answering: number[];
}
/**
 * joinGameRoom, leaveGameRoom, requestUndo, addBot, claimTimeout, watchRoom, stopWatching:
 * the room.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "RoomRequest".
 */
export interface RoomRequest {
  roomID: string;
  expectedVersion?: number;
  requestID?: string;
}
/**
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "SendMessageAnswer".
 */
export interface SendMessageAnswer {
  success: true;
  messageID: string;
}
/**
 * sendMessage (SPEC §13): the text, stored trimmed.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "SendMessageRequest".
 */
export interface SendMessageRequest {
  roomID: string;
  /**
   * 1-500 characters, not counting spaces around it.
   */
  text: string;
  requestID?: string;
}
/**
 * One entrant's line of the ranking: their score and points on each board (null: not
 * played), their total (matchpoints: the mean percentage over every board; IMPs: the sum; a
 * board not played counts 40 % or -3 IMPs) and place (equal totals share the higher place).
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "StandingLine".
 */
export interface StandingLine {
  uid: string;
  name: string;
  scores: (number | null)[];
  points: (number | null)[];
  total: number;
  place: number;
}
/**
 * `tournaments/{tournamentID}/standings/{page}`: the ranking's lines from place `page x 500
 * + 1` on, of `pages` pages and `players` entrants with a result, made by the minute's
 * compaction at `at` (`final` once the tournament has closed); `uids` lists the page's entrants
 * (find your own line with an `array-contains` query). For those who have finished every board
 * (they know every board: nothing in it is hidden from them), and every reader once closed.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "StandingsPage".
 */
export interface StandingsPage {
  page: number;
  pages: number;
  players: number;
  lines: StandingLine[];
  uids: string[];
  final: boolean;
  at: Timestamp;
}
/**
 * startGame: the caller's current room.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "StartGameRequest".
 */
export interface StartGameRequest {
  expectedVersion?: number;
  requestID?: string;
}
/**
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "Success".
 */
export interface Success {
  success: true;
}
/**
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "ToggleReadyAnswer".
 */
export interface ToggleReadyAnswer {
  success: true;
  ready: boolean;
}
/**
 * toggleReady: `entropy` (1-64 characters, public) goes into the next deal's dealing when
 * the call gets the caller ready (SPEC §16).
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "ToggleReadyRequest".
 */
export interface ToggleReadyRequest {
  roomID: string;
  /**
   * 1-64 characters, not counting spaces around it.
   */
  entropy?: string;
  expectedVersion?: number;
  requestID?: string;
}
/**
 * `tournaments/{tournamentID}/boards/{number}`: the board's hand record and its traveller,
 * the field's results so far (made by the minute's compaction), for those who have finished the
 * board (everyone once the tournament has closed). `analysis`: a series' contract bridge
 * board's double-dummy analysis, the same at every table, added by the clock once the board
 * has a result (null before, and always in a friends' tournament and in Floating Bridge, whose
 * entrants' records are analysed as any room's).
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "TournamentBoardDocument".
 */
export interface TournamentBoardDocument {
  number: number;
  dealer: number;
  vulnerable: VulnerableDoc | null;
  hands: HandCards[];
  results: number;
  traveller: TravellerRow[];
  analysis: AnalysisDoc | null;
}
/**
 * How some results on a board came: the contract (null: passed out), its declarer's position,
 * the tricks the declarer's side took, the entrant's `score`, how many entrants got it
 * (`count`) and what it is worth against the field (`points`: a percentage, or IMPs).
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "TravellerRow".
 */
export interface TravellerRow {
  contract: string | null;
  declarer: number | null;
  tricks: number | null;
  score: number;
  count: number;
  points: number;
}
/**
 * `tournaments/{tournamentID}`: a tournament as everyone who may read it sees it (anyone
 * signed in; a friends' tournament with invitations: its creator and invitees). `opensAt` /
 * `closesAt`: its window (entries and play); `closed`: the ranking is final and the seed
 * revealed; `players` (who have a result) and `pages` (the standings' pages) are set then (null
 * before). Nothing on it changes between its creation and its close: not when someone enters,
 * nor when a board is finished (the live counts are the standings' and the boards', for those
 * who may read them).
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "TournamentDocument".
 */
export interface TournamentDocument {
  tournamentID: string;
  creatorID: string | null;
  series: string | null;
  game: "floating" | "contract" | "tiger" | "memory";
  scoring: "matchpoints" | "imps";
  boards: number;
  opensAt: Timestamp;
  closesAt: Timestamp;
  botLevel: "basic" | "thinking";
  invited: string[];
  closed: boolean;
  players: number | null;
  pages: number | null;
  dealing: EventDealingDoc | null;
}
/**
 * `tournaments/{tournamentID}/entrants/{uid}`: an entrant's own progress, for them alone: their
 * table (`roomID`), the board in play there (null between boards and once done) and how many
 * boards they have finished (`played`); `done`: their table has ended (every board played, or
 * they left, or the tournament closed: the boards they had not started are not played).
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "TournamentEntrantDocument".
 */
export interface TournamentEntrantDocument {
  uid: string;
  displayName: string;
  roomID: string;
  board: number | null;
  played: number;
  done: boolean;
}
/**
 * enterTournament, leaveTournament: the tournament.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "TournamentRequest".
 */
export interface TournamentRequest {
  tournamentID: string;
  requestID?: string;
}
/**
 * `tournaments/{tournamentID}/boards/{number}/results/{uid}`: one entrant's result on the
 * board, with their table's hand record (`record`: the auction and the play), written when the
 * board ends; readable as the board's document is.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "TournamentResultDocument".
 */
export interface TournamentResultDocument {
  tournamentID: string;
  uid: string;
  displayName: string;
  board: number;
  score: number;
  contract: string | null;
  declarer: number | null;
  tricks: number | null;
  record: DealRecord;
  recordedAt: Timestamp;
}
/**
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "UpdateProfileAnswer".
 */
export interface UpdateProfileAnswer {
  success: true;
  displayName: string;
}
/**
 * updateProfile (SPEC §14): the caller's new display name, stored trimmed.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "UpdateProfileRequest".
 */
export interface UpdateProfileRequest {
  /**
   * 1-24 characters, not counting spaces around it; no control or format characters.
   */
  displayName: string;
  requestID?: string;
}
/**
 * updateRoomSettings: the settings to change.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "UpdateRoomSettingsRequest".
 */
export interface UpdateRoomSettingsRequest {
  roomID: string;
  settings: SettingsChanges;
  expectedVersion?: number;
  requestID?: string;
}
