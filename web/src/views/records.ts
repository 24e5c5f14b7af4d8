// The hand records of a room's finished deals (rooms/{roomID}/deals, SPEC §9): a list by deal
// number, and one record open at a time with the four hands as dealt, the auction, the tricks
// and the points. A record is written when its deal finishes, so its hands are public.

import { h } from "../dom";
import { bidLabel, cardLabel, isRed, sortHand, suitOf, SUIT_NAMES } from "../rules";
import { update, type State } from "../state";
import type { DealRecord, RoomDocument, TrickDoc } from "../types";
import type { CardCode } from "../wire";
import { resultSummary, scoreChanges } from "./match";
import { nameOf } from "./names";

type Name = (uid: string) => string;

const card = (code: CardCode, strong = false) =>
  h(
    "span",
    { class: `card${isRed(code) ? " red" : ""}${strong ? " winner" : ""}`, "data-card": code },
    cardLabel(code),
  );

/** One hand as dealt, a row per suit (spades, hearts, clubs, diamonds). */
function handRows(cards: readonly CardCode[]): HTMLElement[] {
  const sorted = sortHand(cards);
  return ["S", "H", "C", "D"].map((suit) => {
    const inSuit = sorted.filter((c) => suitOf(c) === suit);
    return h(
      "div",
      { class: "suit-row", title: SUIT_NAMES[suit] },
      ...(inSuit.length > 0 ? inSuit.map((c) => card(c)) : [h("span", { class: "muted" }, "—")]),
    );
  });
}

function handsView(record: DealRecord, name: Name): HTMLElement {
  const badge = (position: number) =>
    [
      record.dealer === position && "dealer",
      record.contract?.declarer === position && "declarer",
      record.partner === position && "partner",
    ].filter(Boolean);
  return h(
    "div",
    { class: "record-hands" },
    ...record.hands.map((hand, position) =>
      h(
        "div",
        { class: "record-hand", "data-testid": "record-hand", "data-position": position },
        h(
          "div",
          { class: "seat-name" },
          `${position} · ${name(record.players[position])}`,
          ...badge(position).map((b) => h("span", { class: "badge" }, String(b))),
        ),
        ...handRows(hand.cards),
      ),
    ),
  );
}

function auctionView(record: DealRecord, name: Name): HTMLElement {
  return h(
    "ol",
    { class: "record-auction", "data-testid": "record-auction" },
    ...record.bids.map(({ position, bid }) =>
      h(
        "li",
        { "data-testid": "record-bid", "data-position": position, "data-bid": bid },
        `${name(record.players[position])}: ${bidLabel(bid)}`,
      ),
    ),
  );
}

function tricksView(record: DealRecord, name: Name): HTMLElement {
  const row = (trick: TrickDoc, index: number) =>
    h(
      "tr",
      { "data-testid": "record-trick", "data-leader": trick.leader, "data-winner": trick.winner ?? "" },
      h("td", { class: "num" }, index + 1),
      h("td", {}, ...trick.cards.map((play) => card(play.card, play.position === trick.winner))),
      h("td", {}, trick.winner === undefined ? "" : name(record.players[trick.winner])),
    );
  return h(
    "table",
    { class: "record-tricks" },
    h(
      "thead",
      {},
      h("tr", {}, h("th", {}, "#"), h("th", {}, "Cards, from the leader"), h("th", {}, "Won by")),
    ),
    h("tbody", {}, ...record.tricks.map(row)),
  );
}

function recordView(record: DealRecord, name: Name): HTMLElement {
  const { contract } = record;
  return h(
    "div",
    {
      class: "deal-record",
      "data-testid": "deal-record",
      "data-number": record.number,
      "data-partner": record.partner,
    },
    h(
      "p",
      {},
      record.board !== null && `Board ${record.board} · `,
      `Dealer ${name(record.players[record.dealer])}`,
      record.washes > 0 && ` · ${record.washes} redeal${record.washes === 1 ? "" : "s"} (wash rule)`,
      ...(contract === null
        ? [" · passed out"]
        : [
            " · contract ",
            h("strong", {}, bidLabel(contract.bid)),
            ` by ${name(record.players[contract.declarer])} (needs ${contract.target}, defenders ${contract.defenderTarget})`,
          ]),
      ...(record.partner === null
        ? []
        : [
            " · partner card ",
            record.partnerCard ? card(record.partnerCard) : "none",
            ` held by ${name(record.players[record.partner])}`,
          ]),
    ),
    handsView(record, name),
    h(
      "div",
      { class: "record-play" },
      h("div", {}, h("h4", {}, "Auction"), auctionView(record, name)),
      h("div", {}, h("h4", {}, `Tricks (${record.tricks.length})`), tricksView(record, name)),
    ),
    h("p", { "data-testid": "record-result" }, resultSummary(record.result, name)),
    h("p", { "data-testid": "record-points" }, `Points: ${scoreChanges(record, name)}`),
  );
}

export function dealRecordsView(s: State, room: RoomDocument): HTMLElement | null {
  if (s.deals.length === 0) return null;
  const name: Name = (uid) => nameOf(room, uid);
  const shown = s.deals.find((d) => d.number === s.shownDeal);
  return h(
    "section",
    { class: "records", "data-testid": "deal-records" },
    h("h3", {}, "Hand records"),
    h(
      "ol",
      { class: "record-list" },
      ...s.deals.map((record) => {
        const open = record === shown;
        const { result, contract } = record;
        const label = record.board === null ? `Deal ${record.number}` : `Board ${record.board}`;
        return h(
          "li",
          { "data-testid": "deal-record-item", "data-number": record.number },
          ...(contract === null
            ? [`${label}: passed out `]
            : [
                `${label}: ${bidLabel(contract.bid)} by ${name(record.players[contract.declarer])}, `,
                result.made ? "made" : "defeated",
                ` (${result.declarerTricks}–${result.defenderTricks}) `,
              ]),
          h(
            "button",
            {
              "data-testid": `show-deal-${record.number}`,
              "aria-expanded": String(open),
              onclick: () => update({ shownDeal: open ? null : record.number }),
            },
            open ? "Hide" : "Show",
          ),
        );
      }),
    ),
    shown && recordView(shown, name),
  );
}
