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

/** "3NT" → "3NT", "2H" → "2♥", "PASS" → "Pass". */
export function bidLabel(bid: BidCode): string {
  if (bid === "PASS") return "Pass";
  return bid[0] + SUIT_SYMBOLS[bid.slice(1)];
}

export const isRed = (card: CardCode): boolean => card[1] === "D" || card[1] === "H";

/** A hand in display order: spades, hearts, clubs, diamonds (colours alternate), high to low. */
export function sortHand(cards: readonly CardCode[]): CardCode[] {
  const order: Suit[] = ["S", "H", "C", "D"];
  return [...cards].sort(
    (a, b) => order.indexOf(suitOf(a)) - order.indexOf(suitOf(b)) || rankIndex(b) - rankIndex(a),
  );
}

/** PASS, and every bid higher than the highest bid so far. */
export function legalBids(room: RoomDocument): BidCode[] {
  const highest = room.highestBid ? ALL_BIDS.indexOf(room.highestBid.bid) : -1;
  return ["PASS", ...ALL_BIDS.slice(highest + 1)];
}

/** The partner card may be any card the declarer does not hold (every card is dealt). */
export function legalPartnerCards(hand: readonly CardCode[]): CardCode[] {
  return DECK.filter((card) => !hand.includes(card));
}

/**
 * The cards the player to act may play (SPEC §5.5): follow the led suit if able; when
 * leading, no trump before trump is broken unless the hand holds nothing else.
 */
export function legalCards(room: RoomDocument, hand: readonly CardCode[]): CardCode[] {
  const led = room.trick?.cards[0]?.card;
  if (led) {
    const following = hand.filter((card) => suitOf(card) === suitOf(led));
    return following.length > 0 ? [...following] : [...hand];
  }
  const trump = room.contract?.trump ?? null;
  if (trump && !room.trumpBroken) {
    const others = hand.filter((card) => suitOf(card) !== trump);
    if (others.length > 0) return others;
  }
  return [...hand];
}
