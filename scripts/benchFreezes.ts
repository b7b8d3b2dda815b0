// Big inputs and the main thread: how long each step takes until it shows, and the longest task (a frozen
// stretch) in it. Each figure runs in a fresh page of the built app in Debian's Chromium.
//   npx vite-node scripts/benchFreezes.ts       (BENCH_PORT, default 4190; BENCH_FREEZES=records,backup,line,files,list,catalogue; backup needs records)
import { chromium, type Page } from "@playwright/test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromiumLaunchOptions } from "../test/e2e/chromium";
import { writeBackup } from "../test/e2e/records/backupFile";
import { startAppServer } from "./appServer";

const port = Number(process.env.BENCH_PORT ?? 4190);
const baseUrl = `http://127.0.0.1:${port}`;
const parts = new Set((process.env.BENCH_FREEZES ?? "records,backup,line,files,list,catalogue").split(","));
const stepTimeoutMs = 300_000;

/** Runs in the page before the app: every task over 50 ms, as the browser reports it. */
function observeLongTasks() {
  const tasks: { start: number; duration: number }[] = [];
  (window as unknown as { longTasks: typeof tasks }).longTasks = tasks;
  new PerformanceObserver((list) =>
    list.getEntries().forEach((entry) => tasks.push({ start: entry.startTime, duration: entry.duration })),
  ).observe({ type: "longtask", buffered: true });
}

interface Figure {
  what: string;
  shownMs: number;
  longestTaskMs: number;
  longTasks: number;
}
const figures: Figure[] = [];

/** Measures from `act` until `shown` resolves: wall time, and the long tasks that started in between. */
async function measure(page: Page, what: string, act: () => Promise<void>, shown: () => Promise<void>) {
  const from = await page.evaluate(() => performance.now());
  await act();
  await shown();
  const to = await page.evaluate(() => performance.now());
  const tasks = await page.evaluate(
    ([start, end]) =>
      (window as unknown as { longTasks: { start: number; duration: number }[] }).longTasks.filter(
        (task) => task.start >= start! && task.start <= end!,
      ),
    [from, to],
  );
  const figure = {
    what,
    shownMs: Math.round(to - from),
    longestTaskMs: Math.round(Math.max(0, ...tasks.map((task) => task.duration))),
    longTasks: tasks.length,
  };
  figures.push(figure);
  console.log(
    `${what}: shown after ${figure.shownMs} ms, longest task ${figure.longestTaskMs} ms (${figure.longTasks} long tasks)`,
  );
}

async function newPage(): Promise<Page> {
  const page = await browser.newPage();
  await page.addInitScript(observeLongTasks);
  await page.goto(`${baseUrl}/files`);
  await page.getByText("No files added yet.").waitFor();
  return page;
}

const file = (name: string, text: string) => ({ name, mimeType: "text/plain", buffer: Buffer.from(text) });

/**
 * Picks the files from disk, as the browser's own picker hands them over: given as bytes, Playwright would
 * build every File in the page's JavaScript, a long task of its own that no technician's pick has.
 */
const pickedFolder = mkdtempSync(join(tmpdir(), "bench-freezes-"));
let pickCount = 0;
/** The files written to a folder of their own; the app reads them after the pick, so they stay until the end. */
function filesOnDisk(files: ReturnType<typeof file>[]): string[] {
  const folder = join(pickedFolder, String(++pickCount));
  mkdirSync(folder);
  return files.map(({ name, buffer }) => {
    const path = join(folder, name);
    writeFileSync(path, buffer);
    return path;
  });
}

async function addFiles(page: Page, files: ReturnType<typeof file>[]) {
  const paths = filesOnDisk(files);
  const chooser = page.waitForEvent("filechooser");
  await page.getByTestId("drop-zone").click();
  await (await chooser).setFiles(paths);
}

/** Adds the files, confirms any problems, downloads PAR.txt (which makes the record) and opens the record. */
async function recordOf(page: Page, files: ReturnType<typeof file>[], what: string): Promise<Page> {
  await addFiles(page, files);
  await page.getByTestId("stat-parameters").filter({ hasNotText: /^0$/ }).waitFor({ timeout: stepTimeoutMs });
  const confirm = page.getByRole("checkbox", { name: /I have checked the/ });
  if (await confirm.isVisible()) await confirm.check();
  const download = page.waitForEvent("download", { timeout: stepTimeoutMs });
  await page.getByRole("button", { name: "Download SD card file" }).click();
  await download;
  await page.getByText("Added to the service records.").waitFor({ timeout: stepTimeoutMs });
  await page.goto(`${baseUrl}/records`);
  const link = page.getByTestId("service-record").first().getByRole("link");
  await measure(
    page,
    what,
    () => link.click(),
    () => page.getByRole("heading", { name: "Service record", level: 1 }).waitFor({ timeout: stepTimeoutMs }),
  );
  return page;
}

/** Back up records with the record made in `page`, then Restore from backup in a fresh browser. */
async function backUpAndRestore(page: Page, what: string) {
  await page.goto(`${baseUrl}/records`);
  const download = page.waitForEvent("download", { timeout: stepTimeoutMs });
  await measure(
    page,
    `back up the records: ${what}`,
    () => page.getByRole("button", { name: "Back up records" }).click(),
    () => page.getByText(/^Backup saved: 1 record /).waitFor({ timeout: stepTimeoutMs }),
  );
  const backup = join(pickedFolder, "backup.zip");
  await (await download).saveAs(backup);
  const fresh = await browser.newPage();
  await fresh.addInitScript(observeLongTasks);
  await fresh.goto(`${baseUrl}/records`);
  await fresh.getByText(/No records yet/).waitFor();
  await measure(
    fresh,
    `restore that backup in a fresh browser`,
    async () => {
      const chooser = fresh.waitForEvent("filechooser");
      await fresh.getByRole("button", { name: "Restore from backup" }).click();
      await (await chooser).setFiles(backup);
    },
    () => fresh.getByText("Restored 1 record from the backup.").waitFor({ timeout: stepTimeoutMs }),
  );
}

const server = await startAppServer(port);
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  if (parts.has("records")) {
    const codes = Array.from({ length: 100_000 }, (_, index) => `P${String(index).padStart(6, "0")}`);
    const withRewrittenCodes = await recordOf(
      await newPage(),
      [
        file("standard.txt", codes.map((code) => `${code}\r\n1\r\n`).join("")),
        file("KUNDESPEC.txt", codes.map((code, index) => `${code}\r\n${index + 2}\r\n`).join("")),
      ],
      "open the record of a set with 100,000 rewritten codes",
    );
    if (parts.has("backup")) await backUpAndRestore(withRewrittenCodes, "one record of 100,000 rewritten codes");
    // 200,000 lines in code position that are not codes: 200,000 confirmed problems.
    const junk = Array.from({ length: 200_000 }, (_, index) => `log line ${index} ${"-".repeat(20)}`).join("\r\n");
    await recordOf(
      await newPage(),
      [file("PAR_basis.txt", "P001\r\n1\r\n"), file("log.txt", junk)],
      "open the record of a set with 200,000 confirmed problems",
    );
  }
  if (parts.has("line")) {
    const page = await newPage();
    await measure(
      page,
      "add a file whose one value line is 5 MB",
      () => addFiles(page, [file("long.txt", `P001\r\n${"x".repeat(5_000_000)}\r\nP002\r\n2\r\n`)]),
      () => page.getByTestId("stat-parameters").filter({ hasText: /^2$/ }).waitFor({ timeout: stepTimeoutMs }),
    );
    const row = page.getByRole("table", { name: "All parameters in PAR.txt order" }).getByRole("row").nth(1);
    await measure(
      page,
      "click the row of the 5 MB value",
      () => row.click(),
      () => page.getByRole("heading", { name: /^History of/ }).waitFor({ timeout: stepTimeoutMs }),
    );
  }
  if (parts.has("files")) {
    const page = await newPage();
    const files = Array.from({ length: 300 }, (_, fileIndex) =>
      file(
        `PAR_${String(fileIndex).padStart(3, "0")}.txt`,
        Array.from({ length: 70 }, (_, index) => `P${fileIndex * 100 + index}\r\n${index}\r\n`).join(""),
      ),
    );
    // The floor: the browser's own long task when a file input takes 300 files from disk, with no code of
    // the app listening (Chromium builds the file list in one task). The app's figure below includes it.
    await page.evaluate(() => {
      const bareInput = Object.assign(document.createElement("input"), { type: "file", multiple: true, id: "bare" });
      document.body.append(bareInput);
    });
    await measure(
      page,
      "the browser alone: a bare file input takes the same 300 files",
      async () => {
        const paths = filesOnDisk(files);
        await page.setInputFiles("#bare", paths);
      },
      async () => {
        await page.waitForFunction(() => document.querySelector<HTMLInputElement>("#bare")!.files!.length === 300);
      },
    );
    await measure(
      page,
      "add 300 files at once (70 parameters each)",
      () => addFiles(page, files),
      () => page.getByTestId("stat-parameters").filter({ hasText: "21,000" }).waitFor({ timeout: stepTimeoutMs }),
    );
  }
  if (parts.has("catalogue")) {
    // A manufacturer's catalogue of 20,000 codes over a set that has them all: read in the merge worker.
    const page = await newPage();
    const count = 20_000;
    const code = (index: number) => `P${String(index).padStart(6, "0")}`;
    await addFiles(page, [
      file(
        "standard.txt",
        Array.from({ length: count }, (_, index) => `${code(index)}\r\n${index % 100}\r\n`).join(""),
      ),
    ]);
    await page.getByTestId("stat-parameters").filter({ hasText: "20,000" }).waitFor({ timeout: stepTimeoutMs });
    const rows = Array.from(
      { length: count },
      (_, index) =>
        `${code(index)};Parameter ${index};l/h;0;${index % 100 === 7 ? 5 : 100};${index % 100};${index % 10 === 0 ? `${index % 100}=as set|0=off` : ""}`,
    );
    const [catalogue] = filesOnDisk([
      file("catalogue.csv", ["code;name;unit;min;max;default;choices", ...rows].join("\r\n")),
    ]);
    await measure(
      page,
      `load a parameter catalogue of ${count.toLocaleString("en")} rows`,
      async () => {
        const chooser = page.waitForEvent("filechooser");
        await page.getByRole("button", { name: "Load parameter catalogue" }).click();
        await (await chooser).setFiles(catalogue!);
      },
      () => page.getByTestId("catalogue-rows").filter({ hasText: "20,000 codes" }).waitFor({ timeout: stepTimeoutMs }),
    );
    // A page load: measured from the navigation's start, in the page that opens.
    await page.reload();
    await page.getByTestId("catalogue-rows").filter({ hasText: "20,000 codes" }).waitFor({ timeout: stepTimeoutMs });
    await page.getByTestId("stat-parameters").filter({ hasText: "20,000" }).waitFor({ timeout: stepTimeoutMs });
    const { shownMs, tasks } = await page.evaluate(() => ({
      shownMs: performance.now(),
      tasks: (window as unknown as { longTasks: { start: number; duration: number }[] }).longTasks,
    }));
    const figure = {
      what: `reload /files with that catalogue kept`,
      shownMs: Math.round(shownMs),
      longestTaskMs: Math.round(Math.max(0, ...tasks.map((task) => task.duration))),
      longTasks: tasks.length,
    };
    figures.push(figure);
    console.log(`${figure.what}: shown after ${figure.shownMs} ms, longest task ${figure.longestTaskMs} ms`);
  }
  if (parts.has("list")) {
    // Years of a busy technician (or a restored backup): the records screen opened with 5,000 records.
    const page = await newPage();
    const backup = join(pickedFolder, "5000-records.zip");
    await writeBackup(
      backup,
      Array.from({ length: 5000 }, (_, index) => ({
        id: `record-${index}`,
        label: `Unit ${index % 300}`,
        minute: index,
        parText: `P001\r\n${index}\r\n`,
        previousText: index % 2 ? `P001\r\n${index - 1}\r\n` : undefined,
      })),
    );
    await page.goto(`${baseUrl}/records`);
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Restore from backup" }).click();
    await (await chooser).setFiles(backup);
    await page.getByText(/^Restored 5,?000 records from the backup/).waitFor({ timeout: stepTimeoutMs });
    // A page load: measured from the navigation's start, in the page that opens.
    await page.goto(`${baseUrl}/records`);
    await page
      .getByRole("link", { name: /Unit 199/ })
      .first()
      .waitFor({ timeout: stepTimeoutMs });
    const { shownMs, tasks } = await page.evaluate(() => ({
      shownMs: performance.now(),
      tasks: (window as unknown as { longTasks: { start: number; duration: number }[] }).longTasks,
    }));
    const figure = {
      what: "open /records with 5,000 records",
      shownMs: Math.round(shownMs),
      longestTaskMs: Math.round(Math.max(0, ...tasks.map((task) => task.duration))),
      longTasks: tasks.length,
    };
    figures.push(figure);
    console.log(
      `${figure.what}: shown after ${figure.shownMs} ms, longest task ${figure.longestTaskMs} ms (${figure.longTasks} long tasks)`,
    );
  }
} finally {
  await browser.close();
  server.kill();
  rmSync(pickedFolder, { recursive: true, force: true });
}
console.log("\n| what | shown after | longest main-thread task | long tasks (> 50 ms) |\n|---|---|---|---|");
for (const figure of figures) {
  console.log(`| ${figure.what} | ${figure.shownMs} ms | ${figure.longestTaskMs} ms | ${figure.longTasks} |`);
}
