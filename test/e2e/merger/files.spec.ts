import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "../test";
import { toastAutoCloseMs } from "../../../app/lib/shell/toastMessages";
import {
  dropZoneIdle,
  fileEntries,
  fileEntry,
  fixtures,
  pickFiles,
  pickFilesInOrder,
  pickFolder,
  passesAxeInLightAndDark,
  showParameters,
  siteFiles,
  stat,
} from "../helpers";
const downloadButton = (page: Page) => page.getByRole("button", { name: "Download SD card file" });
const deleteAllButton = (page: Page) => page.getByRole("button", { name: "Delete all" });
const textFile = (name: string, text: string) => ({ name, mimeType: "text/plain", buffer: Buffer.from(text) });

async function downloadParFile(page: Page) {
  const downloadStarted = page.waitForEvent("download");
  await downloadButton(page).click();
  const download = await downloadStarted;
  expect(download.suggestedFilename()).toBe("PAR.txt");
  return readFile((await download.path())!);
}

test.beforeEach(async ({ page }) => {
  await page.goto("/files");
  await expect(page.getByRole("heading", { name: "SD card file merger" })).toBeVisible();
});

test("the empty screen shows the spec's drop zone text and disables both side buttons; the keyboard picks files, and dropped files are added as picked ones are", async ({
  page,
}) => {
  await test.step("the empty screen", async () => {
    await expect(page.getByText("No files added yet.")).toBeVisible();
    await expect(page.getByText("Drag 'n' drop some files here, or click to select files")).toBeVisible();
    await expect(downloadButton(page)).toBeDisabled();
    await expect(deleteAllButton(page)).toBeDisabled();
  });

  await test.step("the keyboard can pick files", async () => {
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Select files" }).focus();
    await page.keyboard.press("Enter");
    await (await chooser).setFiles([siteFiles[0]!]);
    await expect(fileEntries(page)).toHaveCount(1);
  });

  await test.step("files dropped on the drop zone are added, as picked ones are", async () => {
    await dropZoneIdle(page);
    const dropped = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(["P001\r\n1\r\n"], "PAR_A.txt", { type: "text/plain" }));
      transfer.items.add(new File(["P002\r\n2\r\n"], "PAR_B.txt", { type: "text/plain" }));
      return transfer;
    });
    const dropZone = page.getByTestId("drop-zone");
    await dropZone.dispatchEvent("dragenter", { dataTransfer: dropped });
    await dropZone.dispatchEvent("drop", { dataTransfer: dropped });
    await expect(fileEntries(page)).toHaveCount(3);
    await expect(fileEntry(page, "PAR_A.txt")).toBeVisible();
    // PAR_basis.txt's 5 and one each.
    await expect(stat(page, "parameters")).toHaveText("7");
  });
});

test("files picked one by one merge into a PAR.txt identical to the expected file", async ({ page }) => {
  await pickFilesInOrder(page, siteFiles);
  await expect(fileEntries(page)).toHaveCount(3);
  // Picked alone, a file has only its name as path: the customer file must be marked by hand.
  const customerEntry = fileEntry(page, "kunde_1042.txt");
  await expect(customerEntry.getByText("set from path")).toBeVisible();
  await customerEntry.getByText("Customer", { exact: true }).click();
  await expect(customerEntry.getByText("set chosen by you")).toBeVisible();

  await expect(stat(page, "parameters")).toHaveText("9");
  await expect(stat(page, "rewritten")).toHaveText("2");
  await expect(stat(page, "added")).toHaveText("1");
  await expect(stat(page, "problems")).toHaveText("0");
  await showParameters(page, "Rewritten (2)");
  const rewritten = page.getByRole("table", { name: "All parameters in PAR.txt order" });
  await expect(rewritten.getByRole("row", { name: "P0002 2,5 → 3,0 rewritten kunde_1042.txt, line 2" })).toBeVisible();

  await expect(downloadButton(page)).toBeEnabled();
  const crlfBytes = await downloadParFile(page);
  expect(crlfBytes.equals(await readFile(`${fixtures}/expected/PAR_site-1042.crlf.txt`))).toBe(true);
  await expect(page.getByText("PAR.txt saved: 9 parameters, 2 rewritten, 1 added")).toBeVisible();

  await page.getByText("LF", { exact: true }).click();
  const lfBytes = await downloadParFile(page);
  expect(lfBytes.equals(await readFile(`${fixtures}/expected/PAR_site-1042.lf.txt`))).toBe(true);
});

test("a pick that takes a while holds Download back until it is read, then lists the files with their counts", async ({
  page,
}) => {
  // Holds the page's messages to the merge worker until released: stands in for a big set on a slow device.
  await page.addInitScript(() => {
    const state = window as unknown as { holdMergeWorker?: boolean; releaseMergeWorker?: () => void };
    const prototype = Worker.prototype as { postMessage: (...args: unknown[]) => void };
    const postMessage = prototype.postMessage;
    const held: [Worker, unknown[]][] = [];
    prototype.postMessage = function (this: Worker, ...args: unknown[]) {
      if (state.holdMergeWorker) held.push([this, args]);
      else postMessage.apply(this, args);
    };
    state.releaseMergeWorker = () => {
      state.holdMergeWorker = false;
      for (const [worker, args] of held.splice(0)) postMessage.apply(worker, args);
    };
  });
  await page.reload();
  await page.evaluate(() => ((window as unknown as { holdMergeWorker?: boolean }).holdMergeWorker = true));
  await pickFiles(page, [textFile("b.txt", "P3\r\n3\r\n"), textFile("a.txt", "P1\r\n1\r\nP2\r\n2\r\n")]);

  // PAR.txt would hold files whose counts are not on screen yet: Download waits, and says why.
  await expect(page.getByTestId("drop-zone")).toHaveAttribute("data-loading");
  await expect(downloadButton(page)).toBeDisabled();
  await expect(page.getByTestId("download-blocker")).toHaveText("Wait until the added files are read.");

  await page.evaluate(() => (window as unknown as { releaseMergeWorker: () => void }).releaseMergeWorker());
  await expect(page.getByTestId("file-path")).toHaveText(["a.txt", "b.txt"]);
  await expect(fileEntry(page, "a.txt")).toContainText("2 parameters · set from path");
  await expect(fileEntry(page, "b.txt")).toContainText("1 parameter · set from path");
  await expect(stat(page, "parameters")).toHaveText("3");
  await expect(downloadButton(page)).toBeEnabled();
});

test("refused files get the spec's toasts, one per reason and verdict first; the toasts close and do not come back on reload, and a file a pick left out stays named above the list", async ({
  page,
}) => {
  await page.clock.install();
  await pickFiles(page, [siteFiles[0]!]);
  await expect(fileEntries(page)).toHaveCount(1);
  await pickFiles(page, [
    { name: "PAR_basis.txt", mimeType: "text/plain", buffer: await readFile(siteFiles[0]!) },
    { name: "photo.png", mimeType: "image/png", buffer: await readFile(`${fixtures}/other/photo.png`) },
    ...Array.from({ length: 30 }, (_, index) => ({
      name: `export_${index}.csv`,
      mimeType: "text/csv",
      buffer: Buffer.from("1"),
    })),
    textFile("std.txt", "P001\r\n1\r\nP002\r\n2\r\n"),
    // A picker's "Recent" view hands over names only: two different customer files arrive as KUNDESPEC.txt.
    textFile("KUNDESPEC.txt", "P001\r\n10\r\n"),
    textFile("KUNDESPEC.txt", "P001\r\n99\r\n"),
  ]);

  await test.step("many refusals at once stay readable, one toast per reason, each verdict first", async () => {
    await expect(page.getByRole("alert").filter({ hasText: "Wrong file format" })).toHaveText(
      /^\s*Wrong file format\. Text files only!\s*Not added: 31 files: export_0\.csv, export_1\.csv and 29 more/,
    );
    await expect(page.getByText("File already imported!")).toBeVisible();
    await expect(page.getByText("Not added: PAR_basis.txt")).toBeVisible();
    await expect(page.getByText("Files with one name and different content")).toBeVisible();
    await expect(fileEntries(page)).toHaveCount(2);
  });

  await test.step("once the toasts have closed, the files left out are still named above the list", async () => {
    await page.clock.fastForward(toastAutoCloseMs + 1_000);
    await expect(page.getByText("Wrong file format. Text files only!")).toBeHidden();
    await expect(page.getByText("File already imported!")).toBeHidden();
    await expect(page.getByText("Files with one name and different content")).toBeHidden();
    const notice = page.getByRole("status", { name: "Files not added" });
    await expect(notice.getByRole("listitem").filter({ hasText: "KUNDESPEC.txt" })).toHaveText([
      "KUNDESPEC.txt — different files with this name in one pick, so none of them is used",
    ]);
  });

  await test.step("the toasts do not come back on reload", async () => {
    await page.reload();
    await expect(fileEntries(page)).toHaveCount(2);
    await expect(page.getByText("Wrong file format. Text files only!")).toHaveCount(0);
  });
});

test("with Download enabled the screen passes axe in light and in dark colours", async ({ page }) => {
  await pickFolder(page, `${fixtures}/site-1042`);
  await expect(downloadButton(page)).toBeEnabled();
  await passesAxeInLightAndDark(page);
});

test("a picked folder keeps its paths (KUNDESPEC files count as customer files) and its preview table can be searched; Download saves one PAR.txt and one record for a hover then a click, a double tap and Enter held; Delete all tapped twice leaves Undo the files; focus stays on the screen after delete, delete all and download, and Undo brings back each, last first", async ({
  page,
}) => {
  await pickFolder(page, `${fixtures}/site-1042`);
  await expect(fileEntries(page)).toHaveCount(3);

  await test.step("a picked folder keeps its paths, so KUNDESPEC files count as customer files", async () => {
    const customerEntry = fileEntries(page).filter({ hasText: "site-1042/KUNDESPEC/kunde_1042.txt" });
    await expect(customerEntry.getByRole("radio", { name: "Customer" })).toBeChecked();
    await expect(customerEntry.getByText("set from path")).toBeVisible();
    await expect(stat(page, "parameters")).toHaveText("9");
    await expect(stat(page, "rewritten")).toHaveText("2");
    await expect(stat(page, "added")).toHaveText("1");
  });

  await test.step("the preview table can be searched", async () => {
    await page.getByRole("tab", { name: /^Parameters/ }).click();
    await page.getByRole("searchbox", { name: "Search code or value" }).fill("fjord");
    const table = page.getByRole("table", { name: "All parameters in PAR.txt order" });
    await expect(table.getByRole("row")).toHaveCount(2); // header + P0200
    await expect(table.getByRole("row", { name: /P0200 Fjordview pool 2 added/ })).toBeVisible();
  });

  const downloads: string[] = [];
  page.on("download", (download) => downloads.push(download.suggestedFilename()));
  /** Waits until a download has come and the button is back: every further tap had its chance by then. */
  async function downloadEnded(press: () => Promise<void>) {
    const downloadStarted = page.waitForEvent("download");
    await press();
    await downloadStarted;
    await expect(downloadButton(page)).toBeEnabled();
  }

  await test.step("the hover tooltip leaves the button in place, so a click that starts as the pointer arrives still counts", async () => {
    // A button mounted again between press and release gets no click: the download was lost that way.
    await downloadButton(page).evaluate(
      (button) => ((window as { buttonBeforeHover?: Element }).buttonBeforeHover = button),
    );
    await downloadButton(page).hover();
    await expect(
      page.getByRole("tooltip", { name: "Merge all files into PAR.txt for the unit's SD card" }),
    ).toBeVisible();
    const sameButton = await downloadButton(page).evaluate(
      (button) => (window as { buttonBeforeHover?: Element }).buttonBeforeHover === button,
    );
    expect(sameButton).toBe(true);
    expect((await downloadParFile(page)).toString("utf8")).toContain("P0002\r\n3,0\r\n");
    expect(downloads).toEqual(["PAR.txt"]);
  });

  await test.step("a double tap on Download saves one PAR.txt", async () => {
    // Both clicks at once, before the button can show it is busy: a double-click, a bouncing mouse button.
    await downloadEnded(() => downloadButton(page).dblclick());
    expect(downloads).toEqual(["PAR.txt", "PAR.txt"]);
  });

  await test.step("Enter held on Download saves one PAR.txt", async () => {
    await downloadButton(page).focus();
    await downloadEnded(async () => {
      // Held: the first press, then the key's repeats (Playwright marks every further down as a repeat).
      await page.keyboard.down("Enter");
      for (let repeat = 0; repeat < 4; repeat++) await page.keyboard.down("Enter");
      await page.keyboard.up("Enter");
    });
    expect(downloads).toEqual(["PAR.txt", "PAR.txt", "PAR.txt"]);
  });

  await test.step("a double tap on Delete all leaves Undo the files to bring back", async () => {
    await deleteAllButton(page).dblclick();
    await expect(page.getByText("No files added yet.")).toBeVisible();
    await page.getByTestId("last-change").getByRole("button", { name: "Undo" }).click();
    await expect(fileEntries(page)).toHaveCount(3);
  });

  await test.step("focus stays on the screen after delete, delete all and download; Undo brings back each, last first", async () => {
    const paths = await page.getByTestId("file-path").allTextContents();
    await page.getByRole("button", { name: "delete site-1042/standard/PAR_alarms.txt" }).click();
    await expect(fileEntries(page)).toHaveCount(2);
    // The keyboard goes on in the list: to the delete button of the file that took the deleted one's place.
    await expect(page.getByRole("button", { name: "delete site-1042/standard/PAR_basis.txt" })).toBeFocused();

    await downloadParFile(page);
    await expect(downloadButton(page)).toBeFocused();

    await deleteAllButton(page).click();
    await expect(page.getByText("No files added yet.")).toBeVisible();
    const undo = page.getByTestId("last-change").getByRole("button", { name: "Undo" });
    await undo.focus();
    await page.keyboard.press("Enter");
    await expect(fileEntries(page)).toHaveCount(2);
    // Undo is disabled while it works, then has the keyboard back for the next one.
    await expect(undo).toBeEnabled();
    await expect(undo).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("file-path")).toHaveText(paths);
    await expect(undo).toBeEnabled();
    await expect(undo).toBeFocused();
    // The last Undo takes the notice away with its button: the keyboard goes on from Select files.
    await page.keyboard.press("Enter");
    await expect(page.getByText("No files added yet.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Select files" })).toBeFocused();
  });

  await test.step("each download made one record", async () => {
    expect(downloads).toHaveLength(4);
    await page.goto("/records");
    await expect(page.getByTestId("service-record")).toHaveCount(4);
  });
});

test("problems are named with file and line, the screen with them passes axe in light and in dark colours and prints without navigation, and the download waits until they are checked", async ({
  page,
}) => {
  await pickFolder(page, `${fixtures}/problem-files`);
  await expect(stat(page, "problems")).toHaveText("2");

  await test.step("problems are named with file and line", async () => {
    const brokenEntry = fileEntries(page).filter({ hasText: "broken_export.txt" });
    await expect(
      brokenEntry.getByText(
        'Line 3: expected a parameter code (a line starting with P) but found "42". This line is left out.',
      ),
    ).toBeVisible();
    await expect(
      brokenEntry.getByText("Line 4: code P0301 has no value line; the file ends after it. This code is left out."),
    ).toBeVisible();
    await expect(fileEntries(page).filter({ hasText: "windows1252_export.txt" })).toContainText(
      "read as Windows-1252 (not UTF-8)",
    );
  });

  await test.step("no serious accessibility violations, in light and in dark colours", async () => {
    await passesAxeInLightAndDark(page);
  });

  await test.step("printing shows the counts, the files with their problems and the tables, without navigation", async () => {
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("banner")).toBeHidden();
    await expect(page.getByTestId("drop-zone")).toBeHidden();
    await expect(stat(page, "parameters")).toBeVisible();
    await expect(fileEntries(page).first()).toBeVisible();
    await page.screenshot({ path: "test-results/files-print.png", fullPage: true });
    await page.emulateMedia({ media: "screen" });
  });

  await test.step("the download waits until the problems are checked", async () => {
    await expect(downloadButton(page)).toBeDisabled();
    await page.getByRole("checkbox", { name: "I have checked the 2 problems" }).check();
    const bytes = await downloadParFile(page);
    expect(bytes.toString("utf8")).toBe("P0300\r\n1\r\nP0400\r\nKlorpumpe æøå\r\n");
  });
});

test("files of one pick are listed in natural path order and can be reordered, which decides the value; the list survives a reload and navigation, until Delete all", async ({
  page,
}) => {
  await pickFiles(page, [
    `${fixtures}/folder-order/file10.txt`,
    `${fixtures}/folder-order/file2.txt`,
    `${fixtures}/folder-order/file1.txt`,
  ]);
  const paths = page.getByTestId("file-path");
  await test.step("natural path order, and a move decides the value", async () => {
    await expect(paths).toHaveText(["file1.txt", "file2.txt", "file10.txt"]);
    await page.getByRole("tab", { name: /^Parameters/ }).click();
    const table = page.getByRole("table", { name: "All parameters in PAR.txt order" });
    await expect(table.getByRole("row", { name: /^P100 10\b/ })).toBeVisible();

    await page.getByRole("button", { name: "Move file10.txt up" }).click();
    await expect(paths).toHaveText(["file1.txt", "file10.txt", "file2.txt"]);
    await expect(table.getByRole("row", { name: /^P100 2\b/ })).toBeVisible();
  });

  await test.step("the list, in its order, survives a reload and navigation, until Delete all", async () => {
    await dropZoneIdle(page);
    await page.reload();
    await expect(paths).toHaveText(["file1.txt", "file10.txt", "file2.txt"]);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Actions" }).click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "SD Card Files" }).click();
    await expect(paths).toHaveText(["file1.txt", "file10.txt", "file2.txt"]);
    await deleteAllButton(page).click();
    await expect(page.getByText("No files added yet.")).toBeVisible();
    await page.reload();
    await expect(page.getByText("No files added yet.")).toBeVisible();
  });
});
