// Rooms I can join: the open rooms and my invitations (both live queries).

import { joinGameRoom } from "../api";
import { h } from "../dom";
import { act, type RoomEntry, type State } from "../state";
import { dealOfMatch, matchSummary } from "./match";

function roomRow({ id, room }: RoomEntry, busy: boolean): HTMLElement {
  const host = room.players.find((p) => p.uid === room.hostID)?.displayName ?? "?";
  const full = room.players.length >= 4;
  const { settings } = room;
  const rules = [
    matchSummary(settings),
    // A match that lost a player between deals is open again (SPEC §9).
    room.match.dealNumber > 0 && `match under way, after ${dealOfMatch(room).toLowerCase()}`,
    settings.playAllTricks !== undefined && (settings.playAllTricks ? "all 13 tricks" : "stop at target"),
    settings.washRule !== undefined && (settings.washRule ? "wash" : "no wash"),
  ].filter((rule) => rule !== false);
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
