// Rooms I can join: the open rooms and my invitations (both live queries).

import { joinGameRoom } from "../api";
import { h } from "../dom";
import { act, type RoomEntry, type State } from "../state";

function roomRow({ id, room }: RoomEntry, busy: boolean): HTMLElement {
  const host = room.players.find((p) => p.uid === room.hostID)?.displayName ?? "?";
  const full = room.players.length >= 4;
  const rules = [
    room.settings.playAllTricks ? "all 13 tricks" : "stop at target",
    room.settings.washRule ? "wash" : "no wash",
  ];
  return h(
    "li",
    { "data-testid": "open-room", "data-room-id": id },
    h("span", {}, `${host}'s room · ${room.players.length}/4 · ${rules.join(", ")} `),
    h("code", { class: "muted" }, id),
    h(
      "button",
      { "data-testid": "join-open-room", disabled: busy || full, onclick: () => act(() => joinGameRoom(id)) },
      full ? "Full" : "Join",
    ),
  );
}

export function openRoomsView(s: State): Node {
  if (s.openRooms.length === 0) return h("p", { class: "muted" }, "No open rooms yet: create one.");
  return h("ul", { class: "rooms" }, ...s.openRooms.map((entry) => roomRow(entry, s.busy)));
}

export function invitationsView(s: State): Node | null {
  if (s.invitations.length === 0) return null;
  return h(
    "div",
    { "data-testid": "invitations" },
    h("h3", {}, "Invitations"),
    h("ul", { class: "rooms" }, ...s.invitations.map((entry) => roomRow(entry, s.busy))),
  );
}
