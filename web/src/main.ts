// Entry point: binds the static forms of index.html to calls, and renders state into the page.

import {
  createUserWithEmailAndPassword,
  signInAnonymously,
  signInWithEmailAndPassword,
  signOut,
} from "firebase/auth";
import { createGameRoom, inviteToRoom, joinGameRoom, leaveGameRoom, updateProfile } from "./api";
import { byId, h } from "./dom";
import { auth } from "./firebase";
import { act, start, state, subscribe, type State } from "./state";
import type { Settings } from "./types";
import { accountView } from "./views/account";
import { invitationsView, openRoomsView } from "./views/lobby";
import { tableView } from "./views/table";
import { waitingView } from "./views/waiting";
import "./style.css";

// ---- actions from the static forms ------------------------------------------------------

const field = (id: string) => byId<HTMLInputElement>(id);

byId("anonymous").addEventListener("click", () => act(() => signInAnonymously(auth)));
byId("email-form").addEventListener("submit", (event) => {
  event.preventDefault();
  void act(() => signInWithEmailAndPassword(auth, field("email").value, field("password").value));
});
byId("sign-up").addEventListener("click", () =>
  act(() => createUserWithEmailAndPassword(auth, field("email").value, field("password").value)),
);
byId("sign-out").addEventListener("click", () => act(() => signOut(auth)));
byId("name-form").addEventListener("submit", (event) => {
  event.preventDefault();
  void act(async () => {
    await updateProfile(field("display-name").value);
    field("display-name").value = "";
  });
});

byId<HTMLFormElement>("create-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const form = event.target as HTMLFormElement;
  const checked = (name: keyof Settings) => (form.elements.namedItem(name) as HTMLInputElement).checked;
  const settings: Settings = {
    inviteOnly: checked("inviteOnly"),
    playAllTricks: checked("playAllTricks"),
    washRule: checked("washRule"),
  };
  void act(() => createGameRoom(settings));
});
byId("join-form").addEventListener("submit", (event) => {
  event.preventDefault();
  void act(() => joinGameRoom(field("join-id").value.trim()));
});
byId("invite-form").addEventListener("submit", (event) => {
  event.preventDefault();
  void act(async () => {
    await inviteToRoom(state.roomID!, field("invite-uid").value.trim());
    field("invite-uid").value = "";
  });
});
byId("leave").addEventListener("click", () => act(() => leaveGameRoom(state.roomID!)));

// ---- rendering ----------------------------------------------------------------------------

function render(s: State): void {
  const signedIn = s.user !== null;
  const room = s.room;
  const atTable = s.roomID !== null;
  const gameOver = room?.status === "ended";

  byId("sign-in").hidden = signedIn;
  byId("sign-out").hidden = !signedIn;
  byId("name-form").hidden = !signedIn;
  byId("account").hidden = !signedIn;
  byId("account").replaceChildren(...(signedIn ? [accountView(s)] : []));

  const error = byId("error");
  error.hidden = s.error === null;
  error.dataset.reason = s.error?.reason ?? "";
  error.replaceChildren(
    ...(s.error
      ? [
          h("strong", {}, s.error.text),
          h("span", { class: "detail" }, s.error.detail ?? "", ` · ${s.error.reason}`),
        ]
      : []),
  );

  byId("lobby").hidden = !signedIn || (atTable && !gameOver);
  byId("open-rooms").replaceChildren(openRoomsView(s));
  byId("invitations").replaceChildren(...[invitationsView(s)].filter((n) => n !== null));

  byId("room").hidden = !signedIn || !atTable;
  byId("room-id").textContent = s.roomID ?? "";
  byId("room-status").textContent = room ? room.status : "loading…";
  const leave = byId<HTMLButtonElement>("leave");
  leave.disabled = s.busy || !room;
  leave.textContent = gameOver
    ? "Leave table"
    : room?.status === "waiting" || !room
      ? "Leave room"
      : "Leave (abandons the game)";
  byId("invite-form").hidden = !(room?.status === "waiting" && room.hostID === s.user?.uid);

  const roomBody = [];
  if (room && s.roomID)
    roomBody.push(room.status === "waiting" ? waitingView(s, s.roomID, room) : tableView(s, s.roomID, room));
  byId("room-body").replaceChildren(...roomBody);
  for (const button of document.querySelectorAll<HTMLButtonElement>("form button, #anonymous"))
    button.disabled = s.busy;
}

subscribe(() => render(state));
render(state);
start();
