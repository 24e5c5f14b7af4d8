// Test harness for the browser tests: a served build of the app, Debian's Chromium driven by
// playwright-core, and fresh emulator data. Used by *.test.mjs in this folder.
//
//   E2E_BASE_URL    use an already running server (e.g. the dev server) instead of `vite preview`
//   CHROMIUM_PATH   the browser (default /usr/bin/chromium)
//   E2E_HEADED=1    show the browser windows (needs a display)

import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { after, before } from "node:test";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

export const WEB_DIR = join(dirname(fileURLToPath(import.meta.url)), "..");
const PROJECT = "demo-floating-bridge";
const EMULATOR = "http://127.0.0.1";

/** A generous bound for any one UI state to appear (the functions emulator is slow at first). */
export const UI_TIMEOUT_MS = 30_000;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHttp(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Serve web/dist with `vite preview` on a free port; returns { url, stop }. */
export async function serveApp() {
  if (process.env.E2E_BASE_URL) return { url: process.env.E2E_BASE_URL, stop: async () => {} };
  if (!existsSync(join(WEB_DIR, "dist", "index.html"))) {
    throw new Error("web/dist is missing: run `npm run build --prefix web` first");
  }
  const port = await freePort();
  const vite = join(WEB_DIR, "node_modules", ".bin", "vite");
  const child = spawn(vite, ["preview", "--host", "127.0.0.1", "--port", String(port), "--strictPort"], {
    cwd: WEB_DIR,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const url = `http://127.0.0.1:${port}/`;
  try {
    await Promise.race([
      waitForHttp(url, 30_000),
      exited.then((code) => Promise.reject(new Error(`vite preview exited with ${code}`))),
    ]);
  } catch (error) {
    child.kill("SIGTERM");
    throw error;
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
    },
  };
}

/** Empty the Auth and Firestore emulators (this run's players and rooms only). */
export async function resetEmulators() {
  const calls = [
    `${EMULATOR}:9099/emulator/v1/projects/${PROJECT}/accounts`,
    `${EMULATOR}:8080/emulator/v1/projects/${PROJECT}/databases/(default)/documents`,
  ];
  for (const url of calls) {
    const response = await fetch(url, { method: "DELETE" });
    if (!response.ok) throw new Error(`DELETE ${url}: ${response.status} (are the emulators running?)`);
  }
}

/** Debian's Chromium, headless, with no background traffic to the (closed) network. */
export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    headless: !process.env.E2E_HEADED,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** One player: a browser context of their own (own auth session) with the app open. */
/**
 * Every test of the calling file plays in one served app and one browser, on fresh emulator data
 * (registers the file's `before` and `after`). Returns how to open a player's page in them
 * (`openPlayer`).
 */
export function servedApp() {
  let app;
  let browser;
  before(async () => {
    await resetEmulators();
    app = await serveApp();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });
  return (name) => openPlayer(browser, app.url, name);
}

export async function openPlayer(browser, url, name) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(UI_TIMEOUT_MS);
  const errors = [];
  page.on("pageerror", (error) => errors.push(`${name}: ${error.message}`));
  page.on("console", (message) => {
    // Rejected calls are HTTP errors that Chromium logs as "Failed to load resource": expected.
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
      console.error(`[${name} console] ${message.text()}`);
    }
  });
  await page.goto(url);
  return { name, page, context, errors };
}

/** The selector of the element with this `data-testid`. */
export const testid = (id) => `[data-testid="${id}"]`;

/** Choose a display name through the account form; wait until the account shows it. */
export async function setName(page, name) {
  await page.fill(testid("display-name"), name);
  await page.click(testid("set-name"));
  await page.locator(testid("account-name")).filter({ hasText: name }).waitFor();
}

/** The signed-in user's uid, as the account shows it. */
export const uidOf = async (page) => (await page.locator(testid("account-uid")).textContent()).trim();
