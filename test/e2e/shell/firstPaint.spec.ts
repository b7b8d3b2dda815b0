import type { Page } from "@playwright/test";
import { expect, test } from "../test";
import { externalLinks } from "../../../app/lib/shell/externalLinks";
import { navigationEntries } from "../../../app/lib/shell/navigation";
import { screenHeadings, type ScreenPath } from "../../../app/lib/shell/screenHeadings";

// index.html paints each screen's heading and intro before any JavaScript runs. If the started screen then
// draws a larger block of text in the first view, that block becomes the screen's largest paint, a second or
// more later on a slow phone: so nothing the screen adds may outgrow its heading and intro.

/** The text of the largest block of text in view, measured as the browser measures a paint: its text's box. */
async function largestTextInView(page: Page): Promise<string> {
  return page.evaluate(() => {
    const view = { width: innerWidth, height: innerHeight };
    let largest = { area: 0, text: "" };
    for (const element of document.body.querySelectorAll<HTMLElement>("*")) {
      const textNodes = [...element.childNodes].filter(
        (node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== "",
      );
      if (!textNodes.length || element.closest("[data-first-screen-heading]") || !element.checkVisibility()) continue;
      // The box around the element's own text, as a paint of text is measured (a hidden label inside it is not).
      const box = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
      for (const node of textNodes) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) {
          box.left = Math.min(box.left, rect.left);
          box.top = Math.min(box.top, rect.top);
          box.right = Math.max(box.right, rect.right);
          box.bottom = Math.max(box.bottom, rect.bottom);
        }
      }
      const width = Math.max(0, Math.min(box.right, view.width) - Math.max(box.left, 0));
      const height = Math.max(0, Math.min(box.bottom, view.height) - Math.max(box.top, 0));
      if (width * height > largest.area) largest = { area: width * height, text: element.textContent!.trim() };
    }
    return largest.text;
  });
}

const screensReady: Record<ScreenPath, (page: Page) => Promise<void>> = {
  "/": (page) => expect(page.getByRole("link", { name: externalLinks.at(-1)!.label })).toBeVisible(),
  "/files": (page) => expect(page.getByTestId("browser-abilities")).toContainText("kept in this browser"),
  "/actions": (page) => expect(page.getByRole("tab", { name: "I NEED the code" })).toBeVisible(),
};

// On a phone, where a slow start shows most. (On a desktop /actions' large code outgrows its one-line intro.)
// index.html's painted headings are not screens the technician arrived at: the first screen of a visit leaves
// the keyboard where the browser put it, with no focus ring drawn around its heading (the same on any screen size).
for (const path of Object.keys(screenHeadings) as ScreenPath[]) {
  test(`on a phone, nothing on ${path} outgrows the heading and intro painted from index.html, and opening it leaves the keyboard at the page's start`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(path);
    await screensReady[path](page);
    await test.step("nothing outgrows the heading and intro", async () => {
      expect([screenHeadings[path].title, screenHeadings[path].intro]).toContain(await largestTextInView(page));
    });
    await test.step("the keyboard is at the page's start", async () => {
      await expect(page.getByRole("heading", { level: 1, name: screenHeadings[path].title })).not.toBeFocused();
      expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    });
  });
}

/** Each navigation link's aria-current, by its label. */
async function currentMarks(page: Page) {
  const navigation = page.getByRole("navigation", { name: "Main" });
  const marks: Record<string, string | null> = {};
  for (const { label } of navigationEntries)
    marks[label] = await navigation.getByRole("link", { name: label, exact: true }).getAttribute("aria-current");
  return marks;
}

const marksOf = (current: string | null) =>
  Object.fromEntries(navigationEntries.map(({ label }) => [label, label === current ? "page" : null]));

// A slow phone shows index.html for seconds before the app's JavaScript runs: its navigation must already mark
// the screen of the address, never Home on another one. The app's own scripts are held back; index.html's inline
// scripts run, as they do on that phone.
test.describe("before the app's JavaScript runs", () => {
  test.beforeEach(async ({ page }) => {
    await page.route(/\/assets\/.+\.js$/, (route) => route.abort());
  });

  const currentOf: [path: string, current: string | null][] = [
    ["/", "Home"],
    ["/files", "SD Card Files"],
    ["/FILES/", "SD Card Files"],
    ["/actions", "Actions"],
    ["/actions?code=17101", "Actions"],
    ["/records", null],
    ["/nope", null],
  ];
  // One page per address, in one test: without the app's scripts each load is index.html alone.
  test("each address marks its own screen's link, or none, as the current page", async ({ page }) => {
    for (const [path, current] of currentOf) {
      await test.step(`${path} marks ${current ?? "no link"} as the current page`, async () => {
        await page.goto(path);
        await expect(page.getByRole("status", { name: "Loading" })).toBeVisible();
        expect(await currentMarks(page)).toEqual(marksOf(current));
      });
    }
  });
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("no link is marked as the current page, and the page says the app needs JavaScript instead of a spinner that never ends", async ({
    page,
  }) => {
    await test.step("no link is marked as the current page: Home is not, on another screen", async () => {
      for (const path of ["/actions", "/records", "/files"]) {
        await page.goto(path);
        expect(await currentMarks(page)).toEqual(marksOf(null));
      }
    });
    await test.step("the page says the app needs JavaScript instead of a spinner that never ends", async () => {
      // Still on /files. Playwright's text locators skip what is inside <noscript>; the rendered text does not.
      expect(await page.locator("main").evaluate((main) => (main as HTMLElement).innerText.trim())).toContain(
        "Technician Toolbox runs in this browser and needs JavaScript: turn it on for this site, then reload the page.",
      );
      await expect(page.getByRole("status", { name: "Loading" })).toBeHidden();
    });
  });
});
