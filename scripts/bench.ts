// npm run bench, part 1: the merge library against the floor of merely decoding
// and splitting the same bytes into lines, in the same run. Medians of several runs.
import Papa from "papaparse";
import { readParameterFile } from "../app/lib/merger/parameterFile";
import { mergeParameterFiles } from "../app/lib/merger/parameterMerge";
import { byteDifferenceOf, compareWithCard } from "../app/lib/merger/cardCompare";
import { encodeParFile, writeParFile } from "../app/lib/merger/parFile";
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
console.log("Merge library: read → pair → merge → write PAR.txt, against decode + split into lines (floor)");
console.log("parameters | input MB | floor ms | papaparse lines ms | merge ms | merge MB/s | merge ÷ floor");
console.log("---------: | -------: | -------: | -----------------: | -------: | ---------: | ------------:");
for (const parameterCount of [1_000, 10_000, 100_000, 1_000_000]) {
  const site = generateSite(parameterCount);
  const standardBytes = encoder.encode(site.standard);
  const customerBytes = encoder.encode(site.customer);
  const megabytes = (standardBytes.length + customerBytes.length) / 1e6;
  const runs = parameterCount >= 1_000_000 ? 5 : 9;

  const floor = timed(runs, () => {
    for (const bytes of [standardBytes, customerBytes]) {
      new TextDecoder("utf-8", { fatal: true }).decode(bytes).split(/\r\n|\r|\n/);
    }
  });
  // What papaparse alone costs to split the same texts into lines, as the merge calls it.
  const papaparseLines = timed(runs, () => {
    for (const text of [site.standard, site.customer]) {
      Papa.parse(text, { delimiter: "\u0000", newline: "\r\n", fastMode: true });
    }
  });
  let outputLength = 0;
  const merge = timed(runs, () => {
    const result = mergeParameterFiles([
      { id: "s", path: "standard.txt", set: "standard", parsed: readParameterFile(standardBytes) },
      { id: "c", path: "KUNDESPEC/customer.txt", set: "customer", parsed: readParameterFile(customerBytes) },
    ]);
    outputLength = writeParFile(result.parameters, "crlf").length;
  });
  if (outputLength === 0) throw new Error("the merge wrote nothing");
  console.log(
    [
      parameterCount.toLocaleString("en"),
      megabytes.toFixed(2),
      floor.toFixed(1),
      papaparseLines.toFixed(1),
      merge.toFixed(1),
      (megabytes / (merge / 1000)).toFixed(0),
      `${(merge / floor).toFixed(2)}×`,
    ].join(" | "),
  );
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
  const cardBytes = encodeParFile(writeParFile(standard.entries, "crlf"));
  const newBytes = {
    crlf: encodeParFile(writeParFile(result.parameters, "crlf")),
    lf: encodeParFile(writeParFile(result.parameters, "lf")),
  };
  const runs = parameterCount >= 1_000_000 ? 3 : 7;
  const compare = timed(runs, () => compareWithCard(result.parameters, cardBytes));
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
