// chromium.ts gives Chromium its own --disable-features, which replaces Playwright's: it must repeat exactly the
// features the installed Playwright turns off (no browser is started for that check), and it keeps the address
// bar's pop-up from being built.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { expect, test } from "../test";
import { playwrightDisabledFeatures } from "../chromium";

test("the Chromium flags repeat exactly the features Playwright turns off for tests", async () => {
  const playwrightCore = join(createRequire(import.meta.url).resolve("playwright-core/package.json"), "..");
  const source = await readFile(join(playwrightCore, "lib/coreBundle.js"), "utf8");
  // One list, passed as one switch: a second one elsewhere would need repeating too.
  expect(source.split('"--disable-features="').length).toBe(2);
  const start = source.indexOf("disabledFeatures = [");
  expect(start).toBeGreaterThan(0);
  const named = source
    .slice(start, source.indexOf("].filter(Boolean)", start))
    .split("\n")
    .filter((line) => !line.trim().startsWith("//"))
    .flatMap((line) => [...line.matchAll(/"(\w+)"/g)].map(([, name]) => name));
  // The same set both ways: a feature Playwright stops turning off is not kept off here without a word.
  expect([...playwrightDisabledFeatures].sort()).toEqual(named.sort());
});

test("Chromium builds no address-bar pop-up beside a test's page", async ({ page, browser }) => {
  await page.goto("/favicon.svg");
  const session = await browser.newBrowserCDPSession();
  const { targetInfos } = await session.send("Target.getTargets");
  await session.detach();
  expect(targetInfos.map(({ url }) => url)).toContain(page.url());
  expect(targetInfos.filter(({ url }) => url.startsWith("chrome://omnibox-popup"))).toEqual([]);
});
