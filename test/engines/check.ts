// The journeys' assertions: each waits for the screen to get there (as Playwright's expect does) and says
// in words what it waited for when it does not.
import { describeTarget, findElement, type EnginePage, type Target } from "./driver";
import { pollMs, waitTimeoutMs } from "./drivers/downloads";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the check until it passes, or throws its last failure once the time is up. */
export async function eventually(check: () => Promise<void>, timeoutMs = waitTimeoutMs): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await pause(pollMs);
    }
  }
}

export class JourneyFailure extends Error {
  override name = "JourneyFailure";
}

export function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new JourneyFailure(message);
}

/** The element's text (a field's value), once it is there. */
export async function textOf(page: EnginePage, target: Target): Promise<string> {
  let text: string | null = null;
  await eventually(async () => {
    text = (await page.evaluate(findElement, target, "text")) as string | null;
    check(text !== null, `Not found: ${describeTarget(target)}`);
  });
  return text!;
}

export async function seeShown(page: EnginePage, target: Target, timeoutMs?: number): Promise<void> {
  await eventually(async () => {
    check(!!(await page.evaluate(findElement, target, "present")), `Not shown: ${describeTarget(target)}`);
  }, timeoutMs);
}

export async function seeText(page: EnginePage, text: string): Promise<void> {
  await seeShown(page, { text, exact: false });
}

export async function seeNoText(page: EnginePage, text: string): Promise<void> {
  const shown = await page.evaluate((text) => document.body.innerText.includes(text), text);
  check(!shown, `Shown, but should not be: "${text}"`);
}

export async function expectTextOf(page: EnginePage, target: Target, expected: string): Promise<void> {
  let last = "";
  await eventually(async () => {
    last = ((await page.evaluate(findElement, target, "text")) as string | null) ?? "(not found)";
    check(last === expected, `${describeTarget(target)}: expected "${expected}", found "${last}"`);
  });
}

export async function expectChecked(page: EnginePage, target: Target, checked = true): Promise<void> {
  await eventually(async () => {
    const state = await page.evaluate(findElement, target, "checked");
    check(state === checked, `${describeTarget(target)}: expected ${checked ? "checked" : "not checked"}`);
  });
}

/** The address shown in the address bar: path and query. */
export async function expectAddress(page: EnginePage, expected: string | RegExp): Promise<void> {
  let address = "";
  await eventually(async () => {
    address = await page.evaluate(() => location.pathname + location.search);
    check(
      typeof expected === "string" ? address === expected : expected.test(address),
      `Expected to be at ${expected}, but at ${address}`,
    );
  });
}

export function expectSameBytes(actual: Buffer, expected: Buffer, what: string): void {
  if (actual.equals(expected)) return;
  const at = [...actual].findIndex((byte, index) => byte !== expected[index]);
  throw new JourneyFailure(
    `${what}: ${actual.length} bytes, expected ${expected.length}; first difference at byte ${at === -1 ? Math.min(actual.length, expected.length) : at}: ` +
      `${JSON.stringify(actual.subarray(Math.max(0, at - 10), at + 20).toString("utf8"))}`,
  );
}

/**
 * Fails when the page's origin holds anything already: web storage, cookies, IndexedDB, a service worker or Cache
 * Storage. Every journey starts so, on its origin's blank page (network.ts, run.ts): it never sees what another
 * journey left, whichever way its engine keeps journeys apart.
 */
export async function expectNothingStored(page: EnginePage): Promise<void> {
  const stored = await page.evaluate(async () => {
    const found: string[] = [];
    if (localStorage.length > 0) found.push(`localStorage: ${Object.keys(localStorage).join(", ")}`);
    if (sessionStorage.length > 0) found.push(`sessionStorage: ${Object.keys(sessionStorage).join(", ")}`);
    if (document.cookie) found.push(`cookies: ${document.cookie}`);
    const databases = await indexedDB.databases();
    if (databases.length > 0) found.push(`IndexedDB: ${databases.map(({ name }) => name).join(", ")}`);
    const workers = await navigator.serviceWorker.getRegistrations();
    if (workers.length > 0) found.push(`service worker: ${workers.map(({ scope }) => scope).join(", ")}`);
    const caches = await window.caches.keys();
    if (caches.length > 0) found.push(`Cache Storage: ${caches.join(", ")}`);
    return found;
  });
  check(stored.length === 0, `The journey's origin already holds ${stored.join("; ")}`);
}
