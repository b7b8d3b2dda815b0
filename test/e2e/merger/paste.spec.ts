import type { Page } from "@playwright/test";
import { expect, test } from "../test";
import { screenHeadings } from "../../../app/lib/shell/screenHeadings";
import { toastMessages } from "../../../app/lib/shell/toastMessages";
import { appStarted, fileEntries, fileEntry, holdAppStart, stat } from "../helpers";

// Ctrl+V of cells copied from Excel (or a table from Word or OneNote) on Windows hands the page their text and a
// picture of them: the technician pasted the text, which is added as pasted text; the picture is not refused.

/** A paste of what copying two parameters' cells from Excel puts on the clipboard. */
async function pasteCellsFromExcel(page: Page) {
  await page.evaluate(() => {
    const clipboard = new DataTransfer();
    clipboard.setData("text/plain", "P0100\r\n7\r\nP0101\r\n8\r\n");
    clipboard.setData("text/html", "<table><tr><td>P0100</td></tr><tr><td>7</td></tr></table>");
    clipboard.items.add(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "image.png", { type: "image/png" }));
    document.body.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: clipboard, bubbles: true, cancelable: true }),
    );
  });
}

async function onlyTheTextIsAdded(page: Page) {
  await expect(fileEntry(page, "pasted-1.txt")).toBeVisible();
  await expect(fileEntries(page)).toHaveCount(1);
  await expect(stat(page, "parameters")).toHaveText("2");
  await expect(page.getByText(toastMessages.wrongFileFormat)).toHaveCount(0);
  await expect(page.getByTestId("not-added-notice")).toHaveCount(0);
}

test("cells pasted from Excel (their text and a picture of them) add the text as pasted-1.txt, and no picture is refused", async ({
  page,
}) => {
  await page.goto("/files");
  await appStarted(page);
  await pasteCellsFromExcel(page);
  await onlyTheTextIsAdded(page);
});

test("cells pasted from Excel before the app has started add the text once it has", async ({ page }) => {
  const release = await holdAppStart(page);
  await page.goto("/files");
  await expect(page.getByRole("heading", { name: screenHeadings["/files"].title })).toBeVisible();
  await pasteCellsFromExcel(page);
  release();
  await onlyTheTextIsAdded(page);
});
