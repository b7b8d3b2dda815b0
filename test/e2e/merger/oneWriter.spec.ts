// One tab edits the list, Undo goes back last first, and every change waits its turn: what the technician sees and
// the bytes of the PAR.txt they get.
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "../test";
import { changeMadeText, fileListTexts } from "../../../app/lib/merger/fileListTexts";
import { appStarted, fileEntries, fileEntry, fixtures, pickFiles, pickFolder, siteFiles } from "../helpers";

const site = `${fixtures}/site-1042`;

const downloadButton = (page: Page) => page.getByRole("button", { name: "Download SD card file" });
const undoButton = (page: Page) => page.getByTestId("last-change").getByRole("button", { name: fileListTexts.undo });

async function downloadedBytes(page: Page): Promise<Buffer> {
  const download = page.waitForEvent("download");
  await downloadButton(page).click();
  return readFile((await (await download).path())!);
}

const listedPaths = (page: Page) => page.getByTestId("file-path").allInnerTexts();

/** The browser refuses to store anything more in this page, as when its storage is full. */
async function refuseStorage(page: Page) {
  await page.evaluate(() => {
    IDBObjectStore.prototype.put = () => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    };
  });
}

async function openFiles(page: Page) {
  await page.goto("/files");
  await appStarted(page);
}

test("Undo goes back one change at a time, last first: list, label and PAR.txt bytes as they were", async ({
  page,
}) => {
  await openFiles(page);
  await pickFolder(page, site);
  await expect(fileEntries(page)).toHaveCount(3);
  const label = page.getByLabel("Site / unit (optional)");
  await label.fill("Fjordview pool 2");
  await label.blur();
  const before = await downloadedBytes(page);
  const pathsBefore = await listedPaths(page);

  // Four changes: a move, a set switch, a delete, Delete all.
  await fileEntry(page, "PAR_alarms.txt")
    .getByRole("button", { name: /^Move .* up$/ })
    .click();
  await expect.poll(() => listedPaths(page)).not.toEqual(pathsBefore);
  await fileEntry(page, "PAR_basis.txt").getByText("Customer", { exact: true }).click();
  await expect(fileEntry(page, "PAR_basis.txt").getByText("set chosen by you")).toBeVisible();
  await fileEntry(page, "kunde_1042.txt")
    .getByRole("button", { name: /^delete / })
    .click();
  await expect(fileEntries(page)).toHaveCount(2);
  await page.getByRole("button", { name: "Delete all" }).click();
  await expect(fileEntries(page)).toHaveCount(0);
  await expect(label).toHaveValue("");

  // Undo of each, last first.
  await undoButton(page).click();
  await expect(fileEntries(page)).toHaveCount(2);
  await expect(label).toHaveValue("Fjordview pool 2");
  await undoButton(page).click();
  await expect(fileEntries(page)).toHaveCount(3);
  await undoButton(page).click();
  await expect(fileEntry(page, "PAR_basis.txt").getByText("set chosen by you")).toHaveCount(0);
  await undoButton(page).click();
  await expect.poll(() => listedPaths(page)).toEqual(pathsBefore);
  expect((await downloadedBytes(page)).equals(before)).toBe(true);
});

test("a second tap on Undo or Delete all does nothing more: the list it was shown from has changed", async ({
  page,
}) => {
  await openFiles(page);
  await pickFolder(page, site);
  await expect(fileEntries(page)).toHaveCount(3);
  await fileEntry(page, "kunde_1042.txt")
    .getByRole("button", { name: /^delete / })
    .click();
  await expect(fileEntries(page)).toHaveCount(2);
  await undoButton(page).dblclick();
  await expect(fileEntries(page)).toHaveCount(3);
  await expect(page.getByText(/^Undone: /)).toBeVisible();
  // The second tap of the double click undid nothing more: the add of the three files stands.
  const added = changeMadeText({ kind: "add", paths: ["one", "two", "three"] });
  await expect(page.getByTestId("last-change")).toContainText(added);
  await page.getByRole("button", { name: "Delete all" }).dblclick();
  await expect(fileEntries(page)).toHaveCount(0);
  await undoButton(page).click();
  await expect(fileEntries(page)).toHaveCount(3);
  // The second taps found their buttons disabled: nothing was refused.
  await expect(page.getByText(fileListTexts.stale)).toHaveCount(0);
});

test("a double click on Download saves one PAR.txt and makes one record", async ({ page }) => {
  await openFiles(page);
  await pickFolder(page, site);
  await expect(fileEntries(page)).toHaveCount(3);
  let downloads = 0;
  page.on("download", () => (downloads += 1));
  const first = page.waitForEvent("download");
  await downloadButton(page).dblclick();
  await first;
  await expect(downloadButton(page)).toBeEnabled();
  expect(downloads).toBe(1);
  await page.goto("/records");
  await expect(page.getByTestId("service-record")).toHaveCount(1);
});

/**
 * A folder dropped from a slow stick: its listing (webkitGetAsEntry, readEntries) waits until the test releases it,
 * as a slow USB stick makes the browser wait. Drops of other items are listed as usual.
 */
async function slowFolderDrop(page: Page, folder: string, files: { path: string; text: string }[]) {
  await page.evaluate(
    ({ folder, files }) => {
      const slow = window as unknown as { releaseListing?: () => void };
      const released = new Promise<void>((resolve) => (slow.releaseListing = resolve));
      const listed = files.map(({ path, text }) => ({
        isFile: true,
        isDirectory: false,
        name: path.split("/").at(-1)!,
        fullPath: `/${path}`,
        file: (done: (file: File) => void) => done(new File([text], path.split("/").at(-1)!, { type: "text/plain" })),
      }));
      const original = DataTransferItem.prototype.webkitGetAsEntry;
      DataTransferItem.prototype.webkitGetAsEntry = function (this: DataTransferItem) {
        if (this.getAsFile()?.name !== folder) return original.call(this);
        let read = false;
        return {
          isFile: false,
          isDirectory: true,
          name: folder,
          fullPath: `/${folder}`,
          createReader: () => ({
            readEntries: (done: (entries: unknown[]) => void) => {
              if (read) return done([]);
              read = true;
              void released.then(() => done(listed));
            },
          }),
        } as unknown as FileSystemEntry;
      };
    },
    { folder, files },
  );
}

test("a folder still being listed is added before a later drop and before Download: PAR.txt holds its files", async ({
  page,
}) => {
  await openFiles(page);
  await pickFiles(page, [siteFiles[0]!]);
  await expect(fileEntries(page)).toHaveCount(1);
  const text = (path: string) => readFile(path, "utf8");
  await slowFolderDrop(page, "site", [
    { path: "site/standard/PAR_alarms.txt", text: await text(siteFiles[1]!) },
    { path: "site/KUNDESPEC/kunde_1042.txt", text: await text(siteFiles[2]!) },
  ]);
  // The drop, a second drop and Download in one go, as fast as a hand can't: both wait for the folder's listing.
  const download = page.waitForEvent("download");
  await page.evaluate(() => {
    const zone = document.querySelector('[data-testid="drop-zone"]')!;
    for (const [name, text] of [
      ["site", ""],
      ["PAR_late.txt", "P9999\r\n1\r\n"],
    ]) {
      const dropped = new DataTransfer();
      dropped.items.add(new File([text!], name!, { type: "text/plain" }));
      // Cancelable, as a drop from the system always is.
      zone.dispatchEvent(new DragEvent("dragenter", { dataTransfer: dropped, bubbles: true, cancelable: true }));
      zone.dispatchEvent(new DragEvent("drop", { dataTransfer: dropped, bubbles: true, cancelable: true }));
    }
    [...document.querySelectorAll("button")].find((button) => button.textContent === "Download SD card file")!.click();
  });
  await page.evaluate(() => (window as unknown as { releaseListing: () => void }).releaseListing());
  const saved = await readFile((await (await download).path())!);
  // The same PAR.txt as a Download once everything is listed: the folder's files and the later drop are in it.
  await expect(fileEntries(page)).toHaveCount(4);
  expect((await downloadedBytes(page)).equals(saved)).toBe(true);
  expect(saved.toString("utf8")).toContain("P9999\r\n1\r\n");
  await expect(fileEntries(page)).toHaveCount(4);
  expect(await listedPaths(page)).toEqual([
    "PAR_basis.txt",
    "site/KUNDESPEC/kunde_1042.txt",
    "site/standard/PAR_alarms.txt",
    "PAR_late.txt",
  ]);
});

test("one tab edits the list: another shows it read-only, and Edit here moves editing to it", async ({ context }) => {
  const first = await context.newPage();
  await openFiles(first);
  await pickFolder(first, site);
  await expect(fileEntries(first)).toHaveCount(3);
  const label = (page: Page) => page.getByLabel("Site / unit (optional)");
  await label(first).fill("Unit 3");
  await label(first).blur();

  const second = await context.newPage();
  await openFiles(second);
  await expect(second.getByTestId("editing-elsewhere")).toContainText(fileListTexts.editingElsewhere.title);
  await expect(fileEntries(second)).toHaveCount(3);
  await expect(second.getByRole("button", { name: "Delete all" })).toBeDisabled();
  await expect(second.getByRole("button", { name: /^delete / }).first()).toBeDisabled();

  await second.getByRole("button", { name: fileListTexts.editingElsewhere.button }).click();
  await expect(second.getByTestId("editing-elsewhere")).toHaveCount(0);
  await expect(first.getByTestId("editing-elsewhere")).toBeVisible();
  await expect(first.getByRole("button", { name: "Delete all" })).toBeDisabled();

  // The read-only tab shows the label and the list as changed there when the technician comes back to it. The
  // change is stored a moment after the other tab shows it: a look before then shows the list before it, so the
  // technician comes back again.
  const comeBackUntil = (sees: () => Promise<void>) =>
    expect(async () => {
      await first.bringToFront();
      await first.evaluate(() => window.dispatchEvent(new Event("focus")));
      await sees();
    }).toPass();
  await label(second).fill("Unit 4");
  await label(second).blur();
  await comeBackUntil(() => expect(label(first)).toHaveValue("Unit 4", { timeout: 1000 }));
  await fileEntry(second, "kunde_1042.txt")
    .getByRole("button", { name: /^delete / })
    .click();
  await expect(fileEntries(second)).toHaveCount(2);
  await comeBackUntil(() => expect(fileEntries(first)).toHaveCount(2, { timeout: 1000 }));
  // Editing here starts from them.
  await first.getByRole("button", { name: fileListTexts.editingElsewhere.button }).click();
  await expect(first.getByTestId("editing-elsewhere")).toHaveCount(0);
  await expect(label(first)).toHaveValue("Unit 4");
});

test("a tab whose changes the browser will not store says so to the others, whose Edit here says it loses them", async ({
  context,
}) => {
  const first = await context.newPage();
  await openFiles(first);
  await pickFolder(first, site);
  await expect(fileEntries(first)).toHaveCount(3);
  await refuseStorage(first);
  await fileEntry(first, "kunde_1042.txt")
    .getByRole("button", { name: /^delete / })
    .click();
  await expect(first.getByTestId("storage-notice")).toBeVisible();

  const second = await context.newPage();
  await openFiles(second);
  const { editorNotSaved } = fileListTexts.editingElsewhere;
  await expect(second.getByTestId("editing-elsewhere")).toContainText(editorNotSaved.body);
  await expect(fileEntries(second)).toHaveCount(3);
  // On a phone the long button wraps inside the notice instead of pushing it past the screen's edge.
  await second.setViewportSize({ width: 390, height: 844 });
  const notice = await second.getByTestId("editing-elsewhere").boundingBox();
  expect(notice!.x + notice!.width).toBeLessThanOrEqual(390);
  const button = await second.getByRole("button", { name: editorNotSaved.button }).boundingBox();
  expect(button!.x + button!.width).toBeLessThanOrEqual(notice!.x + notice!.width);
  await second.getByRole("button", { name: editorNotSaved.button }).click();
  await expect(second.getByTestId("editing-elsewhere")).toHaveCount(0);
  await expect(first.getByTestId("not-saved-gone")).toBeVisible();
  await expect(first.getByTestId("editing-elsewhere")).toContainText(fileListTexts.editingElsewhere.body);
});

test("when the browser will not store, the tab goes on and says so; a reload brings the last saved list", async ({
  page,
}) => {
  await openFiles(page);
  await pickFolder(page, site);
  await expect(fileEntries(page)).toHaveCount(3);
  await refuseStorage(page);
  await fileEntry(page, "kunde_1042.txt")
    .getByRole("button", { name: /^delete / })
    .click();
  await expect(fileEntries(page)).toHaveCount(2);
  await expect(page.getByTestId("storage-notice")).toContainText(fileListTexts.notSaved.title);

  await page.reload();
  await appStarted(page);
  await expect(fileEntries(page)).toHaveCount(3);
  await expect(page.getByTestId("not-saved-before-reload")).toBeVisible();
  await expect(page.getByTestId("storage-notice")).toHaveCount(0);
  // The line is about the list as saved then: the next change ends it.
  await fileEntry(page, "PAR_alarms.txt")
    .getByRole("button", { name: /^delete / })
    .click();
  await expect(fileEntries(page)).toHaveCount(2);
  await expect(page.getByTestId("not-saved-before-reload")).toHaveCount(0);
});
