// Roll back a card write, the card folder stubbed by a folder of the origin private file system (as in card.spec.ts).
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { restoreRecords } from "./backupFile";

test.slow();

const before = "P001\r\n1\r\nP002\r\n2\r\n";
const written = "P001\r\n1\r\nP002\r\n5\r\n";

async function cardParFile(page: Page) {
  return page.evaluate(async () => {
    const card = await (await navigator.storage.getDirectory()).getDirectoryHandle("card", { create: true });
    return (await (await card.getFileHandle("PAR.txt")).getFile()).text();
  });
}

test("a card write's record gives the card's previous PAR.txt as a file, or writes it back and reads it back", async ({
  page,
}) => {
  await page.addInitScript(() => {
    Object.assign(window, {
      showDirectoryPicker: async () =>
        (await navigator.storage.getDirectory()).getDirectoryHandle("card", { create: true }),
    });
  });
  await restoreRecords(page, test.info().outputPath("card.zip"), [
    { id: "write", label: "Fjordview pool 2", minute: 1, parText: written, previousText: before },
  ]);
  // The card as the write left it.
  await page.evaluate(async (text) => {
    const card = await (await navigator.storage.getDirectory()).getDirectoryHandle("card", { create: true });
    const writable = await (await card.getFileHandle("PAR.txt", { create: true })).createWritable();
    await writable.write(text);
    await writable.close();
  }, written);

  await page.goto("/records/write");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download the card's previous PAR.txt" }).click();
  expect((await readFile((await (await download).path())!)).toString("utf8")).toBe(before);

  await page.getByRole("button", { name: "Write the previous PAR.txt back to the card" }).click();
  await expect(
    page.getByText("The card's previous PAR.txt is back on the card: 18 bytes written, read back and verified."),
  ).toBeVisible();
  expect(await cardParFile(page)).toBe(before);
});

test("a write back that reads back other bytes says so", async ({ page }) => {
  await page.addInitScript(() => {
    Object.assign(window, {
      showDirectoryPicker: async () => {
        const card = await (await navigator.storage.getDirectory()).getDirectoryHandle("card", { create: true });
        return {
          kind: "directory",
          name: card.name,
          keys: () => card.keys(),
          queryPermission: async () => "granted",
          requestPermission: async () => "granted",
          getFileHandle: async (name: string, options?: FileSystemGetFileOptions) => {
            const file = await card.getFileHandle(name, options);
            return {
              kind: "file",
              name: file.name,
              getFile: async () => new File(["P0001\r\n9\r\n"], file.name),
              createWritable: () => file.createWritable(),
            };
          },
        };
      },
    });
  });
  await restoreRecords(page, test.info().outputPath("card.zip"), [
    { id: "write", label: "Fjordview pool 2", minute: 1, parText: written, previousText: before },
  ]);
  await page.goto("/records/write");
  await page.getByRole("button", { name: "Write the previous PAR.txt back to the card" }).click();
  await expect(
    page.getByText(/^The card's previous PAR.txt was not written back\. Reading PAR.txt back gave other bytes/),
  ).toBeVisible();
});
