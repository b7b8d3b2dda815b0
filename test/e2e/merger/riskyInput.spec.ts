// Risky input on /files: every case here once let a wrong PAR.txt through quietly, or hid a message.
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "../test";
import { toastMessages } from "../../../app/lib/shell/toastMessages";
import {
  cutOnScreen,
  fileEntries,
  fileEntry,
  fixtures,
  pickFiles,
  pickFolder,
  seriousAccessibilityViolations,
  siteFiles,
  stat,
} from "../helpers";

const hostile = `${fixtures}/hostile`;
const downloadButton = (page: Page) => page.getByRole("button", { name: "Download SD card file" });

async function downloadParFile(page: Page) {
  const downloadStarted = page.waitForEvent("download");
  await downloadButton(page).click();
  return readFile((await (await downloadStarted).path())!);
}

test.beforeEach(async ({ page }) => {
  await page.goto("/files");
  await expect(page.getByRole("heading", { name: "SD card file merger" })).toBeVisible();
});

test("a customer code without value does not swallow the next code", async ({ page }) => {
  await pickFiles(page, [`${hostile}/standard/PAR_basis.txt`]);
  await pickFolder(page, `${hostile}/KUNDESPEC`);
  await expect(fileEntries(page)).toHaveCount(3);
  const missingValue = fileEntry(page, "missing_value.txt");
  await expect(
    missingValue.getByText("Line 1: code P001 has no value: the next line, 2, is the code P002. P001 is left out."),
  ).toBeVisible();
  await expect(missingValue.getByText("1 problem", { exact: true })).toBeVisible();
  // P001 with a trailing space is a problem naming both files, not a second P001 on the card unnoticed.
  await expect(
    fileEntry(page, "padded_code.txt").getByText(
      'Line 1: code "P001 " differs from "P001" (PAR_basis.txt line 2) only by spaces or tabs around it',
    ),
  ).toBeVisible();
  await expect(stat(page, "problems")).toHaveText("2");
  await page.getByRole("checkbox", { name: "I have checked the 2 problems" }).check();
  const bytes = await downloadParFile(page);
  expect(bytes.toString("utf8")).toBe("P001\r\n1\r\nP002\r\n5\r\nP003\r\n6\r\nP001 \r\n9\r\n");
});

test("code and value on one line are named and left out; a byte order mark inside a joined file is a note", async ({
  page,
}) => {
  const byteOrderMark = Buffer.from([0xef, 0xbb, 0xbf]);
  // Two files joined with copy /b: the second one's byte order mark starts line 5.
  const joined = Buffer.concat([
    byteOrderMark,
    Buffer.from("P001\r\n1\r\nP002\r\n2\r\n"),
    byteOrderMark,
    Buffer.from("P003\r\n3\r\n"),
  ]);
  await pickFiles(page, [
    { name: "PAR_joined.txt", mimeType: "text/plain", buffer: joined },
    { name: "KUNDESPEC_1042.txt", mimeType: "text/plain", buffer: Buffer.from("P001=5\r\nP002=6\r\n") },
  ]);
  const customer = fileEntry(page, "KUNDESPEC_1042.txt");
  await expect(
    customer.getByText(
      'Line 1: "P001=5" has an equals sign (U+003D) at column 5: code and value on one line? This line is left out.',
    ),
  ).toBeVisible();
  await expect(customer.getByText("2 problems", { exact: true })).toBeVisible();
  await expect(
    fileEntry(page, "PAR_joined.txt").getByText(
      "Line 5: a byte order mark (U+FEFF) at the start of the line is dropped: were files joined (copy /b)? The rest of the line is read as usual.",
    ),
  ).toBeVisible();
  await expect(
    page.getByText("Each message says what happens to its line: left out of PAR.txt, or in it as read."),
  ).toBeVisible();
  await page.getByRole("checkbox", { name: "I have checked the 2 problems" }).check();
  const bytes = await downloadParFile(page);
  expect(bytes.toString("utf8")).toBe("P001\r\n1\r\nP002\r\n2\r\nP003\r\n3\r\n");
});

test("a UTF-8 file with one stray byte is a problem on that line, not a quiet Windows-1252 read", async ({ page }) => {
  await pickFiles(page, [`${hostile}/mixed_encoding.txt`]);
  const entry = fileEntry(page, "mixed_encoding.txt");
  await expect(entry.getByText(/^Line 4: byte E4 is not UTF-8/)).toBeVisible();
  await expect(entry).not.toContainText("Windows-1252");
  await page.getByRole("tab", { name: /^Parameters/ }).click();
  await expect(page.getByRole("row", { name: /P010 Pumpe ä/ })).toBeVisible();
  // The line with the stray byte is left out with its code, as the message says: PAR.txt never holds U+FFFD.
  await expect(page.getByRole("row", { name: /P011/ })).toHaveCount(0);
});

test("files without parameters give no PAR.txt, and the screen says why", async ({ page }) => {
  await pickFiles(page, [`${hostile}/only_comments.txt`, `${hostile}/empty.txt`]);
  await expect(fileEntries(page)).toHaveCount(2);
  await expect(downloadButton(page)).toBeDisabled();
  await expect(page.getByTestId("download-blocker")).toHaveText(
    "There is nothing to write: the files hold no parameters (they are empty or only comments).",
  );
});

test("files of one pick are listed in natural path order and can be reordered, which decides the value", async ({
  page,
}) => {
  await pickFiles(page, [
    `${fixtures}/folder-order/file10.txt`,
    `${fixtures}/folder-order/file2.txt`,
    `${fixtures}/folder-order/file1.txt`,
  ]);
  await expect(page.getByTestId("file-path")).toHaveText(["file1.txt", "file2.txt", "file10.txt"]);
  await page.getByRole("tab", { name: /^Parameters/ }).click();
  const table = page.getByRole("table", { name: "All parameters in PAR.txt order" });
  await expect(table.getByRole("row", { name: /^P100 10\b/ })).toBeVisible();

  await page.getByRole("button", { name: "Move file10.txt up" }).click();
  await expect(page.getByTestId("file-path")).toHaveText(["file1.txt", "file10.txt", "file2.txt"]);
  await expect(table.getByRole("row", { name: /^P100 2\b/ })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("file-path")).toHaveText(["file1.txt", "file10.txt", "file2.txt"]);
});

test("a confirmation holds only for the problems it was given for", async ({ page }) => {
  await pickFiles(page, [{ name: "a.txt", mimeType: "text/plain", buffer: Buffer.from("P1\r\n1\r\nP2\r\n") }]);
  await page.getByRole("checkbox", { name: "I have checked the 1 problem" }).check();
  await expect(downloadButton(page)).toBeEnabled();
  // Another file with another single problem replaces it: the count stays 1, the box must not.
  await page.getByRole("button", { name: "delete a.txt" }).click();
  await pickFiles(page, [{ name: "b.txt", mimeType: "text/plain", buffer: Buffer.from("P1\r\n1\r\n42\r\n") }]);
  await expect(page.getByRole("checkbox", { name: "I have checked the 1 problem" })).not.toBeChecked();
  await expect(downloadButton(page)).toBeDisabled();
});

test("every problem is reachable, past the first hundred", async ({ page }) => {
  const lines = Array.from({ length: 250 }, (_, index) => `value ${index + 1}`);
  await pickFiles(page, [{ name: "garbage.txt", mimeType: "text/plain", buffer: Buffer.from(lines.join("\r\n")) }]);
  await expect(fileEntries(page).getByText("250 problems", { exact: true })).toBeVisible();
  await page.getByRole("tab", { name: "Problems (250)" }).click();
  await page
    .getByRole("navigation", { name: "Pages of problems" })
    .getByRole("button", { name: "3", exact: true })
    .click();
  await expect(page.getByText("Problems 201–250 of 250")).toBeVisible();
  await expect(
    page.getByRole("table", { name: "Problems" }).getByText(/^Line 250: expected a parameter code/),
  ).toBeVisible();
});

test("many refusals at once stay readable, one notice per reason", async ({ page }) => {
  await pickFiles(page, [siteFiles[0]!]);
  await expect(fileEntries(page)).toHaveCount(1);
  await pickFiles(page, [
    { name: "PAR_basis.txt", mimeType: "text/plain", buffer: await readFile(siteFiles[0]!) },
    { name: "photo.png", mimeType: "image/png", buffer: await readFile(`${fixtures}/other/photo.png`) },
    ...Array.from({ length: 30 }, (_, index) => ({
      name: `export_${index}.csv`,
      mimeType: "text/csv",
      buffer: Buffer.from("1"),
    })),
  ]);
  await expect(page.getByText("Wrong file format. Text files only!")).toBeVisible();
  await expect(page.getByText("Not added: 31 files: export_0.csv, export_1.csv and 29 more")).toBeVisible();
  await expect(page.getByText("File already imported!")).toBeVisible();
  await expect(page.getByText("Not added: PAR_basis.txt")).toBeVisible();
});

test("on a phone a notice shows a long refused name whole, wrapped rather than cut", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const longName = "Anlage_Nord_Schwimmbad_Becken_2_kunde_1042_sommerbetrieb_2025_final.txt";
  const file = { name: longName, mimeType: "text/plain", buffer: Buffer.from("P1\r\n1\r\n") };
  await pickFiles(page, [file]);
  await expect(fileEntries(page)).toHaveCount(1);
  await pickFiles(page, [file]);
  const refusal = page.getByText(`Not added: ${longName}`);
  await expect(refusal).toBeVisible();
  // Nothing of the name is cut off: the text fits its box.
  expect(await refusal.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
});

test("focus stays on the screen after delete, delete all and download; Undo brings back each, last first", async ({
  page,
}) => {
  await pickFolder(page, `${fixtures}/site-1042`);
  await expect(fileEntries(page)).toHaveCount(3);
  const paths = await page.getByTestId("file-path").allTextContents();
  await page.getByRole("button", { name: "delete site-1042/standard/PAR_alarms.txt" }).click();
  await expect(fileEntries(page)).toHaveCount(2);
  // The keyboard goes on in the list: to the delete button of the file that took the deleted one's place.
  await expect(page.getByRole("button", { name: "delete site-1042/standard/PAR_basis.txt" })).toBeFocused();

  await downloadParFile(page);
  await expect(downloadButton(page)).toBeFocused();

  await page.getByRole("button", { name: "Delete all" }).click();
  await expect(page.getByText("No files added yet.")).toBeVisible();
  const undo = page.getByTestId("last-change").getByRole("button", { name: "Undo" });
  await undo.focus();
  await page.keyboard.press("Enter");
  await expect(fileEntries(page)).toHaveCount(2);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("file-path")).toHaveText(paths);
  // The last Undo takes the notice away with its button: the keyboard goes on from Select files.
  await page.keyboard.press("Enter");
  await expect(page.getByText("No files added yet.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Select files" })).toBeFocused();
});

test("Enter held on Download SD card file saves one PAR.txt and makes one record", async ({ page }) => {
  await pickFolder(page, `${fixtures}/site-1042`);
  await expect(fileEntries(page)).toHaveCount(3);
  const downloads: string[] = [];
  page.on("download", (download) => downloads.push(download.suggestedFilename()));
  await downloadButton(page).focus();
  // Held: the first press, then the key's repeats (Playwright marks every further down as a repeat).
  await page.keyboard.down("Enter");
  for (let repeat = 0; repeat < 4; repeat++) await page.keyboard.down("Enter");
  await page.keyboard.up("Enter");
  await expect(page.getByText(/^PAR\.txt saved: /).first()).toBeVisible();
  // The download has ended (the button is back): every repeat had its chance, and pressed nothing.
  await expect(downloadButton(page)).toBeEnabled();
  expect(downloads).toEqual(["PAR.txt"]);
  await page.goto("/records");
  await expect(page.getByTestId("service-record")).toHaveCount(1);
});

test("long paths are shortened in the middle, whole on focus, and no name can reorder its neighbours", async ({
  page,
}) => {
  const spoofName = "report\u202Etxt.exe";
  await pickFiles(page, [
    {
      name: "customer_site_fjordview_pool_2_dosing_unit_parameters_2025.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("P1\r\n1\r\n"),
    },
    { name: `${spoofName}.txt`, mimeType: "text/plain", buffer: Buffer.from("P2\r\n2\r\n") },
  ]);
  await page.getByRole("tab", { name: /^Parameters/ }).click();
  const shortened = page.getByText("customer_site_fjord…_parameters_2025.txt, line 1");
  await expect(shortened).toBeVisible();
  await shortened.hover();
  await expect(
    page.getByRole("tooltip", { name: "customer_site_fjordview_pool_2_dosing_unit_parameters_2025.txt" }),
  ).toBeVisible();
  const isolated = await page
    .getByTestId("file-path")
    .filter({ hasText: "report" })
    .locator("bdi")
    .evaluate((element) => getComputedStyle(element).unicodeBidi);
  expect(isolated).toBe("isolate");
});

test("plurals are right: one parameter, one problem", async ({ page }) => {
  await pickFiles(page, [{ name: "one.txt", mimeType: "text/plain", buffer: Buffer.from("P1\r\n1\r\n42\r\n") }]);
  await expect(fileEntries(page)).toContainText("1 parameter ·");
  await expect(fileEntries(page).getByText("1 problem", { exact: true })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "I have checked the 1 problem" })).toBeVisible();
});

test("printing shows the counts, the files with their problems and the tables, without navigation", async ({
  page,
}) => {
  await pickFolder(page, `${fixtures}/problem-files`);
  await expect(stat(page, "problems")).toHaveText("2");
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("banner")).toBeHidden();
  await expect(page.getByTestId("drop-zone")).toBeHidden();
  await expect(stat(page, "parameters")).toBeVisible();
  await expect(fileEntries(page).first()).toBeVisible();
  await page.screenshot({ path: "test-results/files-print.png", fullPage: true });
});

test("with Download enabled the screen passes axe in light and in dark colours", async ({ page }) => {
  await pickFolder(page, `${fixtures}/site-1042`);
  await expect(downloadButton(page)).toBeEnabled();
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "light");
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  // One pick, scanned in both colour schemes: the app follows the system's scheme as it changes.
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});

test("direction and invisible characters are named on screen, never reorder a name or a value, and hold Download", async ({
  page,
}) => {
  const override = "\u202e";
  // A right-to-left override makes "5,1" show as "1,5", and "KUNDESPEC‮txt.cod-0001P.txt" as "…P1000-doc.txt".
  const customerName = `KUNDESPEC${override}txt.cod-0001P.txt`;
  await pickFiles(page, [
    { name: "standard.txt", mimeType: "text/plain", buffer: Buffer.from("P001\r\n1,5\r\nP002\r\n2\r\n") },
    { name: customerName, mimeType: "text/plain", buffer: Buffer.from(`P001\r\n${override}5,1\r\nP002\r\n3\r\n`) },
  ]);
  const named = "right-to-left override (U+202E)";
  const customerPath = page.getByTestId("file-path").filter({ hasText: "txt.cod-0001P.txt" });
  await expect(customerPath).toHaveText(`KUNDESPEC${named}txt.cod-0001P.txt`);
  await expect(
    page
      .getByText(
        'Line 1: P001: the value "<U+202E>5,1" that goes on the card has a right-to-left override (U+202E), which no screen shows; it can hide itself or reorder the value on screen, and the unit gets it as it is. Remove it from the file, or confirm the value as it is.',
      )
      .first(),
  ).toBeVisible();
  await expect(stat(page, "problems")).toHaveText("1");
  await expect(downloadButton(page)).toBeDisabled();

  await page.getByRole("tab", { name: /^Parameters/ }).click();
  const table = page.getByRole("table", { name: "All parameters in PAR.txt order" });
  const firstRow = table.getByRole("row").filter({ hasText: "P001" });
  await expect(firstRow).toContainText(`1,5 → ${named}5,1`);
  // Nothing on the screen holds the override itself: it would turn the text around it.
  expect(
    await page.locator("main").evaluate((main, character) => main.textContent!.includes(character), override),
  ).toBe(false);

  await page.getByRole("checkbox", { name: "I have checked the 1 problem" }).check();
  const bytes = await downloadParFile(page);
  // The card gets the value as the file has it: the screen names the character, PAR.txt keeps it.
  expect(bytes.toString("utf8")).toBe(`P001\r\n${override}5,1\r\nP002\r\n3\r\n`);
});

test("phone: the edited customer file picked after a folder pick is said to be added beside the listed one; one tap on delete can be undone", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // Select a folder: site/Standard/basis.txt and site/KUNDESPEC/kunde.txt; the customer mails an edited kunde.txt.
  const folder = join(await mkdtemp(join(tmpdir(), "picks-")), "site");
  await mkdir(join(folder, "Standard"), { recursive: true });
  await mkdir(join(folder, "KUNDESPEC"));
  await writeFile(join(folder, "Standard", "basis.txt"), "P001\r\n1\r\nP002\r\n2\r\n");
  await writeFile(join(folder, "KUNDESPEC", "kunde.txt"), "P001\r\n10\r\n");
  await pickFolder(page, folder);
  await expect(fileEntries(page)).toHaveCount(2);
  await pickFiles(page, [{ name: "kunde.txt", mimeType: "text/plain", buffer: Buffer.from("P001\r\n55\r\n") }]);
  await expect(fileEntries(page)).toHaveCount(3);
  const explained =
    "kunde.txt has the name of the listed site/KUNDESPEC/kunde.txt, with other content. It is added as a standard file beside it and does not replace it: where both set a code, PAR.txt uses the customer value of site/KUNDESPEC/kunde.txt. If it replaces site/KUNDESPEC/kunde.txt, delete site/KUNDESPEC/kunde.txt and set kunde.txt to Customer.";
  const toast = page.getByRole("alert").filter({ hasText: "Added beside a listed file of its name" });
  await expect(toast).toContainText(
    toastMessages.addedBesideNamesakeExplained([{ path: "kunde.txt", listedPath: "site/KUNDESPEC/kunde.txt" }]),
  );
  expect(await cutOnScreen(toast)).toEqual([]);
  await page.screenshot({ path: "test-results/picks-phone-beside-toast.png" });
  const notice = page.getByRole("status", { name: "Added beside a listed file of its name" });
  await expect(notice).toContainText(explained);
  expect(await cutOnScreen(notice)).toEqual([]);
  await expect(
    fileEntry(page, "kunde.txt")
      .last()
      .getByText(
        "Line 1: P001 appears again in the standard set (first in site/Standard/basis.txt line 1); PAR.txt uses the customer's value of site/KUNDESPEC/kunde.txt line 1, not this one.",
      ),
  ).toBeVisible();
  await notice.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/picks-phone-beside-notice.png" });

  // As the notice says: delete the listed one (one tap, with Undo), and set kunde.txt to Customer.
  const paths = await page.getByTestId("file-path").allTextContents();
  await page.getByRole("button", { name: "delete site/KUNDESPEC/kunde.txt" }).click();
  await expect(fileEntries(page)).toHaveCount(2);
  const undoNotice = page.getByTestId("last-change").filter({ hasText: "site/KUNDESPEC/kunde.txt deleted." });
  await expect(undoNotice.getByRole("button", { name: "Undo" })).toBeVisible();
  await page.screenshot({ path: "test-results/picks-phone-delete-undo.png" });
  expect(await cutOnScreen(undoNotice)).toEqual([]);
  await undoNotice.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByTestId("file-path")).toHaveText(paths);
});
