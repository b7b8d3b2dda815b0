import { expect, test } from "../test";
import { fileEntries, pickFiles } from "../helpers";

const parameterFile = (name: string, parameterCount: number) => ({
  name,
  mimeType: "text/plain",
  buffer: Buffer.from(
    Array.from({ length: parameterCount }, (_, index) => `P${String(index).padStart(6, "0")}\r\n${index}\r\n`).join(""),
  ),
});

test("a set past what the device can merge is refused before reading, and the list stays as it was", async ({
  page,
}) => {
  // A device that says it has 1/128 GB: the limit is 8.4 MB / 16 ≈ 0.5 MB.
  await page.addInitScript(() => Object.defineProperty(navigator, "deviceMemory", { value: 1 / 128 }));
  await page.goto("/files");
  await pickFiles(page, [parameterFile("small.txt", 100)]);
  await expect(fileEntries(page)).toHaveCount(1);

  await pickFiles(page, [parameterFile("big.txt", 40_000)]);
  await expect(page.getByText("The set is too big for this device.")).toBeVisible();
  await expect(page.getByText(/^Nothing added: 0\.6 MB with these files; this device takes 0\.5 MB\./)).toBeVisible();
  await expect(fileEntries(page)).toHaveCount(1);
  await page.reload();
  await expect(fileEntries(page)).toHaveCount(1);
});

test("after a visit that ended while files were loading, the list is as it was before them", async ({ page }) => {
  // Stands in for a tab that crashed while the worker read a set: the worker stops answering when told to.
  await page.addInitScript(() => {
    const prototype = Worker.prototype as { postMessage: (...args: unknown[]) => void };
    const postMessage = prototype.postMessage;
    prototype.postMessage = function (this: Worker, ...args: unknown[]) {
      if (!(window as unknown as { stopMergeWorker?: boolean }).stopMergeWorker) postMessage.apply(this, args);
    };
  });
  await page.goto("/files");
  await pickFiles(page, [parameterFile("kept.txt", 10)]);
  await expect(fileEntries(page)).toHaveCount(1);

  await page.evaluate(() => ((window as unknown as { stopMergeWorker?: boolean }).stopMergeWorker = true));
  await pickFiles(page, [parameterFile("huge.txt", 10)]);
  // The tab "ends" while the merge reads huge.txt: an add is stored only once the merge has read it.
  await expect(page.getByTestId("drop-zone")).toHaveAttribute("data-loading");
  await page.reload();

  await expect(fileEntries(page)).toHaveCount(1);
  await expect(page.getByTestId("file-path")).toHaveText(["kept.txt"]);
});
