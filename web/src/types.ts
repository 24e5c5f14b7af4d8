// The documents the client reads (SPEC §3, §6). The backend writes them; the client only reads.

export type CardCode = string; // rank then suit: "AS", "TD", "2C" (SPEC §2)
export type BidCode = string; // "PASS" or "1C" … "7NT"
export type Suit = "C" | "D" | "H" | "S";
export type Status = "waiting" | "bidding" | "choosingTeammate" | "playing" | "ended";

export interface Stats {
  gamesPlayed: number;
  gamesWon: number;
  gamesAbandoned: number;
}

/** players/{uid}: readable by that user only. */
export interface PlayerAccount {
  uid: string;
  displayName: string;
  roomID: string | null;
  stats: Stats;
}

export interface Settings {
  inviteOnly: boolean;
  playAllTricks: boolean;
  washRule: boolean;
}

export interface RoomPlayer {
  uid: string;
  displayName: string;
  position: number;
  ready: boolean;
}

export interface PositionedBid {
  position: number;
  bid: BidCode;
}

export interface Contract {
  declarer: number;
  bid: BidCode;
  trump: Suit | null; // null: no trump
  target: number; // tricks the declarer's side needs
  defenderTarget: number;
}

export interface Trick {
  leader: number;
  cards: { position: number; card: CardCode }[];
  winner?: number; // completed tricks only
}

export interface Result {
  players: string[]; // uids by game position
  abandonedBy: string | null;
  winners: string[];
  contract: BidCode | null;
  declarer: number | null;
  partner: number | null;
  declarerTricks: number | null;
  defenderTricks: number | null;
  made: boolean | null;
}

/** rooms/{roomID}: the public state of one room. */
export interface Room {
  hostID: string;
  status: Status;
  settings: Settings;
  invited: string[];
  memberIDs: string[];
  players: RoomPlayer[]; // ordered by position (the lobby seats)
  seating: string[] | null; // uids by game position for the current or last deal
  dealer: number | null;
  turn: number | null;
  washes: number;
  bids: PositionedBid[];
  highestBid: PositionedBid | null;
  contract: Contract | null;
  partnerCard: CardCode | null;
  partnerPosition: number | null; // null until the partner card is played
  trick: Trick | null;
  tricks: Trick[];
  tricksWon: number[];
  trumpBroken: boolean;
  handSizes: number[];
  result: Result | null;
  version: number;
}

/** rooms/{roomID}/hands/{uid}: readable by that user only. */
export interface Hand {
  cards: CardCode[];
}
