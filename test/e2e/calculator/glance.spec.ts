import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { qrCodeNotPrinted } from "../../../app/lib/calculator/qrCode";
import { printedBeforeStart, screenHeadings } from "../../../app/lib/shell/screenHeadings";
import { holdAppStart, seriousAccessibilityViolations } from "../helpers";

const unitCode = (page: Page) => page.getByTestId("unit-code");
const qrPicture = (sheet: Locator) => sheet.getByRole("img", { name: /^QR code of the link / });
const codeInput = (page: Page) => page.getByRole("textbox", { name: "Code from the unit" });
const recentCode = (page: Page, code: string) =>
  page.getByRole("region", { name: "Recent codes" }).getByRole("link", { name: `Open code ${code}` });

/** Reads the QR code on screen back, the way a phone camera would: from the pixels. */
async function scanQrCode(page: Page): Promise<string | undefined> {
  const png = PNG.sync.read(await page.getByRole("dialog").getByTestId("qr-code").screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

test("/actions?code=17235 shows 35 = 32 + 2 + 1 and 100011 and each contact, copies the code and a link to it, and prints only the code, outputs, action and QR code", async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/actions?code=17235");
  await test.step("how the code is built: 35 = 32 + 2 + 1 and 100011, and each contact", async () => {
    await expect(page.getByText("35 = 32 + 2 + 1", { exact: true })).toBeVisible();
    await expect(page.getByText("100011", { exact: true })).toBeVisible();
    await expect(page.getByRole("cell", { name: "action: alarm" })).toBeVisible();
    const outputs = page.getByRole("group", { name: "Potential Free Outputs" });
    await expect(outputs.getByRole("img", { name: "Error, POT_FREE_3: contact closed" })).toBeVisible();
    await expect(outputs.getByRole("img", { name: "Alarm, POT_FREE_2: contact opened" })).toBeVisible();
    await expect(outputs.getByText("+32")).toBeVisible();
  });

  // The link is the deep link, whose opening is proven in actions.spec.ts.
  await test.step("copy buttons put the code and a link to it on the clipboard", async () => {
    await page.getByRole("button", { name: "Copy code" }).click();
    await expect(page.getByRole("button", { name: "Code copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("17235");
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect(page.getByRole("button", { name: "Link copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/actions?code=17235`);
  });

  await test.step("print code sheet: only the code, outputs, action and QR code go on paper", async () => {
    await page.evaluate(() => {
      window.print = () => document.body.setAttribute("data-printed", "yes");
    });
    await page.getByRole("button", { name: "Print code sheet" }).click();
    await expect(page.locator("body")).toHaveAttribute("data-printed", "yes");

    await page.emulateMedia({ media: "print" });
    const sheet = page.getByRole("region", { name: "Code sheet for printing" });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole("heading", { name: "17235" })).toBeVisible();
    await expect(sheet.getByText("35 = 32 + 2 + 1 · binary 100011")).toBeVisible();
    await expect(sheet.getByText("Action 2:")).toBeVisible();
    await expect(sheet.getByRole("row", { name: /Error POT_FREE_3 closed 32/ })).toBeVisible();
    await expect(sheet.getByRole("row", { name: /Alarm POT_FREE_2 opened 0/ })).toBeVisible();
    await expect(sheet.getByRole("img", { name: `QR code of the link ${baseURL}/actions?code=17235` })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(page.getByRole("tab", { name: "I HAVE the code" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Print code sheet" })).toBeHidden();
  });
});

// Pasting is in actions.spec.ts, with the screen's other ways in of a code.
test("typing fast, with mistakes wiped, loses no character, and a long run typed at full speed keeps the first five", async ({
  page,
}) => {
  test.setTimeout(60_000); // about eighty keystrokes, each re-rendering the screen
  await page.clock.install();
  await page.goto("/actions?code=");
  await codeInput(page).focus();
  // The URL lands a moment after each keystroke, and the screen never follows its own writes
  // (useCalculatorUrl.ts; test/unit/calculator/actionsRoute.test.tsx types fast while the URL catches up).
  await test.step("codes typed over each other at full speed", async () => {
    for (const code of ["17235", "17101", "17563", "1720"]) {
      await page.keyboard.press("Control+A");
      await page.keyboard.type(code, { delay: 0 });
    }
    await expect(codeInput(page)).toHaveValue("1720");
  });
  await test.step("mistakes wiped and fixed: clear, 17x2, ⌫⌫, 35, ⌫⌫⌫, 1, ⌫, ⌫, then 17101 (22 keystrokes)", async () => {
    for (const key of [
      "Control+A",
      "Backspace",
      ..."17x2",
      "Backspace",
      "Backspace",
      ..."35",
      "Backspace",
      "Backspace",
      "Backspace",
    ]) {
      await page.keyboard.press(key, { delay: 0 });
    }
    for (const key of ["1", "Backspace", "Backspace", ..."17101"]) await page.keyboard.press(key, { delay: 0 });
    await expect(codeInput(page)).toHaveValue("17101");
  });
  await test.step("the URL catching up afterwards does not overwrite what is in the input", async () => {
    await page.keyboard.press("Control+A");
    await page.keyboard.type("17235", { delay: 0 });
    await expect(codeInput(page)).toHaveValue("17235");
    await expect(unitCode(page)).toHaveText("17235");
    await expect(page).toHaveURL(/\?code=17235$/);
    // Every timer still set has run.
    await page.clock.runFor(5_000);
    await expect(codeInput(page)).toHaveValue("17235");
  });
  await test.step("a long run typed at full speed keeps the first five characters", async () => {
    await page.keyboard.press("Control+A");
    await page.keyboard.press("Backspace");
    await expect(codeInput(page)).toHaveValue("");
    await page.keyboard.type("172351723517235172351723", { delay: 0 });
    await expect(codeInput(page)).toHaveValue("17235");
    await page.keyboard.press("Backspace");
    await page.keyboard.press("Backspace");
    await page.keyboard.type("01", { delay: 0 });
    await expect(codeInput(page)).toHaveValue("17201");
    await expect(unitCode(page)).toHaveText("17201");
  });
});

test.describe("codes that travel", () => {
  // Each colour scheme once, each tab once: the QR code and its link are drawn the same way for either tab.
  test("the QR code of I NEED the code scans to its code's deep link (light), and the screen has no serious accessibility violations", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(60_000); // decoding a full-page screenshot in Node and two axe scans: slow on a busy machine
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/actions?tab=need&output=POT_FREE_1&output=POT_FREE_5&action=alarm");
    await expect(unitCode(page)).toHaveText("17203");
    await test.step("I NEED the code has no serious accessibility violations", async () => {
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    });
    await test.step("the QR code scans to the deep link", async () => {
      await page.getByRole("button", { name: "Show QR code" }).click();
      const dialog = page.getByRole("dialog", { name: "QR code for 17203" });
      await expect(
        dialog.getByRole("img", { name: `QR code of the link ${baseURL}/actions?code=17203` }),
      ).toBeVisible();
      expect(await scanQrCode(page)).toBe(`${baseURL}/actions?code=17203`);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    });
  });

  test("the QR code of a deep link scans to it (dark)", async ({ page, baseURL }) => {
    test.setTimeout(60_000); // decoding a full-page screenshot in Node and an axe scan: slow on a busy machine
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/actions?code=17235");
    await page.getByRole("button", { name: "Show QR code" }).click();
    const dialog = page.getByRole("dialog", { name: "QR code for 17235" });
    await expect(dialog.getByRole("img", { name: `QR code of the link ${baseURL}/actions?code=17235` })).toBeVisible();
    expect(await scanQrCode(page)).toBe(`${baseURL}/actions?code=17235`);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  test("recent codes: recorded once a code stays, kept over a reload, one click away, clearable", async ({ page }) => {
    await page.clock.install();
    await page.goto("/actions");
    // An untouched screen records nothing, however long it stays.
    await page.clock.fastForward(60_000);
    await expect(page.getByRole("region", { name: "Recent codes" })).toHaveCount(0);

    await page.getByRole("tab", { name: "I HAVE the code" }).click();
    await codeInput(page).fill("17235");
    await expect(recentCode(page, "17235")).toBeVisible();
    await codeInput(page).fill("17101");
    await page.getByRole("button", { name: "Copy code" }).click(); // used: recorded at once
    await expect(recentCode(page, "17101")).toBeVisible();

    await page.reload();
    const chips = page.getByRole("region", { name: "Recent codes" }).getByRole("link");
    await expect(chips).toHaveText(["17101", "17235"]);

    await recentCode(page, "17235").click();
    await expect(page).toHaveURL(/\/actions\?code=17235$/);
    await expect(codeInput(page)).toHaveValue("17235");
    await expect(unitCode(page)).toHaveText("17235");
    await expect(recentCode(page, "17235")).toHaveAttribute("aria-current", "true");
    // I HAVE the code with a valid code (17235) and its recent codes: the screen's one scan in this state.
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Clear recent codes" }).click();
    await expect(page.getByRole("region", { name: "Recent codes" })).toHaveCount(0);
    await page.reload();
    await expect(unitCode(page)).toHaveText("17235");
    // The deep link itself names 17235, so it is recorded again; 17101 stays gone.
    await expect(page.getByRole("region", { name: "Recent codes" }).getByRole("link")).toHaveText(["17235"]);
  });

  test("broken recent-codes storage shows no list and breaks nothing", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("technician-toolbox:recent-codes", "{not json"));
    await page.goto("/actions?code=17235");
    await expect(unitCode(page)).toHaveText("17235");
    await expect(recentCode(page, "17235")).toBeVisible(); // recorded over the broken content
  });

  test("printing: before the app has started it says to wait, not a spinner; from the browser's menu (Ctrl+P) it prints the code sheet, dark on white also when the screen is dark", async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    const release = await holdAppStart(page);
    await page.goto("/actions?code=17235");
    await test.step("a deep link printed before the app has started says to wait, not a spinner", async () => {
      await expect(page.getByRole("heading", { name: screenHeadings["/actions"].title })).toBeVisible();
      await page.emulateMedia({ media: "print" });
      await expect(page.getByText(printedBeforeStart)).toBeVisible();
      await expect(page.getByRole("status", { name: "Loading" })).toBeHidden();
      await page.emulateMedia({ media: "screen" });
      await expect(page.getByText(printedBeforeStart)).toBeHidden();
      release();
      await expect(unitCode(page)).toHaveText("17235");
      await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
    });

    const sheet = page.getByRole("region", { name: "Code sheet for printing" });
    await test.step("printing from the browser's menu (Ctrl+P) also prints the code sheet", async () => {
      // The sheet is rendered when printing starts, not while the screen loads: the browser says so first.
      await page.evaluate(() => window.dispatchEvent(new Event("beforeprint")));
      await page.emulateMedia({ media: "print" });
      await expect(sheet.getByRole("heading", { name: "17235" })).toBeVisible();
      await expect(sheet.getByRole("row", { name: /Error POT_FREE_3 closed 32/ })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
      // Printed at once the sheet says where the QR code is; once the screen has been up a while it has it too.
      await expect(sheet.getByText(qrCodeNotPrinted).or(qrPicture(sheet))).toBeVisible();
      await expect
        .poll(
          async () => {
            await page.evaluate(() => window.dispatchEvent(new Event("beforeprint")));
            return qrPicture(sheet).count();
          },
          { timeout: 15_000 },
        )
        .toBe(1);
      await expect(sheet.getByText(qrCodeNotPrinted)).toHaveCount(0);
    });

    await test.step("on paper the code sheet is dark on white, also when the screen is dark", async () => {
      const colours = await page.evaluate(() => ({
        page: getComputedStyle(document.body).backgroundColor,
        link: getComputedStyle(document.querySelector("[data-testid=code-sheet] p:last-of-type")!).color,
      }));
      expect(colours).toEqual({ page: "rgb(255, 255, 255)", link: "rgb(0, 0, 0)" });
    });
  });
});
