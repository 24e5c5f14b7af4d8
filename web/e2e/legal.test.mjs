// src/legal.ts: the client offers the cards its documents tell (docs/API.md "Legal actions"): my
// seat's entry of the room's `legal` by `players` order says what I am to do; naming the partner
// card, my hand document's `partnerCards`; playing, the `plays` of the hand whose card I play (mine,
// or as declarer the dummy's in the room) for the trick on the table. It acts only once my hand
// document is as long as the room says (the two documents reach the page one after the other).
// No emulators: the module is compiled with the TypeScript the web client pins and run on
// hand-made documents.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import ts from "typescript";
import { WEB_DIR } from "./harness.mjs";

const source = await readFile(join(WEB_DIR, "src", "legal.ts"), "utf8");
const { outputText } = ts.transpileModule(source, {
  compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
});
const { told, mover } = await import(`data:text/javascript,${encodeURIComponent(outputText)}`);

const NOTHING = {
  placeBid: [],
  alert: false,
  chooseTeammate: false,
  playCard: null,
  claim: null,
  respondClaim: false,
  requestUndo: false,
  respondUndo: false,
};

/** Bob's hand (2C AS, spades trump and not broken): which of his cards he may play to each trick. */
const BOB = {
  cards: ["2C", "AS"],
  partnerCards: null,
  plays: { lead: ["2C"], C: ["2C"], D: ["2C", "AS"], H: ["2C", "AS"], S: ["AS"] },
};

/** A room in which `bob` (position 1) is to play his own card to `trick` (null: none yet). */
function bobToPlay(trick = null) {
  return {
    version: 7,
    players: [{ uid: "ann" }, { uid: "bob" }],
    handSizes: [2, 2],
    trick,
    dummy: null,
    legal: [NOTHING, { ...NOTHING, playCard: 1, requestUndo: true }],
  };
}

test("on lead, the cards told for leading are playable, and the documents agree", () => {
  const room = bobToPlay();
  const t = told(room, "bob", 1, BOB);
  assert.deepEqual([...t.cards], ["2C"]);
  assert.equal(t.inSync, true);
  assert.equal(t.seat.requestUndo, true, "Bob's own entry, by players order");
  assert.equal(mover(room), "bob");
});

test("following, the cards told for the suit of the trick's first card", () => {
  for (const [led, expected] of [
    ["KS", ["AS"]],
    ["3H", ["2C", "AS"]],
    ["TC", ["2C"]],
  ]) {
    const room = bobToPlay({ leader: 0, cards: [{ position: 0, card: led }] });
    assert.deepEqual([...told(room, "bob", 1, BOB).cards], expected, `${led} led`);
  }
});

test("a hand document of an earlier move (a card more or less than the room says) is not acted on", () => {
  const room = bobToPlay();
  for (const cards of [["2C"], ["2C", "AS", "KD"]]) {
    assert.equal(told(room, "bob", 1, { ...BOB, cards }).inSync, false, cards.join(" "));
  }
  const t = told(room, "bob", 1, { ...BOB, plays: null });
  assert.deepEqual([...t.cards], []);
  assert.equal(t.inSync, false, "card play has begun but my hand document does not say so yet");
});

test("as declarer on the dummy's turn, the dummy's cards told in the room", () => {
  const room = {
    ...bobToPlay({ leader: 0, cards: [{ position: 0, card: "5D" }] }),
    handSizes: [2, 2, 2, 2],
    players: [{ uid: "ann" }, { uid: "bob" }, { uid: "cat" }, { uid: "dan" }],
    dummy: {
      position: 3,
      cards: ["7D", "9S"],
      plays: { lead: ["7D"], C: ["7D", "9S"], D: ["7D"], H: ["7D", "9S"], S: ["9S"] },
    },
    legal: [NOTHING, { ...NOTHING, playCard: 3 }, NOTHING, NOTHING],
  };
  const t = told(room, "bob", 1, BOB);
  assert.deepEqual([...t.cards], ["7D"]);
  assert.equal(t.inSync, true);
});

test("naming the partner card, the cards told in my hand document", () => {
  const room = { ...bobToPlay(), legal: [NOTHING, { ...NOTHING, chooseTeammate: true }] };
  const t = told(room, "bob", 1, { ...BOB, plays: null, partnerCards: ["AH", "KH"] });
  assert.deepEqual([...t.cards], ["AH", "KH"]);
  assert.equal(t.inSync, true);
  assert.equal(told(room, "bob", 1, { ...BOB, plays: null }).inSync, false, "not yet told");
});

test("with nothing to name or play, a hand document as long as the room says agrees with it", () => {
  const room = bobToPlay();
  const t = told(room, "ann", 0, { ...BOB, cards: ["3D", "KH"] });
  assert.deepEqual([...t.cards], []);
  assert.equal(t.inSync, true);
  assert.equal(told(room, "ann", 0, { ...BOB, cards: ["3D"] }).inSync, false, "a card short");
});

test("a spectator is told nothing", () => {
  const room = bobToPlay();
  const t = told(room, "carol", -1, null);
  assert.deepEqual(t.seat, NOTHING);
  assert.equal(t.inSync, true);
});
