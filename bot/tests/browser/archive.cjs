// The browser half of `archive_steps_by_keyboard` in bot/tests/browser.rs: a finished
// game's stepping page in chromium (playwright-core), driven by the keyboard and by
// clicks, without a reload; the record downloads. Prints DONE, or ERROR and why.
//
// Arguments: the stepping page's URL, the number of moves, screenshots directory.
"use strict";
const { chromium } = require("playwright-core");

const [movesUrl, plies, shots] = process.argv.slice(2);
const last = Number(plies);
const say = (s) => process.stdout.write(s + "\n");
const fail = (s) => {
  throw new Error(s);
};

(async () => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-dev-shm-usage"],
  });
  try {
    // Playwright's waiting predicates are strings, which the CSP forbids: bypassed here.
    const ctx = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
      acceptDownloads: true,
    });
    const page = await ctx.newPage();
    const resp = await page.goto(movesUrl);
    if (resp.status() !== 200) fail(`the stepping page answered ${resp.status()}`);
    const at = () => page.$eval("#archive", (m) => Number(m.getAttribute("data-ply")));
    const waitPly = (n) =>
      page.waitForFunction((k) => document.getElementById("archive").getAttribute("data-ply") === String(k), n);
    const owner = (sq) => page.$eval(`[data-square="${sq}"]`, (g) => g.getAttribute("data-owner"));
    if ((await at()) !== last) fail(`the page opens at ply ${await at()}, not the end ${last}`);
    await page.evaluate(() => (window.__stayed = true));
    // Home: the start; f1 holds its piece, e4 is empty.
    await page.keyboard.press("Home");
    await waitPly(0);
    if ((await owner("f1")) === null || (await owner("e4")) !== null) fail("ply 0 is not the start");
    if (!/^Start/.test(await page.textContent("#ply"))) fail("the status does not say Start");
    // → : after the first move (f1-e4), marked in the list.
    await page.keyboard.press("ArrowRight");
    await waitPly(1);
    if ((await owner("f1")) !== null || (await owner("e4")) === null) fail("ply 1 is not after f1-e4");
    const current = await page.$eval('.moves [aria-current="step"]', (a) => a.getAttribute("data-ply"));
    if (current !== "1") fail(`the marked move is ${current}`);
    // The End button, by keyboard: Tab to it and Enter.
    await page.focus('[data-step="end"]');
    await page.keyboard.press("Enter");
    await waitPly(last);
    // The Back button, clicked.
    await page.click('[data-step="back"]');
    await waitPly(last - 1);
    // A move of the list, clicked.
    await page.click('.moves a[data-ply="2"]');
    await waitPly(2);
    if (!(await page.evaluate(() => window.__stayed === true))) fail("the page reloaded");
    // The record downloads as a file.
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("a.download")]);
    const name = download.suggestedFilename();
    if (!/^game-\d+\.txt$/.test(name)) fail(`the record downloads as ${name}`);
    await page.setViewportSize({ width: 360, height: 800 });
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    if (wide > 380) fail(`the stepping page is ${wide} px wide at 360`);
    await page.screenshot({ path: `${shots}/moves-360.png`, fullPage: true });
    say("DONE");
  } catch (e) {
    say(`ERROR ${e.message.split("\n")[0]}`);
    process.exitCode = 1;
  } finally {
    await browser.close();
  }
})();
