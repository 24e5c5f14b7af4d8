// A room before its game: seats, ready flags, settings (host), invitations (host), start.

import { startGame, toggleReady, updateRoomSettings } from "../api";
import { h } from "../dom";
import { act, type State } from "../state";
import type { Room, Settings } from "../types";

const SETTING_LABELS: [keyof Settings, string][] = [
  ["inviteOnly", "Invite only"],
  ["playAllTricks", "Play all 13 tricks"],
  ["washRule", "Wash rule (redeal weak hands)"],
];

function settingsView(roomID: string, room: Room, isHost: boolean, busy: boolean): HTMLElement {
  return h(
    "fieldset",
    { class: "settings", "data-testid": "room-settings" },
    h("legend", {}, isHost ? "Settings" : "Settings (the host decides)"),
    ...SETTING_LABELS.map(([key, label]) =>
      h(
        "label",
        {},
        h("input", {
          type: "checkbox",
          "data-testid": `setting-${key}`,
          checked: room.settings[key],
          disabled: !isHost || busy,
          onchange: (event: Event) => {
            const value = (event.target as HTMLInputElement).checked;
            void act(() => updateRoomSettings(roomID, { [key]: value }));
          },
        }),
        ` ${label}`,
      ),
    ),
  );
}

export function waitingView(s: State, roomID: string, room: Room): Node {
  const uid = s.user!.uid;
  const isHost = room.hostID === uid;
  const me = room.players.find((p) => p.uid === uid);
  const canStart = room.players.length === 4 && room.players.every((p) => p.ready);
  return h(
    "div",
    { class: "waiting" },
    h(
      "ol",
      { class: "seats", start: 0, "data-testid": "room-players" },
      ...room.players.map((p) =>
        h(
          "li",
          { "data-testid": "room-player", "data-uid": p.uid, "data-ready": String(p.ready) },
          `${p.displayName}${p.uid === uid ? " (you)" : ""}${p.uid === room.hostID ? " · host" : ""} · `,
          h("span", { class: p.ready ? "ready" : "muted" }, p.ready ? "ready" : "not ready"),
        ),
      ),
      ...Array.from({ length: 4 - room.players.length }, () => h("li", { class: "muted" }, "empty seat")),
    ),
    h(
      "div",
      { class: "actions" },
      h(
        "button",
        {
          "data-testid": "ready-toggle",
          disabled: s.busy || !me,
          onclick: () => act(() => toggleReady(roomID)),
        },
        me?.ready ? "Not ready" : "I'm ready",
      ),
      isHost &&
        h(
          "button",
          {
            "data-testid": "start-game",
            disabled: s.busy || !canStart,
            title: canStart ? "" : "Needs four players, all ready",
            onclick: () => act(() => startGame()),
          },
          "Start game",
        ),
    ),
    settingsView(roomID, room, isHost, s.busy),
    room.invited.length > 0 && h("p", { class: "muted" }, `Invited: ${room.invited.join(", ")}`),
  );
}
