// src/types.ts is exactly what docs/schema.json (the wire contract exported from the server's
// declaration, functions/bridge/wire.py and functions/service/payloads.py) generates: the
// client's types cannot drift from the server's.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { TYPES, generate } from "../scripts/types.mjs";

test("web/src/types.ts is generated from docs/schema.json (run `npm run --prefix web types`)", async () => {
  assert.equal(await readFile(TYPES, "utf8"), await generate());
});
