// End-to-end: real browsers drive the web client against the emulators, through the UI only.
//   node --test web/e2e          (the emulators running, web/dist built; see harness.mjs)
// E2E_SCREENSHOT=path saves one player's view of the table mid-trick (docs/table.png);
// E2E_SHOTS_DIR=dir saves a screenshot of each stage, for looking at the UI.

import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";
import { servedApp, setName, testid, UI_TIMEOUT_MS, uidOf } from "./harness.mjs";

const RANKS = "23456789TJQKA";
const ALL_BIDS = [1, 2, 3, 4, 5, 6, 7].flatMap((level) =>
  ["C", "D", "H", "S", "NT"].map((s) => `${level}${s}`),
);
const suit = (card) => card[1];
const sorted = (cards) => [...cards].sort();

const openPage = servedApp();
const players = [];

// Each test opens its own players; close them whatever the outcome.
afterEach(async () => {
  for (const player of players.splice(0)) await player.context.close();
});

/** Open one browser context per name, in parallel; `players` keeps them in the order given. */
async function newPlayers(...names) {
  const opened = await Promise.all(names.map((name) => openPage(name)));
  players.push(...opened);
  return opened;
}

// ---- reading and waiting on what a player sees ------------------------------------------

/** Everything the table shows one player, read in one go (runs in the page). */
function readTable() {
  const table = document.querySelector('[data-testid="table"]');
  if (!table) return null;
  const all = (selector) => [...document.querySelectorAll(selector)];
  const cards = (selector) => all(selector).map((e) => e.dataset.card);
  return {
    version: Number(table.dataset.version),
    status: table.dataset.status,
    turn: table.dataset.turn === "" ? null : Number(table.dataset.turn),
    me: Number(table.dataset.myPosition),
    hand: cards('[data-testid="hand"] [data-testid="hand-card"]'),
    enabledHand: cards('[data-testid="hand"] [data-testid="hand-card"]:not([disabled])'),
    // Contract bridge: the dummy's cards (shown from the opening lead on) and those I may play.
    dummy: document.querySelector('[data-testid="dummy"]') ? cards('[data-testid="dummy-card"]') : null,
    enabledDummy: cards('[data-testid="dummy-card"]:not([disabled])'),
    // Every card face on the page except the declarer's partner-card chooser (which offers
    // all cards the declarer lacks), the named partner card and the hand records of finished
    // deals (checked apart: `recordNumbers`).
    visibleCards: all("[data-card]")
      .filter(
        (e) =>
          !e.closest('[data-testid="partner-picker"]') &&
          !e.closest('[data-testid="deal-records"]') &&
          e.dataset.testid !== "partner-card",
      )
      .map((e) => e.dataset.card),
    // Hand records are public once their deal has finished (SPEC §9): the deals they show.
    recordNumbers: all('[data-testid="deal-record"]').map((e) => Number(e.dataset.number)),
    dealOfMatch: document.querySelector('[data-testid="deal-of-match"]')?.textContent ?? null,
    enabledBids: all('[data-testid="bid-box"] button:not([disabled])').map((b) => b.dataset.testid.slice(4)),
    hasPicker: document.querySelector('[data-testid="partner-picker"]') !== null,
    pickerEnabled: cards('[data-testid="partner-picker"] button:not([disabled])'),
    partner: document.querySelector('[data-testid="partner"]')?.dataset.position ?? null,
    iAmPartner: document.querySelector('[data-testid="i-am-partner"]') !== null,
    trick: all('[data-testid="trick"] [data-testid="trick-card"]').map((e) => e.dataset.card),
    contract: document.querySelector('[data-testid="contract"]')?.dataset.bid ?? null,
    tricksWon: [0, 1, 2, 3].map((p) =>
      Number(document.querySelector(`[data-testid="tricks-won-${p}"]`)?.textContent),
    ),
    winners: document.querySelector('[data-testid="result"]')?.dataset.winners ?? null,
    myTurnText: document.querySelector('[data-testid="turn"]')?.dataset.myTurn ?? null,
    error: document.querySelector('[data-testid="error"]:not([hidden])')?.textContent ?? null,
  };
}

/** The score table one player sees (runs in the page). */
function readScores() {
  const table = document.querySelector('[data-testid="score-table"]');
  if (!table) return null;
  return {
    dealNumber: Number(table.dataset.dealNumber),
    deals: Number(table.dataset.deals),
    progress: table.querySelector('[data-testid="match-progress"]').textContent,
    rows: [...table.querySelectorAll('[data-testid="score-row"]')].map((row) => ({
      uid: row.dataset.uid,
      points: Number(row.dataset.points),
      shownPoints: row.lastElementChild.textContent,
      seated: row.dataset.seated === "true",
      name: row.querySelector('[data-testid="score-name"]').textContent,
    })),
  };
}

/** The open hand record one player sees (runs in the page). */
function readRecord() {
  const record = document.querySelector('[data-testid="deal-record"]');
  if (!record) return null;
  const cards = (element) => [...element.querySelectorAll("[data-card]")].map((e) => e.dataset.card);
  return {
    number: Number(record.dataset.number),
    partner: Number(record.dataset.partner),
    hands: [...record.querySelectorAll('[data-testid="record-hand"]')].map(cards),
    bids: [...record.querySelectorAll('[data-testid="record-bid"]')].map((e) => ({
      position: Number(e.dataset.position),
      bid: e.dataset.bid,
    })),
    tricks: [...record.querySelectorAll('[data-testid="record-trick"]')].map((e) => ({
      cards: cards(e),
      winner: Number(e.dataset.winner),
    })),
    points: record.querySelector('[data-testid="record-points"]').textContent,
  };
}

/** Wait until every player's table shows at least `version`, with hand and room in step and no call in flight. */
/** Signs in as `name`, creates a room of `variant` (after `configure`), seats `bots` bots and
 *  starts the first deal. */
async function startAgainstBots(page, name, variant, bots, configure = async () => {}) {
  await page.click(testid("sign-in-anonymous"));
  await setName(page, name);
  await page.selectOption(testid("create-variant"), variant);
  await configure();
  await page.click(testid("create-room"));
  await page.locator(testid("room-player")).first().waitFor();
  for (let n = 2; n <= bots + 1; n++) {
    await page.click(testid("add-bot"));
    await page
      .locator(testid("room-player"))
      .nth(n - 1)
      .waitFor();
  }
  await page.click(testid("ready-toggle"));
  await page.locator(`${testid("start-game")}:enabled`).waitFor();
  await page.click(testid("start-game"));
}

/** Plays my part of the deal in progress to its end: my first call the cheapest bid I may make
 *  (else PASS), then PASS; the first legal card of my hand, or of the dummy when I declare.
 *  `afterMove(view, called)` checks each view that follows a move. */
async function playOutDeal(page, view, afterMove = () => {}) {
  let called = false;
  while (view.status !== "dealEnded") {
    if (view.status === "bidding") {
      const call = called ? "PASS" : (view.enabledBids.find((b) => b !== "PASS") ?? "PASS");
      called = true;
      await page.click(testid(`bid-${call}`));
    } else if (view.enabledDummy.length > 0) {
      await page.click(`${testid("dummy")} [data-card="${view.enabledDummy[0]}"]`);
    } else {
      await page.click(`${testid("hand")} [data-card="${view.enabledHand[0]}"]`);
    }
    [view] = await settle(view.version + 1);
    afterMove(view, called);
  }
  return view;
}

async function settle(version) {
  await Promise.all(
    players.map(({ page }) =>
      page.waitForFunction(
        (v) => {
          const t = document.querySelector('[data-testid="table"]');
          return (
            t && Number(t.dataset.version) >= v && t.dataset.inSync === "true" && t.dataset.busy === "false"
          );
        },
        version,
        { timeout: UI_TIMEOUT_MS, polling: 50 },
      ),
    ),
  );
  const views = await Promise.all(players.map(({ page }) => page.evaluate(readTable)));
  for (const [i, view] of views.entries()) {
    assert.equal(view.error, null, `${players[i].name} sees an error`);
    assert.equal(view.version, views[0].version, "all players see the same version");
  }
  return views;
}

/** Where the bidding box and my hand are on the first screen (runs in the page, scrolled to the top). */
function bidBoxAndHand() {
  window.scrollTo(0, 0);
  const edges = (id) => {
    const { top, bottom } = document.querySelector(`[data-testid="${id}"]`).getBoundingClientRect();
    return { top, bottom };
  };
  return { box: edges("bid-box"), hand: edges("hand"), height: window.innerHeight };
}

/** While my bidding box is open, it and my hand both fit on the first screen (1280×900). */
async function assertHandInView(page) {
  const { box, hand, height } = await page.evaluate(bidBoxAndHand);
  assert.ok(box.top >= 0 && box.bottom <= height, `the bidding box (${box.top}-${box.bottom}) in view`);
  assert.ok(
    hand.top >= 0 && hand.bottom <= height,
    `my hand (${hand.top}-${hand.bottom}) in the ${height}px view`,
  );
}

/** Wait for the error banner to show `text`; check the reason it carries. */
async function expectError(page, reason, text) {
  const error = page.locator(testid("error")).filter({ hasText: text });
  await error.waitFor();
  assert.match(await error.getAttribute("data-reason"), reason);
}

/** With E2E_SHOTS_DIR set, save what `player` sees as `<dir>/<stage>.png`. */
async function shot(player, stage) {
  if (process.env.E2E_SHOTS_DIR)
    await player.page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/${stage}.png`, fullPage: true });
}

/** A room document as stored (read as the emulator's admin: no rules). */
async function storedRoom(roomID) {
  const url = `http://127.0.0.1:8080/v1/projects/demo-floating-bridge/databases/(default)/documents/rooms/${roomID}`;
  const response = await fetch(url, { headers: { Authorization: "Bearer owner" } });
  assert.ok(response.ok, `GET ${url}: ${response.status}`);
  return (await response.json()).fields;
}

// ---- the rules, kept independently of the client's own copy -------------------------------

function legalCards(hand, trick, trump, trumpBroken) {
  if (trick.length > 0) {
    const following = hand.filter((c) => suit(c) === suit(trick[0].card));
    return following.length ? following : hand;
  }
  if (trump && !trumpBroken) {
    const others = hand.filter((c) => suit(c) !== trump);
    if (others.length) return others;
  }
  return hand;
}

function trickWinner(trick, trump) {
  const led = suit(trick[0].card);
  const beats = (a, b) =>
    suit(a.card) === suit(b.card)
      ? RANKS.indexOf(a.card[0]) > RANKS.indexOf(b.card[0])
      : suit(a.card) === trump;
  return trick.reduce((best, play) =>
    (suit(play.card) === led || suit(play.card) === trump) && beats(play, best) ? play : best,
  ).position;
}

// ---- one deal, played through the UI --------------------------------------------------------

let screenshotTaken = !process.env.E2E_SCREENSHOT; // E2E_SCREENSHOT: one view of a trick in play

/**
 * Play the deal that has just started, through the UI, from its first settled `views`:
 * the first two speakers bid the lowest bid offered, then three passes; the declarer names
 * the first card the chooser offers; then every player plays a random legal card in turn
 * until the deal ends (SPEC §5.6). Checks what every player sees at each step, and returns
 * what happened, for the result, the score and the hand record.
 */
async function playDeal(views, number) {
  // The deal: each player sees exactly their own 13 cards.
  assert.deepEqual(
    views.map((v) => v.me),
    [0, 1, 2, 3],
    "seats in joining order",
  );
  for (const v of views) {
    assert.equal(v.status, "bidding");
    assert.equal(v.dealOfMatch, `Deal ${number} of 2 · `);
    assert.ok(
      v.recordNumbers.every((n) => n < number),
      "only finished deals have hand records",
    );
  }
  const hands = views.map((v) => [...v.hand]);
  const dealt = hands.map((hand) => [...hand]);
  for (const hand of hands) assert.equal(hand.length, 13);
  assert.equal(new Set(hands.flat()).size, 52, "the four hands are disjoint");
  for (const v of views)
    assert.deepEqual(sorted(v.visibleCards), sorted(hands[v.me]), "only my own cards on my page");

  // The auction: the first two speakers each bid the lowest bid offered, then three passes.
  let highestBid = null;
  let bidsMade = 0;
  const bids = [];
  while (views[0].status === "bidding") {
    const turn = views[0].turn;
    const expected = ["PASS", ...ALL_BIDS.slice(highestBid ? ALL_BIDS.indexOf(highestBid) + 1 : 0)];
    for (const v of views) {
      const offered = v.me === turn ? sorted(expected) : [];
      assert.deepEqual(
        sorted(v.enabledBids),
        offered,
        `${players[v.me].name}: PASS and higher bids, on turn only`,
      );
    }
    if (bidsMade === 0) await assertHandInView(players[turn].page);
    if (bidsMade === 1) await shot(players[turn], `deal${number}-bidding`);
    const bid = bidsMade < 2 ? expected[1] : "PASS";
    if (bid !== "PASS") [highestBid, bidsMade] = [bid, bidsMade + 1];
    bids.push({ position: turn, bid });
    await players[turn].page.click(testid(`bid-${bid}`));
    views = await settle(views[0].version + 1);
  }
  assert.equal(views[0].status, "choosingTeammate");
  assert.equal(views[0].contract, highestBid);
  const declarer = views[0].turn;
  const level = Number(highestBid[0]);
  const trump = highestBid.slice(1); // a suit: the first two bids are 1C and 1D
  const [target, defenderTarget] = [level + 6, 8 - level];

  // The declarer names a partner card: any card they do not hold.
  for (const v of views) assert.equal(v.hasPicker, v.me === declarer, "only the declarer chooses");
  const picker = views[declarer];
  assert.deepEqual(
    sorted(picker.pickerEnabled),
    sorted(hands.flat().filter((c) => !hands[declarer].includes(c))),
  );
  await shot(players[declarer], `deal${number}-partner-picker`);
  const partnerCard = picker.pickerEnabled[0];
  const partner = hands.findIndex((hand) => hand.includes(partnerCard));
  await players[declarer].page.click(testid(`partner-choice-${partnerCard}`));
  views = await settle(picker.version + 1);
  for (const v of views) {
    assert.equal(v.partner, "hidden", "the partner is secret");
    assert.equal(v.iAmPartner, v.me === partner, "only the holder knows");
  }

  // The play: each player in turn plays a random legal card; the client must offer exactly those.
  const played = new Set();
  const tricksWon = [0, 0, 0, 0];
  const tricks = []; // completed tricks: { cards (in play order), winner }
  let trick = [];
  let trumpBroken = false;
  let revealed = false;
  const shownOut = new Set(); // seats that did not follow a lead of the partner card's suit
  assert.equal(views[0].status, "playing");
  assert.equal(views[0].turn, (declarer + 1) % 4, "the player left of the declarer leads (suit contract)");
  for (;;) {
    // SPEC §5.6: the deal ends early only when a side has reached its target whichever seat
    // that may hold the partner card (as the table can tell) holds it.
    const done = tricksWon.reduce((a, b) => a + b);
    const possible = revealed ? [partner] : [0, 1, 2, 3].filter((p) => p !== declarer && !shownOut.has(p));
    const decided = (p) => {
      const ours = tricksWon[declarer] + tricksWon[p];
      return ours >= target || done - ours >= defenderTarget;
    };
    const over = trick.length === 0 && done > 0 && (done === 13 || possible.every(decided));
    for (const v of views) {
      assert.deepEqual(sorted(v.hand), sorted(hands[v.me]), "my hand");
      for (const card of v.visibleCards) {
        assert.ok(
          hands[v.me].includes(card) || played.has(card),
          `${players[v.me].name} must not see ${card}`,
        );
      }
      if (!over)
        assert.equal(v.partner, revealed ? String(partner) : "hidden", "partner shown only once revealed");
      assert.deepEqual(v.tricksWon, tricksWon);
      assert.deepEqual(
        v.trick,
        trick.map((p) => p.card),
      );
    }
    if (over) break;
    assert.equal(views[0].status, "playing");

    const turn = views[0].turn;
    const legal = legalCards(hands[turn], trick, trump, trumpBroken);
    for (const v of views) {
      const expected = v.me === turn ? legal : [];
      assert.deepEqual(
        sorted(v.enabledHand),
        sorted(expected),
        `${players[v.me].name}: only legal cards, only on turn`,
      );
    }
    if (!screenshotTaken && turn === 0 && trick.length >= 2 && played.size >= 8) {
      await players[0].page.screenshot({ path: process.env.E2E_SCREENSHOT, fullPage: true });
      screenshotTaken = true;
    }
    const card = legal[Math.floor(Math.random() * legal.length)];
    await players[turn].page.click(`${testid("hand")} [data-card="${card}"]`);
    hands[turn] = hands[turn].filter((c) => c !== card);
    played.add(card);
    trick.push({ position: turn, card });
    if (card === partnerCard) revealed = true;
    if (suit(trick[0].card) === suit(partnerCard) && suit(card) !== suit(partnerCard)) shownOut.add(turn);
    if (trick.length === 4) {
      const winner = trickWinner(trick, trump);
      tricksWon[winner]++;
      tricks.push({ cards: trick.map((p) => p.card), winner });
      trumpBroken ||= trick.some((p) => suit(p.card) === trump);
      trick = [];
    }
    views = await settle(views[0].version + 1);
  }

  // The result, as the rules give it; with `tricks` scoring each winner scores the tricks
  // their side took (SPEC §9).
  const declarerSide = tricksWon[declarer] + tricksWon[partner];
  const made = declarerSide >= target;
  const winnerSeats = made
    ? [declarer, partner]
    : [0, 1, 2, 3].filter((p) => p !== declarer && p !== partner);
  const sideTricks = made ? declarerSide : tricks.length - declarerSide;
  const points = [0, 1, 2, 3].map((p) => (winnerSeats.includes(p) ? sideTricks : 0));
  for (const v of views) {
    assert.equal(v.partner, String(partner), "the result names the partner");
    assert.deepEqual(v.enabledHand, []);
  }
  return { views, dealt, bids, declarer, partner, partnerCard, tricks, winnerSeats, points, played };
}

/**
 * The person at players[0] plays the deal under way against three bots, to its end, from their
 * first settled `views` (of every open page): their first call opens at the lowest bid offered,
 * then they pass; they name the first partner card offered and play the first legal card. After
 * each of their calls the bots have moved: the table waits for them again. Returns every set of
 * settled views, in order.
 */
async function playAgainstBots(views) {
  const history = [views];
  const { page } = players[0];
  for (let moves = 0; ; moves++) {
    const [view] = views;
    assert.equal(view.error, null);
    if (view.status === "dealEnded" || view.status === "ended") return history;
    assert.equal(view.turn, view.me, "the bots have moved: it is my turn again");
    if (view.status === "bidding") {
      const bid = moves === 0 ? view.enabledBids.find((b) => b !== "PASS") : "PASS";
      await page.click(testid(`bid-${bid}`));
    } else if (view.status === "choosingTeammate") {
      await page.click(testid(`partner-choice-${view.pickerEnabled[0]}`));
    } else {
      assert.equal(view.status, "playing");
      assert.ok(view.enabledHand.length > 0 && view.enabledHand.every((c) => view.hand.includes(c)));
      await page.click(`${testid("hand")} [data-card="${view.enabledHand[0]}"]`);
    }
    views = await settle(view.version + 1);
    history.push(views);
  }
}

// ---- the tests ------------------------------------------------------------------------------

/** Once four are seated, every player marks ready at the same time; `host` sees all four ready. */
async function allReady(players, host) {
  await Promise.all(players.map(({ page }) => page.locator(testid("room-player")).nth(3).waitFor()));
  await Promise.all(players.map(({ page }) => page.click(testid("ready-toggle"))));
  await host.page
    .locator(`${testid("room-player")}[data-ready="true"]`)
    .nth(3)
    .waitFor();
}

// A guard against a hang, not a measure: the whole suite takes 3-5 minutes, longer while the
// Python tests of scripts/all-tests' second lane share the machine.
describe("web client", { timeout: 600_000 }, () => {
  test("lobby: sign-up, invite-only room, settings, invitation, ready, leave", async () => {
    const [host, guest] = await newPlayers("host", "guest");

    // Email sign-up, sign-out and sign-in again: the same account.
    await host.page.fill(testid("email"), "hosta@example.com");
    await host.page.fill(testid("password"), "secret123");
    await shot(host, "sign-in");
    await host.page.click(testid("sign-up-email"));
    // SPEC §14: the public name never comes from the email; the player picks one.
    await host.page
      .locator(testid("account-name"))
      .filter({ hasText: /^Player-/ })
      .waitFor();
    await setName(host.page, "Hosta");
    const hostUid = await uidOf(host.page);
    await host.page.click(testid("sign-out"));
    await host.page.locator(testid("sign-in")).waitFor();
    await host.page.fill(testid("password"), "wrong-password");
    await host.page.click(testid("sign-in-email"));
    await expectError(host.page, /^auth\/(wrong-password|invalid-credential)$/, /Wrong email or password/);
    await host.page.fill(testid("password"), "secret123");
    await host.page.click(testid("sign-in-email"));
    await host.page.locator(testid("account-uid")).filter({ hasText: hostUid }).waitFor();

    // (An anonymous player has no account until their first successful call, and the
    // backend invites only players with an account: so this guest signs up by email.)
    await guest.page.fill(testid("email"), "guest@example.com");
    await guest.page.fill(testid("password"), "secret123");
    await guest.page.click(testid("sign-up-email"));
    await guest.page
      .locator(testid("account-name"))
      .filter({ hasText: /^Player-/ })
      .waitFor();
    const guestUid = await uidOf(guest.page);

    // An invite-only room: not listed for others, and closed to the uninvited.
    await host.page.check(testid("create-inviteOnly"));
    await host.page.click(testid("create-room"));
    const roomID = (
      await host.page.locator(testid("room-id")).filter({ hasText: /\w/ }).textContent()
    ).trim();
    assert.equal(await host.page.locator(testid("setting-inviteOnly")).isChecked(), true);
    assert.equal(await guest.page.locator(`${testid("open-room")}[data-room-id="${roomID}"]`).count(), 0);
    await guest.page.fill(testid("join-room-id"), roomID);
    await guest.page.click(testid("join-room"));
    await expectError(guest.page, /^NOT_INVITED$/, /invite-only and you have not been invited/);
    await shot(guest, "lobby-error");

    // The host changes a setting; the change comes back through the room listener.
    await host.page.click(testid("setting-playAllTricks"));
    await host.page.locator(`${testid("setting-playAllTricks")}:checked`).waitFor();
    // The match settings too (SPEC §9): no fixed end, scored by tricks won. (The option the room
    // says is selected carries the attribute `selected`: the server's answer is back.)
    await host.page.selectOption(testid("setting-deals"), "0");
    await host.page
      .locator(`${testid("setting-deals")} option[value="0"][selected]`)
      .waitFor({ state: "attached" });
    await host.page.selectOption(testid("setting-scoring"), "tricks");
    await host.page
      .locator(`${testid("setting-scoring")} option[value="tricks"][selected]`)
      .waitFor({ state: "attached" });

    // Invite by uid; the room shows up in the guest's invitations; join from there.
    await host.page.fill(testid("invite-uid"), guestUid);
    await host.page.click(testid("invite"));
    await guest.page
      .locator(`${testid("invitations")} [data-room-id="${roomID}"] ${testid("join-open-room")}`)
      .click();
    for (const { page } of [host, guest]) await page.locator(testid("room-player")).nth(1).waitFor();
    assert.equal(
      await guest.page.locator(testid("setting-playAllTricks")).isDisabled(),
      true,
      "only the host edits settings",
    );
    assert.equal(await guest.page.locator(testid("start-game")).count(), 0, "only the host sees Start");
    assert.equal(await guest.page.locator(testid("setting-deals")).inputValue(), "0");
    assert.equal(await guest.page.locator(testid("setting-scoring")).inputValue(), "tricks");
    assert.equal(await guest.page.locator(testid("setting-deals")).isDisabled(), true);

    await guest.page.click(testid("ready-toggle"));
    await host.page.locator(`${testid("room-player")}[data-uid="${guestUid}"][data-ready="true"]`).waitFor();
    await shot(host, "waiting-room");
    assert.equal(
      await host.page.locator(testid("start-game")).isDisabled(),
      true,
      "two players cannot start",
    );

    // Leaving: the guest goes back to the lobby; the host alone leaves and the room is deleted.
    await guest.page.click(testid("leave-room"));
    await guest.page.locator(testid("account-room")).filter({ hasText: "none" }).waitFor();
    await host.page.locator(testid("room-player")).nth(1).waitFor({ state: "detached" });
    await host.page.click(testid("leave-room"));
    await host.page.locator(testid("account-room")).filter({ hasText: "none" }).waitFor();
    await host.page.locator(testid("lobby")).waitFor();

    for (const player of players) assert.deepEqual(player.errors, [], "no uncaught page errors");
  });

  test("four players play a two-deal match through the UI", async () => {
    const started = Date.now();
    const [alice, bob, carol, dave] = await newPlayers("alice", "bob", "carol", "dave");

    // Sign in: two by email sign-up (the Auth trigger makes their accounts), two as guests.
    // Bob's name looks like markup: every view must show it as text.
    const chosenNames = { alice: "alice", bob: "<i>bob</i> & co" };
    await Promise.all(
      [alice, bob].map(async ({ name, page }) => {
        await page.fill(testid("email"), `${name}@example.com`);
        await page.fill(testid("password"), "secret123");
        await page.click(testid("sign-up-email"));
        await page
          .locator(testid("account-name"))
          .filter({ hasText: /^Player-/ })
          .waitFor();
        await setName(page, chosenNames[name]);
      }),
    );
    await Promise.all([carol, dave].map(({ page }) => page.click(testid("sign-in-anonymous"))));
    const uids = await Promise.all(players.map(({ page }) => uidOf(page)));

    // Alice creates a room for a match of two deals scored by tricks won; Bob joins from the
    // open-rooms list (which shows the match settings), Carol and Dave by id.
    await alice.page.fill(testid("create-deals"), "2");
    await alice.page.selectOption(testid("create-scoring"), "tricks");
    await alice.page.click(testid("create-room"));
    const roomID = (
      await alice.page.locator(testid("room-id")).filter({ hasText: /\w/ }).textContent()
    ).trim();
    const openRoom = bob.page.locator(`${testid("open-room")}[data-room-id="${roomID}"]`);
    await openRoom.filter({ hasText: "2 deals · scoring: tricks won" }).waitFor();
    await openRoom.locator(testid("join-open-room")).click();
    await bob.page.locator(testid("room-id")).filter({ hasText: roomID }).waitFor();

    await carol.page.fill(testid("join-room-id"), "noSuchRoom42");
    await carol.page.click(testid("join-room"));
    await expectError(carol.page, /^ROOM_NOT_FOUND$/, /no room with that id/);
    for (const { page } of [carol, dave]) {
      await page.fill(testid("join-room-id"), roomID);
      await page.click(testid("join-room"));
      await page.locator(testid("room-id")).filter({ hasText: roomID }).waitFor();
    }

    // The waiting room shows the match settings; only the host may change them.
    for (const { page } of [alice, dave]) {
      assert.equal(await page.locator(testid("setting-deals")).inputValue(), "2");
      assert.equal(await page.locator(testid("setting-scoring")).inputValue(), "tricks");
    }
    assert.equal(await alice.page.locator(testid("setting-deals")).isDisabled(), false);
    assert.equal(await dave.page.locator(testid("setting-deals")).isDisabled(), true);

    // Everyone ready (at the same time), then the host starts.
    await allReady(players, alice);
    await shot(alice, "all-ready");
    await alice.page.click(testid("start-game"));

    const names = await Promise.all(
      players.map(async ({ page }) => (await page.locator(testid("account-name")).textContent()).trim()),
    );
    assert.equal(names[1], chosenNames.bob);
    const totals = [0, 0, 0, 0];
    const won = [0, 0, 0, 0];

    /** Everyone sees the score table with these totals, all four seated unless `left` says. */
    async function checkScores(dealNumber, { heading, left = null } = {}) {
      await Promise.all(
        players.map(async ({ page, name }, position) => {
          if (position === left) return;
          const table = page.locator(testid("score-table"));
          await table.locator("h3").filter({ hasText: heading }).waitFor();
          const scores = await page.evaluate(readScores);
          assert.equal(scores.dealNumber, dealNumber, `${name}: the deal number`);
          assert.equal(scores.deals, 2);
          assert.equal(scores.progress, `Deal ${dealNumber} of 2 · tricks won`);
          assert.deepEqual(
            sorted(scores.rows.map((row) => row.uid)),
            sorted(uids),
            `${name}: every player of the match, once`,
          );
          for (const row of scores.rows) {
            const p = uids.indexOf(row.uid);
            assert.equal(row.points, totals[p], `${name}: ${names[p]}'s points`);
            assert.equal(row.shownPoints, String(totals[p]));
            assert.equal(row.seated, p !== left);
            const you = p === position ? " (you)" : "";
            assert.equal(row.name, p === left ? `${names[p]} (left)` : `${names[p]}${you}`);
          }
          assert.deepEqual(
            scores.rows.map((row) => row.points),
            [...scores.rows.map((row) => row.points)].sort((a, b) => b - a),
            "highest score first",
          );
        }),
      );
    }

    /** The deal just played, as everyone sees its result, and the stats and score it gave. */
    async function checkResult(deal, dealNumber, status) {
      const winners = sorted(new Set(deal.winnerSeats.map((p) => uids[p]))).join(",");
      for (const v of deal.views) {
        assert.equal(v.status, status);
        assert.equal(v.winners, winners, "everyone sees the same result");
      }
      for (const p of deal.winnerSeats) won[p]++;
      deal.points.forEach((points, p) => (totals[p] += points));
      await Promise.all(
        players.map(async ({ page }, position) => {
          await page
            .locator(testid("stat-played"))
            .filter({ hasText: String(dealNumber) })
            .waitFor();
          assert.equal(await page.locator(testid("stat-won")).textContent(), String(won[position]));
          // The result names the declarer and the partner (in Floating Bridge another player).
          const summary = await page.locator(testid("result-summary")).textContent();
          assert.ok(summary.includes(`${names[deal.declarer]} and partner ${names[deal.partner]}`), summary);
          // The points of the deal come from its hand record.
          const expected = deal.points.map((points, p) => `${names[p]} +${points}`).join(" · ");
          await page
            .locator(testid("result-points"))
            .filter({ hasText: `Points: ${expected}` })
            .waitFor();
        }),
      );
    }

    // ---- deal 1 ----
    const deal1 = await playDeal(await settle(0), 1);
    assert.equal(await alice.page.locator(testid("game-name")).textContent(), "Floating Bridge");
    await checkResult(deal1, 1, "dealEnded");
    await checkScores(1, { heading: "Scores" });
    await shot(alice, "deal-ended");

    // Between deals: nobody is ready; the host's start waits for all four.
    for (const [position, { page }] of players.entries()) {
      await page.locator(testid("next-deal")).waitFor();
      assert.equal(
        await page.locator(testid("turn")).textContent(),
        "This deal is over: the next one starts when all are ready",
      );
      assert.equal(await page.locator(`${testid("room-player")}[data-ready="true"]`).count(), 0);
      assert.equal(await page.locator(testid("start-game")).count(), position === 0 ? 1 : 0);
      assert.equal(await page.locator(testid("leave-room")).textContent(), "Leave room", "not an abandon");
    }
    assert.equal(await alice.page.locator(testid("start-game")).textContent(), "Start deal 2");
    assert.equal(await alice.page.locator(testid("start-game")).isDisabled(), true);

    // The hand record of deal 1: the four hands as dealt, the auction, every trick, the points.
    await carol.page.locator(testid("deal-record-item")).first().waitFor();
    assert.equal(await carol.page.locator(testid("deal-record-item")).count(), 1);
    await carol.page.click(testid("show-deal-1"));
    await carol.page.locator(testid("deal-record")).waitFor();
    const record = await carol.page.evaluate(readRecord);
    assert.equal(record.number, 1);
    assert.equal(record.partner, deal1.partner);
    assert.deepEqual(
      record.hands.map((hand) => sorted(hand)),
      deal1.dealt.map((hand) => sorted(hand)),
      "the hands as dealt",
    );
    assert.deepEqual(record.bids, deal1.bids, "the auction");
    assert.deepEqual(record.tricks, deal1.tricks, "the tricks, in order, with their winners");
    const expectedPoints = deal1.points.map((points, p) => `${names[p]} +${points}`).join(" · ");
    assert.equal(record.points, `Points: ${expectedPoints}`);
    await shot(carol, "hand-record");
    // Names are text, never markup: no <i> element anywhere on any page.
    for (const { page } of players) assert.equal(await page.locator("i").count(), 0);

    // Dave leaves between deals: not an abandon. The room waits again, his score stays, and
    // he can come back (from the open-rooms list) like anyone else.
    await dave.page.click(testid("leave-room"));
    await dave.page.locator(testid("account-room")).filter({ hasText: "none" }).waitFor();
    for (const { page } of [alice, bob, carol]) {
      await page.locator(testid("regrouping")).waitFor();
      await page.locator(testid("room-player")).nth(3).waitFor({ state: "detached" });
    }
    await checkScores(1, { heading: "Scores", left: 3 });
    assert.equal(await alice.page.locator(testid("room-status")).textContent(), "waiting");
    assert.equal(await alice.page.locator(testid("setting-deals")).isDisabled(), true, "fixed once started");
    assert.equal(await dave.page.locator(testid("stat-abandoned")).textContent(), "0");
    await shot(alice, "regrouping");
    await dave.page
      .locator(`${testid("open-room")}[data-room-id="${roomID}"]`)
      .filter({ hasText: "match under way, after deal 1 of 2" })
      .locator(testid("join-open-room"))
      .click();
    await dave.page.locator(testid("room-id")).filter({ hasText: roomID }).waitFor();
    await dave.page.locator(testid("deal-record-item")).first().waitFor(); // a rejoiner reads the records

    // Ready up again, and the host deals deal 2.
    await allReady(players, alice);
    await alice.page.click(testid("start-game"));

    // ---- deal 2 (Carol keeps deal 1's hand record open: it shows no card of this deal) ----
    const deal2 = await playDeal(await settle(0), 2);
    await checkResult(deal2, 2, "ended");
    await checkScores(2, { heading: "Final scores" });
    for (const { page } of players) {
      assert.equal(await page.locator(testid("turn")).textContent(), "The match is over");
      assert.equal(await page.locator(testid("deal-record-item")).count(), 2);
    }
    if (!screenshotTaken) console.error("note: no screenshot moment came up in this match");
    await shot(alice, "result");

    // After the match: the lobby is back and Bob can leave the finished table.
    await bob.page.locator(testid("lobby")).waitFor();
    await bob.page.click(testid("leave-room"));
    await bob.page.locator(testid("account-room")).filter({ hasText: "none" }).waitFor();

    for (const player of players) assert.deepEqual(player.errors, [], "no uncaught page errors");
    const cards = deal1.played.size + deal2.played.size;
    console.error(`match: 2 deals, ${cards} cards played in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
  test("one person plays a match against three bots; the turn timer moves for them when idle", async () => {
    const [solo] = await newPlayers("solo");
    const { page } = solo;
    await page.click(testid("sign-in-anonymous"));
    await setName(page, "Solo");
    await page.fill(testid("create-deals"), "2");
    await page.click(testid("create-room"));
    await page.locator(testid("room-player")).first().waitFor();
    const roomID = (await page.locator(testid("room-id")).filter({ hasText: /\w/ }).textContent()).trim();

    // The host seats three bots (always ready); removes one and seats another.
    const seated = (n) =>
      page
        .locator(testid("room-player"))
        .nth(n - 1)
        .waitFor();
    for (let n = 2; n <= 4; n++) {
      await page.click(testid("add-bot"));
      await seated(n);
    }
    assert.equal(await page.locator(testid("add-bot")).count(), 0, "no free seat: no Add bot");
    const bots = page.locator(`${testid("room-player")}[data-bot="true"]`);
    assert.equal(await bots.count(), 3);
    assert.equal(
      await page.locator(`${testid("room-player")}[data-bot="true"][data-ready="true"]`).count(),
      3,
    );
    const removed = await page.locator(testid("remove-bot")).first().getAttribute("data-uid");
    assert.match(removed, /^~bot/);
    await page.click(`${testid("remove-bot")}[data-uid="${removed}"]`);
    await page.locator(`${testid("room-player")}[data-uid="${removed}"]`).waitFor({ state: "detached" });
    await page.click(testid("add-bot"));
    await seated(4);
    await shot(solo, "bots-waiting");

    await page.click(testid("ready-toggle"));
    await page.locator(`${testid("start-game")}:enabled`).waitFor();
    await page.click(testid("start-game"));

    // ---- deal 1: the bots move on the server in the transaction of each of my calls, so after
    // each of my moves the table is waiting for me again (or the deal is over).
    let [view] = await settle(0);
    const me = view.me;
    const dealt = [...view.hand];
    assert.equal(dealt.length, 13);
    for (const position of [0, 1, 2, 3].filter((p) => p !== me))
      assert.equal(
        await page
          .locator(`${testid(`seat-${position}`)} .badge`)
          .filter({ hasText: "bot" })
          .count(),
        1,
      );
    const history = await playAgainstBots([view]);
    // every card not mine that my page has shown
    const seen = new Set(history.flatMap(([v]) => v.visibleCards).filter((c) => !dealt.includes(c)));
    await page.locator(testid("result")).waitFor();
    await page.locator(testid("stat-played")).filter({ hasText: "1" }).waitFor();

    // The hand record: the cards my page showed were cards played to tricks, never a bot's hand.
    await page.click(testid("show-deal-1"));
    const record = await page.evaluate(readRecord);
    assert.deepEqual(sorted(record.hands[me]), sorted(dealt));
    const played = new Set(record.tricks.flatMap((t) => t.cards));
    for (const card of seen) assert.ok(played.has(card), `my page showed ${card} before it was played`);
    await shot(solo, "bots-deal-ended");

    // Between deals the host swaps a bot: the room waits again (settings may change) and the
    // new bot is ready at once.
    await page.click(`${testid("remove-bot")} >> nth=0`);
    await page.locator(`${testid("waiting")}[data-mid-match="true"]`).waitFor();
    assert.equal(await page.locator(testid("room-player")).count(), 3);

    // ---- deal 2 under a 10-second turn timer: I do nothing, and my own client claims the turn
    // once the deadline has passed; the server bids for me with the bot's policy.
    await page.selectOption(testid("setting-turnSeconds"), "10");
    await page
      .locator(`${testid("setting-turnSeconds")} option[value="10"][selected]`)
      .waitFor({ state: "attached" });
    await page.click(testid("add-bot"));
    await seated(4);
    await page.click(testid("ready-toggle"));
    await page.locator(`${testid("start-game")}:enabled`).waitFor();
    const claims = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/claimTimeout")) claims.push(JSON.parse(request.postData()).data);
    });
    await page.click(testid("start-game"));
    await page.locator(`${testid("table")}[data-status="bidding"]`).waitFor();
    [view] = await settle(0);
    assert.equal(view.turn, view.me, "the bots before me have called");
    const countdown = page.locator(testid("turn-countdown"));
    assert.match(await countdown.textContent(), /^0:(10|0\d)$/);
    const myCalls = page.locator(`${testid("auction-bid")}[data-position="${view.me}"]`);
    const callsBefore = await myCalls.count();
    const handBefore = view.hand.join(" ");
    const idle = view.version;
    [view] = await settle(idle + 1);
    assert.equal(claims.length, 1, "one claim, after the deadline");
    assert.equal(claims[0].expectedVersion, idle, "for the turn whose deadline passed");
    // My call was made: the auction went on with it, or ended; or (my pass and the bots' passing
    // the deal out) the cards were dealt again and the new auction waits for me once more.
    assert.ok(
      view.status !== "bidding" ||
        (await myCalls.count()) > callsBefore ||
        view.hand.join(" ") !== handBefore,
      "a call was made for me",
    );
    assert.equal(view.error, null);
    await shot(solo, "bots-timer");

    // I leave mid-deal: an abandon; with no person left the room is deleted.
    await page.click(testid("leave-room"));
    await page.locator(testid("account-room")).filter({ hasText: "none" }).waitFor();
    await page.locator(testid("stat-abandoned")).filter({ hasText: "1" }).waitFor();
    const gone = await fetch(
      `http://127.0.0.1:8080/v1/projects/demo-floating-bridge/databases/(default)/documents/rooms/${roomID}`,
      { headers: { Authorization: "Bearer owner" } },
    );
    assert.equal(gone.status, 404, "the room is deleted");
    assert.deepEqual(solo.errors, [], "no uncaught page errors");
  });
  test("the social table: a kick from the waiting room, a spectator who sees no hand, chat as text", async () => {
    const [host, fan, guest] = await newPlayers("host", "fan", "guest");
    await Promise.all(players.map(({ page }) => page.click(testid("sign-in-anonymous"))));
    await setName(fan.page, "Fan");
    const alerts = [];
    for (const { page } of players) page.on("dialog", (dialog) => alerts.push(dialog.message()));

    await host.page.click(testid("create-room"));
    const roomID = (
      await host.page.locator(testid("room-id")).filter({ hasText: /\w/ }).textContent()
    ).trim();

    // The host removes a guest from the waiting room: the guest is back in the lobby and may
    // not come back.
    await guest.page.fill(testid("join-room-id"), roomID);
    await guest.page.click(testid("join-room"));
    const guestUid = await uidOf(guest.page);
    await host.page.click(`${testid("kick-player")}[data-uid="${guestUid}"]`);
    await guest.page.locator(testid("account-room")).filter({ hasText: "none" }).waitFor();
    await guest.page.fill(testid("join-room-id"), roomID);
    await guest.page.click(testid("join-room"));
    await expectError(guest.page, /^KICKED$/, /removed you/);
    await guest.context.close();
    players.splice(players.indexOf(guest), 1);

    // Three bots, and the host deals.
    for (let n = 2; n <= 4; n++) {
      await host.page.click(testid("add-bot"));
      await host.page
        .locator(testid("room-player"))
        .nth(n - 1)
        .waitFor();
    }
    await host.page.click(testid("ready-toggle"));
    await host.page.locator(`${testid("start-game")}:enabled`).waitFor();
    await host.page.click(testid("start-game"));

    // The fan watches from the lobby's games in play: the table, with no hand.
    await fan.page
      .locator(`${testid("live-room")}[data-room-id="${roomID}"] ${testid("watch-room")}`)
      .click();
    await fan.page.locator(`${testid("table")}[data-spectator="true"]`).waitFor();
    await host.page.locator(testid("spectator-count")).filter({ hasText: "1 watching" }).waitFor();
    assert.equal(await fan.page.locator(testid("leave-room")).textContent(), "Stop watching");
    assert.equal(
      await fan.page.locator(".seat-name").filter({ hasText: "(you)" }).count(),
      0,
      "no seat is mine",
    );

    // Chat: markup is shown as text, on every page, and runs nothing.
    const markup = "<img src=x onerror=alert(1)>";
    await host.page.fill(testid("chat-text"), markup);
    await host.page.click(testid("chat-send"));
    // The host's message lands first: two sends in flight at once are ordered by their arrival.
    await fan.page.locator(testid("chat-message")).first().waitFor();
    await fan.page.fill(testid("chat-text"), "  nice play  ");
    await fan.page.click(testid("chat-send"));
    for (const { page } of players) {
      await page.locator(testid("chat-message")).nth(1).waitFor();
      assert.deepEqual(await page.locator(testid("chat-text-shown")).allTextContents(), [
        markup,
        "nice play",
      ]);
      assert.equal(await page.locator(`${testid("chat-messages")} img`).count(), 0);
      assert.match(await page.locator(testid("chat-message")).nth(1).textContent(), /^Fan: nice play$/);
    }

    // The deal, played by the host against the bots while the fan watches: the fan's page shows
    // no hand, and never a card before it is played.
    const history = await playAgainstBots(await settle(0));
    const dealt = history[0][0].hand;
    const fanSaw = new Set();
    for (const [, watcher] of history) {
      assert.deepEqual(watcher.hand, [], "a spectator holds no hand");
      assert.deepEqual(watcher.enabledBids, [], "a spectator cannot bid");
      for (const card of watcher.visibleCards) fanSaw.add(card);
    }
    await fan.page.locator(testid("result")).waitFor();
    await fan.page.click(testid("show-deal-1"));
    const record = await fan.page.evaluate(readRecord);
    const played = new Set(record.tricks.flatMap((t) => t.cards));
    for (const card of fanSaw) assert.ok(played.has(card), `the spectator saw ${card} before it was played`);
    assert.ok(fanSaw.size > 0 && dealt.length === 13);
    await shot(fan, "spectator");

    // Stop watching: back to the lobby.
    await fan.page.click(testid("leave-room"));
    await fan.page.locator(testid("lobby")).waitFor();
    await host.page.locator(testid("spectator-count")).waitFor({ state: "detached" });
    assert.deepEqual(alerts, [], "no script ran from a message");
    for (const player of players) assert.deepEqual(player.errors, [], "no uncaught page errors");
  });

  // A stress test of the client's answer to an emulator fault (docs/EMULATOR.md): without it every
  // run failed; with it about one run in six still misses one account of twelve, so it is reported
  // as a known fault (todo) instead of failing the suite until the fault is understood.
  test(
    "anonymous players' first calls show the accounts they create, every time",
    {
      todo: "the emulator can still miss an account's creation now and then (docs/EMULATOR.md)",
    },
    async () => {
      // The emulator can miss a document created while its listener is being registered, most
      // often when several clients start at once (docs/EMULATOR.md); the client listens afresh.
      for (let attempt = 1; attempt <= 4; attempt++) {
        const names = ["a", "b", "c"].map((letter) => `Anon ${attempt}${letter}`);
        const opened = await newPlayers(...names);
        await Promise.all(opened.map(({ page }) => page.click(testid("sign-in-anonymous"))));
        await Promise.all(
          opened.map(async ({ page }, i) => {
            await page.fill(testid("display-name"), names[i]);
            await page.click(testid("set-name"));
            await page
              .locator(testid("account-name"))
              .filter({ hasText: names[i] })
              .waitFor({ timeout: 10_000 });
          }),
        );
        for (const { context, errors } of opened) {
          await context.close();
          assert.deepEqual(errors, [], "no uncaught page errors");
        }
      }
    },
  );
  test("contract bridge: a deal against three bots to its score, the dummy played by its declarer", async () => {
    const [south] = await newPlayers("south");
    const { page } = south;
    await startAgainstBots(page, "South", "contract", 3, async () => {
      assert.equal(
        await page.locator(testid("create-washRule")).isVisible(),
        false,
        "Floating Bridge's options hide",
      );
      await page.check(testid("create-honours"));
    });

    let [view] = await settle(0);
    assert.equal(await page.locator(testid("game-name")).textContent(), "Contract bridge");
    assert.equal(view.me, 0, "the host sits at position 0, the first dealer, who opens");
    await assertHandInView(page); // with the alert's input under the bids
    assert.ok(!view.enabledBids.includes("X") && !view.enabledBids.includes("XX"), "nothing to double yet");
    const dealt = [...view.hand];
    let declaredDummy = 0;
    for (let moves = 0; view.status !== "dealEnded"; moves++) {
      if (view.status === "bidding") {
        // My opening carries an alert (SPEC §15): the opponents read it now, I once the auction is over.
        if (moves === 0) await page.fill(testid("alert-input"), "15-17 balanced");
        await page.click(testid(`bid-${moves === 0 ? "1NT" : "PASS"}`));
      } else if (view.enabledDummy.length > 0) {
        assert.ok(view.dummy.includes(view.enabledDummy[0]));
        await page.click(`${testid("dummy")} [data-card="${view.enabledDummy[0]}"]`);
        declaredDummy++;
      } else {
        assert.equal(view.status, "playing");
        if (view.trick.length === 0 && view.tricksWon.every((n) => n === 0))
          assert.equal(view.dummy, null, "no dummy before the opening lead");
        await page.click(`${testid("hand")} [data-card="${view.enabledHand[0]}"]`);
      }
      [view] = await settle(view.version + 1);
    }
    const contract = await page.locator(testid("contract")).getAttribute("data-declarer");
    if (Number(contract) === 0) assert.equal(declaredDummy, 13, "as declarer I played all the dummy's cards");
    await page.locator(testid("alert-text")).first().waitFor();
    assert.match(await page.locator(testid("alert-text")).first().textContent(), /15-17 balanced/);
    // The score: the sheet's totals, and what the deal scored by kind.
    await page.locator(testid("score-sheet")).waitFor();
    const totals = await Promise.all(
      ["NS", "EW"].map(async (side) =>
        Number(await page.locator(testid(`sheet-total-${side}`)).getAttribute("data-points")),
      ),
    );
    assert.ok(totals[0] + totals[1] > 0, "a played deal scores for one side");
    assert.match(await page.locator(testid("result-kinds")).textContent(), /NS: .* · EW: /);
    // My own cards were 13, and the page never showed a bot's hand but the dummy's.
    assert.equal(dealt.length, 13);
    // SPEC §16: the hand record travels as PBN, and the deal verifies from its seed in the browser.
    await page.click(testid("download-pbn"));
    await page.locator(testid("pbn-saved")).waitFor();
    assert.match(await page.locator(testid("pbn-saved")).textContent(), /saved 1 games/);
    await page.click(testid("show-deal-1"));
    await page.click(testid("verify-deal"));
    await page.locator(testid("verify-verdict")).waitFor();
    assert.equal(await page.locator(testid("verify-verdict")).getAttribute("data-verified"), "true");
    // The double-dummy table arrives after the deal (the analysis trigger, DDS for contract bridge).
    await page.locator(testid("dd-table")).waitFor({ timeout: 60_000 });
    assert.equal(await page.locator(testid("dd-analysis")).getAttribute("data-complete"), "true");
    for (const strain of ["NT", "S", "H", "D", "C"])
      for (const position of [0, 1, 2, 3]) {
        const tricks = Number(
          await page.locator(testid(`dd-${strain}-${position}`)).getAttribute("data-tricks"),
        );
        assert.ok(
          Number.isInteger(tricks) && tricks >= 0 && tricks <= 13,
          `${strain} by ${position}: ${tricks}`,
        );
      }
    assert.match(await page.locator(testid("dd-par")).textContent(), /^Par (NS|EW) \d+/);
    assert.deepEqual(south.errors, [], "no uncaught page errors");
  });
  test("TigerBridge: a deal against three bots on the ladder of five to nine rounds, to its set points", async () => {
    const [south] = await newPlayers("tiger");
    const { page } = south;
    await startAgainstBots(page, "Tiger", "tiger", 3);

    const [view] = await settle(0);
    assert.equal(await page.locator(testid("game-name")).textContent(), "TigerBridge");
    // The bidding box offers the bids above the highest so far on the ladder of 25 (no crests
    // lowest), and no double.
    const ladder = [5, 6, 7, 8, 9].flatMap((level) => ["NT", "C", "D", "H", "S"].map((s) => `${level}${s}`));
    const called = await page
      .locator(testid("auction-bid"))
      .evaluateAll((calls) => calls.map((c) => c.dataset.bid).filter((bid) => bid !== "PASS"));
    const offered = await page
      .locator(`${testid("bid-box")} .bid-grid button`)
      .evaluateAll((buttons) => buttons.map((b) => b.dataset.testid.slice(4)));
    assert.deepEqual(offered, ladder.slice(ladder.indexOf(called.at(-1)) + 1));
    assert.deepEqual(view.enabledBids, [...offered, "PASS"], "the bids, then Pass: no double");
    await playOutDeal(page, view);
    // Set points on the sheet, and what the deal gave by kind.
    await page.locator(testid("score-sheet")).waitFor();
    const games = await Promise.all(
      ["NS", "EW"].map(async (side) =>
        Number(await page.locator(testid(`sheet-games-${side}`)).getAttribute("data-points")),
      ),
    );
    assert.deepEqual(games, [0, 0], "one deal wins no set");
    assert.match(await page.locator(testid("result-kinds")).textContent(), /NS: .* · EW: /);
    assert.deepEqual(south.errors, [], "no uncaught page errors");
  });
  test("claims and undo: no undo offered once the bots have called, then a declarer claims against two bot defenders, who reject a claim that does not hold and accept one that does", async () => {
    const [south] = await newPlayers("south");
    const { page } = south;
    await startAgainstBots(page, "South", "contract", 3);
    let [view] = await settle(0);
    // An undo first: my call stands once the bots have called after it (I have seen their calls,
    // and nothing seen is taken back): the server tells me there is nothing of mine to take back,
    // so the page offers no undo.
    await page.click(testid("bid-1C"));
    [view] = await settle(view.version + 1);
    assert.ok((await page.locator(testid("auction-bid")).count()) >= 4, "the bots called after me");
    assert.equal(await page.locator(testid("undo-request")).count(), 0, "no undo offered");
    // Each deal I declare 7NT (the bots never double) and claim on my side's lead: first every
    // trick left, with four or more to play (the defenders hold cards I cannot see; the bots
    // reject what does not hold), then, once one was rejected and another trick played, none of
    // them (conceding the rest always holds: accepted). A deal that offers no moment to claim is
    // played out.
    let rejected = 0;
    let accepted = null;
    for (let deal = 1; deal <= 6 && !(rejected && accepted); deal++) {
      if (view.status === "dealEnded") {
        await page.click(testid("ready-toggle"));
        await page.locator(`${testid("start-game")}:enabled`).waitFor();
        await page.click(testid("start-game"));
        [view] = await settle(view.version + 1);
      }
      while (view.status === "playing" || view.status === "bidding") {
        if (view.status === "bidding") {
          await page.click(testid(`bid-${view.enabledBids.includes("7NT") ? "7NT" : "PASS"}`));
          [view] = await settle(view.version + 1);
          continue;
        }
        const left = view.hand.length;
        if ((await page.locator(testid("claim-panel")).count()) > 0 && (rejected ? left >= 1 : left >= 4)) {
          const won = view.tricksWon[0] + view.tricksWon[2];
          await page.selectOption(testid("claim-tricks"), String(rejected ? 0 : left));
          await page.click(testid("claim-button"));
          // The bots answer in the same call: a rejection stays on the table's record (the room
          // shows it, with the cards it showed, and no claim until another trick is played); an
          // acceptance ends the deal.
          [view] = await settle(view.version + 1);
          if (view.status === "dealEnded") {
            // Accepted. Only one after a rejection counts (a first claim of every trick left may
            // hold): the table then shows it, and the test ends on it.
            if (rejected) accepted = { won, view, tricks: 0 };
          } else {
            rejected++;
            const notice = page.locator(testid("claim-rejected"));
            assert.equal(await notice.getAttribute("data-tricks"), String(left));
            assert.equal(
              await page.locator(testid("claim-button")).count(),
              0,
              "no claim before another trick",
            );
          }
          if (accepted) break;
          continue;
        }
        if (view.enabledDummy.length > 0)
          await page.click(`${testid("dummy")} [data-card="${view.enabledDummy[0]}"]`);
        else await page.click(`${testid("hand")} [data-card="${view.enabledHand[0]}"]`);
        [view] = await settle(view.version + 1);
      }
    }
    assert.ok(rejected > 0 && accepted, "a claim rejected and a claim accepted");
    const shown = page.locator(testid("claim"));
    assert.equal(await shown.getAttribute("data-answering"), "");
    assert.equal(await shown.getAttribute("data-accepted"), "1,3");
    assert.equal(await shown.getAttribute("data-tricks"), String(accepted.tricks));
    const declarers = accepted.view.tricksWon[0] + accepted.view.tricksWon[2];
    assert.equal(declarers, accepted.won, "tricks won on the table are the tricks played");
    assert.deepEqual(south.errors, [], "no uncaught page errors");
  });
  test("Memory Bridge: two players, the first half, an undo, an auction with a double and redouble, and the second half to the score", async () => {
    const [ann, ben] = await newPlayers("ann", "ben");
    // Ann creates a room of Memory Bridge; Ben joins it from the open rooms, which name the game.
    await ann.page.click(testid("sign-in-anonymous"));
    await setName(ann.page, "Ann");
    assert.equal(await ann.page.locator(testid("game-name")).textContent(), "Bridge", "no game in the lobby");
    await ann.page.selectOption(testid("create-variant"), "memory");
    await ann.page.fill(testid("create-targetScore"), "5000");
    await ann.page.click(testid("create-room"));
    const roomID = (await ann.page.locator(testid("room-id")).filter({ hasText: /\w/ }).textContent()).trim();
    await ben.page.click(testid("sign-in-anonymous"));
    await setName(ben.page, "Ben");
    await ben.page
      .locator(`${testid("open-room")}[data-room-id="${roomID}"]`)
      .filter({ hasText: /^Memory Bridge · Ann's room · 1\/2/ })
      .locator(testid("join-open-room"))
      .click();
    await Promise.all(players.map(({ page }) => page.locator(testid("room-player")).nth(1).waitFor()));
    await Promise.all(players.map(({ page }) => page.click(testid("ready-toggle"))));
    await ann.page.locator(`${testid("start-game")}:enabled`).waitFor();
    await ann.page.click(testid("start-game"));

    let views = await settle(0);
    for (const { page } of players) {
      assert.equal(await page.locator(testid("game-name")).textContent(), "Memory Bridge");
      assert.equal(await page.title(), "Memory Bridge");
    }
    assert.deepEqual(
      views.map((v) => v.me),
      [0, 1],
      "seats in joining order",
    );
    assert.equal(await ann.page.locator(testid("seat-2")).count(), 0, "two seats");
    const firstHands = views.map((v) => [...v.hand]);
    assert.equal(new Set(firstHands.flat()).size, 26, "13 cards each, none shared");

    /** Plays the half under way to its end, through the UI: whoever is to play plays a random card
     *  of those their page offers, which must be the cards that follow suit (both halves: no rule
     *  on leading trump), offered on their page only. Returns the tricks each position won. */
    async function playHalf(status, trump) {
      const hands = views.map((v) => [...v.hand]);
      const won = [0, 0];
      let trick = [];
      while (views[0].status === status) {
        const turn = views[0].turn;
        for (const v of views) {
          assert.deepEqual(sorted(v.hand), sorted(hands[v.me]), "my hand");
          assert.deepEqual(
            v.trick,
            trick.map((p) => p.card),
          );
          const legal = v.me === turn ? legalCards(hands[turn], trick, null, false) : [];
          assert.deepEqual(
            sorted(v.enabledHand),
            sorted(legal),
            `${players[v.me].name}: follow suit, on turn only`,
          );
        }
        const card = views[turn].enabledHand[Math.floor(Math.random() * views[turn].enabledHand.length)];
        await players[turn].page.click(`${testid("hand")} [data-card="${card}"]`);
        hands[turn] = hands[turn].filter((c) => c !== card);
        trick.push({ position: turn, card });
        if (trick.length === 2) {
          won[trickWinner(trick, trump)]++;
          trick = [];
        }
        views = await settle(views[0].version + 1);
        if (views[0].status === status) for (const v of views) assert.deepEqual(v.tricksWon.slice(0, 2), won);
      }
      return won;
    }

    // The first half: Ben (not the dealer) leads; 13 tricks without trump.
    assert.equal(views[0].status, "firstHalf");
    assert.equal(views[0].turn, 1, "the non-dealer leads");
    const firstWon = await playHalf("firstHalf", null);
    assert.equal(firstWon[0] + firstWon[1], 13);
    for (const { page } of players)
      assert.equal(
        await page.locator(testid("first-half")).getAttribute("data-tricks-won"),
        firstWon.join(","),
      );

    // The rest of the deck is dealt, and the auction opens with the dealer, Ann: Pass and every
    // bid, nothing to double; Ben's page offers no call, and both hands stay in view.
    assert.equal(views[0].status, "bidding");
    for (const v of views) {
      assert.equal(v.hand.length, 13, "the rest of the deck is dealt");
      assert.ok(!v.hand.some((card) => firstHands.flat().includes(card)), "new cards");
    }
    const [annView, benView] = views;
    assert.deepEqual(annView.enabledBids, [...ALL_BIDS, "PASS"], "the dealer calls first");
    assert.deepEqual(benView.enabledBids, []);
    await assertHandInView(ann.page);
    await shot(ann, "memory-bidding");

    // Ann opens 1C, then takes it back: the server offers her the undo, and Ben the answer.
    await ann.page.click(testid("bid-1C"));
    views = await settle(annView.version + 1);
    assert.equal(await ben.page.locator(testid("undo-request")).count(), 0, "nothing of Ben's to take back");
    await ann.page.click(testid("undo-request"));
    views = await settle(views[0].version + 1);
    assert.deepEqual(
      views.map((v) => v.enabledBids),
      [[], []],
      "no call while an undo is asked",
    );
    assert.equal(await ann.page.locator(testid("undo-accept")).count(), 0, "Ann does not answer her own");
    await ben.page.click(testid("undo-accept"));
    views = await settle(views[0].version + 1);
    assert.equal(await ann.page.locator(testid("auction-bid")).count(), 0, "the call taken back");
    assert.deepEqual(views[0].enabledBids, [...ALL_BIDS, "PASS"], "Ann calls again");

    // 1C again; Ben doubles it (the double offered to him, the redouble not), Ann redoubles, and
    // Ben's pass ends the auction: 1C redoubled, by Ann.
    await ann.page.click(testid("bid-1C"));
    views = await settle(views[0].version + 1);
    assert.deepEqual(views[1].enabledBids, [...ALL_BIDS.slice(1), "PASS", "X"], "Ben may double");
    assert.deepEqual(views[0].enabledBids, []);
    await ben.page.click(testid("bid-X"));
    views = await settle(views[0].version + 1);
    assert.deepEqual(views[0].enabledBids, [...ALL_BIDS.slice(1), "PASS", "XX"], "Ann may redouble");
    await ann.page.click(testid("bid-XX"));
    views = await settle(views[0].version + 1);
    assert.deepEqual(views[1].enabledBids, [...ALL_BIDS.slice(1), "PASS"], "nothing left to double");
    await ben.page.click(testid("bid-PASS"));
    views = await settle(views[0].version + 1);
    assert.equal(views[0].status, "playing");
    for (const { page } of players) {
      const contract = page.locator(testid("contract"));
      assert.equal(await contract.getAttribute("data-bid"), "1C");
      assert.equal(await contract.getAttribute("data-doubled"), "XX");
      assert.equal(await contract.getAttribute("data-declarer"), "0");
      assert.match(await contract.textContent(), /Contract 1♣ redoubled by Ann/);
    }

    // The second half: Ben, the declarer's opponent, leads; clubs are trump.
    assert.equal(views[0].turn, 1);
    const secondWon = await playHalf("playing", "C");
    assert.equal(views[0].status, "dealEnded");

    // The score (docs/MEMORY.md): 7+ first-half tricks score as 1NT made plus 100; 1C redoubled
    // made scores 80 a trick over six (20, ×4), else Ben 200 a trick short (50, ×4).
    const firstHalf = firstWon.map((n) => (n >= 7 ? 100 + 40 + 30 * (n - 7) : 0));
    const over = secondWon[0] - 6;
    const totals = [
      firstHalf[0] + (over > 0 ? 80 * over : 0),
      firstHalf[1] + (over < 1 ? 200 * (1 - over) : 0),
    ];
    const uids = await Promise.all(players.map(({ page }) => uidOf(page)));
    for (const { page } of players) {
      await page.locator(testid("score-table")).waitFor();
      const { rows } = await page.evaluate(readScores);
      assert.deepEqual(
        Object.fromEntries(rows.map((row) => [row.uid, row.points])),
        Object.fromEntries(uids.map((uid, p) => [uid, totals[p]])),
      );
      const kind = over > 0 ? `contract ${80 * over}` : `undertricks ${200 * (1 - over)}`;
      assert.match(await page.locator(testid("result-kinds")).textContent(), new RegExp(kind));
      // The result as its document tells it: the declarer has no partner (`partner` is the
      // declarer's own position), so Ann is named alone, and Ben, the one defender, by name.
      assert.equal(
        await page.locator(testid("result-summary")).textContent(),
        over > 0
          ? `Ann made 1♣ redoubled with ${secondWon[0]} tricks.`
          : `Ben beat 1♣ redoubled: ${secondWon[1]} tricks against Ann's ${secondWon[0]}.`,
      );
    }
    for (const player of players) assert.deepEqual(player.errors, [], "no uncaught page errors");
  });
  test("a duplicate teams match of two boards against bots, to its ranking and board records", async () => {
    const [north] = await newPlayers("north");
    const { page } = north;
    await page.click(testid("sign-in-anonymous"));
    await setName(page, "North");
    await page.fill(testid("event-boards-count"), "2");
    await page.click(testid("create-event"));
    await page.locator(`${testid("event")}[data-status="waiting"]`).waitFor();
    await page.click(testid("join-spot-NS-0-0"));
    await page.locator(`${testid("event-spot")}[data-spot="NS-0-0"][data-taken="true"]`).waitFor();
    await page.click(testid("fill-with-bots"));
    await page.locator(`${testid("start-event")}:enabled`).waitFor();
    await page.click(testid("start-event"));
    // My account now points at my table: the room panel shows it, as any contract room.
    let [view] = await settle(1);
    assert.equal(view.me, 0, "I sit North at table 1");
    for (let board = 1; board <= 2; board++) {
      for (let moves = 0; view.status !== "dealEnded" && view.status !== "ended"; moves++) {
        if (view.status === "bidding") {
          await page.click(testid(`bid-${moves === 0 && view.enabledBids.includes("1NT") ? "1NT" : "PASS"}`));
        } else if (view.enabledDummy.length > 0) {
          await page.click(`${testid("dummy")} [data-card="${view.enabledDummy[0]}"]`);
        } else {
          assert.equal(view.status, "playing");
          await page.click(`${testid("hand")} [data-card="${view.enabledHand[0]}"]`);
        }
        [view] = await settle(view.version + 1);
      }
      // Board 1 finished: I may read it now (both tables' results: the bots' table played it at the start).
      await page
        .locator(`${testid("event-board")}[data-board="${board}"] ${testid("board-result")}`)
        .nth(1)
        .waitFor();
      if (board === 1) {
        assert.equal(
          await page.locator(testid("event-board")).count(),
          1,
          "board 2 stays hidden until I play it",
        );
        assert.equal(
          await page.locator(testid("event-ranking")).count(),
          0,
          "no ranking while the event plays",
        );
        await page.click(testid("ready-toggle"));
        [view] = await settle(view.version + 1);
        // The next board starts as soon as I am ready (the bots are); as dummy I may even see it end.
        while (view.status === "dealEnded") [view] = await settle(view.version + 1);
      }
    }
    await page.locator(`${testid("event")}[data-status="ended"]`).waitFor();
    const totals = await page
      .locator(`${testid("event-ranking")} ${testid("standing")}`)
      .evaluateAll((rows) => rows.map((row) => Number(row.dataset.total)));
    assert.equal(totals.length, 2);
    assert.equal(totals[0] + totals[1], 0, "the IMPs one team wins the other loses");
    assert.equal(await page.locator(testid("event-board")).count(), 2);
    assert.deepEqual(north.errors, [], "no uncaught page errors");
  });
  test("an action whose answer is lost is resent with its requestID and applied once", async () => {
    const [solo] = await newPlayers("solo");
    await solo.page.click(testid("sign-in-anonymous"));
    await solo.page.check(testid("create-endless")); // a match with no fixed end: deals 0
    assert.equal(await solo.page.locator(testid("create-deals")).isDisabled(), true);
    await solo.page.click(testid("create-room"));
    await solo.page.locator(testid("room-player")).first().waitFor();
    assert.equal(await solo.page.locator(testid("setting-deals")).inputValue(), "0");
    const uid = await uidOf(solo.page);
    const roomID = (
      await solo.page.locator(testid("room-id")).filter({ hasText: /\w/ }).textContent()
    ).trim();

    // The first toggleReady reaches the server and is applied, but its answer is lost: the
    // browser sees 503 UNAVAILABLE instead. The client must resend the same action.
    const sent = [];
    await solo.page.route("**/toggleReady", async (route) => {
      sent.push(JSON.parse(route.request().postData()).data);
      const response = await route.fetch();
      if (sent.length > 1) return route.fulfill({ response });
      const lost = {
        error: { status: "UNAVAILABLE", message: "injected", details: { reason: "UNAVAILABLE" } },
      };
      return route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify(lost) });
    });
    await solo.page.click(testid("ready-toggle"));
    await solo.page.locator(`${testid("room-player")}[data-uid="${uid}"][data-ready="true"]`).waitFor();
    await solo.page.locator(`${testid("ready-toggle")}:enabled`).waitFor(); // the call has settled
    assert.equal(sent.length, 2, "one resend after the lost answer");
    const room = await storedRoom(roomID);
    assert.equal(room.version.integerValue, "2", "created, then toggled once: applied exactly once");
    assert.match(sent[0].requestID, /^[A-Za-z0-9_-]{1,64}$/);
    assert.deepEqual(sent[1], sent[0], "the resend is the same action with the same requestID");

    // The next click is a new action: a new requestID, and it is applied (ready again false).
    await solo.page.click(testid("ready-toggle"));
    await solo.page.locator(`${testid("room-player")}[data-uid="${uid}"][data-ready="false"]`).waitFor();
    await solo.page.locator(`${testid("ready-toggle")}:enabled`).waitFor(); // the call has settled
    await solo.page.unrouteAll({ behavior: "wait" }); // no route handler left running
    assert.equal(sent.length, 3);
    assert.notEqual(sent[2].requestID, sent[0].requestID);
    for (const player of players) assert.deepEqual(player.errors, [], "no uncaught page errors");
  });
});
