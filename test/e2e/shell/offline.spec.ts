import { readFile } from "node:fs/promises";
import { expect, test } from "../test";
import { fileEntry, fixtures, pickFilesInOrder, siteFiles } from "../helpers";

// The service worker answers here (offline use, the share target), so it runs, as in the technician's browser.
test.use({ serviceWorkers: "allow" });

test("after one visit every screen loads and works with the network off, merge and download included", async ({
  page,
  context,
}) => {
  await page.goto("/");
  await expect(page.getByText("Ready to work offline")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Ready to work offline")).toHaveCount(1);

  await context.setOffline(true);
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);

  await page.goto("/files");
  await expect(page.getByRole("heading", { name: "SD card file merger" })).toBeVisible();
  await page.goto("/actions?code=17235");
  await expect(page.getByTestId("unit-code")).toHaveText("17235");
  await page.reload();
  await expect(page.getByTestId("unit-code")).toHaveText("17235");
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Hi. Some usefull links" })).toBeVisible();

  await page.goto("/files");
  await pickFilesInOrder(page, siteFiles);
  const customerEntry = fileEntry(page, "kunde_1042.txt");
  await customerEntry.getByText("Customer", { exact: true }).click();
  await expect(page.getByTestId("stat-rewritten")).toHaveText("2");

  const downloadStarted = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download SD card file" }).click();
  const download = await downloadStarted;
  const bytes = await readFile((await download.path())!);
  expect(bytes.equals(await readFile(`${fixtures}/expected/PAR_site-1042.crlf.txt`))).toBe(true);
});
