// Who sits where. During and after a deal, positions are game positions (`seating`);
// before it, the lobby seats (`players`).

import type { Room } from "../types";

export function uidAt(room: Room, position: number): string | undefined {
  return room.seating ? room.seating[position] : room.players[position]?.uid;
}

export function nameOf(room: Room, uid: string | null | undefined): string {
  if (!uid) return "?";
  return room.players.find((p) => p.uid === uid)?.displayName ?? `Player-${uid.slice(0, 6)}`;
}

export const nameAt = (room: Room, position: number): string => nameOf(room, uidAt(room, position));

export function myPosition(room: Room, uid: string): number {
  return room.seating ? room.seating.indexOf(uid) : room.players.findIndex((p) => p.uid === uid);
}
