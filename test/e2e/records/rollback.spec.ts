// Roll back a card write, the card folder stubbed by a folder of the origin private file system (as in card.spec.ts).
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "../test";
import { cardTexts } from "../../../app/lib/card/cardTexts";
import { toastMessages } from "../../../app/lib/shell/toastMessages";
import { restoreRecords } from "./backupFile";

test.slow();

const before = "P001\r\n1\r\nP002\r\n2\r\n";
const written = "P001\r\n1\r\nP002\r\n5\r\n";
const writeBackButton = (page: Page) =>
  page.getByRole("button", { name: "Write the previous PAR.txt back to the card" });

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

function stubCardFolder(page: Page) {
  return page.addInitScript(() => {
    Object.assign(window, {
      showDirectoryPicker: async () =>
        (await navigator.storage.getDirectory()).getDirectoryHandle("card", { create: true }),
    });
  });
}

test("a card write's record gives the card's previous PAR.txt as a file, or writes it back after a question", async ({
  page,
}) => {
  await stubCardFolder(page);
  await restoreRecords(page, test.info().outputPath("card.zip"), [
    { id: "write", label: "Fjordview pool 2", minute: 1, parText: written, previousText: before },
  ]);
  // The card as the write left it.
  await putParFileOnCard(page, written);

  await page.goto("/records/write");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download the card's previous PAR.txt" }).click();
  expect((await readFile((await (await download).path())!)).toString("utf8")).toBe(before);

  await writeBackButton(page).click();
  const question = page.getByRole("dialog", { name: "Write the previous PAR.txt back to the card?" });
  // The record's time stands in the text (as the browser's time zone gives it); the rest is the explanation's.
  for (const part of cardTexts.writeBackExplained(18, "\u0000").split("\u0000"))
    await expect(question).toContainText(part);
  // Asking changed nothing yet.
  expect(await cardParFile(page)).toBe(written);
  await question.getByRole("button", { name: "Write it back" }).click();
  await expect(page.getByText(toastMessages.previousParFileWritten(18))).toBeVisible();
  await expect(page.getByText(toastMessages.previousParFileReplacedKept)).toBeVisible();
  expect(await cardParFile(page)).toBe(before);

  // Asked again (the technician is not sure it worked): the card is known to hold the previous PAR.txt already.
  await writeBackButton(page).click();
  const alreadyOnCard = cardTexts.writeBackRefusals.alreadyOnCard(18);
  const refusal = page.getByRole("dialog", { name: "Nothing was written to the card" });
  await refusal.getByRole("button", { name: "Details" }).click();
  await expect(refusal).toContainText(`${alreadyOnCard.verdict}Details${alreadyOnCard.details}`);
  expect(await cardParFile(page)).toBe(before);
});

test("another unit's card is never written back: the refusal names what the card holds, and the card is unchanged", async ({
  page,
}) => {
  await stubCardFolder(page);
  const unitB = "P001\r\nUNIT-B-CONFIG\r\nP050\r\n50\r\n";
  await restoreRecords(page, test.info().outputPath("card.zip"), [
    { id: "unit-a", label: "Unit A", minute: 1, parText: written, previousText: before },
    { id: "unit-b", label: "Unit B", minute: 5, parText: unitB },
  ]);
  // Unit B's card is in the reader now.
  await putParFileOnCard(page, unitB);

  await page.goto("/records/unit-a");
  await writeBackButton(page).click();
  const refusal = page.getByRole("dialog", { name: "Nothing was written to the card" });
  const notThisRecords = cardTexts.writeBackRefusals.otherParFile({ sha256: "", size: 0 }, "", null, false);
  await expect(refusal).toContainText(notThisRecords.verdict);
  await expect(refusal).toContainText(/of 12 Mar 2025, .+ · Unit B: another unit's card, or a later write\./);
  // What the card holds, by size and SHA-256, is there behind Details.
  await expect(refusal.getByText(/The card holds 31 bytes/)).toHaveCount(0);
  await refusal.getByRole("button", { name: "Details" }).click();
  await expect(refusal.getByText(/The card holds 31 bytes/)).toBeVisible();
  await expect(refusal.getByRole("button", { name: "Write it back" })).toHaveCount(0);
  await refusal.getByRole("button", { name: "Close", exact: true }).click();
  expect(await cardParFile(page)).toBe(unitB);

  // A card changed by hand, that no record wrote.
  await putParFileOnCard(page, "P001\r\nBY-HAND\r\n");
  await writeBackButton(page).click();
  await expect(page.getByRole("dialog", { name: "Nothing was written to the card" })).toContainText(
    `${notThisRecords.verdict}${notThisRecords.explanation}`,
  );
  expect(await cardParFile(page)).toBe("P001\r\nBY-HAND\r\n");
});

test("a card swapped after the question is still refused by the write itself", async ({ page }) => {
  await stubCardFolder(page);
  await restoreRecords(page, test.info().outputPath("card.zip"), [
    { id: "write", label: "Fjordview pool 2", minute: 1, parText: written, previousText: before },
  ]);
  await putParFileOnCard(page, written);
  await page.goto("/records/write");
  await writeBackButton(page).click();
  const question = page.getByRole("dialog", { name: "Write the previous PAR.txt back to the card?" });
  await expect(question).toBeVisible();
  await putParFileOnCard(page, "P001\r\nOTHER-UNIT\r\n");
  await question.getByRole("button", { name: "Write it back" }).click();
  const notThisRecords = cardTexts.writeBackRefusals.otherParFile({ sha256: "", size: 0 }, "", null, false);
  await expect(page.getByText(toastMessages.previousParFileNotWritten(notThisRecords.verdict))).toBeVisible();
  // The whole refusal stays on the record once the toast has gone.
  const failure = page.getByRole("alert", { name: cardTexts.writeBackFailedTitle });
  await expect(failure).toContainText(`${notThisRecords.verdict}${notThisRecords.explanation}`);
  expect(await cardParFile(page)).toBe("P001\r\nOTHER-UNIT\r\n");
});

test("a write back that reads back other bytes says the card's PAR.txt may be incomplete", async ({ page }) => {
  await page.addInitScript(() => {
    let closed = false;
    Object.assign(window, {
      showDirectoryPicker: async () => {
        const card = await (await navigator.storage.getDirectory()).getDirectoryHandle("card", { create: true });
        return {
          kind: "directory",
          name: card.name,
          values: () => card.values(),
          queryPermission: async () => "granted",
          requestPermission: async () => "granted",
          getFileHandle: async (name: string, options?: FileSystemGetFileOptions) => {
            const file = await card.getFileHandle(name, options);
            return {
              kind: "file",
              name: file.name,
              getFile: async () => (closed ? new File(["P0001\r\n9\r\n"], file.name) : file.getFile()),
              createWritable: async () => {
                const writable = await file.createWritable();
                return {
                  write: (bytes: Uint8Array<ArrayBuffer>) => writable.write(bytes),
                  close: async () => {
                    await writable.close();
                    closed = true;
                  },
                  abort: () => writable.abort(),
                };
              },
            };
          },
        };
      },
    });
  });
  await restoreRecords(page, test.info().outputPath("card.zip"), [
    { id: "write", label: "Fjordview pool 2", minute: 1, parText: written, previousText: before },
  ]);
  await putParFileOnCard(page, written);
  await page.goto("/records/write");
  await writeBackButton(page).click();
  await page.getByRole("button", { name: "Write it back" }).click();
  const mayBeIncomplete = `${cardTexts.afterWrite["may-be-incomplete"].title}.`;
  await expect(page.getByText(toastMessages.previousParFileNotWritten(mayBeIncomplete))).toBeVisible();
  const failure = page.getByRole("alert", { name: cardTexts.writeBackFailedTitle });
  await expect(failure).toContainText(mayBeIncomplete);
  await expect(failure).toContainText(/Reading PAR.txt back gave other bytes/);
  await expect(failure).toContainText(cardTexts.writeBackMayHaveChanged);
});

test("on a phone the write back's label fits (it wraps rather than being cut off)", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await stubCardFolder(page);
  await restoreRecords(page, test.info().outputPath("card.zip"), [
    { id: "write", label: "Fjordview pool 2", minute: 1, parText: written, previousText: before },
  ]);
  await page.goto("/records/write");
  const button = writeBackButton(page);
  await expect(button).toBeVisible();
  const fit = await button.evaluate((element) => {
    const label = element.querySelector(".mantine-Button-label") as HTMLElement;
    return {
      labelClipped: label.scrollWidth - label.clientWidth,
      right: element.getBoundingClientRect().right,
      viewport: window.innerWidth,
    };
  });
  expect(fit.labelClipped).toBe(0);
  expect(fit.right).toBeLessThanOrEqual(fit.viewport);
});
