import { describe, expect, it } from "vitest";
import { buildServiceRecord, serviceRecordSchema, serviceRecordsCsv } from "~/lib/records/serviceRecord";

const sha = (digit: string) => digit.repeat(64);

function record(catalogue: { fileName: string; sha256: string } | null) {
  return buildServiceRecord({
    id: "r1",
    createdAt: new Date("2026-11-28T10:00:00Z"),
    label: "Unit 7",
    destination: "downloaded",
    lineEnding: "crlf",
    content: {
      inputs: [],
      counts: { parameterCount: 1, rewrittenCount: 1, addedCount: 0, problemCount: 0 },
      rewritten: [
        {
          code: "P0002",
          name: "Dosing rate",
          standardValue: "2,5",
          customerValue: "3,0",
          source: { path: "k.txt", lineNumber: 2 },
        },
      ],
      added: [],
      problems: [],
      catalogue,
    },
    inputFingerprints: new Map(),
    keptInputIds: new Set(),
    parFile: { sha256: sha("a"), size: 10 },
    cardComparison: null,
  });
}

describe("the service record and the parameter catalogue", () => {
  it("keeps the catalogue's file name and SHA-256 and the names, and reads them back", () => {
    const made = record({ fileName: "DX-200_catalogue.csv", sha256: sha("b") });
    const read = serviceRecordSchema.parse(JSON.parse(JSON.stringify(made)));
    expect(read.catalogue).toEqual({ fileName: "DX-200_catalogue.csv", sha256: sha("b") });
    expect(read.rewritten[0]!.name).toBe("Dosing rate");
    expect(serviceRecordsCsv([read])).toContain(`"DX-200_catalogue.csv","${sha("b")}"`);
  });

  it("still reads a record made before catalogues existed, as made without one", () => {
    const made = record(null);
    const old: Record<string, unknown> = {
      ...made,
      rewritten: made.rewritten.map((row) => ({ ...row, name: undefined })),
    };
    delete old.catalogue;
    const read = serviceRecordSchema.parse(JSON.parse(JSON.stringify(old)));
    expect(read.catalogue).toBeNull();
    expect(read.rewritten[0]!.name).toBeUndefined();
  });
});
