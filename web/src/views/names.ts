// Who sits where. During and after a deal, positions are game positions (`seating`);
// before it, the lobby seats (`players`).

import type { RoomDocument } from "../types";

export function uidAt(room: RoomDocument, position: number): string | undefined {
  return room.seating ? room.seating[position] : room.players[position]?.uid;
}

/** A bot's seat (SPEC §10): `players` marks it. */
export const isBot = (room: RoomDocument, position: number): boolean =>
  room.players.some((p) => p.bot && p.uid === uidAt(room, position));

export const isSeated = (room: RoomDocument, uid: string): boolean => room.players.some((p) => p.uid === uid);

/**
 * A player's name as text (never markup): the seated players' from `players`, and a player who
 * has left the match from `match.names` (every uid that played a deal of it).
 */
export function nameOf(room: RoomDocument, uid: string | null | undefined): string {
  if (!uid) return "?";
  const seated = room.players.find((p) => p.uid === uid);
  if (seated) return seated.displayName;
  const earlier = room.match.names[uid];
  return earlier ? `${earlier} (left)` : `(left) ${uid.slice(0, 6)}…`;
}

export const nameAt = (room: RoomDocument, position: number): string => nameOf(room, uidAt(room, position));

export function myPosition(room: RoomDocument, uid: string): number {
  return room.seating ? room.seating.indexOf(uid) : room.players.findIndex((p) => p.uid === uid);
}
