import { readFile } from "node:fs/promises";
import { expect, test, type Download, type Page } from "@playwright/test";
import { secondTapWithinMs } from "../../../app/lib/shell/secondTap";
import { cutOnScreen, dropZoneIdle, fileEntries, fileEntry, fixtures, pickFiles, siteFiles } from "../helpers";

const textFile = (name: string, text: string) => ({ name, mimeType: "text/plain", buffer: Buffer.from(text) });

/** From now on every IndexedDB put in the page is refused, as when the disk quota is used up; returns the undo. */
async function refuseStorage(page: Page) {
  await page.evaluate(() => {
    const store = IDBObjectStore.prototype as IDBObjectStore & { keptPut?: IDBObjectStore["put"] };
    store.keptPut = store.put;
    store.put = () => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    };
  });
  return () =>
    page.evaluate(() => {
      const store = IDBObjectStore.prototype as IDBObjectStore & { keptPut?: IDBObjectStore["put"] };
      store.put = store.keptPut!;
    });
}

async function downloadedText(page: Page) {
  const download: Promise<Download> = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download SD card file" }).click();
  return (await readFile((await (await download).path())!)).toString("utf8");
}

/** The merge worker's messages wait while the test holds them: the tab stays busy adding as long as needed. */
async function holdableMergeWorker(page: Page) {
  await page.addInitScript(() => {
    const page = window as unknown as { holdMergeWorker?: boolean; releaseMergeWorker?: () => void };
    const prototype = Worker.prototype as { postMessage: (...args: unknown[]) => void };
    const postMessage = prototype.postMessage;
    const held: (() => void)[] = [];
    prototype.postMessage = function (this: Worker, ...args: unknown[]) {
      if (page.holdMergeWorker) held.push(() => postMessage.apply(this, args));
      else postMessage.apply(this, args);
    };
    page.releaseMergeWorker = () => {
      page.holdMergeWorker = false;
      held.splice(0).forEach((send) => send());
    };
  });
}
const holdMergeWorker = (page: Page) =>
  page.evaluate(() => ((window as unknown as { holdMergeWorker: boolean }).holdMergeWorker = true));
const releaseMergeWorker = (page: Page) =>
  page.evaluate(() => (window as unknown as { releaseMergeWorker: () => void }).releaseMergeWorker());

test("when the browser refuses storage, the tool says so and keeps working with what is on screen", async ({
  page,
}) => {
  await page.goto("/files");
  await pickFiles(page, [`${fixtures}/site-1042/standard/PAR_basis.txt`]);
  await expect(fileEntries(page)).toHaveCount(1);

  await refuseStorage(page);
  await pickFiles(page, [
    `${fixtures}/site-1042/standard/PAR_alarms.txt`,
    `${fixtures}/site-1042/KUNDESPEC/kunde_1042.txt`,
  ]);

  const notice = page.getByTestId("storage-notice");
  await expect(notice).toContainText("Files are kept only while this tab is open");
  await expect(notice).toContainText(
    /Not stored since \d\d:\d\d \(the browser's storage is full\): kunde_1042\.txt, PAR_alarms\.txt\./,
  );
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

test("a deletion storage refuses is made in the tab and said not stored; a reload names the file it lost and the one back", async ({
  page,
}) => {
  // Several visits and tabs on a shared machine: more time, no timing asserted.
  test.slow();
  await page.goto("/files");
  await pickFiles(page, [
    textFile("std.txt", "P001\r\n1\r\nP002\r\n2\r\n"),
    textFile("old_KUNDESPEC.txt", "P001\r\n666\r\n"),
  ]);
  await expect(fileEntries(page)).toHaveCount(2);

  const storageBack = await refuseStorage(page);
  await pickFiles(page, [textFile("new_KUNDESPEC.txt", "P001\r\n10\r\n")]);
  await expect(fileEntries(page)).toHaveCount(3);
  const notice = page.getByTestId("storage-notice");
  await expect(notice).toContainText(
    /Not stored since \d\d:\d\d \(the browser's storage is full\): new_KUNDESPEC\.txt\./,
  );
  // A full device still lets the wrong file out of PAR.txt.
  await page.getByRole("button", { name: "delete old_KUNDESPEC.txt" }).click();
  await expect(page.getByTestId("file-path")).toHaveText(["std.txt", "new_KUNDESPEC.txt"]);
  await expect(notice).toContainText("Changes are kept only while this tab is open");
  await expect(notice).toContainText(
    /Not stored since \d\d:\d\d \(the browser's storage is full\): new_KUNDESPEC\.txt and the deletion of old_KUNDESPEC\.txt\. Everything works, but what is not stored is gone when you close or reload this tab: the files deleted here come back\./,
  );
  expect(await downloadedText(page)).toBe("P001\r\n10\r\nP002\r\n2\r\n");

  await storageBack();
  await page.reload();
  await expect(page.getByTestId("file-path")).toHaveText(["old_KUNDESPEC.txt", "std.txt"]);
  await expect(page.getByRole("alert").filter({ hasText: "Not kept after the reload" })).toContainText(
    /Not kept: new_KUNDESPEC\.txt\. Deleted in the last visit, but the browser did not store the deletion \(since \d\d:\d\d: the browser's storage is full\), so they are listed again\. Delete them again: old_KUNDESPEC\.txt\./,
  );
  expect(await downloadedText(page)).toBe("P001\r\n666\r\nP002\r\n2\r\n");
});

test("two tabs add a file of one name at once: the slower one says it was not added, as if it had been listed before", async ({
  context,
}) => {
  test.slow();
  const slowTab = await context.newPage();
  // The slower tab reads its file from a slow card: its reads wait while the test holds them.
  await slowTab.addInitScript(() => {
    const page = window as unknown as { holdReads?: boolean; releaseReads?: () => void };
    const arrayBuffer = Blob.prototype.arrayBuffer;
    const held: (() => void)[] = [];
    Blob.prototype.arrayBuffer = function (this: Blob) {
      if (!page.holdReads) return arrayBuffer.call(this);
      return new Promise<ArrayBuffer>((resolve, reject) =>
        held.push(() => void arrayBuffer.call(this).then(resolve, reject)),
      );
    };
    page.releaseReads = () => {
      page.holdReads = false;
      held.splice(0).forEach((read) => read());
    };
  });
  await slowTab.goto("/files");
  await pickFiles(slowTab, [textFile("std.txt", "P001\r\n1\r\nP002\r\n2\r\n")]);
  await expect(fileEntries(slowTab)).toHaveCount(1);
  const otherTab = await context.newPage();
  await otherTab.goto("/files");
  await expect(fileEntries(otherTab)).toHaveCount(1);

  await slowTab.evaluate(() => ((window as unknown as { holdReads: boolean }).holdReads = true));
  await pickFiles(slowTab, [textFile("KUNDESPEC.txt", "P001\r\n99\r\n")]);
  await expect(fileEntries(slowTab)).toHaveCount(2);
  await pickFiles(otherTab, [textFile("KUNDESPEC.txt", "P001\r\n10\r\n")]);
  await expect(otherTab.getByTestId("file-path")).toHaveText(["std.txt", "KUNDESPEC.txt"]);
  await slowTab.evaluate(() => (window as unknown as { releaseReads: () => void }).releaseReads());

  await expect(slowTab.getByText("File already imported!")).toBeVisible();
  await expect(slowTab.getByTestId("not-added-notice")).toContainText(
    "KUNDESPEC.txt — a file of this name is already listed, with other content: PAR.txt uses the listed one",
  );
  await expect(slowTab.getByTestId("file-path")).toHaveText(["std.txt", "KUNDESPEC.txt"]);
  expect(await downloadedText(slowTab)).toBe("P001\r\n10\r\nP002\r\n2\r\n");
});

test("Try to store them again does not store a file beside another tab's stored file of its name, and says so", async ({
  context,
}) => {
  test.slow();
  const tab = await context.newPage();
  await tab.goto("/files");
  await pickFiles(tab, [textFile("std.txt", "P001\r\n1\r\nP002\r\n2\r\n")]);
  await expect(fileEntries(tab)).toHaveCount(1);
  const otherTab = await context.newPage();
  await otherTab.goto("/files");
  await expect(fileEntries(otherTab)).toHaveCount(1);
  const storageBack = await refuseStorage(tab);
  await pickFiles(tab, [textFile("KUNDESPEC.txt", "P001\r\n10\r\n")]);
  await expect(fileEntries(tab)).toHaveCount(2);
  await pickFiles(otherTab, [textFile("KUNDESPEC.txt", "P001\r\n99\r\n")]);
  await expect(fileEntries(otherTab)).toHaveCount(2);
  const listedTwice =
    "KUNDESPEC.txt is listed twice: another tab stored a file of this name meanwhile, and this tab's is not stored beside it. Delete both, then add the one you mean again.";
  await expect(tab.getByTestId("storage-notice")).toContainText(listedTwice);

  await storageBack();
  await tab.getByRole("button", { name: "Try to store them again" }).click();
  await expect(tab.getByText("Not stored: another tab stored a file of this name")).toBeVisible();
  await expect(tab.getByTestId("storage-notice")).toContainText(listedTwice);
  const newTab = await context.newPage();
  await newTab.goto("/files");
  await expect(newTab.getByTestId("file-path")).toHaveText(["std.txt", "KUNDESPEC.txt"]);
  await expect(otherTab.getByTestId("file-path")).toHaveText(["std.txt", "KUNDESPEC.txt"]);
});

test("a tab opened as a copy of one holding files not stored says nothing of them; a reload of that tab names them", async ({
  page,
  context,
}) => {
  test.slow();
  await page.goto("/files");
  await pickFiles(page, [
    textFile("std.txt", "P001\r\n1\r\nP002\r\n2\r\n"),
    textFile("old_KUNDESPEC.txt", "P001\r\n666\r\n"),
  ]);
  await expect(fileEntries(page)).toHaveCount(2);
  await refuseStorage(page);
  await page.getByRole("button", { name: "delete old_KUNDESPEC.txt" }).click();
  await pickFiles(page, [textFile("new_KUNDESPEC.txt", "P001\r\n10\r\n")]);
  await expect(page.getByTestId("file-path")).toHaveText(["std.txt", "new_KUNDESPEC.txt"]);

  // A page opened from this one inherits its sessionStorage, as the browser's Duplicate tab does.
  const opened = context.waitForEvent("page");
  await page.evaluate(() => window.open("/files", "_blank", "opener"));
  const copy = await opened;
  // The copy shows the stored list: nothing was reloaded, the first tab still holds its files.
  await expect(copy.getByTestId("file-path")).toHaveText(["old_KUNDESPEC.txt", "std.txt"]);
  await expect(copy.getByRole("alert").filter({ hasText: /after the reload/ })).toHaveCount(0);
  await expect(page.getByTestId("file-path")).toHaveText(["std.txt", "new_KUNDESPEC.txt"]);

  await copy.close();
  await page.reload();
  await expect(page.getByTestId("file-path")).toHaveText(["old_KUNDESPEC.txt", "std.txt"]);
  await expect(page.getByRole("alert").filter({ hasText: "Not kept after the reload" })).toContainText(
    /Not kept: new_KUNDESPEC\.txt\. Deleted in the last visit, but the browser did not store the deletion \(since \d\d:\d\d: the browser's storage is full\), so they are listed again\. Delete them again: old_KUNDESPEC\.txt\./,
  );
});

test("on a phone, the storage notice and the alert after the reload wrap a long file name instead of cutting it", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/files");
  const long = "Anlage_Nord_Schwimmbad_Becken_2_Sommerbetrieb_2026_Version_final_final2";
  await pickFiles(page, [
    textFile(`${long}.txt`, "P001\r\n1\r\n"),
    textFile(`KUNDESPEC_${long}.txt`, "P001\r\n10\r\n"),
  ]);
  await expect(fileEntries(page)).toHaveCount(2);
  const storageBack = await refuseStorage(page);
  await page.getByRole("button", { name: `delete KUNDESPEC_${long}.txt` }).click();
  const notice = page.getByTestId("storage-notice");
  await expect(notice).toContainText(`Not stored since`);
  await expect(notice).toContainText(`the deletion of KUNDESPEC_${long}.txt.`);
  expect(await cutOnScreen(notice)).toEqual([]);

  await storageBack();
  await page.reload();
  const alert = page.getByRole("alert").filter({ hasText: "Deleted files are back after the reload" });
  await expect(alert).toContainText(`Delete them again: KUNDESPEC_${long}.txt.`);
  // The very name to delete again shows whole.
  expect(await cutOnScreen(alert)).toEqual([]);
});

test("files still being read when the page is reloaded are named as not kept, not dropped without a word", async ({
  page,
}) => {
  // A slow medium (SD card, USB stick): the browser's reads of the picked files wait while the test holds them.
  await page.addInitScript(() => {
    const page = window as unknown as { holdReads?: boolean; readsHeld?: number };
    const arrayBuffer = Blob.prototype.arrayBuffer;
    Blob.prototype.arrayBuffer = function (this: Blob) {
      if (!page.holdReads) return arrayBuffer.call(this);
      page.readsHeld = (page.readsHeld ?? 0) + 1;
      return new Promise<ArrayBuffer>(() => undefined);
    };
  });
  await page.goto("/files");
  await pickFiles(page, [textFile("kept.txt", "P001\r\n1\r\n")]);
  await expect(fileEntry(page, "kept.txt")).toContainText("1 parameter");

  await page.evaluate(() => ((window as unknown as { holdReads?: boolean }).holdReads = true));
  await pickFiles(page, [textFile("b_std.txt", "P002\r\n2\r\n"), textFile("a_KUNDESPEC.txt", "P001\r\n3\r\n")]);
  await expect(fileEntry(page, "a_KUNDESPEC.txt")).toContainText("Reading…");
  await expect(fileEntry(page, "b_std.txt")).toContainText("Reading…");
  await expect.poll(() => page.evaluate(() => (window as unknown as { readsHeld?: number }).readsHeld)).toBe(2);
  await page.reload();

  await expect(page.getByRole("alert").filter({ hasText: "The last files you added were not kept" })).toContainText(
    "Not kept: a_KUNDESPEC.txt, b_std.txt.",
  );
  await expect(page.getByTestId("file-path")).toHaveText(["kept.txt"]);
  // Said once: the next visit has nothing more to say about them.
  await page.reload();
  await expect(page.getByTestId("file-path")).toHaveText(["kept.txt"]);
  await expect(page.getByText("The last files you added were not kept")).toHaveCount(0);
});

test("a second tab never takes the files another tab is still adding", async ({ context }) => {
  // Several visits and tabs on a shared machine: more time, no timing asserted.
  test.slow();
  const adding = await context.newPage();
  await holdableMergeWorker(adding);
  await adding.goto("/files");
  await pickFiles(adding, [textFile("small.txt", "P001\r\n1\r\n")]);
  await expect(fileEntries(adding)).toHaveCount(1);
  await holdMergeWorker(adding);
  await pickFiles(adding, [textFile("big.txt", "P002\r\n2\r\n")]);
  await expect(fileEntry(adding, "big.txt")).toContainText("Reading…");

  const other = await context.newPage();
  await other.goto("/files");
  await expect(fileEntries(other)).toHaveCount(2);
  await expect(other.getByText("The last files you added were not kept")).toHaveCount(0);

  await releaseMergeWorker(adding);
  await expect(fileEntry(adding, "big.txt")).toContainText("1 parameter");
  for (const tab of [adding, other]) {
    await tab.reload();
    await expect(tab.getByTestId("file-path")).toHaveText(["small.txt", "big.txt"]);
    await expect(tab.getByText("The last files you added were not kept")).toHaveCount(0);
  }
});

test("the site/unit label belongs to the list: Delete all clears it, Undo brings it back, a new unit starts without it", async ({
  page,
}) => {
  // Several visits and tabs on a shared machine: more time, no timing asserted.
  test.slow();
  const labelInput = page.getByRole("textbox", { name: "Site / unit (optional)" });
  await page.goto("/files");
  await pickFiles(page, siteFiles);
  await expect(fileEntries(page)).toHaveCount(3);
  await labelInput.fill("Fjordview pool 2");
  await page.getByRole("button", { name: "Delete all" }).click();
  await expect(fileEntries(page)).toHaveCount(0);
  await expect(labelInput).toHaveValue("");
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(fileEntries(page)).toHaveCount(3);
  await expect(labelInput).toHaveValue("Fjordview pool 2");
  await page.reload();
  await expect(labelInput).toHaveValue("Fjordview pool 2");

  await page.getByRole("button", { name: "Delete all" }).click();
  await expect(fileEntries(page)).toHaveCount(0);
  await pickFiles(page, [`${fixtures}/site-1042/standard/PAR_basis.txt`]);
  await expect(fileEntries(page)).toHaveCount(1);
  await page.reload();
  await expect(labelInput).toHaveValue("");
  await downloadedText(page);
  await page.goto("/records");
  await expect(page.getByTestId("service-record").first()).toContainText("No site or unit label");
});

test("files still being read when the technician goes on to another screen are kept when the tab is closed there", async ({
  context,
}) => {
  // Several visits on a shared machine: more time, no timing asserted.
  test.slow();
  const page = await context.newPage();
  await holdableMergeWorker(page);
  await page.goto("/files");
  await holdMergeWorker(page);
  await pickFiles(page, [textFile("std.txt", "P001\r\n1\r\n")]);
  await expect(fileEntry(page, "std.txt")).toContainText("Reading…");
  await page.getByRole("link", { name: "Records of every PAR.txt made" }).click();
  await expect(page.getByRole("heading", { name: "Records", level: 1 })).toBeVisible();
  await releaseMergeWorker(page);
  // The pick ends on /records, out of sight: it leaves no mark of a load that could not end.
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes("files-loading")).length))
    .toBe(0);
  await page.close();

  const next = await context.newPage();
  await next.goto("/files");
  await expect(next.getByTestId("file-path")).toHaveText(["std.txt"]);
  await expect(next.getByText("The last files you added were not kept")).toHaveCount(0);
});

test("files listed when the site's storage is cleared under the open page stay listed and merged, and are named as no longer stored", async ({
  page,
  context,
}) => {
  await page.goto("/files");
  await pickFiles(page, [textFile("a.txt", "P001\r\n1\r\n"), textFile("b.txt", "P002\r\n2\r\n")]);
  await expect(fileEntries(page)).toHaveCount(2);
  await expect(page.getByTestId("drop-zone")).not.toHaveAttribute("data-loading");

  // What "Clear browsing data" (or the padlock's "Delete data") does while the page is open.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Storage.clearDataForOrigin", { origin: new URL(page.url()).origin, storageTypes: "indexeddb" });
  // Said at once, before any change.
  const notice = page.getByTestId("storage-notice");
  const noLongerStored =
    /Not stored since \d\d:\d\d \(the browser's storage was cleared\): a\.txt, b\.txt\. Their stored contents went with the browser's storage: to store them again, add the same files again\. Everything works, but what is not stored is gone when you close or reload this tab\./;
  await expect(notice).toContainText(noLongerStored);
  await expect(page.getByTestId("file-path")).toHaveText(["a.txt", "b.txt"]);

  await pickFiles(page, [textFile("c.txt", "P003\r\n3\r\n")]);
  await expect(page.getByTestId("file-path")).toHaveText(["a.txt", "b.txt", "c.txt"]);
  await expect(notice).toContainText("Files are kept only while this tab is open");
  await expect(notice).toContainText(noLongerStored);
  // Their stored bytes are gone: there is nothing to store again.
  await expect(notice.getByRole("button", { name: "Try to store them again" })).toHaveCount(0);
  expect(await downloadedText(page)).toBe("P001\r\n1\r\nP002\r\n2\r\nP003\r\n3\r\n");

  await page.reload();
  await expect(page.getByTestId("file-path")).toHaveText(["c.txt"]);
  await expect(page.getByRole("alert").filter({ hasText: "Not kept after the reload" })).toContainText(
    /The browser did not store them \(since \d\d:\d\d: the browser's storage was cleared\), so the reload could not bring them back\. Not kept: a\.txt, b\.txt\./,
  );
});

test("after the site's storage was cleared, the same files picked again are stored again in their places (G5)", async ({
  page,
  context,
}) => {
  await page.goto("/files");
  await pickFiles(page, [textFile("a.txt", "P001\r\n1\r\n"), textFile("b.txt", "P002\r\n2\r\n")]);
  await expect(fileEntries(page)).toHaveCount(2);
  await expect(page.getByTestId("drop-zone")).not.toHaveAttribute("data-loading");
  const cdp = await context.newCDPSession(page);
  await cdp.send("Storage.clearDataForOrigin", { origin: new URL(page.url()).origin, storageTypes: "indexeddb" });
  const notice = page.getByTestId("storage-notice");
  await expect(notice).toContainText("to store them again, add the same files again.");

  await pickFiles(page, [textFile("b.txt", "P002\r\n2\r\n"), textFile("a.txt", "P001\r\n1\r\n")]);
  await expect(page.getByTestId("drop-zone")).not.toHaveAttribute("data-loading");
  await expect(page.getByTestId("file-path")).toHaveText(["a.txt", "b.txt"]);
  await expect(page.getByText("File already imported!")).toHaveCount(0);
  await expect(notice).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId("file-path")).toHaveText(["a.txt", "b.txt"]);
  await expect(page.getByText("Not kept after the reload")).toHaveCount(0);
  expect(await downloadedText(page)).toBe("P001\r\n1\r\nP002\r\n2\r\n");
});

test("after the site's storage was cleared, a file picked again keeps the set the technician chose: PAR.txt is as it was (J3)", async ({
  page,
  context,
}) => {
  const kunde = textFile("kunde.txt", "P002\r\n22\r\nP003\r\n33\r\n");
  const parFile = "P001\r\n1\r\nP002\r\n22\r\nP003\r\n33\r\n";
  await page.goto("/files");
  await pickFiles(page, [kunde]);
  await expect(fileEntries(page)).toHaveCount(1);
  await pickFiles(page, [textFile("std.txt", "P001\r\n1\r\nP002\r\n2\r\n")]);
  await expect(page.getByTestId("file-path")).toHaveText(["kunde.txt", "std.txt"]);
  // No KUNDESPEC in its path: the technician says it is the customer's file.
  await fileEntry(page, "kunde.txt").getByText("Customer", { exact: true }).click();
  await expect(fileEntry(page, "kunde.txt")).toContainText("set chosen by you");
  expect(await downloadedText(page)).toBe(parFile);

  const cdp = await context.newCDPSession(page);
  await cdp.send("Storage.clearDataForOrigin", { origin: new URL(page.url()).origin, storageTypes: "indexeddb" });
  const notice = page.getByTestId("storage-notice");
  await expect(notice).toContainText("to store them again, add the same files again.");

  // As the notice says.
  await pickFiles(page, [kunde]);
  await dropZoneIdle(page);
  await expect(notice).not.toContainText("kunde.txt");
  await expect(page.getByTestId("file-path")).toHaveText(["kunde.txt", "std.txt"]);
  await expect(fileEntry(page, "kunde.txt")).toContainText("set chosen by you");
  await expect(
    fileEntry(page, "kunde.txt").getByRole("radiogroup", { name: "Set of kunde.txt" }).getByRole("radio", {
      name: "Customer",
    }),
  ).toBeChecked();
  // A second download of the same list: at a hand's pace, not taken for a double tap of the first.
  await page.waitForTimeout(secondTapWithinMs);
  expect(await downloadedText(page)).toBe(parFile);

  // Stored with its set: a reload keeps the choice.
  await page.reload();
  await expect(page.getByTestId("file-path")).toHaveText(["kunde.txt"]);
  await expect(fileEntry(page, "kunde.txt")).toContainText("set chosen by you");
});
