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
  seriousAccessibilityViolations,
  showParameters,
  siteFiles,
  stat,
} from "../helpers";
const downloadButton = (page: Page) => page.getByRole("button", { name: "Download SD card file" });
const deleteAllButton = (page: Page) => page.getByRole("button", { name: "Delete all" });

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

test("the drop zone shows the spec's text and the keyboard can pick files too", async ({ page }) => {
  await expect(page.getByText("Drag 'n' drop some files here, or click to select files")).toBeVisible();
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Select files" }).focus();
  await page.keyboard.press("Enter");
  await (await chooser).setFiles([siteFiles[0]!]);
  await expect(fileEntries(page)).toHaveCount(1);
});

test("the two side buttons are disabled while the list is empty", async ({ page }) => {
  await expect(page.getByText("No files added yet.")).toBeVisible();
  await expect(downloadButton(page)).toBeDisabled();
  await expect(deleteAllButton(page)).toBeDisabled();
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

test("a picked folder keeps its paths, so KUNDESPEC files count as customer files", async ({ page }) => {
  await pickFolder(page, `${fixtures}/site-1042`);
  await expect(fileEntries(page)).toHaveCount(3);
  const customerEntry = fileEntries(page).filter({ hasText: "site-1042/KUNDESPEC/kunde_1042.txt" });
  await expect(customerEntry.getByRole("radio", { name: "Customer" })).toBeChecked();
  await expect(customerEntry.getByText("set from path")).toBeVisible();
  await expect(stat(page, "parameters")).toHaveText("9");
  await expect(stat(page, "rewritten")).toHaveText("2");
  await expect(stat(page, "added")).toHaveText("1");
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
  const textFile = (name: string, text: string) => ({ name, mimeType: "text/plain", buffer: Buffer.from(text) });
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

test("a file that is not text is refused with the spec's toast, and the toast does not come back on reload", async ({
  page,
}) => {
  await page.clock.install();
  await pickFiles(page, [`${fixtures}/other/photo.png`, siteFiles[0]!]);
  // The verdict reads first, then the files it names.
  await expect(page.getByRole("alert").filter({ hasText: "photo.png" })).toHaveText(
    /^\s*Wrong file format\. Text files only!\s*Not added: photo\.png/,
  );
  await expect(fileEntries(page)).toHaveCount(1);
  await page.clock.fastForward(toastAutoCloseMs + 1_000);
  await expect(page.getByText("Wrong file format. Text files only!")).toBeHidden();
  await page.reload();
  await expect(fileEntries(page)).toHaveCount(1);
  await expect(page.getByText("Wrong file format. Text files only!")).toHaveCount(0);
});

test("files a pick left out are still named above the list once their notice has closed", async ({ page }) => {
  const textFile = (name: string, text: string) => ({ name, mimeType: "text/plain", buffer: Buffer.from(text) });
  // A picker's "Recent" view hands over names only: two different customer files arrive as KUNDESPEC.txt.
  await page.clock.install();
  await pickFiles(page, [
    textFile("std.txt", "P001\r\n1\r\nP002\r\n2\r\n"),
    textFile("KUNDESPEC.txt", "P001\r\n10\r\n"),
    textFile("KUNDESPEC.txt", "P001\r\n99\r\n"),
  ]);
  await expect(page.getByText("Files with one name and different content")).toBeVisible();
  await expect(fileEntries(page)).toHaveCount(1);
  await page.clock.fastForward(toastAutoCloseMs + 1_000);
  await expect(page.getByText("Files with one name and different content")).toBeHidden();
  const notice = page.getByRole("status", { name: "Files not added" });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole("listitem")).toHaveText([
    "KUNDESPEC.txt — different files with this name in one pick, so none of them is used",
  ]);
});

test("a file with a path already in the list is refused with the spec's toast", async ({ page }) => {
  await pickFiles(page, [siteFiles[0]!]);
  await expect(fileEntries(page)).toHaveCount(1);
  await pickFiles(page, [siteFiles[0]!]);
  await expect(page.getByText("File already imported!")).toBeVisible();
  await expect(fileEntries(page)).toHaveCount(1);
});

test("a long path is cut at 50 characters, with the full path and delete tooltip on hover", async ({ page }) => {
  const longName = "customer_site_fjordview_pool_2_dosing_unit_parameters_2025.txt";
  await pickFiles(page, [{ name: longName, mimeType: "text/plain", buffer: Buffer.from("P1\r\n1\r\n") }]);
  const shownPath = page.getByTestId("file-path");
  await expect(shownPath).toHaveText(`${longName.slice(0, 50)}...`);
  // Hovered once read: the entry grows by its messages then (a name with "customer" in it is one), and moves away.
  await expect(fileEntries(page)).toContainText("1 parameter");
  await shownPath.hover();
  await expect(page.getByRole("tooltip", { name: longName })).toBeVisible();
  const deleteButton = page.getByRole("button", { name: `delete ${longName}` });
  await deleteButton.hover();
  await expect(page.getByRole("tooltip", { name: `delete ${longName}` })).toBeVisible();
  await deleteButton.click();
  await expect(page.getByText("No files added yet.")).toBeVisible();
});

test("the hover tooltip leaves the button in place, so a click that starts as the pointer arrives still counts", async ({
  page,
}) => {
  await pickFolder(page, `${fixtures}/site-1042`);
  await expect(fileEntries(page)).toHaveCount(3);
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
});

test("problems are named with file and line, and the download waits until they are checked", async ({ page }) => {
  await pickFolder(page, `${fixtures}/problem-files`);
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
  await expect(stat(page, "problems")).toHaveText("2");

  await expect(downloadButton(page)).toBeDisabled();
  await page.getByRole("checkbox", { name: "I have checked the 2 problems" }).check();
  const bytes = await downloadParFile(page);
  expect(bytes.toString("utf8")).toBe("P0300\r\n1\r\nP0400\r\nKlorpumpe æøå\r\n");
});

test("a file saved as 'Unicode' (UTF-16) in Notepad is read as UTF-16", async ({ page }) => {
  const text = "* Pumpe\r\nP0400\r\nKlorpumpe æøå\r\n";
  const buffer = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
  await pickFiles(page, [{ name: "notepad_unicode.txt", mimeType: "text/plain", buffer }]);
  await expect(fileEntries(page)).toContainText("1 parameter · read as UTF-16");
  await expect(page.getByTestId("stat-problems")).toHaveText("0");
  const bytes = await downloadParFile(page);
  expect(bytes.toString("utf8")).toBe("P0400\r\nKlorpumpe æøå\r\n");
});

test("the list survives a reload and navigation, until Delete all", async ({ page }) => {
  await pickFiles(page, siteFiles);
  await expect(fileEntries(page)).toHaveCount(3);
  await dropZoneIdle(page);
  await page.reload();
  await expect(fileEntries(page)).toHaveCount(3);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Actions" }).click();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "SD Card Files" }).click();
  await expect(fileEntries(page)).toHaveCount(3);
  await deleteAllButton(page).click();
  await expect(page.getByText("No files added yet.")).toBeVisible();
  await page.reload();
  await expect(page.getByText("No files added yet.")).toBeVisible();
});

test("a double tap on Download saves one PAR.txt, and on Delete all leaves Undo the files to bring back", async ({
  page,
}) => {
  await pickFolder(page, `${fixtures}/site-1042`);
  await expect(fileEntries(page)).toHaveCount(3);
  const downloads: string[] = [];
  page.on("download", (download) => downloads.push(download.suggestedFilename()));
  // Both clicks at once, before the button can show it is busy: a double-click, a bouncing mouse button.
  await downloadButton(page).dblclick();
  await expect(page.getByText(/^PAR\.txt saved: /)).toBeVisible();
  expect(downloads).toEqual(["PAR.txt"]);

  await deleteAllButton(page).dblclick();
  await expect(page.getByText("No files added yet.")).toBeVisible();
  await page.getByTestId("last-change").getByRole("button", { name: "Undo" }).click();
  await expect(fileEntries(page)).toHaveCount(3);
});

test("the preview table can be searched", async ({ page }) => {
  await pickFolder(page, `${fixtures}/site-1042`);
  await page.getByRole("tab", { name: /^Parameters/ }).click();
  await page.getByRole("searchbox", { name: "Search code or value" }).fill("fjord");
  const table = page.getByRole("table", { name: "All parameters in PAR.txt order" });
  await expect(table.getByRole("row")).toHaveCount(2); // header + P0200
  await expect(table.getByRole("row", { name: /P0200 Fjordview pool 2 added/ })).toBeVisible();
});

test("the screen with files and problems has no serious accessibility violations, in light and in dark colours", async ({
  page,
}) => {
  await pickFolder(page, `${fixtures}/problem-files`);
  await expect(stat(page, "problems")).toHaveText("2");
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  // One pick, scanned in both colour schemes: the app follows the system's scheme as it changes.
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});

test("files dropped on the drop zone are added, as picked ones are", async ({ page }) => {
  const dropped = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(["P001\r\n1\r\n"], "PAR_A.txt", { type: "text/plain" }));
    transfer.items.add(new File(["P002\r\n2\r\n"], "PAR_B.txt", { type: "text/plain" }));
    return transfer;
  });
  const dropZone = page.getByTestId("drop-zone");
  await dropZone.dispatchEvent("dragenter", { dataTransfer: dropped });
  await dropZone.dispatchEvent("drop", { dataTransfer: dropped });
  await expect(fileEntries(page)).toHaveCount(2);
  await expect(fileEntry(page, "PAR_A.txt")).toBeVisible();
  await expect(stat(page, "parameters")).toHaveText("2");
});
