// Robot tournaments (docs/API.md "Robot tournaments"): the open tournaments to enter, the one
// shown (my progress; each board I have finished with its hand record, its traveller and the
// field's results; the standings once I have finished every board) and the leaderboards. My
// table is the room panel: my account points at it.

import { enterTournament } from "../api";
import { GAME_NAMES, playedAs, POSITION_NAMES, vulnerability } from "../display";
import { h } from "../dom";
import {
  act,
  FIELD_RESULTS,
  followLeaderboard,
  followTournament,
  RATINGS_SHOWN,
  seasonOf,
  showBoard,
  update,
  type State,
  type TournamentEntry,
} from "../state";
import { millis } from "../timer";
import type { Timestamp } from "../types";
import type {
  FieldScoring,
  StandingsPage,
  TournamentBoardDocument,
  TournamentDocument,
  TournamentEntrantDocument,
  TournamentGame,
  TournamentResultDocument,
} from "../wire";
import { plural } from "./match";
import { handsView, recordView } from "./records";

/** Every entrant sits South (docs/API.md "Robot tournaments"). */
const ENTRANT_POSITION = 2;

const SCORING_NAMES: Record<FieldScoring, string> = {
  matchpoints: "matchpoints",
  imps: "IMPs across the field",
};

/** A date and time in the reader's own zone. */
const when = (t: Timestamp): string =>
  new Date(millis(t)).toLocaleString([], { dateStyle: "medium", timeStyle: "short" });

/** Whether the tournament takes entries and play now: from `opensAt`, until `closesAt`. */
const isOpen = (t: TournamentDocument): boolean =>
  !t.closed && millis(t.opensAt) <= Date.now() && Date.now() < millis(t.closesAt);

/** "Contract bridge · 8 boards · matchpoints · basic bots". */
const summary = (t: TournamentDocument): string =>
  `${GAME_NAMES[t.game]} · ${plural(t.boards, "board")} · ${SCORING_NAMES[t.scoring]} · ${t.botLevel} bots`;

/** Where it stands: when it opens or closes, or closed. */
function windowText(t: TournamentDocument): string {
  if (t.closed) return `closed ${when(t.closesAt)}: final`;
  if (Date.now() < millis(t.opensAt)) return `opens ${when(t.opensAt)}`;
  if (Date.now() < millis(t.closesAt)) return `open until ${when(t.closesAt)}`;
  return `closing (since ${when(t.closesAt)})`;
}

/** What a result or a total is worth against the field: "62.5%" or "+1.33 IMPs". */
function worth(scoring: FieldScoring, points: number): string {
  const rounded = Number(points.toFixed(2));
  return scoring === "matchpoints" ? `${rounded}%` : `${rounded > 0 ? "+" : ""}${rounded} IMPs`;
}

const signed = (score: number) => (score > 0 ? `+${score}` : String(score));

const enter = (tournamentID: string) =>
  act(async () => {
    followTournament(tournamentID);
    await enterTournament(tournamentID);
  });

// ---- the lobby: open tournaments, mine, the leaderboards ------------------------------------

function tournamentRow({ id, tournament }: TournamentEntry, busy: boolean): HTMLElement {
  return h(
    "li",
    { "data-testid": "open-tournament", "data-tournament-id": id },
    h("span", {}, `${tournament.series ?? "Friends'"} · ${summary(tournament)} · ${windowText(tournament)} `),
    h("code", { class: "muted" }, id),
    h("button", { "data-testid": "show-tournament", onclick: () => followTournament(id) }, "Show"),
    h(
      "button",
      {
        "data-testid": "enter-open-tournament",
        disabled: busy || !isOpen(tournament),
        onclick: () => enter(id),
      },
      "Enter",
    ),
  );
}

/** The tournaments anyone may enter that have not closed, soonest to close first. */
export function openTournamentsView(s: State): Node {
  if (s.openTournaments.length === 0)
    return h("p", { class: "muted" }, "No tournament is open right now: create one.");
  return h("ul", { class: "rooms" }, ...s.openTournaments.map((entry) => tournamentRow(entry, s.busy)));
}

/** The tournaments I created that were open when I last created one (`players/{uid}.tournaments`)
 * and the latest I entered (`players/{uid}.entered`). */
export function myTournamentsView(s: State): Node | null {
  const lists: [string, string[]][] = [
    ["Created by me: ", s.account?.tournaments ?? []],
    ["Entered: ", s.account?.entered ?? []],
  ];
  const shown = lists.filter(([, ids]) => ids.length > 0);
  if (shown.length === 0) return null;
  return h(
    "div",
    { "data-testid": "my-tournaments" },
    ...shown.map(([label, ids]) =>
      h(
        "p",
        {},
        label,
        ...ids.map((id) =>
          h(
            "button",
            { class: "small", "data-testid": "show-my-tournament", onclick: () => followTournament(id) },
            id,
          ),
        ),
      ),
    ),
  );
}

/** The games a tournament plays, as the create form and the leaderboards offer them. */
export const TOURNAMENT_GAMES: TournamentGame[] = ["contract", "floating"];

/** A game's leaderboard, this season's (a UTC quarter) or of all time: the best by rating. */
export function leaderboardView(s: State): HTMLElement {
  const { game, season } = s.leaderboard;
  const thisSeason = seasonOf(new Date());
  const me = s.user?.uid;
  return h(
    "div",
    { "data-testid": "leaderboard", "data-game": game, "data-season": season ?? "" },
    h(
      "p",
      { class: "row" },
      h(
        "select",
        {
          "data-testid": "leaderboard-game",
          onchange: (event: Event) =>
            followLeaderboard({ game: (event.target as HTMLSelectElement).value as TournamentGame, season }),
        },
        ...TOURNAMENT_GAMES.map((g) => h("option", { value: g, selected: g === game }, GAME_NAMES[g])),
      ),
      h(
        "select",
        {
          "data-testid": "leaderboard-season",
          onchange: (event: Event) =>
            followLeaderboard({ game, season: (event.target as HTMLSelectElement).value || null }),
        },
        h("option", { value: thisSeason, selected: season === thisSeason }, `this season (${thisSeason})`),
        h("option", { value: "", selected: season === null }, "all time"),
      ),
      h(
        "span",
        { class: "muted" },
        `the best ${RATINGS_SHOWN} by rating (μ − 3σ: a skill they beat with some 99.7 % confidence)`,
      ),
    ),
    s.ratings.length === 0
      ? h("p", { class: "muted" }, "Nobody is rated yet: ratings move when a tournament closes.")
      : h(
          "table",
          { class: "scores" },
          h(
            "thead",
            {},
            h(
              "tr",
              {},
              h("th", { class: "num" }, "#"),
              h("th", {}, "Player"),
              h("th", { class: "num" }, "Rating"),
              h("th", { class: "num" }, "Tournaments"),
            ),
          ),
          h(
            "tbody",
            {},
            ...s.ratings.map((rating, index) =>
              h(
                "tr",
                {
                  "data-testid": "rating",
                  "data-uid": rating.uid,
                  "data-ordinal": rating.ordinal,
                  class: rating.uid === me ? "me" : "",
                },
                h("td", { class: "num" }, index + 1),
                h("td", {}, rating.displayName, rating.uid === me && " (you)"),
                h(
                  "td",
                  { class: "num", title: `μ ${rating.mu.toFixed(2)}, σ ${rating.sigma.toFixed(2)}` },
                  rating.ordinal.toFixed(1),
                ),
                h("td", { class: "num" }, rating.tournaments),
              ),
            ),
          ),
        ),
  );
}

// ---- the tournament shown ----------------------------------------------------------------

function progressView(t: TournamentDocument, entrant: TournamentEntrantDocument | null): HTMLElement {
  const attrs = {
    class: "muted",
    "data-testid": "tournament-progress",
    "data-played": entrant?.played ?? "",
    "data-done": String(entrant?.done ?? false),
  };
  if (!entrant)
    return h(
      "p",
      attrs,
      isOpen(t)
        ? "Enter to play every board at a table of your own: you sit South, with three bots."
        : "You did not enter this tournament.",
    );
  const finished = `${entrant.played} of ${plural(t.boards, "board")} finished`;
  if (!entrant.done)
    return h("p", attrs, `Your table: board ${entrant.board ?? entrant.played + 1} · ${finished}`);
  return h(
    "p",
    attrs,
    entrant.played === t.boards
      ? `You have played every board.`
      : `Your table has ended: ${finished} (the others count as not played).`,
  );
}

function standingsView(s: State, t: TournamentDocument, page: StandingsPage | null): HTMLElement | null {
  const finished = s.entrant !== null && s.entrant.played === t.boards;
  if (!finished && !t.closed)
    return s.entrant && h("p", { class: "muted" }, "The standings show once you have finished every board.");
  if (!page)
    return h(
      "p",
      { class: "muted", "data-testid": "standings-pending" },
      "The standings come with the tournament clock's next run (every minute).",
    );
  const me = s.user?.uid;
  const mine = page.lines.find((line) => line.uid === me);
  return h(
    "div",
    { "data-testid": "standings", "data-final": String(page.final), "data-page": page.page },
    h("h3", {}, page.final ? "Final standings" : `Standings as of ${when(page.at)}`),
    mine &&
      h(
        "p",
        { "data-testid": "my-standing", "data-place": mine.place, "data-total": mine.total },
        h("strong", {}, `Your place: ${mine.place} of ${page.players}`),
        ` · total ${worth(t.scoring, mine.total)}`,
      ),
    h("p", { class: "muted" }, `Page ${page.page + 1} of ${page.pages} · ${plural(page.players, "player")}`),
    h(
      "table",
      { class: "scores" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { class: "num" }, "Place"),
          h("th", {}, "Player"),
          h("th", { class: "num" }, "Total"),
        ),
      ),
      h(
        "tbody",
        {},
        ...page.lines.map((line) =>
          h(
            "tr",
            { "data-testid": "standing-line", "data-uid": line.uid, class: line.uid === me ? "me" : "" },
            h("td", { class: "num" }, line.place),
            h("td", {}, line.name),
            h("td", { class: "num" }, worth(t.scoring, line.total)),
          ),
        ),
      ),
    ),
  );
}

/** The field's results on a board, each with its table's hand record to open. */
function fieldResultsView(s: State, t: TournamentDocument, board: TournamentBoardDocument): HTMLElement {
  const shown = s.fieldResults.find((result) => result.uid === s.shownResult);
  const name = (result: TournamentResultDocument) => (uid: string) =>
    uid === result.uid ? result.displayName : `${POSITION_NAMES[result.record.players.indexOf(uid)]} (bot)`;
  return h(
    "div",
    {},
    h("h4", {}, board.results > FIELD_RESULTS ? `The best ${FIELD_RESULTS} results` : "Everyone's results"),
    h(
      "table",
      { class: "scores", "data-testid": "field-results" },
      h(
        "tbody",
        {},
        ...s.fieldResults.map((result) =>
          h(
            "tr",
            {
              "data-testid": "field-result",
              "data-uid": result.uid,
              "data-score": result.score,
              class: result.uid === s.user?.uid ? "me" : "",
            },
            h("td", {}, result.displayName),
            h("td", {}, playedAs(result)),
            h("td", { class: "num" }, signed(result.score)),
            h(
              "td",
              {},
              h(
                "button",
                {
                  class: "small",
                  "data-testid": "show-field-record",
                  onclick: () => update({ shownResult: result === shown ? null : result.uid }),
                },
                result === shown ? "Hide" : "How it was played",
              ),
            ),
          ),
        ),
      ),
    ),
    shown && recordView(shown.record, name(shown), `${t.tournamentID}/${shown.uid}`),
  );
}

/** A board I may read: its heading; opened, its hands as dealt, its traveller and the field's results. */
function boardView(s: State, t: TournamentDocument, board: TournamentBoardDocument): HTMLElement {
  const open = s.shownBoard === board.number;
  return h(
    "li",
    { "data-testid": "tournament-board", "data-board": board.number, "data-results": board.results },
    h("strong", {}, `Board ${board.number}`),
    ` · dealer ${POSITION_NAMES[board.dealer]}`,
    board.vulnerable && ` · vulnerable ${vulnerability(board.vulnerable)}`,
    ` · ${plural(board.results, "result")} `,
    h(
      "button",
      {
        "data-testid": `show-board-${board.number}`,
        "aria-expanded": String(open),
        onclick: () => showBoard(open ? null : board.number),
      },
      open ? "Hide" : "Show",
    ),
    open &&
      h(
        "div",
        { class: "deal-record" },
        handsView(board.hands, (position) => ({
          name: `${POSITION_NAMES[position]}${position === ENTRANT_POSITION ? " (every entrant)" : ""}`,
          badges: board.dealer === position ? ["dealer"] : [],
        })),
        h("h4", {}, "Traveller"),
        board.traveller.length === 0
          ? h(
              "p",
              { class: "muted" },
              "The traveller comes with the tournament clock's next run (every minute).",
            )
          : h(
              "table",
              { class: "scores", "data-testid": "traveller" },
              h(
                "thead",
                {},
                h(
                  "tr",
                  {},
                  h("th", {}, "Contract"),
                  h("th", { class: "num" }, "NS score"),
                  h("th", { class: "num" }, "Times"),
                  h("th", { class: "num" }, "Worth"),
                ),
              ),
              h(
                "tbody",
                {},
                ...board.traveller.map((row) =>
                  h(
                    "tr",
                    {
                      "data-testid": "traveller-row",
                      "data-contract": row.contract ?? "",
                      "data-score": row.score,
                      "data-count": row.count,
                      "data-points": row.points,
                    },
                    h("td", {}, playedAs(row)),
                    h("td", { class: "num" }, signed(row.score)),
                    h("td", { class: "num" }, row.count),
                    h("td", { class: "num" }, worth(t.scoring, row.points)),
                  ),
                ),
              ),
            ),
        fieldResultsView(s, t, board),
      ),
  );
}

/** The tournament panel, or null when no tournament is shown. */
export function tournamentView(s: State): HTMLElement | null {
  const { tournamentID, tournament } = s;
  if (!tournamentID) return null;
  if (!tournament)
    return h(
      "p",
      { class: "muted", "data-testid": "tournament-loading" },
      `Tournament ${tournamentID}: loading…`,
    );
  return h(
    "div",
    {
      class: "event",
      "data-testid": "tournament",
      "data-tournament-id": tournamentID,
      "data-closed": String(tournament.closed),
    },
    h(
      "div",
      { class: "room-header" },
      h("h2", {}, "Robot tournament ", h("code", { "data-testid": "tournament-id" }, tournamentID)),
      h("span", { class: "muted" }, `${summary(tournament)} · ${windowText(tournament)}`),
      !s.entrant &&
        isOpen(tournament) &&
        h(
          "button",
          { "data-testid": "enter-tournament", disabled: s.busy, onclick: () => enter(tournamentID) },
          "Enter",
        ),
      h("button", { "data-testid": "close-tournament", onclick: () => followTournament(null) }, "Close"),
    ),
    progressView(tournament, s.entrant),
    standingsView(s, tournament, s.standingsPage),
    s.tournamentBoards.length > 0 &&
      h(
        "div",
        {},
        h("h3", {}, "Boards"),
        h(
          "ul",
          { class: "boards", "data-testid": "tournament-boards" },
          ...s.tournamentBoards.map((board) => boardView(s, tournament, board)),
        ),
      ),
    tournament.dealing &&
      h(
        "p",
        { class: "muted", "data-testid": "tournament-dealing" },
        "Every board is dealt from a secret seed whose SHA-256 is ",
        h("code", {}, tournament.dealing.commitment),
        tournament.dealing.seed ? "; revealed at the close, the seed is " : " (revealed at the close)",
        tournament.dealing.seed && h("code", {}, tournament.dealing.seed),
      ),
  );
}
