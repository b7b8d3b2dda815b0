import { expect, test } from "@playwright/test";
import { fileEntries, pickFiles } from "../helpers";

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
