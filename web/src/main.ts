// Entry point: binds the static forms of index.html to calls, and renders state into the page.

import {
  createUserWithEmailAndPassword,
  signInAnonymously,
  signInWithEmailAndPassword,
  signOut,
} from "firebase/auth";
import {
  createEvent,
  createGameRoom,
  createTournament,
  inviteToRoom,
  joinGameRoom,
  leaveEvent,
  leaveGameRoom,
  leaveTournament,
  sendMessage,
  stopWatching,
  updateProfile,
} from "./api";
import { GAME_NAMES } from "./display";
import { byId, h } from "./dom";
import { auth } from "./firebase";
import {
  act,
  followEvent,
  followTournament,
  setWatching,
  spectating,
  start,
  state,
  subscribe,
  type State,
} from "./state";
import { startTurnTimer } from "./timer";
import type { SettingsChanges } from "./types";
import type { BooleanSetting, BotLevel, FieldScoring, Scoring, TournamentGame } from "./wire";
import { accountView } from "./views/account";
import { chatView } from "./views/chat";
import { eventView } from "./views/event";
import { invitationsView, liveRoomsView, openRoomsView } from "./views/lobby";
import { dealRecordsView } from "./views/records";
import { tableView } from "./views/table";
import {
  leaderboardView,
  myTournamentsView,
  openTournamentsView,
  TOURNAMENT_GAMES,
  tournamentView,
} from "./views/tournament";
import { competitionTable, waitingView } from "./views/waiting";
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

// The number of deals is 1-100 (the input's own bounds), or 0 with "no fixed end".
const createForm = byId<HTMLFormElement>("create-form");
const createField = <T extends HTMLElement = HTMLInputElement>(name: string) =>
  createForm.elements.namedItem(name) as unknown as T;
createField("endless").addEventListener("change", () => {
  createField("deals").disabled = createField("endless").checked;
});
// Each game shows its own settings (`data-variant` on their labels).
const variantField = createField<HTMLSelectElement>("variant");
variantField.replaceChildren(
  ...Object.entries(GAME_NAMES).map(([variant, name]) => h("option", { value: variant }, name)),
);
variantField.addEventListener("change", () => {
  for (const label of createForm.querySelectorAll<HTMLElement>("[data-variant]"))
    label.hidden = label.dataset.variant !== variantField.value;
});
createForm.addEventListener("submit", (event) => {
  event.preventDefault();
  const checked = (name: BooleanSetting) => createField(name).checked;
  // Contract bridge and TigerBridge: their sheets end the match (no `deals`); contract bridge is
  // scored as a rubber or a Chicago, TigerBridge by sets (its one scoring, the default).
  const byVariant: Record<string, SettingsChanges> = {
    contract: {
      variant: "contract",
      inviteOnly: checked("inviteOnly"),
      honours: checked("honours"),
      scoring: createField<HTMLSelectElement>("form").value as Scoring,
    },
    tiger: { variant: "tiger", inviteOnly: checked("inviteOnly") },
    memory: {
      variant: "memory",
      inviteOnly: checked("inviteOnly"),
      targetScore: createField("targetScore").valueAsNumber,
    },
    floating: {
      inviteOnly: checked("inviteOnly"),
      playAllTricks: checked("playAllTricks"),
      washRule: checked("washRule"),
      deals: createField("endless").checked ? 0 : createField("deals").valueAsNumber,
      scoring: createField<HTMLSelectElement>("scoring").value as Scoring,
    },
  };
  const settings = byVariant[variantField.value];
  void act(() => createGameRoom(settings));
});
// A duplicate event: pairs events also take their tables and boards a round (boards = their product).
const eventForm = byId<HTMLFormElement>("event-form");
const eventField = <T extends HTMLElement = HTMLInputElement>(name: string) =>
  eventForm.elements.namedItem(name) as unknown as T;
const pairsEvent = () => eventField<HTMLSelectElement>("form").value === "pairs";
const syncEventForm = () => {
  for (const label of eventForm.querySelectorAll<HTMLElement>("[data-form]")) label.hidden = !pairsEvent();
  if (pairsEvent())
    eventField("boards").valueAsNumber =
      eventField("tables").valueAsNumber * eventField("boardsPerRound").valueAsNumber;
  eventField("boards").readOnly = pairsEvent();
};
for (const name of ["form", "tables", "boardsPerRound"])
  eventField(name).addEventListener("change", syncEventForm);
eventForm.addEventListener("submit", (event) => {
  event.preventDefault();
  const boards = eventField("boards").valueAsNumber;
  const botLevel = eventField<HTMLSelectElement>("botLevel").value as BotLevel;
  void act(async () => {
    const { eventID } = await createEvent(
      pairsEvent()
        ? {
            form: "pairs",
            boards,
            tables: eventField("tables").valueAsNumber,
            boardsPerRound: eventField("boardsPerRound").valueAsNumber,
            botLevel,
          }
        : { form: "teams", boards, botLevel },
    );
    followEvent(eventID);
  });
});
byId("open-event-form").addEventListener("submit", (event) => {
  event.preventDefault();
  followEvent(field("open-event-id").value.trim() || null);
});
// A robot tournament for friends: open to anyone signed in, or to the uids invited (and me).
const tournamentForm = byId<HTMLFormElement>("tournament-form");
const tournamentField = <T extends HTMLElement = HTMLInputElement>(name: string) =>
  tournamentForm.elements.namedItem(name) as unknown as T;
tournamentField<HTMLSelectElement>("game").replaceChildren(
  ...TOURNAMENT_GAMES.map((game) => h("option", { value: game }, GAME_NAMES[game])),
);
tournamentForm.addEventListener("submit", (event) => {
  event.preventDefault();
  const invited = tournamentField("invited")
    .value.split(/[\s,]+/)
    .filter(Boolean);
  void act(async () => {
    const { tournamentID } = await createTournament({
      game: tournamentField<HTMLSelectElement>("game").value as TournamentGame,
      scoring: tournamentField<HTMLSelectElement>("scoring").value as FieldScoring,
      boards: tournamentField("boards").valueAsNumber,
      minutes: tournamentField("minutes").valueAsNumber,
      botLevel: tournamentField<HTMLSelectElement>("botLevel").value as BotLevel,
      ...(invited.length > 0 && { invited }),
    });
    followTournament(tournamentID);
  });
});
byId("open-tournament-form").addEventListener("submit", (event) => {
  event.preventDefault();
  followTournament(field("open-tournament-id").value.trim() || null);
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
byId("leave").addEventListener("click", () =>
  act(async () => {
    // A duplicate event's table has no lobby: leaving it is leaving the event (a bot sits down).
    if (state.room?.event) return void (await leaveEvent(state.room.event.eventID));
    // A tournament's table likewise: leaving it ends my entry (a bot finishes the board in play).
    if (state.room?.tournament) return void (await leaveTournament(state.room.tournament.tournamentID));
    if (!spectating(state)) return void (await leaveGameRoom(state.roomID!));
    await stopWatching(state.roomID!);
    setWatching(null);
  }),
);
byId("chat-form").addEventListener("submit", (event) => {
  event.preventDefault();
  void act(async () => {
    await sendMessage(state.roomID!, field("chat-text").value);
    field("chat-text").value = "";
  });
});

// ---- rendering ----------------------------------------------------------------------------

function render(s: State): void {
  const signedIn = s.user !== null;
  const room = s.room;
  const atTable = s.roomID !== null;
  const gameOver = room?.status === "ended";
  const lobbyStatus = room?.status === "waiting" || room?.status === "dealEnded"; // join, leave, ready

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
  byId("tournaments").hidden = byId("lobby").hidden;
  byId("open-rooms").replaceChildren(openRoomsView(s));
  byId("live-rooms").replaceChildren(liveRoomsView(s));
  byId("invitations").replaceChildren(...[invitationsView(s)].filter((n) => n !== null));
  byId("open-tournaments").replaceChildren(openTournamentsView(s));
  byId("my-tournaments").replaceChildren(...[myTournamentsView(s)].filter((n) => n !== null));
  byId("leaderboard").replaceChildren(leaderboardView(s));

  // The header names the game of the room shown.
  const game = room ? GAME_NAMES[room.settings.variant] : "Bridge";
  byId("game-name").textContent = game;
  document.title = game;

  byId("room").hidden = !signedIn || !atTable;
  byId("room-id").textContent = s.roomID ?? "";
  byId("room-status").textContent = room
    ? room.board
      ? `${room.status} · board ${room.board}`
      : room.status
    : "loading…";
  const leave = byId<HTMLButtonElement>("leave");
  leave.disabled = s.busy || !room;
  // Leaving between deals is not an abandon (SPEC §9): the seat empties and the scores stay.
  leave.textContent = spectating(s)
    ? "Stop watching"
    : gameOver
      ? "Leave table"
      : lobbyStatus || !room
        ? "Leave room"
        : "Leave (abandons the game)";
  byId("invite-form").hidden = !(lobbyStatus && room.hostID === s.user?.uid) || competitionTable(room);
  if (room?.event && !gameOver && !spectating(s)) leave.textContent = "Leave event (a bot takes my seat)";
  if (room?.tournament && !gameOver)
    leave.textContent = "Leave tournament (a bot finishes the board in play)";

  const eventPanel = eventView(s);
  byId("event-panel").hidden = eventPanel === null || !signedIn;
  byId("event-panel").replaceChildren(...(eventPanel ? [eventPanel] : []));
  const tournamentPanel = tournamentView(s);
  byId("tournament-panel").hidden = tournamentPanel === null || !signedIn;
  byId("tournament-panel").replaceChildren(...(tournamentPanel ? [tournamentPanel] : []));

  const roomBody: Node[] = [];
  if (room && s.roomID) {
    roomBody.push(room.status === "waiting" ? waitingView(s, s.roomID, room) : tableView(s, s.roomID, room));
    const records = dealRecordsView(s, room);
    if (records) roomBody.push(records);
  }
  byId("room-body").replaceChildren(...roomBody);
  byId("chat").hidden = !room;
  byId("chat-form").hidden = !room?.settings.chat;
  byId("chat-messages").replaceChildren(...chatView(s));
  for (const button of document.querySelectorAll<HTMLButtonElement>("form button, #anonymous"))
    button.disabled = s.busy;
}

subscribe(() => render(state));
render(state);
start();
startTurnTimer();
