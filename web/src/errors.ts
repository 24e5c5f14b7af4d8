// Every backend error carries details.reason (SPEC §7); turn it into a sentence a person reads.

import { FirebaseError } from "firebase/app";

const REASONS: Record<string, string> = {
  UNAUTHENTICATED: "Please sign in first.",
  INVALID_ARGUMENT: "The request was not understood.",
  INVALID_CARD: "That is not a card.",
  INVALID_BID: "That is not a bid.",
  INVALID_SETTINGS: "Those room settings are not valid.",
  ROOM_NOT_FOUND: "There is no room with that id.",
  PLAYER_NOT_FOUND: "There is no player with that id.",
  ACCOUNT_EXISTS: "A player account already exists for this user.",
  NOT_IN_ROOM: "You are not in that room.",
  NOT_HOST: "Only the host can do that.",
  NOT_INVITED: "That room, event or tournament is invite-only and you have not been invited.",
  NOT_DECLARER: "Only the declarer may do that: name the partner card, or claim.",
  NOT_OPPONENT: "Only the claimer's opponents answer a claim.",
  CLAIM_PENDING: "A claim is open: play waits for the answers.",
  CLAIM_REJECTED: "Your claim was rejected at this trick: play another trick before claiming again.",
  NO_CLAIM: "There is no claim to answer any more.",
  ALREADY_ANSWERED: "You have already answered.",
  UNDO_DISABLED: "Undo is turned off in this room.",
  NOTHING_TO_UNDO: "There is nothing of yours to take back: someone has acted since.",
  UNDO_NOT_ALLOWED: "That action showed cards to the table: it stands.",
  UNDO_PENDING: "An undo is being answered: wait for it.",
  NO_UNDO: "Nobody is asking for an undo any more.",
  ALREADY_IN_ROOM: "You are already in a room; leave it first.",
  ROOM_FULL: "That room is full.",
  NO_FREE_SEAT: "Every seat is taken: there is no seat for a bot.",
  BOT_NOT_FOUND: "No such bot sits at this table.",
  TURN_NOT_EXPIRED: "The player to act still has time.",
  KICKED: "The host removed you from that room.",
  CHAT_DISABLED: "The host has turned this room's chat off.",
  TOO_MANY_EVENTS: "You already direct as many events as one person may: start or finish one first.",
  RATE_LIMITED: "Too many actions too quickly; wait a moment, then try again.",
  APP_CHECK_REQUIRED: "This app could not be verified by Firebase App Check.",
  GAME_STARTED: "The game has already started.",
  GAME_ENDED: "The game has ended.",
  NOT_ALL_READY: "Every player must be ready first.",
  NOT_ENOUGH_PLAYERS: "A game needs four players.",
  WRONG_PHASE: "That move is not possible at this point of the game.",
  NOT_YOUR_TURN: "It is not your turn.",
  BID_TOO_LOW: "Your bid must be higher than the highest bid.",
  CANNOT_DOUBLE: "You can double only an opponent's last bid, and only once.",
  CANNOT_REDOUBLE: "You can redouble only your side's bid after an opponent doubled it.",
  OWN_CARD: "You hold that card; name a card another player holds.",
  CARD_NOT_DEALT: "Nobody holds that card.",
  CARD_NOT_IN_HAND: "You do not hold that card.",
  MUST_FOLLOW_SUIT: "You must follow the suit that was led.",
  TRUMP_NOT_BROKEN: "Trump cannot be led until trump is broken.",
  CONTENTION: "The room was busy; please try again.",
  STALE_STATE: "The table changed before your move arrived; look again and retry.",
  UNAVAILABLE: "The server could not be reached just now; please try again.",
  INTERNAL: "The server failed.",
  EVENT_NOT_FOUND: "There is no event with that id.",
  INVALID_EVENT: "That event is not possible (its tables, boards or spot).",
  NOT_DIRECTOR: "Only the event's director can do that.",
  NOT_IN_EVENT: "You have no spot in that event.",
  SEAT_TAKEN: "Someone already sits in that spot.",
  EVENT_STARTED: "The event has already started.",
  EVENT_ENDED: "The event has ended.",
  EVENT_TABLE: "This table belongs to a duplicate event or a tournament: join or leave it through them.",
  TOURNAMENT_NOT_FOUND: "There is no tournament with that id.",
  INVALID_TOURNAMENT:
    "That tournament is not possible (its game and scoring, boards, minutes or invitations).",
  TOO_MANY_TOURNAMENTS:
    "You already have as many open tournaments as one person may create: wait for one to close.",
  TOURNAMENT_NOT_OPEN: "That tournament is not open for entries and play right now.",
  ALREADY_ENTERED: "You have entered that tournament already: one entry each.",
  NOT_ENTERED: "You have not entered that tournament.",
};

// Firebase Auth errors (sign-in and sign-up) have codes, not reasons.
const AUTH_CODES: Record<string, string> = {
  "auth/email-already-in-use": "An account with that email already exists; sign in instead.",
  "auth/invalid-email": "That email address is not valid.",
  "auth/weak-password": "The password must have at least 6 characters.",
  "auth/missing-password": "Enter a password.",
  "auth/invalid-credential": "Wrong email or password.",
  "auth/wrong-password": "Wrong email or password.",
  "auth/user-not-found": "No account has that email; sign up first.",
  "auth/network-request-failed": "The Auth emulator cannot be reached.",
};

export interface ReadableError {
  reason: string; // the backend reason, or the Firebase error code
  text: string; // what the player reads
  detail?: string; // the server's own message, shown smaller
}

/** A readable message for anything a callable, a listener or sign-in may throw. */
export function readableError(error: unknown): ReadableError {
  if (error instanceof FirebaseError) {
    const details = (error as FirebaseError & { details?: unknown }).details;
    const reason =
      details && typeof details === "object" && "reason" in details ? String(details.reason) : undefined;
    if (reason) {
      const sentence = REASONS[reason] ?? "The move was rejected.";
      const message = error.message.replace(/ \[\d{3}\]$/, ""); // the SDK appends the HTTP status
      return { reason, text: sentence, detail: message && message !== sentence ? message : undefined };
    }
    const sentence = AUTH_CODES[error.code];
    if (sentence) return { reason: error.code, text: sentence };
    if (error.code === "functions/unavailable" || error.code === "functions/internal") {
      return {
        reason: error.code,
        text: `The backend is unavailable (${error.message}). Are the emulators running?`,
      };
    }
    return { reason: error.code, text: error.message };
  }
  return { reason: "UNKNOWN", text: error instanceof Error ? error.message : String(error) };
}
