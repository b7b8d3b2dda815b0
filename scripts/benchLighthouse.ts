// npm run bench, part 3: Lighthouse's mobile run (simulated slow 4G, 4× CPU
// slowdown, its default) on the three screens, served by scripts/start.mjs the
// way a static host serves the build (gzip, immutable hashed assets). Prints one
// markdown table, the median of BENCH_RUNS (default 3) runs per screen.
//
// Needs Debian's Chromium (CHROME_PATH, default /usr/bin/chromium); run it under
// the shared lock: flock /tmp/chromium.lock npx vite-node scripts/benchLighthouse.ts
// BENCH_PORT (default 4181) picks the port of the host. BENCH_DETAILS=1 also
// prints, per run, what blocks the main thread (long tasks, script boot-up time
// per file, main-thread work per kind), to know what to cut.
//
// Each run prints Lighthouse's BenchmarkIndex of this machine. BENCH_CPU=calibrated runs at the CPU slowdown
// calibrated to it instead of the default 4× (scripts/lighthouseCalibration.ts says why), BENCH_CPU=both at both.
import { loadavg } from "node:os";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { startAppServer } from "./appServer";
import { cpuSlowdownForHost, slowHostBenchmarkIndex } from "./lighthouseCalibration";

const port = Number(process.env.BENCH_PORT ?? 4181);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const baseUrl = `http://127.0.0.1:${port}`;
const screens = (process.env.BENCH_SCREENS ?? "/,/files,/actions").split(",");
const printDetails = process.env.BENCH_DETAILS === "1";
const cpuModes = { both: ["default", "calibrated"], default: ["default"], calibrated: ["calibrated"] }[
  process.env.BENCH_CPU ?? "default"
] as ("default" | "calibrated")[] | undefined;
if (!cpuModes) throw new Error("BENCH_CPU is both, default or calibrated");

interface Scores {
  performance: number;
  accessibility: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** When this machine showed the first paint, unthrottled: a late one skews the simulated FCP and LCP. */
  observedFcpMs: number;
  /** What Lighthouse took as the largest contentful paint, to know what to paint early. */
  lcpElement: string;
  /** Lighthouse's measure of this machine's CPU, taken in the page before the run. */
  benchmarkIndex: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const server = await startAppServer(port);

// --run-all-compositor-stages-before-draw: without it, headless Chromium sometimes shows a frame that was
// painted at 0.2 s only at 1.2 s. Its display compositor holds back BeginFrames from a page it takes for
// unresponsive while the page loads (upstream: GoogleChrome/lighthouse#17148). Lighthouse's simulation then
// counts every script that arrived before that late paint as needed for it, and a run scores 10 to 15
// points lower for a page that painted on time. That is why one machine's results varied from the other's.
// The flag makes headless Chromium draw each frame when it is ready. LIGHTHOUSE_PIPELINED=1 leaves it out,
// to see the variation.
const chromeFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--no-first-run",
];
if (process.env.LIGHTHOUSE_PIPELINED !== "1") chromeFlags.push("--run-all-compositor-stages-before-draw");
const chrome = await launch({ chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", chromeFlags });

/** The LCP element's tag and the start of its text, e.g. `h1 Hi. Some usefull links`. */
function lcpElementOf(details: unknown): string {
  const described = JSON.stringify(details ?? {});
  const tag = described.match(/"path":"[^"]*,([A-Z0-9]+)"/)?.[1]?.toLowerCase() ?? "?";
  const text = described.match(/"nodeLabel":"([^"]*)"/)?.[1] ?? "";
  return `${tag} ${text.slice(0, 30)}`;
}

type Audits = Record<string, { numericValue?: number; score?: number | null; details?: unknown } | undefined>;

/** The rows of an audit's table, or none. */
function rowsOf(audits: Audits, id: string): Record<string, unknown>[] {
  const details = audits[id]?.details as { items?: Record<string, unknown>[] } | undefined;
  return details?.items ?? [];
}

const shortUrl = (url: unknown) => String(url).replace(baseUrl, "");
const ms = (value: unknown) => Math.round(Number(value));

/** Long tasks (as simulated, 4× CPU), boot-up time per script and main-thread work per kind. */
function printBlockingWork(path: string, audits: Audits) {
  console.log(`\n${path}: TBT ${ms(audits["total-blocking-time"]?.numericValue)} ms`);
  for (const task of rowsOf(audits, "long-tasks")) {
    console.log(`  long task at ${ms(task.startTime)} ms: ${ms(task.duration)} ms  ${shortUrl(task.url)}`);
  }
  for (const script of rowsOf(audits, "bootup-time")) {
    console.log(
      `  script ${shortUrl(script.url)}: total ${ms(script.total)}, evaluation ${ms(script.scripting)}, parse ${ms(script.scriptParseCompile)}`,
    );
  }
  const work = rowsOf(audits, "mainthread-work-breakdown").map((row) => `${row.groupLabel} ${ms(row.duration)}`);
  console.log(`  main thread: ${work.join(", ")}`);
}

/** Each metric's value and its score (0–1), to see which one costs the points. */
function printMetrics(audits: Audits) {
  const metrics = {
    FCP: "first-contentful-paint",
    LCP: "largest-contentful-paint",
    SI: "speed-index",
    TBT: "total-blocking-time",
  };
  const shown = Object.entries(metrics).map(
    ([name, id]) => `${name} ${ms(audits[id]?.numericValue)} ms (${audits[id]?.score ?? "?"})`,
  );
  const shift = audits["cumulative-layout-shift"];
  console.log(`  metrics: ${shown.join(", ")}, CLS ${shift?.numericValue?.toFixed(3)} (${shift?.score ?? "?"})`);
  // Unthrottled, as this machine painted: the simulation counts every High-priority request that ended before
  // these as needed for the paint, so a paint that waits (a busy CPU) drags in the scripts.
  const observed = rowsOf(audits, "metrics")[0] ?? {};
  console.log(
    `  observed: FCP ${ms(observed.observedFirstContentfulPaint)} ms, LCP ${ms(observed.observedLargestContentfulPaint)} ms, load ${ms(observed.observedLoad)} ms`,
  );
  for (const request of rowsOf(audits, "network-requests")) {
    console.log(
      `    ${shortUrl(request.url)} ${request.priority} ${ms(request.networkRequestTime)}–${ms(request.networkEndTime)} ms, ${ms(request.transferSize)} B`,
    );
  }
}

/** Lighthouse's run of one screen; cpuSlowdownMultiplier undefined is its default, 4×. */
async function audit(path: string, cpuSlowdownMultiplier?: number): Promise<Scores> {
  const result = await lighthouse(`${baseUrl}${path}`, {
    port: chrome.port,
    onlyCategories: ["performance", "accessibility", "seo"],
    logLevel: "error",
    ...(cpuSlowdownMultiplier === undefined ? {} : { throttling: { cpuSlowdownMultiplier } }),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
  const { categories, audits } = result.lhr;
  const score = (category: string) => Math.round((categories[category]?.score ?? 0) * 100);
  if (printDetails) {
    printBlockingWork(path, audits);
    printMetrics(audits);
  }
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    seo: score("seo"),
    fcpMs: audits["first-contentful-paint"]?.numericValue ?? Number.NaN,
    lcpMs: audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    tbtMs: audits["total-blocking-time"]?.numericValue ?? Number.NaN,
    observedFcpMs: Number(rowsOf(audits, "metrics")[0]?.observedFirstContentfulPaint ?? Number.NaN),
    lcpElement: lcpElementOf(audits["lcp-breakdown-insight"]?.details),
    benchmarkIndex: result.lhr.environment.benchmarkIndex,
  };
}

/** Every BenchmarkIndex measured so far: the calibration takes their median, as one reading moves with the load. */
const benchmarkIndexes: number[] = [];

/** The slowdown for this machine, from the readings so far (one Lighthouse run of `/` first, if there are none). */
async function calibratedSlowdown(): Promise<number> {
  if (!benchmarkIndexes.length) benchmarkIndexes.push((await audit("/")).benchmarkIndex);
  const benchmarkIndex = median(benchmarkIndexes);
  const multiplier = cpuSlowdownForHost(benchmarkIndex);
  if (multiplier === undefined) throw new Error(`BenchmarkIndex ${benchmarkIndex}: too slow to emulate a phone`);
  return Math.round(multiplier * 10) / 10;
}

try {
  console.log(`Lighthouse mobile (slow 4G, CPU slowed down), median of ${runs} runs, served with gzip`);
  console.log(
    "screen | CPU slowdown | performance | accessibility | SEO | FCP s | LCP s | TBT ms | performance per run | BenchmarkIndex per run | first paint seen, ms per run | LCP element",
  );
  console.log(
    ":----- | :----------- | ----------: | ------------: | --: | ----: | ----: | -----: | :------------------ | :--------------------- | :--------------------------- | :----------",
  );
  for (const path of screens) {
    for (const mode of cpuModes) {
      const multiplier = mode === "calibrated" ? await calibratedSlowdown() : undefined;
      const measured: Scores[] = [];
      for (let run = 0; run < runs; run++) measured.push(await audit(path, multiplier));
      benchmarkIndexes.push(...measured.map((scores) => scores.benchmarkIndex));
      const middle = (pick: (scores: Scores) => number) => median(measured.map(pick));
      console.log(
        [
          path,
          multiplier === undefined ? "4× (default)" : `${multiplier}× (calibrated)`,
          middle((scores) => scores.performance),
          middle((scores) => scores.accessibility),
          middle((scores) => scores.seo),
          (middle((scores) => scores.fcpMs) / 1000).toFixed(1),
          (middle((scores) => scores.lcpMs) / 1000).toFixed(1),
          middle((scores) => scores.tbtMs).toFixed(0),
          measured.map((scores) => scores.performance).join(", "),
          measured.map((scores) => Math.round(scores.benchmarkIndex)).join(", "),
          measured.map((scores) => Math.round(scores.observedFcpMs)).join(", "),
          `\`${measured[0]!.lcpElement}\``,
        ].join(" | "),
      );
    }
  }
  const benchmarkIndex = Math.round(median(benchmarkIndexes));
  console.log(
    `\nThis machine: BenchmarkIndex ${benchmarkIndex} (median of ${benchmarkIndexes.length} runs), load ${loadavg()[0]!.toFixed(1)}.` +
      (benchmarkIndex <= slowHostBenchmarkIndex
        ? ` Lighthouse takes a machine under ${slowHostBenchmarkIndex} for slower than its 4× default assumes: there, 4× emulates a phone slower than its target, and the calibrated rows are the ones that compare with other machines.`
        : ""),
  );
} finally {
  chrome.kill();
  server.kill();
}
