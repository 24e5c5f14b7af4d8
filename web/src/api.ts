// The callables of SPEC §4: the only way the client changes anything.

import { httpsCallable } from "firebase/functions";
import { functions } from "./firebase";
import type {
  AddBotAnswer,
  CardRequest,
  ClaimAnswer,
  ClaimRequest,
  CreateEventAnswer,
  CreateEventRequest,
  CreateGameRoomAnswer,
  CreateGameRoomRequest,
  CreateTournamentRequest,
  EventRequest,
  ExportDealsAnswer,
  ExportDealsRequest,
  EventSpotRequest,
  InviteToRoomRequest,
  PlaceBidRequest,
  RemoveRequest,
  RespondRequest,
  RoomRequest,
  SendMessageAnswer,
  SendMessageRequest,
  SettingsChanges,
  StartGameRequest,
  Success,
  ToggleReadyAnswer,
  ToggleReadyRequest,
  TournamentRequest,
  UpdateProfileAnswer,
  UpdateProfileRequest,
  UpdateRoomSettingsRequest,
} from "./types";
import type { BidCode, CardCode, CreateTournamentAnswer, EnterTournamentAnswer } from "./wire";

/** Reasons and SDK codes after which the same action may be sent again. With its requestID
 *  (SPEC §8) a resend is never applied twice: the server answers it as the first time. */
const RETRY_REASONS = new Set(["CONTENTION", "UNAVAILABLE"]);
const RETRY_CODES = new Set(["functions/unavailable", "functions/deadline-exceeded"]);
/** Past an allowance (RATE_LIMITED) the answer says when the call will be taken: a wait up to
 *  this long is waited out before resending; a longer one is shown to the player. */
const MAX_RATE_WAIT_S = 5;

/** A fresh id for one intended action: 1-64 of A-Z a-z 0-9 _ - (a UUID's hex and dashes). */
export const newRequestID = (): string => crypto.randomUUID();

/** Call a function by name as one action: every attempt carries the same requestID, so a retry
 *  after contention, an unavailable server or a lost answer is applied at most once. */
async function call<Req extends { requestID?: string }, Res>(name: string, data: Req): Promise<Res> {
  const callable = httpsCallable<Req, Res>(functions, name);
  const action = { ...data, requestID: newRequestID() };
  for (let attempt = 1; ; attempt++) {
    try {
      return (await callable(action)).data;
    } catch (error) {
      const { code, details } = error as {
        code?: string;
        details?: { reason?: string; retryAfter?: number };
      };
      const wait = details?.reason === "RATE_LIMITED" ? details.retryAfter : undefined;
      const limited = wait !== undefined && wait <= MAX_RATE_WAIT_S;
      const retryable = limited || RETRY_REASONS.has(details?.reason ?? "") || RETRY_CODES.has(code ?? "");
      if (!retryable || attempt >= 4) throw error;
      await new Promise((resolve) => setTimeout(resolve, limited ? wait * 1000 : 150 * attempt));
    }
  }
}

// Game moves also pass `expectedVersion`: the room version the player was looking at, so a
// move made on an outdated view (or a second click) is rejected (STALE_STATE). A resend of the
// same action is told apart by its requestID instead. Lobby calls omit it: other players
// change the room all the time.

export const createGameRoom = (settings: SettingsChanges) =>
  call<CreateGameRoomRequest, CreateGameRoomAnswer>("createGameRoom", { settings });

export const joinGameRoom = (roomID: string) => call<RoomRequest, Success>("joinGameRoom", { roomID });

export const leaveGameRoom = (roomID: string) => call<RoomRequest, null>("leaveGameRoom", { roomID });

/** SPEC §16: `entropy` (1-64 characters, public) goes into the next deal's dealing as I get ready. */
export const toggleReady = (roomID: string, entropy?: string) =>
  call<ToggleReadyRequest, ToggleReadyAnswer>("toggleReady", entropy ? { roomID, entropy } : { roomID });

/** SPEC §16: the room's finished deals as PBN 2.1 text. */
export const exportDeals = async (roomID: string): Promise<ExportDealsAnswer> =>
  // It only reads: no requestID (the server refuses one), and nothing to apply twice.
  (
    await httpsCallable<ExportDealsRequest, ExportDealsAnswer>(
      functions,
      "exportDeals",
    )({ roomID, format: "pbn" })
  ).data;

/** SPEC §14: the name other players see (1-24 characters; never taken from the email). */
export const updateProfile = (displayName: string) =>
  call<UpdateProfileRequest, UpdateProfileAnswer>("updateProfile", { displayName });

/** The first deal of a match, or (between deals, SPEC §9) the next one. */
export const startGame = () => call<StartGameRequest, Success>("startGame", {});

export const inviteToRoom = (roomID: string, uid: string) =>
  call<InviteToRoomRequest, Success>("inviteToRoom", { roomID, uid });

export const updateRoomSettings = (roomID: string, settings: SettingsChanges) =>
  call<UpdateRoomSettingsRequest, Success>("updateRoomSettings", { roomID, settings });

/** SPEC §10: the host seats a bot in the next free seat (before the first deal or between deals). */
export const addBot = (roomID: string) => call<RoomRequest, AddBotAnswer>("addBot", { roomID });

export const removeBot = (roomID: string, uid: string) =>
  call<RemoveRequest, Success>("removeBot", { roomID, uid });

/** SPEC §10: once `turnDeadline` of `expectedVersion` has passed, the server moves for the idle player. */
export const claimTimeout = (roomID: string, expectedVersion: number) =>
  call<RoomRequest, Success>("claimTimeout", { roomID, expectedVersion });

/** SPEC §13: watch a room (read it, its records and its chat; never a hand), or stop. */
export const watchRoom = (roomID: string) => call<RoomRequest, Success>("watchRoom", { roomID });

export const stopWatching = (roomID: string) => call<RoomRequest, Success>("stopWatching", { roomID });

/** SPEC §13: the host removes a player or spectator, who may not come back unless invited. */
export const kickPlayer = (roomID: string, uid: string) =>
  call<RemoveRequest, Success>("kickPlayer", { roomID, uid });

/** SPEC §13: plain text, 1-500 characters; at most 5 messages in 10 seconds. */
export const sendMessage = (roomID: string, text: string) =>
  call<SendMessageRequest, SendMessageAnswer>("sendMessage", { roomID, text });

/** `alert` (SPEC §15): the caller's explanation of the call, where the room's `alerts` says calls may carry one. */
export const placeBid = (roomID: string, bid: BidCode, expectedVersion: number, alert?: string) => {
  const request: PlaceBidRequest = { roomID, bid, expectedVersion };
  if (alert) request.alert = alert;
  return call<PlaceBidRequest, null>("placeBid", request);
};

export const chooseTeammate = (roomID: string, card: CardCode, expectedVersion: number) =>
  call<CardRequest, null>("chooseTeammate", { roomID, card, expectedVersion });

export const playCard = (roomID: string, card: CardCode, expectedVersion: number) =>
  call<CardRequest, Success>("playCard", { roomID, card, expectedVersion });

/** SPEC §15: the declarer says their side takes `tricks` of the tricks left. */
export const claim = (roomID: string, tricks: number, expectedVersion: number) =>
  call<ClaimRequest, ClaimAnswer>("claim", { roomID, tricks, expectedVersion });

/** SPEC §15: take back my last call or card, once the other side agrees. */
export const requestUndo = (roomID: string, expectedVersion: number) =>
  call<RoomRequest, Success>("requestUndo", { roomID, expectedVersion });

/** SPEC §15: agree to, or refuse, the undo asked for. */
export const respondUndo = (roomID: string, accept: boolean, expectedVersion: number) =>
  call<RespondRequest, Success>("respondUndo", { roomID, accept, expectedVersion });

/** SPEC §15: an opponent of the claimer accepts or rejects the open claim. */
export const respondClaim = (roomID: string, accept: boolean, expectedVersion: number) =>
  call<RespondRequest, Success>("respondClaim", { roomID, accept, expectedVersion });

// ---- duplicate events (docs/DUPLICATE.md) ----------------------------------------------------

export const createEvent = (request: Omit<CreateEventRequest, "requestID">) =>
  call<CreateEventRequest, CreateEventAnswer>("createEvent", request);

/** A spot: pair `table` (the table it starts at) of `direction`, seat 0 (N/E) or 1 (S/W). */
export type EventSpot = Pick<EventSpotRequest, "table" | "direction" | "seat">;

export const joinEventTable = (eventID: string, spot: EventSpot) =>
  call<EventSpotRequest, Success>("joinEventTable", { eventID, ...spot });

export const addEventBot = (eventID: string, spot: EventSpot) =>
  call<EventSpotRequest, AddBotAnswer>("addEventBot", { eventID, ...spot });

export const startEvent = (eventID: string) => call<EventRequest, Success>("startEvent", { eventID });

export const leaveEvent = (eventID: string) => call<EventRequest, null>("leaveEvent", { eventID });

// ---- robot tournaments (docs/API.md "Robot tournaments") -------------------------------------

export const createTournament = (request: Omit<CreateTournamentRequest, "requestID">) =>
  call<CreateTournamentRequest, CreateTournamentAnswer>("createTournament", request);

/** My table: a room of my own, South with three bots, the first board dealt. */
export const enterTournament = (tournamentID: string) =>
  call<TournamentRequest, EnterTournamentAnswer>("enterTournament", { tournamentID });

/** A board in play is finished by a bot in my seat; the boards not started are not played. */
export const leaveTournament = (tournamentID: string) =>
  call<TournamentRequest, Success>("leaveTournament", { tournamentID });
