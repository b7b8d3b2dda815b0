import fc from "fast-check";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { createMergeSession } from "~/lib/merger/mergeSession";
import type { ListedFile } from "~/lib/merger/listedFile";
import {
  buildServiceRecord,
  goneInputPaths,
  inputIdsToKeep,
  keptSha256sOf,
  newestFirst,
  serviceRecordSchema,
  serviceRecordsCsv,
  destinationLabels,
  tidiedLabel,
  withoutInputBytes,
  type ServiceRecord,
} from "~/lib/records/serviceRecord";

const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;
const sha = (digit: string) => digit.repeat(64);

/** The site of the e2e fixtures in small: a standard file, a customer file, a duplicate problem. */
function recordContent() {
  const session = createMergeSession();
  session.read([
    { id: "std", bytes: bytes("P1\n1\nP2\n2\nP2\n2b\n") },
    { id: "kunde", bytes: bytes("P2\n5\nP3\n3\n") },
  ]);
  const files: ListedFile[] = [
    { id: "std", path: "standard/a.txt", setOverride: null },
    { id: "kunde", path: "KUNDESPEC/b.txt", setOverride: null },
  ];
  return session.recordContent(files);
}

function siteRecord(overrides: Partial<Parameters<typeof buildServiceRecord>[0]> = {}): ServiceRecord {
  return buildServiceRecord({
    id: "r1",
    createdAt: new Date("2025-03-12T13:03:07Z"),
    label: "  Fjordview\tpool 2 ",
    destination: "downloaded",
    lineEnding: "crlf",
    content: recordContent(),
    inputFingerprints: new Map([
      ["std", { sha256: sha("a"), size: 20 }],
      ["kunde", { sha256: sha("b"), size: 10 }],
    ]),
    keptInputIds: new Set(["std", "kunde"]),
    parFile: { sha256: sha("c"), size: 24 },
    cardComparison: null,
    ...overrides,
  });
}

describe("the merge session's record content", () => {
  it("lists every input, the rewritten and added codes with old and new values, and every problem", () => {
    const content = recordContent();
    expect(content.inputs.map((input) => [input.path, input.set, input.parameterCount])).toEqual([
      ["standard/a.txt", "standard", 3],
      ["KUNDESPEC/b.txt", "customer", 2],
    ]);
    expect(content.counts).toEqual({ parameterCount: 3, rewrittenCount: 1, addedCount: 1, problemCount: 1 });
    expect(content.rewritten).toEqual([
      { code: "P2", standardValue: "2b", customerValue: "5", source: { path: "KUNDESPEC/b.txt", lineNumber: 1 } },
    ]);
    expect(content.added).toEqual([{ code: "P3", value: "3", source: { path: "KUNDESPEC/b.txt", lineNumber: 3 } }]);
    expect(content.problems).toEqual([
      { path: "standard/a.txt", lineNumber: 5, message: expect.stringContaining("P2") },
    ]);
  });
});

describe("a service record", () => {
  it("holds the inputs in order with their fingerprints, the counts, the changes and the confirmed problems", () => {
    const record = siteRecord();
    expect(serviceRecordSchema.parse(record)).toEqual(record);
    expect(record).toMatchObject({
      createdAt: "2025-03-12T13:03:07.000Z",
      label: "Fjordview pool 2",
      counts: { parameterCount: 3, rewrittenCount: 1, addedCount: 1, problemCount: 1 },
      parFile: { sha256: sha("c"), size: 24 },
    });
    expect(record.inputs).toEqual([
      {
        order: 1,
        path: "standard/a.txt",
        set: "standard",
        setOverride: null,
        parameterCount: 3,
        fingerprint: { sha256: sha("a"), size: 20 },
        bytesKept: true,
      },
      {
        order: 2,
        path: "KUNDESPEC/b.txt",
        set: "customer",
        setOverride: null,
        parameterCount: 2,
        fingerprint: { sha256: sha("b"), size: 10 },
        bytesKept: true,
      },
    ]);
    expect(record.confirmedProblems).toHaveLength(1);
    expect(keptSha256sOf(record)).toEqual([sha("c"), sha("a"), sha("b")]);
  });

  it("says which input files are not kept, and a file whose bytes were gone has no fingerprint", () => {
    const record = siteRecord({
      inputFingerprints: new Map([["kunde", { sha256: sha("b"), size: 10 }]]),
      keptInputIds: new Set(["std", "kunde"]),
    });
    expect(record.inputs[0]).toMatchObject({ fingerprint: null, bytesKept: false });
    expect(goneInputPaths(record)).toEqual(["standard/a.txt"]);
    expect(goneInputPaths(withoutInputBytes(record))).toEqual(["standard/a.txt", "KUNDESPEC/b.txt"]);
    expect(keptSha256sOf(withoutInputBytes(record))).toEqual([sha("c")]);
  });

  it("keeps the card's previous PAR.txt among its bytes after a card write", () => {
    const record = siteRecord({
      destination: "card",
      cardComparison: { summary: "2 values differ", previousParFile: { sha256: sha("d"), size: 30 } },
    });
    expect(serviceRecordSchema.parse(record).cardComparison?.summary).toBe("2 values differ");
    expect(keptSha256sOf(record)).toContain(sha("d"));
  });

  it("keeps a card write that failed after it may have changed the card, under a destination of its own", () => {
    for (const [destination, label] of [
      ["card-unverified", "Written to the card, not verified"],
      ["card-incomplete", "Written to the card, may be incomplete"],
    ] as const) {
      const record = siteRecord({
        destination,
        cardComparison: { summary: "2 values differ", previousParFile: { sha256: sha("d"), size: 30 } },
      });
      expect(serviceRecordSchema.parse(record).destination).toBe(destination);
      expect(keptSha256sOf(record)).toContain(sha("d"));
      const [row] = Papa.parse<Record<string, string>>(serviceRecordsCsv([record]).slice(1), { header: true }).data;
      expect(row!.Destination).toBe(label);
    }
    expect(destinationLabels.card).toBe("Written and verified to the card");
  });

  it("is refused when read back damaged", () => {
    const record = siteRecord();
    expect(serviceRecordSchema.safeParse({ ...record, parFile: { sha256: "xyz", size: 1 } }).success).toBe(false);
    expect(serviceRecordSchema.safeParse({ ...record, destination: "mail" }).success).toBe(false);
  });

  it("keeps a label on one line, at most 200 characters, with no control or format character", () => {
    expect(tidiedLabel(" Unit\n7  B ")).toBe("Unit 7 B");
    expect(tidiedLabel("x".repeat(300))).toHaveLength(200);
    // A right-to-left override, a zero width space or a NUL would reorder or hide the label; a joiner stays.
    expect(tidiedLabel("Unit <b>7</b>\u202E evil\u200B\u0000")).toBe("Unit <b>7</b> evil");
    expect(tidiedLabel("Unit \u202e 7")).toBe("Unit 7");
    expect(tidiedLabel("\u2066Unit 7\u2069 \u{1F468}\u200D\u{1F527}")).toBe("Unit 7 \u{1F468}\u200D\u{1F527}");
  });
});

describe("which input files are kept", () => {
  it("keeps files in list order while the total stays within the limit, skipping the one that does not fit", () => {
    const kept = inputIdsToKeep(
      [
        { id: "a", size: 6 },
        { id: "b", size: 5 },
        { id: "c", size: 4 },
      ],
      10,
    );
    expect([...kept]).toEqual(["a", "c"]);
  });

  it("never keeps more than the limit", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(100)), fc.nat(300), (sizes, limit) => {
        const inputs = sizes.map((size, index) => ({ id: String(index), size }));
        const kept = inputIdsToKeep(inputs, limit);
        const total = inputs.filter((input) => kept.has(input.id)).reduce((sum, input) => sum + input.size, 0);
        return total <= limit;
      }),
    );
  });
});

describe("the CSV of all records", () => {
  it("has one row per record, newest first, with every list in full and a BOM for Excel", () => {
    const older = siteRecord();
    const newer = { ...siteRecord({ id: "r2", createdAt: new Date("2025-03-13T08:00:00Z") }), label: "=cmd" };
    const csv = serviceRecordsCsv([older, newer]);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const rows = Papa.parse<Record<string, string>>(csv.slice(1), { header: true }).data;
    expect(rows.map((row) => row.Id)).toEqual(["r2", "r1"]);
    expect(rows[1]).toMatchObject({
      Label: "Fjordview pool 2",
      Destination: "Downloaded",
      Parameters: "3",
      "PAR.txt SHA-256": sha("c"),
      "Rewritten codes": "P2: 2b → 5",
      "Added codes": "P3: 3",
    });
    expect(rows[1]!["Input files"]!.split("\n")).toHaveLength(2);
    // A label that looks like a formula stays text.
    expect(rows[0]!.Label).toBe("'=cmd");
  });

  it("has its header even without records", () => {
    expect(serviceRecordsCsv([])).toMatch(/^\uFEFF"Time","Label","Destination"/);
  });

  it("keeps a label that is a plain number as it is, and marks one that looks like a formula", () => {
    const plain = { ...siteRecord({ id: "r1" }), label: "-5" };
    const formula = { ...siteRecord({ id: "r2" }), label: "@SUM(1+1)*cmd|' /C calc'!A0" };
    const rows = Papa.parse<Record<string, string>>(serviceRecordsCsv([plain, formula]).slice(1), { header: true });
    expect(Object.fromEntries(rows.data.map((row) => [row.Id, row.Label]))).toEqual({
      r1: "-5",
      r2: "'@SUM(1+1)*cmd|' /C calc'!A0",
    });
  });

  it("sorts newest first whatever order the records come in", () => {
    const a = siteRecord({ id: "a", createdAt: new Date("2025-01-01T00:00:00Z") });
    const b = siteRecord({ id: "b", createdAt: new Date("2025-02-01T00:00:00Z") });
    expect(newestFirst([a, b]).map((record) => record.id)).toEqual(["b", "a"]);
    expect(newestFirst([b, a]).map((record) => record.id)).toEqual(["b", "a"]);
  });
});
