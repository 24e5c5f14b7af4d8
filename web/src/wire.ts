// Local names for parts of the wire contract. The document shapes themselves are the generated
// ones in ./types (from docs/schema.json): only aliases and derived types live here.

import type { ContractDoc, CreateTournamentRequest, HandView, RoomDocument, SettingsDoc } from "./types";

export type CardCode = HandView["cards"][number]; // rank then suit: "AS", "TD", "2C" (SPEC §2)
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

export type TournamentGame = CreateTournamentRequest["game"];
export type FieldScoring = CreateTournamentRequest["scoring"];
export type {
  CreateTournamentAnswer,
  EnterTournamentAnswer,
  RatingDocument,
  StandingLine,
  StandingsPage,
  TournamentBoardDocument,
  TournamentDocument,
  TournamentEntrantDocument,
  TournamentResultDocument,
  TravellerRow,
} from "./types";
