// The table during and after a deal: seats, auction, contract, trick, my hand, result, and
// between deals (`dealEnded`) the score and the ready-and-start panel for the next deal.
// Every move offered is one the server tells me I may make now (src/legal.ts), offered once my
// hand (sealed in the room document) agrees with the room.

import { chooseTeammate, claim, placeBid, playCard, requestUndo, respondClaim, respondUndo } from "../api";
import { h } from "../dom";
import { bidLabel, cardLabel, DECK, DISPLAY_SUITS, isRed, sortHand, suitOf, SUIT_NAMES } from "../display";
import { hasMove, mover, told, type Told } from "../legal";
import { act, type State } from "../state";
import { countdown } from "../timer";
import type { AlertEntry, RoomDocument, TrickDoc } from "../types";
import type { CardCode, Status } from "../wire";
import { dealOfMatch, plural, resultView, scoreTable, sheetView } from "./match";
import { isBot, myPosition, nameAt, nameOf } from "./names";
import { competitionTable, readyPanel, spectatorsLine } from "./waiting";

/** Where a position sits on my screen: `bottom` (my seat, or seat 0 for a spectator) at the
 *  bottom, play going clockwise; at a table of two (Memory Bridge) the other player is opposite. */
const SLOTS = ["bottom", "left", "top", "right"] as const;
const slotOf = (position: number, bottom: number, seats: number) =>
  seats === 2 ? SLOTS[2 * ((position - bottom + 2) % 2)] : SLOTS[(position - bottom + 4) % 4];

function cardFace(card: CardCode, attrs: Record<string, string | number | boolean> = {}): HTMLElement {
  return h(
    "span",
    { class: `card${isRed(card) ? " red" : ""}`, "data-card": card, ...attrs },
    cardLabel(card),
  );
}

function cardButton(card: CardCode, enabled: boolean, testid: string, onclick: () => void): HTMLElement {
  return h(
    "button",
    {
      class: `card${isRed(card) ? " red" : ""}`,
      "data-testid": testid,
      "data-card": card,
      disabled: !enabled,
      onclick,
    },
    cardLabel(card),
  );
}

const VERBS: Partial<Record<Status, string>> = {
  firstHalf: "play",
  bidding: "bid",
  choosingTeammate: "name the partner card",
  playing: "play",
};

/** When no one is to act: between deals, or at the end. */
function overText(room: RoomDocument): string {
  if (room.status === "dealEnded") return "This deal is over: the next one starts when all are ready";
  if (room.match.deals === 1) return "The game is over";
  return room.result?.abandonedBy ? "The match was abandoned" : "The match is over";
}

function statusLine(room: RoomDocument, t: Told): HTMLElement {
  const verb = VERBS[room.status];
  const myTurn = hasMove(t.seat);
  const fromDummy = room.dummy !== null && room.turn === room.dummy.position ? " from the dummy" : "";
  // Whoever is told the move at `turn` (the declarer plays the dummy's card); while an undo is
  // being answered nobody is, and the line names the position at `turn`.
  const moving = mover(room);
  const waitingFor = moving ? nameOf(room, moving) : nameAt(room, room.turn!);
  const text = !verb
    ? overText(room)
    : myTurn
      ? `Your turn: ${verb}${fromDummy}`
      : `Waiting for ${waitingFor} to ${verb}${fromDummy}`;
  return h(
    "div",
    { class: "status-line" },
    room.match.deals !== 1 &&
      h("span", { class: "muted", "data-testid": "deal-of-match" }, `${dealOfMatch(room)} · `),
    h("strong", { "data-testid": "turn", "data-my-turn": String(myTurn) }, text),
    room.turnDeadline && h("span", { class: "muted" }, " · ", countdown(room), " left"),
    room.washes > 0 && h("span", { class: "muted" }, ` · ${plural(room.washes, "redeal")} (wash rule)`),
  );
}

/** Memory Bridge's first half (docs/MEMORY.md): under way, or its tricks won once it is over. */
function firstHalfView(room: RoomDocument): HTMLElement | null {
  if (room.status === "firstHalf")
    return h(
      "div",
      { class: "muted" },
      "First half: 13 tricks without trump, then the rest of the deck is dealt",
    );
  const first = room.firstHalf;
  if (!first) return null;
  return h(
    "div",
    { class: "muted", "data-testid": "first-half", "data-tricks-won": first.tricksWon.join(",") },
    "First half: ",
    first.tricksWon.map((won, p) => `${nameAt(room, p)} ${plural(won, "trick")}`).join(" · "),
  );
}

function contractView(room: RoomDocument, me: number, hand: CardCode[]): HTMLElement {
  const contract = room.contract;
  if (!contract) {
    const highest = room.highestBid;
    return h(
      "div",
      { class: "contract", "data-testid": "contract", "data-bid": "" },
      highest ? `Highest bid ${bidLabel(highest.bid)} by ${nameAt(room, highest.position)}` : "No bid yet",
      firstHalfView(room),
    );
  }
  const partner = room.partnerPosition;
  const iHoldPartnerCard = room.partnerCard !== null && hand.includes(room.partnerCard) && partner === null;
  const written = contract.bid + (contract.doubled ?? "");
  return h(
    "div",
    {
      class: "contract",
      "data-testid": "contract",
      "data-bid": contract.bid,
      "data-doubled": contract.doubled ?? "",
      "data-declarer": contract.declarer,
    },
    h("div", {}, "Contract ", h("strong", {}, bidLabel(written)), ` by ${nameAt(room, contract.declarer)}`),
    h(
      "div",
      { class: "muted" },
      `Declarer's side needs ${contract.target} tricks, defenders ${contract.defenderTarget} · `,
      contract.trump
        ? `trump ${SUIT_NAMES[contract.trump]}${room.trumpBroken ? " (broken)" : ""}`
        : "no trump",
    ),
    firstHalfView(room),
    room.settings.variant === "floating" &&
      h(
        "div",
        {},
        "Partner card ",
        room.partnerCard
          ? cardFace(room.partnerCard, { "data-testid": "partner-card" })
          : h("span", { "data-testid": "partner-card" }, "not named yet"),
        " · partner ",
        h(
          "strong",
          { "data-testid": "partner", "data-position": partner === null ? "hidden" : partner },
          partner === null ? "hidden" : nameAt(room, partner) + (partner === me ? " (you)" : ""),
        ),
        iHoldPartnerCard &&
          h(
            "span",
            { class: "secret", "data-testid": "i-am-partner" },
            " · you hold it: you are the secret partner",
          ),
      ),
  );
}

/** `me` is my position, -1 for a spectator; `bottom` the seat drawn at the bottom. */
function seatView(room: RoomDocument, position: number, me: number, bottom: number): HTMLElement {
  const badges = [
    isBot(room, position) && "bot",
    room.dealer === position && "dealer",
    room.contract?.declarer === position && "declarer",
    room.settings.variant === "floating" && room.partnerPosition === position && "partner",
    room.dummy?.position === position && "dummy",
  ].filter(Boolean);
  return h(
    "div",
    {
      class: `seat ${slotOf(position, bottom, room.handSizes.length)}${room.turn === position ? " to-act" : ""}`,
      "data-testid": `seat-${position}`,
      "data-hand-size": room.handSizes[position],
    },
    h("div", { class: "seat-name" }, nameAt(room, position), position === me ? " (you)" : ""),
    h(
      "div",
      { class: "muted" },
      `${plural(room.handSizes[position], "card")} · won `,
      h("span", { "data-testid": `tricks-won-${position}` }, room.tricksWon[position]),
    ),
    badges.length > 0 &&
      h("div", { class: "badges" }, ...badges.map((b) => h("span", { class: "badge" }, String(b)))),
  );
}

/** The trick on the table; between tricks, the last one, dimmed, with its winner. */
function trickView(room: RoomDocument, bottom: number): HTMLElement {
  const current = room.trick && room.trick.cards.length > 0 ? room.trick : null;
  const last: TrickDoc | undefined = room.tricks[room.tricks.length - 1];
  const shown = current ?? last;
  return h(
    "div",
    { class: `trick${current ? "" : " previous"}`, "data-testid": current ? "trick" : "last-trick" },
    ...(shown?.cards ?? []).map(({ position, card }) =>
      h(
        "div",
        { class: `slot ${slotOf(position, bottom, room.handSizes.length)}` },
        cardFace(card, { "data-testid": "trick-card", "data-position": position }),
      ),
    ),
    !current && last && h("div", { class: "trick-note" }, `Last trick won by ${nameAt(room, last.winner!)}`),
  );
}

function auctionView(room: RoomDocument, alerts: AlertEntry[]): HTMLElement {
  const alertOf = new Map(alerts.map((a) => [a.call, a.text]));
  return h(
    "div",
    { class: "auction" },
    h("h3", {}, "Auction"),
    room.bids.length === 0
      ? h("p", { class: "muted" }, "No bids yet.")
      : h(
          "ol",
          { "data-testid": "auction" },
          ...room.bids.map(({ position, bid }, index) =>
            h(
              "li",
              { "data-testid": "auction-bid", "data-position": position, "data-bid": bid },
              `${nameAt(room, position)}: ${bidLabel(bid)}`,
              alertOf.has(index) &&
                h("span", { class: "alert", "data-testid": "alert-text" }, ` (alert: ${alertOf.get(index)})`),
            ),
          ),
        ),
  );
}

/** The alert being typed for my next call (SPEC §15). */
let alertDraft = "";

/** A bid is a level then a strain ("3NT"); the other calls are words ("PASS", "X", "XX"). */
const isBid = (call: string) => /^\d/.test(call);

/** The calls I am told I may make: the bids upwards, one row per level, then Pass, Double,
 *  Redouble. Each row is right-aligned, so that a strain keeps its column when the lowest level
 *  offered starts part-way along. With `alert`, the call may carry an explanation (SPEC §15). */
function bidBox(s: State, roomID: string, room: RoomDocument, t: Told): HTMLElement {
  const calls = t.seat.placeBid;
  // The draft outlives re-renders (a snapshot may arrive while it is typed); a call sends it.
  const alert = h("input", {
    "data-testid": "alert-input",
    maxlength: 200,
    value: alertDraft,
    placeholder: "Alert: explain this call to the opponents (optional)",
    oninput: (event: Event) => {
      alertDraft = (event.target as HTMLInputElement).value;
    },
  });
  const bid = (code: string) => () => {
    const text = (t.seat.alert && alertDraft.trim()) || undefined;
    alertDraft = "";
    return act(() => placeBid(roomID, code, room.version, text));
  };
  const button = (code: string) =>
    h(
      "button",
      { "data-testid": `bid-${code}`, disabled: s.busy || !t.inSync, onclick: bid(code) },
      bidLabel(code),
    );
  const levels = [...new Set(calls.filter(isBid).map((call) => call[0]))];
  return h(
    "div",
    { class: "bid-box", "data-testid": "bid-box" },
    h(
      "div",
      { class: "bid-grid" },
      ...levels.map((level) =>
        h(
          "div",
          { class: "bid-row" },
          ...calls.filter((call) => isBid(call) && call[0] === level).map(button),
        ),
      ),
    ),
    h("div", { class: "calls" }, ...calls.filter((call) => !isBid(call)).map(button)),
    t.seat.alert && alert,
  );
}

/** The partner card: the whole deck, the cards I am told I may name enabled. */
function partnerPicker(s: State, roomID: string, room: RoomDocument, t: Told): HTMLElement {
  return h(
    "div",
    { class: "partner-picker", "data-testid": "partner-picker" },
    h("p", {}, "Name your partner card: whoever holds it is your secret partner."),
    ...DISPLAY_SUITS.map((suit) =>
      h(
        "div",
        { class: "suit-row" },
        ...DECK.filter((card) => suitOf(card) === suit).map((card) =>
          cardButton(card, !s.busy && t.inSync && t.cards.has(card), `partner-choice-${card}`, () =>
            act(() => chooseTeammate(roomID, card, room.version)),
          ),
        ),
      ),
    ),
  );
}

/** The cards of the hand at `position` I may play now: the told ones when I am told to play
 *  that hand's card (mine, or as declarer the dummy's), none otherwise. */
const playable = (s: State, t: Told, position: number) => (card: CardCode) =>
  !s.busy && t.inSync && t.seat.playCard === position && t.cards.has(card);

/** The dummy's cards, shown to all from the opening lead on; its declarer plays them (SPEC §11). */
function dummyView(s: State, roomID: string, room: RoomDocument, t: Told): HTMLElement | null {
  const dummy = room.dummy;
  if (!dummy) return null;
  const mayPlay = playable(s, t, dummy.position);
  return h(
    "div",
    {
      class: "dummy",
      "data-testid": "dummy",
      "data-position": dummy.position,
      "data-count": dummy.cards.length,
    },
    h("h3", {}, `Dummy: ${nameAt(room, dummy.position)}`),
    h(
      "div",
      { class: "hand" },
      ...sortHand(dummy.cards).map((card) =>
        cardButton(card, mayPlay(card), "dummy-card", () => act(() => playCard(roomID, card, room.version))),
      ),
    ),
  );
}

/** The number of tricks picked for my next claim (null: all that are left). */
let claimDraft: number | null = null;

/** SPEC §15. With a claim open: the claimer's cards, and Accept / Reject when I am told to
 *  answer it. Otherwise, when I am told I may claim: how many of the tricks left (0 up to the
 *  told most). After an accepted claim, what it was. A rejected claim stays on the record:
 *  everyone is told of the latest, with its cards. */
function claimView(s: State, roomID: string, room: RoomDocument, t: Told): HTMLElement | null {
  const open = room.claim;
  const last = room.claims[room.claims.length - 1];
  const rejected =
    last?.result === "rejected" &&
    h(
      "div",
      {
        class: "claim",
        "data-testid": "claim-rejected",
        "data-tricks": last.tricks,
        "data-after": last.after,
      },
      h(
        "p",
        {},
        `${nameAt(room, last.by)}'s claim of ${plural(last.tricks, "trick")} was rejected: play on.`,
      ),
      h("div", { class: "hand" }, ...sortHand(last.cards).map((card) => cardFace(card))),
    );
  if (open) {
    const answer = (accept: boolean) => () => act(() => respondClaim(roomID, accept, room.version));
    return h(
      "div",
      {
        class: "claim",
        "data-testid": "claim",
        "data-tricks": open.tricks,
        "data-answering": open.answering.join(","),
        "data-accepted": open.accepted.join(","),
      },
      h(
        "p",
        {},
        `${nameAt(room, open.by)} claims ${plural(open.tricks, "trick")} of those left`,
        open.answering.length === 0 ? " (accepted)" : "",
      ),
      h("div", { class: "hand" }, ...sortHand(open.cards).map((card) => cardFace(card))),
      t.seat.respondClaim &&
        h(
          "div",
          { class: "claim-answer" },
          h("button", { "data-testid": "claim-accept", disabled: s.busy, onclick: answer(true) }, "Accept"),
          h("button", { "data-testid": "claim-reject", disabled: s.busy, onclick: answer(false) }, "Reject"),
        ),
    );
  }
  const left = t.seat.claim;
  if (left === null) return rejected || null;
  // The number chosen outlives re-renders (a snapshot may arrive while it is picked).
  const chosen = claimDraft !== null && claimDraft <= left ? claimDraft : left;
  const count = h(
    "select",
    {
      "data-testid": "claim-tricks",
      onchange: (event: Event) => {
        claimDraft = Number((event.target as HTMLSelectElement).value);
      },
    },
    ...Array.from({ length: left + 1 }, (_, n) =>
      h("option", { value: n, selected: n === chosen }, String(n)),
    ),
  );
  const send = async () => {
    const tricks = claimDraft !== null && claimDraft <= left ? claimDraft : left;
    claimDraft = null;
    await claim(roomID, tricks, room.version);
  };
  return h(
    "div",
    { class: "claim", "data-testid": "claim-panel" },
    rejected,
    "Claim ",
    count,
    ` of the ${plural(left, "trick")} left `,
    h(
      "button",
      {
        "data-testid": "claim-button",
        disabled: s.busy,
        onclick: () => act(send),
      },
      "Claim",
    ),
  );
}

/** SPEC §15. An undo asked for: who asks, and Agree / Refuse when I am told to answer. Otherwise,
 *  when I am told there is an action of mine to take back: a button to ask. */
function undoView(s: State, roomID: string, room: RoomDocument, t: Told): HTMLElement | null {
  const asked = room.undo;
  if (asked) {
    const answer = (accept: boolean) => () => act(() => respondUndo(roomID, accept, room.version));
    return h(
      "div",
      {
        class: "undo",
        "data-testid": "undo",
        "data-by": asked.by,
        "data-answering": asked.answering.join(","),
      },
      `${nameAt(room, asked.by)} asks to take back their last action`,
      t.seat.respondUndo &&
        h(
          "span",
          {},
          " ",
          h("button", { "data-testid": "undo-accept", disabled: s.busy, onclick: answer(true) }, "Agree"),
          h("button", { "data-testid": "undo-reject", disabled: s.busy, onclick: answer(false) }, "Refuse"),
        ),
    );
  }
  if (!t.seat.requestUndo) return null;
  return h(
    "div",
    { class: "undo" },
    h(
      "button",
      {
        "data-testid": "undo-request",
        disabled: s.busy,
        onclick: () => act(() => requestUndo(roomID, room.version)),
      },
      "Undo my last action",
    ),
  );
}

function handView(
  s: State,
  roomID: string,
  room: RoomDocument,
  hand: CardCode[],
  t: Told,
  me: number,
): HTMLElement {
  const mayPlay = playable(s, t, me);
  return h(
    "div",
    { class: "hand", "data-testid": "hand", "data-count": hand.length },
    ...sortHand(hand).map((card) =>
      cardButton(card, mayPlay(card), "hand-card", () => act(() => playCard(roomID, card, room.version))),
    ),
  );
}

export function tableView(s: State, roomID: string, room: RoomDocument): Node {
  const uid = s.user!.uid;
  const position = myPosition(room, uid);
  // A spectator (SPEC §13) sees the table from seat 0, holds no hand and is told nothing.
  const spectator = position < 0;
  const me = position; // -1 for a spectator: never "you"
  const bottom = Math.max(0, position);
  const hand = s.hand?.cards ?? [];
  const t = told(room, uid, me, s.hand);

  // My call: the bidding box takes the middle of the table, where the tricks go, so that my hand
  // stays in view below it.
  const calling = t.seat.placeBid.length > 0;
  let actions: Node | null = null;
  if (t.seat.chooseTeammate) actions = partnerPicker(s, roomID, room, t);
  else if (room.status === "dealEnded")
    actions = h(
      "div",
      { class: "next-deal", "data-testid": "next-deal" },
      h("h3", {}, `Next: deal ${room.match.dealNumber + 1}`),
      h(
        "p",
        {},
        competitionTable(room)
          ? "The next board is dealt as soon as everyone is ready (the bots always are)."
          : "Everyone says they are ready; then the host deals the next deal.",
      ),
      readyPanel(s, roomID, room),
    );

  return h(
    "div",
    {
      class: "table-layout",
      "data-testid": "table",
      "data-status": room.status,
      "data-turn": room.turn ?? "",
      "data-version": room.version,
      "data-my-position": spectator ? "" : me,
      "data-spectator": String(spectator),
      "data-in-sync": String(t.inSync),
      "data-busy": String(s.busy),
    },
    h(
      "div",
      { class: "felt" },
      statusLine(room, t),
      contractView(room, me, hand),
      h(
        "div",
        { class: "ring" },
        ...room.handSizes.map((_, p) => seatView(room, p, me, bottom)),
        calling ? bidBox(s, roomID, room, t) : trickView(room, bottom),
      ),
      resultView(s, room),
      claimView(s, roomID, room, t),
      undoView(s, roomID, room, t),
      dummyView(s, roomID, room, t),
      actions,
      spectator
        ? h("p", { class: "watching", "data-testid": "watching" }, "You are watching: the hands stay hidden.")
        : handView(s, roomID, room, hand, t, me),
    ),
    h("aside", {}, sheetView(room), scoreTable(s, room), auctionView(room, s.alerts), spectatorsLine(room)),
  );
}
