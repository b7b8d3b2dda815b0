// The card round trip, with the card folder stubbed by a folder of the origin private file system. A test opens the
// site once and checks one screen's aspects as steps, changing what the card holds between them: opening /files and
// adding the site's files is most of a test's cost.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "../test";
import { cardTexts, unfinishedWriteTime } from "../../../app/lib/card/cardTexts";
import { toastMessages } from "../../../app/lib/shell/toastMessages";
import { cutOnScreen, fixtures, pickFiles, pickSiteInParOrder, seriousAccessibilityViolations, stat } from "../helpers";

type CardStub = "folder" | "no-folder-access";
/** Where an injected fault strikes: the picker, a step of the write, or the read-back (an error, or other bytes). */
type FaultAt = "picker" | "createWritable" | "write" | "close" | "afterClose" | "readBack" | "readBackOtherBytes";

/**
 * Replaces the browser's folder picker before the app loads: it hands out the private folder "card" itself, whose
 * write a fault set with injectCardFault makes fail at one step, as a browser's error would. "no-folder-access" is
 * a browser without the picker (Firefox, Safari).
 */
async function stubCardFolder(page: Page, stub: CardStub) {
  await page.addInitScript((stub: CardStub) => {
    if (stub === "no-folder-access") {
      delete (window as { showDirectoryPicker?: unknown }).showDirectoryPicker;
      return;
    }
    const wanted = () => (window as { cardFault?: { at: string; name: string } | null }).cardFault;
    const fault = (at: string) => {
      const fault = wanted();
      if (fault?.at !== at) return;
      Object.assign(window, { cardFault: null });
      throw new DOMException(`injected ${fault.name}`, fault.name);
    };
    const fileHandle = FileSystemFileHandle.prototype;
    const stream = FileSystemWritableFileStream.prototype;
    const [createWritable, getFile] = [fileHandle.createWritable, fileHandle.getFile];
    const [write, close] = [stream.write, stream.close];
    // The read-back is the first getFile() after a stream closed since the fault was set.
    const closed = () => (window as { cardClosed?: boolean }).cardClosed === true;
    Object.assign(fileHandle, {
      async createWritable(this: FileSystemFileHandle, options?: FileSystemCreateWritableOptions) {
        fault("createWritable");
        return createWritable.call(this, options);
      },
      async getFile(this: FileSystemFileHandle) {
        if (closed() && wanted()?.at === "readBackOtherBytes") {
          Object.assign(window, { cardFault: null });
          return new File(["P0001\r\n9\r\n"], this.name);
        }
        if (closed()) fault("readBack");
        return getFile.call(this);
      },
    });
    Object.assign(stream, {
      async write(this: FileSystemWritableFileStream, data: FileSystemWriteChunkType) {
        fault("write");
        return write.call(this, data);
      },
      async close(this: FileSystemWritableFileStream) {
        fault("close");
        await close.call(this);
        Object.assign(window, { cardClosed: true });
        fault("afterClose");
      },
    });
    Object.assign(window, {
      showDirectoryPicker: async () => {
        fault("picker");
        return (await navigator.storage.getDirectory()).getDirectoryHandle("card", { create: true });
      },
    });
  }, stub);
}

/** Makes the next write to the card folder fail at one step with the browser's error `name`. */
async function injectCardFault(page: Page, at: FaultAt, name = "") {
  await page.evaluate((fault) => Object.assign(window, { cardFault: fault, cardClosed: false }), { at, name });
}

/** Puts files into the stubbed card folder; null puts a folder of that name. `replace`: empties the card first. */
async function putOnCard(
  page: Page,
  files: Record<string, string | number[] | null>,
  { replace = false }: { replace?: boolean } = {},
) {
  await page.evaluate(
    async ({ files, replace }) => {
      const card = await (await navigator.storage.getDirectory()).getDirectoryHandle("card", { create: true });
      const present: string[] = [];
      if (replace) for await (const name of card.keys()) present.push(name);
      for (const name of present) await card.removeEntry(name, { recursive: true });
      for (const [name, content] of Object.entries(files)) {
        if (content === null) {
          await card.getDirectoryHandle(name, { create: true });
          continue;
        }
        const writable = await (await card.getFileHandle(name, { create: true })).createWritable();
        await writable.write(typeof content === "string" ? content : new Uint8Array(content));
        await writable.close();
      }
    },
    { files, replace },
  );
}

async function cardFileBytes(page: Page, name: string): Promise<Buffer> {
  const bytes = await page.evaluate(async (name) => {
    const card = await (await navigator.storage.getDirectory()).getDirectoryHandle("card");
    return [...new Uint8Array(await (await (await card.getFileHandle(name)).getFile()).arrayBuffer())];
  }, name);
  return Buffer.from(bytes);
}

async function cardFileNames(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const card = await (await navigator.storage.getDirectory()).getDirectoryHandle("card");
    const names: string[] = [];
    for await (const name of card.keys()) names.push(name);
    return names.sort();
  });
}

const expectedCrlf = () => readFile(`${fixtures}/expected/PAR_site-1042.crlf.txt`);
const compareButton = (page: Page) => page.getByRole("button", { name: "Compare with card" });
const writeButton = (page: Page) => page.getByRole("button", { name: "Write to SD card" });
/** Write to SD card once more: the button is enabled again once the last write has ended. */
async function writeAgain(page: Page) {
  await writeButton(page).click();
}
const summary = (page: Page) => page.getByTestId("card-summary");
const showCodes = (page: Page, label: string) =>
  page.getByRole("radiogroup", { name: "Show codes" }).getByText(label, { exact: true }).click();
const comparisonTable = (page: Page) => page.getByRole("table", { name: "New PAR.txt compared with the card" });
const cardWarnings = (page: Page) => page.getByRole("status").filter({ hasText: "Check the card" });
const verifiedStatus = (page: Page) => page.getByRole("status").filter({ hasText: "PAR.txt written and verified" });
const unchangedAlert = (page: Page) =>
  page.getByRole("alert").filter({ hasText: cardTexts.afterWrite.unchanged.title });
const mayBeIncompleteAlert = (page: Page) =>
  page.getByRole("alert").filter({ hasText: "The card's PAR.txt may be incomplete" });
const refusalDialog = (page: Page) => page.getByRole("dialog", { name: "Nothing was written to the card" });
const writeBackButton = (page: Page) =>
  page.getByRole("button", { name: "Write the previous PAR.txt back to the card" });

/** The site's files, merged into the expected fixture's PAR.txt. */
async function openSite(page: Page, stub: CardStub = "folder") {
  await stubCardFolder(page, stub);
  await page.goto("/files");
  await pickSiteInParOrder(page);
  await expect(stat(page, "parameters")).toHaveText("9");
}

/** Back to SD Card Files by its link, as a technician goes back from a record: the site's files are still there. */
async function backToFiles(page: Page) {
  await page.getByRole("link", { name: "SD Card Files" }).click();
  await expect(stat(page, "parameters")).toHaveText("9");
}

// The expected PAR.txt with P0002 changed, P0200 missing (added by the new file) and P0999 extra (removed).
const cardWithThreeDifferences = (expected: string) =>
  expected.replace("P0002\r\n3,0", "P0002\r\n2,5").replace("P0200\r\nFjordview pool 2\r\n", "P0999\r\nold\r\n");

test("compare: what the card holds, code by code and as a whole: differences with filters, a card without PAR.txt, a Mac's and a second download's files, exactly this PAR.txt, line endings only", async ({
  page,
}) => {
  await openSite(page);

  await test.step("one changed, one added, one removed code, with filters", async () => {
    await putOnCard(page, { "PAR.txt": cardWithThreeDifferences((await expectedCrlf()).toString("utf8")) });
    await compareButton(page).click();
    await expect(summary(page)).toHaveText("1 changed, 1 added, 1 removed, 7 unchanged");
    await expect(page.getByText("The unit loses 1 code that the card has and the new PAR.txt lacks.")).toBeVisible();
    await expect(comparisonTable(page).getByRole("row")).toHaveCount(1 + 10);

    await showCodes(page, "Changed (1)");
    await expect(comparisonTable(page).getByRole("row")).toHaveCount(2);
    await expect(
      comparisonTable(page).getByRole("row", {
        name: /P0002 2,5 differs from character 1 3,0 differs from character 1 changed/,
      }),
    ).toBeVisible();

    await showCodes(page, "Added (1)");
    await expect(comparisonTable(page).getByRole("row", { name: /P0200 — Fjordview pool 2 added/ })).toBeVisible();

    await showCodes(page, "Removed (1)");
    await expect(comparisonTable(page).getByRole("row")).toHaveCount(2);
    await expect(
      comparisonTable(page).getByRole("row", { name: "P0999 old — removed not in the new PAR.txt" }),
    ).toBeVisible();

    await showCodes(page, "Unchanged (7)");
    await expect(comparisonTable(page).getByRole("row")).toHaveCount(8);
    expect(await seriousAccessibilityViolations(page, 'section[aria-labelledby="card-title"]')).toEqual([]);
  });

  await test.step("a card without PAR.txt is named, and every code is added", async () => {
    await putOnCard(page, { "LOG.txt": "x" }, { replace: true });
    await compareButton(page).click();
    await expect(summary(page)).toHaveText("0 changed, 9 added, 0 removed, 0 unchanged");
    await expect(page.getByText("The card has no PAR.txt yet.")).toBeVisible();
  });

  await test.step("a Mac's ._PAR.txt and a second download are named", async () => {
    const card = { "PAR.txt": "P0001\r\n1\r\n", "._PAR.txt": [0, 5, 22, 7], "PAR (1).txt": "P0001\r\n1\r\n" };
    await putOnCard(page, card, { replace: true });
    await compareButton(page).click();
    await expect(summary(page)).toHaveText("0 changed, 8 added, 0 removed, 1 unchanged");
    await expect(cardWarnings(page)).toContainText("._PAR.txt: a hidden file a Mac wrote next to PAR.txt.");
    await expect(cardWarnings(page)).toContainText("PAR (1).txt: other PAR files on the card");
  });

  await test.step("a card that already holds exactly this PAR.txt says so, and names a line-ending-only difference", async () => {
    await putOnCard(page, { "PAR.txt": [...(await expectedCrlf())] }, { replace: true });
    await compareButton(page).click();
    await expect(summary(page)).toHaveText("The card already holds exactly this PAR.txt.");
    await expect(cardWarnings(page)).toHaveCount(0);

    // The LF PAR.txt against the same card: the parameters match, only the line endings differ.
    await page.getByText("LF", { exact: true }).click();
    await expect(summary(page)).toHaveText("0 changed, 0 added, 0 removed, 9 unchanged");
    await expect(page.getByTestId("card-byte-note")).toHaveText(
      "The parameters are the same; only the line endings differ: the card's PAR.txt has CRLF, the new one LF.",
    );
  });
});

// On a phone, where the table is narrowest; 40 codes more than fit, so the table holds rows that stand for the rest.
test("compare on a phone: values that look alike show where they differ (a trailing space, a difference after character 200), and the card's alerts wrap a long file name", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await stubCardFolder(page, "folder");
  await page.goto("/files");
  const same = Array.from({ length: 40 }, (_, index) => `P1${String(index).padStart(3, "0")}\r\n${index}\r\n`).join("");
  const newPar = `P0001\r\n10\r\nP0002\r\n${"A".repeat(251)}\r\n${same}`;
  await pickFiles(page, [{ name: "PAR_basis.txt", mimeType: "text/plain", buffer: Buffer.from(newPar) }]);
  await expect(stat(page, "parameters")).toHaveText("42");
  await putOnCard(page, { "PAR.txt": `P0001\r\n10 \r\nP0002\r\n${"A".repeat(200)}B${"A".repeat(50)}\r\n${same}` });
  await compareButton(page).click();
  await expect(summary(page)).toHaveText("2 changed, 0 added, 0 removed, 40 unchanged");

  /** The cell of a code's value on the card (1) or new value (2). */
  const cell = (code: string, column: 1 | 2) =>
    comparisonTable(page)
      .getByRole("row", { name: new RegExp(`^${code} `) })
      .getByRole("cell")
      .nth(column);
  await test.step("a trailing space, and a difference after character 200", async () => {
    // The card's trailing space is named and marked; the new value is marked where it ends.
    const [cardSpace, newSpace] = [cell("P0001", 1), cell("P0001", 2)];
    await expect(cardSpace.locator("mark")).toHaveText("trailing space");
    await expect(cardSpace).toContainText("differs from character 3");
    await expect(newSpace.locator("mark")).toHaveText("end of value");
    await expect(newSpace).toContainText("differs from character 3");

    // Both long values show the 40 characters before their difference, not their first 200.
    const [cardLong, newLong] = [cell("P0002", 1), cell("P0002", 2)];
    await expect(cardLong.locator("mark")).toHaveText("B");
    await expect(cardLong).toContainText(`…${"A".repeat(40)}B${"A".repeat(50)}`);
    await expect(cardLong).toContainText("differs from character 201");
    await expect(newLong.locator("mark")).toHaveText("A");
    await expect(newLong).toContainText("differs from character 201");

    // The columns a phone shows share the table's whole width (the hidden ones take none), and nothing sticks out.
    const layout = await comparisonTable(page).evaluate((table) => ({
      tableWidth: table.getBoundingClientRect().width,
      shownWidths: [...table.querySelectorAll("th")].map((th) => th.getBoundingClientRect().width),
      overflow: table.parentElement!.scrollWidth - table.parentElement!.clientWidth,
    }));
    expect(layout.shownWidths.reduce((sum, width) => sum + width, 0)).toBeCloseTo(layout.tableWidth, 0);
    expect(layout.shownWidths[1]).toBeGreaterThan(90);
    expect(layout.overflow).toBe(0);

    // The whole value still opens, around the difference.
    await cardLong.getByRole("button", { name: "all 251 characters" }).click();
    const full = page.getByRole("dialog", { name: "On the card: P0002" });
    await expect(full).toContainText("251 characters; differs from character 201.");
    await expect(full.locator("mark")).toHaveText("B");
    await page.keyboard.press("Escape");
    await expect(full).toHaveCount(0);
    expect(await seriousAccessibilityViolations(page, 'section[aria-labelledby="card-title"]')).toEqual([]);
  });

  await test.step("the card's alerts wrap a long file name instead of cutting it", async () => {
    const long = "PAR_Anlage_Nord_Schwimmbad_Becken_2_Sommerbetrieb_2026_Version_final_final2.txt";
    await putOnCard(page, { [long]: "P0001\r\n1\r\n" });
    await compareButton(page).click();
    await expect(cardWarnings(page)).toContainText(`${long}: other PAR files on the card`);
    expect(await cutOnScreen(cardWarnings(page))).toEqual([]);
  });
});

test("without folder access the card's PAR.txt is picked as a file, and the download is the way onto the card", async ({
  page,
}) => {
  await openSite(page, "no-folder-access");
  await expect(writeButton(page)).toHaveCount(0);
  await expect(page.getByText("This browser cannot write to the card. Download PAR.txt")).toBeVisible();
  const chooser = page.waitForEvent("filechooser");
  await compareButton(page).click();
  await (
    await chooser
  ).setFiles({
    name: "PAR.txt",
    mimeType: "text/plain",
    buffer: Buffer.from(cardWithThreeDifferences((await expectedCrlf()).toString("utf8"))),
  });
  await expect(summary(page)).toHaveText("1 changed, 1 added, 1 removed, 7 unchanged");
});

/** Downloads the card's previous PAR.txt from the record open on screen. */
async function downloadPrevious(page: Page): Promise<string> {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download the card's previous PAR.txt" }).click();
  return (await readFile((await (await download).path())!)).toString("utf8");
}

test("write: PAR.txt on the card holds exactly the expected bytes, verified, with its SHA-256; a double tap writes once, and its record keeps the card's PAR.txt from before and what the write changed", async ({
  page,
}) => {
  await openSite(page);
  const previous = cardWithThreeDifferences((await expectedCrlf()).toString("utf8"));
  await putOnCard(page, { "PAR.txt": previous });
  // Both clicks at once, before the button can show it is busy: a double-click, a bouncing mouse button.
  await writeButton(page).dblclick();

  const expected = await expectedCrlf();
  await expect(verifiedStatus(page)).toBeVisible();
  await expect(verifiedStatus(page).getByTestId("card-sha256")).toHaveText(
    `SHA-256 ${createHash("sha256").update(expected).digest("hex")}`,
  );
  await expect(verifiedStatus(page)).toContainText("Eject the card safely");
  expect((await cardFileBytes(page, "PAR.txt")).equals(expected)).toBe(true);
  // Nothing but PAR.txt: the old file is kept in the app, not as a copy on the card.
  expect(await cardFileNames(page)).toEqual(["PAR.txt"]);
  await expect(summary(page)).toHaveText("The card already holds exactly this PAR.txt.");

  // The write is in the service records, once, with what it changed on the card (written after the card, so wait).
  await expect(page.getByText("Added to the service records.")).toBeVisible();
  await page.goto("/records");
  await expect(page.getByTestId("service-record")).toHaveCount(1);
  await expect(page.getByTestId("service-record")).toContainText("Written and verified to the card");
  await page.getByTestId("service-record").getByRole("link").first().click();
  // What "Write the previous PAR.txt back" would put on the card: the PAR.txt the card held, not the new one.
  expect(await downloadPrevious(page)).toBe(previous);
  // The record shows, code by code, what the write changed on the card: the code the unit lost (P0999) too.
  await page.getByRole("link", { name: "See code by code what the write changed" }).click();
  await expect(page.getByRole("heading", { name: "What the write changed on the card", level: 1 })).toBeVisible();
  await expect(page.getByTestId("records-compare-summary")).toHaveText("1 changed, 1 added, 1 removed, 7 unchanged");
  const changes = page.getByRole("table", { name: "PAR.txt written to the card compared with the one it held before" });
  await expect(changes.getByRole("row").filter({ hasText: "P0999" })).toContainText("not in the PAR.txt written");
});

/**
 * From the records list (/records open), the nth newest record of a verified write (0: the newest): its previous
 * PAR.txt as the record page names it and downloads it.
 */
async function verifiedRecordsPrevious(page: Page, nth = 0) {
  await page
    .getByTestId("service-record")
    .filter({ hasText: "Written and verified to the card" })
    .nth(nth)
    .getByRole("link")
    .first()
    .click();
  const section = page.locator("section[aria-labelledby=card-comparison-title]");
  await expect(section).toContainText("The card's previous PAR.txt:");
  return { section, bytes: await downloadPrevious(page) };
}

test("write back: refused for a previous PAR.txt with NUL bytes (kept with a note) and for a second tap's write (the same file); PAR.txt beside par.TXT is the one written, and both are named", async ({
  page,
}) => {
  await openSite(page);
  const written = await expectedCrlf();

  await test.step("PAR.txt beside par.TXT, with NUL bytes: PAR.txt is the one written and replaced, both are named", async () => {
    const withNul = [..."P0001\r\nOLD\r\n"].map((c) => c.charCodeAt(0)).concat([0, 0, 0, 0]);
    await putOnCard(page, { "par.TXT": "P0001\r\nOLD\r\n", "PAR.txt": withNul });
    await writeButton(page).click();
    await expect(verifiedStatus(page)).toBeVisible();
    expect((await cardFileBytes(page, "PAR.txt")).equals(written)).toBe(true);
    await expect(cardWarnings(page)).toContainText(
      "PAR.txt and par.TXT: the card holds PAR files whose names differ only in case",
    );
  });

  await test.step("a second tap: a write to a card that holds the new PAR.txt already", async () => {
    // A look at the card first ends the verified write's status, so the second write's shows when it is done.
    await compareButton(page).click();
    await expect(verifiedStatus(page)).toHaveCount(0);
    await writeAgain(page);
    await expect(verifiedStatus(page)).toBeVisible();
  });

  await test.step("the second tap's record is not 'rolled back' to the same file", async () => {
    await page.goto("/records");
    await verifiedRecordsPrevious(page, 0);
    await writeBackButton(page).click();
    const sameFile = cardTexts.writeBackRefusals.sameFile(written.length);
    await refusalDialog(page).getByRole("button", { name: "Details" }).click();
    await expect(refusalDialog(page)).toContainText(
      `${sameFile.verdict}${sameFile.explanation}Details${sameFile.details}`,
    );
    expect((await cardFileBytes(page, "PAR.txt")).equals(written)).toBe(true);
  });

  await test.step("a previous PAR.txt with NUL bytes and no unfinished write known is kept with a note and never written back", async () => {
    // Back to the records list (the refusal goes with the record it was on).
    await page.goBack();
    const { section } = await verifiedRecordsPrevious(page, 1);
    await expect(section).toContainText("The card's previous PAR.txt: 16 bytes");
    await expect(section).toContainText(cardTexts.previousNotWhole);
    await writeBackButton(page).click();
    await expect(refusalDialog(page)).toContainText(cardTexts.writeBackRefusals.previousNotWhole.verdict);
    expect((await cardFileBytes(page, "PAR.txt")).equals(written)).toBe(true);
  });
});

// Failure is never a success: each way a write can fail ends in an alert that says what the card holds now, and
// "verified" appears nowhere. What the card holds depends on the step that failed: its PAR.txt can change only from
// close() on. One failure per step, not one per error: each error's words and what it leaves at each step are the
// unit tests' (test/unit/card/cardFolder.test.ts, cardFailures.test.ts), a card that stops answering included.
test("write: a failure before close() says the card is unchanged, and it is (a refused permission, a folder named PAR.txt, a full card, a write-protected one); other bytes read back may be incomplete; with storage full, a reload offer names what it would lose", async ({
  page,
}) => {
  await openSite(page);

  await test.step("a refused permission", async () => {
    await injectCardFault(page, "picker", "NotAllowedError");
    await writeButton(page).click();
    await expect(unchangedAlert(page)).toContainText(
      "The browser was not allowed to use the card folder (permission refused).",
    );
    await expect(page.getByText(/verified/i)).toHaveCount(0);
  });

  await test.step("a folder named PAR.txt is named in the technician's words, and nothing is written", async () => {
    await putOnCard(page, { "PAR.txt": null });
    await compareButton(page).click();
    const folderNamed = "The card has a folder named PAR.txt where the file PAR.txt should be";
    await expect(cardWarnings(page)).toContainText(folderNamed);
    await expect(page.getByText(/not an entry of requested type/)).toHaveCount(0);

    await writeButton(page).click();
    await expect(unchangedAlert(page)).toContainText(folderNamed);
    await expect(page.getByText(/not an entry of requested type/)).toHaveCount(0);
    expect(await cardFileNames(page)).toEqual(["PAR.txt"]);
  });

  await test.step("a full card without PAR.txt is said to have none still, never to hold the PAR.txt it had", async () => {
    await putOnCard(page, { "log.txt": "unit 1 log\r\n" }, { replace: true });
    await injectCardFault(page, "write", "QuotaExceededError");
    await writeButton(page).click();
    await expect(unchangedAlert(page)).toContainText("The card is full.");
    await expect(unchangedAlert(page)).toContainText(cardTexts.stillNoParFile);
    await expect(unchangedAlert(page)).not.toContainText(cardTexts.stillHoldsParFile);
    await expect(unchangedAlert(page)).not.toContainText("the PAR.txt it had");
    await expect(page.getByText(/verified/i)).toHaveCount(0);
    expect(await cardFileNames(page)).toEqual(["log.txt"]);
  });

  await test.step("a write-protected card (from createWritable()) still holds its PAR.txt", async () => {
    await putOnCard(page, { "PAR.txt": "P0001\r\nOLD\r\n" });
    await injectCardFault(page, "createWritable", "NoModificationAllowedError");
    await writeButton(page).click();
    const alert = unchangedAlert(page);
    await expect(alert).toContainText("The card is write-protected");
    await expect(alert).toContainText(cardTexts.stillHoldsParFile);
    await expect(alert).not.toContainText("incomplete");
    await expect(alert.getByRole("button", { name: "Save the card's previous PAR.txt" })).toHaveCount(0);
    await expect(page.getByText(/verified/i)).toHaveCount(0);
    expect((await cardFileBytes(page, "PAR.txt")).toString("utf8")).toBe("P0001\r\nOLD\r\n");
  });

  await test.step("a read-back that gives other bytes: the card's PAR.txt may be incomplete", async () => {
    await injectCardFault(page, "readBackOtherBytes");
    await writeButton(page).click();
    await expect(mayBeIncompleteAlert(page)).toContainText("Reading PAR.txt back gave other bytes than were written");
    await expect(page.getByText(/verified/i)).toHaveCount(0);
  });

  await test.step("with storage full, a reload offer names what a reload would lose of the card: its previous PAR.txt and the unfinished write", async () => {
    await putOnCard(page, { "PAR.txt": "P0001\r\nOLD\r\n" });
    // The records' and the card's databases refuse every write (a record is the biggest write: it fills up first).
    await page.evaluate(() => {
      const store = IDBObjectStore.prototype;
      const put = store.put;
      store.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore["put"]>) {
        if (this.transaction.db.name !== "technician-toolbox") {
          throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
        }
        return put.apply(this, args);
      };
    });
    await injectCardFault(page, "afterClose", "NotFoundError");
    await writeButton(page).click();
    await expect(mayBeIncompleteAlert(page)).toContainText("The card is no longer there (was it removed?).");

    // The error screen's Reload is one of the app's reload offers (the new version's is the other).
    await page.evaluate(async () => {
      const unknownRequest = new FormData();
      unknownRequest.set("intent", "no-such-intent");
      const router = (window as unknown as { __remixRouter: { navigate: (...args: unknown[]) => Promise<void> } })
        .__remixRouter;
      await router.navigate("/files", { formMethod: "post", formData: unknownRequest });
    });
    const broken = page.getByRole("alert").filter({ hasText: "Something went wrong on this screen" });
    await expect(broken).toContainText(
      "A reload now loses what this tab could not store: the card's PAR.txt from before the failed write (12 bytes: Save the card's previous PAR.txt first); the note that a write to the card did not finish (the card's PAR.txt may be incomplete).",
    );
  });
});

test("write: a card removed after the write, before the read-back, is written but not verified, and kept as a service record of its own, linked from the alert", async ({
  page,
}) => {
  await openSite(page);
  await putOnCard(page, { "PAR.txt": "P0001\r\nOLD\r\n" });
  await injectCardFault(page, "readBack", "NotFoundError");
  await writeButton(page).click();
  const alert = page.getByRole("alert").filter({ hasText: "PAR.txt was written but could not be verified" });
  await expect(alert).toContainText(cardTexts.afterWrite["written-unverified"].advice);
  await expect(alert.getByRole("button", { name: "Save the card's previous PAR.txt" })).toBeVisible();
  expect((await cardFileBytes(page, "PAR.txt")).equals(await expectedCrlf())).toBe(true);
  await expect(alert).toContainText("A service record of this write is kept: see the record.");
  await alert.getByRole("link", { name: "see the record" }).click();

  // The record holds what went in, the PAR.txt written and the card's PAR.txt from before, and says it is unverified.
  await expect(page.getByText("Written to the card, not verified")).toBeVisible();
  await expect(page.getByText("Written and verified to the card")).toHaveCount(0);
  await expect(page.getByTestId("par-sha256")).toHaveText(
    createHash("sha256")
      .update(await expectedCrlf())
      .digest("hex"),
  );
  await expect(page.getByText("The card's previous PAR.txt: 12 bytes")).toBeVisible();
  expect(await downloadPrevious(page)).toBe("P0001\r\nOLD\r\n");

  await page.goto("/records");
  await expect(page.getByTestId("service-record")).toHaveCount(1);
  await expect(page.getByTestId("service-record")).toContainText("Written to the card, not verified");
});

/** A write to a card holding an old PAR.txt, the card removed as the write closes: the alert it gives. */
/** `besides`: the card's other files (a unit's log), which tell one card from another in the same reader. */
async function writeCardRemovedAsItCloses(page: Page, besides: Record<string, string | null> = {}) {
  await openSite(page);
  await putOnCard(page, { "PAR.txt": "P0001\r\nOLD\r\n", ...besides });
  await injectCardFault(page, "afterClose", "NotFoundError");
  await writeButton(page).click();
  return mayBeIncompleteAlert(page);
}

// Which cards the tool tells apart after a cut write (an OS's own files, a repaired file system, cards of one unit
// type, another unit's card) is test/unit/card/unfinishedWrites.test.ts's; here, the journeys on the screen.
const unitLog = (unit: number) => `unit ${unit} log\r\n`.repeat(unit * 10);

/** The record's note on a previous PAR.txt an unfinished write may have left, whatever that write's time. */
const cannotTellCard = (() => {
  const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const at = new Date(2026, 10, 25, 13, 38);
  const note = escaped(cardTexts.cannotTellCard({ at, card: { folderName: "card" } }));
  return new RegExp(note.replace(escaped(unfinishedWriteTime(at)), ".+"));
})();

test("write: a card removed as the write closes may be incomplete: its previous PAR.txt is kept to save, its record refuses a write back on other bytes, and the retry's record refuses to write back the cut write's leftover, naming that write's record, which writes back the PAR.txt from before", async ({
  page,
}) => {
  const alert = await writeCardRemovedAsItCloses(page, { LOG: null });

  await test.step("the alert says the card may be incomplete, and its previous PAR.txt is kept to save", async () => {
    await expect(alert).toContainText("The card is no longer there (was it removed?).");
    await expect(alert).toContainText("The card's PAR.txt from before this write (12 bytes) is kept here");
    const download = page.waitForEvent("download");
    await alert.getByRole("button", { name: "Save the card's previous PAR.txt" }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toMatch(/^PAR before \d{4}-\d\d-\d\d \d\d\.\d\d\.txt$/);
    expect((await readFile((await saved.path())!)).toString("utf8")).toBe("P0001\r\nOLD\r\n");
    await expect(page.getByText(/verified/i)).toHaveCount(0);
  });

  await test.step("the write is kept as one that may be incomplete, and its write back is refused on other bytes", async () => {
    await expect(alert).toContainText("A service record of this write is kept: see the record.");
    // The card as a write cut short may leave it.
    await putOnCard(page, { "PAR.txt": "P0001\r\n" });
    await alert.getByRole("link", { name: "see the record" }).click();
    await expect(page.getByText("Written to the card, may be incomplete")).toBeVisible();

    await writeBackButton(page).click();
    const mayBeIncomplete = cardTexts.writeBackRefusals.otherParFile({ sha256: "", size: 0 }, "", null, true);
    await expect(refusalDialog(page)).toContainText(`${mayBeIncomplete.verdict}${mayBeIncomplete.explanation}`);
    expect((await cardFileBytes(page, "PAR.txt")).toString("utf8")).toBe("P0001\r\n");
    await refusalDialog(page).getByRole("button", { name: "Close", exact: true }).click();
  });

  const written = await expectedCrlf();
  await test.step("a retry on that card is verified", async () => {
    await backToFiles(page);
    await writeAgain(page);
    await expect(page.getByText("PAR.txt written to the card.")).toBeVisible();
    expect((await cardFileBytes(page, "PAR.txt")).equals(written)).toBe(true);
  });

  await test.step("the retry's record refuses to write back the 7 bytes the cut write left, naming that write's record", async () => {
    await page.goto("/records");
    // The cut write's record is there, as one that may be incomplete.
    await expect(
      page.getByTestId("service-record").filter({ hasText: "Written to the card, may be incomplete" }),
    ).toHaveCount(1);
    await verifiedRecordsPrevious(page);
    await writeBackButton(page).click();
    const mayBeLeftOver = cardTexts.writeBackRefusals.previousMayBeLeftOver({ time: "", label: "" });
    await expect(refusalDialog(page)).toContainText(`${mayBeLeftOver.verdict}${mayBeLeftOver.explanation}`);
    // Behind Details, the cut write's record by its time.
    await refusalDialog(page).getByRole("button", { name: "Details" }).click();
    await expect(refusalDialog(page)).toContainText(
      /unfinished write of the record of \d{1,2} \w{3} \d{4}, \d\d:\d\d:\d\d left/,
    );
    expect((await cardFileBytes(page, "PAR.txt")).equals(written)).toBe(true);
  });

  await test.step("the cut write's own record, linked from the refusal, puts back the PAR.txt from before it", async () => {
    await refusalDialog(page).getByRole("link", { name: "Open the record of that write" }).click();
    await expect(page.getByText("Written to the card, may be incomplete")).toBeVisible();
    await writeBackButton(page).click();
    await page
      .getByRole("dialog", { name: "Write the previous PAR.txt back to the card?" })
      .getByRole("button", { name: "Write it back" })
      .click();
    await expect(page.getByText(toastMessages.previousParFileWritten(12))).toBeVisible();
    expect((await cardFileBytes(page, "PAR.txt")).toString("utf8")).toBe("P0001\r\nOLD\r\n");
  });
});

test("write back: a cut write that left the new PAR.txt's full length with a zeroed tail: the retry's record says it cannot tell, and its write back is refused", async ({
  page,
}) => {
  await expect(await writeCardRemovedAsItCloses(page, { LOG: null })).toContainText(
    "A service record of this write is kept: see the record.",
  );
  // FAT after a pull: the file's size reached the card, its last clusters did not (they read as NUL).
  const written = await expectedCrlf();
  const zeroTail = [...written].map((byte, index) => (index >= 40 ? 0 : byte));
  await putOnCard(page, { "PAR.txt": zeroTail });
  await writeAgain(page);
  await expect(page.getByText("PAR.txt written to the card.")).toBeVisible();
  // The retry on the card the tool could not tell from the cut write's card ends its alert.
  await expect(page.getByRole("alert").filter({ hasText: "A write to the card did not finish" })).toHaveCount(0);

  await page.goto("/records");
  const { section, bytes } = await verifiedRecordsPrevious(page);
  await expect(section).toContainText(`The card's previous PAR.txt: ${written.length} bytes`);
  await expect(section).toContainText(cannotTellCard);
  expect([...Buffer.from(bytes, "utf8")]).toEqual(zeroTail);
  await writeBackButton(page).click();
  await expect(refusalDialog(page)).toContainText(
    cardTexts.writeBackRefusals.previousMayBeLeftOver({ time: "", label: "" }).verdict,
  );
  expect((await cardFileBytes(page, "PAR.txt")).equals(written)).toBe(true);
});

test("write: a retry that succeeded on a card the tool could not match to the unfinished write (its log grew meanwhile): the alert says how to end it, and its button ends it for good", async ({
  page,
}) => {
  await expect(await writeCardRemovedAsItCloses(page, { "log.txt": unitLog(1) })).toContainText(
    "A service record of this write is kept: see the record.",
  );
  // The same card, but the unit (or a look at it elsewhere) made its log longer: another fingerprint.
  await putOnCard(page, { "PAR.txt": "P0001\r\n", "log.txt": unitLog(1) + "more\r\n" });
  await writeAgain(page);
  await expect(page.getByText("PAR.txt written to the card.")).toBeVisible();
  const alert = page.getByRole("alert").filter({ hasText: "A write to the card did not finish" });
  // How to end the note is behind Details: a rare step, not what the alert says first.
  await expect(alert.getByText(cardTexts.unfinishedEndByHand)).toHaveCount(0);
  await alert.getByRole("button", { name: "Details" }).click();
  await expect(alert.getByText(cardTexts.unfinishedEndByHand)).toBeVisible();
  await alert.getByRole("button", { name: cardTexts.unfinishedEndButton }).click();
  await expect(alert).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("button", { name: "Write to SD card" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "A write to the card did not finish" })).toHaveCount(0);
  // Its record still keeps the card's PAR.txt from before it.
  await page.goto("/records");
  await expect(
    page.getByTestId("service-record").filter({ hasText: "Written to the card, may be incomplete" }),
  ).toHaveCount(1);
});

test("write: after a write that may be incomplete, the browser's storage cleared with /files open: the tab still knows that write, so the retry's record says its previous PAR.txt may be the cut leftover", async ({
  page,
  context,
}) => {
  await expect(await writeCardRemovedAsItCloses(page, { LOG: null })).toContainText(
    "A service record of this write is kept: see the record.",
  );
  await putOnCard(page, { "PAR.txt": "P0001\r\n" });
  // What "Clear browsing data" does while the page is open: the tab keeps its files and what it knows of the card.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Storage.clearDataForOrigin", { origin: new URL(page.url()).origin, storageTypes: "indexeddb" });
  await writeAgain(page);
  await expect(page.getByText("PAR.txt written to the card.")).toBeVisible();

  await page.goto("/records");
  const { section, bytes } = await verifiedRecordsPrevious(page);
  await expect(section).toContainText("The card's previous PAR.txt: 7 bytes");
  await expect(section).toContainText(cannotTellCard);
  expect(bytes).toBe("P0001\r\n");
});

test("write: a write that may be incomplete is still said after a reload and a good write of another card, and goes with its card's retry", async ({
  page,
}) => {
  await expect(await writeCardRemovedAsItCloses(page, { "log.txt": unitLog(1) })).toBeVisible();
  await putOnCard(page, { "PAR.txt": "P0001\r\n" });

  await page.reload();
  await expect(stat(page, "parameters")).toHaveText("9");
  const unfinished = page.getByRole("alert").filter({ hasText: "A write to the card did not finish" });
  // Which card and what to do first; what the tool keeps, and the record, behind Details.
  await expect(unfinished).toContainText(/Card folder card, .+: its PAR\.txt may be incomplete\./);
  await expect(unfinished.getByText(cardTexts.unfinishedWhatToDo)).toBeVisible();
  await unfinished.getByRole("button", { name: "Details" }).click();
  await expect(unfinished).toContainText(
    `${cardTexts.unfinishedKept(12)} ${cardTexts.failedWriteRecordKept} ${cardTexts.failedWriteRecordLink}.`,
  );

  // Unit 2's card, written and verified: unit 1's card is still to be written again.
  await putOnCard(page, { "PAR.txt": "P0001\r\nUNIT-2-OWN\r\n", "log.txt": unitLog(2) });
  await writeAgain(page);
  await expect(verifiedStatus(page)).toBeVisible();
  await expect(unfinished).toBeVisible();

  // Unit 1's card back, as the cut write left it.
  await putOnCard(page, { "PAR.txt": "P0001\r\n", "log.txt": unitLog(1) });
  await writeAgain(page);
  await expect(unfinished).toHaveCount(0);

  // The retry cannot tell unit 1's card from another of its type: its record keeps the leftover and says so.
  await page.goto("/records");
  const { section, bytes } = await verifiedRecordsPrevious(page);
  await expect(section).toContainText("The card's previous PAR.txt: 7 bytes");
  await expect(section).toContainText(cannotTellCard);
  expect(bytes).toBe("P0001\r\n");
});
