// Near-miss inputs on /files (docs/behaviour.md#near-miss-inputs): files that are almost right give the right
// PAR.txt, or a problem that must be confirmed, never a wrong PAR.txt taken at face value.
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "../test";
import { switchToCustomer } from "../../../app/lib/merger/customerMarkerNearMiss";
import { fileEntries, fileEntry, pickFolder, stat } from "../helpers";

const downloadButton = (page: Page) => page.getByRole("button", { name: "Download SD card file" });
const problemTable = (page: Page) => page.getByRole("table", { name: "Problems" });

async function downloadParFile(page: Page) {
  const downloadStarted = page.waitForEvent("download");
  await downloadButton(page).click();
  return readFile((await (await downloadStarted).path())!);
}

/** A picked folder "site" with these files (path inside it → bytes). */
async function siteFolder(files: Record<string, string | Uint8Array>): Promise<string> {
  const folder = join(await mkdtemp(join(tmpdir(), "near-miss-")), "site");
  for (const [path, content] of Object.entries(files)) {
    await mkdir(join(folder, path, ".."), { recursive: true });
    await writeFile(join(folder, path), content);
  }
  return folder;
}

test.beforeEach(async ({ page }) => {
  await page.goto("/files");
  await expect(page.getByRole("heading", { name: "SD card file merger" })).toBeVisible();
});

test("a value line that is a code of the set of another pattern: P0120 has no value, P012A = 5", async ({ page }) => {
  await pickFolder(
    page,
    await siteFolder({
      "Standard/std.txt": "P0120\r\n100\r\nP012A\r\n1\r\nP0130\r\n7\r\n",
      "KUNDESPEC/kunde.txt": "P0120\r\nP012A\r\n5\r\n",
    }),
  );
  await expect(fileEntries(page)).toHaveCount(2);
  await expect(
    fileEntry(page, "site/KUNDESPEC/kunde.txt").getByText(
      /^Line 1: code P0120 has no value: the next line, 2, is "P012A", a code of the set \(site\/Standard\/std\.txt line 3\)/,
    ),
  ).toBeVisible();
  await expect(stat(page, "problems")).toHaveText("1");
  await page.getByRole("checkbox", { name: "I have checked the 1 problem" }).check();
  expect((await downloadParFile(page)).toString("utf8")).toBe("P0120\r\n100\r\nP012A\r\n5\r\nP0130\r\n7\r\n");
});

test("Windows-1252 with „heiß“ (DF 93, valid UTF-8 by accident) is Windows-1252: the customer's values arrive", async ({
  page,
}) => {
  // "* Einstellung für Modus „heiß“", P002 Kälte, P003 Wärme, in Windows-1252.
  const customer = Buffer.concat([
    Buffer.from("* Einstellung f\u00fcr Modus ", "latin1"),
    Buffer.from([0x84]),
    Buffer.from("hei\u00df", "latin1"),
    Buffer.from([0x93]),
    Buffer.from("\r\nP002\r\nK\u00e4lte\r\nP003\r\nW\u00e4rme\r\n", "latin1"),
  ]);
  await pickFolder(
    page,
    await siteFolder({
      "Standard/std.txt": "P001\r\n1\r\nP002\r\n2\r\nP003\r\n3\r\n",
      "KUNDESPEC/kunde.txt": customer,
    }),
  );
  await expect(fileEntries(page)).toHaveCount(2);
  const entry = fileEntry(page, "site/KUNDESPEC/kunde.txt");
  await expect(entry).toContainText("read as Windows-1252 (not UTF-8)");
  await expect(
    entry.getByText(/^Line 1: read as Windows-1252, though the bytes DF 93 are valid UTF-8 too/),
  ).toBeVisible();
  await expect(stat(page, "problems")).toHaveText("0");
  expect((await downloadParFile(page)).toString("utf8")).toBe("P001\r\n1\r\nP002\r\nKälte\r\nP003\r\nWärme\r\n");
});

test("a customer folder with a typo is named, counts as standard, and the problem switches it to Customer", async ({
  page,
}) => {
  await pickFolder(
    page,
    await siteFolder({ "Standard/std.txt": "P001\r\n1\r\nP002\r\n2\r\n", "KUNDENSPEC/kunde.txt": "P002\r\n22\r\n" }),
  );
  await expect(fileEntries(page)).toHaveCount(2);
  const path = "site/KUNDENSPEC/kunde.txt";
  await page.getByRole("tab", { name: /^Problems/ }).click();
  await expect(problemTable(page)).toContainText(
    `${path} counts as a standard file, but "KUNDENSPEC" in its path reads like a customer marker (KUNDESPEC misspelled)`,
  );
  await expect(downloadButton(page)).toBeDisabled();

  await problemTable(page)
    .getByRole("button", { name: switchToCustomer.label(path) })
    .click();
  await expect(fileEntry(page, path).getByText("Customer", { exact: true })).toBeVisible();
  await expect(stat(page, "problems")).toHaveText("0");
  expect((await downloadParFile(page)).toString("utf8")).toBe("P001\r\n1\r\nP002\r\n22\r\n");
});

test("a copy of an old PAR.txt is the merged-PAR problem; deleted, the standard value is back", async ({ page }) => {
  const copy = "site/KUNDESPEC/PAR - Kopie.txt";
  await pickFolder(
    page,
    await siteFolder({
      "Standard/std.txt": "P001\r\n1\r\nP005\r\n20\r\n",
      "KUNDESPEC/kunde.txt": "P001\r\n7\r\n",
      "KUNDESPEC/PAR - Kopie.txt": "P001\r\n7\r\nP005\r\n10\r\n",
    }),
  );
  await expect(fileEntries(page)).toHaveCount(3);
  await expect(
    fileEntry(page, copy).getByText(new RegExp(`^${copy} is named like a copy of a merged PAR\\.txt`)),
  ).toBeVisible();
  // And its P001 again in the customer set, as its old values take part.
  await expect(stat(page, "problems")).toHaveText("2");
  await expect(downloadButton(page)).toBeDisabled();

  await page.getByRole("button", { name: `delete ${copy}` }).click();
  await expect(fileEntries(page)).toHaveCount(2);
  await expect(stat(page, "problems")).toHaveText("0");
  expect((await downloadParFile(page)).toString("utf8")).toBe("P001\r\n7\r\nP005\r\n20\r\n");
});
