// A match (SPEC §9): its settings in words, the score table and a finished deal's result.

import { h } from "../dom";
import { bidLabel } from "../display";
import type { State } from "../state";
import type { DealRecord, ResultDoc, RoomDocument, SetsSheetDoc, SettingsDoc, SheetDoc } from "../types";
import type { Scoring } from "../wire";
import { isSeated, nameAt, nameOf } from "./names";

/** Deals in a match: 1-100, or 0 for no fixed end. */
export const MAX_DEALS = 100;

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export const SCORING_LABELS: Record<Scoring, string> = {
  deals: "deals won",
  tricks: "tricks won",
  rubber: "rubber",
  chicago: "Chicago",
  duplicate: "duplicate boards",
  sets: "set points and games",
  target: "to a target score",
};

export const dealsLabel = (deals: number): string => (deals === 0 ? "no fixed end" : plural(deals, "deal"));

/** "2 deals · scoring: tricks won". */
export const matchSummary = (settings: SettingsDoc): string =>
  `${dealsLabel(settings.deals)} · scoring: ${SCORING_LABELS[settings.scoring] ?? settings.scoring}`;

/** "Deal 2 of 3", or "Deal 4 (no fixed end)". */
export function dealOfMatch(room: RoomDocument): string {
  const { dealNumber, deals } = room.match;
  return deals === 0 ? `Deal ${dealNumber} (no fixed end)` : `Deal ${dealNumber} of ${deals}`;
}

/** Points as a signed change: "+3", "+0". */
const signed = (points: number) => (points < 0 ? String(points) : `+${points}`);

/**
 * Every uid that has played a deal of the match, with their points: the seated players by
 * their names, the others as players who left. Highest score first.
 */
export function scoreTable(s: State, room: RoomDocument): HTMLElement | null {
  const match = room.match;
  if (match.dealNumber === 0) return null;
  const uid = s.user!.uid;
  const seat = (u: string) => {
    const position = room.players.findIndex((p) => p.uid === u);
    return position < 0 ? room.players.length : position;
  };
  const rows = Object.entries(match.scores).sort(
    ([a, x], [b, y]) => y - x || seat(a) - seat(b) || a.localeCompare(b),
  );
  const over = room.status === "ended";
  return h(
    "div",
    {
      class: "scores",
      "data-testid": "score-table",
      "data-deal-number": match.dealNumber,
      "data-deals": match.deals,
    },
    h("h3", {}, over ? "Final scores" : "Scores"),
    h(
      "p",
      { class: "muted", "data-testid": "match-progress" },
      `${dealOfMatch(room)} · ${SCORING_LABELS[room.settings.scoring] ?? room.settings.scoring}`,
    ),
    h(
      "table",
      {},
      h("thead", {}, h("tr", {}, h("th", {}, "Player"), h("th", { class: "num" }, "Points"))),
      h(
        "tbody",
        {},
        ...rows.map(([player, points]) =>
          h(
            "tr",
            {
              "data-testid": "score-row",
              "data-uid": player,
              "data-points": points,
              "data-seated": String(isSeated(room, player)),
              class: player === uid ? "me" : "",
            },
            h("td", { "data-testid": "score-name" }, nameOf(room, player), player === uid && " (you)"),
            h("td", { class: "num" }, points),
          ),
        ),
      ),
    ),
  );
}

const SIDES = [
  ["NS", [0, 2]],
  ["EW", [1, 3]],
] as const;

type Side = "NS" | "EW";

/** The score sheet of a fixed-partnership game, one column a side. Contract bridge (SPEC §11):
 *  each side's points above and below the line, its games, whether it is vulnerable, and its
 *  total. TigerBridge (docs/TIGER.md): set points in the set being played and game points. */
export function sheetView(room: RoomDocument): HTMLElement | null {
  const sheet = room.match.sheet;
  if (!sheet || !room.seating) return null;
  const names = (positions: readonly number[]) => positions.map((p) => nameAt(room, p)).join(" & ");
  const row = (label: string, value: (side: Side) => string | number) =>
    h("tr", {}, h("th", {}, label), ...SIDES.map(([side]) => h("td", { class: "num" }, value(side))));
  const table = (...rows: HTMLElement[]) =>
    h(
      "div",
      { class: "scores sheet", "data-testid": "score-sheet" },
      h("h3", {}, `Score sheet (${SCORING_LABELS[room.settings.scoring]})`),
      h(
        "table",
        {},
        h(
          "thead",
          {},
          h("tr", {}, h("th", {}), ...SIDES.map(([, p]) => h("th", { class: "num" }, names(p)))),
        ),
        h("tbody", {}, ...rows),
      ),
    );
  if ("setPoints" in sheet.NS) {
    const sets = sheet as SetsSheetDoc;
    return table(
      row("Set points", (side) => sets[side].setPoints),
      h(
        "tr",
        {},
        h("th", {}, "Game points"),
        ...SIDES.map(([side]) =>
          h(
            "td",
            { class: "num", "data-testid": `sheet-games-${side}`, "data-points": sets[side].gamePoints },
            sets[side].gamePoints,
          ),
        ),
      ),
    );
  }
  const contract = sheet as SheetDoc;
  return table(
    row("Above the line", (side) => contract[side].above),
    row("Below the line", (side) => contract[side].below),
    row("Games", (side) => contract[side].games),
    row("Vulnerable", (side) => (contract[side].vulnerable ? "yes" : "no")),
    h(
      "tr",
      {},
      h("th", {}, "Total"),
      ...SIDES.map(([side]) =>
        h(
          "td",
          { class: "num", "data-testid": `sheet-total-${side}`, "data-points": contract[side].total },
          contract[side].total,
        ),
      ),
    ),
  );
}

/** "NS: contract 60, overtricks 60 · EW: —". */
export function pointsByKind(points: NonNullable<ResultDoc["points"]>): string {
  return SIDES.map(([side]) => {
    const kinds = Object.entries(points[side] ?? {});
    return `${side}: ${kinds.length ? kinds.map(([kind, n]) => `${kind} ${n}`).join(", ") : "—"}`;
  }).join(" · ");
}

/** One sentence on how a deal ended. */
export function resultSummary(result: ResultDoc, name: (uid: string) => string): string {
  if (result.abandonedBy) return `${name(result.abandonedBy)} left the table: the game was abandoned.`;
  // Passed out (a duplicate board, or a Memory Bridge deal after its first half): no contract,
  // and no declarer to name.
  if (result.passedOut) return "Passed out: the deal ended without a contract.";
  const declarer = name(result.players[result.declarer!]);
  const contract = bidLabel(result.contract!);
  // As the result tells it: a declarer with no partner (`partner` null or the declarer's own
  // position, as in Memory Bridge) is named alone, and a lone defender by name.
  const alone = result.partner === null || result.partner === result.declarer;
  const side = alone ? declarer : `${declarer} and partner ${name(result.players[result.partner!])}`;
  const defenders = result.players.filter((_, p) => p !== result.declarer && p !== result.partner);
  const defence = defenders.length === 1 ? name(defenders[0]) : "The defenders";
  return result.made
    ? `${side} made ${contract} with ${result.declarerTricks} tricks.`
    : `${defence} beat ${contract}: ${result.defenderTricks} tricks against ${side}'s ${result.declarerTricks}.`;
}

/** The points each player of a deal scored, "Ann +1 · Bob +0 …", from its hand record. */
export function scoreChanges(record: DealRecord, name: (uid: string) => string): string {
  return record.players.map((uid) => `${name(uid)} ${signed(record.scoreChanges[uid] ?? 0)}`).join(" · ");
}

/** The room's last result: after a deal (`dealEnded`, or `waiting` when a player left between
 *  deals), at the end of the match, or an abandon. */
export function resultView(s: State, room: RoomDocument): HTMLElement | null {
  const result = room.result;
  if (!result) return null;
  const name = (uid: string) => nameOf(room, uid);
  const winners = [...result.winners].sort();
  const won = result.winners.includes(s.user!.uid);
  const played = result.players.includes(s.user!.uid);
  const number = room.match.dealNumber;
  const ofMatch = room.match.deals !== 1;
  // The points come with the deal's hand record (the room document has only the totals).
  const record = s.deals.find((d) => d.number === number);
  const outcome = !played ? "finished" : result.passedOut ? "passed out" : won ? "You won!" : "You lost";
  const heading = result.abandonedBy ? "Game abandoned" : `${ofMatch ? `Deal ${number}: ` : ""}${outcome}`;
  return h(
    "div",
    {
      class: "result",
      "data-testid": "result",
      "data-deal-number": number,
      "data-winners": winners.join(","),
      "data-abandoned": String(!!result.abandonedBy),
    },
    h("h3", {}, heading),
    h("p", { "data-testid": "result-summary" }, resultSummary(result, name)),
    winners.length > 0 && h("p", {}, `Winners: ${winners.map(name).join(", ")}`),
    record &&
      !result.abandonedBy &&
      h("p", { "data-testid": "result-points" }, `Points: ${scoreChanges(record, name)}`),
    result.points && h("p", { "data-testid": "result-kinds" }, pointsByKind(result.points)),
  );
}
