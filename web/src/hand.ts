// My hand travels sealed in the room document (docs/API.md, "Your hand"): the room's
// `sealedHands[position]` is base64 of a 12-byte nonce, then my hand encrypted with AES-256-GCM
// under my key at the room (`rooms/{roomID}/keys/{uid}`, readable by me alone), its tag last. The
// hand is 50 bytes: a flags byte (bit 0: `plays` is given, bit 1: `partnerCards`), then seven card
// sets of 7 bytes — cards, plays.lead, plays.C, .D, .H, .S, partnerCards — where card i of the deck
// (clubs 2 = 0 … clubs A = 12 … spades A = 51) is in a set when bit i % 8 of its byte i >> 3 is 1.
// Opening it is transport, not rules: every card it names is the server's word.
import type { HandView, RoomDocument } from "./types";
import type { CardCode } from "./wire";

/** The deck in the order a hand's bytes name cards: clubs 2 … spades A. */
const DECK: CardCode[] = [..."CDHS"].flatMap((suit) => [..."23456789TJQKA"].map((rank) => rank + suit));

function bytes(base64: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

/** My key at a room (its key document's `key`), ready to open my seal. */
export function importKey(key: string): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", bytes(key), "AES-GCM", false, ["decrypt"]);
}

/** Card set `n` of an opened hand. */
function cardSet(hand: Uint8Array, n: number): CardCode[] {
  return DECK.filter((_, i) => (hand[1 + 7 * n + (i >> 3)] >> (i & 7)) & 1);
}

/** My hand as the room document seals it for me; null when I am not dealt in or have no key yet. */
export async function openHand(
  room: RoomDocument,
  uid: string,
  key: CryptoKey | null,
): Promise<HandView | null> {
  const position = room.seating?.indexOf(uid) ?? -1;
  const sealed = position >= 0 ? room.sealedHands[position] : null;
  if (!key || !sealed) return null;
  const raw = bytes(sealed);
  const hand = new Uint8Array(
    await crypto.subtle.decrypt({ name: "AES-GCM", iv: raw.slice(0, 12) }, key, raw.slice(12)),
  );
  const plays =
    hand[0] & 1
      ? {
          lead: cardSet(hand, 1),
          C: cardSet(hand, 2),
          D: cardSet(hand, 3),
          H: cardSet(hand, 4),
          S: cardSet(hand, 5),
        }
      : null;
  return { cards: cardSet(hand, 0), plays, partnerCards: hand[0] & 2 ? cardSet(hand, 6) : null };
}
