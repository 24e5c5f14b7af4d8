// Rooms I can join or watch: the open rooms, the open matches under way, and my invitations
// (live queries).

import { joinGameRoom, watchRoom } from "../api";
import { GAME_NAMES } from "../display";
import { h } from "../dom";
import { act, setWatching, type RoomEntry, type State } from "../state";
import { dealOfMatch, matchSummary } from "./match";

/** Watch a room (SPEC §13): the server lists me as a spectator, then the page follows it. */
const watch = (id: string) =>
  act(async () => {
    await watchRoom(id);
    setWatching(id);
  });

function roomRow({ id, room }: RoomEntry, busy: boolean): HTMLElement {
  const host = room.players.find((p) => p.uid === room.hostID)?.displayName ?? "?";
  const seats = room.handSizes.length;
  const full = room.players.length >= seats;
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
    h(
      "span",
      {},
      `${GAME_NAMES[settings.variant]} · ${host}'s room · ${room.players.length}/${seats} · ${rules.join(", ")} `,
    ),
    h("code", { class: "muted" }, id),
    h(
      "button",
      { "data-testid": "join-open-room", disabled: busy || full, onclick: () => act(() => joinGameRoom(id)) },
      full ? "Full" : "Join",
    ),
    h("button", { "data-testid": "watch-room", disabled: busy, onclick: () => watch(id) }, "Watch"),
  );
}

function liveRow({ id, room }: RoomEntry, busy: boolean): HTMLElement {
  const names = room.players.map((p) => p.displayName).join(", ");
  return h(
    "li",
    { "data-testid": "live-room", "data-room-id": id },
    h("span", {}, `${GAME_NAMES[room.settings.variant]} · ${dealOfMatch(room)} · ${room.status} · ${names} `),
    h("code", { class: "muted" }, id),
    h("button", { "data-testid": "watch-room", disabled: busy, onclick: () => watch(id) }, "Watch"),
  );
}

/** Open rooms whose match is under way: anyone signed in may watch them. */
export function liveRoomsView(s: State): Node {
  if (s.liveRooms.length === 0) return h("p", { class: "muted" }, "No games in play right now.");
  return h("ul", { class: "rooms" }, ...s.liveRooms.map((entry) => liveRow(entry, s.busy)));
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
