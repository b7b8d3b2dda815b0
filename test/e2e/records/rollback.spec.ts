// Roll back a card write, the card folder stubbed by a folder of the origin private file system (as in card.spec.ts).
// One set of records restored, then each way a write back goes as a step: restoring records is most of the cost.
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "../test";
import { cardTexts } from "../../../app/lib/card/cardTexts";
import { toastMessages } from "../../../app/lib/shell/toastMessages";
import { restoreRecords } from "./backupFile";

test.slow();

const before = "P001\r\n1\r\nP002\r\n2\r\n";
const written = "P001\r\n1\r\nP002\r\n5\r\n";
const unitB = "P001\r\nUNIT-B-CONFIG\r\nP050\r\n50\r\n";
const writeBackButton = (page: Page) =>
  page.getByRole("button", { name: "Write the previous PAR.txt back to the card" });
const question = (page: Page) => page.getByRole("dialog", { name: "Write the previous PAR.txt back to the card?" });
const refusal = (page: Page) => page.getByRole("dialog", { name: "Nothing was written to the card" });
const failure = (page: Page) => page.getByRole("alert", { name: cardTexts.writeBackFailedTitle });
const notThisRecords = cardTexts.writeBackRefusals.otherParFile({ sha256: "", size: 0 }, "", null, false);

async function cardParFile(page: Page) {
  return page.evaluate(async () => {
    const card = await (await navigator.storage.getDirectory()).getDirectoryHandle("card", { create: true });
    return (await (await card.getFileHandle("PAR.txt")).getFile()).text();
  });
}

async function putParFileOnCard(page: Page, text: string) {
  await page.evaluate(async (text) => {
    const card = await (await navigator.storage.getDirectory()).getDirectoryHandle("card", { create: true });
    const writable = await (await card.getFileHandle("PAR.txt", { create: true })).createWritable();
    await writable.write(text);
    await writable.close();
  }, text);
}

/**
 * The picker hands out the private folder "card". Once readBackOtherBytes is set, the first getFile() after a write
 * closed (the write back's read-back) gives other bytes than were written.
 */
function stubCardFolder(page: Page) {
  return page.addInitScript(() => {
    const state = window as { readBackOtherBytes?: boolean; cardClosed?: boolean };
    const fileHandle = FileSystemFileHandle.prototype;
    const stream = FileSystemWritableFileStream.prototype;
    const [getFile, close] = [fileHandle.getFile, stream.close];
    Object.assign(stream, {
      async close(this: FileSystemWritableFileStream) {
        await close.call(this);
        state.cardClosed = true;
      },
    });
    Object.assign(fileHandle, {
      async getFile(this: FileSystemFileHandle) {
        if (!state.readBackOtherBytes || !state.cardClosed) return getFile.call(this);
        state.readBackOtherBytes = false;
        return new File(["P0001\r\n9\r\n"], this.name);
      },
    });
    Object.assign(window, {
      showDirectoryPicker: async () =>
        (await navigator.storage.getDirectory()).getDirectoryHandle("card", { create: true }),
    });
  });
}

test("a card write's record writes the card's previous PAR.txt back after a question, only onto the card that write left (never another unit's, nor one swapped after the question), gives it as a file, says when the read-back differs, and its label fits a phone", async ({
  page,
}) => {
  await stubCardFolder(page);
  await restoreRecords(page, test.info().outputPath("card.zip"), [
    { id: "write", label: "Fjordview pool 2", minute: 1, parText: written, previousText: before },
    { id: "unit-b", label: "Unit B", minute: 5, parText: unitB },
  ]);

  await test.step("another unit's card is never written back: the refusal names what the card holds, and the card is unchanged", async () => {
    // Unit B's card is in the reader now.
    await putParFileOnCard(page, unitB);
    await page.goto("/records/write");
    await writeBackButton(page).click();
    await expect(refusal(page)).toContainText(notThisRecords.verdict);
    await expect(refusal(page)).toContainText(/of 12 Mar 2025, .+ · Unit B: another unit's card, or a later write\./);
    // What the card holds, by size and SHA-256, is there behind Details.
    await expect(refusal(page).getByText(/The card holds 31 bytes/)).toHaveCount(0);
    await refusal(page).getByRole("button", { name: "Details" }).click();
    await expect(refusal(page).getByText(/The card holds 31 bytes/)).toBeVisible();
    await expect(refusal(page).getByRole("button", { name: "Write it back" })).toHaveCount(0);
    await refusal(page).getByRole("button", { name: "Close", exact: true }).click();
    expect(await cardParFile(page)).toBe(unitB);

    // A card changed by hand, that no record wrote.
    await putParFileOnCard(page, "P001\r\nBY-HAND\r\n");
    await writeBackButton(page).click();
    await expect(refusal(page)).toContainText(`${notThisRecords.verdict}${notThisRecords.explanation}`);
    await refusal(page).getByRole("button", { name: "Close", exact: true }).click();
    expect(await cardParFile(page)).toBe("P001\r\nBY-HAND\r\n");
  });

  await test.step("a card swapped after the question is still refused by the write itself", async () => {
    // The card as the write left it, when asked.
    await putParFileOnCard(page, written);
    await writeBackButton(page).click();
    await expect(question(page)).toBeVisible();
    await putParFileOnCard(page, "P001\r\nOTHER-UNIT\r\n");
    await question(page).getByRole("button", { name: "Write it back" }).click();
    await expect(page.getByText(toastMessages.previousParFileNotWritten(notThisRecords.verdict))).toBeVisible();
    // The whole refusal stays on the record once the toast has gone.
    await expect(failure(page)).toContainText(`${notThisRecords.verdict}${notThisRecords.explanation}`);
    expect(await cardParFile(page)).toBe("P001\r\nOTHER-UNIT\r\n");
  });

  await test.step("the card's previous PAR.txt is given as a file, or written back after a question", async () => {
    // The card as the write left it.
    await putParFileOnCard(page, written);
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download the card's previous PAR.txt" }).click();
    expect((await readFile((await (await download).path())!)).toString("utf8")).toBe(before);

    await writeBackButton(page).click();
    // The record's time stands in the text (as the browser's time zone gives it); the rest is the explanation's.
    for (const part of cardTexts.writeBackExplained(18, "\u0000").split("\u0000"))
      await expect(question(page)).toContainText(part);
    // Asking changed nothing yet.
    expect(await cardParFile(page)).toBe(written);
    await question(page).getByRole("button", { name: "Write it back" }).click();
    await expect(page.getByText(toastMessages.previousParFileWritten(18))).toBeVisible();
    await expect(page.getByText(toastMessages.previousParFileReplacedKept)).toBeVisible();
    expect(await cardParFile(page)).toBe(before);

    // Asked again (the technician is not sure it worked): the card is known to hold the previous PAR.txt already.
    await writeBackButton(page).click();
    const alreadyOnCard = cardTexts.writeBackRefusals.alreadyOnCard(18);
    await refusal(page).getByRole("button", { name: "Details" }).click();
    await expect(refusal(page)).toContainText(`${alreadyOnCard.verdict}Details${alreadyOnCard.details}`);
    await refusal(page).getByRole("button", { name: "Close", exact: true }).click();
    expect(await cardParFile(page)).toBe(before);
  });

  await test.step("a write back that reads back other bytes says the card's PAR.txt may be incomplete", async () => {
    await putParFileOnCard(page, written);
    await writeBackButton(page).click();
    await page.evaluate(() => Object.assign(window, { readBackOtherBytes: true, cardClosed: false }));
    await question(page).getByRole("button", { name: "Write it back" }).click();
    const mayBeIncomplete = `${cardTexts.afterWrite["may-be-incomplete"].title}.`;
    await expect(page.getByText(toastMessages.previousParFileNotWritten(mayBeIncomplete))).toBeVisible();
    await expect(failure(page)).toContainText(mayBeIncomplete);
    await expect(failure(page)).toContainText(/Reading PAR.txt back gave other bytes/);
    await expect(failure(page)).toContainText(cardTexts.writeBackMayHaveChanged);
  });

  await test.step("on a phone the write back's label fits (it wraps rather than being cut off)", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    // Polled: the page lays itself out for the phone's width after the resize.
    await expect
      .poll(() =>
        writeBackButton(page).evaluate((element) => {
          const label = element.querySelector(".mantine-Button-label") as HTMLElement;
          return {
            labelClipped: label.scrollWidth - label.clientWidth,
            pastTheEdge: element.getBoundingClientRect().right > window.innerWidth,
            viewport: window.innerWidth,
          };
        }),
      )
      .toEqual({ labelClipped: 0, pastTheEdge: false, viewport: 390 });
  });
});
