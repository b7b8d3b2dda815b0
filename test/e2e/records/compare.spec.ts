// Restoring a backup, then several screens: more than the usual minute on a busy machine.
import { expect, test } from "../test";
import { seriousAccessibilityViolations } from "../helpers";
import { restoreRecords } from "./backupFile";

test.slow();

test("two picked records compare code by code, in the card comparison's table", async ({ page }) => {
  await restoreRecords(page, test.info().outputPath("two.zip"), [
    { id: "spring", label: "Fjordview pool 2", minute: 1, parText: "P001\r\n1\r\nP002\r\n2\r\nP003\r\n3\r\n" },
    { id: "other", label: "Lakeside 7", minute: 2, parText: "P009\r\n9\r\n" },
    { id: "autumn", label: "Fjordview pool 2", minute: 3, parText: "P001\r\n1\r\nP002\r\n5\r\nP004\r\n4\r\n" },
  ]);
  const compare = page.getByRole("link", { name: "Compare" });
  await expect(page.getByRole("button", { name: "Compare" })).toBeDisabled();
  const pick = (time: string) => page.getByRole("checkbox", { name: `Pick the record of ${time} to compare` });
  // The later one first: the comparison still reads earlier → later.
  await pick("12 Mar 2025, 13:03:00").check();
  await pick("12 Mar 2025, 13:01:00").check();
  await expect(pick("12 Mar 2025, 13:02:00")).toBeDisabled();
  await compare.click();

  await expect(page.getByRole("heading", { name: "Compare records", level: 1 })).toBeVisible();
  await expect(page.getByTestId("records-compare-summary")).toHaveText("1 changed, 1 added, 1 removed, 1 unchanged");
  const table = page.getByRole("table", { name: "Later record's PAR.txt compared with the earlier one" });
  await expect(
    table.getByRole("row", { name: /P002 2 differs from character 1 5 differs from character 1 changed/ }),
  ).toBeVisible();
  await expect(table.getByRole("row", { name: /P004 — 4 added/ })).toBeVisible();
  await expect(table.getByRole("row", { name: /P003 3 — removed not in the later PAR.txt/ })).toBeVisible();
  await expect(table.getByRole("row", { name: /P001 1 1 unchanged/ })).toBeVisible();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // On paper: the records named, the table; nothing to click.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByText("Earlier: 12 Mar 2025, 13:01:00 · Fjordview pool 2")).toBeVisible();
  await expect(page.getByText("Later: 12 Mar 2025, 13:03:00 · Fjordview pool 2")).toBeVisible();
  await expect(table).toBeVisible();
  await expect(page.getByRole("link")).toHaveCount(0);
  await expect(page.getByRole("button")).toHaveCount(0);
  await page.emulateMedia({ media: "screen" });

  await page.getByRole("link", { name: /12 Mar 2025, 13:01:00/ }).click();
  await expect(page.getByRole("heading", { name: "Service record", level: 1 })).toBeVisible();
});
