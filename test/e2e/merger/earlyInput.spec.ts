import type { Page } from "@playwright/test";
import { expect, test } from "../test";
import { screenHeadings } from "../../../app/lib/shell/screenHeadings";
import { appStarted, fileEntries, fileEntry, holdAppStart, stat } from "../helpers";

// On a slow phone the painted page shows for seconds before the app has started. What the technician hands it
// then is kept and added once /files is up, not lost; and a file dropped where no drop zone is never makes the
// browser leave the app to show that file.

/** Drops files on the element: a drop the browser hands the page, with the files' own list. */
async function dropFiles(page: Page, selector: string, files: Record<string, string>) {
  const transfer = await page.evaluateHandle((named) => {
    const dropped = new DataTransfer();
    for (const [name, text] of Object.entries(named)) dropped.items.add(new File([text], name, { type: "text/plain" }));
    return dropped;
  }, files);
  await page.locator(selector).first().dispatchEvent("dragover", { dataTransfer: transfer });
  await page.locator(selector).first().dispatchEvent("drop", { dataTransfer: transfer });
}

// The router shows the files screen at /FILES (any case) and /Files/ too; the early input script took only
// /files, so what was pasted or dropped there was swallowed without a word.
for (const address of ["/files", "/FILES"])
  test(`a paste and a drop on ${address} before the app has started are added once it has`, async ({ page }) => {
    const release = await holdAppStart(page);
    await page.goto(address);
    await expect(page.getByRole("heading", { name: screenHeadings["/files"].title })).toBeVisible();
    await page.evaluate(() => {
      const clipboard = new DataTransfer();
      clipboard.setData("text/plain", "P0100\r\n7\r\n");
      document.body.dispatchEvent(new ClipboardEvent("paste", { clipboardData: clipboard, bubbles: true }));
    });
    await dropFiles(page, "main", { "PAR_early.txt": "P0200\r\n8\r\n" });
    release();
    await expect(fileEntry(page, "pasted-1.txt")).toBeVisible();
    await expect(fileEntry(page, "PAR_early.txt")).toBeVisible();
    await expect(fileEntries(page)).toHaveCount(2);
    await expect(stat(page, "parameters")).toHaveText("2");
  });

for (const address of ["/files", "/FILES", "/Files/"])
  test(`after the start, files dropped beside the drop zone on ${address} are added too`, async ({ page }) => {
    await page.goto(address);
    await appStarted(page);
    await expect(page.getByTestId("drop-zone")).toBeVisible();
    await dropFiles(page, "h1", { "PAR_beside.txt": "P0300\r\n9\r\n" });
    await expect(fileEntry(page, "PAR_beside.txt")).toBeVisible();
    await expect(stat(page, "parameters")).toHaveText("1");
  });

test("a file dropped on another screen, before or after the start, leaves the app where it was", async ({ page }) => {
  const release = await holdAppStart(page);
  await page.goto("/actions?code=17101");
  await expect(page.getByRole("heading", { name: screenHeadings["/actions"].title })).toBeVisible();
  const notHandled = () =>
    page.evaluate(() => {
      const dropped = new DataTransfer();
      dropped.items.add(new File(["P1\r\n1\r\n"], "PAR.txt", { type: "text/plain" }));
      // A drop the page does not take (default not prevented) is one the browser opens in place of the app.
      return document.body.dispatchEvent(
        new DragEvent("drop", { dataTransfer: dropped, bubbles: true, cancelable: true }),
      );
    });
  expect(await notHandled()).toBe(false);
  release();
  await appStarted(page);
  await expect(page.getByTestId("unit-code")).toHaveText("17101");
  expect(await notHandled()).toBe(false);
  // Nothing waits to be added when /files opens.
  await page.getByRole("link", { name: "SD Card Files" }).first().click();
  await expect(page.getByTestId("drop-zone")).toBeVisible();
  await expect(fileEntries(page)).toHaveCount(0);
});
