// What a person at the table may do now, as the server tells it (docs/API.md "Legal actions").
// The client states no rule of any game: every move it offers is one it was told.
//   - The room document's `legal`, one entry per seat in `players` order: the calls the bidder
//     may make, whether a call may carry an alert, who names the partner card, whose card is to
//     be played, the claim, the answers to a claim or an undo, the undo.
//   - My hand document's `legal`: the cards I may name or play, for the room `version` it names.

import type { HandDocument, LegalDoc, RoomDocument } from "./types";
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
  /** The cards I may name or play: my hand document's, when they are for the room's `version`. */
  cards: ReadonlySet<CardCode>;
  /** My hand document is the one of the room shown: as many cards as the room says I hold, and,
   *  when the room says I am to name or play a card, the cards for its `version`. The two
   *  documents reach the page one after the other; a move waits for both. */
  inSync: boolean;
}

/** The room's entry for the person `uid` (theirs by `players` order; nothing for a spectator). */
export const seatOf = (room: RoomDocument, uid: string): LegalDoc =>
  room.legal[room.players.findIndex((p) => p.uid === uid)] ?? NOTHING;

/** The room is waiting on this entry's move: a call, the partner card or a card. */
export const hasMove = (seat: LegalDoc): boolean =>
  seat.placeBid.length > 0 || seat.chooseTeammate || seat.playCard !== null;

/** What `uid` (at game position `me`, -1 for a spectator) is told they may do now. */
export function told(room: RoomDocument, uid: string, me: number, hand: HandDocument | null): Told {
  const seat = seatOf(room, uid);
  if (me < 0) return { seat, cards: new Set(), inSync: true };
  const legal = hand?.legal ?? null;
  const current = legal !== null && legal.version === room.version;
  const cardsDue = seat.chooseTeammate || seat.playCard !== null;
  return {
    seat,
    cards: new Set(current ? legal.cards : []),
    inSync: hand?.cards.length === room.handSizes[me] && (legal === null ? !cardsDue : current),
  };
}

/** Who is to make the move at `room.turn`, as told (the declarer plays the dummy's card): their
 *  uid, or null when nobody is told one (an undo is being answered). */
export function mover(room: RoomDocument): string | null {
  const index = room.legal.findIndex(hasMove);
  return index < 0 ? null : room.players[index].uid;
}
