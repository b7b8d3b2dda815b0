// A tap on one button of /files, then quickly another (delete, then Download): both run, one after the other, and
// the screen shows the list PAR.txt was made from, with every answer (the Undo offer) of both.
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { fileEntries, fixtures, pickFolder, stat } from "../helpers";

/** Two taps `gap` ms apart, in the page: faster than Playwright's clicks, as a quick hand on a slow phone. */
async function tapThenTap(page: Page, first: string, second: string, gap: number) {
  await page.evaluate(
    ({ first, second, gap }) => {
      const button = (name: string) =>
        [...document.querySelectorAll("button")].find(
          (candidate) => candidate.getAttribute("aria-label") === name || candidate.textContent?.trim() === name,
        )!;
      button(first).click();
      setTimeout(() => button(second).click(), gap);
    },
    { first, second, gap },
  );
}

test.beforeEach(async ({ page }) => {
  await page.goto("/files");
  await pickFolder(page, `${fixtures}/site-1042`);
  await expect(fileEntries(page)).toHaveCount(3);
  await expect(page.getByText("Reading…")).toHaveCount(0);
});

test("a file's delete, then Download 20 ms later: the screen shows the list PAR.txt was made from, and Undo", async ({
  page,
}) => {
  const parameters = Number(await stat(page, "parameters").innerText());
  const downloaded = page.waitForEvent("download");
  await tapThenTap(page, "delete site-1042/KUNDESPEC/kunde_1042.txt", "Download SD card file", 20);
  const parFile = (await readFile((await (await downloaded).path())!)).toString("utf8");
  expect(parFile).not.toContain("Fjordview");
  await expect(page.getByText("site-1042/KUNDESPEC/kunde_1042.txt deleted.")).toBeVisible();
  await expect(fileEntries(page)).toHaveCount(2);
  await expect(fileEntries(page).filter({ hasText: "kunde_1042.txt" })).toHaveCount(0);
  await expect(stat(page, "parameters")).not.toHaveText(String(parameters));
  await expect(page.getByRole("button", { name: "Undo" })).toBeVisible();
});

test("Delete all, then Download 40 ms later: the list is empty on screen and Undo brings the files back", async ({
  page,
}) => {
  await tapThenTap(page, "Delete all", "Download SD card file", 40);
  await expect(page.getByText("PAR.txt was not saved. Add parameter files first.")).toBeVisible();
  await expect(page.getByText("No files added yet.")).toBeVisible();
  await expect(page.getByText("All files deleted.")).toBeVisible();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(fileEntries(page)).toHaveCount(3);
});
