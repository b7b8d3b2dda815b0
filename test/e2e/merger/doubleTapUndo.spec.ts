import { expect, test, type Page } from "@playwright/test";
import { secondTapWithinMs } from "../../../app/lib/shell/secondTap";
import { toastMessages } from "../../../app/lib/shell/toastMessages";
import { fileEntries, pickFiles } from "../helpers";

const textFile = (name: string, text: string) => ({ name, mimeType: "text/plain", buffer: Buffer.from(text) });
const notice = (page: Page, text: string) => page.locator(".mantine-Notification-root", { hasText: text });

test.beforeEach(async ({ page }) => {
  await page.goto("/files");
  await expect(page.getByRole("heading", { name: "SD card file merger" })).toBeVisible();
});

for (const gapMs of [300, 450]) {
  test(`a slow double tap (${gapMs} ms) on one notice's Undo does not press the Undo that slides into its place (K4)`, async ({
    page,
  }) => {
    await pickFiles(page, [
      textFile("a.txt", "P001\r\n1\r\n"),
      textFile("b.txt", "P002\r\n2\r\n"),
      textFile("c.txt", "P003\r\n3\r\n"),
    ]);
    await expect(fileEntries(page)).toHaveCount(3);
    await page.getByRole("button", { name: "delete a.txt" }).click();
    await expect(fileEntries(page)).toHaveCount(2);
    await page.getByRole("button", { name: "Delete all" }).click();
    await expect(page.getByText("No files added yet.")).toBeVisible();
    const deletedAll = notice(page, toastMessages.deletedAll);
    await expect(deletedAll).toBeVisible();

    // Both taps where a.txt's Undo was: the first closes its notice and the Delete all notice slides up there.
    const undoOfA = notice(page, toastMessages.deletedOne("a.txt")).getByRole("button", { name: "Undo" });
    const box = (await undoOfA.boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.click(x, y);
    await page.waitForTimeout(gapMs);
    await page.mouse.click(x, y);

    await expect(fileEntries(page)).toHaveCount(1);
    await expect(deletedAll.getByRole("button", { name: "Undo" })).toBeVisible();
    // Past the double tap's time nothing else comes back: Delete all is undone only when its own Undo is tapped.
    await page.waitForTimeout(secondTapWithinMs);
    await expect(fileEntries(page)).toHaveCount(1);
    await deletedAll.getByRole("button", { name: "Undo" }).click();
    await expect(fileEntries(page)).toHaveCount(3);
  });
}
