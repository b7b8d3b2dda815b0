import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "../test";
import Papa from "papaparse";
import { fileEntries, pickFiles, seriousAccessibilityViolations, showParameters, stat } from "../helpers";

const textFile = (name: string, lines: string[]) => ({
  name,
  mimeType: "text/plain",
  buffer: Buffer.from(lines.join("\r\n") + "\r\n"),
});
const code = (number: number) => `P${String(number).padStart(4, "0")}`;
const parameterTable = (page: Page) => page.getByRole("table", { name: "All parameters in PAR.txt order" });

test.beforeEach(async ({ page }) => {
  await page.goto("/files");
  await expect(page.getByRole("heading", { name: "SD card file merger" })).toBeVisible();
});

test("every one of 1,500 rewritten parameters is reachable: the last one by search and by scrolling", async ({
  page,
}) => {
  const standard = Array.from({ length: 3000 }, (_, index) => [code(index + 1), `${index + 1}`]).flat();
  // The customer file rewrites every second code.
  const customer = Array.from({ length: 1500 }, (_, index) => [code(2 * index + 2), `new ${2 * index + 2}`]).flat();
  await pickFiles(page, [textFile("standard.txt", standard), textFile("KUNDESPEC.txt", customer)]);
  await expect(stat(page, "parameters")).toHaveText("3,000");
  await expect(stat(page, "rewritten")).toHaveText("1,500");

  await page.getByRole("searchbox", { name: "Search code or value" }).fill("P3000");
  await expect(page.getByTestId("match-count")).toHaveText(/^1 of 3,000 parameters shown/);
  await expect(parameterTable(page).getByRole("row", { name: /^P3000 3000 → new 3000 rewritten/ })).toBeVisible();

  await page.getByRole("searchbox", { name: "Search code or value" }).fill("");
  await showParameters(page, "Rewritten (1,500)");
  await expect(page.getByTestId("match-count")).toHaveText(/^1,500 of 3,000 parameters shown/);
  await expect(page).toHaveURL(/show=rewritten/);
  // Scroll to the end: the rows there are fetched from the worker as they come into view.
  await parameterTable(page).evaluate((table) => table.parentElement!.scrollTo({ top: table.scrollHeight }));
  await expect(parameterTable(page).getByRole("row", { name: /^P3000 3000 → new 3000/ })).toBeVisible();
  await expect(parameterTable(page).getByRole("row", { name: /^P0001 / })).toHaveCount(0);
});

test("selecting a code set by three files shows all three, in order, and which one is used and why", async ({
  page,
}) => {
  await pickFiles(page, [
    textFile("std/a.txt", ["P0412", "10", "P0500", "5"]),
    textFile("std/b.txt", ["* later standard file", "P0412", "11"]),
    textFile("KUNDESPEC/k.txt", ["P0412", "12"]),
  ]);
  await expect(fileEntries(page)).toHaveCount(3);
  await page.getByRole("tab", { name: /^Parameters/ }).click();
  // Keyboard: focus the row and press Enter.
  await parameterTable(page)
    .getByRole("row", { name: /^P0412 11 → 12 rewritten/ })
    .focus();
  await page.keyboard.press("Enter");
  const history = page.getByRole("list", { name: "History of P0412" });
  await expect(history.getByRole("listitem")).toHaveText([
    "std/a.txt, line 1 · Standard setValue 10Overwritten by KUNDESPEC/k.txt line 1.",
    "std/b.txt, line 2 · Standard setValue 11Overwritten by KUNDESPEC/k.txt line 1.",
    "KUNDESPEC/k.txt, line 1 · Customer setValue 12usedUsed: the customer set wins over the standard set.",
  ]);
});

test("on a phone the history of a code with long names and values stays within the screen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const longName = "KUNDESPEC_Kunde_Fjordview_Kunde_Fjordview_Kunde_Fjordview_pool_2.txt";
  await pickFiles(page, [
    textFile("Standard_parameters_dosing_unit_v12_final_2025.txt", ["P0001", "x".repeat(300)]),
    textFile(longName, ["P0001", "y".repeat(300)]),
  ]);
  await expect(fileEntries(page)).toHaveCount(2);
  await page.getByRole("tab", { name: /^Parameters/ }).click();
  await parameterTable(page)
    .getByRole("row", { name: /^P0001 / })
    .click();
  const history = page.getByRole("region", { name: "History of P0001" });
  await expect(history.getByText(`Overwritten by ${longName} line 1.`)).toBeVisible();
  // Nothing in the panel is laid out wider than the panel: a long word used to push it past the screen's edge.
  expect(await history.evaluate((panel) => panel.scrollWidth - panel.clientWidth)).toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("a mistyped customer code is a problem that names both codes and holds Download until confirmed", async ({
  page,
}) => {
  await pickFiles(page, [
    textFile("standard.txt", ["P0120", "1", "P0121", "2"]),
    textFile("KUNDESPEC_site.txt", ["PO120", "5"]),
  ]);
  await expect(stat(page, "problems")).toHaveText("1");
  await expect(page.getByTestId("download-blocker")).toHaveText("Check the 1 problem first, then tick the box.");
  await expect(page.getByRole("button", { name: "Download SD card file" })).toBeDisabled();
  await expect(page.getByRole("table", { name: "Problems" })).toContainText(
    "Line 1: PO120 is not in the standard set but looks like P0120 mistyped: letter O for the digit 0.",
  );
  await page.getByRole("tab", { name: /^Parameters/ }).click();
  await showParameters(page, "With a check (1)");
  await parameterTable(page)
    .getByRole("row", { name: /^PO120 5 added problem/ })
    .click();
  await expect(page.getByRole("list", { name: "Checks on PO120" })).toContainText(
    "Looks like a mistyped code: Line 1: PO120 is not in the standard set but looks like P0120 mistyped",
  );
});

test("the table exports as CSV, as filtered, and the screen has no serious accessibility violations", async ({
  page,
}) => {
  await pickFiles(page, [
    textFile("standard.txt", ["P1", "1.5", "P2", "2"]),
    textFile("KUNDESPEC.txt", ["P1", "1,5", "P2", "2"]),
  ]);
  await showParameters(page, "With a check (2)");
  await expect(parameterTable(page).getByRole("row", { name: /^P1 1\.5 → 1,5 rewritten note/ })).toBeVisible();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  const downloadStarted = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const download = await downloadStarted;
  expect(download.suggestedFilename()).toBe("PAR-parameters.csv");
  const csv = (await readFile((await download.path())!)).toString("utf8");
  // A byte order mark first, so Excel reads UTF-8.
  expect(csv.startsWith("\uFEFF")).toBe(true);
  const rows = Papa.parse<string[]>(csv.slice(1)).data;
  expect(rows).toEqual([
    ["code", "value", "set", "file", "line", "old value", "checks"],
    [
      "P1",
      "1,5",
      "customer",
      "KUNDESPEC.txt",
      "1",
      "1.5",
      'Line 1: P1: the customer value "1,5" uses a decimal comma where the standard value uses a point ("1.5").',
    ],
    [
      "P2",
      "2",
      "customer",
      "KUNDESPEC.txt",
      "3",
      "2",
      'Line 3: P2: the customer value "2" equals the standard value; this override changes nothing.',
    ],
  ]);
  await expect(page.getByText("Parameter table saved as CSV: 2 rows")).toBeVisible();
});
