// npm run bench, part 1: the merge library against the floor of merely decoding
// and splitting the same bytes into lines, in the same run. Medians of several runs.
// Run with NODE_OPTIONS=--expose-gc (npm run bench does) for the kept-memory columns.
import Papa from "papaparse";
import { readParameterFile } from "../app/lib/merger/parameterFile";
import { byteDifferenceOf, compareWithCard } from "../app/lib/merger/cardCompare";
import { createMergeSession } from "../app/lib/merger/mergeSession";
import { checkMerge } from "../app/lib/merger/mergeChecks";
import { mergeParameterFiles, parFileBytesOf } from "../app/lib/merger/parameterMerge";
import { generateSite } from "./benchParameterSets";

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function timed(runs: number, work: () => unknown): number {
  const durations: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    work();
    durations.push(performance.now() - start);
  }
  return median(durations);
}

const encoder = new TextEncoder();

/** Heap and array buffers in use after a full collection (needs --expose-gc; NaN without it). */
function memoryInUse(): number {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) return NaN;
  collect();
  collect();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/** What the worker does for a pick: read both files, merge (history and checks), write PAR.txt's bytes. */
function mergeSite(standardBytes: Uint8Array, customerBytes: Uint8Array) {
  const result = mergeParameterFiles([
    { id: "s", path: "standard.txt", set: "standard", parsed: readParameterFile(standardBytes) },
    { id: "c", path: "KUNDESPEC/customer.txt", set: "customer", parsed: readParameterFile(customerBytes) },
  ]);
  return { result, parFile: parFileBytesOf(result, "crlf") };
}

// Warm-up: the floor is native code (TextDecoder, split), the merge is JavaScript that V8 compiles while it runs;
// without this the small sets would time the compiler, not the merge.
{
  const warmUp = generateSite(10_000);
  for (let run = 0; run < 20; run++) mergeSite(encoder.encode(warmUp.standard), encoder.encode(warmUp.customer));
}

console.log("Merge library: read → pair → merge (history, checks) → PAR.txt bytes, against decode + split into lines");
console.log("(the floor), after a warm-up; kept: heap + array buffers the merge result holds after a forced GC");
console.log("(--expose-gc), the input bytes not counted.");
console.log(
  "parameters | input MB | floor ms | papaparse lines ms | merge ms | merge ÷ floor | kept MB | kept ÷ input",
);
console.log(
  "---------: | -------: | -------: | -----------------: | -------: | ------------: | ------: | -----------:",
);
for (const parameterCount of [1_000, 10_000, 100_000, 1_000_000]) {
  const site = generateSite(parameterCount);
  const standardBytes = encoder.encode(site.standard);
  const customerBytes = encoder.encode(site.customer);
  const inputBytes = standardBytes.length + customerBytes.length;
  const runs = parameterCount >= 1_000_000 ? 5 : 9;

  // Floor, papaparse and merge take turns within each run, so a change of the machine's load hits all three
  // alike; the ratio is the median of each run's own ratio.
  const durations = { floor: [] as number[], papaparse: [] as number[], merge: [] as number[], ratio: [] as number[] };
  let outputLength = 0;
  for (let run = 0; run < runs; run++) {
    const floor = timed(1, () => {
      for (const bytes of [standardBytes, customerBytes]) {
        new TextDecoder("utf-8", { fatal: true }).decode(bytes).split(/\r\n|\r|\n/);
      }
    });
    // What papaparse alone costs to split the same texts into lines.
    const papaparse = timed(1, () => {
      for (const text of [site.standard, site.customer]) {
        Papa.parse(text, { delimiter: "\u0000", newline: "\r\n", fastMode: true });
      }
    });
    const merge = timed(1, () => {
      outputLength = mergeSite(standardBytes, customerBytes).parFile.length;
    });
    durations.floor.push(floor);
    durations.papaparse.push(papaparse);
    durations.merge.push(merge);
    durations.ratio.push(merge / floor);
  }
  if (outputLength === 0) throw new Error("the merge wrote nothing");
  const before = memoryInUse();
  const kept = mergeSite(standardBytes, customerBytes).result;
  const keptBytes = memoryInUse() - before;
  if (kept.rewrittenCount === 0) throw new Error("nothing was rewritten");
  console.log(
    [
      parameterCount.toLocaleString("en"),
      (inputBytes / 1e6).toFixed(2),
      median(durations.floor).toFixed(1),
      median(durations.papaparse).toFixed(1),
      median(durations.merge).toFixed(1),
      `${median(durations.ratio).toFixed(2)}×`,
      (keptBytes / 1e6).toFixed(1),
      `${(keptBytes / inputBytes).toFixed(2)}×`,
    ].join(" | "),
  );
}

console.log("Targets: merge ÷ floor ≤ 4× and kept ÷ input ≤ 4× at 100,000 and 1,000,000 parameters.");

// Issue 12: the history (kept during the merge) and the checks, at 200,000 parameters, as the worker runs them.
{
  const parameterCount = 200_000;
  const site = generateSite(parameterCount);
  const files = [
    {
      id: "s",
      path: "standard.txt",
      set: "standard" as const,
      parsed: readParameterFile(encoder.encode(site.standard)),
    },
    {
      id: "c",
      path: "KUNDESPEC/customer.txt",
      set: "customer" as const,
      parsed: readParameterFile(encoder.encode(site.customer)),
    },
  ];
  const runs = 5;
  const merge = timed(runs, () => mergeParameterFiles(files));
  const result = mergeParameterFiles(files);
  const checks = timed(runs, () => checkMerge(result, []));
  const session = createMergeSession();
  const records = [
    { id: "s", path: "standard.txt", setOverride: null },
    { id: "c", path: "KUNDESPEC/customer.txt", setOverride: null },
  ];
  session.read([
    { id: "s", bytes: encoder.encode(site.standard).buffer as ArrayBuffer },
    { id: "c", bytes: encoder.encode(site.customer).buffer as ArrayBuffer },
  ]);
  let start = performance.now();
  const preview = session.preview(records, { filter: "all", query: "", problemPage: 1 });
  const firstPreview = performance.now() - start;
  start = performance.now();
  const rewritten = session.preview(records, { filter: "rewritten", query: "", problemPage: 1 });
  const filterMs = performance.now() - start;
  start = performance.now();
  session.parameterRows({ mergeId: rewritten.table.mergeId, filter: "rewritten", query: "", from: 19_000, count: 100 });
  const windowMs = performance.now() - start;
  console.log(
    `\nHistory and checks at ${parameterCount.toLocaleString("en")} parameters (${preview.rewrittenCount.toLocaleString("en")} rewritten, ${preview.addedCount.toLocaleString("en")} added), medians of ${runs}:`,
  );
  console.log(
    "merge incl. history and checks ms | checks alone ms | first preview in the worker ms (merge + table) | switch filter ms | one window of 100 rows ms",
  );
  console.log(
    "--------------------------------: | --------------: | ---------------------------------------------: | ---------------: | -----------------------:",
  );
  console.log([merge, checks, firstPreview, filterMs, windowMs].map((ms) => ms.toFixed(1)).join(" | "));
}

// The card round trip's comparison, as the worker makes it once per change of the files or the card:
// the card holds last visit's PAR.txt (the standard set alone), the new PAR.txt is the merge.
console.log("\nCard comparison: compare with the card's PAR.txt + byte check for both line endings");
console.log("parameters | card MB | compare ms | byte check ms");
console.log("---------: | ------: | ---------: | ------------:");
for (const parameterCount of [10_000, 200_000, 1_000_000]) {
  const site = generateSite(parameterCount);
  const standard = readParameterFile(encoder.encode(site.standard));
  const result = mergeParameterFiles([
    { id: "s", path: "standard.txt", set: "standard", parsed: standard },
    {
      id: "c",
      path: "KUNDESPEC/customer.txt",
      set: "customer",
      parsed: readParameterFile(encoder.encode(site.customer)),
    },
  ]);
  // Last visit's PAR.txt: the standard set alone.
  const cardBytes = parFileBytesOf(
    mergeParameterFiles([{ id: "s", path: "standard.txt", set: "standard", parsed: standard }]),
    "crlf",
  );
  const newBytes = { crlf: parFileBytesOf(result, "crlf"), lf: parFileBytesOf(result, "lf") };
  const runs = parameterCount >= 1_000_000 ? 3 : 7;
  const compare = timed(runs, () => compareWithCard(result, cardBytes));
  const byteCheck = timed(runs, () => [
    byteDifferenceOf(cardBytes, newBytes.crlf),
    byteDifferenceOf(cardBytes, newBytes.lf),
  ]);
  console.log(
    [
      parameterCount.toLocaleString("en"),
      (cardBytes.length / 1e6).toFixed(2),
      compare.toFixed(1),
      byteCheck.toFixed(1),
    ].join(" | "),
  );
}

// The parameter catalogue (issue 45): the 50 MB set (as benchBrowser's big pick) merged with and without a
// catalogue of 20,000 codes spread over it, as the worker does it: first preview (read is done before), a search
// by name, the "Differs from default" filter, PAR.txt's bytes. Medians of 3.
{
  const parameterCount = Number(process.env.BENCH_BIG_PARAMETERS ?? 1_910_000);
  const catalogueRows = 20_000;
  const site = generateSite(parameterCount);
  const inputMb = (encoder.encode(site.standard).length + encoder.encode(site.customer).length) / 1e6;
  const step = Math.floor(parameterCount / catalogueRows);
  // As a real catalogue over a set that mostly keeps to it: limits on 1 row in 100 (the generated values are text,
  // so those are problems), a default on every row (numbers: each differs from the set's text value).
  const rows = Array.from({ length: catalogueRows }, (_, row) => {
    const index = row * step;
    const limits = row % 100 === 0 ? "0;1000" : ";";
    return `P${String(index).padStart(7, "0")};Parameter ${index};l/h;${limits};${index % 997};`;
  });

  const catalogueBytes = encoder.encode(["code;name;unit;min;max;default;choices", ...rows].join("\r\n")).buffer;
  const listed = [
    { id: "s", path: "standard.txt", setOverride: null },
    { id: "c", path: "KUNDESPEC/customer.txt", setOverride: null },
  ];
  const figures = (withCatalogue: boolean) => {
    const runs = {
      read: [] as number[],
      preview: [] as number[],
      search: [] as number[],
      differs: [] as number[],
      parFile: [] as number[],
    };
    let counts = "";
    for (let run = 0; run < 3; run++) {
      const session = createMergeSession();
      session.read([
        { id: "s", bytes: encoder.encode(site.standard).buffer as ArrayBuffer },
        { id: "c", bytes: encoder.encode(site.customer).buffer as ArrayBuffer },
      ]);
      let start = performance.now();
      if (withCatalogue)
        session.setCatalogue({ fileName: "catalogue.csv", sha256: "0".repeat(64), bytes: catalogueBytes.slice(0) });
      runs.read.push(performance.now() - start);
      start = performance.now();
      const preview = session.preview(listed, { filter: "all", query: "", problemPage: 1 });
      runs.preview.push(performance.now() - start);
      start = performance.now();
      session.preview(listed, { filter: "all", query: "parameter 1234", problemPage: 1 });
      runs.search.push(performance.now() - start);
      start = performance.now();
      const differs = session.preview(listed, { filter: "differs-from-default", query: "", problemPage: 1 });
      runs.differs.push(performance.now() - start);
      start = performance.now();
      session.parFile(listed, "crlf");
      runs.parFile.push(performance.now() - start);
      counts = `${preview.problemCount.toLocaleString("en")} problems, ${preview.noteCount.toLocaleString("en")} notes, ${differs.table.matchCount.toLocaleString("en")} differ from default`;
    }
    return [
      withCatalogue ? `with ${catalogueRows.toLocaleString("en")}-row catalogue` : "without catalogue",
      median(runs.read).toFixed(0),
      median(runs.preview).toFixed(0),
      median(runs.search).toFixed(0),
      median(runs.differs).toFixed(0),
      median(runs.parFile).toFixed(0),
      counts,
    ].join(" | ");
  };
  console.log(
    `\nThe ${inputMb.toFixed(0)} MB set (${parameterCount.toLocaleString("en")} parameters) with and without a parameter catalogue, medians of 3:`,
  );
  console.log(
    "catalogue | read catalogue ms | first preview ms (merge, checks, table) | search ms | differs from default ms | PAR.txt bytes ms | found",
  );
  console.log(
    "--------- | ----------------: | --------------------------------------: | --------: | ----------------------: | ---------------: | -----",
  );
  console.log(figures(false));
  console.log(figures(true));
}
