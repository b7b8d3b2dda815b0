// Debian's Firefox ESR, driven by puppeteer-core over WebDriver BiDi. Nothing is downloaded: the browser is
// the system's (FIREFOX_PATH, else /usr/bin/firefox-esr). Each page gets its own browser context: its own
// storage, service workers and download folder, like a fresh profile.
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import puppeteer, { type Browser, type ElementHandle, type Page } from "puppeteer-core";
import { describeTarget, findElement, type Answer, type Engine, type EnginePage, type Target } from "../driver";
import { pollMs, waitForDownload, waitTimeoutMs } from "./downloads";

export function firefoxEngine(): Engine {
  let browser: Browser | undefined;
  return {
    name: "Firefox ESR",
    async start() {
      browser = await puppeteer.launch({
        browser: "firefox",
        executablePath: process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr",
        headless: true,
        extraPrefsFirefox: {
          // Stay off the network: no updates, telemetry or remote settings while the journeys run.
          "app.update.disabledForTesting": true,
          "browser.safebrowsing.malware.enabled": false,
          "browser.safebrowsing.phishing.enabled": false,
          "datareporting.policy.dataSubmissionEnabled": false,
          "network.captive-portal-service.enabled": false,
          "network.connectivity-service.enabled": false,
          // A download lands without a dialog.
          "browser.download.always_ask_before_handling_new_types": false,
          "browser.download.start_downloads_in_tmp_dir": false,
        },
      });
    },
    async newPage(origin) {
      if (!browser) throw new Error("Firefox is not started");
      const downloads = await mkdtemp(join(tmpdir(), "engines-firefox-downloads-"));
      const context = await browser.createBrowserContext({
        downloadBehavior: { policy: "allow", downloadPath: downloads },
      });
      const page = await context.newPage();
      return firefoxPage(page, origin, downloads, () => context.close());
    },
    async stop() {
      await browser?.close();
    },
  };
}

function firefoxPage(page: Page, origin: string, downloads: string, close: () => Promise<void>): EnginePage {
  async function element(target: Target, answer: Answer): Promise<ElementHandle<Element>> {
    const handle = await page
      .waitForFunction(findElement, { timeout: waitTimeoutMs, polling: pollMs }, target, answer)
      .catch(() => null);
    const found = handle?.asElement();
    if (!found)
      throw new Error(
        `Not found${answer === "clickable" ? " uncovered" : ""} within ${waitTimeoutMs / 1000} s: ${describeTarget(target)}`,
      );
    return found as ElementHandle<Element>;
  }
  return {
    async goto(path) {
      await page.goto(new URL(path, origin).href, { waitUntil: "load" });
    },
    async reload() {
      await page.reload({ waitUntil: "load" });
    },
    evaluate: (fn, ...args) =>
      page.evaluate(fn as (...values: unknown[]) => unknown, ...args) as Promise<Awaited<ReturnType<typeof fn>>>,
    async click(target) {
      // A toast may slide over the target between finding it and the click landing: a click that lands on
      // anything else is stopped before it does anything there, and tried again.
      const deadline = Date.now() + waitTimeoutMs;
      for (;;) {
        const found = await element(target, "clickable");
        await found.evaluate(armClickGuard);
        await found.click();
        const landed = await page.evaluate(() => {
          const guard = (window as GuardedWindow).clickGuard;
          (window as GuardedWindow).clickGuard = undefined;
          return guard?.landed !== false;
        });
        if (landed) return;
        if (Date.now() > deadline) throw new Error(`Covered for ${waitTimeoutMs / 1000} s: ${describeTarget(target)}`);
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    },
    async type(target, text) {
      await (await element(target, "element")).type(text);
    },
    async pressControl(key) {
      await page.keyboard.down("Control");
      await page.keyboard.press(key);
      await page.keyboard.up("Control");
    },
    async setFiles(inputSelector, paths) {
      const input = await page.waitForSelector(inputSelector, { timeout: waitTimeoutMs });
      if (!input) throw new Error(`No file input ${inputSelector}`);
      await (input as ElementHandle<HTMLInputElement>).uploadFile(...paths);
    },
    download: (fileName, start) => waitForDownload(downloads, fileName, start),
    close,
  };
}

interface ClickGuard {
  target: Element;
  /** Unknown until the press; false when it landed elsewhere. */
  landed?: boolean;
  done: boolean;
}
type GuardedWindow = Window & { clickGuard?: ClickGuard; clickGuardListening?: true };

/** Runs in the page: judges where the next press lands, and stops that press and its click when it misses. */
function armClickGuard(target: Element) {
  const guarded = window as GuardedWindow;
  guarded.clickGuard = { target, done: false };
  if (guarded.clickGuardListening) return;
  guarded.clickGuardListening = true;
  const judge = (event: Event) => {
    const guard = guarded.clickGuard;
    if (!guard || guard.done || !(event.target instanceof Node)) return;
    // The press and the click must both land: what moves between them (a layout that shifts as the screen
    // settles) sends the click to the common parent.
    const { target } = guard;
    const onTarget =
      target.contains(event.target) ||
      event.target.contains(target) ||
      (target instanceof HTMLInputElement &&
        [...(target.labels ?? [])].some((label) => label.contains(event.target as Node)));
    if (event.type === "pointerdown" || event.type === "click") guard.landed = guard.landed !== false && onTarget;
    // The click ends the guard: a label's own click on its input, which follows, goes through.
    if (event.type === "click") guard.done = true;
    if (!guard.landed) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  };
  for (const type of ["pointerdown", "mousedown", "pointerup", "mouseup", "click"]) {
    window.addEventListener(type, judge, { capture: true });
  }
}
