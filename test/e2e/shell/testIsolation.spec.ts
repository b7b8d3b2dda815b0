// test/e2e/test.ts keeps the worker's browser context and page between tests: the second test sees nothing the
// first left.
import type { Page } from "@playwright/test";
import { expect, test } from "../test";

// One after the other in one worker, so each gets the context and page the one before used.
test.describe.configure({ mode: "serial" });

let pageBefore: Page | undefined;

test("a test leaves storage of every kind, a permission, a lock, a second tab, and things on its page", async ({
  page,
  context,
}) => {
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
  // The page: a listener, a route, a history entry, and a question before leaving.
  page.on("dialog", (dialog) => void dialog.accept("left"));
  await page.route("**/robots.txt", (route) => route.fulfill({ body: "left" }));
  await page.goto("/robots.txt");
  await page.evaluate(() => addEventListener("beforeunload", (event) => event.preventDefault()));
  await page.mouse.click(10, 10); // a page asks before it is left only once it has been used
  await (await context.newPage()).goto("/favicon.svg");
  await context.setOffline(true);
  pageBefore = page;
});

test("the next test of the worker starts with none of it, on the same page", async ({ page, context }) => {
  expect(page).toBe(pageBefore);
  expect(context.pages()).toEqual([page]);
  expect(await context.cookies()).toEqual([]);
  const left = await page.evaluate(async () => {
    const names: string[] = [];
    for await (const name of (await navigator.storage.getDirectory()).keys()) names.push(name);
    return {
      history: history.length,
      localStorage: localStorage.length,
      sessionStorage: sessionStorage.length,
      files: names,
      databases: (await indexedDB.databases()).map(({ name }) => name),
      caches: await caches.keys(),
      locks: (await navigator.locks.query()).held?.map(({ name }) => name),
      clipboard: (await navigator.permissions.query({ name: "clipboard-read" as PermissionName })).state,
      online: navigator.onLine,
      robots: await (await fetch("/robots.txt", { cache: "no-store" })).text(),
      // A dialog no test answers is dismissed.
      answer: prompt("question"),
    };
  });
  expect(left).toEqual({
    history: 1,
    localStorage: 0,
    sessionStorage: 0,
    files: [],
    databases: [],
    caches: [],
    locks: [],
    clipboard: "prompt",
    online: true,
    robots: expect.not.stringContaining("left"),
    answer: null,
  });
});

test("a test changes its page's size and colour scheme", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: "dark" });
  pageBefore = page;
});

test("the next test gets a page of the size and colours of its options", async ({ page }) => {
  expect(page).not.toBe(pageBefore);
  expect(page.viewportSize()).toEqual({ width: 1280, height: 720 });
  expect(await page.evaluate(() => [innerWidth, matchMedia("(prefers-color-scheme: dark)").matches])).toEqual([
    1280,
    false,
  ]);
});
