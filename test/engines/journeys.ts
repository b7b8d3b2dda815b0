// The technician's core journeys, written once for every engine: each runs in a fresh profile of Firefox
// ESR and of WebKitGTK (run.ts), through the small EnginePage interface of driver.ts. A journey added here
// runs everywhere. The Chromium suite (test/e2e) checks the same screens in depth; these prove the engines.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { codeTypedPastLength } from "../../app/lib/calculator/actionCode";
import { browserAbilitiesText } from "../../app/lib/merger/browserAbilities";
import { toastMessages } from "../../app/lib/shell/toastMessages";
import {
  check,
  eventually,
  expectAddress,
  expectChecked,
  expectSameBytes,
  expectTextOf,
  seeNoText,
  seeShown,
  seeText,
} from "./check";
import type { EnginePage, Target } from "./driver";
import type { Network } from "./network";

export interface AppUnderTest {
  network: Network;
  /** A folder of the journey's own for files it makes. */
  scratch: string;
}

export interface Journey {
  name: string;
  run(page: EnginePage, app: AppUnderTest): Promise<void>;
}

const fixtures = join(process.cwd(), "test/fixtures");
const siteFiles = [
  `${fixtures}/site-1042/standard/PAR_basis.txt`,
  `${fixtures}/site-1042/standard/PAR_alarms.txt`,
  `${fixtures}/site-1042/KUNDESPEC/kunde_1042.txt`,
];
const expectedParFile = (lineEnding: "crlf" | "lf") => readFile(`${fixtures}/expected/PAR_site-1042.${lineEnding}.txt`);

const dropZoneInput = '[data-testid="drop-zone"] input[type="file"]';
const fileEntrySelector = 'ul[aria-labelledby="file-list-title"] > li';
const downloadButton: Target = { role: "button", name: "Download SD card file" };
const unitCode: Target = { testId: "unit-code" };
const stat = (name: string): Target => ({ testId: `stat-${name}` });
const inFileEntry = (path: string, text: string, exact?: boolean): Target => ({
  text,
  exact,
  within: { css: fileEntrySelector, hasText: path },
});

async function fileEntryCount(page: EnginePage): Promise<number> {
  return page.evaluate((selector) => document.querySelectorAll(selector).length, fileEntrySelector);
}

async function expectFileEntries(page: EnginePage, count: number): Promise<void> {
  await eventually(async () => {
    const shown = await fileEntryCount(page);
    check(shown === count, `Expected ${count} files in the list, found ${shown}`);
  });
}

/** Opens /files and waits until the screen works: the heading shows already while the app starts, the drop zone once it has. */
async function openFiles(page: EnginePage): Promise<void> {
  await page.goto("/files");
  await seeShown(page, { testId: "drop-zone" });
}

/** Picks files through the drop zone's file picker, once the zone takes them (it refuses a pick while busy). */
async function pickFiles(page: EnginePage, files: string[]): Promise<void> {
  await seeShown(page, { css: '[data-testid="drop-zone"]:not([data-loading])' });
  await page.setFiles(dropZoneInput, files);
}

/** Picks the files one pick each, in the order given, through the drop zone's file picker. */
async function pickFilesInOrder(page: EnginePage, files: readonly string[]): Promise<void> {
  for (const [index, file] of files.entries()) {
    await pickFiles(page, [file]);
    await expectFileEntries(page, index + 1);
  }
}

/** The site's files picked one by one, the customer file marked as such: PAR.txt then equals the expected file. */
async function pickSiteInParOrder(page: EnginePage): Promise<void> {
  await pickFilesInOrder(page, siteFiles);
  await page.click(inFileEntry("kunde_1042.txt", "Customer", true));
  await seeShown(page, inFileEntry("kunde_1042.txt", "set chosen by you"));
  await expectTextOf(page, stat("rewritten"), "2");
}

const downloadParFile = (page: EnginePage) => page.download("PAR.txt", () => page.click(downloadButton));

const outputSwitch = (name: string): Target => ({ role: "switch", name, exact: false });
const codeInput: Target = { role: "textbox", name: "Code from the unit" };

export const journeys: Journey[] = [
  {
    name: "home shows the links and the footer",
    async run(page) {
      await page.goto("/");
      await seeShown(page, { role: "heading", name: "Hi. Some usefull links" });
      const externalLinks = () =>
        page.evaluate(() =>
          [...document.querySelectorAll("main a[target=_blank]")].map((link) => link.getAttribute("rel")),
        );
      await eventually(async () => {
        const found = (await externalLinks()).length;
        check(found === 5, `Expected the 5 external links, found ${found}`);
      });
      const links = await externalLinks();
      check(
        links.every((rel) => rel === "noopener noreferrer"),
        "Every external link opens apart (noopener noreferrer)",
      );
      await seeText(page, "you are on Technician Toolbox by EV 2025 V0.2.3.");
    },
  },
  {
    name: "calculator: I NEED the code",
    async run(page) {
      await page.goto("/actions");
      await expectTextOf(page, unitCode, "17100");
      await page.click(outputSwitch("Alarm"));
      await page.click(outputSwitch("Filter 100%"));
      await page.click(outputSwitch("Operation Message"));
      await page.click({ role: "radio", name: "error with shutdown", exact: false });
      await expectTextOf(page, unitCode, "17521");
      await expectAddress(page, /tab=need/);
      await page.reload();
      await expectTextOf(page, unitCode, "17521");
      await expectChecked(page, outputSwitch("Alarm"));
    },
  },
  {
    name: "calculator: I HAVE the code, from a deep link",
    async run(page) {
      await page.goto("/actions?code=17101");
      await expectTextOf(page, codeInput, "17101");
      await expectChecked(page, outputSwitch("Operation Message"));
      await expectChecked(page, { role: "radio", name: "no action", exact: false });
      await page.click(codeInput);
      await page.pressControl("a");
      await page.type(codeInput, "17235");
      await expectTextOf(page, unitCode, "17235");
      await expectChecked(page, { role: "radio", name: "alarm" });
      await expectAddress(page, /code=17235/);
      // A sixth digit is dropped by the field's limit, and said (WebKit's beforeinput has no data for it).
      await page.type(codeInput, "6");
      await seeText(page, codeTypedPastLength("17235"));
      await expectTextOf(page, unitCode, "17235");
    },
  },
  {
    name: "merge: PAR.txt byte for byte, CRLF and LF",
    async run(page) {
      await openFiles(page);
      await pickSiteInParOrder(page);
      await expectTextOf(page, stat("parameters"), "9");
      await expectTextOf(page, stat("added"), "1");
      await expectTextOf(page, stat("problems"), "0");
      expectSameBytes(await downloadParFile(page), await expectedParFile("crlf"), "PAR.txt (CRLF)");
      await seeText(page, "PAR.txt saved: 9 parameters, 2 rewritten, 1 added");
      await page.click({ text: "LF", exact: true });
      expectSameBytes(await downloadParFile(page), await expectedParFile("lf"), "PAR.txt (LF)");
    },
  },
  {
    name: "toasts: a file that is not text, a file already added",
    async run(page) {
      await openFiles(page);
      await pickFiles(page, [`${fixtures}/other/photo.png`, siteFiles[0]!]);
      await seeText(page, toastMessages.wrongFileFormat);
      await seeText(page, "Not added: photo.png");
      await expectFileEntries(page, 1);
      // Another file of the same name: picked alone, its path is its name, already in the list.
      await pickFiles(page, [`${fixtures}/hostile/standard/PAR_basis.txt`]);
      await seeText(page, toastMessages.fileAlreadyImported);
      await expectFileEntries(page, 1);
    },
  },
  {
    name: "problems are named, and the download waits for the confirmation",
    async run(page) {
      await openFiles(page);
      await pickFiles(page, [
        `${fixtures}/problem-files/broken_export.txt`,
        `${fixtures}/problem-files/windows1252_export.txt`,
      ]);
      await seeText(
        page,
        'Line 3: expected a parameter code (a line starting with P) but found "42". This line is left out.',
      );
      await seeText(page, "read as Windows-1252 (not UTF-8)");
      await expectTextOf(page, stat("problems"), "2");
      const disabled = await page.evaluate(
        () =>
          [...document.querySelectorAll("button")].find((button) =>
            button.textContent?.includes("Download SD card file"),
          )?.disabled,
      );
      check(disabled === true, "Download waits until the problems are checked");
      await page.click({ role: "checkbox", name: "I have checked the 2 problems" });
      const bytes = await downloadParFile(page);
      check(
        bytes.toString("utf8") === "P0300\r\n1\r\nP0400\r\nKlorpumpe æøå\r\n",
        `PAR.txt holds ${JSON.stringify(bytes.toString("utf8"))}`,
      );
    },
  },
  {
    name: "parameter catalogue: names and units, a value above its maximum to confirm, PAR.txt as the files have it",
    async run(page) {
      await openFiles(page);
      await pickSiteInParOrder(page);
      await page.setFiles('[data-testid="catalogue-picker"]', [`${fixtures}/catalogue/DX-200_catalogue.csv`]);
      await expectTextOf(page, { testId: "catalogue-rows" }, "8 codes");
      await expectTextOf(page, stat("problems"), "2");
      await page.click({ role: "tab", name: "Problems", exact: false });
      await seeText(page, "Line 2: P0002 Dosing rate = 3,0 l/h is above its maximum 2,5.");
      await page.click({ role: "tab", name: "Parameters", exact: false });
      await seeText(page, "pH upper alarm");
      await page.click({ role: "checkbox", name: "I have checked the 2 problems" });
      expectSameBytes(await downloadParFile(page), await expectedParFile("crlf"), "PAR.txt with a catalogue");
    },
  },
  {
    name: "compare with the card's PAR.txt, picked as a file",
    async run(page, app) {
      const cardFile = join(app.scratch, "PAR.txt");
      const expected = (await expectedParFile("crlf")).toString("utf8");
      // One changed, one added and one removed code against the merge.
      await writeFile(
        cardFile,
        expected.replace("P0002\r\n3,0", "P0002\r\n2,5").replace("P0200\r\nFjordview pool 2\r\n", "P0999\r\nold\r\n"),
      );
      await openFiles(page);
      await pickSiteInParOrder(page);
      // No card folder in this browser: the screen says so once at the top, and how PAR.txt gets onto the card.
      const abilities = browserAbilitiesText({ cardFolder: false, keptForGood: null });
      await seeText(page, abilities.card);
      await seeText(page, "Your files and service records are kept in this browser");
      await seeText(page, "This browser cannot write to the card. Download PAR.txt");
      const writeButtons = await page.evaluate(
        () =>
          [...document.querySelectorAll("button")].filter((button) => button.textContent === "Write to SD card").length,
      );
      check(writeButtons === 0, "No Write to SD card button where the browser cannot write to a folder");
      await page.setFiles(`input[aria-label="The card's PAR.txt"]`, [cardFile]);
      await expectTextOf(page, { testId: "card-summary" }, "1 changed, 1 added, 1 removed, 7 unchanged");
      // An empty PAR.txt, as a write cut short leaves it: compared like any other (WebKit once failed the screen).
      const emptyCardFile = join(app.scratch, "empty", "PAR.txt");
      await mkdir(dirname(emptyCardFile), { recursive: true });
      await writeFile(emptyCardFile, "");
      await page.setFiles(`input[aria-label="The card's PAR.txt"]`, [emptyCardFile]);
      await expectTextOf(page, { testId: "card-summary" }, "0 changed, 9 added, 0 removed, 0 unchanged");
    },
  },
  {
    name: "records: a download is recorded and given again byte for byte",
    async run(page) {
      await openFiles(page);
      await pickSiteInParOrder(page);
      await page.type({ role: "textbox", name: "Site / unit (optional)" }, "Fjordview pool 2");
      const parFile = await downloadParFile(page);
      await seeText(page, toastMessages.serviceRecordAdded);
      await page.click({ role: "link", name: "Records of every PAR.txt made" });
      await seeShown(page, { role: "heading", name: "Records" });
      await seeShown(page, { testId: "service-record" });
      await page.reload();
      await page.click({ css: '[data-testid="service-record"] a' });
      await seeShown(page, { role: "heading", name: "Service record" });
      const again = await page.download("PAR.txt", () =>
        page.click({ role: "button", name: "Download PAR.txt again" }),
      );
      expectSameBytes(again, parFile, "PAR.txt from the record");
    },
  },
  {
    name: "offline: after one visit every screen reloads and merges without a network",
    async run(page, app) {
      await page.goto("/");
      await seeText(page, "Ready to work offline");
      app.network.setOffline(true);
      await page.goto("/actions?code=17235");
      await expectTextOf(page, unitCode, "17235");
      await page.reload();
      await expectTextOf(page, unitCode, "17235");
      await openFiles(page);
      await pickSiteInParOrder(page);
      expectSameBytes(await downloadParFile(page), await expectedParFile("crlf"), "PAR.txt made offline");
    },
  },
  {
    name: "paste: Ctrl+V of parameter text adds it as a file",
    async run(page) {
      await openFiles(page);
      // The text goes onto the clipboard the way a technician's copy does: selected, then Ctrl+C.
      await page.evaluate(() => {
        const source = document.createElement("textarea");
        source.id = "clipboard-source";
        source.value = "P0001\r\n7\r\nP0002\r\n8\r\n";
        document.body.append(source);
        source.focus();
        source.select();
      });
      await page.pressControl("c");
      await page.evaluate(() => {
        document.getElementById("clipboard-source")?.remove();
        (document.activeElement as HTMLElement | null)?.blur();
      });
      await page.pressControl("v");
      await seeShown(page, inFileEntry("pasted-1.txt", "2 parameters"));
    },
  },
  {
    name: "dark colours: the toggle switches them and they are remembered",
    async run(page) {
      await page.goto("/");
      // The load event may come before the app has started (index.html runs its code in steps): a click on the
      // toggle before then is a click on index.html's painted button.
      await eventually(async () =>
        check(
          await page.evaluate(
            () =>
              (window as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized ===
              true,
          ),
          "The app has not started",
        ),
      );
      const scheme = () => page.evaluate(() => document.documentElement.getAttribute("data-mantine-color-scheme"));
      const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const before = await scheme();
      const backgroundBefore = await background();
      const toggled = before === "dark" ? "light" : "dark";
      await page.click({ role: "button", name: "Switch between light and dark colours" });
      await eventually(async () => check((await scheme()) === toggled, `Colours are not ${toggled}`));
      check((await background()) !== backgroundBefore, "The page's background changes with the colours");
      await page.reload();
      await eventually(async () => check((await scheme()) === toggled, `After a reload, colours are not ${toggled}`));
    },
  },
  {
    name: "first visit: the app gets ready offline, and no new version is offered",
    async run(page, app) {
      // A slow line: the worker's script is still on its way while the technician moves on, and every page
      // registers the same worker; it arrives once the technician is on /files, so the install ends there,
      // whatever the engine's pace. (Held any later, WebKitGTK 2.50 may never finish an install whose script
      // was being evaluated as the page that registered it went away: every later register, update and
      // unregister then waits for good, in that browser session. The app cannot undo that from a page.)
      const releaseWorkerScript = app.network.hold(/^\/sw\.js/);
      await page.goto("/");
      await seeShown(page, { css: "main a[target=_blank]" });
      await page.goto("/actions");
      await expectTextOf(page, unitCode, "17100");
      await openFiles(page);
      releaseWorkerScript();
      await seeShown(page, { css: ".mantine-Notification-title" }, 60_000);
      await seeNoText(page, "A new version is available");
      await seeText(page, "Ready to work offline");
    },
  },
  {
    name: "a full navigation right after a page loads is not undone",
    async run(page, app) {
      // A slow line: the calculator's code is still on its way when its page has loaded, and the next page
      // takes a moment to arrive.
      app.network.slowDown([
        [/^\/assets\/actions-[\w-]+\.js$/, 5_000],
        [/^\/files/, 3_000],
      ]);
      await page.goto("/actions");
      try {
        await page.goto("/files");
      } catch {
        // The browser calls the navigation aborted when the page reloads over it: the check below says so.
      }
      await expectAddress(page, "/files");
      app.network.slowDown([]);
      await seeShown(page, { testId: "drop-zone" });
      await expectAddress(page, "/files");
    },
  },
  {
    name: "Undo goes back last first: a delete and Delete all, PAR.txt byte for byte as before",
    async run(page) {
      await openFiles(page);
      await pickSiteInParOrder(page);
      const before = await downloadParFile(page);
      const undo: Target = { css: `[data-testid="last-change"] button` };
      await page.click({ role: "button", name: "delete kunde_1042.txt" });
      await expectFileEntries(page, 2);
      await page.click({ role: "button", name: "Delete all" });
      await expectFileEntries(page, 0);
      await page.click(undo);
      await expectFileEntries(page, 2);
      await page.click(undo);
      await expectFileEntries(page, 3);
      await expectTextOf(page, stat("rewritten"), "2");
      expectSameBytes(await downloadParFile(page), before, "PAR.txt after Undo");
    },
  },
  {
    name: "the file list is kept across a reload",
    async run(page) {
      await openFiles(page);
      await pickFiles(page, siteFiles);
      await expectFileEntries(page, 3);
      await page.reload();
      await seeShown(page, { role: "heading", name: "SD card file merger" });
      await expectFileEntries(page, 3);
      await expectTextOf(page, stat("parameters"), "9");
    },
  },
];
