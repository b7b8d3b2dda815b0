import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { changeMadeText, fileListTexts } from "../../../app/lib/merger/fileListTexts";
import { serviceLabelMaxLength } from "../../../app/lib/merger/fileListIntents";
import { storageFailureReason } from "../../../app/lib/shell/storageFailure";
import { toastMessages } from "../../../app/lib/shell/toastMessages";
import type { Download, Page } from "@playwright/test";
import { expect, test } from "../test";
import Papa from "papaparse";
import {
  dropZoneIdle,
  fileEntries,
  fixtures,
  pickFiles,
  pickFolder,
  seriousAccessibilityViolations,
  siteFiles,
} from "../helpers";

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const label = "Fjordview pool 2";

async function bytesOf(download: Promise<Download>) {
  return readFile((await (await download).path())!);
}

/** Downloads PAR.txt of the site-1042 folder with the label typed; returns its bytes. */
async function downloadSiteParFile(page: Page) {
  await page.goto("/files");
  await pickFolder(page, `${fixtures}/site-1042`);
  await expect(fileEntries(page)).toHaveCount(3);
  await page.getByRole("textbox", { name: "Site / unit (optional)" }).fill(label);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download SD card file" }).click();
  const bytes = await bytesOf(download);
  await expect(page.getByText("Added to the service records.")).toBeVisible();
  return bytes;
}

const records = (page: Page) => page.getByTestId("service-record");

async function openOnlyRecord(page: Page) {
  await page.goto("/records");
  await records(page).getByRole("link").click();
  await expect(page.getByRole("heading", { name: "Service record", level: 1 })).toBeVisible();
}

test("a download adds a record with the SHA-256 of the downloaded bytes, kept after a reload and when the files are deleted; it shows its inputs and codes, gives PAR.txt again byte for byte, prints whole, and is deleted only after confirmation", async ({
  page,
}) => {
  const parFile = await downloadSiteParFile(page);
  expect(parFile.toString("utf8")).toContain("P0002\r\n3,0\r\n");

  await test.step("the record is listed with the SHA-256 of the downloaded bytes, and survives a reload", async () => {
    await page.getByRole("link", { name: "Records of every PAR.txt made" }).click();
    await expect(page.getByRole("heading", { name: "Records", level: 1 })).toBeVisible();
    await expect(records(page)).toHaveCount(1);
    const record = records(page).first();
    for (const shown of [label, "Downloaded", "9 parameters · 2 rewritten · 1 added", sha256(parFile)])
      await expect(record).toContainText(shown);

    await page.reload();
    await expect(records(page)).toHaveCount(1);
    await expect(records(page).first()).toContainText(sha256(parFile));
  });

  await test.step("the label is offered again for the next download; Delete all of the files keeps the records", async () => {
    await page.goto("/files");
    await expect(page.getByRole("textbox", { name: "Site / unit (optional)" })).toHaveValue(label);
    await page.getByRole("button", { name: "Delete all" }).click();
    await expect(page.getByText("No files added yet.")).toBeVisible();
  });

  await test.step("a record shows its inputs with their SHA-256, the rewritten and added codes, and gives PAR.txt again byte for byte", async () => {
    await openOnlyRecord(page);
    await expect(page.getByTestId("par-sha256")).toHaveText(sha256(parFile));

    const inputs = page.getByRole("table", { name: "Input files (3)" });
    for (const path of siteFiles) {
      const inFolder = path.slice(`${fixtures}/`.length);
      await expect(inputs.getByRole("row").filter({ hasText: inFolder })).toContainText(sha256(await readFile(path)));
    }
    const rewritten = page.getByRole("table", { name: "Rewritten (2)" });
    await expect(
      rewritten.getByRole("row", { name: /P0002 2,5 3,0 site-1042\/KUNDESPEC\/kunde_1042.txt, line 2/ }),
    ).toBeVisible();
    await expect(page.getByRole("table", { name: "Added (1)" })).toContainText("Fjordview pool 2");
    await expect(page.getByText("There were no problems to confirm.")).toBeVisible();

    const again = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download PAR.txt again" }).click();
    const download = await again;
    expect(download.suggestedFilename()).toBe("PAR.txt");
    expect((await bytesOf(Promise.resolve(download))).equals(parFile)).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  await test.step("the printed record shows every table in full and nothing to click", async () => {
    const screen = page.viewportSize()!;
    await page.emulateMedia({ media: "print" });
    // A4 at 96 dpi less 12 mm margins each side: the width the tables get on paper.
    await page.setViewportSize({ width: 703, height: 1000 });
    await expect(page.getByRole("button", { name: "Download PAR.txt again" })).toBeHidden();
    await expect(page.getByRole("banner")).toBeHidden();
    for (const table of ["Input files (3)", "Rewritten (2)", "Added (1)"]) {
      const shown = page.getByRole("table", { name: table });
      await expect(shown).toBeVisible();
      // No table is wider than the paper, so nothing is cut off.
      expect(
        await shown.evaluate(
          (element) => element.getBoundingClientRect().right <= document.documentElement.clientWidth,
        ),
      ).toBe(true);
    }
    await expect(page.getByRole("table", { name: "Rewritten (2)" }).getByRole("row")).toHaveCount(3);
    await page.screenshot({ path: test.info().outputPath("record-print.png"), fullPage: true });
    const pdf = (await page.pdf({ format: "A4", preferCSSPageSize: true })).toString("latin1");
    expect(pdf.match(/\/Type\s*\/Page\b/g)?.length).toBeLessThanOrEqual(2);
    await page.emulateMedia({ media: "screen" });
    await page.setViewportSize(screen);
  });

  await test.step("a record is deleted only after confirmation", async () => {
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this service record?" });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("par-sha256")).toBeVisible();

    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await dialog.getByRole("button", { name: "Delete record" }).press("Enter");
    // The keyboard lands on the screen it is taken to, not at the page's start.
    await expect(page.getByRole("heading", { name: "Records", level: 1 })).toBeFocused();
    await expect(page.getByText("Service record deleted.")).toBeVisible();
    await expect(page.getByText(/No records yet/)).toBeVisible();
    await page.reload();
    await expect(page.getByText(/No records yet/)).toBeVisible();
  });
});

test("all records export as one CSV, newest first; Load these files again replaces the list with a record's files as one change, for the same PAR.txt, and Undo, after a Delete all too, brings back the list from before the load", async ({
  page,
}) => {
  const parFile = await downloadSiteParFile(page);
  let xParFile: Buffer;
  await test.step("another unit's file, downloaded with LF", async () => {
    await page.getByRole("button", { name: "Delete all" }).click();
    await pickFiles(page, [{ name: "x.txt", mimeType: "text/plain", buffer: Buffer.from("P0001\r\n7\r\n") }]);
    await expect(fileEntries(page)).toHaveCount(1);
    await dropZoneIdle(page);
    await page.getByText("LF", { exact: true }).click();
    const xDownload = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download SD card file" }).click();
    xParFile = await bytesOf(xDownload);
  });

  await test.step("all records export as one CSV, newest first", async () => {
    // The record is stored before PAR.txt is handed out (the full navigation test below): the page can be left now.
    await page.goto("/records");
    await expect(records(page)).toHaveCount(2);
    const csvDownload = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export all as CSV" }).click();
    const csv = (await bytesOf(csvDownload)).toString("utf8");
    const rows = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ""), { header: true }).data;
    expect(rows.map((row) => [row["PAR.txt SHA-256"], row["Line ending"], row.Label])).toEqual([
      [sha256(xParFile), "LF", ""],
      [sha256(parFile), "CRLF (Windows, default)", label],
    ]);
    expect(rows[1]!["Rewritten codes"]).toContain("P0002: 2,5 → 3,0");
  });

  await test.step("Load these files again replaces the list with the record's files: the same PAR.txt again", async () => {
    // The site's record (with its label), not x.txt's.
    await records(page).filter({ hasText: label }).getByRole("link").click();
    await page.getByRole("button", { name: "Load these files again" }).click();
    await expect(page.getByRole("heading", { name: "SD card file merger" })).toBeVisible();
    await expect(page.getByTestId("last-change")).toHaveText(changeMadeText({ kind: "replace", count: 3 }) + "Undo");
    await expect(fileEntries(page)).toHaveCount(3);
    await expect(page.getByTestId("stat-rewritten")).toHaveText("2");
    const again = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download SD card file" }).click();
    // Same files, same order, same sets: the same PAR.txt.
    expect((await bytesOf(again)).equals(parFile)).toBe(true);
  });

  await test.step("the load is one change: after Delete all, Undo twice brings back the list from before the load", async () => {
    // The wrong unit's files, say: Delete all, then Undo of it, then Undo of the load.
    await page.getByRole("button", { name: "Delete all" }).click();
    await expect(page.getByText("No files added yet.")).toBeVisible();
    const undo = page.getByTestId("last-change").getByRole("button", { name: "Undo" });
    await undo.click();
    await expect(fileEntries(page)).toHaveCount(3);
    await undo.click();

    await expect(fileEntries(page)).toHaveCount(1);
    await expect(fileEntries(page).getByTestId("file-path")).toHaveText(["x.txt"]);
    await dropZoneIdle(page);
    await page.getByText("LF", { exact: true }).click();
    const again = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download SD card file" }).click();
    expect((await bytesOf(again)).equals(xParFile)).toBe(true);
  });
});

test("when the browser has no room for the record, the download still happens and the screen says so; closing the tab while a record is written asks first, and the record is kept with its PAR.txt", async ({
  page,
}) => {
  await page.goto("/files");
  await pickFolder(page, `${fixtures}/site-1042`);
  await expect(fileEntries(page)).toHaveCount(3);

  await test.step("no room for the record: the download still happens and the screen says so", async () => {
    await page.evaluate(() => {
      IDBObjectStore.prototype.put = () => {
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      };
    });
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download SD card file" }).click();
    expect((await bytesOf(download)).toString("utf8")).toContain("P0002\r\n3,0\r\n");
    const full = storageFailureReason(new DOMException("The quota has been exceeded.", "QuotaExceededError"));
    const toast = page.getByRole("alert").filter({ hasText: toastMessages.serviceRecordNotSaved(full) });
    await expect(toast).toHaveText(new RegExp(`^\\s*${toastMessages.parFileSavedOnly.replace(".", "\\.")}`));
  });

  await test.step("closing the tab while the record is written asks first, and the record is kept", async () => {
    // A new page: the browser's storage as it was, the list as stored before.
    await page.reload();
    await expect(fileEntries(page)).toHaveCount(3);
    // Hashing for the record takes a while (a big set on a phone): slowed down so the tab is closed meanwhile.
    await page.evaluate(() => {
      const digest = crypto.subtle.digest.bind(crypto.subtle);
      crypto.subtle.digest = async (...args: Parameters<SubtleCrypto["digest"]>) => {
        document.body.dataset.hashing = "yes";
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        return digest(...args);
      };
    });
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download SD card file" }).click();
    // The record is stored before PAR.txt is handed out: the tab is closed while it is written.
    await expect(page.locator("body[data-hashing=yes]")).toHaveCount(1);

    const asked = page.waitForEvent("dialog");
    await page.close({ runBeforeUnload: true });
    const leaveSite = await asked;
    expect(leaveSite.type()).toBe("beforeunload");
    await leaveSite.dismiss();

    await download;
    await expect(page.getByText("Added to the service records.")).toBeVisible();
    // The one record is this download's: the first had no room.
    await page.goto("/records");
    await expect(records(page)).toHaveCount(1);
  });
});

test("a label entered past what is kept says so, however it came, and the record, there when the technician goes to the records at once with a full navigation, keeps the first 200 characters", async ({
  page,
}) => {
  const entered = "Fjordview pool 2, plant room B, ".repeat(8).slice(0, serviceLabelMaxLength + 34);
  const cutNote = page.getByText(fileListTexts.labelCut(serviceLabelMaxLength, 34));
  await page.goto("/files");
  await pickFolder(page, `${fixtures}/site-1042`);
  await expect(fileEntries(page)).toHaveCount(3);
  const field = page.getByRole("textbox", { name: "Site / unit (optional)" });
  await field.click();
  // As a phone's keyboard, dictation or an input method hands text over: no key press per character.
  await page.keyboard.insertText(entered);
  await expect(field).toHaveValue(entered);
  await expect(cutNote).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download SD card file" }).click();
  const parFile = await bytesOf(download);
  // The address bar, not a link: the page and anything it was still doing are gone.
  await page.goto("/records");
  await expect(records(page)).toHaveCount(1);
  await expect(records(page).first()).toContainText(sha256(parFile));
  await expect(records(page).first()).toContainText(entered.slice(0, serviceLabelMaxLength).trim());
  await expect(records(page).first()).not.toContainText(entered.slice(0, serviceLabelMaxLength + 1).trim());
});
