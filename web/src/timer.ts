// The turn timer (SPEC §10): the countdown to the room's `turnDeadline`, and the claim that has
// the server move for an idle player once it has passed. Every member's client claims; the first
// claim applies and the others are refused (STALE_STATE: the version moved on), which is expected.

import { claimTimeout } from "./api";
import { h } from "./dom";
import { readableError } from "./errors";
import { spectating, state, update } from "./state";
import type { RoomDocument, Timestamp } from "./types";

/** Claim this long after the deadline by our clock, so that the server's agrees it has passed. */
const CLAIM_GRACE_MS = 1000;
/** How often the countdown is redrawn and the deadline checked. */
const TICK_MS = 250;
/** Refusals that mean someone else's claim or move came first: nothing to show. */
const RACED = new Set(["STALE_STATE", "TURN_NOT_EXPIRED", "WRONG_PHASE", "GAME_ENDED", "NOT_IN_ROOM"]);

/** A Firestore timestamp in milliseconds since the epoch. */
export const millis = (t: Timestamp): number => t.seconds * 1000 + t.nanoseconds / 1e6;

/** The time left as m:ss, rounded up to the second; 0:00 once it has passed. */
function timeLeft(deadline: number, now: number): string {
  const seconds = Math.max(0, Math.ceil((deadline - now) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** The countdown to the room's turn deadline (the ticker redraws it), or null with no deadline. */
export function countdown(room: RoomDocument): HTMLElement | null {
  if (!room.turnDeadline) return null;
  const deadline = millis(room.turnDeadline);
  return h(
    "span",
    { class: "countdown", "data-testid": "turn-countdown", "data-deadline": deadline },
    timeLeft(deadline, Date.now()),
  );
}

/** The room version a claim was sent for: one claim per turn from this client. */
let claimed: number | null = null;

function claim(roomID: string, version: number): void {
  claimed = version;
  claimTimeout(roomID, version).catch((error: unknown) => {
    const readable = readableError(error);
    if (readable.reason === "TURN_NOT_EXPIRED" && claimed === version) claimed = null; // clocks differ: retry
    if (!RACED.has(readable.reason)) update({ error: readable });
  });
}

function tick(): void {
  const now = Date.now();
  for (const element of document.querySelectorAll<HTMLElement>('[data-testid="turn-countdown"]')) {
    element.textContent = timeLeft(Number(element.dataset.deadline), now);
    element.classList.toggle("expired", now >= Number(element.dataset.deadline));
  }
  const { room, roomID } = state;
  if (!room?.turnDeadline || !roomID || claimed === room.version || spectating(state)) return;
  if (now >= millis(room.turnDeadline) + CLAIM_GRACE_MS) claim(roomID, room.version);
}

/** Redraw the countdown and claim expired turns for as long as the page is open. */
export function startTurnTimer(): void {
  setInterval(tick, TICK_MS);
}
