// How things are shown on the page: the labels of cards and calls (docs/API.md "Encodings"), a
// hand's display order, the deck as the partner-card chooser lays it out, and each game's name.
// No rule of any game is here: what a player may do is what the server tells them (src/legal.ts).

import type { SettingsDoc, VulnerableDoc } from "./types";
import type { BidCode, CardCode, Suit } from "./wire";

const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"] as const;

/** Each game's name, by `settings.variant`, in the order the lobby offers them. */
export const GAME_NAMES: Record<SettingsDoc["variant"], string> = {
  floating: "Floating Bridge",
  contract: "Contract bridge",
  tiger: "TigerBridge",
  memory: "Memory Bridge",
};

export const suitOf = (card: CardCode): Suit => card[1] as Suit;
const rankIndex = (card: CardCode): number => RANKS.indexOf(card[0] as (typeof RANKS)[number]);

/** Suits as they are shown: spades, hearts, clubs, diamonds (the colours alternate). */
export const DISPLAY_SUITS: readonly Suit[] = ["S", "H", "C", "D"];

/** All 52 cards in display order: by `DISPLAY_SUITS`, high to low. */
export const DECK: readonly CardCode[] = DISPLAY_SUITS.flatMap((suit) =>
  [...RANKS].reverse().map((rank) => `${rank}${suit}`),
);

const SUIT_SYMBOLS: Record<string, string> = { C: "♣", D: "♦", H: "♥", S: "♠", NT: "NT" };
export const SUIT_NAMES: Record<string, string> = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };

/** "TD" → "10♦". */
export function cardLabel(card: CardCode): string {
  const rank = card[0] === "T" ? "10" : card[0];
  return rank + SUIT_SYMBOLS[card[1]];
}

const DOUBLES: Record<string, string> = { X: "Double", XX: "Redouble" };

/** "3NT" → "3NT", "2H" → "2♥", "PASS" → "Pass", "X" → "Double"; a contract "4SX" → "4♠ doubled". */
export function bidLabel(bid: BidCode): string {
  if (bid === "PASS") return "Pass";
  if (DOUBLES[bid]) return DOUBLES[bid];
  const doubled = bid.endsWith("XX") ? " redoubled" : bid.endsWith("X") ? " doubled" : "";
  return bid[0] + SUIT_SYMBOLS[bid.slice(1).replace(/X+$/, "")] + doubled;
}

export const isRed = (card: CardCode): boolean => card[1] === "D" || card[1] === "H";

/** A hand in display order: by `DISPLAY_SUITS`, high to low. */
export function sortHand(cards: readonly CardCode[]): CardCode[] {
  return [...cards].sort(
    (a, b) =>
      DISPLAY_SUITS.indexOf(suitOf(a)) - DISPLAY_SUITS.indexOf(suitOf(b)) || rankIndex(b) - rankIndex(a),
  );
}

/** Positions by their compass letter: 0 North, 1 East, 2 South, 3 West. */
export const POSITION_NAMES = ["N", "E", "S", "W"];

/** A board's vulnerability: "NS", "EW", "NS+EW" or "none". */
export const vulnerability = (vulnerable: VulnerableDoc): string =>
  [vulnerable.NS && "NS", vulnerable.EW && "EW"].filter(Boolean).join("+") || "none";

/** How a board was played, from a result or a traveller row: "4♠ by N, 10 tricks", or "passed out". */
export const playedAs = (result: {
  contract: BidCode | null;
  declarer: number | null;
  tricks: number | null;
}): string =>
  result.contract === null
    ? "passed out"
    : `${bidLabel(result.contract)} by ${POSITION_NAMES[result.declarer ?? 0]}, ${result.tricks} tricks`;
