// A duplicate event (docs/DUPLICATE.md): its spots (join one; the director adds bots and
// starts it), the round's tables, the boards I may read with every table's result, and the
// ranking once it has ended. My own table is the room panel: my account points at it.

import { addEventBot, joinEventTable, leaveEvent, startEvent, type EventSpot } from "../api";
import { h } from "../dom";
import { act, followEvent, stopStandings, type State } from "../state";
import type { BoardDocument, EntrantDoc, EventDocument, StandingDoc } from "../types";
import { playedAs, vulnerability, POSITION_NAMES } from "../display";

const SEAT_NAMES = { NS: ["North", "South"], EW: ["East", "West"] } as const;

/** Every spot of an event, in the server's order: NS pairs, then EW pairs, seats 0 and 1. */
function spots(event: EventDocument): EventSpot[] {
  const all: EventSpot[] = [];
  for (const direction of ["NS", "EW"] as const)
    for (let table = 0; table < event.tables; table++)
      for (const seat of [0, 1]) all.push({ direction, table, seat });
  return all;
}

const entrantAt = (event: EventDocument, spot: EventSpot): EntrantDoc | undefined =>
  event.entrants.find((e) => e.direction === spot.direction && e.pair === spot.table && e.seat === spot.seat);

const spotID = (spot: EventSpot) => `${spot.direction}-${spot.table}-${spot.seat}`;

function spotsView(s: State, eventID: string, event: EventDocument): HTMLElement {
  const me = s.user?.uid;
  const mine = event.entrants.some((e) => e.uid === me);
  const waiting = event.status === "waiting";
  const directing = event.directorID === me;
  const pairLabel = (spot: EventSpot) =>
    event.form === "teams"
      ? `Table ${spot.table + 1} ${spot.direction === "NS" ? "North–South" : "East–West"}`
      : `${spot.direction} pair ${spot.table + 1}`;
  return h(
    "ul",
    { class: "spots", "data-testid": "event-spots" },
    ...spots(event).map((spot) => {
      const entrant = entrantAt(event, spot);
      return h(
        "li",
        {
          "data-testid": "event-spot",
          "data-spot": spotID(spot),
          "data-taken": String(entrant !== undefined),
        },
        `${pairLabel(spot)}, ${SEAT_NAMES[spot.direction][spot.seat]}: `,
        entrant
          ? h("strong", {}, entrant.displayName, entrant.bot ? " (bot)" : "")
          : h("span", { class: "muted" }, "free"),
        !entrant &&
          waiting &&
          !mine &&
          h(
            "button",
            {
              "data-testid": `join-spot-${spotID(spot)}`,
              disabled: s.busy,
              // The director who takes a spot may no longer read the standings: stop first.
              onclick: () =>
                act(async () => {
                  if (event.directorID === me) stopStandings();
                  await joinEventTable(eventID, spot);
                }),
            },
            "Sit here",
          ),
        !entrant &&
          waiting &&
          directing &&
          h(
            "button",
            {
              "data-testid": `bot-spot-${spotID(spot)}`,
              disabled: s.busy,
              onclick: () => act(() => addEventBot(eventID, spot)),
            },
            "Bot",
          ),
      );
    }),
  );
}

function standingsTable(lines: StandingDoc[], testid: string): HTMLElement {
  return h(
    "table",
    { class: "scores", "data-testid": testid },
    h(
      "thead",
      {},
      h("tr", {}, h("th", {}, "Place"), h("th", {}, ""), h("th", { class: "num" }, "Total"), h("th", {})),
    ),
    h(
      "tbody",
      {},
      ...lines.map((line) =>
        h(
          "tr",
          { "data-testid": "standing", "data-name": line.name, "data-total": line.total },
          h("td", {}, line.place),
          h("td", {}, line.name),
          h("td", { class: "num" }, line.total),
          h("td", { class: "num muted" }, line.percentage === null ? "" : `${line.percentage}%`),
        ),
      ),
    ),
  );
}

function boardView(event: EventDocument, board: BoardDocument, names: Map<string, string>): HTMLElement {
  const unit = event.form === "teams" ? "IMPs" : "MPs";
  return h(
    "li",
    { "data-testid": "event-board", "data-board": board.number },
    h("strong", {}, `Board ${board.number}`),
    ` · dealer ${POSITION_NAMES[board.dealer]} · vulnerable ${vulnerability(board.vulnerable)}`,
    h(
      "ul",
      {},
      ...board.results.map((result) =>
        h(
          "li",
          { "data-testid": "board-result", "data-table": result.table, "data-score": result.score },
          `Table ${result.table + 1} (${result.players.map((uid) => names.get(uid) ?? uid).join(", ")}): `,
          playedAs(result),
          `, NS ${result.score > 0 ? "+" : ""}${result.score}`,
          result.points === null ? "" : ` (${result.points} ${unit})`,
        ),
      ),
    ),
  );
}

/** The event panel, or null when no event is shown. */
export function eventView(s: State): HTMLElement | null {
  const { eventID, event } = s;
  if (!eventID) return null;
  if (!event) return h("p", { class: "muted", "data-testid": "event-loading" }, `Event ${eventID}: loading…`);
  const me = s.user?.uid;
  const mine = event.entrants.some((e) => e.uid === me);
  const directing = event.directorID === me;
  const names = new Map(event.entrants.map((e) => [e.uid, e.displayName]));
  const empty = spots(event).filter((spot) => !entrantAt(event, spot));
  const form =
    event.form === "teams"
      ? `Teams match, ${event.boards} boards`
      : `Pairs, ${event.tables} tables, ${event.boards} boards (${event.boardsPerRound} a round)`;
  const progress =
    event.status === "playing" && event.round !== null
      ? `round ${event.round + 1} of ${event.rounds}`
      : event.status;
  return h(
    "div",
    { class: "event", "data-testid": "event", "data-status": event.status, "data-event-id": eventID },
    h(
      "div",
      { class: "room-header" },
      h("h2", {}, "Duplicate event ", h("code", { "data-testid": "event-id" }, eventID)),
      h("span", { class: "muted", "data-testid": "event-status" }, `${form} · ${progress}`),
      directing &&
        event.status === "waiting" &&
        empty.length > 0 &&
        h(
          "button",
          {
            "data-testid": "fill-with-bots",
            disabled: s.busy,
            onclick: () =>
              act(async () => {
                for (const spot of empty) await addEventBot(eventID, spot);
              }),
          },
          "Fill empty spots with bots",
        ),
      directing &&
        event.status === "waiting" &&
        h(
          "button",
          {
            "data-testid": "start-event",
            disabled: s.busy || empty.length > 0,
            onclick: () => act(() => startEvent(eventID)),
          },
          "Start event",
        ),
      mine &&
        event.status !== "ended" &&
        h(
          "button",
          { "data-testid": "leave-event", disabled: s.busy, onclick: () => act(() => leaveEvent(eventID)) },
          event.status === "waiting" ? "Give up my spot" : "Leave event (a bot takes my seat)",
        ),
      h("button", { "data-testid": "close-event", onclick: () => followEvent(null) }, "Close"),
    ),
    event.status === "waiting" && spotsView(s, eventID, event),
    event.status === "playing" &&
      h(
        "p",
        { class: "muted" },
        "You see a board and its results at other tables once you have finished it yourself; the ranking when the event ends.",
      ),
    event.ranking &&
      h("div", {}, h("h3", {}, "Final ranking"), standingsTable(event.ranking, "event-ranking")),
    directing &&
      s.standings &&
      event.status !== "ended" &&
      h(
        "div",
        {},
        h("h3", {}, "Standings so far (director)"),
        standingsTable(s.standings.standings, "director-standings"),
      ),
    s.boards.length > 0 &&
      h(
        "div",
        {},
        h("h3", {}, "Boards"),
        h(
          "ul",
          { class: "boards", "data-testid": "event-boards" },
          ...s.boards.map((b) => boardView(event, b, names)),
        ),
      ),
  );
}
