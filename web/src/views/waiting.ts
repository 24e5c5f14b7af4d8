// A room before its first deal, or back in `waiting` after a player left between deals:
// seats, ready flags, settings (host), start. Also the ready-and-start panel the table shows
// between deals (`dealEnded`).

import { addBot, kickPlayer, removeBot, startGame, toggleReady, updateRoomSettings } from "../api";
import { byId, h } from "../dom";
import { act, type State } from "../state";
import type { RoomDocument } from "../types";
import type { BooleanSetting, BotLevel, Scoring } from "../wire";
import { dealsLabel, MAX_DEALS, resultView, SCORING_LABELS, scoreTable } from "./match";

const SETTING_LABELS: [BooleanSetting, string][] = [
  ["inviteOnly", "Invite only"],
  ["playAllTricks", "Play all 13 tricks"],
  ["washRule", "Wash rule (redeal weak hands)"],
  ["botReplacesLeaver", "A bot takes over from a player who leaves mid-deal"],
  ["chat", "Table chat"],
  ["undo", "Players may ask to take back a call or card"],
];

/** The bots' play (setting `botLevel`). */
const BOT_LEVEL_LABELS: Record<BotLevel, string> = { basic: "basic", thinking: "thinking (stronger)" };

/** Turn timers offered (SPEC §10: 0, no timer, or 10-600 seconds). */
const TURN_SECONDS = [0, 10, 20, 30, 60, 120, 300, 600];
const turnLabel = (seconds: number) =>
  seconds === 0 ? "none" : seconds < 60 ? `${seconds} s` : `${seconds / 60} min`;

/** A select of `values` (shown as `label(value)`) with `current` selected. */
function select<T extends string | number>(
  testid: string,
  values: readonly T[],
  current: T,
  label: (value: T) => string,
  disabled: boolean,
  onchange: (value: string) => void,
): HTMLSelectElement {
  return h(
    "select",
    {
      "data-testid": testid,
      disabled,
      onchange: (event: Event) => onchange((event.target as HTMLSelectElement).value),
    },
    ...values.map((value) =>
      h("option", { value: String(value), selected: value === current }, label(value)),
    ),
  );
}

/** 1 … 100, then 0 (no fixed end). */
const DEAL_COUNTS = [...Array.from({ length: MAX_DEALS }, (_, i) => i + 1), 0];

function settingsView(roomID: string, room: RoomDocument, isHost: boolean, busy: boolean): HTMLElement {
  const settings = room.settings;
  // The variant, deals and scoring are fixed once the match's first deal is dealt.
  const matchStarted = room.match.dealNumber > 0;
  const change = (changes: Parameters<typeof updateRoomSettings>[1]) =>
    void act(() => updateRoomSettings(roomID, changes));
  return h(
    "fieldset",
    { class: "settings", "data-testid": "room-settings" },
    h("legend", {}, isHost ? "Settings" : "Settings (the host decides)"),
    // Only the settings this room's variant has (the options are per variant).
    ...SETTING_LABELS.filter(([key]) => settings[key] !== undefined).map(([key, label]) =>
      h(
        "label",
        {},
        h("input", {
          type: "checkbox",
          "data-testid": `setting-${key}`,
          checked: settings[key] === true,
          disabled: !isHost || busy,
          onchange: (event: Event) => change({ [key]: (event.target as HTMLInputElement).checked }),
        }),
        ` ${label}`,
      ),
    ),
    h(
      "label",
      { title: matchStarted ? "Fixed once the match has started" : "" },
      "Deals ",
      select("setting-deals", DEAL_COUNTS, settings.deals, dealsLabel, !isHost || busy || matchStarted, (v) =>
        change({ deals: Number(v) }),
      ),
    ),
    h(
      "label",
      { title: matchStarted ? "Fixed once the match has started" : "" },
      "Score ",
      select<Scoring>(
        "setting-scoring",
        ["deals", "tricks"],
        settings.scoring,
        (v) => SCORING_LABELS[v],
        !isHost || busy || matchStarted,
        (v) => change({ scoring: v as Scoring }),
      ),
    ),
    h(
      "label",
      { title: "After this long, any player's client has the server move for an idle player" },
      "Turn timer ",
      select(
        "setting-turnSeconds",
        // The offered times, and the room's own if another client chose a time not offered here.
        [...new Set([...TURN_SECONDS, settings.turnSeconds])].sort((a, b) => a - b),
        settings.turnSeconds,
        turnLabel,
        !isHost || busy,
        (v) => change({ turnSeconds: Number(v) }),
      ),
    ),
    h(
      "label",
      { title: "Thinking bots search the cards they cannot see double-dummy, about 100 ms a call or card" },
      "Bots ",
      select<BotLevel>(
        "setting-botLevel",
        ["basic", "thinking"],
        settings.botLevel,
        (v) => BOT_LEVEL_LABELS[v],
        !isHost || busy,
        (v) => change({ botLevel: v as BotLevel }),
      ),
    ),
  );
}

/** A duplicate event's or a robot tournament's table: it has no lobby (its event or tournament
 *  seats and replaces the players, and deals each board once every seat is ready). */
export const competitionTable = (room: RoomDocument): boolean => Boolean(room.event || room.tournament);

/** The seats with their ready flags, my ready toggle and the host's start button: before the
 *  first deal, and between deals for the next one (the same calls, SPEC §9). At an event's or a
 *  tournament's table, only the ready toggle: being ready deals the next board, from the boards
 *  dealt with the event or tournament (no entropy). */
export function readyPanel(s: State, roomID: string, room: RoomDocument): HTMLElement {
  const uid = s.user!.uid;
  const isHost = room.hostID === uid;
  const me = room.players.find((p) => p.uid === uid);
  const canStart = room.players.length === room.handSizes.length && room.players.every((p) => p.ready);
  const next = room.match.dealNumber + 1;
  const lobby = !competitionTable(room);
  return h(
    "div",
    { class: "ready-panel", "data-testid": "ready-panel" },
    h(
      "ol",
      { class: "seats", start: 0, "data-testid": "room-players" },
      ...room.players.map((p) =>
        h(
          "li",
          {
            "data-testid": "room-player",
            "data-uid": p.uid,
            "data-ready": String(p.ready),
            "data-bot": String(p.bot),
          },
          `${p.displayName}${p.uid === uid ? " (you)" : ""}${p.uid === room.hostID ? " · host" : ""} · `,
          p.bot && h("span", { class: "badge" }, "bot"),
          p.bot && " ",
          h("span", { class: p.ready ? "ready" : "muted" }, p.ready ? "ready" : "not ready"),
          p.entropy &&
            h("span", { class: "muted", "data-testid": "player-entropy" }, ` · entropy “${p.entropy}”`),
          // The host takes a bot off the table, or removes a person for good (SPEC §13).
          isHost &&
            p.uid !== uid &&
            h(
              "button",
              {
                class: "small",
                "data-testid": p.bot ? "remove-bot" : "kick-player",
                "data-uid": p.uid,
                disabled: s.busy,
                title: p.bot ? "" : "They may not come back unless you invite them",
                onclick: () => act(() => (p.bot ? removeBot(roomID, p.uid) : kickPlayer(roomID, p.uid))),
              },
              "Remove",
            ),
        ),
      ),
      ...Array.from({ length: room.handSizes.length - room.players.length }, () =>
        h("li", { class: "muted" }, "empty seat"),
      ),
    ),
    h(
      "div",
      { class: "actions" },
      // SPEC §16: my own entropy for the next deal's dealing, sent as I get ready (optional, public).
      me &&
        !me.ready &&
        lobby &&
        h("input", {
          id: "entropy",
          "data-testid": "entropy",
          maxlength: 64,
          placeholder: "your entropy (optional)",
          title:
            "Mixed into the next deal's shuffle with the server's committed seed: anyone can check the deal later",
        }),
      me &&
        h(
          "button",
          {
            "data-testid": "ready-toggle",
            disabled: s.busy,
            onclick: () =>
              act(() =>
                toggleReady(
                  roomID,
                  me.ready || !lobby ? undefined : byId<HTMLInputElement>("entropy").value.trim(),
                ),
              ),
          },
          me.ready ? "Not ready" : "I'm ready",
        ),
      isHost &&
        room.players.length < room.handSizes.length &&
        h(
          "button",
          {
            "data-testid": "add-bot",
            disabled: s.busy,
            title: "A bot plays this seat on the server: it is always ready",
            onclick: () => act(() => addBot(roomID)),
          },
          "Add bot",
        ),
      isHost &&
        lobby &&
        h(
          "button",
          {
            "data-testid": "start-game",
            disabled: s.busy || !canStart,
            title: canStart ? "" : "Needs four players, all ready",
            onclick: () => act(() => startGame()),
          },
          next === 1 ? "Start game" : `Start deal ${next}`,
        ),
    ),
  );
}

/** How many watch (SPEC §13); the room document lists their uids only. */
export function spectatorsLine(room: RoomDocument): HTMLElement | null {
  const n = room.spectators.length;
  if (n === 0) return null;
  return h("p", { class: "muted", "data-testid": "spectator-count" }, `${n} watching`);
}

/** SPEC §16: the room's commitment to the next deal's seed, to note and check against its record. */
export function commitmentLine(room: RoomDocument): HTMLElement | null {
  const next = room.nextDeal;
  return (
    next &&
    h(
      "p",
      { class: "muted", "data-testid": "next-deal-commitment", "data-commitment": next.commitment },
      `Deal ${next.number} is committed to a secret seed; its SHA-256: `,
      h("code", {}, next.commitment),
    )
  );
}

export function waitingView(s: State, roomID: string, room: RoomDocument): Node {
  const uid = s.user!.uid;
  const isHost = room.hostID === uid;
  const midMatch = room.match.dealNumber > 0;
  return h(
    "div",
    { class: "waiting", "data-testid": "waiting", "data-mid-match": String(midMatch) },
    midMatch &&
      h(
        "p",
        { class: "note", "data-testid": "regrouping" },
        `A player left after deal ${room.match.dealNumber}: the match goes on once four players sit ` +
          "and all are ready. The scores stay.",
      ),
    readyPanel(s, roomID, room),
    commitmentLine(room),
    settingsView(roomID, room, isHost, s.busy),
    room.invited.length > 0 && h("p", { class: "muted" }, `Invited: ${room.invited.join(", ")}`),
    spectatorsLine(room),
    midMatch && h("div", { class: "between-deals" }, resultView(s, room), scoreTable(s, room)),
  );
}
