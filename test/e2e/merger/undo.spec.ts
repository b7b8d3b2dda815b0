import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { secondTapWithinMs } from "../../../app/lib/shell/secondTap";
import { toastMessages } from "../../../app/lib/shell/toastMessages";
import { fileEntries, pickFiles } from "../helpers";

const textFile = (name: string, text: string) => ({ name, mimeType: "text/plain", buffer: Buffer.from(text) });
const notice = (page: Page, text: string) => page.locator(".mantine-Notification-root", { hasText: text });
const listedPaths = (page: Page) => fileEntries(page).getByTestId("file-path").allInnerTexts();
const deleteAllButton = (page: Page) => page.getByRole("button", { name: "Delete all" });

/** PAR.txt as the technician downloads it, after ticking the problems checked. */
async function downloadParFile(page: Page) {
  const checked = page.getByRole("checkbox", { name: /^I have checked the/ });
  if ((await checked.count()) > 0) await checked.check();
  const downloadStarted = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download SD card file" }).click();
  return (await readFile(await (await downloadStarted).path())).toString("utf8");
}

/** Picks a.txt, b.txt and c.txt with these parameter texts, in that order, and waits until all three are listed. */
async function pickAbc(page: Page, [a, b, c]: [string, string, string]) {
  await pickFiles(page, [textFile("a.txt", a), textFile("b.txt", b), textFile("c.txt", c)]);
  await expect(fileEntries(page)).toHaveCount(3);
}

/** Taps Undo on the notice that says `text`. */
const undoOn = (page: Page, text: string) => notice(page, text).getByRole("button", { name: "Undo" }).click();

test.beforeEach(async ({ page }) => {
  await page.goto("/files");
  await expect(page.getByRole("heading", { name: "SD card file merger" })).toBeVisible();
});

test("Undo of a delete, then Undo of Delete all, gives the list as it was and PAR.txt its value (J2)", async ({
  page,
}) => {
  await pickAbc(page, ["P001\r\n1\r\nP009\r\n9\r\n", "P001\r\n2\r\n", "P003\r\n3\r\n"]);
  const before = await downloadParFile(page);
  expect(before).toBe("P001\r\n2\r\nP009\r\n9\r\nP003\r\n3\r\n");

  await page.getByRole("button", { name: "delete a.txt" }).click();
  await expect(fileEntries(page)).toHaveCount(2);
  await deleteAllButton(page).click();
  await expect(page.getByText("No files added yet.")).toBeVisible();
  await undoOn(page, "a.txt deleted.");
  await expect(fileEntries(page)).toHaveCount(1);
  // At a hand's pace: within a double-click's time of the first Undo, a tap on another is that double tap's (K4).
  await page.waitForTimeout(secondTapWithinMs);
  await undoOn(page, "All files deleted.");
  await expect(fileEntries(page)).toHaveCount(3);
  expect(await listedPaths(page)).toEqual(["a.txt", "b.txt", "c.txt"]);
  expect(await downloadParFile(page)).toBe(before);
});

test("Undo of the first of two Delete alls brings back the first unit's files, not the later one's (J4)", async ({
  page,
}) => {
  await pickFiles(page, [textFile("unit1-a.txt", "P001\r\n1\r\n"), textFile("unit1-b.txt", "P002\r\n2\r\n")]);
  await expect(fileEntries(page)).toHaveCount(2);
  await deleteAllButton(page).click();
  await expect(page.getByText("No files added yet.")).toBeVisible();
  await pickFiles(page, [textFile("x.txt", "P009\r\n9\r\n")]);
  await expect(fileEntries(page)).toHaveCount(1);
  // A second Delete all at a hand's pace, not a double tap.
  await page.waitForTimeout(secondTapWithinMs);
  await deleteAllButton(page).click();
  await expect(page.getByText("No files added yet.")).toBeVisible();
  await expect(notice(page, "All files deleted.")).toHaveCount(2);

  await notice(page, "All files deleted.").first().getByRole("button", { name: "Undo" }).click();
  await expect(fileEntries(page)).toHaveCount(2);
  expect(await listedPaths(page)).toEqual(["unit1-a.txt", "unit1-b.txt"]);
  expect(await downloadParFile(page)).toBe("P001\r\n1\r\nP002\r\n2\r\n");
});

test("a later delete takes the Undo of the earlier one, and its notice says so (J1)", async ({ page }) => {
  await pickAbc(page, ["P001\r\n1\r\n", "P002\r\n2\r\n", "P003\r\n3\r\n"]);
  await page.getByRole("button", { name: "delete a.txt" }).click();
  await expect(fileEntries(page)).toHaveCount(2);
  await page.getByRole("button", { name: "delete b.txt" }).click();
  await expect(fileEntries(page)).toHaveCount(1);
  const earlier = notice(page, "a.txt deleted.");
  await expect(earlier).toContainText(
    "a.txt deleted. Undo brings back only the last file deleted, and b.txt was deleted after it: to use a.txt again, add it again.",
  );
  await expect(earlier.getByRole("button", { name: "Undo" })).toHaveCount(0);
  await undoOn(page, "b.txt deleted.");
  await expect(fileEntries(page)).toHaveCount(2);
  expect(await listedPaths(page)).toEqual(["b.txt", "c.txt"]);
});

test("delete c, Delete all, Undo c, Delete all again, then the two Undos: a, b, c and PAR.txt as before (K1)", async ({
  page,
}) => {
  await pickAbc(page, ["P001\r\n1\r\n", "P002\r\n2\r\n", "P001\r\n3\r\n"]);
  const before = await downloadParFile(page);
  expect(before).toBe("P001\r\n3\r\nP002\r\n2\r\n");

  await page.getByRole("button", { name: "delete c.txt" }).click();
  await expect(fileEntries(page)).toHaveCount(2);
  await deleteAllButton(page).click();
  await expect(page.getByText("No files added yet.")).toBeVisible();
  await undoOn(page, "c.txt deleted.");
  await expect(fileEntries(page)).toHaveCount(1);
  // The second Delete all and each Undo at a hand's pace, not a double tap.
  await page.waitForTimeout(secondTapWithinMs);
  await deleteAllButton(page).click();
  await expect(page.getByText("No files added yet.")).toBeVisible();
  await expect(notice(page, "All files deleted.")).toHaveCount(2);
  await page.waitForTimeout(secondTapWithinMs);
  await notice(page, "All files deleted.").first().getByRole("button", { name: "Undo" }).click();
  await expect(fileEntries(page)).toHaveCount(2);
  await page.waitForTimeout(secondTapWithinMs);
  await undoOn(page, "All files deleted.");
  await expect(fileEntries(page)).toHaveCount(3);
  expect(await listedPaths(page)).toEqual(["a.txt", "b.txt", "c.txt"]);
  await expect(page.getByText(/at the end of the list/)).toHaveCount(0);
  expect(await downloadParFile(page)).toBe(before);
});

for (const gapMs of [300, 450]) {
  test(`a slow double tap (${gapMs} ms) on one notice's Undo does not press the Undo that slides into its place (K4)`, async ({
    page,
  }) => {
    await pickAbc(page, ["P001\r\n1\r\n", "P002\r\n2\r\n", "P003\r\n3\r\n"]);
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
