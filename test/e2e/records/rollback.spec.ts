// Roll back a card write, the card folder stubbed by a folder of the origin private file system (as in card.spec.ts).
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
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
  await expect(question).toContainText("The card holds the PAR.txt this record wrote");
  await expect(question).toContainText("stays kept with this record");
  // Asking changed nothing yet.
  expect(await cardParFile(page)).toBe(written);
  await question.getByRole("button", { name: "Write it back" }).click();
  await expect(
    page.getByText("The card's previous PAR.txt is back on the card: 18 bytes written, read back and verified."),
  ).toBeVisible();
  await expect(page.getByText("The PAR.txt it replaced is the one this record wrote, still kept")).toBeVisible();
  expect(await cardParFile(page)).toBe(before);

  // Asked again (the technician is not sure it worked): the card is known to hold the previous PAR.txt already.
  await writeBackButton(page).click();
  await expect(page.getByRole("dialog", { name: "Nothing was written to the card" })).toContainText(
    "The card already holds this record's previous PAR.txt (18 bytes, the same SHA-256): it was written back already, or put back by hand.",
  );
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
  await expect(refusal).toContainText("The card's PAR.txt is not the one this record wrote: the card holds 31 bytes");
  await expect(refusal).toContainText("It is the PAR.txt of the record of 12 Mar 2025");
  await expect(refusal).toContainText("Unit B");
  await expect(refusal.getByRole("button", { name: "Write it back" })).toHaveCount(0);
  await refusal.getByRole("button", { name: "Close", exact: true }).click();
  expect(await cardParFile(page)).toBe(unitB);

  // A card changed by hand, that no record wrote.
  await putParFileOnCard(page, "P001\r\nBY-HAND\r\n");
  await writeBackButton(page).click();
  await expect(page.getByRole("dialog", { name: "Nothing was written to the card" })).toContainText(
    "It is another unit's card, or its PAR.txt was changed since. Nothing was written.",
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
  await expect(
    page.getByText(
      /^The card's previous PAR.txt was not written back\. The card's PAR.txt is not the one this record wrote/,
    ),
  ).toBeVisible();
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
  await expect(
    page.getByText(
      /^The card's previous PAR.txt was not written back\. The card's PAR.txt may be incomplete\. Reading PAR.txt back gave other bytes/,
    ),
  ).toBeVisible();
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
