// web/src/types.ts is generated from docs/schema.json, the JSON Schema of the wire contract
// (exported by scripts/export-schema from functions/bridge/wire.py, the documents and answers, and
// functions/service/payloads.py, the requests), with json-schema-to-typescript.
//
//   npm run types            rewrite src/types.ts
//   (web/e2e/types.test.mjs  fails when src/types.ts is not what this would write)
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { compile } from "json-schema-to-typescript";

export const SCHEMA = fileURLToPath(new URL("../../docs/schema.json", import.meta.url));
export const TYPES = fileURLToPath(new URL("../src/types.ts", import.meta.url));

const BANNER = `// The wire contract: the documents the client reads and each callable's request and answer.
// GENERATED from docs/schema.json by web/scripts/types.mjs (npm run types): do not edit by hand.
// docs/schema.json is exported from functions/bridge/wire.py and functions/service/payloads.py
// (scripts/export-schema).`;

/** The TypeScript that docs/schema.json describes. */
export async function generate() {
  const schema = JSON.parse(await readFile(SCHEMA, "utf8"));
  return compile(schema, "FloatingBridgeWire", {
    bannerComment: BANNER,
    unreachableDefinitions: true,
    additionalProperties: false,
    format: true,
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(TYPES, await generate());
}
