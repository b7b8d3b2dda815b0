// What several browser specs do the same way: pick files, find the file list, scan with axe.
import AxeBuilder from "@axe-core/playwright";
import { expect, type FileChooser, type Locator, type Page } from "@playwright/test";

export const fixtures = "test/fixtures";

export const siteFiles = [
  `${fixtures}/site-1042/standard/PAR_basis.txt`,
  `${fixtures}/site-1042/standard/PAR_alarms.txt`,
  `${fixtures}/site-1042/KUNDESPEC/kunde_1042.txt`,
];

/**
 * Waits until the app has started and settled. index.html paints each screen before any script runs, and the
 * load event can come before the app does (its code runs in steps): a click before then is a click on the
 * painted page, as a technician's tap would be.
 */
export async function appStarted(page: Page) {
  await page.waitForFunction(() => {
    const router = (
      window as unknown as { __remixRouter?: { state: { initialized: boolean; navigation: { state: string } } } }
    ).__remixRouter;
    return router?.state.initialized === true && router.state.navigation.state === "idle";
  });
}

/** Holds the app's code until the returned release: the page stays as index.html painted it. */
export async function holdAppStart(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/entry\.client-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Waits until the drop zone is idle: while files are read it is busy (a spinner over it) and takes no click,
 * as a technician sees and waits for.
 */
export async function dropZoneIdle(page: Page) {
  await expect(page.getByTestId("drop-zone")).not.toHaveAttribute("data-loading");
}

/** Picks files through the drop zone's own picker (a click on the zone). */
export async function pickFiles(page: Page, files: Parameters<FileChooser["setFiles"]>[0]) {
  await dropZoneIdle(page);
  const chooser = page.waitForEvent("filechooser");
  await page.getByTestId("drop-zone").click();
  await (await chooser).setFiles(files);
}

/** Picks a whole folder, so paths keep their folders (KUNDESPEC/…). */
export async function pickFolder(page: Page, folder: string) {
  await dropZoneIdle(page);
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Select a folder" }).click();
  await (await chooser).setFiles(folder);
}

export const fileEntries = (page: Page) => page.getByRole("list", { name: /^Added files/ }).locator(":scope > li");

/** The list entry of one file, found by its shown path (other entries may mention it in their messages). */
export const fileEntry = (page: Page, path: string) =>
  fileEntries(page).filter({ has: page.getByTestId("file-path").filter({ hasText: path }) });

/**
 * Picks the files one pick each, in the order given. Files of one pick are added
 * in natural path order; separate picks keep the order in which they were made.
 */
export async function pickFilesInOrder(page: Page, files: readonly string[]) {
  for (const [index, file] of files.entries()) {
    await pickFiles(page, [file]);
    await fileEntries(page).nth(index).waitFor();
  }
}

/**
 * The site's files picked one by one in the expected fixture's order (basis,
 * alarms, customer), the customer file marked as such: PAR.txt then equals
 * test/fixtures/expected/PAR_site-1042.*.txt.
 */
export async function pickSiteInParOrder(page: Page) {
  await pickFilesInOrder(page, siteFiles);
  const customerEntry = fileEntry(page, "kunde_1042.txt");
  await customerEntry.getByText("Customer", { exact: true }).click();
  await customerEntry.getByText("set chosen by you").waitFor();
}

export const stat = (page: Page, name: string) => page.getByTestId(`stat-${name}`);

/**
 * Serious and critical axe violations on the page as it is now (or in one part of it), each with where it is.
 * axe.run in the page itself (legacy mode): the same rules on the same elements, without the default mode's blank
 * second page that axe is loaded into again to combine the frames' results. The app has no frames, and a scan took
 * about a third less time.
 */
export async function seriousAccessibilityViolations(page: Page, within?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  const results = await (within ? builder.include(within) : builder).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

/**
 * No serious axe violations in light, then in dark colours, on one load: the app follows the system's scheme as it
 * changes. Back in light after.
 */
export async function passesAxeInLightAndDark(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "light");
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: "light" });
}

/** Chooses a filter of the parameter table ("Rewritten (2)"): the chip's label, as a finger would. */
export async function showParameters(page: Page, filter: string) {
  await page.getByRole("radiogroup", { name: "Show parameters" }).getByText(filter, { exact: true }).click();
}

/**
 * What of a box on screen is cut: any part of it that runs past the screen's right edge, or is wider than its own
 * box (a long file name laid out unbroken, hidden by the box's overflow). Empty when all of it shows.
 */
export async function cutOnScreen(box: Locator): Promise<string[]> {
  return box.evaluate((root) => {
    const cut: string[] = [];
    for (const element of [root, ...root.querySelectorAll("*")]) {
      const text = element instanceof HTMLElement ? element.innerText.trim() : "";
      if (!text) continue;
      const pastTheEdge = element.getBoundingClientRect().right > window.innerWidth + 1;
      if (pastTheEdge || element.scrollWidth > element.clientWidth + 1) cut.push(text.slice(0, 60));
    }
    return cut;
  });
}
