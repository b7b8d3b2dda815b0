import { expect, test } from "../test";
import { fileEntries, fileEntry, pickFiles, stat } from "../helpers";

test("a 5 MB value line is shown shortened, and the whole value is there on demand", async ({ page }) => {
  const longValue = `${"7".repeat(150)}${"x".repeat(5_000_000)}`;
  await page.goto("/files");
  await pickFiles(page, [
    { name: "long.txt", mimeType: "text/plain", buffer: Buffer.from(`P001\r\n${longValue}\r\nP002\r\n2\r\n`) },
  ]);
  await expect(fileEntries(page)).toHaveCount(1);

  const table = page.getByRole("table", { name: "All parameters in PAR.txt order" });
  const row = table.getByRole("row").filter({ hasText: "P001" });
  await expect(row.getByText("… 4,999,950 more characters")).toBeVisible();
  // No cell lays out the megabytes: the page holds the value's start only.
  expect(await row.textContent()).not.toContain("x".repeat(300));

  const saved = page.waitForEvent("download");
  await row.getByText("… 4,999,950 more characters").click();
  const dialog = page.getByRole("dialog", { name: "Value" });
  await expect(dialog.getByText("5,000,150 characters; the first 20,000 are shown here.")).toBeVisible();
  await dialog.getByRole("button", { name: "Save as value.txt" }).click();
  const file = await saved;
  const bytes = await (await file.createReadStream()).toArray();
  expect(Buffer.concat(bytes).toString("utf8")).toBe(longValue);
});

test("the record of a set with 100,000 rewritten codes opens a page of rows at a time", async ({ page }) => {
  test.setTimeout(180_000);
  const codes = Array.from({ length: 100_000 }, (_, index) => `P${String(index).padStart(6, "0")}`);
  const standard = codes.map((code) => `${code}\r\n1\r\n`).join("");
  const customer = codes.map((code, index) => `${code}\r\n${index + 2}\r\n`).join("");
  await page.goto("/files");
  await pickFiles(page, [
    { name: "standard.txt", mimeType: "text/plain", buffer: Buffer.from(standard) },
    { name: "KUNDESPEC.txt", mimeType: "text/plain", buffer: Buffer.from(customer) },
  ]);
  await expect(page.getByTestId("stat-rewritten")).toHaveText("100,000");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download SD card file" }).click();
  await download;
  await expect(page.getByText("Added to the service records.")).toBeVisible({ timeout: 60_000 });

  await page.goto("/records");
  await page.getByTestId("service-record").getByRole("link").click();
  const rewritten = page.getByRole("table", { name: "Rewritten (100,000)" });
  await expect(rewritten.getByRole("row")).toHaveCount(101, { timeout: 60_000 });
  await expect(page.getByText("Rows 1–100 of 100,000")).toBeVisible();
  await page
    .getByRole("navigation", { name: "Pages of Rewritten" })
    .getByRole("button", { name: "2", exact: true })
    .click();
  await expect(page.getByText("Rows 101–200 of 100,000")).toBeVisible();
  await expect(rewritten.getByRole("row").nth(1)).toContainText("P000100");
});

test("a list of 300 files holds the entries in view, and scrolling reaches and deletes the last", async ({ page }) => {
  const fileCount = 300;
  await page.goto("/files");
  await pickFiles(
    page,
    Array.from({ length: fileCount }, (_, index) => ({
      name: `PAR_${String(index + 1).padStart(3, "0")}.txt`,
      mimeType: "text/plain",
      buffer: Buffer.from(`P${index + 1}\r\n${index}\r\n`),
    })),
  );
  await expect(stat(page, "parameters")).toHaveText("300");
  await expect(page.getByText(`Added files (${fileCount})`)).toBeVisible();
  const drawn = await fileEntries(page).count();
  expect(drawn).toBeGreaterThan(0);
  expect(drawn).toBeLessThan(60);
  await expect(fileEntry(page, "PAR_001.txt")).toBeVisible();
  // A screen reader hears the whole list's size and each entry's place, though few entries are drawn.
  await expect(fileEntries(page).first()).toHaveAttribute("aria-setsize", String(fileCount));
  await expect(fileEntries(page).first()).toHaveAttribute("aria-posinset", "1");

  // A print gets every entry, and the screen goes back to the entries in view after it.
  await page.evaluate(() => window.dispatchEvent(new Event("beforeprint")));
  await expect(fileEntries(page)).toHaveCount(fileCount);
  await expect(fileEntries(page).last()).toContainText("PAR_300.txt");
  await page.evaluate(() => window.dispatchEvent(new Event("afterprint")));
  await expect.poll(() => fileEntries(page).count()).toBeLessThan(60);

  // The page scrolls to the list's end: the last entry is drawn there, numbered as the 300th.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const last = fileEntry(page, "PAR_300.txt");
  await expect(last).toBeVisible();
  await expect(last).toHaveAttribute("aria-posinset", "300");
  await expect(last.getByText("300.", { exact: true })).toBeVisible();
  await last.getByRole("button", { name: "delete PAR_300.txt" }).click();
  await expect(page.getByText(`Added files (${fileCount - 1})`)).toBeVisible();
  await expect(stat(page, "parameters")).toHaveText("299");
  await expect(fileEntry(page, "PAR_300.txt")).toHaveCount(0);
});
