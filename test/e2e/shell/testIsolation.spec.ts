// test/e2e/test.ts keeps the worker's browser context between tests: the second test sees nothing the first left.
import { expect, test } from "../test";

// One after the other in one worker, so the second gets the context the first used.
test.describe.configure({ mode: "serial" });

test("a test leaves storage of every kind, a permission, a lock and a second tab", async ({ page, context }) => {
  await page.goto("/favicon.svg");
  await context.grantPermissions(["clipboard-read"]);
  await context.addCookies([{ name: "left", value: "1", url: page.url() }]);
  await page.evaluate(async () => {
    localStorage.setItem("left", "1");
    sessionStorage.setItem("left", "1");
    const folder = await navigator.storage.getDirectory();
    await (await (await folder.getFileHandle("left", { create: true })).createWritable()).close();
    await new Promise<void>((resolve) => {
      const opening = indexedDB.open("left");
      opening.onupgradeneeded = () => opening.result.createObjectStore("left");
      opening.onsuccess = () => (opening.result.close(), resolve());
    });
    await (await caches.open("left")).put("/left", new Response("left"));
    void navigator.locks.request("left", () => new Promise(() => undefined));
  });
  await (await context.newPage()).goto("/favicon.svg");
  await context.setOffline(true);
  // The last thing the test does, as a screen that stores a value just before its test ends.
  await page.evaluate(() => localStorage.setItem("last", "1"));
});

test("the next test of the worker starts with none of it", async ({ page, context }) => {
  // What the page's first script reads, as the app reads its stored values before its first render.
  await page.addInitScript(() => Object.assign(window, { firstRead: Object.keys(localStorage) }));
  await page.goto("/favicon.svg");
  expect(context.pages()).toHaveLength(2); // the kept blank page and this one
  expect(await context.cookies()).toEqual([]);
  const left = await page.evaluate(async () => {
    const names: string[] = [];
    for await (const name of (await navigator.storage.getDirectory()).keys()) names.push(name);
    return {
      firstRead: (window as Window & { firstRead?: string[] }).firstRead,
      localStorage: localStorage.length,
      sessionStorage: sessionStorage.length,
      files: names,
      databases: (await indexedDB.databases()).map(({ name }) => name),
      caches: await caches.keys(),
      locks: (await navigator.locks.query()).held?.map(({ name }) => name),
      clipboard: (await navigator.permissions.query({ name: "clipboard-read" as PermissionName })).state,
      opener: window.opener as unknown,
    };
  });
  expect(left).toEqual({
    firstRead: [],
    localStorage: 0,
    sessionStorage: 0,
    files: [],
    databases: [],
    caches: [],
    locks: [],
    clipboard: "prompt",
    opener: null,
  });
});

test("a test whose page crashes takes down the renderer it shares with the kept page", async ({ page, context }) => {
  await page.goto("/favicon.svg");
  const session = await context.newCDPSession(page);
  const crashed = page.waitForEvent("crash");
  // The command is never answered: its page is gone.
  void session.send("Page.crash").catch(() => undefined);
  await crashed;
});

test("the next test of the worker still gets a page that works", async ({ page }) => {
  await page.goto("/favicon.svg");
  expect(await page.evaluate(() => document.contentType)).toBe("image/svg+xml");
});
