// What a person at the table may do now, as the server tells it (docs/API.md "Legal actions").
// The client states no rule of any game: every move it offers is one it was told.
//   - The room document's `legal`, one entry per seat in `players` order: the calls the bidder
//     may make, whether a call may carry an alert, who names the partner card, whose card is to
//     be played, the claim, the answers to a claim or an undo, the undo.
//   - My hand's `partnerCards` (the cards I may name) and `plays` (the cards I may play to each
//     trick my hand could be played to next; the dummy's are the room's `dummy.plays`), of which
//     the entry of the trick on the table is what I may play now. My hand is sealed for me in the
//     room document (src/hand.ts).

import type { HandView, LegalDoc, PlaysDoc, RoomDocument } from "./types";
import type { CardCode } from "./wire";

/** A spectator's entry: nothing. */
const NOTHING: LegalDoc = {
  placeBid: [],
  alert: false,
  chooseTeammate: false,
  playCard: null,
  claim: null,
  respondClaim: false,
  requestUndo: false,
  respondUndo: false,
};

export interface Told {
  /** My seat's entry of the room's `legal`. */
  seat: LegalDoc;
  /** The cards I may name or play now. */
  cards: ReadonlySet<CardCode>;
  /** My hand is the one of the room shown: as many cards as the room says I hold, and, when the
   *  room says I am to name or play a card, the cards for it. Both come in one snapshot (my hand is
   *  sealed in it); until my key has arrived I have no hand, and a move waits for it. */
  inSync: boolean;
}

/** The room's entry for the person `uid` (theirs by `players` order; nothing for a spectator). */
export const seatOf = (room: RoomDocument, uid: string): LegalDoc =>
  room.legal[room.players.findIndex((p) => p.uid === uid)] ?? NOTHING;

/** The room is waiting on this entry's move: a call, the partner card or a card. */
export const hasMove = (seat: LegalDoc): boolean =>
  seat.placeBid.length > 0 || seat.chooseTeammate || seat.playCard !== null;

/** The entry of `plays` for the trick on the table: the suit of its first card (the last letter
 *  of the card's code), or `lead` when no card of it is played yet. */
const forTrick = (plays: PlaysDoc, room: RoomDocument): CardCode[] => {
  const first = room.trick?.cards[0]?.card;
  return (first === undefined ? plays.lead : plays[first.slice(-1) as "C" | "D" | "H" | "S"]) as CardCode[];
};

/** What `uid` (at game position `me`, -1 for a spectator) is told they may do now. */
export function told(room: RoomDocument, uid: string, me: number, hand: HandView | null): Told {
  const seat = seatOf(room, uid);
  if (me < 0) return { seat, cards: new Set(), inSync: true };
  const plays =
    seat.playCard === null ? null : seat.playCard === room.dummy?.position ? room.dummy.plays : hand?.plays;
  const cards = seat.chooseTeammate ? hand?.partnerCards : plays && forTrick(plays, room);
  const due = seat.chooseTeammate || seat.playCard !== null;
  return {
    seat,
    cards: new Set((cards ?? []) as CardCode[]),
    inSync: hand?.cards.length === room.handSizes[me] && (!due || cards != null),
  };
}

/** Who is to make the move at `room.turn`, as told (the declarer plays the dummy's card): their
 *  uid, or null when nobody is told one (an undo is being answered). */
export function mover(room: RoomDocument): string | null {
  const index = room.legal.findIndex(hasMove);
  return index < 0 ? null : room.players[index].uid;
}
