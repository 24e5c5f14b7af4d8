// Local names for parts of the wire contract. The document shapes themselves are the generated
// ones in ./types (from docs/schema.json): only aliases and derived types live here, and the
// tournament documents the schema does not export yet (below).

import type {
  ContractDoc,
  CreateTournamentRequest,
  DealRecord,
  EventDealingDoc,
  HandCards,
  HandDocument,
  RoomDocument,
  SettingsDoc,
  Timestamp,
  VulnerableDoc,
} from "./types";

export type CardCode = HandDocument["cards"][number]; // rank then suit: "AS", "TD", "2C" (SPEC §2)
export type BidCode = string; // "PASS" or "1C" … "7NT"
export type Suit = NonNullable<ContractDoc["trump"]>;
export type Status = RoomDocument["status"];
export type Scoring = SettingsDoc["scoring"];
export type BotLevel = SettingsDoc["botLevel"];

/** The room settings that are switched on or off. */
export type BooleanSetting = {
  [K in keyof SettingsDoc]-?: NonNullable<SettingsDoc[K]> extends boolean ? K : never;
}[keyof SettingsDoc];

// ---- robot tournaments and ratings (docs/API.md "Robot tournaments") -----------------------
// docs/schema.json does not export these yet (scripts/export-schema's TOP_LEVEL leaves out the
// tournament documents of functions/bridge/wire.py, and the rating documents of
// functions/service/tournaments.py are declared nowhere): written here from those declarations
// and docs/API.md until it does, then to be replaced by the generated ones.

export type TournamentGame = CreateTournamentRequest["game"];
export type FieldScoring = CreateTournamentRequest["scoring"];

/** `tournaments/{tournamentID}`: changes only at the close. */
export interface TournamentDocument {
  tournamentID: string;
  creatorID: string | null;
  series: string | null;
  game: TournamentGame;
  scoring: FieldScoring;
  boards: number;
  opensAt: Timestamp;
  closesAt: Timestamp;
  botLevel: BotLevel;
  invited: string[];
  closed: boolean;
  players: number | null;
  pages: number | null;
  dealing: EventDealingDoc | null;
}

/** One way the field's results on a board came, and what it is worth (a percentage, or IMPs). */
export interface TravellerRow {
  contract: BidCode | null;
  declarer: number | null;
  tricks: number | null;
  score: number;
  count: number;
  points: number;
}

/** `tournaments/{tournamentID}/boards/{n}`: for whoever has finished it, everyone once closed. */
export interface TournamentBoardDocument {
  number: number;
  dealer: number;
  vulnerable: VulnerableDoc | null;
  hands: HandCards[];
  results: number;
  traveller: TravellerRow[];
}

/** `tournaments/{tournamentID}/boards/{n}/results/{uid}`: one entrant's result, with their table's record. */
export interface TournamentResultDocument {
  tournamentID: string;
  uid: string;
  displayName: string;
  board: number;
  score: number;
  contract: BidCode | null;
  declarer: number | null;
  tricks: number | null;
  record: DealRecord;
  recordedAt: Timestamp;
}

/** `tournaments/{tournamentID}/entrants/{uid}`: my progress, for me alone. */
export interface TournamentEntrantDocument {
  uid: string;
  displayName: string;
  roomID: string;
  board: number | null;
  played: number;
  done: boolean;
}

export interface StandingLine {
  uid: string;
  name: string;
  scores: (number | null)[];
  points: (number | null)[];
  total: number;
  place: number;
}

/** `tournaments/{tournamentID}/standings/{page}`: places `page × 500 + 1` on. */
export interface StandingsPage {
  page: number;
  pages: number;
  players: number;
  lines: StandingLine[];
  uids: string[];
  final: boolean;
  at: Timestamp;
}

export interface CreateTournamentAnswer {
  tournamentID: string;
}

export interface EnterTournamentAnswer {
  roomID: string;
}

/** `ratings/{game}/players/{uid}` (all time) and `ratings/{game}-{season}/players/{uid}`. */
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
