import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import type { Download, Page } from "@playwright/test";
import { expect, test } from "../test";
import { strToU8, zipSync } from "fflate";
import { fileEntries, fixtures, pickFolder } from "../helpers";
import { restore } from "./backupFile";
import { toastMessages } from "../../../app/lib/shell/toastMessages";
import { backupProblems } from "../../../app/lib/records/recordsBackup";

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const label = "Fjordview pool 2";
const records = (page: Page) => page.getByTestId("service-record");

// Records are made through the merger first (a second waits for the first one's notice to close): more than a minute.
test.slow();

async function bytesOf(download: Promise<Download> | Download) {
  return readFile((await (await download).path())!);
}

/** PAR.txt of the site-1042 folder, CRLF then LF, so as many records (at most two); returns the files' bytes. */
async function makeRecords(page: Page, count: 1 | 2) {
  await page.goto("/files");
  await pickFolder(page, `${fixtures}/site-1042`);
  await expect(fileEntries(page)).toHaveCount(3);
  await page.getByRole("textbox", { name: "Site / unit (optional)" }).fill(label);
  const recordAdded = page.getByText("Added to the service records.");
  const made: Buffer[] = [];
  for (const lineEnding of ["CRLF (Windows, default)", "LF"].slice(0, count)) {
    if (made.length > 0) {
      // The second notice must be the second record's: wait for the first to close.
      await expect(recordAdded).toBeHidden({ timeout: 15_000 });
      await page.getByText(lineEnding, { exact: true }).click();
    }
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download SD card file" }).click();
    made.push(await bytesOf(download));
    await expect(recordAdded).toBeVisible();
  }
  return made;
}

async function shownSha256s(page: Page) {
  return (await records(page).allTextContents()).map((text) => text.match(/[0-9a-f]{64}/)?.[0]);
}

test("a backup of two records restores in a fresh browser, byte for byte, and restoring it twice adds nothing", async ({
  page,
  browser,
}) => {
  const [first, second] = await makeRecords(page, 2);
  await page.goto("/records");
  await expect(records(page)).toHaveCount(2);
  await expect(page.getByTestId("backup-reminder")).toContainText("2 records are in no backup");
  await expect(page.getByTestId("backup-reminder")).toContainText("No backup made in this browser yet.");

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Back up records" }).click();
  const backup = await download;
  expect(backup.suggestedFilename()).toMatch(/^technician-toolbox-records-\d{4}-\d{2}-\d{2}\.zip$/);
  // Two PAR.txt and the three input files they share.
  await expect(page.getByText("Backup saved: 2 records and 5 kept files.")).toBeVisible();
  const backupPath = test.info().outputPath(backup.suggestedFilename());
  await backup.saveAs(backupPath);
  await expect(page.getByTestId("backup-reminder")).toContainText(/Last backup: .*Every record is in a backup\./);

  // Another browser: nothing of the first one's storage.
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto("/records");
  await expect(other.getByText(/No records yet/)).toBeVisible();
  await restore(other, backupPath);
  await expect(other.getByText("Restored 2 records from the backup.")).toBeVisible();
  await expect(records(other)).toHaveCount(2);
  expect(await shownSha256s(other)).toEqual([sha256(second!), sha256(first!)]);
  await expect(records(other).first()).toContainText(label);
  await expect(other.getByTestId("backup-reminder")).toHaveText(
    "Every record is in the backup it was restored from; this browser has made no backup yet.",
  );

  await records(other).last().getByRole("link").click();
  const again = other.waitForEvent("download");
  await other.getByRole("button", { name: "Download PAR.txt again" }).click();
  expect((await bytesOf(again)).equals(first!)).toBe(true);

  await other.goto("/records");
  await restore(other, backupPath);
  await expect(other.getByText(toastMessages.recordsRestored(0, 2))).toBeVisible();
  await other.reload();
  await expect(records(other)).toHaveCount(2);
  await fresh.close();
});

test("a cut-off backup and a file that is no backup are named as such and change nothing", async ({ page }) => {
  await makeRecords(page, 1);
  await page.goto("/records");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Back up records" }).click();
  const whole = await bytesOf(download);
  await expect(records(page)).toHaveCount(1);
  const before = await shownSha256s(page);

  const truncated = test.info().outputPath("technician-toolbox-records-cut.zip");
  await writeFile(truncated, whole.subarray(0, Math.floor(whole.length * 0.6)));
  await restore(page, truncated);
  // The toast says nothing was restored; the note on Records says why, and stays.
  const note = page.getByTestId("records-note");
  await expect(page.getByText(toastMessages.backupNotRestored)).toBeVisible();
  // The note's title is the toast's verdict, without its full stop.
  await expect(note).toContainText(toastMessages.backupNotRestored.slice(0, -1));
  // The problem as the note's sentence (its first letter made a capital).
  const said = (problem: string) => problem.slice(1);
  await expect(note).toContainText(said(backupProblems.unreadableZip));

  const foreign = test.info().outputPath("holiday-photos.zip");
  await writeFile(foreign, zipSync({ "IMG_0001.jpg": strToU8("not really a photo") }));
  await restore(page, foreign);
  await expect(note).toContainText(said(backupProblems.noManifest));

  await restore(page, `${fixtures}/site-1042/standard/PAR_basis.txt`);
  await expect(note).toContainText(said(backupProblems.notZip));

  await page.reload();
  await expect(records(page)).toHaveCount(1);
  expect(await shownSha256s(page)).toEqual(before);
});
