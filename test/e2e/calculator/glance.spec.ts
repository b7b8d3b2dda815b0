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
const outputSwitch = (page: Page, name: string) => page.getByRole("switch", { name: new RegExp(`^${name}`) });
const recentCode = (page: Page, code: string) =>
  page.getByRole("region", { name: "Recent codes" }).getByRole("link", { name: `Open code ${code}` });

/** Reads the QR code on screen back, the way a phone camera would: from the pixels. */
async function scanQrCode(page: Page): Promise<string | undefined> {
  const png = PNG.sync.read(await page.getByRole("dialog").getByTestId("qr-code").screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

test.describe("how the code is built", () => {
  test("/actions?code=17235 shows 35 = 32 + 2 + 1 and 100011, and each contact", async ({ page }) => {
    await page.goto("/actions?code=17235");
    await expect(page.getByText("35 = 32 + 2 + 1", { exact: true })).toBeVisible();
    await expect(page.getByText("100011", { exact: true })).toBeVisible();
    await expect(page.getByRole("cell", { name: "action: alarm" })).toBeVisible();
    const outputs = page.getByRole("group", { name: "Potential Free Outputs" });
    await expect(outputs.getByRole("img", { name: "Error, POT_FREE_3: contact closed" })).toBeVisible();
    await expect(outputs.getByRole("img", { name: "Alarm, POT_FREE_2: contact opened" })).toBeVisible();
    await expect(outputs.getByText("+32")).toBeVisible();
  });

  test("updates live on I NEED the code", async ({ page }) => {
    await page.goto("/actions");
    await expect(page.getByText("0 = all opened", { exact: true })).toBeVisible();
    await expect(page.getByText("000000", { exact: true })).toBeVisible();
    await outputSwitch(page, "Alarm").click();
    await outputSwitch(page, "Filter 100%").click();
    await expect(page.getByText("20 = 16 + 4", { exact: true })).toBeVisible();
    await expect(page.getByText("010100", { exact: true })).toBeVisible();
    await expect(
      page
        .getByRole("group", { name: "Potential Free Outputs" })
        .getByRole("img", { name: /POT_FREE_2: contact closed/ }),
    ).toBeVisible();
  });
});

test.describe("typing and pasting", () => {
  test("typing fast, with mistakes wiped, loses no character", async ({ page }) => {
    test.setTimeout(60_000); // over a hundred keystrokes, each re-rendering the screen
    await page.clock.install();
    await page.goto("/actions?code=");
    await codeInput(page).focus();
    // The URL lands a moment after each keystroke; a screen that followed it dropped
    // characters now and then, so the fast runs are repeated.
    for (let round = 0; round < 3; round++) {
      // Codes typed over each other at full speed.
      for (const code of ["17235", "17101", "17563", "1720"]) {
        await page.keyboard.press("Control+A");
        await page.keyboard.type(code, { delay: 0 });
      }
      await expect(codeInput(page)).toHaveValue("1720");
      // Mistakes wiped and fixed: clear, 17x2, ⌫⌫, 35, ⌫⌫⌫, 1, ⌫, ⌫, then 17101 (22 keystrokes).
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
    }
    await page.keyboard.press("Control+A");
    await page.keyboard.type("17235", { delay: 0 });
    await expect(codeInput(page)).toHaveValue("17235");
    await expect(unitCode(page)).toHaveText("17235");
    await expect(page).toHaveURL(/\?code=17235$/);
    // The URL catching up afterwards does not overwrite what is in the input: every timer still set has run.
    await page.clock.runFor(5_000);
    await expect(codeInput(page)).toHaveValue("17235");
  });

  test("a long run typed at full speed keeps the first five characters", async ({ page }) => {
    await page.goto("/actions?code=");
    await codeInput(page).focus();
    await page.keyboard.type("172351723517235172351723", { delay: 0 });
    await expect(codeInput(page)).toHaveValue("17235");
    await page.keyboard.press("Backspace");
    await page.keyboard.press("Backspace");
    await page.keyboard.type("01", { delay: 0 });
    await expect(codeInput(page)).toHaveValue("17201");
    await expect(unitCode(page)).toHaveText("17201");
  });

  for (const pasted of ["code: 17235", " 17 235", "17235\n"]) {
    test(`pasting ${JSON.stringify(pasted)} gives 17235`, async ({ page, context }) => {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await page.goto("/actions?code=17101");
      await page.evaluate((text) => navigator.clipboard.writeText(text), pasted);
      await codeInput(page).focus();
      await page.keyboard.press("Control+V");
      await expect(codeInput(page)).toHaveValue("17235");
      await expect(unitCode(page)).toHaveText("17235");
    });
  }

  test("pasted text that is not one code gets the message typed text gets", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/actions?code=");
    await page.evaluate(() => navigator.clipboard.writeText("code 17-235"));
    await codeInput(page).focus();
    await page.keyboard.press("Control+V");
    await expect(codeInput(page)).toHaveValue("17-235");
    await expect(page.getByText('A code has digits only: "-" is not a digit.')).toBeVisible();
  });
});

test.describe("codes that travel", () => {
  for (const colorScheme of ["light", "dark"] as const) {
    test(`the QR code scans to the deep link (${colorScheme})`, async ({ page, baseURL }) => {
      test.setTimeout(60_000); // decoding a full-page screenshot in Node and an axe scan: slow on a busy machine
      await page.emulateMedia({ colorScheme });
      await page.goto("/actions?code=17235");
      await page.getByRole("button", { name: "Show QR code" }).click();
      const dialog = page.getByRole("dialog", { name: "QR code for 17235" });
      await expect(
        dialog.getByRole("img", { name: `QR code of the link ${baseURL}/actions?code=17235` }),
      ).toBeVisible();
      expect(await scanQrCode(page)).toBe(`${baseURL}/actions?code=17235`);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    });
  }

  test("the QR code of I NEED the code links to its code", async ({ page, baseURL }) => {
    await page.goto("/actions?tab=need&output=POT_FREE_1&output=POT_FREE_5&action=alarm");
    await expect(unitCode(page)).toHaveText("17203");
    await page.getByRole("button", { name: "Show QR code" }).click();
    await expect(page.getByRole("dialog").getByTestId("qr-code")).toBeVisible();
    expect(await scanQrCode(page)).toBe(`${baseURL}/actions?code=17203`);
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

  test("print code sheet: only the code, outputs, action and QR code go on paper", async ({ page, baseURL }) => {
    await page.goto("/actions?code=17235");
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

  test("printing from the browser's menu (Ctrl+P) also prints the code sheet", async ({ page }) => {
    await page.goto("/actions?code=17235");
    await expect(unitCode(page)).toHaveText("17235");
    // The sheet is rendered when printing starts, not while the screen loads: the browser says so first.
    await page.evaluate(() => window.dispatchEvent(new Event("beforeprint")));
    await page.emulateMedia({ media: "print" });
    const sheet = page.getByRole("region", { name: "Code sheet for printing" });
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

  test("on paper the code sheet is dark on white, also when the screen is dark", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/actions?code=17235");
    await expect(unitCode(page)).toHaveText("17235");
    await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
    await page.evaluate(() => window.dispatchEvent(new Event("beforeprint")));
    await page.emulateMedia({ media: "print", colorScheme: "dark" });
    const sheet = page.getByRole("region", { name: "Code sheet for printing" });
    await expect(sheet.getByRole("heading", { name: "17235" })).toBeVisible();
    const colours = await page.evaluate(() => ({
      page: getComputedStyle(document.body).backgroundColor,
      link: getComputedStyle(document.querySelector("[data-testid=code-sheet] p:last-of-type")!).color,
    }));
    expect(colours).toEqual({ page: "rgb(255, 255, 255)", link: "rgb(0, 0, 0)" });
  });

  test("a deep link printed before the app has started says to wait, not a spinner", async ({ page }) => {
    const release = await holdAppStart(page);
    await page.goto("/actions?code=17101");
    await expect(page.getByRole("heading", { name: screenHeadings["/actions"].title })).toBeVisible();
    await page.emulateMedia({ media: "print" });
    await expect(page.getByText(printedBeforeStart)).toBeVisible();
    await expect(page.getByRole("status", { name: "Loading" })).toBeHidden();
    await page.emulateMedia({ media: "screen" });
    await expect(page.getByText(printedBeforeStart)).toBeHidden();
    release();
    await expect(unitCode(page)).toHaveText("17101");
  });
});
