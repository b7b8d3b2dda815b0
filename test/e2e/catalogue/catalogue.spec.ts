import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "../test";
import { catalogueTexts } from "../../../app/lib/catalogue/catalogueTexts";
import { fixtures, pickSiteInParOrder, showParameters, stat } from "../helpers";

const catalogues = `${fixtures}/catalogue`;
const sample = `${catalogues}/DX-200_catalogue.csv`;
const parameterTable = (page: Page) => page.getByRole("table", { name: "All parameters in PAR.txt order" });
const sha256Of = async (path: string) =>
  createHash("sha256")
    .update(await readFile(path))
    .digest("hex");

/** Picks a catalogue with the button, as a technician does. */
async function loadCatalogue(page: Page, path: string) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Load parameter catalogue" }).click();
  await (await chooser).setFiles(path);
}

async function downloadParFile(page: Page) {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download SD card file" }).click();
  return readFile((await (await download).path())!);
}

test.beforeEach(async ({ page }) => {
  await page.goto("/files");
  await expect(page.getByRole("heading", { name: "SD card file merger" })).toBeVisible();
});

test("a loaded catalogue names each code, and its limits and choices are problems that hold the download", async ({
  page,
}) => {
  await pickSiteInParOrder(page);
  await expect(stat(page, "problems")).toHaveText("0");
  await loadCatalogue(page, sample);
  await expect(page.getByText(catalogueTexts.loaded(8))).toBeVisible();
  await expect(page.getByTestId("catalogue-file")).toHaveText("DX-200_catalogue.csv");
  await expect(page.getByTestId("catalogue-rows")).toHaveText("8 codes");
  await expect(page.getByTestId("catalogue-sha256")).toHaveText(await sha256Of(sample));

  // An out-of-range value and a value outside its choices are problems to confirm.
  await expect(stat(page, "problems")).toHaveText("2");
  await page.getByRole("tab", { name: /^Problems/ }).click();
  const problems = page.getByRole("table", { name: "Problems" });
  await expect(problems).toContainText("Line 2: P0002 Dosing rate = 3,0 l/h is above its maximum 2,5.");
  await expect(problems).toContainText(
    "Line 13: P0005 Pump start = PUMP ON is not among its choices AUTO (automatic), MANUAL (by hand).",
  );
  const download = page.getByRole("button", { name: "Download SD card file" });
  await expect(download).toBeDisabled();

  await page.getByRole("tab", { name: /^Parameters/ }).click();
  await expect(parameterTable(page).getByRole("row", { name: /^P0002 · Dosing rate · l\/h / })).toBeVisible();
  await expect(parameterTable(page).getByRole("row", { name: /^P0100 · pH upper alarm · pH 7,20/ })).toBeVisible();
  // A code the catalogue lacks is a note.
  await parameterTable(page)
    .getByRole("row", { name: /^P0200 / })
    .click();
  await expect(page.getByText("Line 6: P0200 is not in the catalogue.")).toBeVisible();
  await expect(parameterTable(page).getByRole("row", { name: /^P0200 .* note/ })).toBeVisible();

  await page.getByRole("checkbox", { name: "I have checked the 2 problems" }).check();
  // The catalogue never changes PAR.txt: the values go in as the files have them.
  expect(await downloadParFile(page)).toEqual(await readFile(`${fixtures}/expected/PAR_site-1042.crlf.txt`));
});

test("search finds a name, Differs from default filters, and the catalogue survives a reload", async ({ page }) => {
  await pickSiteInParOrder(page);
  await loadCatalogue(page, sample);
  await expect(page.getByTestId("catalogue-rows")).toHaveText("8 codes");
  await page.getByRole("tab", { name: /^Parameters/ }).click();

  await page.getByRole("searchbox", { name: "Search code, value or name" }).fill("alarm");
  await expect(page.getByTestId("match-count")).toHaveText(/^4 of 9 parameters shown/);
  await expect(parameterTable(page).getByRole("row", { name: /^P0102 · Chlorine alarm delay · s 100/ })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search code, value or name" }).fill("");

  await showParameters(page, "Differs from default (4)");
  await expect(page.getByTestId("match-count")).toHaveText(/^4 of 9 parameters shown/);
  await expect(parameterTable(page).getByRole("row")).toHaveText([/^Code/, /^P0002/, /^P0005/, /^P0101/, /^P0102/]);

  await page.reload();
  await expect(page.getByTestId("catalogue-file")).toHaveText("DX-200_catalogue.csv");
  await expect(stat(page, "problems")).toHaveText("2");
  await page.getByRole("tab", { name: /^Parameters/ }).click();
  await expect(parameterTable(page).getByRole("row", { name: /^P0002 · Dosing rate · l\/h / })).toBeVisible();
});

test("bad rows are named by line while the good ones apply; a file without a name column is refused", async ({
  page,
}) => {
  await pickSiteInParOrder(page);
  await loadCatalogue(page, `${catalogues}/bad-rows_catalogue.csv`);
  await expect(page.getByText(catalogueTexts.loadedWithBadRows(2, 4))).toBeVisible();
  const leftOut = page.getByRole("list", { name: "Rows left out" });
  await expect(leftOut.getByRole("listitem")).toHaveText([
    catalogueTexts.badRow(4, catalogueTexts.noCode),
    catalogueTexts.badRow(5, catalogueTexts.duplicateCode("P0002", 2)),
    catalogueTexts.badRow(6, catalogueTexts.notANumber("min", "six")),
    catalogueTexts.badRow(7, catalogueTexts.minAboveMax("7.5", "5.0")),
  ]);
  await page.getByRole("tab", { name: /^Parameters/ }).click();
  await expect(parameterTable(page).getByRole("row", { name: /^P0102 · Chlorine alarm delay · s / })).toBeVisible();

  await loadCatalogue(page, `${catalogues}/without-name_catalogue.csv`);
  await expect(page.getByText(catalogueTexts.refused(["name"]))).toBeVisible();
  await expect(page.getByTestId("catalogue-file")).toHaveText("bad-rows_catalogue.csv");
  await expect(parameterTable(page).getByRole("row", { name: /^P0102 · Chlorine alarm delay · s / })).toBeVisible();
});

test("the service record names the catalogue, and still does once the catalogue is removed", async ({ page }) => {
  await pickSiteInParOrder(page);
  await loadCatalogue(page, sample);
  await expect(stat(page, "problems")).toHaveText("2");
  await page.getByRole("checkbox", { name: "I have checked the 2 problems" }).check();
  await downloadParFile(page);
  await expect(page.getByText("Added to the service records.")).toBeVisible();

  await page.getByRole("button", { name: "Remove catalogue" }).click();
  await expect(page.getByText(catalogueTexts.removed)).toBeVisible();
  await expect(page.getByText(catalogueTexts.noneLoaded)).toBeVisible();
  await expect(stat(page, "problems")).toHaveText("0");

  await page.goto("/records");
  await page.getByTestId("service-record").getByRole("link").click();
  await expect(page.getByRole("heading", { name: "Service record", level: 1 })).toBeVisible();
  const named = page.getByTestId("record-catalogue");
  await expect(named).toContainText("DX-200_catalogue.csv");
  await expect(named).toContainText(await sha256Of(sample));
  await expect(
    page.getByRole("table", { name: "Rewritten" }).getByRole("row", { name: /^P0002 · Dosing rate/ }),
  ).toBeVisible();
});
