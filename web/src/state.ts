// Application state, fed only by Firestore listeners (onSnapshot) and by the results of calls.
// Views render from it; nothing here writes Firestore.

import { onAuthStateChanged, type User } from "firebase/auth";
import { collection, doc, onSnapshot, orderBy, query, where, type Unsubscribe } from "firebase/firestore";
import { readableError, type ReadableError } from "./errors";
import { auth, db } from "./firebase";
import type { DealRecord, HandDocument, PlayerAccount, RoomDocument } from "./types";
import type { CardCode } from "./wire";

export interface RoomEntry {
  id: string;
  room: RoomDocument;
}

export interface State {
  user: User | null;
  account: PlayerAccount | null; // players/{uid}; null until the account exists
  openRooms: RoomEntry[]; // waiting rooms anyone may join
  invitations: RoomEntry[]; // waiting rooms that invited me
  roomID: string | null; // the room my account points at
  room: RoomDocument | null; // rooms/{roomID}
  hand: CardCode[] | null; // rooms/{roomID}/hands/{uid}
  deals: DealRecord[]; // rooms/{roomID}/deals: the finished deals' hand records, by number
  shownDeal: number | null; // the hand record open in the hand-record view
  busy: boolean; // a call is in flight: actions are disabled
  error: ReadableError | null;
}

/** What a signed-out (or just signed-in) user starts from. */
const signedOut = (): Omit<State, "busy"> => ({
  user: null,
  account: null,
  openRooms: [],
  invitations: [],
  roomID: null,
  room: null,
  hand: null,
  deals: [],
  shownDeal: null,
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
  } catch (error) {
    update({ error: readableError(error) });
  } finally {
    update({ busy: false });
  }
}

let userListeners: Unsubscribe[] = [];
let roomListeners: Unsubscribe[] = [];

function stop(unsubscribes: Unsubscribe[]): Unsubscribe[] {
  for (const unsubscribe of unsubscribes) unsubscribe();
  return [];
}

const showError = (error: unknown) => update({ error: readableError(error) });

/** Follow the signed-in user: their account, the open rooms, their invitations. */
export function start(): void {
  onAuthStateChanged(auth, (user) => {
    userListeners = stop(userListeners);
    roomListeners = stop(roomListeners);
    update({ ...signedOut(), user });
    if (!user) return;

    userListeners.push(
      onSnapshot(
        doc(db, "players", user.uid),
        (snapshot) => {
          const account = snapshot.exists() ? (snapshot.data() as PlayerAccount) : null;
          update({ account });
          followRoom(user.uid, account?.roomID ?? null);
        },
        showError,
      ),
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
          where("invited", "array-contains", user.uid),
          where("status", "==", "waiting"),
        ),
        (snapshot) =>
          update({ invitations: snapshot.docs.map((d) => ({ id: d.id, room: d.data() as RoomDocument })) }),
        showError,
      ),
    );
  });
}

/** Follow the room my account points at, my hand in it, and its hand records. */
function followRoom(uid: string, roomID: string | null): void {
  if (roomID === state.roomID) return;
  roomListeners = stop(roomListeners);
  update({ roomID, room: null, hand: null, deals: [], shownDeal: null });
  if (!roomID) return;

  // Once I leave an invite-only room I may no longer read it: that error just means "gone".
  const gone = (error: { code?: string }) => {
    if (error.code === "permission-denied") update({ room: null, hand: null, deals: [] });
    else showError(error);
  };
  const noRecords = (error: { code?: string }) => {
    if (error.code === "permission-denied") update({ deals: [] });
    else showError(error);
  };
  roomListeners.push(
    onSnapshot(
      doc(db, "rooms", roomID),
      (snapshot) => {
        const room = snapshot.exists() ? (snapshot.data() as RoomDocument) : null;
        update({ room });
      },
      gone,
    ),
    onSnapshot(
      doc(db, "rooms", roomID, "hands", uid),
      (snapshot) => update({ hand: snapshot.exists() ? (snapshot.data() as HandDocument).cards : null }),
      gone,
    ),
    // The rules let whoever may read the room list its deal records (SPEC §9); each is written
    // in the transaction that finishes its deal, so a listed deal is always a finished one.
    onSnapshot(
      query(collection(db, "rooms", roomID, "deals"), orderBy("number")),
      (snapshot) => update({ deals: snapshot.docs.map((d) => d.data() as DealRecord) }),
      noRecords,
    ),
  );
}
