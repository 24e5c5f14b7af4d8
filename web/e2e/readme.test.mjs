// The README's JavaScript snippets, run as written: every ```js block of README.md, in order, as
// one Node program against the emulators, with the `firebase` SDK that web/ pins. It must run
// (imports complete, names defined) and print what the snippets' comments say it prints.
//   node --test web/e2e/readme.test.mjs          (the emulators running)

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { WEB_DIR } from "./harness.mjs";

const README = join(WEB_DIR, "..", "README.md");
const TIMEOUT_MS = 60_000;

/** The ```js blocks of a Markdown text, in order. */
function snippets(markdown) {
  return [...markdown.matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((match) => match[1]);
}

/** Run `program` with Node until every pattern has appeared in its output (then stop it: its
 *  listeners would keep it running), or it exits, or time runs out. Returns its output. */
function runUntil(program, patterns) {
  const dir = mkdtempSync(join(tmpdir(), "readme-snippets-"));
  symlinkSync(join(WEB_DIR, "node_modules"), join(dir, "node_modules"), "dir");
  writeFileSync(join(dir, "readme.mjs"), program);
  const child = spawn(process.execPath, [join(dir, "readme.mjs")], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  return new Promise((resolve) => {
    const finish = (why) => {
      clearTimeout(timer);
      child.kill("SIGTERM");
      rmSync(dir, { recursive: true, force: true });
      resolve({ output, why });
    };
    const timer = setTimeout(() => finish("timeout"), TIMEOUT_MS);
    const seen = () => patterns.every((pattern) => pattern.test(output));
    const collect = (chunk) => {
      output += chunk;
      if (seen()) finish("done");
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    child.on("exit", (code) => finish(`exited with ${code}`));
  });
}

test(
  "the README's snippets run as written and print what they say",
  { timeout: TIMEOUT_MS + 10_000 },
  async () => {
    const blocks = snippets(readFileSync(README, "utf8"));
    assert.ok(blocks.length >= 5, `expected the README's walkthrough, found ${blocks.length} js blocks`);
    const roomID = String.raw`[A-Za-z0-9]{20}`;
    const expected = [
      /\{ displayName: 'Ann', success: true \}/, // updateProfile
      /\{ ready: true, success: true \}/, // toggleReady through act()
      /functions\/failed-precondition NOT_ENOUGH_PLAYERS/, // the error's code and reason
      /room waiting version 2/, // created (1), then the host is ready (2)
      /my cards \[\]/, // no deal yet
      /my account \{/, // the account listener …
      new RegExp(String.raw`roomID: '${roomID}'`), // … shows the room
      new RegExp(String.raw`open rooms \[[^\]]*'${roomID}'`),
      new RegExp(String.raw`event playing round 0 tables \[ '${roomID}r1t1', '${roomID}r1t2' \]`),
      /boards I may read \[\]/,
    ];
    const { output, why } = await runUntil(blocks.join("\n"), expected);
    const missing = expected.filter((pattern) => !pattern.test(output));
    assert.deepEqual(missing, [], `the snippets ${why}; missing ${missing.join(", ")} in:\n${output}`);
    assert.equal(why, "done");
    assert.doesNotMatch(output, /ann-\d+|example\.com/, "the email shows nowhere");
    console.error(`readme snippets: ${blocks.length} blocks run; output:\n${output}`);
  },
);
