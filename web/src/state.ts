// Application state, fed only by Firestore listeners (onSnapshot) and by the results of calls.
// Views render from it; nothing here writes Firestore.

import { onAuthStateChanged, type User } from "firebase/auth";
import {
  collection,
  doc,
  getDoc,
  limit,
  onSnapshot,
  orderBy,
  query,
  where,
  type Unsubscribe,
} from "firebase/firestore";
import { readableError, type ReadableError } from "./errors";
import { auth, db } from "./firebase";
import { importKey, openHand } from "./hand";
import type {
  AlertDocument,
  AlertEntry,
  BoardDocument,
  DealRecord,
  DirectorDocument,
  EventDocument,
  HandView,
  KeyDocument,
  MessageDocument,
  PlayerAccount,
  RoomDocument,
} from "./types";
import type {
  RatingDocument,
  StandingsPage,
  TournamentBoardDocument,
  TournamentDocument,
  TournamentEntrantDocument,
  TournamentGame,
  TournamentResultDocument,
} from "./wire";

export interface RoomEntry {
  id: string;
  room: RoomDocument;
}

export interface TournamentEntry {
  id: string;
  tournament: TournamentDocument;
}

/** A leaderboard: a game's ratings of one season ("2026-Q4", a UTC quarter), or of all time (null). */
export interface Leaderboard {
  game: TournamentGame;
  season: string | null;
}

export interface State {
  user: User | null;
  account: PlayerAccount | null; // players/{uid}; null until the account exists
  openRooms: RoomEntry[]; // waiting rooms anyone may join
  liveRooms: RoomEntry[]; // open rooms with a match under way: anyone may watch them
  invitations: RoomEntry[]; // waiting rooms that invited me
  watching: string | null; // the room I watch as a spectator (SPEC §13), while I sit in none
  roomID: string | null; // the room shown: the one my account points at, else the one I watch
  room: RoomDocument | null; // rooms/{roomID}
  hand: HandView | null; // sealed for me in the room document (./hand.ts): my cards, and those I may name or play
  deals: DealRecord[]; // rooms/{roomID}/deals: the finished deals' hand records, by number
  messages: MessageDocument[]; // rooms/{roomID}/messages: the table chat, oldest first
  alerts: AlertEntry[]; // rooms/{roomID}/alerts/{side}: the alerts of the auction I may read (SPEC §15)
  shownDeal: number | null; // the hand record open in the hand-record view
  eventID: string | null; // the duplicate event shown: one I created, joined or opened, or my table's
  event: EventDocument | null; // events/{eventID}
  boards: BoardDocument[]; // the event's boards I may read (I finished them, or I direct it), by number
  standings: DirectorDocument | null; // the running standings, when I direct the event
  openTournaments: TournamentEntry[]; // robot tournaments anyone may enter that have not closed
  tournamentID: string | null; // the tournament shown: one I created, entered or opened, or my table's
  tournament: TournamentDocument | null; // tournaments/{tournamentID}
  entrant: TournamentEntrantDocument | null; // my progress in it; null: I have not entered it
  tournamentBoards: TournamentBoardDocument[]; // the boards I may read (finished, or all once closed), by number
  shownBoard: number | null; // the board open in the tournament panel
  fieldResults: TournamentResultDocument[]; // the shown board's results, best first (at most FIELD_RESULTS)
  shownResult: string | null; // the entrant whose record of the shown board is open
  standingsPage: StandingsPage | null; // the standings page with my line (not entered: the first page)
  leaderboard: Leaderboard; // the leaderboard shown
  ratings: RatingDocument[]; // its top RATINGS_SHOWN, best ordinal first
  busy: boolean; // a call is in flight: actions are disabled
  error: ReadableError | null;
}

/** No tournament followed: what following another starts from. */
const noTournament = () => ({
  tournamentID: null,
  tournament: null,
  entrant: null,
  tournamentBoards: [],
  shownBoard: null,
  fieldResults: [],
  shownResult: null,
  standingsPage: null,
});

/** What a signed-out (or just signed-in) user starts from. */
const signedOut = (): Omit<State, "busy"> => ({
  user: null,
  account: null,
  openRooms: [],
  liveRooms: [],
  invitations: [],
  watching: null,
  roomID: null,
  room: null,
  hand: null,
  deals: [],
  messages: [],
  alerts: [],
  shownDeal: null,
  eventID: null,
  event: null,
  boards: [],
  standings: null,
  openTournaments: [],
  ...noTournament(),
  leaderboard: { game: "contract", season: seasonOf(new Date()) },
  ratings: [],
  error: null,
});

export const state: State = { ...signedOut(), busy: false };

const listeners: (() => void)[] = [];

/** Run `render` after every change of state. */
export function subscribe(render: () => void): void {
  listeners.push(render);
}

export function update(changes: Partial<State>): void {
  Object.assign(state, changes);
  for (const render of listeners) render();
}

/** Run one backend call: actions stay disabled until it settles, and its error is shown. */
export async function act(call: () => Promise<unknown>): Promise<void> {
  if (state.busy) return;
  update({ busy: true, error: null });
  try {
    await call();
    // An anonymous user's first successful call creates their account; the emulator can miss
    // that creation in a listener registered moments before (docs/EMULATOR.md): listen afresh.
    if (state.user && state.account === null) followAccount(state.user.uid);
  } catch (error) {
    update({ error: readableError(error) });
  } finally {
    update({ busy: false });
  }
}

let accountListener: Unsubscribe | null = null;
let userListeners: Unsubscribe[] = [];
let roomListeners: Unsubscribe[] = [];
let eventListeners: Unsubscribe[] = [];

function stop(unsubscribes: Unsubscribe[]): Unsubscribe[] {
  for (const unsubscribe of unsubscribes) unsubscribe();
  return [];
}

const showError = (error: unknown) => update({ error: readableError(error) });

/** Follow the signed-in user: their account, the open rooms, their invitations. */
export function start(): void {
  onAuthStateChanged(auth, (user) => {
    accountListener?.();
    accountListener = null;
    userListeners = stop(userListeners);
    roomListeners = stop(roomListeners);
    eventListeners = stop(eventListeners);
    stopStandings();
    stopTournament();
    leaderboardListener?.();
    leaderboardListener = null;
    update({ ...signedOut(), user });
    if (!user) return;

    followAccount(user.uid);
    followLeaderboard(state.leaderboard);
    userListeners.push(
      // The rules let anyone signed in list rooms only through a query that admits open rooms only.
      onSnapshot(
        query(
          collection(db, "rooms"),
          where("settings.inviteOnly", "==", false),
          where("status", "==", "waiting"),
        ),
        (snapshot) =>
          update({ openRooms: snapshot.docs.map((d) => ({ id: d.id, room: d.data() as RoomDocument })) }),
        showError,
      ),
      onSnapshot(
        query(
          collection(db, "rooms"),
          where("settings.inviteOnly", "==", false),
          where("status", "in", ["firstHalf", "bidding", "choosingTeammate", "playing", "dealEnded"]),
        ),
        (snapshot) =>
          update({ liveRooms: snapshot.docs.map((d) => ({ id: d.id, room: d.data() as RoomDocument })) }),
        showError,
      ),
      onSnapshot(
        query(
          collection(db, "rooms"),
          where("invited", "array-contains", user.uid),
          where("status", "==", "waiting"),
        ),
        (snapshot) =>
          update({ invitations: snapshot.docs.map((d) => ({ id: d.id, room: d.data() as RoomDocument })) }),
        showError,
      ),
      // The rules let anyone signed in list tournaments only through a query on `invited == []`.
      onSnapshot(
        query(collection(db, "tournaments"), where("invited", "==", []), where("closed", "==", false)),
        (snapshot) =>
          update({
            openTournaments: snapshot.docs
              .map((d) => ({ id: d.id, tournament: d.data() as TournamentDocument }))
              .sort((a, b) => a.tournament.closesAt.seconds - b.tournament.closesAt.seconds),
          }),
        showError,
      ),
    );
  });
}

/** Follow my account, `players/{uid}`, and through it the room I sit in. */
function followAccount(uid: string): void {
  accountListener?.();
  accountListener = onSnapshot(
    doc(db, "players", uid),
    (snapshot) => {
      const account = snapshot.exists() ? (snapshot.data() as PlayerAccount) : null;
      update({ account });
      followRoom(uid, account?.roomID ?? state.watching);
    },
    showError,
  );
}

/** The page shows a room I watch, not one I sit in. */
export const spectating = (s: State): boolean =>
  s.roomID !== null && s.roomID !== (s.account?.roomID ?? null);

/** Watch `roomID` as a spectator (null: stop); a room my account points at comes first. */
export function setWatching(roomID: string | null): void {
  update({ watching: roomID });
  if (state.user) followRoom(state.user.uid, state.account?.roomID ?? roomID);
}

/** Follow the room shown: its document, my hand in it, its hand records and its chat. */
function followRoom(uid: string, roomID: string | null): void {
  if (roomID === state.roomID) return;
  roomListeners = stop(roomListeners);
  update({ roomID, room: null, hand: null, deals: [], messages: [], alerts: [], shownDeal: null });
  if (!roomID) return;

  // Once I leave (or am removed from) an invite-only room I may no longer read it: that error
  // just means "gone", and clears what the listener fed.
  const unreadable = (cleared: Partial<State>) => (error: { code?: string }) => {
    if (error.code === "permission-denied") update(cleared);
    else showError(error);
  };
  const gone = unreadable({ room: null, hand: null, deals: [], messages: [] });
  // My hand is sealed in the room document for me (./hand.ts): each room snapshot is shown with
  // the hand it carries, opened first, so the hand always matches the table. My key is the same
  // whenever I am dealt in at this room.
  let key: CryptoKey | null = null;
  let latest: RoomDocument | null = null;
  let shown = 0; // the last snapshot opened: an older one that opens later is dropped
  // A room stored before hands were sealed has no `sealedHands` until its next change: my hand is
  // then my hand document (docs/API.md "Your hand"; none is left a day after the deploy).
  let legacyHand: HandView | null = null;
  let legacy: Unsubscribe | null = null;
  const show = async (room: RoomDocument | null) => {
    const mine = ++shown;
    latest = room;
    const sealed = room !== null && "sealedHands" in room;
    if (room && !sealed && !legacy) {
      legacy = onSnapshot(
        doc(db, "rooms", roomID, "hands", uid),
        (snapshot) => {
          legacyHand = snapshot.exists() ? (snapshot.data() as HandView) : null;
          show(latest).catch(showError);
        },
        gone,
      );
      roomListeners.push(legacy);
    }
    const hand = !room ? null : sealed ? await openHand(room, uid, key) : legacyHand;
    if (mine === shown) update({ room, hand });
  };
  roomListeners.push(
    onSnapshot(
      doc(db, "rooms", roomID),
      (snapshot) => {
        const room = snapshot.exists() ? (snapshot.data() as RoomDocument) : null;
        show(room).catch(showError);
        if (room) readAlerts(uid, roomID, room);
        // A duplicate event's or a tournament's table: follow its event or tournament too.
        if (room?.event) followEvent(room.event.eventID);
        if (room?.tournament) followTournament(room.tournament.tournamentID);
      },
      gone,
    ),
    onSnapshot(
      doc(db, "rooms", roomID, "keys", uid),
      (snapshot) => {
        const opened = snapshot.exists()
          ? importKey((snapshot.data() as KeyDocument).key)
          : Promise.resolve(null);
        opened
          .then((imported) => {
            key = imported;
            return show(latest);
          })
          .catch(showError);
      },
      gone,
    ),
    // The rules let whoever may read the room list its deal records (SPEC §9); each is written
    // in the transaction that finishes its deal, so a listed deal is always a finished one.
    onSnapshot(
      query(collection(db, "rooms", roomID, "deals"), orderBy("number")),
      (snapshot) => update({ deals: snapshot.docs.map((d) => d.data() as DealRecord) }),
      unreadable({ deals: [] }),
    ),
    // The chat is readable by whoever may read the room (SPEC §13); the server keeps the last 100.
    onSnapshot(
      query(collection(db, "rooms", roomID, "messages"), orderBy("at")),
      (snapshot) => update({ messages: snapshot.docs.map((d) => d.data() as MessageDocument) }),
      unreadable({ messages: [] }),
    ),
  );
}

let alertsRead = "";

/** Read the alerts of the auction the rules let me read (SPEC §15): during it the other side's
 *  (a spectator: both sides'), once it is over both. The room tells whether its deal's calls may
 *  carry alerts and so whether there are alert documents (`alerts`). Read once per call rather
 *  than followed: my own side's document is refused to me until the auction ends, and in the
 *  emulator a refused listener can make the other listeners miss changes (docs/EMULATOR.md). */
function readAlerts(uid: string, roomID: string, room: RoomDocument): void {
  if (!room.alerts || !room.seating) {
    if (state.alerts.length) update({ alerts: [] });
    return;
  }
  const over = room.status !== "bidding";
  const key = `${roomID}:${room.match.dealNumber}:${room.bids.length}:${over}`;
  if (key === alertsRead) return;
  alertsRead = key;
  const me = room.seating.indexOf(uid);
  const sides = (["NS", "EW"] as const).filter(
    (side) => over || me < 0 || (side === "NS") !== (me % 2 === 0),
  );
  void Promise.all(
    sides.map((side) => getDoc(doc(db, "rooms", roomID, "alerts", side)).catch(() => null)),
  ).then((snapshots) => {
    if (alertsRead !== key) return; // a newer read is under way
    const alerts = snapshots
      .flatMap((snapshot) => (snapshot?.exists() ? (snapshot.data() as AlertDocument).alerts : []))
      .sort((a, b) => a.call - b.call);
    update({ alerts });
  });
}

let standingsListener: Unsubscribe | null = null;

/** Stop listening to the director's standings. Called before a call that makes the rules refuse
 *  that listener (the director taking a spot): in the emulator, a listener the rules come to
 *  refuse makes the client's other listeners miss changes (docs/EMULATOR.md). */
export function stopStandings(): void {
  standingsListener?.();
  standingsListener = null;
}

/** Follow a duplicate event (docs/DUPLICATE.md): its document, the boards I may read (the rules
 *  admit only a query on my own readership), and, while I direct it without playing, the
 *  running standings. */
export function followEvent(eventID: string | null): void {
  const uid = state.user?.uid;
  if (eventID === state.eventID || !uid) return;
  eventListeners = stop(eventListeners);
  stopStandings();
  update({ eventID, event: null, boards: [], standings: null });
  if (!eventID) return;
  eventListeners.push(
    onSnapshot(
      doc(db, "events", eventID),
      (snapshot) => {
        const event = snapshot.exists() ? (snapshot.data() as EventDocument) : null;
        update({ event });
        const observer = event !== null && event.directorID === uid && !event.memberIDs.includes(uid);
        if (!observer) stopStandings();
        else if (!standingsListener)
          standingsListener = onSnapshot(
            doc(db, "events", eventID, "director", "standings"),
            (standings) =>
              update({ standings: standings.exists() ? (standings.data() as DirectorDocument) : null }),
            showError,
          );
      },
      showError,
    ),
    onSnapshot(
      query(collection(db, "events", eventID, "boards"), where("readers", "array-contains", uid)),
      (snapshot) =>
        update({
          boards: snapshot.docs.map((d) => d.data() as BoardDocument).sort((a, b) => a.number - b.number),
        }),
      showError,
    ),
  );
}

// ---- robot tournaments and leaderboards (docs/API.md "Robot tournaments") -------------------

/** The field's results listed for a board: the best this many. */
export const FIELD_RESULTS = 50;
/** A leaderboard's length. */
export const RATINGS_SHOWN = 50;

/** The leaderboards' season of an instant: its calendar quarter in UTC, e.g. "2026-Q4". */
export function seasonOf(when: Date): string {
  return `${when.getUTCFullYear()}-Q${Math.floor(when.getUTCMonth() / 3) + 1}`;
}

let tournamentListeners: Unsubscribe[] = [];
let boardListeners: Unsubscribe[] = []; // board n's at index n − 1: boards become readable in order
let resultsListener: Unsubscribe | null = null;
let standingsPageListener: Unsubscribe | null = null;
let entrantRead = false; // whether the entrant listener has answered: `entrant` null means "not entered"
let leaderboardListener: Unsubscribe | null = null;

function stopTournament(): void {
  tournamentListeners = stop(tournamentListeners);
  boardListeners = stop(boardListeners);
  resultsListener?.();
  resultsListener = null;
  standingsPageListener?.();
  standingsPageListener = null;
  entrantRead = false;
}

/** Follow a robot tournament: its document, my progress in it (`entrants/{uid}`, read as missing
 *  until I enter), and what the rules come to let me read. */
export function followTournament(tournamentID: string | null): void {
  const uid = state.user?.uid;
  if (tournamentID === state.tournamentID || !uid) return;
  stopTournament();
  update({ ...noTournament(), tournamentID });
  if (!tournamentID) return;
  tournamentListeners.push(
    onSnapshot(
      doc(db, "tournaments", tournamentID),
      (snapshot) => {
        update({ tournament: snapshot.exists() ? (snapshot.data() as TournamentDocument) : null });
        followReadable(uid, tournamentID);
      },
      showError,
    ),
    onSnapshot(
      doc(db, "tournaments", tournamentID, "entrants", uid),
      (snapshot) => {
        entrantRead = true;
        update({ entrant: snapshot.exists() ? (snapshot.data() as TournamentEntrantDocument) : null });
        followReadable(uid, tournamentID);
      },
      showError,
    ),
  );
}

/** Listen to what the rules have come to let me read, once each: the boards I have finished (every
 *  board once closed), and the standings once I have finished every board (anyone's once closed):
 *  my own page, or the first if I did not enter. Never a listener the rules refuse: in the
 *  emulator one makes the client's other listeners miss changes (docs/EMULATOR.md). */
function followReadable(uid: string, tournamentID: string): void {
  const { tournament, entrant } = state;
  if (!tournament || !entrantRead) return;
  const readable = tournament.closed ? tournament.boards : (entrant?.played ?? 0);
  for (let n = boardListeners.length + 1; n <= readable; n++)
    boardListeners.push(
      onSnapshot(
        doc(db, "tournaments", tournamentID, "boards", String(n)),
        (snapshot) => {
          if (!snapshot.exists()) return;
          const board = snapshot.data() as TournamentBoardDocument;
          const others = state.tournamentBoards.filter((b) => b.number !== board.number);
          update({ tournamentBoards: [...others, board].sort((a, b) => a.number - b.number) });
        },
        showError,
      ),
    );
  const finished = entrant !== null && entrant.played === tournament.boards;
  if (standingsPageListener || !(finished || tournament.closed)) return;
  const standings = collection(db, "tournaments", tournamentID, "standings");
  standingsPageListener = entrant
    ? onSnapshot(
        query(standings, where("uids", "array-contains", uid)),
        (snapshot) =>
          update({ standingsPage: snapshot.empty ? null : (snapshot.docs[0].data() as StandingsPage) }),
        showError,
      )
    : onSnapshot(
        doc(standings, "0"),
        (snapshot) =>
          update({ standingsPage: snapshot.exists() ? (snapshot.data() as StandingsPage) : null }),
        showError,
      );
}

/** Open board `number` of the tournament shown (null: close it), with the field's best results on it. */
export function showBoard(number: number | null): void {
  resultsListener?.();
  resultsListener = null;
  update({ shownBoard: number, fieldResults: [], shownResult: null });
  const tournamentID = state.tournamentID;
  if (number === null || !tournamentID) return;
  resultsListener = onSnapshot(
    query(
      collection(db, "tournaments", tournamentID, "boards", String(number), "results"),
      orderBy("score", "desc"),
      limit(FIELD_RESULTS),
    ),
    (snapshot) => update({ fieldResults: snapshot.docs.map((d) => d.data() as TournamentResultDocument) }),
    showError,
  );
}

/** Show a leaderboard: its best RATINGS_SHOWN by `ordinal`, the conservative estimate it sorts by. */
export function followLeaderboard(leaderboard: Leaderboard): void {
  leaderboardListener?.();
  update({ leaderboard, ratings: [] });
  const board = leaderboard.season ? `${leaderboard.game}-${leaderboard.season}` : leaderboard.game;
  leaderboardListener = onSnapshot(
    query(collection(db, "ratings", board, "players"), orderBy("ordinal", "desc"), limit(RATINGS_SHOWN)),
    (snapshot) => update({ ratings: snapshot.docs.map((d) => d.data() as RatingDocument) }),
    showError,
  );
}
