// End-to-end: a robot tournament through the web client (docs/API.md "Robot tournaments").
//   node --test web/e2e/tournament.test.mjs      (the emulators running, web/dist built; see harness.mjs)
// The Functions emulator never fires schedules: the test runs the tournaments' clock by hand,
// `scripts/tournament-clock [time]`, as of now (the traveller and standings) and then as of a
// time past the close (the close and the ratings).

import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { join } from "node:path";
import { test } from "node:test";
import { promisify } from "node:util";
import { servedApp, setName, testid, uidOf, WEB_DIR } from "./harness.mjs";

const ROOT = join(WEB_DIR, "..");

const openPage = servedApp();

/** One run of the tournaments' clock, as of `at` (default now). */
async function runClock(at) {
  const { stdout } = await promisify(execFile)(
    join(ROOT, "scripts", "tournament-clock"),
    at ? [at.toISOString()] : [],
    { cwd: ROOT },
  );
  return stdout.trim();
}

/** Waits until my table has moved past `version` and I may act (the first call or card I am
 *  offered), or it has ended; returns the table's version and what to click (null: ended). */
async function nextMove(page, version) {
  const handle = await page.waitForFunction(
    (after) => {
      const table = document.querySelector('[data-testid="table"]');
      if (!table || table.dataset.busy === "true" || Number(table.dataset.version) <= after) return null;
      const at = Number(table.dataset.version);
      if (table.dataset.status === "ended") return { version: at, click: null };
      if (table.dataset.inSync !== "true") return null;
      // The simplest legal choice: Pass, else the first card I may play (mine, or as declarer the dummy's).
      if (document.querySelector('[data-testid="bid-PASS"]:not([disabled])'))
        return { version: at, click: '[data-testid="bid-PASS"]' };
      const card = document.querySelector(
        '[data-testid="hand-card"]:not([disabled]), [data-testid="dummy-card"]:not([disabled])',
      );
      return (
        card && {
          version: at,
          click: `[data-testid="${card.dataset.testid}"][data-card="${card.dataset.card}"]`,
        }
      );
    },
    version,
    { polling: 50 },
  );
  return handle.jsonValue();
}

test("a one-board robot tournament: create, enter, play, the traveller, the standings, the close and the leaderboard", async () => {
  const started = Date.now();
  const player = await openPage("entrant");
  const { page } = player;
  await page.click(testid("sign-in-anonymous"));
  await setName(page, "Trix");
  const uid = await uidOf(page);

  // A tournament for friends: one board of contract bridge by matchpoints, open for 10 minutes.
  await page.selectOption(testid("tournament-game"), "contract");
  await page.fill(testid("tournament-boards-count"), "1");
  await page.fill(testid("tournament-minutes"), "10");
  await page.click(testid("create-tournament"));
  const panel = page.locator(`${testid("tournament")}[data-closed="false"]`);
  await panel.waitFor();
  const tournamentID = (await page.locator(testid("tournament-id")).textContent()).trim();
  await page.locator(`${testid("open-tournament")}[data-tournament-id="${tournamentID}"]`).waitFor();
  await page
    .locator(`${testid("show-my-tournament")}`)
    .filter({ hasText: tournamentID })
    .waitFor();

  // Entering makes my table: South, three bots, the board dealt; the room panel plays it.
  await page.click(testid("enter-tournament"));
  await page.locator(`${testid("table")}[data-my-position="2"]`).waitFor();
  assert.match(await page.locator(testid("leave-room")).textContent(), /Leave tournament/);
  assert.equal(await page.locator(testid("start-game")).count(), 0, "no lobby at a tournament's table");
  await page.locator(`${testid("tournament-progress")}[data-played="0"]`).waitFor();
  assert.equal(await page.locator(testid("tournament-board")).count(), 0, "no board before I finish it");

  let moves = 0;
  for (let move = await nextMove(page, 0); move.click; move = await nextMove(page, move.version)) {
    await page.click(move.click);
    moves += 1;
  }
  assert.ok(moves >= 1, "I passed at least once");
  assert.equal(await page.locator(`${testid("error")}:not([hidden])`).count(), 0, "no error while playing");

  // Finished: my progress, and the board with its hand record and my result; the traveller and the
  // standings wait for the clock.
  await page.locator(`${testid("tournament-progress")}[data-played="1"][data-done="true"]`).waitFor();
  await page.click(testid("show-board-1"));
  const board = page.locator(`${testid("tournament-board")}[data-board="1"]`);
  assert.equal(await board.locator(testid("record-hand")).count(), 4, "the board's four hands");
  await board.locator(`${testid("field-result")}[data-uid="${uid}"]`).waitFor();
  await page.locator(testid("standings-pending")).waitFor();

  // The clock compacts my result: the traveller (alone on the board: 50 %) and the standings.
  console.error(await runClock());
  const row = board.locator(testid("traveller-row"));
  await row.waitFor();
  assert.equal(await row.getAttribute("data-count"), "1");
  assert.equal(Number(await row.getAttribute("data-points")), 50);
  const mine = page.locator(testid("my-standing"));
  await mine.waitFor();
  assert.equal(await mine.getAttribute("data-place"), "1");
  assert.equal(Number(await mine.getAttribute("data-total")), 50);
  assert.equal(await page.locator(`${testid("standings")}[data-final="false"]`).count(), 1);
  await board.locator(testid("show-field-record")).click();
  await board.locator(testid("deal-record")).waitFor();

  // Leaving the ended table frees me; the one entry is spent, and the refusal shows as errors do.
  await page.click(testid("leave-room"));
  await page.locator(testid("room")).waitFor({ state: "hidden" });
  await page.click(
    `${testid("open-tournament")}[data-tournament-id="${tournamentID}"] ${testid("enter-open-tournament")}`,
  );
  await page.locator(`${testid("error")}[data-reason="ALREADY_ENTERED"]`).waitFor();

  // Past its close, the clock closes it: the standings are final, the seed shows, and I am rated.
  console.error(await runClock(new Date(Date.now() + 11 * 60_000)));
  await page.locator(`${testid("tournament")}[data-closed="true"]`).waitFor();
  await page.locator(`${testid("standings")}[data-final="true"]`).waitFor();
  await page
    .locator(`${testid("open-tournament")}[data-tournament-id="${tournamentID}"]`)
    .waitFor({ state: "detached" });
  await page.locator(`${testid("leaderboard")} ${testid("rating")}[data-uid="${uid}"]`).waitFor();
  await page.selectOption(testid("leaderboard-season"), "");
  await page
    .locator(`${testid("leaderboard")}[data-season=""] ${testid("rating")}[data-uid="${uid}"]`)
    .waitFor();

  assert.deepEqual(player.errors, [], "no uncaught page errors");
  await player.context.close();
  console.error(`tournament test: ${moves} moves, ${((Date.now() - started) / 1000).toFixed(1)} s`);
});
