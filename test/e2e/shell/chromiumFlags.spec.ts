// chromium.ts gives Chromium its own --disable-features, which replaces Playwright's: it must name every feature
// the installed Playwright turns off. No browser is started for this check.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { expect, test } from "../test";
import { playwrightDisabledFeatures } from "../chromium";

test("the Chromium flags keep every feature Playwright turns off for tests", async () => {
  const playwrightCore = join(createRequire(import.meta.url).resolve("playwright-core/package.json"), "..");
  const source = await readFile(join(playwrightCore, "lib/coreBundle.js"), "utf8");
  const start = source.indexOf("disabledFeatures = [");
  const list = source.slice(start, source.indexOf("]", start));
  const named = list
    .split("\n")
    .filter((line) => !line.trim().startsWith("//"))
    .flatMap((line) => [...line.matchAll(/"(\w+)"/g)].map(([, name]) => name));
  expect(start).toBeGreaterThan(0);
  expect(named.length).toBeGreaterThan(5);
  expect(playwrightDisabledFeatures).toEqual(expect.arrayContaining(named));
});
