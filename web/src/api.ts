// The callables of SPEC §4: the only way the client changes anything.

import { httpsCallable } from "firebase/functions";
import { functions } from "./firebase";
import type { BidCode, CardCode, Settings } from "./types";

/** Call a function by name; retry a couple of times when the backend reports contention. */
async function call<Req, Res>(name: string, data: Req): Promise<Res> {
  const callable = httpsCallable<Req, Res>(functions, name);
  for (let attempt = 1; ; attempt++) {
    try {
      return (await callable(data)).data;
    } catch (error) {
      const reason = (error as { details?: { reason?: string } }).details?.reason;
      if (reason !== "CONTENTION" || attempt >= 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt)); // "safe to retry" (SPEC §7)
    }
  }
}

// Game moves pass `expectedVersion`: the room version the player was looking at. A double
// click or a retry of an already applied move is then rejected (STALE_STATE) instead of
// being applied twice. Lobby calls omit it: other players change the room all the time.

export const createGameRoom = (settings: Partial<Settings>) =>
  call<{ settings: Partial<Settings> }, { roomID: string }>("createGameRoom", { settings });

export const joinGameRoom = (roomID: string) =>
  call<{ roomID: string }, { success: true }>("joinGameRoom", { roomID });

export const leaveGameRoom = (roomID: string) => call<{ roomID: string }, null>("leaveGameRoom", { roomID });

export const toggleReady = (roomID: string) =>
  call<{ roomID: string }, { success: true; ready: boolean }>("toggleReady", { roomID });

export const startGame = () => call<Record<string, never>, { success: true }>("startGame", {});

export const inviteToRoom = (roomID: string, uid: string) =>
  call<{ roomID: string; uid: string }, { success: true }>("inviteToRoom", { roomID, uid });

export const updateRoomSettings = (roomID: string, settings: Partial<Settings>) =>
  call<{ roomID: string; settings: Partial<Settings> }, { success: true }>("updateRoomSettings", {
    roomID,
    settings,
  });

export const placeBid = (roomID: string, bid: BidCode, expectedVersion: number) =>
  call<{ roomID: string; bid: BidCode; expectedVersion: number }, null>("placeBid", {
    roomID,
    bid,
    expectedVersion,
  });

export const chooseTeammate = (roomID: string, card: CardCode, expectedVersion: number) =>
  call<{ roomID: string; card: CardCode; expectedVersion: number }, null>("chooseTeammate", {
    roomID,
    card,
    expectedVersion,
  });

export const playCard = (roomID: string, card: CardCode, expectedVersion: number) =>
  call<{ roomID: string; card: CardCode; expectedVersion: number }, { success: true }>("playCard", {
    roomID,
    card,
    expectedVersion,
  });
