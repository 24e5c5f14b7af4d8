// Every reason the backend can answer (docs/API.md, "Error reasons") has a sentence for people
// in src/errors.ts, and src/errors.ts names no reason the backend does not have.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { WEB_DIR } from "./harness.mjs";

/** The reasons of the API's error table: its rows' first cells. */
async function apiReasons() {
  const api = await readFile(join(WEB_DIR, "..", "docs", "API.md"), "utf8");
  const table = api.split("## Error reasons")[1].split("\n## ")[0];
  return [...table.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]);
}

/** The keys of `REASONS` in src/errors.ts. */
async function clientReasons() {
  const source = await readFile(join(WEB_DIR, "src", "errors.ts"), "utf8");
  const body = source.split("const REASONS")[1].split("};")[0];
  return [...body.matchAll(/^ {2}([A-Z_]+):/gm)].map((m) => m[1]);
}

test("the web client has a sentence for every reason of docs/API.md, and no other", async () => {
  const api = await apiReasons();
  assert.ok(api.length >= 30, `the API's error table lists ${api.length} reasons`);
  assert.deepEqual([...(await clientReasons())].sort(), [...api].sort());
});
