// npm run bench, part 2: the built app in Chromium. Adds generated parameter
// sets through the pickers, searches and downloads, and records, with a
// PerformanceObserver, every main-thread task over 50 ms ("long task") while
// each step happens. Prints one markdown table.
//
// BENCH_PORT (default 4180) picks the port, so an older build can be served
// alongside (e.g. a copy of this script run with cwd in another worktree).
// BENCH_BIG_PARAMETERS (default 1,910,000, ~50 MB): the set searched and downloaded.
// BENCH_RUNS (default 3): runs per cheap figure (typical set, 300 files,
// search); the median is reported. The 1, 20 and 50 MB picks and the download
// run once.
// BENCH_ISSUE_PARAMETERS (default 2,400,000): the big set, a standard file
// and a KUNDESPEC file rewriting every tenth code, picked as a folder; reported
// against the in-page floor, with the browser's memory while it loads.
// BENCH_ONLY (default all): a comma list of first-visit, typical, issue17,
// sizes, many, big (the 50 MB pick, search and download), e.g.
// BENCH_ONLY=issue17,typical for a quick run.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { chromium, type Page } from "@playwright/test";
import { chromiumLaunchOptions } from "../test/e2e/chromium";
import { startAppServer } from "./appServer";
import {
  generateManyFiles,
  generateSite,
  generateTypicalFolder,
  parFileBytesOfStandard,
  type GeneratedFolder,
} from "./benchParameterSets";

const port = Number(process.env.BENCH_PORT ?? 4180);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const baseUrl = `http://127.0.0.1:${port}`;
/** The UI waits this long after a keystroke before it asks the worker (MergePreviewPanel). */
const searchDebounceMs = 200;
const bigStepTimeoutMs = 300_000;
const benchParts = ["first-visit", "typical", "issue17", "sizes", "many", "big"] as const;
const onlyParts = new Set(
  (process.env.BENCH_ONLY ?? benchParts.join(","))
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean),
);
for (const part of onlyParts) {
  if (!(benchParts as readonly string[]).includes(part)) throw new Error(`BENCH_ONLY: unknown part ${part}`);
}
const shouldRun = (part: (typeof benchParts)[number]) => onlyParts.has(part);

/** What the init script keeps on window; times are performance.now() of the page. */
interface BenchState {
  longTasks: { start: number; duration: number }[];
  /** Worker messages, reads of picked files and IndexedDB writes, for the 50 MB timeline. */
  events: { at: number; what: string }[];
  keydownAt: number | null;
  /** A click on the Download button and the app's own a[download] click (the file handed over). */
  downloadClickAt: number | null;
  savedAt: number | null;
  shown: Promise<number> | null;
  /** The first frame after the preview's table first had a row (set by watchFor's observer). */
  tableRowShownAt: number | null;
  /**
   * The file input's change event: the moment the page has the picked files (a technician's pick ends
   * there). Before it, Playwright's setFiles round trip (10–30 ms) is the test driver's, not the app's.
   */
  pickedAt: number | null;
}

// Runs in the page before the app: long tasks, plus timestamps of the steps a
// pick goes through (File.arrayBuffer, IndexedDB put → transaction complete,
// messages to and from the merge worker). Wraps, never changes, what the app calls.
function instrumentPage() {
  const state: BenchState = {
    longTasks: [],
    events: [],
    keydownAt: null,
    downloadClickAt: null,
    savedAt: null,
    shown: null,
    tableRowShownAt: null,
    pickedAt: null,
  };
  (window as unknown as { bench: BenchState }).bench = state;
  const note = (what: string) => state.events.push({ at: performance.now(), what });
  new PerformanceObserver((list) =>
    list.getEntries().forEach((entry) => state.longTasks.push({ start: entry.startTime, duration: entry.duration })),
  ).observe({ type: "longtask", buffered: true });

  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(url: string | URL, options?: WorkerOptions) {
      super(url, options);
      this.addEventListener("message", () => note("worker → page"));
    }
    postMessage(message: unknown, transfer?: Transferable[] | StructuredSerializeOptions) {
      const method = (message as { method?: string } | null)?.method ?? "?";
      const transferred = Array.isArray(transfer) ? transfer.length : 0;
      note(`page → worker ${method}${transferred ? ` (${transferred} transferred)` : ""}`);
      super.postMessage(message, transfer as Transferable[]);
    }
  };

  const nativeArrayBuffer = Blob.prototype.arrayBuffer;
  Blob.prototype.arrayBuffer = function (this: Blob) {
    const size = this.size;
    note(`read file start (${(size / 1e6).toFixed(1)} MB)`);
    return nativeArrayBuffer.call(this).then((bytes) => {
      note("read file done");
      return bytes;
    });
  };

  const nativePut = IDBObjectStore.prototype.put;
  const transactionsSeen = new WeakSet<IDBTransaction>();
  IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore["put"]>) {
    const transaction = this.transaction;
    if (!transactionsSeen.has(transaction)) {
      transactionsSeen.add(transaction);
      note("IndexedDB put start");
      transaction.addEventListener("complete", () => note("IndexedDB put committed"));
    }
    return nativePut.apply(this, args);
  };

  document.addEventListener(
    "change",
    () => {
      note("picked (the input's change event)");
      state.pickedAt ??= performance.now();
    },
    true,
  );
  document.addEventListener("keydown", (event) => (state.keydownAt = event.timeStamp), true);
  document.addEventListener(
    "click",
    (event) => {
      const target = event.target as Element | null;
      if (target?.closest?.("a[download]")) state.savedAt = performance.now();
      else if (target?.closest?.("button")?.textContent?.includes("Download SD card file")) {
        state.downloadClickAt = event.timeStamp;
      }
    },
    true,
  );
}

const statParameters = '[data-testid="stat-parameters"]';
const allParametersFirstCode =
  'table[aria-label="All parameters in PAR.txt order"] tbody tr:first-child td:first-child';

/**
 * In the page: from now on, resolve bench.shown with the time of the first
 * frame after `selector`'s text is `text` (checked on every DOM change).
 */
async function watchFor(page: Page, selector: string, text: string, timeoutMs: number): Promise<void> {
  await page.evaluate(
    ({ selector, text, timeoutMs, tableRowSelector }) => {
      const state = (window as unknown as { bench: BenchState }).bench;
      state.longTasks.length = 0;
      state.events.length = 0;
      state.tableRowShownAt = null;
      state.pickedAt = null;
      // The table may come a frame after the count: watched on its own until it is there.
      const tableObserver = new MutationObserver(() => {
        if (!document.querySelector(tableRowSelector)) return;
        tableObserver.disconnect();
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => (state.tableRowShownAt = performance.now());
          channel.port2.postMessage(null);
        });
      });
      tableObserver.observe(document.body, { subtree: true, childList: true });
      state.shown = new Promise<number>((resolve, reject) => {
        const matches = () => document.querySelector(selector)?.textContent?.trim() === text;
        const done = () => {
          observer.disconnect();
          clearTimeout(timer);
          // After the frame that shows it: rAF, then a task after the paint.
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve(performance.now());
            channel.port2.postMessage(null);
          });
        };
        const observer = new MutationObserver(() => matches() && done());
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`Timed out waiting for ${selector} to read ${text}`));
        }, timeoutMs);
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        if (matches()) done();
      });
    },
    { selector, text, timeoutMs, tableRowSelector: allParametersFirstCode },
  );
}

interface Measured {
  ms: number;
  /** From the same start: the preview's table shows its first row (picks only). */
  tableRowMs?: number;
  longTasks: number[];
  events: { at: number; what: string }[];
}

/** Waits for bench.shown; long tasks that started between `from` and then. */
async function shownSince(page: Page, from: () => Promise<number>): Promise<Measured> {
  const shownAt = await page.evaluate(() => (window as unknown as { bench: BenchState }).bench.shown!);
  // Long-task entries arrive a little after their task ends.
  await page.waitForTimeout(150);
  const start = await from();
  return page.evaluate(
    ({ start, shownAt }) => {
      const state = (window as unknown as { bench: BenchState }).bench;
      return {
        ms: shownAt - start,
        longTasks: state.longTasks
          .filter((task) => task.start + task.duration >= start && task.start <= shownAt)
          .map((task) => task.duration),
        events: state.events.map((event) => ({ at: event.at - start, what: event.what })),
      };
    },
    { start, shownAt },
  );
}

/**
 * /files in a new context (empty IndexedDB), settled as a returning technician finds it: the service
 * worker has installed (its precache of the whole app, once per browser, would otherwise compete with
 * the first pick for the 2 cores) and the page has had an idle moment.
 */
async function openFilesPage(): Promise<Page> {
  const page = await browser.newPage();
  await page.addInitScript(instrumentPage);
  await page.goto(`${baseUrl}/files`);
  await page.getByText("No files added yet.").waitFor();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2_000 }));
  });
  return page;
}

/** Picks `paths` (files, or one folder) and measures until the merged parameter count is shown. */
async function pick(
  page: Page,
  picker: "Select files" | "Select a folder",
  paths: string | string[],
  mergedCount: number,
  timeoutMs: number,
): Promise<Measured> {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: picker }).click();
  const fileChooser = await chooser;
  await watchFor(page, statParameters, mergedCount.toLocaleString("en"), timeoutMs);
  await fileChooser.setFiles(paths, { timeout: timeoutMs });
  const pickedAt = await page.evaluate(() => (window as unknown as { bench: BenchState }).bench.pickedAt);
  if (pickedAt === null) throw new Error("The file input fired no change event");
  const measured = await shownSince(page, async () => pickedAt);
  const tableRowShownAt = await page
    .waitForFunction(() => (window as unknown as { bench: BenchState }).bench.tableRowShownAt, null, {
      timeout: timeoutMs,
    })
    .then((handle) => handle.jsonValue() as Promise<number>);
  return { ...measured, tableRowMs: tableRowShownAt - pickedAt };
}

function writeFolder(folder: string, generated: GeneratedFolder): string[] {
  return generated.files.map(({ path, text }) => {
    const filePath = join(folder, path);
    mkdirSync(dirname(filePath), { recursive: true });
    writeFileSync(filePath, text);
    return filePath;
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

interface Row {
  figure: string;
  ms: number;
  longTaskCount: number;
  longestTask: number;
}

const rows: Row[] = [];
/** The median run by time; its long tasks and timeline go with it. */
function medianRun(measured: Measured[]): Measured {
  const byTime = [...measured].sort((a, b) => a.ms - b.ms);
  return byTime[Math.floor(byTime.length / 2)]!;
}

function addRow(figure: string, measured: Measured[]) {
  const middle = medianRun(measured);
  const times = measured.length > 1 ? ` (runs: ${measured.map((run) => run.ms.toFixed(0)).join(", ")})` : "";
  rows.push({
    figure: `${figure}${times}`,
    ms: middle.ms,
    longTaskCount: middle.longTasks.length,
    longestTask: middle.longTasks.length ? Math.max(...middle.longTasks) : 0,
  });
}

function printTimeline(title: string, measured: Measured) {
  console.log(`\n${title}: ms after the start`);
  // Runs of the same event (e.g. 300 file reads) are folded into first…last.
  let index = 0;
  while (index < measured.events.length) {
    const { at, what } = measured.events[index]!;
    let last = index;
    while (measured.events[last + 1]?.what === what) last++;
    const count = last - index + 1;
    const span = count > 1 ? `${at.toFixed(0)}…${measured.events[last]!.at.toFixed(0)}` : at.toFixed(0);
    console.log(`  ${span.padStart(11)}  ${what}${count > 1 ? ` ×${count}` : ""}`);
    index = last + 1;
  }
  console.log(`  ${measured.ms.toFixed(0).padStart(11)}  shown`);
}

/** Parent of every process on the machine, from /proc/<pid>/stat (the name in parentheses may hold spaces). */
function parentsOfProcesses(): Map<number, number> {
  const parents = new Map<number, number>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(Number(name), parent);
    } catch {
      // The process ended while we looked.
    }
  }
  return parents;
}

/**
 * Resident bytes of the browser: VmRSS summed over every Chromium process
 * descended from this one (browser, zygotes, renderers, GPU and utility
 * processes), leaving out the app's server.
 */
function browserResidentBytes(serverPid: number): number {
  const parents = parentsOfProcesses();
  const children = new Map<number, number[]>();
  for (const [pid, parent] of parents) children.set(parent, [...(children.get(parent) ?? []), pid]);
  let bytes = 0;
  const toVisit = [...(children.get(process.pid) ?? [])].filter((pid) => pid !== serverPid);
  while (toVisit.length > 0) {
    const pid = toVisit.pop()!;
    toVisit.push(...(children.get(pid) ?? []));
    try {
      // Chromium's processes only (not e.g. vite-node's esbuild service).
      if (!readFileSync(`/proc/${pid}/comm`, "utf8").startsWith("chrom")) continue;
      const kilobytes = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
      bytes += Number(kilobytes ?? 0) * 1024;
    } catch {
      // Ended while we looked.
    }
  }
  return bytes;
}

/** Samples the browser's resident bytes every ~100 ms until stopped. */
function sampleBrowserMemory(serverPid: number) {
  const samples: number[] = [browserResidentBytes(serverPid)];
  const timer = setInterval(() => samples.push(browserResidentBytes(serverPid)), 100);
  return {
    stop(): number[] {
      clearInterval(timer);
      samples.push(browserResidentBytes(serverPid));
      return samples;
    },
  };
}

/**
 * The floor of a pick, in the same page: read the files (File.arrayBuffer),
 * decode them (TextDecoder, UTF-8) and split them into lines, timed in the
 * page. The files reach the page through a hidden input of its own.
 */
async function inPageFloor(page: Page, paths: string[]): Promise<{ ms: number; lines: number }> {
  await page.evaluate(() => {
    const input = document.createElement("input");
    input.type = "file";
    input.multiple = true;
    input.hidden = true;
    input.id = "bench-floor-files";
    document.body.append(input);
  });
  const input = page.locator("#bench-floor-files");
  await input.setInputFiles(paths, { timeout: bigStepTimeoutMs });
  const floor = await page.evaluate(async () => {
    const files = [...(document.getElementById("bench-floor-files") as HTMLInputElement).files!];
    const start = performance.now();
    const buffers = await Promise.all(files.map((file) => file.arrayBuffer()));
    let lines = 0;
    for (const bytes of buffers) lines += new TextDecoder("utf-8").decode(bytes).split(/\r\n|\r|\n/).length;
    return { ms: performance.now() - start, lines };
  });
  await input.evaluate((element) => element.remove());
  return floor;
}

const megabytesOf = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const issue17Lines: string[] = [];

const server = await startAppServer(port);

// Files on disk, as a technician picks them: Playwright then hands Chromium the
// path; an in-memory buffer would be decoded by Playwright inside the page and
// show up as a long task of the test tool, not of the app.
const fileFolder = mkdtempSync(join(tmpdir(), "toolbox-bench-"));
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  if (shouldRun("first-visit")) {
    // First visit, nothing cached: navigation start to the home heading visible.
    const firstLoads: number[] = [];
    for (let run = 0; run < 5; run++) {
      const context = await browser.newContext({ serviceWorkers: "block" });
      const page = await context.newPage();
      await page.goto(baseUrl);
      await page.getByRole("heading", { name: "Hi. Some usefull links" }).waitFor();
      firstLoads.push(await page.evaluate(() => performance.now()));
      await context.close();
    }
    rows.push({
      figure: "/ usable (first visit, median of 5)",
      ms: median(firstLoads),
      longTaskCount: NaN,
      longestTask: NaN,
    });
  }

  if (shouldRun("typical")) {
    // 1. A typical site, picked as a folder so KUNDESPEC/ is kept.
    const typical = generateTypicalFolder();
    const typicalFolder = join(fileFolder, "typical-site");
    writeFolder(typicalFolder, typical);
    const typicalRuns: Measured[] = [];
    for (let run = 0; run < runs; run++) {
      const page = await openFilesPage();
      typicalRuns.push(await pick(page, "Select a folder", typicalFolder, typical.mergedCount, 60_000));
      await page.close();
    }
    printTimeline("Typical site, the median run", medianRun(typicalRuns));
    addRow(
      `typical site (folder: 2 standard + KUNDESPEC/, ${typical.parameterCount.toLocaleString("en")} parameters): pick → preview`,
      typicalRuns,
    );
    addRow(
      "typical site: pick → the preview's table shows its first rows",
      typicalRuns.map((run) => ({ ...run, ms: run.tableRowMs! })),
    );
  }

  // Issue 17's set: a standard file of 2.4 million parameters (~63 MB in
  // generateSite's format) and a KUNDESPEC file rewriting every tenth code,
  // picked as a folder; against the floor in the same page, with the memory
  // of every Chromium process while it loads.
  if (shouldRun("issue17")) {
    const parameterCount = Number(process.env.BENCH_ISSUE_PARAMETERS ?? 2_400_000);
    const site = generateSite(parameterCount);
    const folder = join(fileFolder, "issue-17-site");
    const paths = writeFolder(folder, {
      files: [
        { path: "standard.txt", text: site.standard },
        { path: "KUNDESPEC/customer.txt", text: site.customer },
      ],
      parameterCount: 0,
      mergedCount: 0,
    });
    const standardBytes = Buffer.byteLength(site.standard);
    const customerBytes = Buffer.byteLength(site.customer);
    const inputBytes = standardBytes + customerBytes;
    const mergedCount = parameterCount + Math.max(1, Math.floor(parameterCount / 100));
    const page = await openFilesPage();
    page.setDefaultTimeout(bigStepTimeoutMs);
    // Before the pick: the page is idle, the worker not yet started.
    await page.waitForTimeout(1_000);
    const memory = sampleBrowserMemory(server.pid!);
    await page.waitForTimeout(500);
    const measured = await pick(page, "Select a folder", folder, mergedCount, bigStepTimeoutMs);
    const samples = memory.stop();
    const baseline = Math.min(...samples.slice(0, 5));
    const peak = Math.max(...samples);
    const floors: { ms: number; lines: number }[] = [];
    for (let run = 0; run < runs; run++) floors.push(await inPageFloor(page, paths));
    const floorMs = median(floors.map((floor) => floor.ms));
    await page.close();
    rmSync(folder, { recursive: true });

    const figure = `big set (folder: standard ${megabytesOf(standardBytes)}, ${parameterCount.toLocaleString("en")} parameters + KUNDESPEC/ ${megabytesOf(customerBytes)} rewriting every tenth code): pick → parameter count`;
    addRow(figure, [measured]);
    printTimeline("Issue 17 set", measured);
    const longest = measured.longTasks.length ? Math.max(...measured.longTasks) : 0;
    issue17Lines.push(
      `Issue 17 set: ${megabytesOf(inputBytes)} in 2 files (standard.txt ${standardBytes.toLocaleString("en")} bytes, ${parameterCount.toLocaleString("en")} parameters; KUNDESPEC/customer.txt ${customerBytes.toLocaleString("en")} bytes), ${mergedCount.toLocaleString("en")} merged, picked with "Select a folder".\n`,
      "figure | value | target",
      ":-- | --: | --:",
      `pick → parameter count shown | ${measured.ms.toFixed(0)} ms |`,
      `floor in the same page: read both + decode + split into lines (${floors.length > 1 ? `median of ${floors.map((floor) => floor.ms.toFixed(0)).join(", ")}; ` : ""}${floors[0]!.lines.toLocaleString("en")} lines) | ${floorMs.toFixed(0)} ms |`,
      `pick → count ÷ floor | ${(measured.ms / floorMs).toFixed(1)}× | ≤ 4×`,
      `browser resident memory (VmRSS of all its processes), before the pick | ${megabytesOf(baseline)} |`,
      `… peak while it loads (${samples.length} samples, ~100 ms apart) | ${megabytesOf(peak)} |`,
      `… growth (peak − before) | ${megabytesOf(peak - baseline)} | ≤ ${megabytesOf(8 * inputBytes)}`,
      `… growth ÷ input bytes | ${((peak - baseline) / inputBytes).toFixed(1)}× | ≤ 8×`,
      `… when the count is shown | ${megabytesOf(samples.at(-1)!)} |`,
      `longest main-thread task while it loads (${measured.longTasks.length} over 50 ms) | ${longest.toFixed(0)} ms | ≤ 200 ms`,
    );
  }

  if (shouldRun("sizes")) {
    // 2. One standard file of 1 MB and of 20 MB.
    for (const parameterCount of [40_000, 800_000]) {
      const text = generateSite(parameterCount).standard;
      const filePath = join(fileFolder, `standard-${parameterCount}.txt`);
      writeFileSync(filePath, text);
      const page = await openFilesPage();
      const measured = await pick(page, "Select files", filePath, parameterCount, bigStepTimeoutMs);
      addRow(
        `${(Buffer.byteLength(text) / 1e6).toFixed(1)} MB (${parameterCount.toLocaleString("en")} parameters): pick → preview`,
        [measured],
      );
      await page.close();
      rmSync(filePath);
    }
  }

  if (shouldRun("many")) {
    // 3. 300 small files at once.
    const many = generateManyFiles(300, 100);
    const manyPaths = writeFolder(join(fileFolder, "many"), many);
    const manyRuns: Measured[] = [];
    for (let run = 0; run < runs; run++) {
      const page = await openFilesPage();
      manyRuns.push(await pick(page, "Select files", manyPaths, many.mergedCount, bigStepTimeoutMs));
      await page.close();
    }
    addRow(`300 files × 100 parameters (Select files, one go): pick → preview`, manyRuns);
    printTimeline("300 files, first run", manyRuns[0]!);
  }

  if (shouldRun("big")) {
    // 4 and 5. A 50 MB set: pick, one search keystroke, Download. generateSite
    // writes ~26 bytes a parameter, so 50 MB is ~1.9 million (2.4 million is 63 MB).
    const bigCount = Number(process.env.BENCH_BIG_PARAMETERS ?? 1_910_000);
    const bigText = generateSite(bigCount).standard;
    const bigPath = join(fileFolder, "standard-50mb.txt");
    writeFileSync(bigPath, bigText);
    const bigMegabytes = (Buffer.byteLength(bigText) / 1e6).toFixed(1);
    const page = await openFilesPage();
    page.setDefaultTimeout(bigStepTimeoutMs);
    const bigPick = await pick(page, "Select files", bigPath, bigCount, bigStepTimeoutMs);
    addRow(`${bigMegabytes} MB (${bigCount.toLocaleString("en")} parameters): pick → preview`, [bigPick]);
    printTimeline(`${bigMegabytes} MB pick`, bigPick);

    await page.getByRole("tab", { name: /^All parameters/ }).click();
    await page.locator(allParametersFirstCode).filter({ hasText: "P0000000" }).waitFor();
    const search = page.getByRole("searchbox", { name: "Search code or value" });
    const keystrokes: Measured[] = [];
    const workerParts: Measured[] = [];
    for (let run = 0; run < runs; run++) {
      await search.focus();
      // "9": the first match is P0000009 (codes 0–8 and their values have no 9).
      await watchFor(page, allParametersFirstCode, "P0000009", bigStepTimeoutMs);
      await page.evaluate(() => ((window as unknown as { bench: BenchState }).bench.keydownAt = null));
      await page.keyboard.press("9");
      const keystroke = await shownSince(page, () =>
        page.evaluate(() => (window as unknown as { bench: BenchState }).bench.keydownAt!),
      );
      keystrokes.push(keystroke);
      // The debounce as it happened: keypress → the request to the worker.
      const requestAt = keystroke.events.find((event) => event.what.startsWith("page → worker"))?.at ?? 0;
      workerParts.push({ ...keystroke, ms: keystroke.ms - requestAt });
      if (run === 0) printTimeline(`Search keystroke on ${bigMegabytes} MB (from the keydown)`, keystroke);
      // Back to the whole table for the next run.
      await watchFor(page, allParametersFirstCode, "P0000000", bigStepTimeoutMs);
      await page.keyboard.press("Backspace");
      await page.evaluate(() => (window as unknown as { bench: BenchState }).bench.shown!);
    }
    addRow(`search keystroke, ${bigMegabytes} MB: keypress → filtered table shown, incl. the UI debounce`, keystrokes);
    const debounces = keystrokes.map((keystroke, index) => keystroke.ms - workerParts[index]!.ms);
    addRow(
      `search keystroke, ${bigMegabytes} MB: request to worker → table shown (time − debounce; debounce measured ${debounces.map((ms) => ms.toFixed(0)).join(", ")} ms, UI constant ${searchDebounceMs} ms)`,
      workerParts,
    );

    // Download: click → Playwright's download event; long tasks until the app hands the file over.
    await page.evaluate(() => {
      const state = (window as unknown as { bench: BenchState }).bench;
      state.longTasks.length = 0;
      state.events.length = 0;
      state.downloadClickAt = null;
      state.savedAt = null;
    });
    const downloadEvent = page.waitForEvent("download", { timeout: bigStepTimeoutMs });
    await page.getByRole("button", { name: "Download SD card file" }).click();
    const download = await downloadEvent;
    const downloadAtEpoch = performance.timeOrigin + performance.now();
    await page.waitForFunction(() => (window as unknown as { bench: BenchState }).bench.savedAt !== null);
    await page.waitForTimeout(150);
    const downloaded = await page.evaluate(() => {
      const state = (window as unknown as { bench: BenchState }).bench;
      const clickAt = state.downloadClickAt!;
      return {
        events: state.events.map((event) => ({ at: event.at - clickAt, what: event.what })),
        clickAtEpoch: performance.timeOrigin + clickAt,
        savedAfter: state.savedAt! - clickAt,
        longTasks: state.longTasks
          .filter((task) => task.start + task.duration >= clickAt && task.start <= state.savedAt!)
          .map((task) => task.duration),
      };
    });
    const downloadedPath = await download.path();
    const downloadedBytes = statSync(downloadedPath).size;
    const expectedBytes = parFileBytesOfStandard(bigCount);
    addRow(
      `Download, ${bigMegabytes} MB: click → download event (${download.suggestedFilename()} ${downloadedBytes.toLocaleString("en")} bytes, ${downloadedBytes === expectedBytes ? "size right" : `WRONG SIZE, expected ${expectedBytes.toLocaleString("en")}`}; app's link click after ${downloaded.savedAfter.toFixed(0)} ms)`,
      [{ ms: downloadAtEpoch - downloaded.clickAtEpoch, longTasks: downloaded.longTasks, events: [] }],
    );
    printTimeline(`Download on ${bigMegabytes} MB (from the click; "shown" = the app's link click)`, {
      ms: downloaded.savedAfter,
      longTasks: downloaded.longTasks,
      events: downloaded.events,
    });
    await page.close();
  }
} finally {
  await browser.close();
  server.kill();
  rmSync(fileFolder, { recursive: true, force: true });
}

const cheap = runs > 1 ? `median of ${runs} runs where the figure lists its runs, ` : "";
console.log(
  `\nBrowser (built app on port ${port}, headless Chromium, merge in a Web Worker; ${cheap}one run otherwise). A pick is timed from the file input's change event, when the page has the files. Long tasks: main-thread tasks over 50 ms while the step happens.\n`,
);
if (issue17Lines.length > 0) console.log(`${issue17Lines.join("\n")}\n`);
console.log("figure | time ms | long tasks | longest task ms");
console.log(":-- | --: | --: | --:");
for (const row of rows) {
  const count = Number.isNaN(row.longTaskCount) ? "–" : String(row.longTaskCount);
  const longest = Number.isNaN(row.longestTask) ? "–" : row.longestTask.toFixed(0);
  console.log(`${row.figure} | ${row.ms.toFixed(0)} | ${count} | ${longest}`);
}
