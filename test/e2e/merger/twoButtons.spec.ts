// A tap on one button of /files, then quickly another (delete, then Download): both run, one after the other, and
// the screen shows the list PAR.txt was made from, with every answer (the Undo offer) of both.
import { readFile } from "node:fs/promises";
import { secondTapWithinMs } from "../../../app/lib/shell/secondTap";
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

test("a delete or Delete all, then Download within the first one's run, 16 times over: the screen always ends showing the list as stored", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const threeFilesParameters = await stat(page, "parameters").innerText();
  // Gaps around an action's run on this machine: the second tap lands while the first one's action, or its reload, runs.
  const gaps = [0, 10, 20, 30, 40, 50, 60, 80];
  for (const [run, gap] of [...gaps, ...gaps].entries()) {
    const deleteAll = run >= gaps.length;
    if (deleteAll) {
      await tapThenTap(page, "Delete all", "Download SD card file", gap);
      await expect(page.getByText("No files added yet."), `Delete all, Download ${gap} ms later`).toBeVisible();
      await expect(fileEntries(page)).toHaveCount(0);
      await expect(page.getByText("All files deleted.")).toBeVisible();
    } else {
      const downloaded = page.waitForEvent("download");
      await tapThenTap(page, "delete site-1042/KUNDESPEC/kunde_1042.txt", "Download SD card file", gap);
      const parFile = (await readFile((await (await downloaded).path())!)).toString("utf8");
      expect(parFile).not.toContain("Fjordview");
      await expect(
        fileEntries(page).filter({ hasText: "kunde_1042.txt" }),
        `a delete, Download ${gap} ms later`,
      ).toHaveCount(0);
      await expect(fileEntries(page)).toHaveCount(2);
      await expect(stat(page, "parameters")).not.toHaveText(threeFilesParameters);
    }
    // Back to the three files for the next run; the notices of this one closed. At a hand's pace: an Undo tapped
    // within a double-click's time of the last one is taken for that double tap's second tap (K4).
    await page.waitForTimeout(secondTapWithinMs);
    await page.getByRole("button", { name: "Undo" }).click();
    await expect(fileEntries(page)).toHaveCount(3);
    await expect(stat(page, "parameters")).toHaveText(threeFilesParameters);
    await page
      .locator(".mantine-Notification-closeButton")
      .evaluateAll((buttons) => buttons.forEach((button) => (button as HTMLButtonElement).click()));
    await expect(page.getByText("PAR.txt was not saved. Add parameter files first.")).toHaveCount(0);
  }
});
