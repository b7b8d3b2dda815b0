// Risky input on /files: every case here once let a wrong PAR.txt through quietly, or hid a message.
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "../test";
import { toastMessages } from "../../../app/lib/shell/toastMessages";
import { cutOnScreen, fileEntries, fileEntry, fixtures, pickFiles, pickFolder, stat } from "../helpers";

const hostile = `${fixtures}/hostile`;
const downloadButton = (page: Page) => page.getByRole("button", { name: "Download SD card file" });
const textFile = (name: string, text: string | Buffer) => ({
  name,
  mimeType: "text/plain",
  buffer: Buffer.isBuffer(text) ? text : Buffer.from(text),
});

async function downloadParFile(page: Page) {
  const downloadStarted = page.waitForEvent("download");
  await downloadButton(page).click();
  return readFile((await (await downloadStarted).path())!);
}

/** Delete all, and waits for the empty list: the next step starts from nothing. */
async function deleteAll(page: Page) {
  await page.getByRole("button", { name: "Delete all" }).click();
  await expect(page.getByText("No files added yet.")).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await page.goto("/files");
  await expect(page.getByRole("heading", { name: "SD card file merger" })).toBeVisible();
});

test("a customer code without value does not swallow the next code; code and value on one line are named and left out; a byte order mark inside a joined file is a note; files without parameters give no PAR.txt, and the screen says why", async ({
  page,
}) => {
  await test.step("a customer code without value does not swallow the next code", async () => {
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

  await deleteAll(page);
  await test.step("code and value on one line are named and left out; a byte order mark inside a joined file is a note", async () => {
    const byteOrderMark = Buffer.from([0xef, 0xbb, 0xbf]);
    // Two files joined with copy /b: the second one's byte order mark starts line 5.
    const joined = Buffer.concat([
      byteOrderMark,
      Buffer.from("P001\r\n1\r\nP002\r\n2\r\n"),
      byteOrderMark,
      Buffer.from("P003\r\n3\r\n"),
    ]);
    await pickFiles(page, [textFile("PAR_joined.txt", joined), textFile("KUNDESPEC_1042.txt", "P001=5\r\nP002=6\r\n")]);
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

  await deleteAll(page);
  await test.step("files without parameters give no PAR.txt, and the screen says why", async () => {
    await pickFiles(page, [`${hostile}/only_comments.txt`, `${hostile}/empty.txt`]);
    await expect(fileEntries(page)).toHaveCount(2);
    await expect(downloadButton(page)).toBeDisabled();
    await expect(page.getByTestId("download-blocker")).toHaveText(
      "There is nothing to write: the files hold no parameters (they are empty or only comments).",
    );
  });
});

test("a file saved as 'Unicode' (UTF-16) in Notepad is read as UTF-16; a UTF-8 file with one stray byte is a problem on that line, not a quiet Windows-1252 read", async ({
  page,
}) => {
  await test.step("a file saved as 'Unicode' (UTF-16) in Notepad is read as UTF-16", async () => {
    const text = "* Pumpe\r\nP0400\r\nKlorpumpe æøå\r\n";
    const buffer = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
    await pickFiles(page, [textFile("notepad_unicode.txt", buffer)]);
    await expect(fileEntries(page)).toContainText("1 parameter · read as UTF-16");
    await expect(stat(page, "problems")).toHaveText("0");
    const bytes = await downloadParFile(page);
    expect(bytes.toString("utf8")).toBe("P0400\r\nKlorpumpe æøå\r\n");
  });

  await test.step("a UTF-8 file with one stray byte is a problem on that line, not a quiet Windows-1252 read", async () => {
    await pickFiles(page, [`${hostile}/mixed_encoding.txt`]);
    const entry = fileEntry(page, "mixed_encoding.txt");
    await expect(entry.getByText(/^Line 4: byte E4 is not UTF-8/)).toBeVisible();
    await expect(entry).not.toContainText("Windows-1252");
    await page.getByRole("tab", { name: /^Parameters/ }).click();
    await expect(page.getByRole("row", { name: /P010 Pumpe ä/ })).toBeVisible();
    // The line with the stray byte is left out with its code, as the message says: PAR.txt never holds U+FFFD.
    await expect(page.getByRole("row", { name: /P011/ })).toHaveCount(0);
  });
});

test("long paths are cut at 50 characters in the list and in the middle in the table, whole on hover, and no name can reorder its neighbours; direction and invisible characters are named on screen, never reorder a name or a value, and hold Download", async ({
  page,
}) => {
  await test.step("long paths: cut at 50 characters in the list, in the middle in the table, whole on hover; no name reorders its neighbours", async () => {
    const longName = "customer_site_fjordview_pool_2_dosing_unit_parameters_2025.txt";
    const spoofName = "report\u202Etxt.exe";
    await pickFiles(page, [textFile(longName, "P1\r\n1\r\n"), textFile(`${spoofName}.txt`, "P2\r\n2\r\n")]);
    const longEntry = fileEntry(page, longName.slice(0, 50));
    const shownPath = longEntry.getByTestId("file-path");
    await expect(shownPath).toHaveText(`${longName.slice(0, 50)}...`);
    // Hovered once read: the entry grows by its messages then (a name with "customer" in it is one), and moves away.
    await expect(longEntry).toContainText("1 parameter");
    await shownPath.hover();
    await expect(page.getByRole("tooltip", { name: longName })).toBeVisible();
    const deleteButton = page.getByRole("button", { name: `delete ${longName}` });
    await deleteButton.hover();
    await expect(page.getByRole("tooltip", { name: `delete ${longName}` })).toBeVisible();

    const isolated = await page
      .getByTestId("file-path")
      .filter({ hasText: "report" })
      .locator("bdi")
      .evaluate((element) => getComputedStyle(element).unicodeBidi);
    expect(isolated).toBe("isolate");

    await page.getByRole("tab", { name: /^Parameters/ }).click();
    const shortened = page.getByText("customer_site_fjord…_parameters_2025.txt, line 1");
    await expect(shortened).toBeVisible();
    await shortened.hover();
    await expect(page.getByRole("tooltip", { name: longName })).toBeVisible();

    await deleteButton.click();
    await expect(fileEntries(page)).toHaveCount(1);
    await expect(longEntry).toHaveCount(0);
  });

  await deleteAll(page);
  await test.step("direction and invisible characters are named on screen, never reorder a name or a value, and hold Download", async () => {
    const override = "\u202e";
    // A right-to-left override makes "5,1" show as "1,5", and "KUNDESPEC‮txt.cod-0001P.txt" as "…P1000-doc.txt".
    const customerName = `KUNDESPEC${override}txt.cod-0001P.txt`;
    await pickFiles(page, [
      textFile("standard.txt", "P001\r\n1,5\r\nP002\r\n2\r\n"),
      textFile(customerName, `P001\r\n${override}5,1\r\nP002\r\n3\r\n`),
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
});

test("plurals are right: one parameter, one problem; a confirmation holds only for the problems it was given for; every problem is reachable, past the first hundred", async ({
  page,
}) => {
  await pickFiles(page, [textFile("a.txt", "P1\r\n1\r\nP2\r\n")]);
  await test.step("plurals are right: one parameter, one problem", async () => {
    await expect(fileEntries(page)).toContainText("1 parameter ·");
    await expect(fileEntries(page).getByText("1 problem", { exact: true })).toBeVisible();
  });

  await test.step("a confirmation holds only for the problems it was given for", async () => {
    await page.getByRole("checkbox", { name: "I have checked the 1 problem" }).check();
    await expect(downloadButton(page)).toBeEnabled();
    // Another file with another single problem replaces it: the count stays 1, the box must not.
    await page.getByRole("button", { name: "delete a.txt" }).click();
    await pickFiles(page, [textFile("b.txt", "P1\r\n1\r\n42\r\n")]);
    await expect(page.getByRole("checkbox", { name: "I have checked the 1 problem" })).not.toBeChecked();
    await expect(downloadButton(page)).toBeDisabled();
  });

  await test.step("every problem is reachable, past the first hundred", async () => {
    await page.getByRole("button", { name: "delete b.txt" }).click();
    const lines = Array.from({ length: 250 }, (_, index) => `value ${index + 1}`);
    await pickFiles(page, [textFile("garbage.txt", lines.join("\r\n"))]);
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
});

test("phone: the edited customer file picked after a folder pick is said to be added beside the listed one; one tap on delete can be undone; a notice shows a long refused name whole, wrapped rather than cut", async ({
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
  await pickFiles(page, [textFile("kunde.txt", "P001\r\n55\r\n")]);
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

  await test.step("as the notice says: delete the listed one (one tap, with Undo)", async () => {
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

  await test.step("a notice shows a long refused name whole, wrapped rather than cut", async () => {
    const longName = "Anlage_Nord_Schwimmbad_Becken_2_kunde_1042_sommerbetrieb_2025_final.txt";
    const file = textFile(longName, "P1\r\n1\r\n");
    await pickFiles(page, [file]);
    await expect(fileEntries(page)).toHaveCount(4);
    await pickFiles(page, [file]);
    const refusal = page.getByText(`Not added: ${longName}`);
    await expect(refusal).toBeVisible();
    // Nothing of the name is cut off: the text fits its box.
    expect(await refusal.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  });
});
