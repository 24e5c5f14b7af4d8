// The hand records of a room's finished deals (rooms/{roomID}/deals, SPEC §9): a list by deal
// number, and one record open at a time with the four hands as dealt, the auction, the tricks
// and the points. A record is written when its deal finishes, so its hands are public.

import { exportDeals } from "../api";
import { h } from "../dom";
import { bidLabel, cardLabel, DISPLAY_SUITS, isRed, sortHand, suitOf, SUIT_NAMES } from "../display";
import { act, update, type State } from "../state";
import type { DealRecord, HandCards, RoomDocument, TrickDoc } from "../types";
import { verifyRecord, type Verdict } from "../verify";
import type { CardCode } from "../wire";
import { resultSummary, scoreChanges } from "./match";
import { nameOf } from "./names";

export type Name = (uid: string) => string;

const card = (code: CardCode, strong = false) =>
  h(
    "span",
    { class: `card${isRed(code) ? " red" : ""}${strong ? " winner" : ""}`, "data-card": code },
    cardLabel(code),
  );

/** One hand as dealt, a row per suit (spades, hearts, clubs, diamonds). */
function handRows(cards: readonly CardCode[]): HTMLElement[] {
  const sorted = sortHand(cards);
  return DISPLAY_SUITS.map((suit) => {
    const inSuit = sorted.filter((c) => suitOf(c) === suit);
    return h(
      "div",
      { class: "suit-row", title: SUIT_NAMES[suit] },
      ...(inSuit.length > 0 ? inSuit.map((c) => card(c)) : [h("span", { class: "muted" }, "—")]),
    );
  });
}

/** A seat as a hand record heads its hand: a name, then badges ("dealer", "declarer", …). */
export interface SeatLabel {
  name: string;
  badges: string[];
}

/** Four hands as dealt, by position, each headed by its `seat` label. */
export function handsView(hands: readonly HandCards[], seat: (position: number) => SeatLabel): HTMLElement {
  return h(
    "div",
    { class: "record-hands" },
    ...hands.map((hand, position) => {
      const { name, badges } = seat(position);
      return h(
        "div",
        { class: "record-hand", "data-testid": "record-hand", "data-position": position },
        h("div", { class: "seat-name" }, name, ...badges.map((b) => h("span", { class: "badge" }, b))),
        ...handRows(hand.cards),
      );
    }),
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

const STRAINS = ["NT", "S", "H", "D", "C"] as const;
const STRAIN_LABELS: Record<(typeof STRAINS)[number], string> = { NT: "NT", S: "♠", H: "♥", D: "♦", C: "♣" };

/** SPEC §16: the double-dummy table (tricks by strain and declarer), and par in contract bridge. */
function analysisView(record: DealRecord, name: Name): HTMLElement {
  const { analysis } = record;
  if (record.analysisSkipped === "ALLOWANCE_SPENT") {
    return h(
      "p",
      { class: "muted", "data-testid": "dd-skipped", "data-reason": record.analysisSkipped },
      "Not analysed: a player of this deal has had 30 deals analysed in the last hour.",
    );
  }
  if (analysis === undefined) {
    return h("p", { class: "muted", "data-testid": "dd-pending" }, "Double-dummy analysis: on its way…");
  }
  if (analysis === null) {
    return h("p", { class: "muted", "data-testid": "dd-none" }, "No double-dummy analysis for this deal.");
  }
  const par = analysis.par;
  return h(
    "div",
    { class: "analysis", "data-testid": "dd-analysis", "data-complete": String(analysis.complete) },
    h("h4", {}, "Double dummy: tricks for the declarer's side"),
    h(
      "table",
      { class: "dd-table", "data-testid": "dd-table" },
      h(
        "thead",
        {},
        h("tr", {}, h("th", {}, "declarer"), ...STRAINS.map((strain) => h("th", {}, STRAIN_LABELS[strain]))),
      ),
      h(
        "tbody",
        {},
        ...record.players.map((uid, position) =>
          h(
            "tr",
            {},
            h("td", {}, name(uid)),
            ...STRAINS.map((strain) => {
              const tricks = analysis.tricks[strain][position];
              return h(
                "td",
                { class: "num", "data-testid": `dd-${strain}-${position}`, "data-tricks": tricks ?? "" },
                tricks === null ? "?" : tricks,
              );
            }),
          ),
        ),
      ),
    ),
    !analysis.complete && h("p", { class: "muted" }, "?: beyond what the search may spend on one deal."),
    par &&
      h(
        "p",
        { "data-testid": "dd-par", "data-score": par.score },
        `Par ${par.score >= 0 ? "NS" : "EW"} ${Math.abs(par.score)}: `,
        par.contracts
          .map((c) => `${bidLabel(c.bid)}${c.doubled ?? ""} by ${name(record.players[c.declarer])}`)
          .join(", "),
      ),
  );
}

/** Verdicts of "Verify this deal", by record key and deal number (computed in the browser, on demand). */
const verdicts = new Map<string, Verdict>();

function verifyView(recordKey: string, record: DealRecord): HTMLElement {
  const key = `${recordKey}/${record.number}`;
  const verdict = verdicts.get(key);
  return h(
    "p",
    { class: "verify" },
    h(
      "button",
      {
        class: "small",
        "data-testid": "verify-deal",
        title: "Recompute these hands from the seed this record reveals, here in your browser",
        onclick: async () => {
          verdicts.set(key, await verifyRecord(record));
          update({});
        },
      },
      "Verify this deal",
    ),
    verdict &&
      h(
        "span",
        { "data-testid": "verify-verdict", "data-verified": String(verdict.verified) },
        ` ${verdict.verified ? "✓ verified" : "✗ not verified"}: ${verdict.reason}`,
      ),
  );
}

/** Download the room's hand records as a PBN file (SPEC §16). */
async function downloadPbn(roomID: string): Promise<void> {
  const { text } = await exportDeals(roomID);
  const link = h("a", {
    href: URL.createObjectURL(new Blob([text], { type: "application/x-bridge-pbn" })),
    download: `deals-${roomID}.pbn`,
  });
  link.click();
  URL.revokeObjectURL(link.href);
  pbnSaved.set(roomID, (text.match(/\[Event /g) ?? []).length);
}

/** How many PBN games the last download of each room held. */
const pbnSaved = new Map<string, number>();

/** One hand record; `key` tells its verdict apart from other records' (its room, or its entrant). */
export function recordView(record: DealRecord, name: Name, key: string): HTMLElement {
  const { contract } = record;
  const badges = (position: number) =>
    [
      record.dealer === position && "dealer",
      contract?.declarer === position && "declarer",
      record.partner === position && "partner",
    ].filter((badge) => badge !== false);
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
    handsView(record.hands, (position) => ({
      name: `${position} · ${name(record.players[position])}`,
      badges: badges(position),
    })),
    h(
      "div",
      { class: "record-play" },
      h("div", {}, h("h4", {}, "Auction"), auctionView(record, name)),
      h("div", {}, h("h4", {}, `Tricks (${record.tricks.length})`), tricksView(record, name)),
    ),
    h("p", { "data-testid": "record-result" }, resultSummary(record.result, name)),
    h("p", { "data-testid": "record-points" }, `Points: ${scoreChanges(record, name)}`),
    analysisView(record, name),
    verifyView(key, record),
  );
}

export function dealRecordsView(s: State, room: RoomDocument): HTMLElement | null {
  const roomID = s.roomID;
  if (s.deals.length === 0 || roomID === null) return null;
  const name: Name = (uid) => nameOf(room, uid);
  const shown = s.deals.find((d) => d.number === s.shownDeal);
  const saved = pbnSaved.get(roomID);
  return h(
    "section",
    { class: "records", "data-testid": "deal-records" },
    h("h3", {}, "Hand records"),
    h(
      "p",
      {},
      h(
        "button",
        {
          class: "small",
          "data-testid": "download-pbn",
          disabled: s.busy,
          title: "Portable Bridge Notation: every bridge program reads it",
          onclick: () => act(() => downloadPbn(roomID)),
        },
        "Download PBN",
      ),
      saved !== undefined &&
        h("span", { class: "muted", "data-testid": "pbn-saved" }, ` saved ${saved} games`),
    ),
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
    shown && recordView(shown, name, roomID),
  );
}
