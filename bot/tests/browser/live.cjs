// The browser half of `cargo test -p jetan --test browser` (bot/tests/browser.rs):
// drives Debian's chromium through playwright-core. The Rust half runs the console and
// talks to this script by lines: it prints READY / SEEN / CLICKED / REFUSED / DONE as
// it goes, and waits for MOVED on its stdin (a move typed in the console).
//
// Arguments: watch URL, Bob's play URL, Alice's play URL, screenshots directory.
"use strict";
const { chromium } = require("playwright-core");
const readline = require("readline");

const [watchUrl, bobUrl, aliceUrl, shots] = process.argv.slice(2);
const lines = readline.createInterface({ input: process.stdin });
const waiting = [];
lines.on("line", (l) => {
  const w = waiting.shift();
  if (w) w(l.trim());
});
const nextLine = () => new Promise((resolve) => waiting.push(resolve));
const say = (s) => process.stdout.write(s + "\n");
const fail = (s) => {
  throw new Error(s);
};

async function pieceOn(page, sq) {
  return page.$eval(`[data-square="${sq}"]`, (g) => g.getAttribute("data-owner"));
}

(async () => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-dev-shm-usage"],
  });
  try {
    // 1. A live page sees a move typed in the console, without a reload.
    // Playwright evaluates its waiting predicates as strings, which the page's CSP forbids
    // (rightly): the test bypasses it (the CSP header itself is checked below).
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const watch = await ctx.newPage();
    const resp = await watch.goto(watchUrl);
    if (resp.status() !== 200) fail(`the watch page answered ${resp.status()}`);
    const csp = resp.headers()["content-security-policy"] || "";
    if (!csp.includes("frame-ancestors 'none'")) fail(`no CSP: ${csp}`);
    await watch.waitForSelector('[data-square="e2"]');
    const label = await watch.$eval('[data-square="e2"]', (g) => g.getAttribute("aria-label"));
    if (!/^e2, .+/.test(label)) fail(`e2's label: ${label}`);
    if (await watch.$('[data-square="a1"][tabindex="0"][role="button"]') === null) fail("a1 is not a button");
    // Marked: a reload would lose it.
    await watch.evaluate(() => (window.__stayed = true));
    // Connected: the first event has arrived (the fragment is replaced once).
    await watch.waitForFunction(() => document.body.getAttribute("data-version") !== null);
    say("READY");
    const moved = await nextLine();
    if (!moved.startsWith("MOVED")) fail(`expected MOVED, got ${moved}`);
    const [, from, to] = moved.split(" ");
    const t0 = Date.now();
    await watch.waitForFunction(
      ([f, t]) =>
        document.querySelector(`[data-square="${t}"]`).getAttribute("data-owner") !== null &&
        document.querySelector(`[data-square="${f}"]`).getAttribute("data-owner") === null,
      [from, to],
      { timeout: 10000 }
    );
    if (!(await watch.evaluate(() => window.__stayed === true))) fail("the page reloaded");
    if (!(await watch.$(`[data-square="${to}"].last-to`))) fail("no last-move mark");
    say(`SEEN ${Date.now() - t0}`);
    await watch.screenshot({ path: `${shots}/watch-1280.png`, fullPage: true });

    // 2. Bob plays by clicking two squares on his page.
    const bob = await ctx.newPage();
    const r2 = await bob.goto(bobUrl);
    if (r2.status() !== 200) fail(`Bob's page answered ${r2.status()}`);
    await bob.waitForSelector('[data-square="e9"].movable', { timeout: 10000 });
    // By keyboard first: focus e9, Enter selects it and marks its destinations.
    await bob.focus('[data-square="e9"]');
    await bob.keyboard.press("Enter");
    await bob.waitForSelector('[data-square="e9"].selected');
    await bob.waitForSelector('[data-square="e8"].dest');
    await bob.keyboard.press("Enter"); // again: unselected
    await bob.click('[data-square="e9"]');
    await bob.waitForSelector('[data-square="e8"].dest');
    await bob.screenshot({ path: `${shots}/play-1280.png`, fullPage: true });
    await bob.click('[data-square="e8"]');
    await bob.waitForFunction(
      () =>
        document.querySelector('[data-square="e8"]').getAttribute("data-owner") === "1" &&
        document.querySelector('[data-square="e9"]').getAttribute("data-owner") === null,
      null,
      { timeout: 10000 }
    );
    // The watcher sees it too.
    await watch.waitForFunction(
      () => document.querySelector('[data-square="e8"]').getAttribute("data-owner") === "1",
      null,
      { timeout: 10000 }
    );
    say("CLICKED");

    // 3. A foreign or altered token: a clear page, and nothing is played.
    const parts = aliceUrl.split("/p/");
    const token = parts[1].split(".");
    token[1] = String(Number(token[1]) + 1); // another game, same signature
    const foreign = `${parts[0]}/p/${token.join(".")}`;
    const r3 = await bob.goto(foreign);
    if (r3.status() !== 403) fail(`a foreign token answered ${r3.status()}`);
    const h1 = await bob.textContent("h1");
    if (!/not valid/.test(h1)) fail(`the refusal says: ${h1}`);
    const post = await bob.evaluate(async (url) => {
      const r = await fetch(url + "/move", {
        method: "POST",
        body: new URLSearchParams({ key: "e2-e3", version: "2" }),
      });
      return r.status;
    }, foreign);
    if (post !== 403) fail(`a move with a foreign token answered ${post}`);
    const version = await watch.evaluate(() => document.body.getAttribute("data-version"));
    say(`REFUSED ${version}`);

    // 4. A phone's width.
    const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, bypassCSP: true });
    const small = await phone.newPage();
    await small.goto(watchUrl);
    await small.waitForSelector('[data-square="e8"]');
    const width = await small.evaluate(() => document.documentElement.scrollWidth);
    if (width > 360) fail(`the page is ${width} px wide at 360`);
    await small.screenshot({ path: `${shots}/watch-360.png`, fullPage: true });
    say("DONE");
  } finally {
    await browser.close();
  }
})().catch((e) => {
  say(`ERROR ${e && e.stack ? e.stack.replace(/\n/g, " | ") : e}`);
  process.exit(1);
});
