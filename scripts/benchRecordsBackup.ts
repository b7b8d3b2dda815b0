// npm run bench, part 2: Back up records and Restore from backup with 500 records, in Node (the same fflate and
// zod code the browser runs; hashing through crypto.subtle as there). "Longest block" is the longest stretch
// the page would not answer: between two pauses while zipping, and between two batches while unzipping.
import { createHash } from "node:crypto";
import { buildBackup, readBackup, recordsToRestore } from "../app/lib/records/recordsBackup";
import { buildServiceRecord, keptSha256sOf, type ServiceRecord } from "../app/lib/records/serviceRecord";
import { generateSite } from "./benchParameterSets";

const recordCount = 500;
const unitCount = 50;
const parametersPerFile = 1_000;
const runs = 5;

const encoder = new TextEncoder();
const sha256Sync = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const sha256Of = async (bytes: Uint8Array<ArrayBuffer>) =>
  Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)), (byte) =>
    byte.toString(16).padStart(2, "0"),
  ).join("");

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

/**
 * 500 records of 50 units: every unit shares the standard file, has a customer file of its own, and
 * each record's PAR.txt differs (a value changed per visit); half were card writes that kept the card's file.
 */
function generateRecords() {
  const site = generateSite(parametersPerFile);
  const bytes = new Map<string, Uint8Array<ArrayBuffer>>();
  const fingerprint = (content: Uint8Array<ArrayBuffer>) => {
    const sha256 = sha256Sync(content);
    bytes.set(sha256, content);
    return { sha256, size: content.byteLength };
  };
  const standard = fingerprint(encoder.encode(site.standard));
  const records: ServiceRecord[] = [];
  for (let index = 0; index < recordCount; index++) {
    const unit = index % unitCount;
    const customer = fingerprint(encoder.encode(`${site.customer}P8${unit}\r\nunit ${unit}\r\n`));
    const parFile = fingerprint(encoder.encode(`${site.standard}P7${index}\r\nvisit ${index}\r\n`));
    const previous = index % 2 === 1 ? fingerprint(encoder.encode(`${site.standard}P7${index - 1}\r\n`)) : null;
    records.push(
      buildServiceRecord({
        id: `record-${index}`,
        createdAt: new Date(Date.UTC(2025, 0, 1) + index * 3_600_000),
        label: `Unit ${unit}`,
        destination: previous ? "card" : "downloaded",
        lineEnding: "crlf",
        content: {
          inputs: [
            { id: "s", path: "standard/PAR_basis.txt", setOverride: null, set: "standard", parameterCount: 1_000 },
            { id: "c", path: "KUNDESPEC/kunde.txt", setOverride: null, set: "customer", parameterCount: 110 },
          ],
          counts: { parameterCount: 1_010, rewrittenCount: 100, addedCount: 10, problemCount: 0 },
          rewritten: [],
          added: [],
          problems: [],
        },
        inputFingerprints: new Map([
          ["s", standard],
          ["c", customer],
        ]),
        keptInputIds: new Set(["s", "c"]),
        parFile,
        cardComparison: previous
          ? { summary: "1 changed, 0 added, 0 removed, 1,009 unchanged", previousParFile: previous }
          : null,
      }),
    );
  }
  return { records, bytes };
}

const { records, bytes } = generateRecords();
const keptBytes = [...new Set(records.flatMap(keptSha256sOf))].reduce(
  (total, sha) => total + bytes.get(sha)!.length,
  0,
);

const backUp = { total: [] as number[], longest: [] as number[] };
const restore = { total: [] as number[], unzip: [] as number[] };
let archiveSize = 0;
for (let run = 0; run < runs; run++) {
  let longest = 0;
  let sinceLast = 0;
  let start = performance.now();
  sinceLast = start;
  const built = await buildBackup(records, new Date(), {
    bytesOf: async (sha256) => bytes.get(sha256) ?? null,
    // The browser's pauseEvery(25): a macrotask when 25 ms have passed since the last one.
    pause: async () => {
      const now = performance.now();
      if (now - sinceLast < 25) return;
      longest = Math.max(longest, now - sinceLast);
      await new Promise((resolve) => setTimeout(resolve, 0));
      sinceLast = performance.now();
    },
  });
  const end = performance.now();
  backUp.total.push(end - start);
  backUp.longest.push(Math.max(longest, end - sinceLast));
  archiveSize = built.bytes.length;

  // Unzipping pauses between batches; hashing is crypto.subtle, off the page.
  let unzipLongest = 0;
  start = performance.now();
  sinceLast = start;
  const reading = await readBackup(built.bytes, sha256Of, {
    pause: async () => {
      unzipLongest = Math.max(unzipLongest, performance.now() - sinceLast);
      await new Promise((resolve) => setTimeout(resolve, 0));
      sinceLast = performance.now();
    },
  });
  if (!reading.ok) throw new Error(reading.problem);
  const restoring = recordsToRestore(reading.backup, new Set());
  restore.total.push(performance.now() - start);
  restore.unzip.push(unzipLongest);
  if (restoring.records.length !== recordCount) throw new Error("not every record came back");
}

const mb = (count: number) => (count / 1024 / 1024).toFixed(1);
console.log(
  `\nRecords backup: ${recordCount} records of ${unitCount} units, ${parametersPerFile.toLocaleString("en")}`,
);
console.log(
  `parameters per file; kept files ${mb(keptBytes)} MB, archive ${mb(archiveSize)} MB. Medians of ${runs} runs.`,
);
console.log("step | total ms | longest block ms");
console.log("---- | -------: | ---------------:");
console.log(`Back up records (zip) | ${median(backUp.total).toFixed(0)} | ${median(backUp.longest).toFixed(0)}`);
console.log(
  `Restore from backup (unzip, check, hash, pick) | ${median(restore.total).toFixed(0)} | ${median(restore.unzip).toFixed(0)}`,
);
