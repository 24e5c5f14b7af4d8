// The wire encodings (SPEC §2) and the few rules a client needs to enable only legal moves.
// The backend checks every move again; these only keep illegal buttons disabled.

import type { RoomDocument } from "./types";
import type { BidCode, CardCode, Suit } from "./wire";

export const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"] as const;
export const SUITS: readonly Suit[] = ["C", "D", "H", "S"];
export const BID_SUITS = ["C", "D", "H", "S", "NT"] as const;

/** Every bid from 1C to 7NT, lowest first (level, then C < D < H < S < NT). */
export const ALL_BIDS: readonly BidCode[] = [1, 2, 3, 4, 5, 6, 7].flatMap((level) =>
  BID_SUITS.map((suit) => `${level}${suit}`),
);

/** TigerBridge's 25 bids (docs/TIGER.md): 5 to 9 rounds, no crests lowest (NT < C < D < H < S). */
export const TIGER_BIDS: readonly BidCode[] = [5, 6, 7, 8, 9].flatMap((level) =>
  ["NT", "C", "D", "H", "S"].map((suit) => `${level}${suit}`),
);

/** The bids of a room's game, lowest first. */
export const ladderOf = (variant: RoomDocument["settings"]["variant"]): readonly BidCode[] =>
  variant === "tiger" ? TIGER_BIDS : ALL_BIDS;

/** All 52 cards, by suit then rank. */
export const DECK: readonly CardCode[] = SUITS.flatMap((suit) => RANKS.map((rank) => `${rank}${suit}`));

export const suitOf = (card: CardCode): Suit => card[1] as Suit;
const rankIndex = (card: CardCode): number => RANKS.indexOf(card[0] as (typeof RANKS)[number]);

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

/** A hand in display order: spades, hearts, clubs, diamonds (colours alternate), high to low. */
export function sortHand(cards: readonly CardCode[]): CardCode[] {
  const order: Suit[] = ["S", "H", "C", "D"];
  return [...cards].sort(
    (a, b) => order.indexOf(suitOf(a)) - order.indexOf(suitOf(b)) || rankIndex(b) - rankIndex(a),
  );
}

/** Positions 0 and 2 play against 1 and 3 (contract bridge's fixed sides). */
const sameSide = (a: number, b: number) => a % 2 === b % 2;

/** PASS; in contract bridge X on an opponent's undoubled last bid and XX on my side's doubled
 *  one (SPEC §11); and every bid of the game's ladder higher than the highest bid so far. */
export function legalBids(room: RoomDocument, me: number): BidCode[] {
  const ladder = ladderOf(room.settings.variant);
  const highest = room.highestBid ? ladder.indexOf(room.highestBid.bid) : -1;
  const doubles: BidCode[] = [];
  if (room.settings.variant === "contract" && room.highestBid) {
    const last = room.bids.map((b) => b.bid).lastIndexOf(room.highestBid.bid);
    const after = room.bids.slice(last + 1).map((b) => b.bid);
    const ours = sameSide(room.highestBid.position, me);
    if (!ours && after.length === after.filter((b) => b === "PASS").length) doubles.push("X");
    if (ours && after.includes("X") && !after.includes("XX")) doubles.push("XX");
  }
  return ["PASS", ...doubles, ...ladder.slice(highest + 1)];
}

/** The partner card may be any card the declarer does not hold (every card is dealt). */
export function legalPartnerCards(hand: readonly CardCode[]): CardCode[] {
  return DECK.filter((card) => !hand.includes(card));
}

/**
 * The cards the player to act may play (SPEC §5.5, §11): follow the led suit if able; in
 * Floating Bridge, when leading, no trump before trump is broken unless the hand holds nothing
 * else. `hand` is the hand played from (the dummy's, for the declarer on the dummy's turn).
 */
export function legalCards(room: RoomDocument, hand: readonly CardCode[]): CardCode[] {
  const led = room.trick?.cards[0]?.card;
  if (led) {
    const following = hand.filter((card) => suitOf(card) === suitOf(led));
    return following.length > 0 ? [...following] : [...hand];
  }
  const trump = room.contract?.trump ?? null;
  // Only Floating Bridge keeps trump from being led before it is broken.
  if (trump && !room.trumpBroken && room.settings.variant === "floating") {
    const others = hand.filter((card) => suitOf(card) !== trump);
    if (others.length > 0) return others;
  }
  return [...hand];
}
