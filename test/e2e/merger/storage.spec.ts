import { expect, test } from "@playwright/test";
import { fileEntries, fileEntry, fixtures, pickFiles } from "../helpers";

test("when the browser refuses storage, the tool says so and keeps working with what is on screen", async ({
  page,
}) => {
  await page.goto("/files");
  await pickFiles(page, [`${fixtures}/site-1042/standard/PAR_basis.txt`]);
  await expect(fileEntries(page)).toHaveCount(1);

  // From now on every write is refused, as when the disk quota is used up.
  await page.evaluate(() => {
    IDBObjectStore.prototype.put = () => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    };
  });
  await pickFiles(page, [
    `${fixtures}/site-1042/standard/PAR_alarms.txt`,
    `${fixtures}/site-1042/KUNDESPEC/kunde_1042.txt`,
  ]);

  await expect(page.getByText("Files are kept only while this tab is open")).toBeVisible();
  await expect(page.getByText(/The quota has been exceeded/)).toBeVisible();
  await expect(fileEntries(page)).toHaveCount(3);
  await expect(page.getByTestId("stat-parameters")).toHaveText("9");

  // The session keeps working: switch a set, delete a file, download.
  await fileEntry(page, "kunde_1042.txt").getByText("Customer", { exact: true }).click();
  await expect(page.getByTestId("stat-rewritten")).toHaveText("2");
  const downloadStarted = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download SD card file" }).click();
  expect((await downloadStarted).suggestedFilename()).toBe("PAR.txt");
  await page.getByRole("button", { name: "delete PAR_alarms.txt" }).click();
  await expect(fileEntries(page)).toHaveCount(2);
});

test("two tabs adding files at the same time keep every file in the stored list", async ({ context }) => {
  const firstTab = await context.newPage();
  const secondTab = await context.newPage();
  await firstTab.goto("/files");
  await secondTab.goto("/files");
  await expect(secondTab.getByText("No files added yet.")).toBeVisible();

  await pickFiles(firstTab, [`${fixtures}/site-1042/standard/PAR_basis.txt`]);
  await pickFiles(secondTab, [`${fixtures}/site-1042/standard/PAR_alarms.txt`]);
  // Each tab is told of the other's change.
  await expect(fileEntries(firstTab)).toHaveCount(2);
  await expect(fileEntries(secondTab)).toHaveCount(2);

  await firstTab.getByRole("button", { name: "delete PAR_basis.txt" }).click();
  await expect(fileEntries(secondTab)).toHaveCount(1);

  const thirdTab = await context.newPage();
  await thirdTab.goto("/files");
  await expect(fileEntries(thirdTab)).toHaveCount(1);
  await expect(fileEntries(thirdTab)).toContainText("PAR_alarms.txt");
});
