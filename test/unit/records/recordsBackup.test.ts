import fc from "fast-check";
import { Zip, ZipPassThrough, strToU8, zipSync } from "fflate";
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  backupFileName,
  backupFilePath,
  backupProblems,
  buildBackup,
  readBackup,
  recordsToRestore,
  recordsWithoutParFile,
  type ReadBackup,
} from "~/lib/records/recordsBackup";
import { buildServiceRecord, keptSha256sOf, tidiedLabel, type ServiceRecord } from "~/lib/records/serviceRecord";

const sha256Of = async (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const bytesOf = (text: string) => strToU8(text) as Uint8Array<ArrayBuffer>;
const now = new Date(Date.UTC(2025, 2, 12, 13, 5));

interface RecordSpec {
  id: string;
  minute: number;
  label: string;
  parText: string;
  inputText: string;
  inputKept: boolean;
  previousText: string | null;
  /** By default "card" with a previous PAR.txt, "downloaded" without. */
  destination?: ServiceRecord["destination"];
}

/** A record and the bytes it keeps, made from plain texts (hashed here, as the browser does). */
function recordWithBytes(spec: RecordSpec) {
  const bytes = new Map<string, Uint8Array<ArrayBuffer>>();
  const fingerprint = (text: string) => {
    const content = bytesOf(text);
    const sha256 = createHash("sha256").update(content).digest("hex");
    bytes.set(sha256, content);
    return { sha256, size: content.byteLength };
  };
  const record = buildServiceRecord({
    id: spec.id,
    createdAt: new Date(Date.UTC(2025, 2, 12, 13, spec.minute)),
    label: spec.label,
    destination: spec.destination ?? (spec.previousText === null ? "downloaded" : "card"),
    lineEnding: "crlf",
    content: {
      inputs: [{ id: "in", path: "standard/a.txt", setOverride: null, set: "standard", parameterCount: 1 }],
      counts: { parameterCount: 1, rewrittenCount: 0, addedCount: 0, problemCount: 0 },
      rewritten: [],
      added: [],
      problems: [],
    },
    inputFingerprints: new Map([["in", fingerprint(spec.inputText)]]),
    keptInputIds: new Set(spec.inputKept ? ["in"] : []),
    parFile: fingerprint(spec.parText),
    cardComparison:
      spec.previousText === null
        ? null
        : { summary: "1 changed, 0 added, 0 removed, 0 unchanged", previousParFile: fingerprint(spec.previousText) },
  });
  return { record, bytes };
}

/** Records with their bytes in one map, as the store keeps them (each file once). */
function kept(specs: RecordSpec[]) {
  const records: ServiceRecord[] = [];
  const bytes = new Map<string, Uint8Array<ArrayBuffer>>();
  for (const spec of specs) {
    const made = recordWithBytes(spec);
    records.push(made.record);
    for (const sha256 of keptSha256sOf(made.record)) bytes.set(sha256, made.bytes.get(sha256)!);
  }
  return { records, bytes };
}

const spec = (id: string, parText: string, overrides: Partial<RecordSpec> = {}): RecordSpec => ({
  id,
  minute: 1,
  label: "Fjordview pool 2",
  parText,
  inputText: "P1\r\n1\r\n",
  inputKept: true,
  previousText: null,
  ...overrides,
});

async function backupOf(specs: RecordSpec[]) {
  const { records, bytes } = kept(specs);
  return buildBackup(records, now, { bytesOf: async (sha256) => bytes.get(sha256) ?? null });
}

async function problemOf(archive: Uint8Array) {
  const reading = await readBackup(archive, sha256Of);
  return reading.ok ? "no problem" : reading.problem;
}

const recordSpecs = fc.uniqueArray(
  fc.record({
    id: fc.stringMatching(/^[a-z0-9]{1,12}-[a-z0-9]{1,8}$/),
    minute: fc.integer({ min: 0, max: 59 }),
    label: fc.string({ maxLength: 30 }),
    parText: fc.string({ unit: "binary", maxLength: 200 }),
    inputText: fc.constantFrom("P1\r\n1\r\n", "P2\n2\n", "æøå\n"),
    inputKept: fc.boolean(),
    previousText: fc.option(fc.string({ maxLength: 50 })),
  }),
  { selector: (record) => record.id, maxLength: 8 },
);

describe("a records backup", () => {
  it("is named by the local date", () => {
    expect(backupFileName(new Date(2025, 2, 7, 23, 59))).toBe("technician-toolbox-records-2025-03-07.zip");
  });

  it("gives back every record and every kept file, byte for byte (backup → restore)", async () => {
    await fc.assert(
      fc.asyncProperty(recordSpecs, async (specs) => {
        const { records, bytes } = kept(specs.map((entry) => ({ ...entry, label: tidiedLabel(entry.label) })));
        const built = await buildBackup(records, now, { bytesOf: async (sha256) => bytes.get(sha256) ?? null });
        const reading = await readBackup(built.bytes, sha256Of);
        if (!reading.ok) throw new Error(reading.problem);
        expect(reading.backup.manifest.records).toEqual(records);
        expect(reading.backup.manifest.createdAt).toBe(now.toISOString());
        expect(new Map(reading.backup.bytesBySha256)).toEqual(bytes);
        const restoring = recordsToRestore(reading.backup, new Set());
        expect(restoring.records).toEqual(records);
        expect(restoring.bytesBySha256).toEqual(bytes);
      }),
      { numRuns: 40 },
    );
  });

  it("holds a card write that was not verified under its own destination, and restores it so", async () => {
    const previousText = "P1\r\nOLD\r\n";
    const built = await backupOf([
      spec("a", "P1\n1\n", { previousText, destination: "card-unverified" }),
      spec("b", "P1\n2\n", { previousText, destination: "card-incomplete", minute: 2 }),
    ]);
    // A version before these destinations reads format 1 only: it says the backup is from a newer version.
    expect(built.manifest.version).toBe(2);
    const reading = await readBackup(built.bytes, sha256Of);
    if (!reading.ok) throw new Error(reading.problem);
    const restored = recordsToRestore(reading.backup, new Set()).records;
    expect(restored.map((record) => [record.id, record.destination])).toEqual([
      ["a", "card-unverified"],
      ["b", "card-incomplete"],
    ]);
    expect(restored[1]!.cardComparison?.previousParFile?.size).toBe(9);
  });

  it("stays format 1, which every version reads, while it holds only downloads and verified card writes", async () => {
    const built = await backupOf([spec("a", "P1\n1\n"), spec("b", "P1\n2\n", { previousText: "P1\n0\n" })]);
    expect(built.manifest.version).toBe(1);
    expect(await problemOf(built.bytes)).toBe("no problem");
  });

  it("keeps a file shared by several records once, named by its SHA-256", async () => {
    const built = await backupOf([spec("a", "P1\n1\n"), spec("b", "P1\n2\n")]);
    expect(built.manifest.files).toHaveLength(3);
    const reading = await readBackup(built.bytes, sha256Of);
    expect(reading.ok && [...reading.backup.bytesBySha256.keys()].sort()).toEqual(
      built.manifest.files.map((file) => file.sha256).sort(),
    );
  });

  it("holds a record whose files were already gone, and restores it so", async () => {
    const { records, bytes } = kept([spec("a", "P1\n1\n")]);
    const inputSha = records[0]!.inputs[0]!.fingerprint!.sha256;
    const built = await buildBackup(records, now, {
      bytesOf: async (sha256) => (sha256 === inputSha ? null : (bytes.get(sha256) ?? null)),
    });
    expect(built.manifest.files.map((file) => file.sha256)).toEqual([records[0]!.parFile.sha256]);
    const reading = await readBackup(built.bytes, sha256Of);
    expect(reading.ok && reading.backup.manifest.records).toEqual(records);
  });

  it("says what is wrong with a file that is not a sound backup", async () => {
    const { bytes } = await backupOf([spec("a", "P1\n1\n")]);
    expect(await problemOf(bytesOf("P001\r\n5\r\n"))).toBe(backupProblems.notZip);
    expect(await problemOf(new Uint8Array())).toBe(backupProblems.notZip);
    expect(await problemOf(bytes.subarray(0, bytes.length - 30))).toBe(backupProblems.unreadableZip);
    expect(await problemOf(bytes.subarray(0, bytes.length / 2))).toBe(backupProblems.unreadableZip);
    expect(await problemOf(zipSync({ "photo.jpg": bytesOf("jpeg") }))).toBe(backupProblems.noManifest);
    expect(await problemOf(zipSync({ "manifest.json": bytesOf("{ not json") }))).toBe(backupProblems.manifestNotJson);
    expect(await problemOf(zipSync({ "manifest.json": bytesOf('{"name":"my-app","version":1}') }))).toBe(
      backupProblems.foreignManifest,
    );
  });

  it("names a backup from a newer version, a damaged manifest, a missing and a damaged file", async () => {
    const built = await backupOf([spec("a", "P1\n1\n")]);
    const manifest = built.manifest;
    const zipWith = (changed: object, files: Record<string, Uint8Array>) =>
      zipSync({ "manifest.json": bytesOf(JSON.stringify({ ...manifest, ...changed })), ...files });
    const parPath = backupFilePath(manifest.records[0]!.parFile.sha256);
    const inputPath = backupFilePath(manifest.records[0]!.inputs[0]!.fingerprint!.sha256);
    const files = { [parPath]: bytesOf("P1\n1\n"), [inputPath]: bytesOf("P1\r\n1\r\n") };

    expect(await problemOf(zipWith({}, files))).toBe("no problem");
    expect(await problemOf(zipWith({ version: 2 }, files))).toBe("no problem");
    expect(await problemOf(zipWith({ version: 3 }, files))).toBe(backupProblems.newerVersion(3));
    // No version made format 0, or a fraction: not "damaged", not "newer", but said as it is.
    for (const version of [0, -1, 1.5])
      expect(await problemOf(zipWith({ version }, files))).toBe(
        `manifest.json in the backup names format ${version}, which no version of Technician Toolbox has made; this version reads formats 1 and 2.`,
      );
    expect(await problemOf(zipWith({ records: [{ ...manifest.records[0], createdAt: "yesterday" }] }, files))).toBe(
      backupProblems.invalidManifest("records.0.createdAt", "Invalid datetime"),
    );
    expect(await problemOf(zipWith({}, { [parPath]: files[parPath]! }))).toBe(backupProblems.missingFile(inputPath));
    expect(await problemOf(zipWith({}, { ...files, [parPath]: bytesOf("P1\n7\n") }))).toBe(
      backupProblems.damagedFile(parPath),
    );
    const [record] = manifest.records;
    expect(
      await problemOf(zipWith({ records: [{ ...record, counts: { ...record!.counts, rewrittenCount: 999 } }] }, files)),
    ).toBe(backupProblems.invalidManifest("records.0", "it counts 999 rewritten codes but lists 0"));
    expect(
      await problemOf(zipWith({ records: [{ ...record, counts: { ...record!.counts, problemCount: 2 } }] }, files)),
    ).toBe(backupProblems.invalidManifest("records.0", "it counts 2 confirmed problems but lists 0"));
    const parFile = { ...record!.parFile, size: record!.parFile.size + 1 };
    expect(await problemOf(zipWith({ records: [{ ...record, parFile }] }, files))).toBe(
      backupProblems.invalidManifest(
        "records.0.parFile",
        `it says its PAR.txt has ${parFile.size} bytes, but the backup's file with its SHA-256 has ${parFile.size - 1}`,
      ),
    );
    const inputs = [{ ...record!.inputs[0]!, fingerprint: { ...record!.inputs[0]!.fingerprint!, size: 99 } }];
    expect(await problemOf(zipWith({ records: [{ ...record, inputs }] }, files))).toBe(
      backupProblems.invalidManifest(
        "records.0.inputs.0.fingerprint",
        "it says standard/a.txt has 99 bytes, but the backup's file with its SHA-256 has 7",
      ),
    );
    for (const id of ["compare", "Compare", "COMPARE", ".", ".."])
      expect(await problemOf(zipWith({ records: [{ ...record, id }] }, files))).toBe(
        backupProblems.invalidManifest("records.0.id", `"${id}" cannot be the id of a record`),
      );
  });

  /** The archive with the stated unpacked size of one entry changed, in its local header and in the directory. */
  function withStatedSize(archive: Uint8Array, name: string, statedSize: number): Uint8Array {
    const changed = archive.slice();
    const view = new DataView(changed.buffer);
    const nameBytes = strToU8(name);
    const nameAt = (offset: number, length: number) =>
      length === nameBytes.length && nameBytes.every((byte, index) => changed[offset + index] === byte);
    for (let offset = 0; offset + 46 < changed.length; offset++) {
      const signature = view.getUint32(offset, true);
      if (signature === 0x04034b50 && nameAt(offset + 30, view.getUint16(offset + 26, true)))
        view.setUint32(offset + 22, statedSize, true);
      if (signature === 0x02014b50 && nameAt(offset + 46, view.getUint16(offset + 28, true)))
        view.setUint32(offset + 24, statedSize, true);
    }
    return changed;
  }

  it("unpacks only the manifest and the files it lists, and only when they fit the device", async () => {
    const built = await backupOf([spec("a", "P1\n1\n")]);
    const manifest = built.manifest;
    const files = Object.fromEntries(
      manifest.files.map((file) => [
        backupFilePath(file.sha256),
        bytesOf(file.sha256 === manifest.records[0]!.parFile.sha256 ? "P1\n1\n" : "P1\r\n1\r\n"),
      ]),
    );
    const manifestBytes = bytesOf(JSON.stringify(manifest));
    // An entry nobody lists, claiming 4 GB: a bomb for whoever unpacks everything, never touched.
    const withJunk = withStatedSize(
      zipSync({ "manifest.json": manifestBytes, ...files, "junk.bin": new Uint8Array(1000) }),
      "junk.bin",
      0xffffffff,
    );
    const reading = await readBackup(withJunk, sha256Of, { mostUnpackedBytes: 1_000_000 });
    expect(reading.ok && reading.backup.manifest.records.map((record) => record.id)).toEqual(["a"]);

    const listedSize = manifestBytes.length + manifest.files.reduce((total, file) => total + file.size, 0);
    const archive = zipSync({ "manifest.json": manifestBytes, ...files });
    expect(await readBackup(archive, sha256Of, { mostUnpackedBytes: listedSize - 1 })).toEqual({
      ok: false,
      problem: backupProblems.tooBig(listedSize, listedSize - 1),
    });
    expect((await readBackup(archive, sha256Of, { mostUnpackedBytes: listedSize })).ok).toBe(true);
    // A manifest that claims 3 GB is refused before it is unpacked.
    expect(
      await readBackup(withStatedSize(archive, "manifest.json", 3e9), sha256Of, { mostUnpackedBytes: 1e8 }),
    ).toEqual({
      ok: false,
      problem: backupProblems.tooBig(3e9, 1e8),
    });
    // A listed file whose stated size is not the manifest's is damaged, and not unpacked.
    const parPath = backupFilePath(manifest.records[0]!.parFile.sha256);
    expect(await problemOf(withStatedSize(archive, parPath, 0xffffffff))).toBe(backupProblems.damagedFile(parPath));
  });

  it("knows what it unpacks to, as the restore counts it: a backup made here restores within that limit", async () => {
    const built = await backupOf([spec("a", "P1\n1\n"), spec("b", "P1\n2\n")]);
    expect((await readBackup(built.bytes, sha256Of, { mostUnpackedBytes: built.unpackedBytes })).ok).toBe(true);
    expect(await readBackup(built.bytes, sha256Of, { mostUnpackedBytes: built.unpackedBytes - 1 })).toEqual({
      ok: false,
      problem: backupProblems.tooBig(built.unpackedBytes, built.unpackedBytes - 1),
    });
  });

  it("refuses an archive that holds a name twice: every copy would be unpacked, past the sizes checked", async () => {
    const built = await backupOf([spec("a", "P1\n1\n")]);
    const chunks: Uint8Array[] = [];
    const zip = new Zip((error, chunk) => {
      if (error) throw error;
      chunks.push(chunk);
    });
    for (const bytes of [bytesOf(JSON.stringify(built.manifest)), bytesOf("{}")]) {
      const entry = new ZipPassThrough("manifest.json");
      zip.add(entry);
      entry.push(bytes, true);
    }
    zip.end();
    const archive = new Uint8Array(chunks.reduce((size, chunk) => size + chunk.length, 0));
    chunks.reduce((offset, chunk) => (archive.set(chunk, offset), offset + chunk.length), 0);
    expect(await problemOf(archive)).toBe(backupProblems.repeatedEntry("manifest.json"));
  });

  it("gives labels back as the app keeps them: one line, trimmed", async () => {
    const built = await backupOf([spec("a", "P1\n1\n")]);
    const manifest = { ...built.manifest, records: [{ ...built.manifest.records[0]!, label: " Pool\t2\nnorth " }] };
    const files = Object.fromEntries(
      manifest.files.map((file) => [
        backupFilePath(file.sha256),
        bytesOf(file.sha256 === manifest.records[0]!.parFile.sha256 ? "P1\n1\n" : "P1\r\n1\r\n"),
      ]),
    );
    const reading = await readBackup(
      zipSync({ "manifest.json": bytesOf(JSON.stringify(manifest)), ...files }),
      sha256Of,
    );
    expect(reading.ok && reading.backup.manifest.records[0]!.label).toBe("Pool 2 north");
  });
});

describe("restoring a backup", () => {
  async function read(specs: RecordSpec[]): Promise<ReadBackup> {
    const reading = await readBackup((await backupOf(specs)).bytes, sha256Of);
    if (!reading.ok) throw new Error(reading.problem);
    return reading.backup;
  }

  it("adds only the records not here yet, with only their bytes", async () => {
    const backup = await read([spec("a", "P1\n1\n"), spec("b", "P1\n2\n")]);
    const restoring = recordsToRestore(backup, new Set(["a", "z"]));
    expect(restoring.records.map((record) => record.id)).toEqual(["b"]);
    expect(restoring.alreadyHereCount).toBe(1);
    expect([...restoring.bytesBySha256.keys()].sort()).toEqual(keptSha256sOf(restoring.records[0]!).sort());
  });

  it("adds a record the backup lists twice once, and says so", async () => {
    const backup = await read([spec("a", "P1\n1\n"), spec("b", "P1\n2\n")]);
    const twice = {
      ...backup,
      manifest: { ...backup.manifest, records: [...backup.manifest.records, backup.manifest.records[0]!] },
    };
    const restoring = recordsToRestore(twice, new Set(["b"]));
    expect(restoring.records.map((record) => record.id)).toEqual(["a"]);
    expect(restoring.alreadyHereCount).toBe(1);
    expect(restoring.repeatedCount).toBe(1);
  });

  it("counts the added records whose PAR.txt the backup does not hold", async () => {
    const { records, bytes } = kept([spec("a", "P1\n1\n"), spec("b", "P1\n2\n")]);
    const goneSha = records[1]!.parFile.sha256;
    const built = await buildBackup(records, now, {
      bytesOf: async (sha256) => (sha256 === goneSha ? null : (bytes.get(sha256) ?? null)),
    });
    const reading = await readBackup(built.bytes, sha256Of);
    if (!reading.ok) throw new Error(reading.problem);
    const restoring = recordsToRestore(reading.backup, new Set());
    expect(recordsWithoutParFile(restoring.records, restoring.bytesBySha256)).toBe(1);
    expect(
      recordsWithoutParFile(recordsToRestore(reading.backup, new Set(["b"])).records, restoring.bytesBySha256),
    ).toBe(0);
  });

  it("restoring the same backup again adds nothing", async () => {
    await fc.assert(
      fc.asyncProperty(recordSpecs, async (specs) => {
        const backup = await read(specs);
        const first = recordsToRestore(backup, new Set());
        const second = recordsToRestore(backup, new Set(first.records.map((record) => record.id)));
        expect(second.records).toEqual([]);
        expect(second.alreadyHereCount).toBe(specs.length);
      }),
      { numRuns: 20 },
    );
  });
});
