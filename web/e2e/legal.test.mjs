// src/legal.ts: the client acts on the cards of my hand document only while their `legal.version`
// is the room's `version` (the two documents reach the page one after the other), and reads my
// seat's entry of the room's `legal` by `players` order. No emulators: the module is compiled
// with the TypeScript the web client pins and run on hand-made documents.
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

/** A room at `version` in which `bob` (position 1) is to play his own card, and his hand. */
function bobToPlay(version) {
  const room = {
    version,
    players: [{ uid: "ann" }, { uid: "bob" }],
    handSizes: [2, 2],
    legal: [NOTHING, { ...NOTHING, playCard: 1, requestUndo: true }],
  };
  const hand = (legalVersion) => ({
    cards: ["2C", "AS"],
    legal: legalVersion === null ? null : { version: legalVersion, cards: ["2C"] },
  });
  return { room, hand };
}

test("the cards told for the room's version are playable, and the documents agree", () => {
  const { room, hand } = bobToPlay(7);
  const t = told(room, "bob", 1, hand(7));
  assert.deepEqual([...t.cards], ["2C"]);
  assert.equal(t.inSync, true);
  assert.equal(t.seat.requestUndo, true, "Bob's own entry, by players order");
  assert.equal(mover(room), "bob");
});

test("cards told for another version of the room are not offered, and the page waits", () => {
  const { room, hand } = bobToPlay(7);
  for (const stale of [6, 8, null]) {
    const t = told(room, "bob", 1, hand(stale));
    assert.deepEqual([...t.cards], [], `hand document for version ${stale}`);
    assert.equal(t.inSync, false, `hand document for version ${stale}`);
  }
});

test("with nothing to name or play, a hand document without cards told agrees with the room", () => {
  const { room, hand } = bobToPlay(7);
  const t = told(room, "ann", 0, { ...hand(null), cards: ["3D", "KH"] });
  assert.deepEqual([...t.cards], []);
  assert.equal(t.inSync, true);
  assert.equal(told(room, "ann", 0, { cards: ["3D"], legal: null }).inSync, false, "a card short");
});

test("a spectator is told nothing", () => {
  const { room } = bobToPlay(7);
  const t = told(room, "carol", -1, null);
  assert.deepEqual(t.seat, NOTHING);
  assert.equal(t.inSync, true);
});
