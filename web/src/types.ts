// The wire contract: the documents the client reads and each callable's request and answer.
// GENERATED from docs/schema.json by web/scripts/types.mjs (npm run types): do not edit by hand.
// docs/schema.json is exported from functions/bridge/wire.py (scripts/export-schema).

/**
 * The wire contract, declared once: every document a client reads and every callable's request and answer, as typed dictionaries.
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
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "CallEntry".
 */
export interface CallEntry {
  position: number;
  bid: string;
}
/**
 * chooseTeammate, playCard.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "CardRequest".
 */
export interface CardRequest {
  expectedVersion?: number;
  requestID?: string;
  roomID: string;
  card: string;
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
 * via the `definition` "CreateGameRoomAnswer".
 */
export interface CreateGameRoomAnswer {
  roomID: string;
}
/**
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
  variant?: "floating" | "contract";
  inviteOnly?: boolean;
  deals?: number;
  scoring?: "deals" | "tricks" | "rubber" | "chicago";
  turnSeconds?: number;
  botReplacesLeaver?: boolean;
  chat?: boolean;
  playAllTricks?: boolean;
  washRule?: boolean;
  honours?: boolean;
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
  variant: "floating" | "contract";
  dealer: number;
  washes: number;
  players: string[];
  hands: HandDocument[];
  bids: CallEntry[];
  contract: ContractDoc;
  partnerCard: string | null;
  partner: number;
  tricks: TrickDoc[];
  result: ResultDoc;
  scoreChanges: {
    [k: string]: number;
  };
}
/**
 * `rooms/{roomID}/hands/{uid}`: one player's cards, readable by that player only.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "HandDocument".
 */
export interface HandDocument {
  cards: string[];
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
 * How the last deal ended: played out, or abandoned (`abandonedBy`; the other fields null).
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
 * The dummy (SPEC §11), shown from the opening lead on: its position and the cards it holds.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "DummyDoc".
 */
export interface DummyDoc {
  position: number;
  cards: string[];
}
/**
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "InviteToRoomRequest".
 */
export interface InviteToRoomRequest {
  expectedVersion?: number;
  requestID?: string;
  roomID: string;
  uid: string;
}
/**
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "KickPlayerRequest".
 */
export interface KickPlayerRequest {
  expectedVersion?: number;
  requestID?: string;
  roomID: string;
  uid: string;
}
/**
 * SPEC §9: deals started (`dealNumber`), the `deals` setting, and points by uid; `names`:
 * the display name of each uid in `scores` as last seen at the table (players who left too);
 * `sheet`: contract bridge's score sheet (null in Floating Bridge).
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
  sheet: SheetDoc | null;
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
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "PlaceBidRequest".
 */
export interface PlaceBidRequest {
  expectedVersion?: number;
  requestID?: string;
  roomID: string;
  bid: string;
}
/**
 * `players/{uid}` (SPEC §3), readable by that user only.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "PlayerAccount".
 */
export interface PlayerAccount {
  uid: string;
  displayName: string;
  createdAt: Timestamp;
  roomID: string | null;
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
}
/**
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "RemoveBotRequest".
 */
export interface RemoveBotRequest {
  expectedVersion?: number;
  requestID?: string;
  roomID: string;
  uid: string;
}
/**
 * `rooms/{roomID}`: the public state of a room (SPEC §6, §9), with its version (raised by
 * one on every change) and times. `memberIDs` is for the security rules; `seating` lists the
 * uids by position of the current or last deal.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "RoomDocument".
 */
export interface RoomDocument {
  hostID: string;
  status: "waiting" | "bidding" | "choosingTeammate" | "playing" | "dealEnded" | "ended";
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
  spectators: string[];
  dummy: DummyDoc | null;
  version: number;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}
/**
 * A room's settings (SPEC §4, §9, §11). `playAllTricks` and `washRule` are Floating Bridge's;
 * `honours` is contract bridge's. `scoring` is `deals` or `tricks` in Floating Bridge, `rubber`
 * or `chicago` in contract bridge.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "SettingsDoc".
 */
export interface SettingsDoc {
  variant: "floating" | "contract";
  inviteOnly: boolean;
  deals: number;
  scoring: "deals" | "tricks" | "rubber" | "chicago";
  turnSeconds: number;
  botReplacesLeaver: boolean;
  chat: boolean;
  playAllTricks?: boolean;
  washRule?: boolean;
  honours?: boolean;
}
/**
 * joinGameRoom, leaveGameRoom, toggleReady.
 *
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "RoomRequest".
 */
export interface RoomRequest {
  expectedVersion?: number;
  requestID?: string;
  roomID: string;
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
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "SendMessageRequest".
 */
export interface SendMessageRequest {
  roomID: string;
  text: string;
  requestID?: string;
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
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "UpdateProfileAnswer".
 */
export interface UpdateProfileAnswer {
  success: true;
  displayName: string;
}
/**
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "UpdateProfileRequest".
 */
export interface UpdateProfileRequest {
  displayName: string;
  requestID?: string;
}
/**
 * This interface was referenced by `FloatingBridgeWireContract`'s JSON-Schema
 * via the `definition` "UpdateRoomSettingsRequest".
 */
export interface UpdateRoomSettingsRequest {
  expectedVersion?: number;
  requestID?: string;
  roomID: string;
  settings: SettingsChanges;
}
